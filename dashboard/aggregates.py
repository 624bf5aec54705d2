"""What the pages chart, counted by DuckDB: aggregates over the papers in view.

Each function asks one question of the read-only view (:mod:`dashboard.source`) with the
global filters as a parameterised ``WHERE`` clause (:func:`dashboard.data.ids_sql`), and returns
counts (per venue and year, per tag, per keyword term), the Overview's numbers, or the nearest
papers by embedding: no paper or extraction row leaves the database for them. The pure
functions of :mod:`dashboard.analytics` (``*_from_counts``) turn the counts into what is drawn.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from dashboard.analytics.coverage import OTHER_GROUP
from dashboard.data import (
    CACHE_TTL,
    _TERM_SQL,
    TERM_KINDS,
    _current,
    _marks,
    _run,
    _term_map,
    fill_titles,
    ids_sql,
    query,
    search_index,
    source_key,
    title_cols,
    venue_groups,
    where,
)
from dashboard.filter_model import Filters


def overview_numbers(filters: Filters | None = None) -> dict[str, int | float | None]:
    """The Overview's headline numbers (as ``analytics.overview_numbers``), in one query.

    Also ``unknown_year``: papers in view without a year.
    """
    ids, params = ids_sql(_current(filters))
    sql = f"""
        WITH v AS (SELECT p.paper_id, p.venue, p.year FROM papers p WHERE p.paper_id IN ({ids}))
        SELECT
            (SELECT count(*) FROM v) AS papers,
            (SELECT count(DISTINCT venue) FROM v) AS venues,
            (SELECT count(DISTINCT year) FROM v) AS years,
            (SELECT count(*) FROM v WHERE year IS NULL) AS unknown_year,
            (SELECT count(DISTINCT paper_id) FROM model_sizes
                WHERE paper_id IN (SELECT paper_id FROM v)) AS with_size,
            (SELECT count(DISTINCT paper_id) FROM metrics
                WHERE paper_id IN (SELECT paper_id FROM v)) AS with_metric,
            (SELECT count(DISTINCT paper_id) FROM methods
                WHERE role = 'proposed' AND paper_id IN (SELECT paper_id FROM v)) AS proposing
    """
    row = {k: int(v) for k, v in _run(sql, params).iloc[0].items()}
    n = row["papers"]
    for k in ("with_size", "with_metric", "proposing"):
        row[k] = row[k] / n if n else None
    return row


# a size row without a role (a database built before roles) counts as the paper's own
_SIZE_ROLE = "coalesce(s.role, 'own')"


def size_role_counts(filters: Filters | None = None) -> dict[str, dict[str, int]]:
    """Sizes and papers per ``model_sizes.role`` among the papers in view; a size is a
    parameter count of a paper (:func:`sizes_in_view`).

    Returns:
        ``{role: {"sizes": n, "papers": m}}`` for the roles present.
    """
    ids, params = ids_sql(_current(filters))
    sql = (
        f"SELECT {_SIZE_ROLE} AS role, count(DISTINCT (s.paper_id, s.params)) AS sizes, "
        "count(DISTINCT s.paper_id) AS papers "
        f"FROM model_sizes s WHERE s.params > 0 AND s.paper_id IN ({ids}) GROUP BY 1"
    )
    return {
        str(r.role): {"sizes": int(r.sizes), "papers": int(r.papers)}
        for r in _run(sql, params).itertuples(index=False)
    }


def sizes_in_view(roles: tuple[str, ...], filters: Filters | None = None) -> pd.DataFrame:
    """The ``model_sizes`` rows (positive counts) of the papers in view whose role is in
    ``roles`` (a row without a role counts as ``own``), one per paper, parameter count and role:
    the table has a row per mention, and a size written twice ("LLaMA-2 (7B and 70B) ...
    LLaMA-2-70B") or shared by two models of a paper is one size of it here. The row kept is
    the first that names a model, else the first."""
    ids, params = ids_sql(_current(filters))
    marks = ", ".join("?" for _ in roles) or "NULL"
    sql = (
        f"SELECT s.* FROM model_sizes s WHERE s.params > 0 AND {_SIZE_ROLE} IN ({marks}) "
        f"AND s.paper_id IN ({ids}) QUALIFY row_number() OVER (PARTITION BY s.paper_id, "
        f"s.params, {_SIZE_ROLE} ORDER BY s.model IS NULL, s.start, s.\"end\") = 1 "
        "ORDER BY s.paper_id, s.start"
    )
    return query(sql, [*roles, *params])


def venue_year_counts(filters: Filters | None = None) -> pd.DataFrame:
    """Papers in view per venue (``unknown`` when missing), venue ``group`` and known year."""
    cond, params = where(_current(filters), "p")
    counts = _run(
        "SELECT coalesce(CAST(p.venue AS VARCHAR), 'unknown') AS venue, "
        "CAST(p.year AS BIGINT) AS year, count(*) AS papers "
        f"FROM papers p WHERE {cond} AND p.year IS NOT NULL GROUP BY 1, 2",
        params,
    )
    return counts.assign(group=counts["venue"].map(venue_groups()).fillna(OTHER_GROUP))


def tag_counts(level: str, filters: Filters | None = None) -> pd.DataFrame:
    """Papers in view per technique or theme (``level``): ``level``, ``papers``, most first."""
    if level not in ("technique", "theme"):
        raise KeyError(f"unknown tag level {level!r}")
    ids, params = ids_sql(_current(filters))
    return _run(
        f"SELECT CAST({level} AS VARCHAR) AS {level}, count(DISTINCT paper_id) AS papers "
        f"FROM techniques WHERE {level} IS NOT NULL AND paper_id IN ({ids}) "
        f"GROUP BY 1 ORDER BY papers DESC, {level}",
        params,
    )


GROUP_COLUMNS = ("venue", "group", "year", "venue_label")  # what tag_totals_and_counts groups by


def tag_totals_and_counts(
    level: str,
    by: tuple[str, ...],
    filters: Filters | None = None,
    venues: tuple[str, ...] | None = None,
    keep: tuple[str, ...] | None = None,
    known_year: bool = False,
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Papers in view per ``by`` group, and per group and technique or theme, by SQL.

    What ``analytics.rate_table``, ``tag_rates`` and ``tag_grid`` count over the papers of
    :func:`papers_in_view`, without those papers leaving the database.

    Args:
        level: ``technique`` or ``theme``.
        by: Columns among :data:`GROUP_COLUMNS` (``venue`` reads ``unknown`` when missing,
            ``group`` is the venue's group, Other when it has none).
        filters: Default: the current sidebar/URL filters.
        venues: Only papers of these venues (default: every venue).
        keep: Only these tags in the counts (default: every tag).
        known_year: Only papers with a year (the totals too).

    Returns:
        ``totals`` (``*by``, ``total``) and ``counts`` (``*by``, ``level``, ``papers``).
    """
    if level not in ("technique", "theme"):
        raise KeyError(f"unknown tag level {level!r}")
    tags = f"SELECT DISTINCT paper_id, CAST({level} AS VARCHAR) AS tag FROM techniques "
    tags += f"WHERE {level} IS NOT NULL"
    tag_params: list = []
    if keep is not None:
        tags += f" AND CAST({level} AS VARCHAR) IN ({_marks(keep)})"
        tag_params = list(keep)
    totals, counts = _group_counts(by, filters, venues, known_year, tags, tag_params)
    return totals, counts.rename(columns={"tag": level})


def term_totals_and_counts(
    kind: str,
    term: str,
    by: tuple[str, ...],
    filters: Filters | None = None,
    venues: tuple[str, ...] | None = None,
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """As :func:`tag_totals_and_counts` for one term of any kind, papers with a known year.

    Returns:
        ``totals`` (``*by``, ``total``) and ``counts`` (``*by``, ``term``, ``papers``).
    """
    if kind not in _TERM_SQL:
        raise KeyError(f"unknown term kind {kind!r}; one of {TERM_KINDS}")
    table, column, _ = _TERM_SQL[kind]
    if kind == "keyword":  # every spelling of the term
        values = [k for k, v in _term_map(source_key()).items() if v == term]
    else:
        values = [term]
    tags = (
        f"SELECT DISTINCT paper_id, CAST(? AS VARCHAR) AS tag FROM {table} "
        f"WHERE CAST({column} AS VARCHAR) IN ({_marks(values)})"
    )
    totals, counts = _group_counts(by, filters, venues, True, tags, [term, *values])
    return totals, counts.rename(columns={"tag": "term"})


def term_papers_in_view(
    kind: str, term: str, filters: Filters, venues: tuple[str, ...] | None = None
) -> pd.DataFrame:
    """The papers in view with one term: ``paper_id``, ``title`` (else the abstract's start),
    ``venue``, ``venue_label``, ``year`` (one query; as :func:`with_papers` on its hits)."""
    if kind not in _TERM_SQL:
        raise KeyError(f"unknown term kind {kind!r}; one of {TERM_KINDS}")
    table, column, _ = _TERM_SQL[kind]
    if kind == "keyword":
        values = [k for k, v in _term_map(source_key()).items() if v == term]
    else:
        values = [term]
    ids, params = ids_sql(filters)
    if venues is not None:
        ids += f" AND coalesce(CAST(p.venue AS VARCHAR), 'unknown') IN ({_marks(venues)})"
        params = [*params, *venues]
    found = query(
        f"SELECT p.paper_id, {title_cols()}, p.venue, p.venue_label, p.year FROM papers p "
        f"WHERE p.paper_id IN (SELECT paper_id FROM {table} "
        f"WHERE CAST({column} AS VARCHAR) IN ({_marks(values)}) AND paper_id IN ({ids}))",
        [*values, *params],
    )
    return fill_titles(found)


def _group_counts(
    by: tuple[str, ...],
    filters: Filters | None,
    venues: tuple[str, ...] | None,
    known_year: bool,
    tags: str,
    tag_params: list,
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Papers in view per ``by`` group, and per group and ``tag`` of the ``tags`` query."""
    if not set(by) <= set(GROUP_COLUMNS):
        raise KeyError(f"unknown grouping {by!r}; columns of {GROUP_COLUMNS}")
    cond, params = where(_current(filters), "p")
    if venues is not None:
        cond += f" AND coalesce(CAST(p.venue AS VARCHAR), 'unknown') IN ({_marks(venues)})"
        params = [*params, *venues]
    if known_year:
        cond += " AND p.year IS NOT NULL"
    groups = pd.DataFrame(list(venue_groups().items()), columns=["venue", "grp"])
    view = (
        "WITH v AS (SELECT p.paper_id, coalesce(CAST(p.venue AS VARCHAR), 'unknown') AS venue, "
        "CAST(p.year AS BIGINT) AS year, p.venue_label, "
        f"coalesce(g.grp, '{OTHER_GROUP}') AS \"group\" FROM papers p "
        "LEFT JOIN _groups g ON g.venue = coalesce(CAST(p.venue AS VARCHAR), 'unknown') "
        f"WHERE {cond}) "
    )
    keys = ", ".join(f'v."{c}"' for c in by)
    totals = query(
        f"{view} SELECT {keys}, count(*) AS total FROM v GROUP BY ALL ORDER BY ALL",
        params,
        frames={"_groups": groups},
    )
    # ``tags`` is distinct per (paper, tag) and ``papers`` holds one row per paper (as the
    # totals' count(*) assumes): each joined row is one paper with one tag, so count(*) is the
    # papers per tag (0.25 s against 0.4 s for count(DISTINCT paper_id) at a million papers)
    counts = query(
        f"{view} SELECT {keys}, t.tag, count(*) AS papers "
        f"FROM v JOIN ({tags}) t ON t.paper_id = v.paper_id GROUP BY ALL ORDER BY ALL",
        [*params, *tag_params],
        frames={"_groups": groups},
    )
    return totals, counts


def _papers_where(
    filters: Filters | None,
    venue: str | None = None,
    theme: str | None = None,
    years: tuple[int, ...] | None = None,
    venues: tuple[str, ...] | None = None,
) -> tuple[str, list]:
    """``SELECT paper_id`` of the papers in view, narrowed to one venue or theme, some years
    or some venues (a missing venue reads ``unknown``), with its parameters."""
    ids, params = ids_sql(_current(filters))
    venue_sql = "coalesce(CAST(p.venue AS VARCHAR), 'unknown')"
    if venue is not None:
        ids += f" AND {venue_sql} = ?"
        params = [*params, venue]
    if venues is not None:
        ids += f" AND {venue_sql} IN ({_marks(venues)})"
        params = [*params, *venues]
    if years is not None:
        ids += f" AND p.year IN ({_marks(years)})"
        params = [*params, *years]
    if theme is not None:
        ids += " AND p.paper_id IN (SELECT paper_id FROM techniques WHERE theme = ?)"
        params = [*params, theme]
    return ids, params


def has_keywords(filters: Filters | None = None) -> bool:
    """True when some paper in view has keyword rows."""
    ids, params = ids_sql(_current(filters))
    sql = f"SELECT EXISTS (SELECT 1 FROM keywords WHERE paper_id IN ({ids})) AS y"
    return bool(_run(sql, params)["y"].iloc[0])


def keyword_counts(
    filters: Filters | None = None,
    venue: str | None = None,
    theme: str | None = None,
    years: tuple[int, ...] | None = None,
    venues: tuple[str, ...] | None = None,
) -> pd.Series:
    """Papers per keyword term (spellings of one term together) of the papers in view, by SQL,
    optionally of one venue or theme, some years or some venues; index: term."""
    ids, params = _papers_where(filters, venue, theme, years, venues)
    return _count_terms(ids, params, _term_numbers(source_key()))


def keyword_counts_per_year(
    years: tuple[int, ...], filters: Filters | None = None, venues: tuple[str, ...] | None = None
) -> dict[int, pd.Series]:
    """:func:`keyword_counts` of each of ``years`` (optionally of some venues).

    One query per year: each reads only that year's papers' keywords (faster than one query
    joining every keyword row to its paper's year).
    """
    return {y: keyword_counts(filters, years=(y,), venues=venues) for y in years}


def keyword_counts_in_group(
    by: str, group: str, filters: Filters | None = None, top: int | None = None
) -> tuple[pd.Series, pd.Series]:
    """Papers per keyword term in one venue or theme (``by``) and, for the same terms, in all
    papers in view: ``(inside, overall)``, each indexed by term.

    Two queries: the group's counts, then the whole view's for the group's terms only (a
    narrower join than every term; one query with two distinct counts took 3x longer).
    ``top``: only the terms on at least as many of the group's papers as its ``top``-th
    (ties kept), in both counts: what a ranking by papers needs, and a much narrower second
    query.
    """
    if by not in ("venue", "theme"):
        raise KeyError(f"unknown group kind {by!r}")
    inside = keyword_counts(filters, **{by: group})
    if top is not None and len(inside) > top > 0:
        inside = inside[inside >= inside.nlargest(top).min()]
    if inside.empty:
        return inside, inside
    ids, params = _papers_where(filters)
    wanted = set(inside.index)
    mapping = {k: v for k, v in _term_map(source_key()).items() if v in wanted}
    overall = _count_terms(ids, params, _numbered(mapping))
    return inside, overall.astype(int)


def _numbered(mapping: dict[str, str]):
    """``(term names, Arrow table keyword -> term number)`` of a keyword -> term map."""
    import pyarrow as pa

    names = sorted(set(mapping.values()))
    number = {t: i for i, t in enumerate(names)}
    terms = pa.table(
        {
            "keyword": pa.array(list(mapping), pa.string()),
            "t": pa.array([number[t] for t in mapping.values()], pa.int32()),
        }
    )
    return names, terms


@st.cache_resource(show_spinner=False, ttl=CACHE_TTL, max_entries=4)
def _term_numbers(key: tuple):
    """:func:`_numbered` of every keyword of the view (made once per view, read-only)."""
    return _numbered(_term_map(key))


def _count_terms(ids: str, params: list, numbered) -> pd.Series:
    """Papers per term among the papers ``ids`` selects (``numbered``: :func:`_numbered`).

    The terms go to DuckDB as numbers (an Arrow table keyword -> term number; DuckDB scans
    Arrow 1.6x faster than a pandas frame) and each (paper, term) pair is made distinct before
    counting: at a million papers that took 1.5 s for every term of the view against 5 s for
    ``count(DISTINCT paper_id)`` per term name.
    """
    names, terms = numbered
    # the papers' keyword rows first, then their terms (DuckDB otherwise joins the terms to
    # every keyword row first: 0.9 s against 0.67 s for the largest venue at a million papers)
    df = query(
        "SELECT t, count(*) AS papers FROM (SELECT DISTINCT k.paper_id, m.t FROM "
        f"(SELECT paper_id, keyword FROM keywords WHERE paper_id IN ({ids})) k "
        "JOIN _terms m ON m.keyword = k.keyword) GROUP BY 1",
        params,
        frames={"_terms": terms},
    )
    index = pd.Index([names[i] for i in df["t"].astype(int)], dtype=object)
    return pd.Series(df["papers"].astype(int).to_numpy(), index=index, dtype=int)


def paper_counts_by(
    column: str, filters: Filters | None = None, venues: tuple[str, ...] | None = None
) -> pd.Series:
    """Papers in view per ``venue`` (``unknown`` when missing), ``year`` or ``theme``, most
    first (ties by name); ``venues``: only papers of these venues."""
    ids, params = _papers_where(filters, venues=venues)
    if column == "theme":
        sql = (
            "SELECT CAST(theme AS VARCHAR) AS k, count(DISTINCT paper_id) AS n FROM techniques "
            f"WHERE theme IS NOT NULL AND paper_id IN ({ids}) GROUP BY 1"
        )
    elif column in ("venue", "year"):
        key = "coalesce(CAST(p.venue AS VARCHAR), 'unknown')" if column == "venue" else "p.year"
        sql = f"SELECT {key} AS k, count(*) AS n FROM papers p WHERE p.paper_id IN ({ids}) "
        sql += "AND k IS NOT NULL GROUP BY 1"
    else:
        raise KeyError(f"cannot count papers by {column!r}")
    df = _run(sql + " ORDER BY n DESC, k", params)
    return pd.Series(df["n"].astype(int).to_numpy(), index=df["k"].to_numpy(), name=column)


def _embedding_type() -> str | None:
    """The type of the store's ``paper_embeddings.embedding`` (None: no such table or rows)."""
    found = _run(
        "SELECT data_type FROM duckdb_columns() WHERE database_name = 's0' "
        "AND table_name = 'paper_embeddings' AND column_name = 'embedding'",
        [],
    )
    if found.empty:
        return None
    rows = _run("SELECT count(*) AS n FROM s0.paper_embeddings", [])["n"].iloc[0]
    return str(found["data_type"].iloc[0]) if rows else None


def has_embeddings() -> bool:
    """True when the store holds document embeddings (a build with the keyword stage)."""
    return _embedding_type() is not None


def similar_papers(paper_id: str, k: int = 10) -> pd.DataFrame:
    """The ``k`` papers closest (cosine) to ``paper_id``.

    With a valid index next to the store (``extract.index``: faiss HNSW over title + abstract
    vectors), one approximate nearest-neighbour query. Without one (or for a stale index), the
    exact way: one DuckDB scan of the store's ``paper_embeddings`` (the keyword stage's
    document vectors) per paper asked (cached); the vectors never enter Python.

    Returns:
        ``paper_id``, ``similarity`` (cosine, 3 decimals), most similar first (ties by id),
        without the paper itself; empty when it has no embedding.
    """
    kind = _embedding_type()
    if kind is None:
        return pd.DataFrame(columns=["paper_id", "similarity"])
    idx = search_index()
    near = idx.similar(paper_id, k) if idx is not None else None
    if near is not None:
        return pd.DataFrame(
            {"paper_id": [p for p, _ in near], "similarity": [round(s, 3) for _, s in near]},
            columns=["paper_id", "similarity"],
        )
    return exact_similar_papers(paper_id, k, kind)


def exact_similar_papers(paper_id: str, k: int = 10, kind: str | None = None) -> pd.DataFrame:
    """:func:`similar_papers` by an exact scan of ``paper_embeddings`` (no index)."""
    kind = kind or _embedding_type()
    if kind is None:
        return pd.DataFrame(columns=["paper_id", "similarity"])
    # fixed-size FLOAT[n] arrays (what the keyword stage writes), else variable lists
    cosine = "array_cosine_similarity" if kind.rstrip("]").split("[")[-1].isdigit() else (
        "list_cosine_similarity"
    )
    sql = (
        "WITH q AS (SELECT embedding AS e FROM s0.paper_embeddings WHERE paper_id = ? LIMIT 1) "
        f"SELECT paper_id, round({cosine}(embedding, (SELECT e FROM q)), 3)::DOUBLE AS similarity "
        "FROM s0.paper_embeddings WHERE paper_id <> ? AND EXISTS (SELECT 1 FROM q) "
        f"ORDER BY {cosine}(embedding, (SELECT e FROM q)) DESC, paper_id LIMIT {int(k)}"
    )
    return _run(sql, [paper_id, paper_id])


# --- Concepts (methods.concept / concept_key: named methods and method phrases) ----------------
# A concept is every spelling of one technique (``concept_key``); it reads as its most frequent
# spelling over the whole database (``concept``), so its label is the same under any filter.

def _label_sql(where: str = "") -> str:
    """``concept_key``, ``label`` (its spelling on most papers, then alphabetical), ``papers``
    (all spellings), over the whole database; ``where``: more conditions on the methods rows."""
    rows = f"FROM methods WHERE concept_key IS NOT NULL AND concept_key <> ''{where}"
    return (
        f"WITH s AS (SELECT concept_key, concept, count(DISTINCT paper_id) AS n {rows} "
        "AND concept IS NOT NULL GROUP BY 1, 2), "
        "r AS (SELECT *, row_number() OVER (PARTITION BY concept_key ORDER BY n DESC, concept) "
        "AS i FROM s), "
        f"t AS (SELECT concept_key, count(DISTINCT paper_id) AS papers {rows} GROUP BY 1) "
        "SELECT r.concept_key, r.concept AS label, t.papers FROM r JOIN t USING (concept_key) "
        "WHERE r.i = 1"
    )


def has_concepts() -> bool:
    """True when some methods row has a concept (a database built before concepts has none)."""
    return bool(_run("SELECT count(concept_key) > 0 AS y FROM methods", [])["y"].iloc[0])


def concept_labels(keys: tuple[str, ...]) -> dict[str, str]:
    """``concept_key -> label`` of the keys that occur in the database (others left out)."""
    if not keys:
        return {}
    df = _run(_label_sql(f" AND concept_key IN ({_marks(keys)})"), [*keys, *keys])
    return dict(zip(df["concept_key"], df["label"], strict=True))


def concept_choices(min_papers: int, limit: int) -> list[str]:
    """Labels of the concepts on at least ``min_papers`` papers (of the whole database), most
    papers first, at most ``limit``."""
    df = _run(
        f"SELECT label FROM ({_label_sql()}) WHERE papers >= ? "
        "ORDER BY papers DESC, lower(label), label LIMIT ?",
        [int(min_papers), int(limit)],
    )
    return df["label"].astype(str).tolist()


def concept_totals_and_counts(
    keys: tuple[str, ...],
    by: tuple[str, ...],
    filters: Filters | None = None,
    venues: tuple[str, ...] | None = None,
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """As :func:`tag_totals_and_counts` for concepts (papers with a known year): ``totals``
    (``*by``, ``total``) and ``counts`` (``*by``, ``concept_key``, ``papers``)."""
    tags = (
        "SELECT DISTINCT paper_id, concept_key AS tag FROM methods "
        f"WHERE concept_key IN ({_marks(keys) or 'NULL'})"
    )
    totals, counts = _group_counts(by, filters, venues, True, tags, list(keys))
    return totals, counts.rename(columns={"tag": "concept_key"})


def concept_growth(
    year_a: int,
    year_b: int,
    filters: Filters | None = None,
    venues: tuple[str, ...] | None = None,
    min_b: int = 10,
) -> tuple[pd.DataFrame, int, int]:
    """Papers per concept in year ``a`` and in year ``b`` among the papers in view, by SQL.

    Args:
        year_a: The earlier year.
        year_b: The later year.
        filters: Default: the current sidebar/URL filters.
        venues: Only papers of these venues (default: every venue).
        min_b: Keep the concepts on at least this many papers of year ``b``.

    Returns:
        ``concept_key``, ``label``, ``papers_a``, ``papers_b``, ``forms`` (``name``,
        ``phrase`` or both, as found in these papers); and the papers in view of each year.
    """
    ids, params = _papers_where(filters, years=(year_a, year_b), venues=venues)
    view = (
        f"WITH v AS (SELECT p.paper_id, CAST(p.year AS BIGINT) AS y FROM papers p "
        f"WHERE p.paper_id IN ({ids})) "
    )
    totals = _run(
        f"{view} SELECT count(*) FILTER (WHERE y = ?) AS a, count(*) FILTER (WHERE y = ?) AS b "
        "FROM v",
        [*params, year_a, year_b],
    )
    grown = _run(
        f"{view}, c AS (SELECT DISTINCT m.paper_id, m.concept_key, m.form FROM methods m "
        "WHERE m.concept_key IS NOT NULL AND m.concept_key <> '' "
        "AND m.paper_id IN (SELECT paper_id FROM v)), "
        "g AS (SELECT c.concept_key, "
        "count(DISTINCT c.paper_id) FILTER (WHERE v.y = ?) AS papers_a, "
        "count(DISTINCT c.paper_id) FILTER (WHERE v.y = ?) AS papers_b, "
        "string_agg(DISTINCT c.form, ' + ' ORDER BY c.form) AS forms "
        "FROM c JOIN v USING (paper_id) GROUP BY 1 HAVING papers_b >= ?) "
        "SELECT g.concept_key, l.label, g.papers_a, g.papers_b, g.forms FROM g JOIN ("
        f"{_label_sql(' AND concept_key IN (SELECT concept_key FROM g)')}) l USING (concept_key)",
        [*params, year_a, year_b, int(min_b)],
    )
    return grown, int(totals["a"].iloc[0]), int(totals["b"].iloc[0])
