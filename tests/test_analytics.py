"""The page computations of dashboard/analytics.py on small hand-built frames."""

from __future__ import annotations

import sys

import pandas as pd
import pytest

from dashboard import analytics as an
from dashboard.highlight import Span

# Six papers: ACL 2023 (p1, p2), ACL 2024 (p3, p4), ICML 2024 (p5), no venue 2024 (p6).
PAPERS = pd.DataFrame(
    {
        "paper_id": ["p1", "p2", "p3", "p4", "p5", "p6"],
        "title": ["Retrieval one", None, "Parsing", "LoRA study", "Scaling", "Misc"],
        "abstract": [
            "We study retrieval.",
            "A model for retrieval and parsing.",
            "Parsing trees.",
            "Low-rank adapters.",
            "Scaling laws for retrieval models.",
            "Other things.",
        ],
        "venue": ["ACL", "ACL", "ACL", "ACL", "ICML", None],
        "year": [2023, 2023, 2024, 2024, 2024, 2024],
        "venue_label": ["ACL 2023", "ACL 2023", "ACL 2024", "ACL 2024", "ICML 2024", "unknown"],
    }
)
# technique -> theme: RAG -> Retrieval, LoRA/PEFT -> Efficiency, Parsing -> Syntax
TECH = pd.DataFrame(
    [
        ("p1", "RAG", "Retrieval", "retrieval"),
        ("p2", "RAG", "Retrieval", "retrieval"),
        ("p2", "Parsing", "Syntax", "parsing"),
        ("p3", "Parsing", "Syntax", "Parsing"),
        ("p3", "Parsing", "Syntax", "trees"),
        ("p4", "LoRA/PEFT", "Efficiency", "Low-rank adapters"),
        ("p5", "RAG", "Retrieval", "retrieval"),
    ],
    columns=["paper_id", "technique", "theme", "evidence"],
)


def tags(level: str) -> pd.DataFrame:
    return TECH[["paper_id", level]].drop_duplicates().reset_index(drop=True)


def cells(df: pd.DataFrame, keys: list[str], value: str) -> dict:
    return {tuple(r[k] for k in keys): r[value] for r in df.to_dict("records")}


# --- Overview ---


def test_overview_numbers_count_papers_and_shares():
    sizes = pd.DataFrame({"paper_id": ["p1", "p1", "p5"], "params": [7e9, 1e9, 1e8]})
    metrics = pd.DataFrame({"paper_id": ["p2"], "value": [5.0]})
    methods = pd.DataFrame(
        {"paper_id": ["p1", "p2", "p3"], "role": ["proposed", "mentioned", "proposed"]}
    )
    nums = an.overview_numbers(PAPERS, sizes, metrics, methods)
    assert nums["papers"] == 6
    assert nums["venues"] == 2  # ACL, ICML; a missing venue is not counted
    assert nums["years"] == 2
    assert nums["with_size"] == pytest.approx(2 / 6)  # p1 twice counts once
    assert nums["with_metric"] == pytest.approx(1 / 6)
    assert nums["proposing"] == pytest.approx(2 / 6)  # p2 only mentions
    empty = an.overview_numbers(PAPERS.iloc[:0], sizes.iloc[:0], metrics.iloc[:0], methods.iloc[:0])
    assert empty["papers"] == 0 and empty["with_size"] is None


def test_papers_per_venue_year_names_the_unknown_venue():
    pv = an.papers_per_venue_year(PAPERS)
    assert cells(pv, ["venue_label"], "papers") == {
        ("ACL 2023",): 2,
        ("ACL 2024",): 2,
        ("ICML 2024",): 1,
        ("unknown",): 1,
    }
    assert pv.loc[pv["venue_label"] == "unknown", "venue"].item() == "unknown"


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


def test_venue_order_is_by_year_then_venue():
    papers = an.known_venue(PAPERS)
    assert an.venue_order(papers) == ["ACL 2023", "ACL 2024", "ICML 2024", "unknown"]


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


# --- Model sizes ---

SIZES = pd.DataFrame(
    {
        "paper_id": ["p1", "p1", "p5", "p4"],
        "text": ["7B", "13B", "110M parameters", "0"],
        "params": [7e9, 1.3e10, 1.1e8, 0.0],
        "model": ["Llama-2-7B", None, None, None],
    }
)


def test_size_summary_and_ranking():
    sizes = an.valid_sizes(SIZES)
    assert len(sizes) == 3  # the zero is dropped
    summary = an.size_summary(sizes, n_papers=6)
    assert summary == {
        "with_size": 2,
        "without_size": 4,
        "sizes": 3,
        "median": 7e9,
        "without_share": pytest.approx(4 / 6),
    }
    points = an.size_points(sizes.merge(PAPERS, on="paper_id"))
    assert points["label"].tolist() == ["Llama-2-7B (7B)", "13B", "110M parameters"]
    ranked = an.sizes_ranked(points)
    assert ranked["size"].tolist() == ["13B", "7B", "110M"]
    assert an.size_summary(sizes.iloc[:0], 0)["median"] is None


def test_sizes_by_tag_marks_papers_without_a_theme():
    points = an.size_points(an.valid_sizes(SIZES).merge(PAPERS, on="paper_id"))
    by = an.sizes_by_tag(points, tags("theme"))
    assert cells(by, ["label"], "theme") == {
        ("Llama-2-7B (7B)",): "Retrieval",
        ("13B",): "Retrieval",
        ("110M parameters",): "Retrieval",
    }
    no_tags = an.sizes_by_tag(points, tags("theme").iloc[:0])
    assert set(no_tags["theme"]) == {an.NO_THEME}


# --- Results ---

METRICS = pd.DataFrame(
    {
        "paper_id": ["p1", "p1", "p2", "p3", "p5", "p5"],
        "title": ["A", "A", "B", "C", "D", "D"],
        "text": ["77% accuracy", "2x faster", "+3 points", "80% accuracy", "30x", "1%"],
        "value": [77.0, 2.0, 3.0, 80.0, 30.0, 1.0],
        "unit": ["%", "x", "points", "%", "x", "%"],
        "metric": ["accuracy", "speedup", None, "accuracy", "speedup", "accuracy"],
        "benchmark": ["MMLU", None, "MMLU", "GSM8K", None, "MMLU"],
    }
)


def test_result_selection_measures_and_distribution():
    m = an.with_measures(METRICS)
    assert m["measure"].tolist()[:3] == ["accuracy [%]", "speedup [x]", "(unclear) [points]"]
    assert len(an.select_results(m, metric=["accuracy"])) == 3
    assert len(an.select_results(m, metric=["accuracy"], benchmark=["MMLU"])) == 2
    assert len(an.select_results(m)) == 6
    assert an.units_by_frequency(m) == ["%", "x", "points"]
    dist = an.value_distribution(m, "%")
    assert sorted(dist["value"]) == [1.0, 77.0, 80.0]
    assert set(an.value_distribution(m, "x")["measure"]) == {"speedup [x]"}


def test_skew_and_benchmark_values():
    assert an.is_skewed(pd.Series([1.0, 2.0, 3.0, 100.0]))  # 100 > 20 x median 2.5
    assert not an.is_skewed(pd.Series([10.0, 20.0, 30.0]))
    assert not an.is_skewed(pd.Series([], dtype=float))
    m = an.with_measures(METRICS)
    assert an.benchmarks_by_frequency(m) == ["MMLU", "GSM8K"]
    mmlu = an.benchmark_results(m, "MMLU")
    assert mmlu["value"].tolist() == [77.0, 3.0, 1.0]
    assert list(mmlu.columns) == ["title", "value", "measure", "text", "paper_id"]


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


# --- Papers and Data ---


def test_search_needs_every_word_in_title_or_abstract():
    assert an.search(PAPERS, "retrieval")["paper_id"].tolist() == ["p1", "p2", "p5"]
    assert an.search(PAPERS, "RETRIEVAL models")["paper_id"].tolist() == ["p5"]
    assert an.search(PAPERS, "lora adapters")["paper_id"].tolist() == ["p4"]  # title + abstract
    assert len(an.search(PAPERS, "   ")) == 6


def test_span_rows_and_paper_rows_follow_text_and_schema_order():
    text = "We propose FooNet, a 7B model."
    spans = [Span(21, 23, "size", "size: 7B"), Span(11, 17, "proposed method", "m: FooNet")]
    rows = an.span_rows(text, spans)
    assert rows["text"].tolist() == ["FooNet", "7B"]
    assert rows["kind"].tolist() == ["proposed method", "size"]
    assert an.span_rows(text, []).empty
    kw = pd.DataFrame(
        {
            "paper_id": ["p", "p", "q"],
            "keyword": ["b", "a", "c"],
            "score": [0.1, 0.9, 0.5],
            "rank": [2, 1, 1],
        }
    )
    assert an.paper_rows(kw, "keywords", "p")["keyword"].tolist() == ["a", "b"]  # by rank
    methods = pd.DataFrame(
        {
            "paper_id": ["p", "p"],
            "name": ["Late", "Early"],
            "role": ["mentioned"] * 2,
            "start": [40, 3],
            "end": [44, 8],
        }
    )
    assert an.paper_rows(methods, "methods", "p")["name"].tolist() == ["Early", "Late"]


def test_column_table_lists_the_published_columns():
    from extract.schema import TABLES

    cols = an.column_table(TABLES["benchmarks"])
    assert cols["column"].tolist() == ["paper_id", "name", "start", "end"]
    assert cols["type"].tolist() == ["VARCHAR", "VARCHAR", "INTEGER", "INTEGER"]


def test_analytics_does_not_import_streamlit():
    import importlib

    saved = {k: v for k, v in sys.modules.items() if k == "streamlit" or k.startswith("dashboard")}
    for k in saved:
        del sys.modules[k]
    try:
        sys.modules["streamlit"] = None  # any "import streamlit" now fails
        importlib.import_module("dashboard.analytics")
    finally:
        sys.modules.pop("streamlit", None)
        for k in [k for k in sys.modules if k.startswith("dashboard")]:
            del sys.modules[k]
        sys.modules.update(saved)
