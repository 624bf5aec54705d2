"""What the pages compute: pure functions, DataFrames in, DataFrames or numbers out.

No Streamlit here. A page loads frames (``dashboard.data``), hands them to these functions and
lays out the results (``dashboard.charts``, ``st.*``), so every number on a page can be tested on
small hand-built frames (``tests/test_analytics.py``).

Frames follow the published tables (``extract/schema.py``): ``papers`` has ``paper_id``,
``venue``, ``year``, ``venue_label``; a tag frame has ``paper_id`` and ``technique`` or ``theme``
(one row per paper and tag, see ``dashboard.data.tag_table``); ``kw`` has ``paper_id`` and
``keyword`` (one row per paper and term, see ``dashboard.data.keyword_terms``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import pandas as pd

from dashboard.charts import human_params
from extract.schema import TABLES, Table

UNKNOWN = "unknown"
NO_THEME = "(no theme)"
UNCLEAR_METRIC = "(unclear)"


# --- shared ------------------------------------------------------------------------------------


def known_venue(papers: pd.DataFrame) -> pd.DataFrame:
    """``papers`` with a missing venue written as ``unknown`` (a group of its own in charts)."""
    return papers.assign(venue=papers["venue"].fillna(UNKNOWN))


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


def venue_order(papers: pd.DataFrame) -> list[str]:
    """``venue_label`` values in time order (year, then venue): the x order of venue charts."""
    first = papers.drop_duplicates("venue_label")
    return first.sort_values(["year", "venue"], na_position="last")["venue_label"].tolist()


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


def papers_per_venue_year(papers: pd.DataFrame) -> pd.DataFrame:
    """Papers per venue and year.

    Returns:
        ``venue`` (missing: ``unknown``), ``year``, ``venue_label``, ``papers``.
    """
    return (
        known_venue(papers)
        .groupby(["venue", "year", "venue_label"], dropna=False)
        .size()
        .reset_index(name="papers")
    )


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
    cols = [*by, level, "papers", "total", "share"]
    tagged = tags.merge(papers[["paper_id", *by]], on="paper_id")
    if keep is not None:
        tagged = tagged[tagged[level].isin(list(keep))]
    if tagged.empty:
        return pd.DataFrame(columns=cols)
    totals = papers.groupby(by, dropna=False).size().reset_index(name="total")
    counts = (
        tagged.groupby([*by, level], dropna=False)["paper_id"].nunique().reset_index(name="papers")
    )
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
    cols = [by, level, "papers", "total", "share"]
    tagged = tags.merge(papers[["paper_id", by]], on="paper_id")
    if tagged.empty:
        return pd.DataFrame(columns=cols)
    counts = tagged.groupby([by, level])["paper_id"].nunique().reset_index(name="papers")
    grid = pd.MultiIndex.from_product(
        [papers[by].unique(), tagged[level].unique()], names=[by, level]
    ).to_frame(index=False)
    out = grid.merge(counts, how="left", on=[by, level]).fillna({"papers": 0})
    out = out.merge(papers.groupby(by).size().reset_index(name="total"), on=by)
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
    hits = tech[tech["paper_id"].isin(set(ids)) & tech["technique"].isin(picked)]
    if hits.empty:
        return pd.DataFrame(columns=cols)
    per_paper = (
        hits.groupby("paper_id", sort=False)
        .agg(
            techniques=("technique", lambda s: ", ".join(dict.fromkeys(s))),
            evidence=("evidence", lambda s: " · ".join(dict.fromkeys(s.astype(str)))),
        )
        .reset_index()
    )
    out = per_paper.merge(titles[["paper_id", "title", "venue_label"]], on="paper_id", how="left")
    return out[cols].sort_values(["venue_label", "title"]).reset_index(drop=True)


def co_occurring(
    tech: pd.DataFrame, ids: Iterable[str], picked: Iterable[str], k: int = 20
) -> pd.DataFrame:
    """The ``k`` techniques, besides ``picked``, on most of the papers ``ids``.

    Returns:
        ``technique``, ``papers``.
    """
    others = tech[tech["paper_id"].isin(set(ids)) & ~tech["technique"].isin(list(picked))]
    return papers_per(others, "technique").head(k)


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
    n_group = max(len(ids), 1)
    n_all = max(n_papers if n_papers is not None else kw["paper_id"].nunique(), 1)
    overall = kw.groupby("keyword")["paper_id"].nunique()
    inside = kw[kw["paper_id"].isin(ids)].groupby("keyword")["paper_id"].nunique()
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
        totals[y] = max(len(ids), 1)
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


# --- Papers ------------------------------------------------------------------------------------


def search(papers: pd.DataFrame, query: str) -> pd.DataFrame:
    """The papers whose title or abstract contains every word of ``query`` (case-insensitive)."""
    terms = query.lower().split()
    if not terms:
        return papers
    text = (papers["title"].fillna("") + " " + papers["abstract"].fillna("")).str.lower()
    keep = pd.Series(True, index=papers.index)
    for term in terms:
        keep &= text.str.contains(term, regex=False)
    return papers[keep]


def span_rows(text: str, spans: Iterable) -> pd.DataFrame:
    """The spans of one abstract as a table, in text order.

    Returns:
        ``kind``, ``text`` (as in the abstract), ``what`` (the tooltip label), ``start``, ``end``.
    """
    rows = [
        {
            "kind": s.kind,
            "text": text[int(s.start) : int(s.end)],
            "what": s.label,
            "start": int(s.start),
            "end": int(s.end),
        }
        for s in spans
    ]
    out = pd.DataFrame(rows, columns=["kind", "text", "what", "start", "end"])
    return out.sort_values(["start", "end"], kind="stable").reset_index(drop=True)


def paper_rows(df: pd.DataFrame, table: str, paper_id: str) -> pd.DataFrame:
    """The rows of one paper in ``table``, in the table's order (``Table.sort_keys``)."""
    rows = df[df["paper_id"] == paper_id]
    keys = list(TABLES[table].sort_keys)
    return rows.sort_values(keys, kind="stable") if keys else rows


# --- Data --------------------------------------------------------------------------------------


def column_table(table: Table) -> pd.DataFrame:
    """The published columns of ``table``: ``column``, ``type``, ``meaning``."""
    return pd.DataFrame(
        [{"column": c.name, "type": c.type, "meaning": c.description} for c in table.columns],
        columns=["column", "type", "meaning"],
    )
