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


def test_size_trend_joins_only_medians_of_at_least_five_papers():
    # ML: 6 papers with a size in 2021, 2 in 2022, 5 in 2023; the 2022 median is a point only
    # and the line does not cross it (2021 and 2023 are separate segments)
    counts = {2021: 6, 2022: 2, 2023: 5}
    ids = [(y, i) for y, n in counts.items() for i in range(n)]
    papers = pd.DataFrame(
        {
            "paper_id": [f"p{y}-{i}" for y, i in ids],
            "group": "ML",
            "year": [y for y, _ in ids],
        }
    )
    sizes = pd.DataFrame(
        {"paper_id": papers["paper_id"], "params": [1e9 * (i + 1) for _, i in ids]}
    )
    out = an.size_trend(sizes, papers, "group").set_index("year")
    assert an.MIN_TREND_PAPERS == 5
    assert out["line"].to_dict() == {2021: True, 2022: False, 2023: True}
    assert out.loc[2022, "segment"] == -1
    assert out.loc[2021, "segment"] != out.loc[2023, "segment"]
    assert out.loc[2022, "median"] == 1.5e9  # still computed: drawn as a point


def test_size_points_carry_the_role_and_rows_without_one_are_own():
    with_roles = SIZES.assign(role=["own", "baseline", None, "threshold"])
    points = an.size_points(an.valid_sizes(with_roles).merge(PAPERS, on="paper_id"))
    assert points["role"].tolist() == ["own", "baseline", "own"]
    assert an.sizes_ranked(points)["role"].tolist() == ["baseline", "own", "own"]
    # a database built before roles: every size is the paper's own
    older = an.size_points(an.valid_sizes(SIZES).merge(PAPERS, on="paper_id"))
    assert set(older["role"]) == {"own"}
