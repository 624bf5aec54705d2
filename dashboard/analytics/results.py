"""Results: measures, value distributions and the results of one benchmark.

Pure functions, no Streamlit (see :mod:`dashboard.analytics`).
"""

from __future__ import annotations

from collections.abc import Iterable

import pandas as pd

from dashboard.analytics.statistics import UNCLEAR_METRIC


# --- Results -----------------------------------------------------------------------------------


def with_measures(metrics: pd.DataFrame) -> pd.DataFrame:
    """``metrics`` with ``metric`` filled (``(unclear)``) and ``measure`` = ``metric [unit]``."""
    metric = metrics["metric"].fillna(UNCLEAR_METRIC)
    unit = metrics["unit"].fillna("?")
    return metrics.assign(metric=metric, measure=metric + " [" + unit + "]")


def select_results(
    metrics: pd.DataFrame,
    metric: Iterable[str] = (),
    unit: Iterable[str] = (),
    benchmark: Iterable[str] = (),
) -> pd.DataFrame:
    """The rows whose metric, unit and benchmark are among the chosen ones (empty: any)."""
    view = metrics
    for column, chosen in (("metric", metric), ("unit", unit), ("benchmark", benchmark)):
        chosen = list(chosen)
        if chosen:
            view = view[view[column].isin(chosen)]
    return view


def units_by_frequency(results: pd.DataFrame) -> list[str]:
    """Units of the ``results`` that have a value (missing unit: ``?``), most reported first."""
    return results.dropna(subset=["value"])["unit"].fillna("?").value_counts().index.tolist()


def value_distribution(results: pd.DataFrame, unit: str | None, top: int = 15) -> pd.DataFrame:
    """Values in one ``unit`` (``?``: none; None: any) of the ``top`` most reported measures.

    Returns:
        ``measure``, ``metric``, ``unit``, ``value``, ``text``, ``title``, ``paper_id``.
    """
    cols = ["measure", "metric", "unit", "value", "text", "title", "paper_id"]
    dist = results[cols].dropna(subset=["value"])
    if unit is not None:
        dist = dist[dist["unit"].fillna("?") == unit]
    top_measures = dist["measure"].value_counts().head(top).index
    return dist[dist["measure"].isin(top_measures)]


def is_skewed(values: pd.Series, factor: float = 20) -> bool:
    """True when the largest absolute value exceeds ``factor`` times the median one.

    A log axis then reads better.
    """
    vals = pd.to_numeric(values, errors="coerce").abs().dropna()
    return bool(len(vals)) and bool(vals.max() > factor * max(vals.median(), 1e-9))


def benchmarks_by_frequency(results: pd.DataFrame) -> list[str]:
    """Benchmarks named next to a value, most reported first."""
    return results["benchmark"].dropna().value_counts().index.tolist()


def benchmark_results(results: pd.DataFrame, benchmark: str) -> pd.DataFrame:
    """The values reported on one benchmark.

    Returns:
        ``title``, ``value``, ``measure``, ``text``, ``paper_id``.
    """
    rows = results[results["benchmark"] == benchmark]
    return rows[["title", "value", "measure", "text", "paper_id"]].reset_index(drop=True)
