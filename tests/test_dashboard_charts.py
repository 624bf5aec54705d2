"""Chart specs: lines broken at gaps, intervals drawn, legends that show every entry."""

from __future__ import annotations

import pandas as pd

from dashboard import analytics as an
from dashboard import charts


def _layers(spec: dict) -> list[dict]:
    """Every single-mark layer of ``spec`` (nested layers and facets flattened)."""
    inner = spec.get("spec", spec)
    out = []
    for layer in inner.get("layer", []):
        out += _layers(layer) if "layer" in layer else [layer]
    return out


def test_rate_panels_break_lines_at_missing_years_and_draw_intervals():
    papers = pd.DataFrame(
        {
            "paper_id": [f"a{i}" for i in range(6)],
            "venue": ["ACL"] * 6,
            "group": ["NLP"] * 6,
            "year": [2021, 2021, 2022, 2022, 2024, 2024],
        }
    )
    hits = pd.DataFrame({"paper_id": ["a0", "a4"], "term": ["RAG", "RAG"]})
    rates = an.rate_table(hits, papers, ["group", "venue"], "term")
    spec = charts.rate_panels(rates, "group", "venue", ["ACL"]).to_dict()
    layers = _layers(spec)
    line = next(x for x in layers if x["mark"]["type"] == "line")
    assert line["encoding"]["detail"]["field"] == "_line"
    values = next(iter(spec["datasets"].values()))
    # 2021-2022 one segment, 2024 another: no line across 2023
    assert sorted({(v["year"], v["_line"]) for v in values}) == [
        (2021, "ACL|0"),
        (2022, "ACL|0"),
        (2024, "ACL|1"),
    ]
    rule = next(x for x in layers if x["mark"]["type"] == "rule")
    assert rule["encoding"]["y"]["field"] == "lo" and rule["encoding"]["y2"]["field"] == "hi"
    point = next(x for x in layers if x["mark"]["type"] == "circle")
    shown = {t.get("field") for t in point["encoding"]["tooltip"]}
    assert {"papers", "total", "share", "lo", "hi"} <= shown


def test_legend_lists_every_entry_below_the_chart_when_there_are_many():
    many = charts.legend([f"venue {i}" for i in range(20)]).to_dict()
    assert many["orient"] == "bottom" and many["symbolLimit"] == 0 and many["columns"] >= 2
    few = charts.legend(["ACL", "ICML"]).to_dict()
    assert "orient" not in few and few["symbolLimit"] == 0


def test_coverage_heatmap_writes_counts_only_in_cells_with_papers():
    papers = pd.DataFrame(
        {"venue": ["ACL", "ACL", "ICML"], "group": ["NLP", "NLP", "ML"], "year": [2021, 2023, 2023]}
    )
    cov = an.coverage_matrix(papers)
    spec = charts.coverage_heatmap(cov, ["NLP", "ML", "Other"]).to_dict()
    text = [x for x in _layers(spec) if x["mark"]["type"] == "text" and "transform" in x]
    assert any(t["transform"] == [{"filter": "datum.papers > 0"}] for t in text)
    values = next(iter(spec["datasets"].values()))
    assert {(v["venue"], v["year"], v["papers"]) for v in values} >= {("ICML", 2021, 0)}
