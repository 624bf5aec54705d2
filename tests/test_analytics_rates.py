"""The rates, technique and theme shares of dashboard/analytics/rates.py,
on small hand-built frames.
"""

from __future__ import annotations

import pandas as pd
import pytest

from dashboard import analytics as an
from tests.analytics_frames import PAPERS, TECH, cells, tags


def test_top_tags_ranks_by_papers_then_name_with_percentages():
    top = an.top_tags(tags("technique"), "technique", n_papers=6)
    assert top["technique"].tolist() == ["RAG", "Parsing", "LoRA/PEFT"]
    assert top["papers"].tolist() == [3, 2, 1]  # p3's two Parsing rows count once
    assert top["% of papers"].tolist() == [50.0, 33.3, 16.7]
    assert an.top_tags(tags("technique"), "technique", 6, k=1)["technique"].tolist() == ["RAG"]


# --- Trends ---


def test_tag_rates_per_year_are_shares_of_all_papers_of_the_year():
    rates = an.tag_rates(tags("technique"), PAPERS, "technique", ["year"])
    # 2023: p1, p2 (both RAG, p2 also Parsing); 2024: p3..p6 (Parsing, LoRA, RAG, none)
    assert cells(rates, ["year", "technique"], "share") == {
        (2023, "RAG"): 100.0,
        (2023, "Parsing"): 50.0,
        (2024, "Parsing"): 25.0,
        (2024, "LoRA/PEFT"): 25.0,
        (2024, "RAG"): 25.0,
    }
    assert set(rates.loc[rates["year"] == 2024, "total"]) == {4}  # untagged p6 counts too
    kept = an.tag_rates(tags("technique"), PAPERS, "technique", ["year"], keep=["RAG"])
    assert cells(kept, ["year", "technique"], "papers") == {(2023, "RAG"): 2, (2024, "RAG"): 1}


def test_tag_rates_per_venue_include_the_unknown_venue_in_totals():
    papers = an.known_venue(PAPERS)
    rates = an.tag_rates(tags("theme"), papers, "theme", ["venue"])
    assert cells(rates, ["venue", "theme"], "share") == {
        ("ACL", "Retrieval"): 50.0,
        ("ACL", "Syntax"): 50.0,
        ("ACL", "Efficiency"): 25.0,
        ("ICML", "Retrieval"): 100.0,
    }
    none = an.tag_rates(tags("theme").iloc[:0], papers, "theme", ["venue"])
    assert none.empty and list(none.columns) == ["venue", "theme", "papers", "total", "share"]


def test_tag_grid_has_every_cell_with_zeros():
    grid = an.tag_grid(tags("theme"), PAPERS, "theme", "venue_label")
    assert len(grid) == 4 * 3  # 4 venue labels (the untagged "unknown" too) x 3 themes
    papers = cells(grid, ["venue_label", "theme"], "papers")
    assert papers[("ACL 2023", "Retrieval")] == 2
    assert papers[("ACL 2023", "Syntax")] == 1
    assert papers[("ACL 2023", "Efficiency")] == 0
    assert papers[("unknown", "Retrieval")] == 0
    share = cells(grid, ["venue_label", "theme"], "share")
    assert share[("ACL 2024", "Syntax")] == 50.0
    assert share[("ICML 2024", "Retrieval")] == 100.0
    assert an.tag_grid(tags("theme").iloc[:0], PAPERS).empty


# --- Techniques ---


def test_papers_tagged_any_or_all():
    assert an.papers_tagged(TECH, ["RAG", "Parsing"], "any") == {"p1", "p2", "p3", "p5"}
    assert an.papers_tagged(TECH, ["RAG", "Parsing"], "all") == {"p2"}
    assert an.papers_tagged(TECH, [], "any") == set()


def test_technique_evidence_joins_matches_per_paper():
    titles = PAPERS[["paper_id", "title", "venue_label"]]
    ev = an.technique_evidence(TECH, {"p2", "p3"}, ["Parsing", "RAG"], titles)
    assert ev["paper_id"].tolist() == ["p2", "p3"]  # ACL 2023 before ACL 2024
    row = ev.set_index("paper_id")
    assert row.loc["p2", "techniques"] == "RAG, Parsing"
    assert row.loc["p3", "techniques"] == "Parsing"
    assert row.loc["p3", "evidence"] == "Parsing · trees"
    assert an.papers_per(ev, "venue_label")["papers"].tolist() == [1, 1]


def test_co_occurring_excludes_the_picked_techniques():
    co = an.co_occurring(TECH, {"p1", "p2", "p5"}, ["RAG"])
    assert co.to_dict("records") == [{"technique": "Parsing", "papers": 1}]


@pytest.mark.parametrize(
    "k,n,lo,hi",
    [
        # Newcombe (1998), Stat. Med. 17:857, Table II, method 3 (Wilson score, no correction)
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        (5, 10, 0.2366, 0.7634),
    ],
)
def test_wilson_interval_matches_published_values(k, n, lo, hi):
    got_lo, got_hi = an.wilson_interval(k, n)
    assert round(float(got_lo), 4) == lo and round(float(got_hi), 4) == hi


def test_wilson_interval_without_papers_is_nan():
    lo, hi = an.wilson_interval([0, 3], [0, 6])
    assert pd.isna(lo[0]) and pd.isna(hi[0])
    assert 0 < lo[1] < 0.5 < hi[1] < 1


def test_gap_segments_break_lines_at_missing_years():
    df = pd.DataFrame(
        {
            "venue": ["A"] * 5 + ["B"] * 2,
            "year": [2016, 2017, 2019, 2021, 2022, 2021, 2022],
        }
    )
    assert an.gap_segments(df, ["venue"]).tolist() == [0, 0, 1, 2, 2, 0, 0]
    shuffled = df.sample(frac=1, random_state=1)
    assert an.gap_segments(shuffled, ["venue"]).sort_index().tolist() == [0, 0, 1, 2, 2, 0, 0]


def test_rate_table_zero_rows_no_rows_for_empty_years_and_wilson():
    # ACL has papers in 2021, 2022 and 2024 (none in 2023): the line must break at 2023.
    papers = pd.DataFrame(
        {
            "paper_id": [f"a{i}" for i in range(10)] + ["m1", "m2"],
            "venue": ["ACL"] * 10 + ["ICML"] * 2,
            "year": [2021] * 4 + [2022] * 4 + [2024] * 2 + [2024, 2024],
        }
    )
    hits = pd.DataFrame({"paper_id": ["a0", "a1", "a8", "m1"], "technique": ["RAG"] * 4})
    out = an.rate_table(hits, papers, ["venue"], "technique")
    acl = out[out["venue"] == "ACL"].set_index("year")
    assert acl.index.tolist() == [2021, 2022, 2024]  # no 2023 row
    assert acl["papers"].tolist() == [2, 0, 1] and acl["total"].tolist() == [4, 4, 2]
    assert acl["share"].tolist() == [50.0, 0.0, 50.0]
    assert acl["segment"].tolist() == [0, 0, 1]
    lo, hi = an.wilson_interval(2, 4)
    assert acl.loc[2021, "lo"] == round(100 * float(lo), 2)
    assert acl.loc[2021, "hi"] == round(100 * float(hi), 2)
    assert acl.loc[2022, "lo"] == 0.0 and acl.loc[2022, "hi"] > 0  # 0 of 4 is not "known zero"
    icml = out[out["venue"] == "ICML"]
    assert icml[["year", "papers", "total"]].values.tolist() == [[2024, 1, 2]]
    only = an.rate_table(hits, papers, ["venue"], "technique", keep=["LoRA/PEFT"])
    assert only["papers"].sum() == 0 and len(only) == 4  # a term nobody has: zeros, not nothing
