"""Coverage: which venues each year holds, venue groups, and comparing like with like.

Pure functions, no Streamlit (see :mod:`dashboard.analytics`).
"""

from __future__ import annotations

from collections.abc import Iterable

import pandas as pd

from dashboard.analytics.statistics import UNKNOWN


# --- Coverage: which venues each year holds, and comparing like with like ----------------------

OTHER_GROUP = "Other"


def venue_group_map(spec: dict) -> dict[str, str]:
    """``venue -> group`` from the parsed ``extract/data/venue_groups.toml``.

    Raises:
        ValueError: A venue listed in two groups.
    """
    out: dict[str, str] = {}
    for group in spec.get("group", []):
        for venue in group.get("venues", []):
            if venue in out and out[venue] != group["name"]:
                raise ValueError(
                    f"venue {venue!r} is in groups {out[venue]!r} and {group['name']!r}"
                )
            out[venue] = group["name"]
    return out


def with_groups(papers: pd.DataFrame, groups: dict[str, str]) -> pd.DataFrame:
    """``papers`` with ``venue`` filled (``unknown``) and ``group`` (its venue group or Other)."""
    venue = papers["venue"].astype("object").where(papers["venue"].notna(), UNKNOWN)
    return papers.assign(venue=venue, group=venue.map(groups).fillna(OTHER_GROUP))


def coverage_matrix(papers: pd.DataFrame) -> pd.DataFrame:
    """Papers per venue and year over the full venue × year grid (0 where a venue has none).

    Only papers with a known year count; ``group`` is kept when ``papers`` has it.

    Returns:
        ``venue``, (``group``), ``year``, ``papers``; venues by group then name, years ascending.
    """
    p = papers.dropna(subset=["year"])
    keys = ["group", "venue"] if "group" in p.columns else ["venue"]
    if p.empty:
        return pd.DataFrame(columns=[*keys, "year", "papers"])
    p = p.assign(year=p["year"].astype(int))
    return coverage_grid(p.groupby([*keys, "year"]).size().rename("papers").reset_index())


def coverage_grid(counts: pd.DataFrame) -> pd.DataFrame:
    """:func:`coverage_matrix` from counts already made: ``venue``, (``group``), ``year``,
    ``papers`` (rows with papers; the grid's missing cells become 0)."""
    keys = ["group", "venue"] if "group" in counts.columns else ["venue"]
    cols = [*keys, "year", "papers"]
    if counts.empty:
        return pd.DataFrame(columns=cols)
    counts = counts.assign(year=counts["year"].astype(int))
    venues = counts[keys].drop_duplicates()
    grid = venues.merge(pd.DataFrame({"year": sorted(counts["year"].unique())}), how="cross")
    out = grid.merge(counts[cols], how="left", on=[*keys, "year"]).fillna({"papers": 0})
    out["papers"] = out["papers"].astype(int)
    return out.sort_values([*keys, "year"]).reset_index(drop=True)[cols]


def year_ranges(years_: Iterable[int]) -> str:
    """``[2016, 2017, 2018, 2021]`` -> ``2016–2018, 2021``."""
    ys = sorted({int(y) for y in years_})
    runs: list[list[int]] = []
    for y in ys:
        if runs and y == runs[-1][-1] + 1:
            runs[-1].append(y)
        else:
            runs.append([y])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs)


def venue_mix_note(coverage: pd.DataFrame, by: str = "venue") -> str | None:
    """A sentence naming the ``by`` values (venues or groups) missing from some of the years.

    Returns None when every year of ``coverage`` (:func:`coverage_matrix`) holds the same ones.
    """
    have = coverage[coverage["papers"] > 0]
    all_years = sorted(have["year"].unique())
    if len(all_years) < 2:
        return None
    per = have.groupby(by)["year"].agg(lambda s: sorted(set(s)))
    partial = per[per.map(len) < len(all_years)]
    if partial.empty:
        return None
    parts = [
        f"{name} {year_ranges(ys)}"
        for name, ys in sorted(partial.items(), key=lambda x: (x[1][0], str(x[0])))
    ]
    kind = "venues" if by == "venue" else "venue groups"
    return (
        f"The {kind} differ between the selected years ({year_ranges(all_years)}): "
        + "; ".join(parts)
        + ". A line over all papers would mix them, so each line follows one "
        + ("venue." if by == "venue" else "venue group.")
    )


def full_coverage(papers: pd.DataFrame, by: str = "venue") -> tuple[pd.DataFrame, list[str]]:
    """Only the papers of the ``by`` values (venues or groups) present in every year in view.

    Returns:
        The kept papers (papers without a year are dropped) and the dropped ``by`` values, sorted.
    """
    p = papers.dropna(subset=["year"])
    n_years = p["year"].nunique()
    years_per = p.groupby(by)["year"].nunique()
    keep = years_per.index[years_per == n_years]
    dropped = sorted(str(v) for v in years_per.index[years_per < n_years])
    return p[p[by].isin(keep)], dropped


def default_periods(years_: Iterable[int]) -> tuple[list[int], list[int]] | None:
    """Two periods to compare by default: the last two years with papers, and the two before.

    With three years or fewer: the first year against the last. None with fewer than two.
    """
    ys = sorted({int(y) for y in years_})
    if len(ys) < 2:
        return None
    if len(ys) < 4:
        return [ys[0]], [ys[-1]]
    return ys[-4:-2], ys[-2:]


def venues_in_both(papers: pd.DataFrame, years_a: Iterable[int], years_b: Iterable[int]) -> list:
    """Venues with papers in period A and in period B (compare like with like)."""
    yr = pd.to_numeric(papers["year"], errors="coerce")
    va = set(papers.loc[yr.isin(set(years_a)), "venue"].dropna())
    vb = set(papers.loc[yr.isin(set(years_b)), "venue"].dropna())
    return sorted(va & vb)


def _venues_per_year(papers: pd.DataFrame) -> dict[int, set]:
    yr = pd.to_numeric(papers["year"], errors="coerce")
    return {
        int(y): set(papers.loc[yr == y, "venue"].dropna()) for y in sorted(set(yr.dropna()))
    }


def comparable_years(papers: pd.DataFrame) -> tuple[int, int] | None:
    """Two years to compare by default: the last year, and the earliest one sharing a venue.

    Falls back to the latest pair of years with a venue in common, then (no year shares a
    venue with another) to the first and last years. None with fewer than two years.
    """
    venues = _venues_per_year(papers)
    ys = sorted(venues)
    if len(ys) < 2:
        return None
    for b in reversed(ys):
        for a in ys:
            if a < b and venues[a] & venues[b]:
                return a, b
    return ys[0], ys[-1]


def venue_mix_warning(papers: pd.DataFrame, a: int, b: int) -> str | None:
    """A sentence naming the venues only one of years ``a`` and ``b`` holds (None: the same)."""
    venues = _venues_per_year(papers)
    va, vb = venues.get(int(a), set()), venues.get(int(b), set())
    if va == vb:
        return None
    parts = [
        f"only in {y}: {', '.join(sorted(map(str, v)))}"
        for y, v in ((a, va - vb), (b, vb - va))
        if v
    ]
    return (
        f"The venues of {a} and {b} differ ({'; '.join(parts)}): a keyword's change may come "
        "from the venue mix rather than from the field."
    )
