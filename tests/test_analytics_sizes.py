"""The model sizes of dashboard/analytics/sizes.py,
on small hand-built frames.
"""

from __future__ import annotations

import pandas as pd
import pytest

from dashboard import analytics as an
from tests.analytics_frames import GROUPS, PAPERS, cells, tags


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
