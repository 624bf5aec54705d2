"""The page computations of dashboard/analytics.py on small hand-built frames."""

from __future__ import annotations

import math
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

    spec = TABLES["benchmarks"]
    cols = an.column_table(spec)
    assert cols["column"].tolist() == [c.name for c in spec.columns]
    assert cols["column"].tolist()[:4] == ["paper_id", "name", "start", "end"]
    assert cols["type"].tolist()[:4] == ["VARCHAR", "VARCHAR", "INTEGER", "INTEGER"]
    assert cols["type"].tolist() == [c.type for c in spec.columns]


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


# --- Coverage and honest trends ---


def test_pct_label_keeps_one_decimal_under_one_percent():
    assert an.pct_label(0.17) == "17%"
    assert an.pct_label(0.004) == "0.4%"
    assert an.pct_label(0.0004) == "<0.1%"
    assert an.pct_label(0.0) == "0%"
    assert an.pct_label(None) == "–"


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


GROUPS = {"ACL": "NLP", "ICML": "ML"}


def test_venue_groups_from_the_data_file_and_conflicts():
    spec = {"group": [{"name": "NLP", "venues": ["ACL"]}, {"name": "ML", "venues": ["ICML"]}]}
    assert an.venue_group_map(spec) == GROUPS
    with pytest.raises(ValueError, match="ACL"):
        an.venue_group_map(
            {"group": [{"name": "A", "venues": ["ACL"]}, {"name": "B", "venues": ["ACL"]}]}
        )
    grouped = an.with_groups(PAPERS, GROUPS)
    assert grouped["group"].tolist() == ["NLP", "NLP", "NLP", "NLP", "ML", "Other"]
    assert grouped["venue"].iloc[5] == "unknown"


def test_shipped_venue_groups_put_each_venue_in_one_group():
    from extract.datafiles import load_toml

    groups = an.venue_group_map(load_toml("venue_groups.toml"))
    assert groups["ACL"] == "NLP" and groups["ICLR"] == "ML"
    assert groups["CVPR"] == "CV" and groups["CoRL"] == "Robotics"


def test_coverage_matrix_has_zero_cells_for_missing_venue_years():
    cov = an.coverage_matrix(an.with_groups(PAPERS, GROUPS))
    assert cells(cov, ["venue", "year"], "papers") == {
        ("ACL", 2023): 2,
        ("ACL", 2024): 2,
        ("ICML", 2023): 0,
        ("ICML", 2024): 1,
        ("unknown", 2023): 0,
        ("unknown", 2024): 1,
    }
    assert cov.loc[cov["venue"] == "ICML", "group"].unique().tolist() == ["ML"]


def test_venue_mix_note_names_venues_missing_from_some_years():
    cov = an.coverage_matrix(an.with_groups(PAPERS, GROUPS))
    note = an.venue_mix_note(cov, "venue")
    assert note is not None
    assert "ICML 2024" in note and "unknown 2024" in note and "ACL" not in note
    same = an.coverage_matrix(PAPERS[PAPERS["venue"] == "ACL"])
    assert an.venue_mix_note(same) is None
    group_note = an.venue_mix_note(cov, "group")
    assert "ML 2024" in group_note and "Other 2024" in group_note


def test_year_ranges():
    assert an.year_ranges([2021, 2016, 2017, 2018, 2024, 2025]) == "2016–2018, 2021, 2024–2025"


def test_full_coverage_keeps_venues_present_in_every_year():
    kept, dropped = an.full_coverage(an.with_groups(PAPERS, GROUPS), "venue")
    assert set(kept["venue"]) == {"ACL"} and len(kept) == 4
    assert dropped == ["ICML", "unknown"]


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


def test_hidden_rejections_counts_only_known_rejects():
    p = pd.DataFrame({"accepted": [True, False, None, False]})
    assert an.hidden_rejections(p) == 2


# --- Names: aliases and matching ---

TAXONOMY = {
    "technique": [
        {
            "tag": "LoRA/PEFT",
            "theme": "Efficiency",
            "acronyms": ["PEFT"],
            "tokens": [{"pattern": r"\w*LoRA", "contains": "LoRA"}],
            "phrases": ["adapters", {"pattern": "prefix[- ]tuning", "key": "prefix"}],
        },
        {"tag": "RAG", "theme": "Retrieval & knowledge", "acronyms": ["RAG", "RALM"]},
        {"tag": "Chain-of-Thought/Reasoning", "theme": "Reasoning", "acronyms": ["CoT"]},
        {"tag": "Calibration/Uncertainty", "theme": "Safety & trust", "acronyms": ["ECE"]},
        {"tag": "Quantization", "theme": "Efficiency", "phrases": ["low-bit"]},
        {"tag": "Pruning", "theme": "Efficiency", "phrases": ["low-bit"]},
    ]
}
TAG_OPTIONS = [e["tag"] for e in TAXONOMY["technique"]] + ["theme:Efficiency", "theme:Reasoning"]


def test_tag_aliases_are_derived_from_the_taxonomy():
    al = an.tag_aliases(TAXONOMY)
    assert al["lora"] == "LoRA/PEFT"  # a part of the tag (and the token literal)
    assert al["peft"] == "LoRA/PEFT" and al["adapters"] == "LoRA/PEFT"
    assert al["rag"] == "RAG" and al["ralm"] == "RAG"
    assert al["cot"] == "Chain-of-Thought/Reasoning"
    assert al["reasoning"] == "theme:Reasoning"  # a theme's name beats a part of a tag
    assert "low-bit" not in al  # claimed by two tags: ambiguous
    assert "prefix[- ]tuning" not in al  # regex patterns are not names


def test_real_taxonomy_aliases_lora_and_rag():
    from extract.datafiles import load_toml

    al = an.tag_aliases(load_toml("taxonomy.toml"))
    assert al["lora"] == "LoRA/PEFT" and al["rag"] == "RAG"


def test_exact_match_wins_over_fuzzy_ones():
    assert an.match_terms("RAG", TAG_OPTIONS) == [("RAG", "exact")]
    assert an.match_terms("rag", TAG_OPTIONS) == [("RAG", "exact")]
    lora = an.match_terms("LoRA", TAG_OPTIONS, an.tag_aliases(TAXONOMY))
    assert lora[0] == ("LoRA/PEFT", "alias")
    assert "Calibration/Uncertainty" not in [t for t, _ in lora]


def test_match_terms_prefix_contains_and_similar():
    got = an.match_terms("chain", TAG_OPTIONS)
    assert got[0] == ("Chain-of-Thought/Reasoning", "prefix")
    assert an.match_terms("uncertain", TAG_OPTIONS) == [("Calibration/Uncertainty", "contains")]
    assert an.match_terms("Quantisation", TAG_OPTIONS)[0] == ("Quantization", "similar")
    assert an.match_terms("   ", TAG_OPTIONS) == []


def test_resolve_names_from_a_link():
    al = an.tag_aliases(TAXONOMY)
    resolved, unknown = an.resolve_names(
        ["lora", "RAG", "rag", "Efficiency (theme)", "theme:reasoning", "quantisaton", "zzzz"],
        TAG_OPTIONS,
        al,
    )
    assert resolved == ["LoRA/PEFT", "RAG", "theme:Efficiency", "theme:Reasoning"]
    assert unknown["quantisaton"][0] == "Quantization"
    assert unknown["zzzz"] == []


# --- Adoption of one term ---


def test_first_seen_and_term_papers():
    papers = an.with_groups(PAPERS, GROUPS)
    hits = TECH[TECH["technique"] == "RAG"].rename(columns={"evidence": "text"})
    first = an.first_seen(hits, papers)
    assert first == {"year": 2023, "venues": ["ACL"], "papers": 2, "total": 3}
    assert an.first_seen(hits.iloc[:0], papers) is None
    top = an.term_papers(hits, papers)
    # p1's title names the match ("Retrieval one"), so it comes first; then the earliest
    assert top["paper_id"].tolist() == ["p1", "p2", "p5"]
    assert top["in_title"].tolist() == [True, False, False]
    assert top["text"].tolist() == ["retrieval"] * 3


# --- Model sizes over time ---


def test_size_trend_counts_papers_without_a_size_and_uses_each_papers_largest():
    papers = an.with_groups(PAPERS, GROUPS)
    sizes = pd.DataFrame(
        {"paper_id": ["p1", "p1", "p3", "p5", "p4"], "params": [7e9, 1e9, 1e8, 3e9, -1]}
    )
    out = an.size_trend(sizes, papers, "group")
    nlp = out[out["group"] == "NLP"].set_index("year")
    assert nlp.loc[2023, ["papers", "with_size", "without_size"]].tolist() == [2, 1, 1]
    assert nlp.loc[2023, "median"] == 7e9  # p1's largest, not its 1B
    assert nlp.loc[2024, ["papers", "with_size", "without_size"]].tolist() == [2, 1, 1]
    ml = out[out["group"] == "ML"].iloc[0]
    assert ml["with_size"] == 1 and ml["median"] == 3e9
    other = out[out["group"] == "Other"].iloc[0]
    assert other["with_size"] == 0 and pd.isna(other["median"])


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


# --- Similar papers ---


def test_nearest_neighbours_by_cosine_on_small_vectors():
    import numpy as np

    vecs = np.array(
        [
            [1.0, 0.0, 0.0],  # q
            [2.0, 0.1, 0.0],  # same direction, longer: cosine ~1
            [0.0, 1.0, 0.0],  # orthogonal
            [1.0, 1.0, 0.0],  # 45 degrees
            [-1.0, 0.0, 0.0],  # opposite
        ]
    )
    ids = ["q", "near", "orth", "diag", "opp"]
    unit = an.unit_rows(vecs)
    assert np.allclose(np.linalg.norm(unit, axis=1), 1)
    out = an.nearest_neighbours(unit, ids, "q", k=3)
    assert out["paper_id"].tolist() == ["near", "diag", "orth"]
    assert out["similarity"].tolist() == [round(2 / math.sqrt(4.01), 3), 0.707, 0.0]
    assert an.nearest_neighbours(unit, ids, "missing").empty
    assert len(an.nearest_neighbours(unit, ids, "q", k=50)) == 4  # never the paper itself


def test_is_in_matches_pandas_isin_on_many_ids():
    ids = pd.Series([f"p{i:05d}" for i in range(500)] + [None], dtype="str")
    members = [f"p{i:05d}" for i in range(0, 1000, 3)]
    assert an.is_in(ids, members).tolist() == ids.isin(members).tolist()
    assert an.is_in(ids, set(members)).sum() == 167
    assert an.is_in(pd.Series([1, 2, 3]), [2]).tolist() == [False, True, False]
