"""Model sizes: valid rows, summaries, points per paper, ranking and the size trend.

Pure functions, no Streamlit (see :mod:`dashboard.analytics`).
"""

from __future__ import annotations

import pandas as pd

from dashboard.charts import human_params
from dashboard.analytics.rates import gap_segments
from dashboard.analytics.statistics import NO_THEME, known_venue


# --- Model sizes -------------------------------------------------------------------------------


def valid_sizes(sizes: pd.DataFrame) -> pd.DataFrame:
    """The ``model_sizes`` rows with a positive parameter count."""
    return sizes[pd.to_numeric(sizes["params"], errors="coerce") > 0]


def size_summary(sizes: pd.DataFrame, n_papers: int) -> dict[str, int | float | None]:
    """Counts for the Model sizes page from valid ``sizes`` of ``n_papers`` papers.

    Returns:
        ``with_size`` and ``without_size`` (papers), ``sizes`` (rows), ``median`` (parameters,
        None without sizes) and ``without_share`` (fraction of papers with no size, None without
        papers).
    """
    with_size = int(sizes["paper_id"].nunique())
    return {
        "with_size": with_size,
        "without_size": n_papers - with_size,
        "sizes": len(sizes),
        "median": float(sizes["params"].median()) if len(sizes) else None,
        "without_share": (n_papers - with_size) / n_papers if n_papers else None,
    }


def size_points(sizes: pd.DataFrame) -> pd.DataFrame:
    """Sizes joined to their papers (``title``, ``venue``, ``venue_label``) as chart points.

    Returns:
        ``venue`` (missing: ``unknown``), ``params``, ``label`` (``model (as written)``, or as
        written when no model is named), ``title``, ``venue_label``, ``paper_id``.
    """
    model = sizes["model"].astype("object")
    named = model.map(lambda m: isinstance(m, str) and bool(m))
    text = sizes["text"].astype(str)
    label = text.where(~named, model.astype(str) + " (" + text + ")")
    out = known_venue(sizes).assign(label=label)
    return out[["venue", "params", "label", "title", "venue_label", "paper_id"]]


def sizes_by_tag(points: pd.DataFrame, tags: pd.DataFrame, level: str = "theme") -> pd.DataFrame:
    """``points`` once per tag of their paper; a paper without a tag gets ``(no theme)``."""
    out = points.merge(tags[["paper_id", level]], on="paper_id", how="left")
    return out.fillna({level: NO_THEME})


def sizes_ranked(points: pd.DataFrame) -> pd.DataFrame:
    """Every size, largest first.

    Returns:
        ``params``, ``size`` (``7B``), ``label``, ``title``, ``venue_label``, ``paper_id``.
    """
    out = points[["params", "label", "title", "venue_label", "paper_id"]].sort_values(
        "params", ascending=False, kind="stable"
    )
    out.insert(1, "size", out["params"].map(human_params))
    return out.reset_index(drop=True)


def size_trend(sizes: pd.DataFrame, papers: pd.DataFrame, by: str = "group") -> pd.DataFrame:
    """Parameter counts per ``by`` series and year: median and spread, papers with and without.

    A paper counts once, with the largest size its abstract states (its headline model).

    Returns:
        ``by``, ``year``, ``papers`` (all papers of the series that year), ``with_size``,
        ``without_size``, ``median``, ``q25``, ``q75``, ``min``, ``max`` (parameters; NaN
        without sizes) and ``segment`` (:func:`gap_segments`).
    """
    cols = [
        by,
        "year",
        "papers",
        "with_size",
        "without_size",
        "median",
        "q25",
        "q75",
        "min",
        "max",
        "segment",
    ]
    p = papers.dropna(subset=["year"])[["paper_id", by, "year"]]
    if p.empty:
        return pd.DataFrame(columns=cols)
    p = p.assign(year=p["year"].astype(int))
    s = sizes.assign(params=pd.to_numeric(sizes["params"], errors="coerce"))
    s = s[s["params"] > 0].groupby("paper_id")["params"].max().rename("params").reset_index()
    per_paper = p.merge(s, on="paper_id", how="left")
    g = per_paper.groupby([by, "year"])["params"]
    out = pd.DataFrame(
        {
            "papers": g.size(),
            "with_size": g.count(),
            "median": g.median(),
            "q25": g.quantile(0.25),
            "q75": g.quantile(0.75),
            "min": g.min(),
            "max": g.max(),
        }
    ).reset_index()
    out["without_size"] = out["papers"] - out["with_size"]
    out["segment"] = gap_segments(out, [by])
    return out[cols]
