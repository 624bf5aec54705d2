"""The shared helpers and Overview numbers of dashboard/analytics/statistics.py,
on small hand-built frames.
"""

from __future__ import annotations

import sys

import pandas as pd
import pytest

from dashboard import analytics as an
from tests.analytics_frames import PAPERS


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


def test_analytics_does_not_import_streamlit():
    import importlib

    saved = {k: v for k, v in sys.modules.items() if k == "streamlit" or k.startswith("dashboard")}
    for k in saved:
        del sys.modules[k]
    try:
        sys.modules["streamlit"] = None  # any "import streamlit" now fails
        for module in (
            "statistics", "coverage", "rates", "terms", "sizes", "results", "keywords",
            "papers", "leaderboards",
        ):
            importlib.import_module(f"dashboard.analytics.{module}")
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


def test_hidden_rejections_counts_only_known_rejects():
    p = pd.DataFrame({"accepted": [True, False, None, False]})
    assert an.hidden_rejections(p) == 2


def test_is_in_matches_pandas_isin_on_many_ids():
    ids = pd.Series([f"p{i:05d}" for i in range(500)] + [None], dtype="str")
    members = [f"p{i:05d}" for i in range(0, 1000, 3)]
    assert an.is_in(ids, members).tolist() == ids.isin(members).tolist()
    assert an.is_in(ids, set(members)).sum() == 167
    assert an.is_in(pd.Series([1, 2, 3]), [2]).tolist() == [False, True, False]
