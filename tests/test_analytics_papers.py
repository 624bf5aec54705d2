"""The search, paper rows, similar papers of dashboard/analytics/papers.py,
on small hand-built frames.
"""

from __future__ import annotations

import math

import pandas as pd

from dashboard import analytics as an
from dashboard.highlight import Span
from tests.analytics_frames import PAPERS


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
