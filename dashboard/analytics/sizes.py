"""Model sizes: valid rows, summaries, points per paper, ranking and the size trend.

Pure functions, no Streamlit (see :mod:`dashboard.analytics`).
"""

from __future__ import annotations

import pandas as pd

from dashboard.analytics.rates import gap_segments
from dashboard.analytics.statistics import NO_THEME, known_venue


def human_params(n: float | None) -> str:
    """``7e9`` -> ``7B``, ``4.54e8`` -> ``454M``."""
    if n is None or pd.isna(n):
        return "–"
    for div, suffix in ((1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "K")):
        if abs(n) >= div:
            return f"{n / div:.3g}{suffix}"
    return f"{n:.3g}"


# --- Model sizes -------------------------------------------------------------------------------

# The roles of ``model_sizes.role``: the paper's own model, a model it compares against, a bound
# or range that is no model's size, the parameters a method trains or adds. Size charts show own
# models unless asked for more; a row without a role (a database built before roles) counts as
# own.
SIZE_ROLES = ("own", "baseline", "threshold", "trainable")
SIZE_ROLE_LABELS = {
    "own": "the papers' own models",
    "baseline": "baselines compared against",
    "threshold": "thresholds and ranges",
    "trainable": "parameters a method trains or adds",
}
# A median of fewer papers than this is drawn as a point, never joined by a line.
MIN_TREND_PAPERS = 5


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
        written when no model is named), ``role`` (``own`` when the rows have none), ``title``,
        ``venue_label``, ``paper_id``.
    """
    model = sizes["model"].astype("object")
    named = model.map(lambda m: isinstance(m, str) and bool(m))
    text = sizes["text"].astype(str)
    label = text.where(~named, model.astype(str) + " (" + text + ")")
    role = sizes["role"].astype("object") if "role" in sizes.columns else None
    role = "own" if role is None else role.where(role.notna(), "own")
    out = known_venue(sizes).assign(label=label, role=role)
    return out[["venue", "params", "label", "role", "title", "venue_label", "paper_id"]]


def sizes_by_tag(points: pd.DataFrame, tags: pd.DataFrame, level: str = "theme") -> pd.DataFrame:
    """``points`` once per tag of their paper; a paper without a tag gets ``(no theme)``."""
    out = points.merge(tags[["paper_id", level]], on="paper_id", how="left")
    return out.fillna({level: NO_THEME})


def sizes_ranked(points: pd.DataFrame) -> pd.DataFrame:
    """Every size, largest first.

    Returns:
        ``params``, ``size`` (``7B``), ``label``, ``role``, ``title``, ``venue_label``,
        ``paper_id``.
    """
    out = points[["params", "label", "role", "title", "venue_label", "paper_id"]].sort_values(
        "params", ascending=False, kind="stable"
    )
    out.insert(1, "size", out["params"].map(human_params))
    return out.reset_index(drop=True)


# the columns of a size trend after its ``by`` column (:func:`size_trend`)
TREND_COLUMNS = ("year", "papers", "with_size", "without_size", "median", "q25", "q75", "min",
                 "max", "line", "segment")


def size_trend(sizes: pd.DataFrame, papers: pd.DataFrame, by: str = "group") -> pd.DataFrame:
    """Parameter counts per ``by`` series and year: median and spread, papers with and without.

    A paper counts once, with the largest size its abstract states (its headline model).

    Returns:
        ``by``, ``year``, ``papers`` (all papers of the series that year), ``with_size``,
        ``without_size``, ``median``, ``q25``, ``q75``, ``min``, ``max`` (parameters; NaN
        without sizes), ``line`` (True when at least :data:`MIN_TREND_PAPERS` papers state a
        size: a median worth joining by a line) and ``segment`` (:func:`gap_segments` over the
        ``line`` rows, so a line never crosses a year of fewer papers; -1 on the other rows).
    """
    cols = [by, *TREND_COLUMNS]
    p = papers.dropna(subset=["year"])[["paper_id", by, "year"]]
    if p.empty:
        return pd.DataFrame(columns=cols)
    totals = p.assign(year=p["year"].astype(int)).groupby([by, "year"]).size()
    return size_trend_from_counts(sizes, papers, totals.rename("papers").reset_index(), by)


def size_trend_from_counts(
    sizes: pd.DataFrame, papers: pd.DataFrame, totals: pd.DataFrame, by: str = "group"
) -> pd.DataFrame:
    """:func:`size_trend` from the papers per series and year (``totals``: ``by``, ``year``,
    ``papers``, e.g. counted by SQL) and the ``papers`` (``paper_id``, ``by``, ``year``) of at
    least the papers with a size: not a frame of every paper in view."""
    cols = [by, *TREND_COLUMNS]
    t = totals.dropna(subset=["year"])
    if t.empty:
        return pd.DataFrame(columns=cols)
    t = t.assign(year=t["year"].astype(int)).groupby([by, "year"])["papers"].sum()
    p = papers.dropna(subset=["year"])[["paper_id", by, "year"]]
    p = p.assign(year=p["year"].astype(int))
    s = sizes.assign(params=pd.to_numeric(sizes["params"], errors="coerce"))
    s = s[s["params"] > 0].groupby("paper_id")["params"].max().rename("params").reset_index()
    g = p.merge(s, on="paper_id", how="inner").groupby([by, "year"])["params"]
    stats = pd.DataFrame(
        {
            "with_size": g.count(),
            "median": g.median(),
            "q25": g.quantile(0.25),
            "q75": g.quantile(0.75),
            "min": g.min(),
            "max": g.max(),
        }
    )
    out = pd.DataFrame({"papers": t.astype("int64")}).join(stats, how="left").reset_index()
    out["with_size"] = out["with_size"].fillna(0).astype("int64")
    for c in ("median", "q25", "q75", "min", "max"):
        out[c] = out[c].astype(float)
    out["without_size"] = out["papers"] - out["with_size"]
    out["line"] = out["with_size"] >= MIN_TREND_PAPERS
    solid = out[out["line"]]
    out["segment"] = gap_segments(solid, [by]).reindex(out.index).fillna(-1).astype(int)
    return out[cols]
