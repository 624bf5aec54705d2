"""Keywords and emerging topics: top terms per group, keyword shifts between periods, rising
terms by log-odds with an informative prior, default periods and comparable venues.

Pure functions, no Streamlit (see :mod:`dashboard.analytics`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import pandas as pd

from dashboard.analytics.statistics import is_in


# --- Keywords ----------------------------------------------------------------------------------

RANKINGS = ("papers", "distinctive")


def group_sizes(groups: pd.DataFrame, by: str) -> pd.Series:
    """Papers per group (a venue, a theme) of ``groups`` (``paper_id``, ``by``), largest first."""
    return groups.groupby(by)["paper_id"].nunique().sort_values(ascending=False, kind="stable")


def group_members(groups: pd.DataFrame, by: str, group: str) -> list[str]:
    """Ids of the papers of one group."""
    return groups.loc[groups[by] == group, "paper_id"].drop_duplicates().tolist()


def top_terms(
    kw: pd.DataFrame,
    members: Iterable[str],
    k: int,
    rank: str = "papers",
    n_papers: int | None = None,
) -> pd.DataFrame:
    """The ``k`` top keywords of the papers ``members`` among all papers of ``kw``.

    Args:
        kw: Distinct ``paper_id``, ``keyword`` rows of every paper in view.
        members: Paper ids of the group (a venue, a theme).
        k: Rows to return.
        rank: ``papers``: most papers first. ``distinctive``: highest ratio of the keyword's
            share in the group to its share in all papers (``x overall``), among keywords of at
            least 3 papers and 1% of the group, so that "learning" or "networks", frequent
            everywhere, give way to what sets the group apart.
        n_papers: Papers in view, keywords or not (default: the papers in ``kw``).

    Returns:
        Columns ``keyword``, ``papers`` (in the group), ``% of papers`` (of the group),
        ``x overall``.
    """
    if rank not in RANKINGS:
        raise ValueError(f"rank must be one of {RANKINGS}, not {rank!r}")
    ids = set(members)
    n_all = n_papers if n_papers is not None else kw["paper_id"].nunique()
    overall = kw.groupby("keyword")["paper_id"].nunique()
    inside = kw[kw["paper_id"].isin(ids)].groupby("keyword")["paper_id"].nunique()
    return top_terms_from_counts(inside, overall, len(ids), n_all, k, rank)


def top_terms_from_counts(
    inside: pd.Series, overall: pd.Series, n_group: int, n_all: int, k: int, rank: str = "papers"
) -> pd.DataFrame:
    """:func:`top_terms` from counts already made (e.g. by SQL).

    Args:
        inside: Papers of the group per keyword (index: keyword).
        overall: Papers in view per keyword (index: keyword; every keyword of ``inside``).
        n_group: Papers of the group.
        n_all: Papers in view, keywords or not.
        k: Rows to return.
        rank: As :func:`top_terms`.
    """
    if rank not in RANKINGS:
        raise ValueError(f"rank must be one of {RANKINGS}, not {rank!r}")
    n_group, n_all = max(n_group, 1), max(n_all, 1)
    out = inside.rename("papers").to_frame()
    out["% of papers"] = (100 * out["papers"] / n_group).round(1)
    out["x overall"] = ((out["papers"] / n_group) / (overall[out.index] / n_all)).round(2)
    out = out.reset_index(names="keyword")
    if rank == "distinctive":
        out = out[out["papers"] >= max(3, math.ceil(0.01 * n_group))]
        order = ["x overall", "papers", "keyword"]
    else:
        order = ["papers", "x overall", "keyword"]
    out = out.sort_values(order, ascending=[False, False, True])
    return out.head(k).reset_index(drop=True)


def keyword_shift(
    kw: pd.DataFrame, papers: pd.DataFrame, a: int, b: int, min_papers: int = 1
) -> pd.DataFrame:
    """Each keyword's share of the papers of year ``a`` and of year ``b``.

    Only keywords on at least ``min_papers`` papers in one of the two years are kept.

    Returns:
        ``keyword``, ``papers_{a}``, ``papers_{b}``, ``share_{a}``, ``share_{b}`` (% of that
        year's papers, keywords or not) and ``change`` (``share_{b} - share_{a}``, points),
        largest rise first.
    """
    counts, totals = {}, {}
    for y in (a, b):
        ids = papers.loc[papers["year"] == y, "paper_id"]
        counts[y] = kw[kw["paper_id"].isin(ids)].groupby("keyword")["paper_id"].nunique()
        totals[y] = len(ids)
    return keyword_shift_from_counts(counts, totals, a, b, min_papers)


def keyword_shift_from_counts(
    counts: dict[int, pd.Series], totals: dict[int, int], a: int, b: int, min_papers: int = 1
) -> pd.DataFrame:
    """:func:`keyword_shift` from counts already made (e.g. by SQL).

    Args:
        counts: Per year (``a`` and ``b``), papers per keyword (index: keyword).
        totals: Per year, the papers compared (keywords or not).
        a: The earlier year.
        b: The later year.
        min_papers: As :func:`keyword_shift`.
    """
    totals = {y: max(int(totals.get(y, 0)), 1) for y in (a, b)}
    both = pd.DataFrame({f"papers_{a}": counts[a], f"papers_{b}": counts[b]}).fillna(0)
    both = both.astype(int)
    both = both[(both[f"papers_{a}"] >= min_papers) | (both[f"papers_{b}"] >= min_papers)]
    both[f"share_{a}"] = 100 * both[f"papers_{a}"] / totals[a]
    both[f"share_{b}"] = 100 * both[f"papers_{b}"] / totals[b]
    both["change"] = both[f"share_{b}"] - both[f"share_{a}"]
    both = both.reset_index(names="keyword")
    both = both.sort_values(["change", "keyword"], ascending=[False, True])
    return both.reset_index(drop=True)


def biggest_moves(shift: pd.DataFrame, k: int = 12) -> pd.DataFrame:
    """The ``k`` most rising and ``k`` most falling keywords of :func:`keyword_shift`.

    Keywords whose share did not change are left out.
    """
    moves = pd.concat([shift.head(k), shift.tail(k)]).drop_duplicates("keyword")
    return moves[moves["change"] != 0].reset_index(drop=True)


# --- Emerging topics ------------------------------------------------------------------------------


def log_odds_prior(
    a: pd.Series, n_a: int, b: pd.Series, n_b: int, prior: pd.Series | None = None
) -> pd.DataFrame:
    """Log-odds ratios with an informative Dirichlet prior (Monroe, Colaresi & Quinn 2008).

    Counts are papers: ``a[w]`` of the ``n_a`` papers of period A carry term ``w``, ``b[w]``
    of the ``n_b`` papers of period B. The prior counts ``α_w`` default to the pooled counts
    ``a + b`` (the paper's informative prior from the whole corpus), with ``α0 = n_a + n_b``::

        δ_w = log((b_w + α_w) / (n_b + α0 − b_w − α_w)) − log((a_w + α_w) / (n_a + α0 − a_w − α_w))
        var(δ_w) ≈ 1 / (b_w + α_w) + 1 / (a_w + α_w),   z_w = δ_w / sqrt(var)

    ``z`` ranks terms: a rise from 1 to 3 papers scores below a rise from 10 to 30, unlike a
    plain ratio of shares.

    Returns:
        ``term``, ``papers_a``, ``papers_b``, ``share_a``, ``share_b`` (% of the period's
        papers), ``delta`` and ``z``, highest ``z`` first.
    """
    both = pd.DataFrame({"papers_a": a, "papers_b": b}).fillna(0)
    both = both[(both["papers_a"] + both["papers_b"]) > 0]
    ya, yb = both["papers_a"].astype(float), both["papers_b"].astype(float)
    alpha = (ya + yb) if prior is None else prior.reindex(both.index).fillna(0).astype(float)
    alpha0 = float(n_a + n_b) if prior is None else float(alpha.sum())
    import numpy as np

    with np.errstate(divide="ignore", invalid="ignore"):
        delta = np.log((yb + alpha) / (n_b + alpha0 - yb - alpha)) - np.log(
            (ya + alpha) / (n_a + alpha0 - ya - alpha)
        )
        z = delta / np.sqrt(1 / (yb + alpha) + 1 / (ya + alpha))
    out = both.astype(int).assign(
        share_a=100 * ya / max(n_a, 1),
        share_b=100 * yb / max(n_b, 1),
        delta=delta,
        z=z,
    )
    out = out.reset_index(names="term")
    return out.sort_values(["z", "term"], ascending=[False, True]).reset_index(drop=True)


def growth_factor(papers_a, n_a: int, papers_b, n_b: int):
    """How many times a term's share of papers grew from period A (``papers_a`` of ``n_a``
    papers) to B, add-one smoothed: ``((b + 1) / (n_b + 1)) / ((a + 1) / (n_a + 1))``, finite
    when A has none (scalars or Series)."""
    return ((papers_b + 1) / (n_b + 1)) / ((papers_a + 1) / (n_a + 1))


def rising_terms(
    hits: pd.DataFrame,
    papers: pd.DataFrame,
    years_a: Iterable[int],
    years_b: Iterable[int],
    term: str = "term",
    min_papers: int = 3,
) -> tuple[pd.DataFrame, int, int]:
    """Terms ranked by how much more papers of period B carry them than papers of period A.

    Args:
        hits: ``paper_id`` and the ``term`` column (distinct rows).
        papers: Papers in view (``paper_id``, ``year``).
        years_a: Years of the earlier period.
        years_b: Years of the later period.
        term: The term column.
        min_papers: Keep terms with at least this many papers in the two periods together.

    Returns:
        :func:`log_odds_prior` rows (``term`` renamed back to ``term``) and the number of papers
        in A and in B.
    """
    ya, yb = {int(y) for y in years_a}, {int(y) for y in years_b}
    yr = pd.to_numeric(papers["year"], errors="coerce")
    ids_a = papers.loc[yr.isin(ya), "paper_id"].drop_duplicates()
    ids_b = papers.loc[yr.isin(yb), "paper_id"].drop_duplicates()
    h = hits[["paper_id", term]].drop_duplicates()
    ca = h[is_in(h["paper_id"], ids_a)].groupby(term)["paper_id"].nunique()
    cb = h[is_in(h["paper_id"], ids_b)].groupby(term)["paper_id"].nunique()
    out = log_odds_prior(ca, len(ids_a), cb, len(ids_b))
    out = out[out["papers_a"] + out["papers_b"] >= min_papers].reset_index(drop=True)
    return out.rename(columns={"term": term}), len(ids_a), len(ids_b)
