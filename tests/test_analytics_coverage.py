"""The venue coverage and groups of dashboard/analytics/coverage.py,
on small hand-built frames.
"""

from __future__ import annotations

import pytest

from dashboard import analytics as an
from tests.analytics_frames import GROUPS, PAPERS, cells


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
