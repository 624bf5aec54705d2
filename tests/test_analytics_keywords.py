"""The keywords and emerging topics of dashboard/analytics/keywords.py,
on small hand-built frames.
"""

from __future__ import annotations

import math

import pandas as pd
import pytest

from dashboard import analytics as an


# --- Keywords ---


def _kw_years() -> tuple[pd.DataFrame, pd.DataFrame]:
    """10 papers in 2023 (a0..a9) and 20 in 2024 (b0..b19)."""
    papers = pd.DataFrame(
        {
            "paper_id": [f"a{i}" for i in range(10)] + [f"b{i}" for i in range(20)],
            "year": [2023] * 10 + [2024] * 20,
        }
    )
    rows = [(f"a{i}", "rnn") for i in range(5)] + [(f"b{i}", "rnn") for i in range(2)]
    rows += [(f"a{i}", "llm") for i in range(1)] + [(f"b{i}", "llm") for i in range(12)]
    rows += [(f"a{i}", "parsing") for i in range(2)] + [(f"b{i}", "parsing") for i in range(4)]
    rows += [("a0", "rare"), ("b0", "rare")]
    return pd.DataFrame(rows, columns=["paper_id", "keyword"]), papers


def test_keyword_shift_finds_rising_and_falling_keywords():
    kw, papers = _kw_years()
    shift = an.keyword_shift(kw, papers, 2023, 2024, min_papers=2)
    assert shift["keyword"].tolist() == ["llm", "parsing", "rnn"]  # "rare": 1 paper a year
    llm = shift.set_index("keyword").loc["llm"]
    assert (llm["papers_2023"], llm["papers_2024"]) == (1, 12)
    assert (llm["share_2023"], llm["share_2024"]) == (10.0, 60.0)
    assert llm["change"] == pytest.approx(50.0)
    rnn = shift.set_index("keyword").loc["rnn"]
    assert (rnn["share_2023"], rnn["share_2024"], rnn["change"]) == (50.0, 10.0, -40.0)
    # parsing: 20% in both years, unchanged, so not a move
    moves = an.biggest_moves(shift, k=1)
    assert moves["keyword"].tolist() == ["llm", "rnn"]
    assert an.biggest_moves(shift)["keyword"].tolist() == ["llm", "rnn"]


def test_keyword_groups_and_years():
    kw, papers = _kw_years()
    assert an.years(papers.assign(year=papers["year"].astype("Int64"))) == [2023, 2024]
    groups = pd.DataFrame({"paper_id": ["a0", "a1", "b0", "b0"], "venue": ["X", "Y", "Y", "Y"]})
    sizes = an.group_sizes(groups, "venue")
    assert sizes.to_dict() == {"Y": 2, "X": 1}
    assert an.group_members(groups, "venue", "Y") == ["a1", "b0"]
    top = an.top_terms(kw, an.group_members(groups, "venue", "Y"), 5, n_papers=30)
    # a1: rnn, parsing; b0: rnn, llm, parsing, rare. Ties on papers go to the keyword rarer
    # overall: parsing (6 of 30 papers) before rnn (7), rare (2) before llm (13)
    assert top["keyword"].tolist() == ["parsing", "rnn", "rare", "llm"]
    assert top["papers"].tolist() == [2, 2, 1, 1]


# --- Emerging topics ---


def test_log_odds_with_informative_prior_on_a_tiny_example():
    # 100 papers per period. "agents" 10 -> 30, "lora" 1 -> 3 (same ratio, less evidence),
    # "parsing" 20 -> 20 (flat), "rnn" 30 -> 5 (falling).
    a = pd.Series({"agents": 10, "lora": 1, "parsing": 20, "rnn": 30})
    b = pd.Series({"agents": 30, "lora": 3, "parsing": 20, "rnn": 5})
    out = an.log_odds_prior(a, 100, b, 100)
    assert out["term"].tolist() == ["agents", "lora", "parsing", "rnn"]
    row = out.set_index("term").loc["agents"]
    alpha, alpha0 = 40, 200  # prior: pooled counts a + b, alpha0 = n_a + n_b
    delta = math.log((30 + alpha) / (100 + alpha0 - 30 - alpha)) - math.log(
        (10 + alpha) / (100 + alpha0 - 10 - alpha)
    )
    assert row["delta"] == pytest.approx(delta)
    assert row["z"] == pytest.approx(delta / math.sqrt(1 / (30 + alpha) + 1 / (10 + alpha)))
    flat = out.set_index("term").loc["parsing"]
    assert flat["z"] == pytest.approx(0.0)
    assert out.set_index("term").loc["rnn", "z"] < 0
    assert row[["papers_a", "papers_b"]].tolist() == [10, 30]
    assert row["share_b"] == pytest.approx(30.0)


def test_rising_terms_between_two_periods_and_default_periods():
    papers = pd.DataFrame(
        {"paper_id": [f"p{i}" for i in range(8)], "year": [2021] * 4 + [2024] * 4}
    )
    hits = pd.DataFrame(
        {
            "paper_id": ["p0", "p4", "p5", "p6", "p1", "p2", "p3"],
            "term": ["RAG", "RAG", "RAG", "RAG", "RNN", "RNN", "RNN"],
        }
    )
    out, n_a, n_b = an.rising_terms(hits, papers, [2021], [2024], min_papers=1)
    assert (n_a, n_b) == (4, 4)
    assert out["term"].tolist() == ["RAG", "RNN"]
    assert out.iloc[0][["papers_a", "papers_b"]].tolist() == [1, 3]
    assert an.default_periods([2016, 2017, 2018, 2019, 2021, 2022, 2024, 2025]) == (
        [2021, 2022],
        [2024, 2025],
    )
    assert an.default_periods([2023, 2025]) == ([2023], [2025])
    assert an.default_periods([2025]) is None


def test_venues_in_both_periods():
    papers = pd.DataFrame(
        {"venue": ["ACL", "ICML", "ACL", "CVPR"], "year": [2022, 2022, 2024, 2024]}
    )
    assert an.venues_in_both(papers, [2022], [2024]) == ["ACL"]
