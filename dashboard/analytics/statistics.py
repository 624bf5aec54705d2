"""Shared helpers of every page: venue and year columns, shares, percentages, fast membership,
and the Overview page's numbers.

Pure functions, no Streamlit (see :mod:`dashboard.analytics`).
"""

from __future__ import annotations

from collections.abc import Iterable

import pandas as pd



UNKNOWN = "unknown"
NO_THEME = "(no theme)"
UNCLEAR_METRIC = "(unclear)"


# --- shared ------------------------------------------------------------------------------------


def known_venue(papers: pd.DataFrame) -> pd.DataFrame:
    """``papers`` with a missing venue written as ``unknown`` (a group of its own in charts)."""
    return papers.assign(venue=papers["venue"].fillna(UNKNOWN))


def is_in(values: pd.Series, members: Iterable) -> pd.Series:
    """``values.isin(members)``, fast for many members.

    pandas' ``isin`` on Arrow-backed strings builds one Arrow scalar per member (0.3 s for
    47k paper ids); ``pyarrow.compute.is_in`` over one array takes 15 ms.
    """
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    if not isinstance(members, (list, pd.Series, pd.Index, np.ndarray)):
        members = list(members)
    if len(members) < 64 or values.dtype.kind not in "OUT" and str(values.dtype) != "str":
        return values.isin(list(members))
    try:
        arr = pa.array(values.astype(object), type=pa.string(), from_pandas=True)
        vset = pa.array(
            pd.Series(members, dtype=object).astype(object), type=pa.string(), from_pandas=True
        )
    except (pa.ArrowInvalid, pa.ArrowTypeError):
        return values.isin(list(members))
    mask = np.asarray(pc.is_in(arr, value_set=vset).fill_null(False), dtype=bool)
    return pd.Series(mask, index=values.index)


def paper_share(rows: pd.DataFrame, n_papers: int) -> float | None:
    """Fraction of ``n_papers`` with at least one row in ``rows``; None when there is no paper."""
    if not n_papers:
        return None
    if rows.empty:
        return 0.0
    return rows["paper_id"].nunique() / n_papers


def papers_per(df: pd.DataFrame, column: str) -> pd.DataFrame:
    """Distinct papers per value of ``column``: ``column``, ``papers``, most papers first."""
    if df.empty:
        return pd.DataFrame(columns=[column, "papers"])
    out = df.groupby(column)["paper_id"].nunique().reset_index(name="papers")
    return out.sort_values(["papers", column], ascending=[False, True]).reset_index(drop=True)


def years(papers: pd.DataFrame) -> list[int]:
    """The distinct known years of ``papers``, ascending."""
    return sorted(int(y) for y in pd.to_numeric(papers["year"], errors="coerce").dropna().unique())


def pct_label(fraction: float | None) -> str:
    """A share for people: ``0.17`` -> ``17%``, ``0.004`` -> ``0.4%`` (one decimal under 1%).

    ``None`` -> ``–``; a share that is not zero never reads ``0%``.
    """
    if fraction is None or pd.isna(fraction):
        return "–"
    pct = 100 * float(fraction)
    if pct == 0:
        return "0%"
    if abs(pct) < 1:
        return f"{pct:.1f}%" if abs(pct) >= 0.05 else "<0.1%"
    return f"{pct:.0f}%"


def hidden_rejections(papers: pd.DataFrame) -> int:
    """Papers whose status says rejected or withdrawn (``accepted`` is False)."""
    return int((papers["accepted"].astype("boolean") == False).sum())  # noqa: E712


# --- Overview ----------------------------------------------------------------------------------


def overview_numbers(
    papers: pd.DataFrame,
    model_sizes: pd.DataFrame,
    metrics: pd.DataFrame,
    methods: pd.DataFrame,
) -> dict[str, int | float | None]:
    """The Overview's headline numbers for the (filtered) ``papers`` and their extraction rows.

    Returns:
        ``papers``, ``venues``, ``years`` (distinct known values) and the fractions of papers
        ``with_size``, ``with_metric`` and ``proposing`` (a method with role ``proposed``);
        fractions are None without papers.
    """
    n = len(papers)
    proposed = methods[methods["role"] == "proposed"] if len(methods) else methods
    return {
        "papers": n,
        "venues": int(papers["venue"].nunique()),
        "years": int(papers["year"].nunique()),
        "with_size": paper_share(model_sizes, n),
        "with_metric": paper_share(metrics, n),
        "proposing": paper_share(proposed, n),
    }
