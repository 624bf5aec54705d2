"""Cached page computations: the analytics a page shows, for the current data and filters.

A page is re-run on every widget change; on 47k papers one rate table or grid costs 0.1-0.3 s.
Each function here is keyed by what determines its result (the data files, the filters and the
page's own choices), calls the pure functions of :mod:`dashboard.analytics` once per key and
hands out a copy of the result (``st.cache_data``, with a TTL and a bounded number of entries).
"""

from __future__ import annotations

from dataclasses import replace

import pandas as pd
import streamlit as st

from dashboard import aggregates, analytics, data, filters


def _spec(f: filters.Filters | None, ignore_tags: bool) -> tuple:
    # ignore_tags: the technique and concept filters pick what Trends charts instead
    f = f if f is not None else filters.current()
    return (replace(f, tags=(), concepts=()) if ignore_tags else f).as_tuple()


@st.cache_data(show_spinner=False, ttl=data.CACHE_TTL, max_entries=32)
def _in_view(key: tuple, spec: tuple, full: bool) -> dict:
    # by SQL counts: the same as len(), years() and the venues of papers(), and for ``full``
    # what analytics.full_coverage keeps (venues with papers in every year; known years only)
    f = filters.Filters.from_tuple(spec)
    counts = aggregates.venue_year_counts(f)
    if not full:
        cond, params = data.where(f)  # the text search as the index resolves it
        venues = data.query(
            "SELECT DISTINCT coalesce(CAST(p.venue AS VARCHAR), 'unknown') AS v "
            f"FROM papers p WHERE {cond}",
            params,
        )["v"]
        return {
            "n": data.filtered_count(f),
            "years": sorted(int(y) for y in counts["year"].unique()),
            "venues": sorted(venues.astype(str)),
            "dropped": (),
        }
    n_years = counts["year"].nunique()
    per = counts.groupby("venue")["year"].nunique()
    kept = sorted(str(v) for v in per.index[per == n_years])
    mine = counts[counts["venue"].isin(kept)]
    return {
        "n": int(mine["papers"].sum()),
        "years": sorted(int(y) for y in mine["year"].unique()),
        "venues": kept,
        "dropped": tuple(sorted(str(v) for v in per.index[per < n_years])),
    }


def in_view(full: bool = False, ignore_tags: bool = True) -> dict:
    """The papers in view, in brief: ``n`` (papers), ``years``, ``venues`` and the venues
    ``dropped`` by ``full`` (only the venues with papers in every year in view; known years).

    Args:
        full: Keep only the venues present in every year in view.
        ignore_tags: Leave the technique and concept filters out (they pick what Trends charts
            instead).
    """
    return _in_view(data.source_key(), _spec(None, ignore_tags), full)


@st.cache_data(show_spinner=False, ttl=data.CACHE_TTL, max_entries=32)
def _coverage(key: tuple, spec: tuple) -> tuple[pd.DataFrame, str | None]:
    cov = analytics.coverage_grid(aggregates.venue_year_counts(filters.Filters.from_tuple(spec)))
    return cov, analytics.venue_mix_note(cov, "venue")


def coverage(ignore_tags: bool = True) -> tuple[pd.DataFrame, str | None]:
    """The venue × year matrix of the papers in view and the note on its changing venue mix."""
    return _coverage(data.source_key(), _spec(None, ignore_tags))


@st.cache_data(show_spinner=False, ttl=data.CACHE_TTL, max_entries=64)
def _adoption(key: tuple, spec: tuple, full: bool, kind: str, term: str) -> dict:
    f = filters.Filters.from_tuple(spec)
    venues = _kept(key, spec, full)
    # counted by DuckDB; only the papers with the term come out (for first seen and top)
    by = ("group", "venue", "year")
    totals, counts = aggregates.term_totals_and_counts(kind, term, by, f, venues)
    terms = [term] if len(counts) else []
    hits = data.term_hits_in_view(kind, f, (term,), venues)
    papers = aggregates.term_papers_in_view(kind, term, f, venues)
    return {
        "rates": analytics.rate_table_from_counts(totals, counts, [*by[:2]], "term", terms),
        "first": analytics.first_seen(hits, papers),
        "top": analytics.term_papers(hits, papers, k=50),
    }


def adoption(kind: str, term: str, full: bool = False) -> dict:
    """One term's ``rates`` per venue-year, ``first`` seen and ``top`` papers (Trends)."""
    return _adoption(data.source_key(), _spec(None, True), full, kind, term)


def _kept(key: tuple, spec: tuple, full: bool) -> tuple[str, ...] | None:
    """The venues ``full`` keeps (None: no restriction), from the cached brief."""
    return tuple(_in_view(key, spec, True)["venues"]) if full else None


@st.cache_data(show_spinner=False, ttl=data.CACHE_TTL, max_entries=32)
def _present_tags(key: tuple, spec: tuple, full: bool, level: str) -> tuple[str, ...]:
    from dashboard.charts import present_in

    domain = data.technique_domain() if level == "technique" else data.theme_domain()
    venues = _kept(key, spec, full)
    _, counts = aggregates.tag_totals_and_counts(
        level, ("venue",), filters.Filters.from_tuple(spec), venues, None, full
    )
    return tuple(present_in(domain, counts[level].unique()))


def present_tags(level: str, full: bool = False) -> list[str]:
    """The tags of one level among the papers in view (``full``: see :func:`in_view`), in the
    shared colour order."""
    return list(_present_tags(data.source_key(), _spec(None, True), full, level))


@st.cache_data(show_spinner=False, ttl=data.CACHE_TTL, max_entries=64)
def _tag_trends(
    key: tuple, spec: tuple, full: bool, level: str, by: str, keep: tuple[str, ...]
) -> tuple[pd.DataFrame, pd.DataFrame]:
    # counted by DuckDB: no paper or tag row of the view leaves the database
    f = filters.Filters.from_tuple(spec)
    venues = _kept(key, spec, full)
    totals, counts = aggregates.tag_totals_and_counts(level, (by, "year"), f, venues, keep, True)
    by_year = analytics.rate_table_from_counts(
        totals, counts.rename(columns={level: "term"}), [by], "term", list(dict.fromkeys(keep))
    ).rename(columns={"term": level})
    totals, counts = aggregates.tag_totals_and_counts(level, ("venue",), f, venues, keep, full)
    per_venue = analytics.tag_rates_from_counts(totals, counts, level, ["venue"])
    return by_year, per_venue


def tag_trends(
    level: str, by: str, keep: list[str], full: bool = False
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Rates of the ``keep`` tags per ``by`` series and year, and per venue (Trends)."""
    return _tag_trends(data.source_key(), _spec(None, True), full, level, by, tuple(keep))


@st.cache_data(show_spinner=False, ttl=data.CACHE_TTL, max_entries=32)
def _theme_grid(key: tuple, spec: tuple, full: bool) -> pd.DataFrame:
    f = filters.Filters.from_tuple(spec)
    venues = _kept(key, spec, full)
    totals, counts = aggregates.tag_totals_and_counts(
        "theme", ("venue_label",), f, venues, None, full
    )
    return analytics.tag_grid_from_counts(totals, counts, "theme", "venue_label")


def theme_grid(full: bool = False) -> pd.DataFrame:
    """Every venue-year × theme cell of the papers in view (Trends heatmap)."""
    return _theme_grid(data.source_key(), _spec(None, True), full)


@st.cache_data(show_spinner=False, ttl=data.CACHE_TTL, max_entries=32)
def _size_trend(key: tuple, spec: tuple, by: str, roles: tuple[str, ...]) -> pd.DataFrame:
    f = filters.Filters.from_tuple(spec)
    sizes = analytics.valid_sizes(aggregates.sizes_in_view(roles, f))
    # papers per series and year counted by DuckDB; venue and year read for the sized papers only
    totals = aggregates.venue_year_counts(f)
    sized = data.with_papers(sizes[["paper_id"]].drop_duplicates(), ("venue", "year"))
    sized = analytics.with_groups(sized, data.venue_groups())
    return analytics.size_trend_from_counts(sizes, sized, totals, by)


def size_trend(by: str, roles: tuple[str, ...] = ("own",)) -> pd.DataFrame:
    """Model sizes of ``roles`` per ``by`` series and year for the papers in view (Model sizes)."""
    return _size_trend(data.source_key(), _spec(None, False), by, tuple(sorted(roles)))


@st.cache_data(show_spinner=False, ttl=data.CACHE_TTL, max_entries=64)
def _rising(
    key: tuple,
    spec: tuple,
    kind: str,
    years_a: tuple[int, ...],
    years_b: tuple[int, ...],
    same_venues: bool,
    min_papers: int,
) -> tuple[pd.DataFrame, int, int, tuple[str, ...]]:
    p = data.papers_in_view(filters.Filters.from_tuple(spec), titles=False)
    both: tuple[str, ...] = ()
    if same_venues:
        both = tuple(analytics.venues_in_both(p, years_a, years_b))
        p = p[p["venue"].isin(both)]
    hits = data.term_hits_in_view(
        kind, filters.Filters.from_tuple(spec), None, both if same_venues else None
    )
    ranked, n_a, n_b = analytics.rising_terms(
        hits, p, years_a, years_b, term="term", min_papers=min_papers
    )
    return ranked, n_a, n_b, both


def rising(
    kind: str, years_a: list[int], years_b: list[int], same_venues: bool, min_papers: int
) -> tuple[pd.DataFrame, int, int, tuple[str, ...]]:
    """Terms ranked by log-odds between two periods, papers per period, venues compared."""
    return _rising(
        data.source_key(),
        _spec(None, False),
        kind,
        tuple(years_a),
        tuple(years_b),
        same_venues,
        int(min_papers),
    )


@st.cache_data(show_spinner=False, ttl=data.CACHE_TTL, max_entries=64)
def _technique_papers(key: tuple, spec: tuple, picked: tuple[str, ...], mode: str) -> dict:
    f = filters.Filters.from_tuple(spec)
    if not picked:
        return {"n": 0, **{k: pd.DataFrame() for k in ("table", "per_venue", "co")}}
    # the technique rows of the papers in view carrying the picked techniques, only: what
    # papers_tagged, technique_evidence and co_occurring read
    in_view, params = data.ids_sql(f)
    tagged, tag_params = data.ids_sql(filters.Filters(tags=picked, match=mode))
    tech = data.query(
        "SELECT paper_id, technique, evidence FROM techniques "
        f"WHERE paper_id IN ({in_view}) AND paper_id IN ({tagged})",
        [*params, *tag_params],
    )
    ids = analytics.papers_tagged(tech, picked, mode)
    titles = data.with_papers(pd.DataFrame({"paper_id": sorted(ids)}), ("title", "venue_label"))
    table = analytics.technique_evidence(tech, ids, picked, titles)
    return {
        "n": len(ids),
        "table": table,
        "per_venue": analytics.papers_per(table, "venue_label"),
        "co": analytics.co_occurring(tech, ids, picked, k=None),
    }


def technique_papers(picked: list[str], mode: str) -> dict:
    """Papers carrying the picked techniques (Techniques page).

    Returns:
        ``n`` (papers), ``table`` (with evidence), ``per_venue`` and ``co`` (co-occurring
        techniques, all of them).
    """
    return _technique_papers(data.source_key(), _spec(None, False), tuple(picked), mode)


@st.cache_data(show_spinner=False, ttl=data.CACHE_TTL, max_entries=32)
def _every_tag(key: tuple, spec: tuple, level: str) -> pd.DataFrame:
    f = filters.Filters.from_tuple(spec)
    n = data.filtered_count(f)
    top = aggregates.tag_counts(level, f)
    top["% of papers"] = (100 * top["papers"] / max(n, 1)).round(1)
    return top


def every_tag(level: str = "technique") -> pd.DataFrame:
    """Every tag of the papers in view with papers and % of papers (no cap)."""
    return _every_tag(data.source_key(), _spec(None, False), level)


# --- Concepts (Trends, Emerging topics) ----------------------------------------------------------

CONCEPT_SERIES = ("all", "group", "venue")  # one line for all papers in view, or per group/venue


@st.cache_data(show_spinner=False, ttl=data.CACHE_TTL, max_entries=64)
def _concept_trends(
    key: tuple, spec: tuple, full: bool, by: str, keys: tuple[str, ...]
) -> pd.DataFrame:
    f = filters.Filters.from_tuple(spec)
    venues = _kept(key, spec, full)
    labels = aggregates.concept_labels(keys)
    keys = tuple(k for k in keys if k in labels)
    group = () if by == "all" else (by,)
    totals, counts = aggregates.concept_totals_and_counts(keys, (*group, "year"), f, venues)
    if by == "all":
        totals, counts = totals.assign(all="all papers"), counts.assign(all="all papers")
    counts = counts.assign(concept=counts["concept_key"].map(labels)).drop(columns="concept_key")
    return analytics.rate_table_from_counts(
        totals, counts, [by], "concept", [labels[k] for k in keys]
    )


def concept_trends(concepts: list[str], by: str = "all", full: bool = False) -> pd.DataFrame:
    """Share of the papers in view (technique and concept filters left out) with each concept,
    per year and ``by`` series (``all``: one series of every paper in view; ``group``;
    ``venue``): the rows of ``analytics.rate_table_from_counts`` with the concept's label in
    ``concept``. Concepts are matched by ``concept_key``; those absent from the database are
    left out."""
    if by not in CONCEPT_SERIES:
        raise KeyError(f"unknown series {by!r}; one of {CONCEPT_SERIES}")
    keys = tuple(filters.concept_keys(concepts))
    return _concept_trends(data.source_key(), _spec(None, True), full, by, keys)


@st.cache_data(show_spinner=False, ttl=data.CACHE_TTL, max_entries=16)
def _concept_choices(key: tuple, min_papers: int, limit: int) -> tuple[str, ...]:
    return tuple(aggregates.concept_choices(min_papers, limit))


def concept_choices(min_papers: int = 3, limit: int = 3000) -> list[str] | None:
    """The sidebar's concept choices: labels on at least ``min_papers`` papers, most first;
    None when the database has no concepts (built before them)."""
    if not aggregates.has_concepts():
        return None
    return list(_concept_choices(data.source_key(), int(min_papers), int(limit)))


def concept_labels(concepts: list[str]) -> dict[str, str]:
    """``concept_key -> label`` for the concepts (any spelling) found in the database."""
    return aggregates.concept_labels(tuple(filters.concept_keys(concepts)))


@st.cache_data(show_spinner=False, ttl=data.CACHE_TTL, max_entries=32)
def _rising_concepts(
    key: tuple, spec: tuple, year_a: int, year_b: int, same_venues: bool, min_b: int
) -> dict:
    f = filters.Filters.from_tuple(spec)
    both: tuple[str, ...] | None = None
    if same_venues:
        vy = aggregates.venue_year_counts(f)
        both = tuple(analytics.venues_in_both(vy, [year_a], [year_b]))
    grown, n_a, n_b = aggregates.concept_growth(year_a, year_b, f, both, min_b)
    if not grown.empty and n_a and n_b:
        grown = grown.assign(
            share_a=(100 * grown["papers_a"] / n_a).round(3),
            share_b=(100 * grown["papers_b"] / n_b).round(3),
            growth=analytics.growth_factor(grown["papers_a"], n_a, grown["papers_b"], n_b).round(2),
        ).sort_values(["growth", "papers_b", "label"], ascending=[False, False, True])
    return {"ranked": grown.reset_index(drop=True), "n_a": n_a, "n_b": n_b, "both": both}


def rising_concepts(year_a: int, year_b: int, same_venues: bool, min_b: int) -> dict:
    """Concepts (names and phrases by ``concept_key``) of the papers in view ranked by the
    growth of their share from year ``a`` to ``b`` (``analytics.growth_factor``), those on at least
    ``min_b`` papers of ``b``.

    Returns:
        ``ranked`` (``concept_key``, ``label``, ``papers_a``, ``papers_b``, ``forms``,
        ``share_a``, ``share_b`` in %, ``growth``), ``n_a`` and ``n_b`` (papers of each year)
        and ``both`` (the venues compared with ``same_venues``, else None).
    """
    return _rising_concepts(
        data.source_key(), _spec(None, False), int(year_a), int(year_b), same_venues, int(min_b)
    )


# --- Results and Leaderboards -------------------------------------------------------------------


def _results(f: filters.Filters) -> pd.DataFrame:
    return data.filtered("results", f)


@st.cache_data(show_spinner=False, ttl=data.CACHE_TTL, max_entries=16)
def _kind_counts(key: tuple, spec: tuple) -> dict[str, int]:
    sql, params = data.filtered_sql("results", filters.Filters.from_tuple(spec), ("kind",))
    counts = data.query(f"SELECT kind, count(*) AS n FROM ({sql}) GROUP BY kind", params)
    got = dict(zip(counts["kind"], counts["n"].astype(int), strict=True))
    return {k: int(got.get(k, 0)) for k in analytics.RESULT_KINDS}


def result_kind_counts() -> dict[str, int]:
    """Result rows of the papers in view per kind (every kind listed)."""
    return _kind_counts(data.source_key(), _spec(None, False))


@st.cache_data(show_spinner=False, ttl=data.CACHE_TTL, max_entries=4)
def _results_view(key: tuple, spec: tuple, kind: str) -> pd.DataFrame:
    f = filters.Filters.from_tuple(spec)
    sql, params = data.filtered_sql("results", f)
    # the span as written in its abstract, cut by DuckDB (no abstract leaves the database)
    rows = data.query(
        f"SELECT r.*, CASE WHEN r.start IS NOT NULL AND r.\"end\" IS NOT NULL "
        f"THEN substr(p.abstract, r.start + 1, r.\"end\" - r.start) ELSE '' END AS text "
        f"FROM ({sql}) r LEFT JOIN papers p ON p.paper_id = r.paper_id WHERE r.kind = ?",
        [*params, kind],
    )
    rows["text"] = rows["text"].fillna("")
    return analytics.with_measures(data.with_papers(rows, ("title", "venue_label")))


def results_view(kind: str) -> pd.DataFrame:
    """The results of one kind of the papers in view, with ``text`` (the span as written),
    ``title``, ``venue_label`` and the measures (Results page)."""
    if kind not in analytics.RESULT_KINDS:
        raise ValueError(f"unknown kind {kind!r}")
    return _results_view(data.source_key(), _spec(None, False), kind)


@st.cache_data(show_spinner=False, ttl=data.CACHE_TTL, max_entries=4)
def _lb_annotated(key: tuple, spec: tuple) -> dict:
    # a database built before the results stage stored the board fields: every row re-read
    # in Python (extract.leaderboards.annotate; seconds on 47k papers)
    from extract import leaderboards

    f = filters.Filters.from_tuple(spec)
    results = _results(f)
    results = results[results["benchmark"].notna()]
    ids = pd.DataFrame({"paper_id": pd.unique(results["paper_id"].astype(object))})
    papers = data.with_papers(ids, ("title", "venue", "year", "abstract"))
    methods = data.filtered("methods", f, ("paper_id", "name", "role", "start", "type", "form"))
    methods = methods[(methods["role"] == "proposed") & methods["paper_id"].isin(ids["paper_id"])]
    bench_rows = data.filtered("benchmarks", f, ("paper_id", "name", "role"))
    ann = leaderboards.annotate(results, papers, methods, None, bench_rows)
    scores = ann[ann["kind"] == "score"]
    per = scores.groupby("bench_id").agg(bench=("bench", "first"), scored=("paper_id", "nunique"))
    per["papers"] = ann[ann["placed"]].groupby("bench_id")["paper_id"].nunique()
    per["papers"] = per["papers"].fillna(0).astype(int)
    per = per.reset_index().sort_values(
        ["papers", "scored", "bench"], ascending=[False, False, True]
    ).reset_index(drop=True)
    return {"annotated": ann, "bench_rows": bench_rows, "benchmarks": per}


@st.cache_data(show_spinner=False, ttl=data.CACHE_TTL, max_entries=8)
def _lb_stored(key: tuple, spec: tuple) -> bool:
    from extract.leaderboards import query

    sql, params = data.filtered_sql("results", filters.Filters.from_tuple(spec))
    return query.has_board_fields(data.query, sql, params)


@st.cache_data(show_spinner=False, ttl=data.CACHE_TTL, max_entries=16)
def _lb_benchmarks(key: tuple, spec: tuple) -> pd.DataFrame:
    from extract.leaderboards import query

    if not _lb_stored(key, spec):
        return _lb_annotated(key, spec)["benchmarks"]
    sql, params = data.filtered_sql("results", filters.Filters.from_tuple(spec))
    return query.benchmark_list(data.query, sql, params)


def leaderboard_benchmarks() -> pd.DataFrame:
    """Benchmarks with a score among the papers in view, most papers first: ``bench_id``,
    ``bench`` (its name), ``papers`` (with a placed score in any setting or role) and ``scored``
    (with a score, placed or not). Read with SQL from the results stage's stored board fields
    (``extract.leaderboards.query``)."""
    return _lb_benchmarks(data.source_key(), _spec(None, False))


@st.cache_data(show_spinner=False, ttl=data.CACHE_TTL, max_entries=16)
def _lb_rows(key: tuple, spec: tuple, bench_id: str) -> dict:
    # one benchmark's rows with their board fields (extract.leaderboards.ANNOTATED columns) and
    # the benchmarks-stage rows naming it: all the board functions below read
    from extract.leaderboards import query

    if not _lb_stored(key, spec):
        got = _lb_annotated(key, spec)
        ann = got["annotated"]
        return {"annotated": ann[ann["bench_id"] == bench_id], "bench_rows": got["bench_rows"]}
    f = filters.Filters.from_tuple(spec)
    sql, params = data.filtered_sql("results", f)
    bsql, bparams = data.filtered_sql("benchmarks", f, ("paper_id", "name", "role"))
    return {
        "annotated": query.benchmark_rows(data.query, sql, params, bench_id, data.TITLE_SQL),
        "bench_rows": query.naming_rows(data.query, bsql, bparams, bench_id),
    }


@st.cache_data(show_spinner=False, ttl=data.CACHE_TTL, max_entries=64)
def _lb_boards(key: tuple, spec: tuple, bench_id: str) -> pd.DataFrame:
    from extract import leaderboards

    return leaderboards.boards(_lb_rows(key, spec, bench_id)["annotated"])


def leaderboard_boards(bench_id: str) -> pd.DataFrame:
    """The boards (task, metric) of one benchmark, most papers first
    (``extract.leaderboards.boards``)."""
    return _lb_boards(data.source_key(), _spec(None, False), bench_id)


@st.cache_data(show_spinner=False, ttl=data.CACHE_TTL, max_entries=32)
def _lb_board(key: tuple, spec: tuple, bench_id: str, metric_id: str, task, all_settings: bool):
    from extract import leaderboards

    got = _lb_rows(key, spec, bench_id)
    ann = got["annotated"]
    name = leaderboards.benchmarks()[bench_id].name if bench_id in leaderboards.benchmarks() \
        else ann["bench"].iloc[0]
    gains = ann[ann["kind"] == "delta"].sort_values("value", ascending=False, key=lambda v: v.abs())
    out = {
        "name": name,
        "unplaced": leaderboards.unplaced(ann, bench_id),
        "gains": gains[["value", "unit", "metric", "method", "role", "title", "venue", "year",
                        "evidence", "paper_id"]].reset_index(drop=True),
    }
    if metric_id is None:  # no board: the coverage line, the unplaced scores and the gains
        cov = leaderboards.coverage(ann, bench_id, got["bench_rows"])
        return out | {"coverage": leaderboards.coverage_line(cov, name)}
    board = leaderboards.board(ann, bench_id, metric_id, task, all_settings=all_settings)
    on = ann[ann["placed"] & (ann["metric_id"] == metric_id)]
    on = on[on["task"].isna()] if pd.isna(task) else on[on["task"] == task]
    cov = leaderboards.coverage(ann, bench_id, got["bench_rows"], metric_id)
    return out | {
        "board": board.assign(score=board["value"]),
        "metric": on["metric"].iloc[0] if len(on) else metric_id,
        "direction": on["direction"].iloc[0] if len(on) else None,
        "main_setting": leaderboards.main_setting(on),
        "all_rows": len(leaderboards.board(ann, bench_id, metric_id, task, all_settings=True)),
        "coverage": leaderboards.coverage_line(cov, name),
    }


def leaderboard(
    bench_id: str, metric_id: str | None, task: str | None, all_settings: bool
) -> dict:
    """One board of ``extract.leaderboards`` over the papers in view (Leaderboards page).

    ``metric_id`` None: a benchmark with no placed score; only ``name``, ``coverage``,
    ``unplaced`` and ``gains``.

    Returns:
        ``board`` (``extract.leaderboards.board`` with ``score`` = ``value``), ``name`` (the
        benchmark's), ``metric``, ``direction``, ``main_setting``, ``all_rows`` (rows of the
        view with every setting and role), ``coverage`` (the coverage line),
        ``unplaced`` (the benchmark's scores on no board, with the reason) and ``gains`` (its
        ``delta`` rows, largest first).
    """
    return _lb_board(data.source_key(), _spec(None, False), bench_id, metric_id, task,
                     all_settings)


# --- Model sizes ---------------------------------------------------------------------------------


@st.cache_data(show_spinner=False, ttl=data.CACHE_TTL, max_entries=16)
def _sizes(key: tuple, spec: tuple, n: int, roles: tuple[str, ...]) -> dict:
    f = filters.Filters.from_tuple(spec)
    sizes = analytics.valid_sizes(aggregates.sizes_in_view(roles, f))
    out = {"summary": analytics.size_summary(sizes, n), "empty": sizes.empty}
    if sizes.empty:
        return out
    points = analytics.size_points(data.with_papers(sizes))
    ids = pd.DataFrame({"paper_id": points["paper_id"].unique()})
    # the themes of the papers with a size only (not every tag of every paper in view)
    themes = data.query(
        "SELECT DISTINCT t.paper_id, t.theme FROM techniques t "
        "WHERE t.theme IS NOT NULL AND t.paper_id IN (SELECT paper_id FROM ids)",
        frames={"ids": ids},
    )
    out["points"] = points
    out["by_theme"] = analytics.sizes_by_tag(points, themes, "theme")
    out["ranked"] = analytics.sizes_ranked(points)
    return out


def sizes(n: int, roles: tuple[str, ...] = ("own",)) -> dict:
    """The Model sizes page's figures for the sizes of ``roles`` of the papers in view (``n``).

    Returns:
        ``summary`` (``analytics.size_summary``), ``empty``, and unless empty ``points``,
        ``by_theme`` and ``ranked``.
    """
    return _sizes(data.source_key(), _spec(None, False), n, tuple(sorted(roles)))


@st.cache_data(show_spinner=False, ttl=data.CACHE_TTL, max_entries=16)
def _size_roles(key: tuple, spec: tuple) -> dict:
    return aggregates.size_role_counts(filters.Filters.from_tuple(spec))


def size_roles() -> dict[str, dict[str, int]]:
    """Sizes and papers per role among the papers in view (``aggregates.size_role_counts``)."""
    return _size_roles(data.source_key(), _spec(None, False))


# --- Keywords ------------------------------------------------------------------------------------
# Counted by DuckDB (dashboard.aggregates.keyword_counts): no keyword row of the view leaves the
# database; analytics.*_from_counts rank what the counts give.


def _venue_years(f: filters.Filters) -> pd.DataFrame:
    """One row per venue and year with papers in view (what comparable_years and the venue
    mix read)."""
    return aggregates.venue_year_counts(f)[["venue", "year"]]


@st.cache_data(show_spinner=False, ttl=data.CACHE_TTL, max_entries=16)
def _kw_overview(key: tuple, spec: tuple) -> dict:
    f = filters.Filters.from_tuple(spec)
    venue_years = _venue_years(f)
    years = analytics.years(venue_years)
    return {
        "has_keywords": aggregates.has_keywords(f),
        "years": years,
        "default": analytics.comparable_years(venue_years) if len(years) > 1 else None,
    }


def keyword_overview() -> dict:
    """Keywords page: ``has_keywords`` (the papers in view have some), ``years`` and the
    ``default`` pair of years to compare (``analytics.comparable_years``)."""
    return _kw_overview(data.source_key(), _spec(None, False))


def keyword_group_sizes(by: str) -> pd.Series:
    """Papers per venue or theme (``by``) of the papers in view, largest first."""
    return aggregates.paper_counts_by(by)


@st.cache_data(show_spinner=False, ttl=data.CACHE_TTL, max_entries=64)
def _kw_top(key: tuple, spec: tuple, by: str, group: str, k: int, rank: str) -> pd.DataFrame:
    f = filters.Filters.from_tuple(spec)
    # ranked by papers, only the terms that can make the top k need their overall counts
    top = k if rank == "papers" else None
    inside, overall = aggregates.keyword_counts_in_group(by, group, f, top)
    n_group = int(aggregates.paper_counts_by(by, f).get(group, 0))
    return analytics.top_terms_from_counts(
        inside, overall, n_group, data.filtered_count(f), k, rank
    )


def keyword_top(by: str, group: str, k: int, rank: str) -> pd.DataFrame:
    """The top ``k`` keywords of one venue or theme (``analytics.top_terms``)."""
    return _kw_top(data.source_key(), _spec(None, False), by, group, k, rank)


@st.cache_data(show_spinner=False, ttl=data.CACHE_TTL, max_entries=64)
def _kw_shift(key: tuple, spec: tuple, a: int, b: int, min_papers: int, same: bool) -> dict:
    f = filters.Filters.from_tuple(spec)
    venue_years = _venue_years(f)
    out: dict = {"both": (), "left_out": (), "warning": None}
    venues = None
    if same:
        venues = tuple(analytics.venues_in_both(venue_years, [a], [b]))
        in_ab = venue_years.loc[venue_years["year"].isin([a, b]), "venue"]
        out["both"] = venues
        out["left_out"] = tuple(sorted(set(in_ab) - set(venues)))
    else:
        out["warning"] = analytics.venue_mix_warning(venue_years, a, b)
    per_year = aggregates.paper_counts_by("year", f, venues)
    counts = aggregates.keyword_counts_per_year((a, b), f, venues)
    totals = {y: int(per_year.get(y, 0)) for y in (a, b)}
    shift = analytics.keyword_shift_from_counts(counts, totals, a, b, min_papers)
    out["moves"] = analytics.biggest_moves(shift)
    return out


def keyword_shift(a: int, b: int, min_papers: int, same: bool) -> dict:
    """Keywords rising or falling from year ``a`` to ``b`` (``same``: only the venues with papers
    in both years). Returns ``moves`` (``analytics.biggest_moves``), the venues compared
    (``both``) and ``left_out``, and the venue-mix ``warning`` (None when the mix is the same
    or ``same`` is on)."""
    return _kw_shift(data.source_key(), _spec(None, False), a, b, int(min_papers), same)
