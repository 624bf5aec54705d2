"""The venue coverage and groups of dashboard/analytics/coverage.py,
on small hand-built frames.
"""

from __future__ import annotations

import pandas as pd
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


# NeurIPS alone in 2016, ACL from 2020, ACL and ICML in 2025 (the 2016 -> 2025 case)
MIX = pd.DataFrame(
    {
        "paper_id": [f"p{i}" for i in range(7)],
        "venue": ["NeurIPS", "NeurIPS", "ACL", "ACL", "ACL", "ICML", "ACL"],
        "year": [2016, 2016, 2020, 2020, 2025, 2025, 2025],
    }
)


def test_comparable_years_skip_a_first_year_sharing_no_venue_with_the_last():
    assert an.comparable_years(MIX) == (2020, 2025)
    # no year shares a venue with the last one: the latest pair that shares one
    later = pd.concat([MIX, pd.DataFrame({"paper_id": ["q"], "venue": ["CVPR"], "year": [2026]})])
    assert an.comparable_years(later) == (2020, 2025)
    # nothing shared anywhere: first and last; one year: no pair
    assert an.comparable_years(MIX[MIX["year"] != 2025].iloc[[0, 2]]) == (2016, 2020)
    assert an.comparable_years(MIX[MIX["year"] == 2025]) is None


def test_venue_mix_warning_names_the_venues_of_one_year_only():
    note = an.venue_mix_warning(MIX, 2016, 2025)
    assert "only in 2016: NeurIPS" in note and "only in 2025: ACL, ICML" in note
    assert an.venue_mix_warning(MIX, 2020, 2025) == (
        "The venues of 2020 and 2025 differ (only in 2025: ICML): a keyword's change may come "
        "from the venue mix rather than from the field."
    )
    same = MIX[MIX["venue"] == "ACL"]
    assert an.venue_mix_warning(same, 2020, 2025) is None


def test_coverage_grid_from_counts_equals_the_matrix_from_papers():
    grouped = an.with_groups(PAPERS, GROUPS)
    counts = grouped.groupby(["venue", "group", "year"]).size().rename("papers").reset_index()
    counts = counts[counts["venue"] != "ICML"]  # a venue without papers has no count row
    expected = an.coverage_matrix(grouped[grouped["venue"] != "ICML"])
    pd.testing.assert_frame_equal(an.coverage_grid(counts), expected)
    assert expected["papers"].tolist() == [2, 2, 0, 1]  # ACL 2023/2024, unknown 2023/2024
