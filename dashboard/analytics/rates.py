"""Rates over papers: Wilson intervals, per-year rate tables, technique and theme shares,
co-occurrence and the evidence behind a tag (Trends and Techniques pages).

Pure functions, no Streamlit (see :mod:`dashboard.analytics`).
"""

from __future__ import annotations

from collections.abc import Iterable

import pandas as pd

from dashboard.analytics.statistics import is_in, papers_per


Z95 = 1.959963984540054  # two-sided 95% normal quantile


def wilson_interval(k, n, z: float = Z95):
    """The Wilson score interval of a proportion ``k / n`` (scalars or arrays, ``n = 0``: NaN).

    Returns:
        ``(low, high)`` as fractions.
    """
    import numpy as np

    k = np.asarray(k, dtype=float)
    n = np.asarray(n, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = k / n
        z2 = z * z
        denom = 1 + z2 / n
        centre = (p + z2 / (2 * n)) / denom
        half = z * np.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
        lo, hi = np.clip(centre - half, 0, 1), np.clip(centre + half, 0, 1)
    return lo, hi


def gap_segments(df: pd.DataFrame, keys: list[str], x: str = "year") -> pd.Series:
    """Line segment ids: within each ``keys`` group a new segment starts after a gap in ``x``.

    A gap is a step of more than one year between consecutive rows of the group, i.e. a year
    with no papers for that series; a chart drawing one line per (group, segment) never crosses
    it. ``df`` must hold only the years the series has papers in.
    """
    if df.empty:
        return pd.Series([], dtype=int, index=df.index)
    order = df.sort_values([*keys, x])
    xs = order[x].astype(float)
    if keys:
        prev = xs.groupby([order[k] for k in keys], dropna=False).shift()
        breaks = (xs - prev).gt(1).astype(int)
        seg = breaks.groupby([order[k] for k in keys], dropna=False).cumsum()
    else:
        seg = (xs - xs.shift()).gt(1).astype(int).cumsum()
    return seg.reindex(df.index).astype(int)


def rate_table(
    hits: pd.DataFrame,
    papers: pd.DataFrame,
    by: list[str],
    term: str,
    keep: Iterable[str] | None = None,
) -> pd.DataFrame:
    """Share of papers per ``by`` series and year carrying each term, with 95% Wilson intervals.

    Args:
        hits: ``paper_id``, ``term`` (a technique, theme, name, keyword ...).
        papers: The papers in view with ``year`` and the ``by`` columns (e.g. ``group``,
            ``venue``); a series-year's total counts all of them, with the term or not.
        by: The series columns; one line per distinct combination.
        term: The term column of ``hits``.
        keep: Only these terms (default: every term of ``hits`` found among ``papers``).

    Returns:
        ``*by``, ``year``, ``term``, ``papers`` (with the term), ``total`` (papers of the
        series that year), ``share``, ``lo``, ``hi`` (percent, two decimals) and ``segment``
        (:func:`gap_segments`). A series-year with papers but none with the term is a 0 row;
        a year in which the series has no paper has no row, so lines break there.
    """
    p = papers.dropna(subset=["year"])[["paper_id", *by, "year"]]
    p = p.assign(year=p["year"].astype(int))
    tagged = hits[["paper_id", term]].merge(p, on="paper_id")
    terms = list(dict.fromkeys(keep)) if keep is not None else sorted(tagged[term].unique())
    if p.empty or not terms:
        return rate_table_from_counts(pd.DataFrame(), pd.DataFrame(), by, term, [])
    tagged = tagged[tagged[term].isin(terms)]
    totals = p.groupby([*by, "year"]).size().rename("total").reset_index()
    counts = (
        tagged.groupby([*by, "year", term])["paper_id"].nunique().rename("papers").reset_index()
    )
    return rate_table_from_counts(totals, counts, by, term, terms)


def rate_table_from_counts(
    totals: pd.DataFrame, counts: pd.DataFrame, by: list[str], term: str, terms: list[str]
) -> pd.DataFrame:
    """:func:`rate_table` from counts already made (e.g. by SQL).

    Args:
        totals: ``*by``, ``year``, ``total``: papers with a known year per series-year.
        counts: ``*by``, ``year``, ``term``, ``papers``: papers carrying each term there.
        by: The series columns.
        term: The term column.
        terms: The terms to report (each gets a row, 0 or not, in every series-year).
    """
    cols = [*by, "year", term, "papers", "total", "share", "lo", "hi", "segment"]
    if totals.empty or not terms:
        return pd.DataFrame(columns=cols)
    grid = totals.merge(pd.DataFrame({term: terms}), how="cross")
    out = grid.merge(counts, how="left", on=[*by, "year", term]).fillna({"papers": 0})
    out["papers"] = out["papers"].astype(int)
    lo, hi = wilson_interval(out["papers"], out["total"])
    out["share"] = (100 * out["papers"] / out["total"]).round(2)
    out["lo"], out["hi"] = (100 * lo).round(2), (100 * hi).round(2)
    out["segment"] = gap_segments(out, [*by, term])
    return out.sort_values([term, *by, "year"]).reset_index(drop=True)[cols]


def top_tags(tags: pd.DataFrame, level: str, n_papers: int, k: int = 15) -> pd.DataFrame:
    """The ``k`` tags (``level``: technique or theme) on most papers.

    Returns:
        ``level``, ``papers``, ``% of papers`` (of ``n_papers``, one decimal).
    """
    top = papers_per(tags, level).head(k).reset_index(drop=True)
    top["% of papers"] = (100 * top["papers"] / max(n_papers, 1)).round(1)
    return top


# --- Trends ------------------------------------------------------------------------------------


def tag_rates(
    tags: pd.DataFrame,
    papers: pd.DataFrame,
    level: str,
    by: list[str],
    keep: Iterable[str] | None = None,
) -> pd.DataFrame:
    """Papers per group (``by``: year, venue, venue_label, ...) carrying each tag.

    Args:
        tags: ``paper_id``, ``level`` (technique or theme).
        papers: The papers in view with the ``by`` columns; a group's total counts all of them,
            tagged or not.
        level: The tag column.
        by: Grouping columns of ``papers``.
        keep: Only these tags (default: all).

    Returns:
        ``*by``, ``level``, ``papers`` (tagged papers), ``total`` (papers in the group) and
        ``share`` (``100 * papers / total``, two decimals); no row for a tag absent from a group.
    """
    tagged = tags.merge(papers[["paper_id", *by]], on="paper_id")
    if keep is not None:
        tagged = tagged[tagged[level].isin(list(keep))]
    if tagged.empty:
        return tag_rates_from_counts(pd.DataFrame(), pd.DataFrame(), level, by)
    totals = papers.groupby(by, dropna=False).size().reset_index(name="total")
    counts = (
        tagged.groupby([*by, level], dropna=False)["paper_id"].nunique().reset_index(name="papers")
    )
    return tag_rates_from_counts(totals, counts, level, by)


def tag_rates_from_counts(
    totals: pd.DataFrame, counts: pd.DataFrame, level: str, by: list[str]
) -> pd.DataFrame:
    """:func:`tag_rates` from ``totals`` (``*by``, ``total``) and ``counts`` (``*by``,
    ``level``, ``papers``), counts already made (e.g. by SQL)."""
    cols = [*by, level, "papers", "total", "share"]
    if counts.empty:
        return pd.DataFrame(columns=cols)
    out = counts.merge(totals, on=by)
    out["share"] = (100 * out["papers"] / out["total"]).round(2)
    return out[cols]


def tag_grid(
    tags: pd.DataFrame, papers: pd.DataFrame, level: str = "theme", by: str = "venue_label"
) -> pd.DataFrame:
    """Every ``by`` × tag cell, 0 where no paper of the group has the tag (not a blank hole).

    Groups are all those of ``papers``; tags are those carried by at least one of them.

    Returns:
        ``by``, ``level``, ``papers``, ``total`` and ``share`` (% of the group's papers, one
        decimal); empty when no paper of ``papers`` is tagged.
    """
    tagged = tags.merge(papers[["paper_id", by]], on="paper_id")
    if tagged.empty:
        return tag_grid_from_counts(pd.DataFrame(), pd.DataFrame(), level, by)
    counts = tagged.groupby([by, level])["paper_id"].nunique().reset_index(name="papers")
    totals = papers.groupby(by).size().reset_index(name="total")
    return tag_grid_from_counts(totals, counts, level, by)


def tag_grid_from_counts(
    totals: pd.DataFrame, counts: pd.DataFrame, level: str = "theme", by: str = "venue_label"
) -> pd.DataFrame:
    """:func:`tag_grid` from ``totals`` (``by``, ``total``: every group in view) and
    ``counts`` (``by``, ``level``, ``papers``: groups with the tag), e.g. made by SQL.

    Cells are ordered by group, then tag.
    """
    cols = [by, level, "papers", "total", "share"]
    if counts.empty:
        return pd.DataFrame(columns=cols)
    grid = pd.MultiIndex.from_product(
        [sorted(totals[by].unique()), sorted(counts[level].unique())], names=[by, level]
    ).to_frame(index=False)
    out = grid.merge(counts, how="left", on=[by, level]).fillna({"papers": 0})
    out = out.merge(totals[[by, "total"]], on=by)
    out["papers"] = out["papers"].astype(int)
    out["share"] = (100 * out["papers"] / out["total"]).round(1)
    return out[cols]


# --- Techniques --------------------------------------------------------------------------------


def papers_tagged(tech: pd.DataFrame, picked: Iterable[str], mode: str = "any") -> set[str]:
    """Ids of papers carrying any (``mode="any"``) or all (``"all"``) picked techniques."""
    sets = [set(tech.loc[tech["technique"] == t, "paper_id"]) for t in picked]
    if not sets:
        return set()
    return set.union(*sets) if mode == "any" else set.intersection(*sets)


def technique_evidence(
    tech: pd.DataFrame, ids: Iterable[str], picked: Iterable[str], titles: pd.DataFrame
) -> pd.DataFrame:
    """One row per paper of ``ids``: the picked techniques it carries and the text that matched.

    Args:
        tech: The ``techniques`` rows.
        ids: Papers to list.
        picked: Techniques to report.
        titles: ``paper_id``, ``title``, ``venue_label`` of the papers.

    Returns:
        ``title``, ``venue_label``, ``techniques`` (in order of evidence, ", "-joined),
        ``evidence`` (" · "-joined, duplicates once) and ``paper_id``, by venue then title.
    """
    cols = ["title", "venue_label", "techniques", "evidence", "paper_id"]
    picked = list(picked)
    hits = tech[is_in(tech["paper_id"], ids) & tech["technique"].isin(picked)]
    if hits.empty:
        return pd.DataFrame(columns=cols)
    hits = hits[["paper_id", "technique", "evidence"]].astype({"evidence": str})

    def joined(column: str, sep: str) -> pd.Series:
        # one row per paper and value, joined per paper in order of evidence (no per-group
        # Python lambda: on 9k papers that took seconds)
        rows = hits[["paper_id", column]].drop_duplicates()
        if not rows["paper_id"].duplicated().any():
            return rows.set_index("paper_id")[column]
        return rows.groupby("paper_id", sort=False)[column].agg(sep.join)

    per_paper = pd.DataFrame(
        {"techniques": joined("technique", ", "), "evidence": joined("evidence", " · ")}
    ).reset_index(names="paper_id")
    out = per_paper.merge(titles[["paper_id", "title", "venue_label"]], on="paper_id", how="left")
    return out[cols].sort_values(["venue_label", "title"]).reset_index(drop=True)


def co_occurring(
    tech: pd.DataFrame, ids: Iterable[str], picked: Iterable[str], k: int | None = 20
) -> pd.DataFrame:
    """The ``k`` (None: all) techniques, besides ``picked``, on most of the papers ``ids``.

    Returns:
        ``technique``, ``papers``.
    """
    others = tech[is_in(tech["paper_id"], ids) & ~tech["technique"].isin(list(picked))]
    out = papers_per(others, "technique")
    return out if k is None else out.head(k)
