"""Data access for the pages: parameterised SQL over the read-only view of the database.

Pages ask for what they draw: the filtered rows of one table (only the columns they need), the
papers in view, one paper's rows, row counts, the terms of one kind (counts and aggregates are
:mod:`dashboard.aggregates`, built on the helpers here). Each question is one SQL
query on the view of :mod:`dashboard.source` (the store file opened read-only, plus this
session's uploads attached beside it); the global filters (:mod:`dashboard.filter_model`)
become a parameterised ``WHERE`` clause (:func:`where`), whose text search goes through the
full-text index next to the database when it is valid (``extract/index.py``). Results are cached with ``st.cache_data`` (a TTL and
a bounded number of entries), keyed on the source files and the SQL with its parameters, that
is on the filter state; nothing keeps a whole table in memory per filter state.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pandas as pd
import streamlit as st

from dashboard import filters as flt
from dashboard.analytics.coverage import with_groups
from dashboard.analytics.terms import match_terms
from dashboard.filter_model import Filters, where_sql
from dashboard.keyword_terms import term_map
from dashboard.source import (  # noqa: F401  (re-exported: the pages' one entry point)
    CACHE_TTL,
    PROJECT_ROOT,
    UPLOADS_KEY,
    add_upload,
    cached_query,
    clear_uploads,
    connection_for,
    db_path,
    ensure_db,
    filter_options,
    group_domain,
    query,
    run_on,
    source_key,
    tag_aliases,
    tag_options,
    uploaded_dbs,
    venue_groups,
)
from extract import schema
from extract.index import Index, fingerprint, index_dir
from extract.schema import TABLES
from extract.stages import term_kinds

SPAN_TABLES = tuple(schema.SPAN_TABLES)  # tables whose rows are spans of the abstract
ACCURACY_FILE = PROJECT_ROOT / "dashboard" / "accuracy.json"  # benchmarks/accuracy_report.py
# the kinds of term a page can chart, as the stages declare them (extract/data/stages/*.toml)
TERM_KINDS = tuple(k.kind for k in term_kinds())
TERM_HELP = {k.kind: k.help for k in term_kinds()}
INTERNAL_TABLES = ("extract_runs", "build_problems")  # about the build, not about papers
# A paper's title, else the first 80 characters of its abstract cut at a space, then " …"
TITLE_SQL = (
    "CASE WHEN p.title IS NULL OR trim(p.title) = '' "
    "THEN regexp_replace(left(coalesce(p.abstract, ''), 80), ' [^ ]*$', '') || ' …' "
    "ELSE p.title END"
)
UNTITLED = "_untitled"  # the column :func:`title_cols` adds for :func:`fill_titles`


def title_cols(name: str = "title") -> str:
    """Select-list items for a paper's display title as :data:`TITLE_SQL` gives it, cheaply.

    The stored title as ``name`` and whether it is missing (:data:`UNTITLED`):
    :func:`fill_titles` then reads the abstract's start for those papers only. Computing
    ``TITLE_SQL`` in a query over many papers reads every listed paper's abstract (0.7 s for the
    100k papers of one technique at a million papers, against 0.2 s for the titles alone).
    """
    return f"p.title AS {_q(name)}, (p.title IS NULL OR trim(p.title) = '') AS {UNTITLED}"


def fill_titles(df: pd.DataFrame, name: str = "title") -> pd.DataFrame:
    """``df`` (from a query with :func:`title_cols`) with ``name`` as :data:`TITLE_SQL` gives
    it: the missing titles replaced by the abstract's start (one query on those papers only)."""
    if UNTITLED not in df.columns:
        return df
    missing = df[UNTITLED].fillna(True).astype(bool).to_numpy()
    df = df.drop(columns=[UNTITLED])
    if missing.any():
        ids = sorted(set(df.loc[missing, "paper_id"].astype(str)))
        found = _run(
            f"SELECT p.paper_id, {TITLE_SQL} AS t FROM papers p "
            "WHERE list_contains(CAST(? AS VARCHAR[]), p.paper_id)",
            [ids],
        )
        fallback = dict(zip(found["paper_id"], found["t"]))
        df[name] = df[name].astype(object)
        df.loc[missing, name] = df.loc[missing, "paper_id"].map(fallback).to_numpy()
    return df


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _table(table: str) -> str:
    if table not in TABLES:
        raise KeyError(f"unknown table {table!r}")
    return _q(table)


def _current(filters: Filters | None) -> Filters:
    return filters if filters is not None else flt.current()


@st.cache_resource(show_spinner=False, max_entries=2)
def _search_index(key: tuple[tuple[str, float], ...], stamp: float = 0.0) -> Index | None:
    """The store's index folder (``extract.index``) when it matches the store, else None.

    Only for a view without uploads (the index knows the store's papers only); a stale index
    (its fingerprint differs from the store's) is ignored; the fingerprint is computed only when
    the store file is not the one the index recorded (``extract.index.Index.open``). The
    similar-papers graph is loaded by the first similar-papers question, not here. ``stamp`` is
    the index's own modification time (:func:`_index_stamp`): an index rewritten after the
    database (``remove`` rewrites it right after the tables) is looked at again.
    """
    if len(key) != 1:
        return None

    def current() -> dict[str, int]:
        cur = connection_for(key).cursor()
        try:
            return fingerprint(cur, "s0")
        finally:
            cur.close()

    return Index.open(key[0][0], current)


def _index_stamp(key: tuple[tuple[str, float], ...]) -> float:
    try:
        return (index_dir(key[0][0]) / "meta.json").stat().st_mtime
    except (OSError, IndexError):
        return 0.0


def search_index() -> Index | None:
    """The valid index of the current view, or None (the SQL paths are used then)."""
    key = source_key()
    return _search_index(key, _index_stamp(key))


@st.cache_data(show_spinner=False, ttl=CACHE_TTL, max_entries=64)
def _search_ids(key: tuple, stamp: float, text: str) -> list[str] | None:
    idx = _search_index(key, stamp)
    return None if idx is None else idx.search(text)


def search_ids(text: str) -> list[str] | None:
    """Ids of the papers matching the search ``text`` by the full-text index, best first.

    None when there is no valid index or nothing to search: the caller's SQL search applies.
    """
    key = source_key()
    return _search_ids(key, _index_stamp(key), text) if text.strip() else None


def where(filters: Filters, alias: str = "p") -> tuple[str, list]:
    """:func:`dashboard.filter_model.where_sql` with the text search resolved by the index."""
    return where_sql(filters, alias, "techniques", search_ids=search_ids(filters.query))


def ids_sql(filters: Filters) -> tuple[str, list]:
    """``SELECT paper_id`` of the papers passing ``filters``, with its parameters."""
    cond, params = where(filters, "p")
    return f"SELECT p.paper_id FROM papers p WHERE {cond}", params


def _run(sql: str, params: list) -> pd.DataFrame:
    """A small result (count, aggregate, top-k, one paper's rows, a bounded list), cached."""
    return cached_query(source_key(), sql, tuple(params))


def _rows(sql: str, params: list) -> pd.DataFrame:
    """A result that may be large (a table's rows for the papers in view), not cached here.

    Keeping such frames per filter state is what made memory grow with the corpus; DuckDB's
    buffer pool (bounded, ``dashboard.source.MEMORY_LIMIT``) holds the data instead, and the
    page computations over these rows cache their own (small) results (``dashboard.views``).
    """
    return query(sql, params)


# --- Whole-view questions ----------------------------------------------------------------------


def row_count(table: str) -> int:
    """Rows of ``table`` in the current view (unfiltered)."""
    return int(_run(f"SELECT count(*) AS n FROM {_table(table)}", [])["n"].iloc[0])


def row_counts() -> dict[str, int]:
    """Rows of every published table in the current view (unfiltered), in schema order."""
    sql = " UNION ALL ".join(
        f"SELECT '{t}' AS t, count(*) AS n FROM {_table(t)}" for t in TABLES
    )
    counts = dict(_run(sql, []).itertuples(index=False, name=None))
    return {t: int(counts.get(t, 0)) for t in TABLES}


def load_table(table: str, columns: tuple[str, ...] | None = None) -> pd.DataFrame:
    """``table`` of the current view, unfiltered (only for small tables or few columns)."""
    cols = ", ".join(_q(c) for c in columns) if columns else "*"
    return _run(f"SELECT {cols} FROM {_table(table)}", [])


def distinct(table: str, column: str) -> list:
    """The distinct non-null values of one column of the current view."""
    sql = f"SELECT DISTINCT {_q(column)} AS v FROM {_table(table)} WHERE {_q(column)} IS NOT NULL"
    return _run(sql, [])["v"].tolist()


def paper_count() -> int:
    """Papers in the current view (unfiltered)."""
    return row_count("papers")


# --- Filtered questions ------------------------------------------------------------------------


def filtered_count(filters: Filters | None = None) -> int:
    """Papers passing the global filters (default: the current sidebar/URL filters)."""
    sql, params = ids_sql(_current(filters))
    return int(_run(f"SELECT count(*) AS n FROM ({sql})", params)["n"].iloc[0])


def filtered_sql(
    table: str, filters: Filters, columns: tuple[str, ...] | None = None, limit: int | None = None
) -> tuple[str, list]:
    """The SQL (and parameters) of :func:`filtered`."""
    sql, params = _filtered_sql(table, filters, columns)
    return (sql + f" LIMIT {int(limit)}" if limit is not None else sql), params


def _filtered_sql(
    table: str, filters: Filters, columns: tuple[str, ...] | None
) -> tuple[str, list]:
    cols = ", ".join(f"t.{_q(c)}" for c in columns) if columns else "t.*"
    name = _table(table)
    if "paper_id" not in TABLES[table].column_names:
        return f"SELECT {cols} FROM {name} t", []
    if table == "papers":
        cond, params = where(filters, "t")
        return f"SELECT {cols} FROM papers t WHERE {cond}", params
    if not filters.active:
        return f"SELECT {cols} FROM {name} t", []
    sql, params = ids_sql(filters)
    return f"SELECT {cols} FROM {name} t WHERE t.paper_id IN ({sql})", params


def filtered(
    table: str,
    filters: Filters | None = None,
    columns: tuple[str, ...] | None = None,
    limit: int | None = None,
) -> pd.DataFrame:
    """Rows of ``table`` belonging to papers that pass the global filters.

    Args:
        table: A published table.
        filters: Default: the current sidebar/URL filters.
        columns: Only these columns (default: all).
        limit: At most this many rows (default: all).

    Tables without ``paper_id`` (``build_problems``, ``extract_runs``) are returned whole.
    """
    sql, params = filtered_sql(table, _current(filters), columns, limit)
    return _run(sql, params) if limit is not None else _rows(sql, params)


def filtered_rows(table: str, filters: Filters | None = None) -> int:
    """How many rows :func:`filtered` returns."""
    sql, params = filtered_sql(table, _current(filters), ("paper_id",) if _has_ids(table) else None)
    return int(_run(f"SELECT count(*) AS n FROM ({sql})", params)["n"].iloc[0])


def _has_ids(table: str) -> bool:
    return "paper_id" in TABLES[table].column_names


def export_tables(filters: Filters | None = None) -> tuple[list[str], object]:
    """The tables a download of "every table" holds, and a function that reads them.

    With filters in force: every table about papers, restricted to the papers in view, and no
    table about the build (``extract_runs``, ``build_problems``: whole-database bookkeeping).
    Without: every table, whole. The function runs when the button is clicked, outside the
    script run: the filters and the database are the ones in force now.
    """
    f = _current(filters)
    tables = [t for t in TABLES if not (f.active and t in INTERNAL_TABLES)]
    con = connection_for(source_key())

    def read() -> dict[str, pd.DataFrame]:
        return {t: run_on(con, *filtered_sql(t, f)) for t in tables}

    return tables, read


def paper_rows(table: str, paper_id: str) -> pd.DataFrame:
    """Every row of ``table`` about one paper."""
    return _run(f"SELECT * FROM {_table(table)} WHERE paper_id = ?", [paper_id])


def papers_in_view(
    filters: Filters | None = None, ignore_tags: bool = False, titles: bool = True
) -> pd.DataFrame:
    """The filtered papers with their venue ``group`` (``ignore_tags``: technique filter off).

    Columns: ``paper_id``, ``title`` (else the abstract's start; left out when ``titles`` is
    False), ``venue`` (``unknown`` when missing), ``year``, ``venue_label``, ``accepted``,
    ``group``.

    Trends compute shares over these: with ``ignore_tags`` the technique chosen in the sidebar
    picks what is charted instead of restricting the papers (every share would be 100%).
    """
    f = _current(filters)
    if ignore_tags:
        f = replace(f, tags=())
    cond, params = where(f, "p")
    sql = (
        f"SELECT p.paper_id, {title_cols() + ', ' if titles else ''}"
        f"p.venue, p.year, p.venue_label, p.accepted FROM papers p WHERE {cond}"
    )
    return with_groups(fill_titles(_rows(sql, params)), venue_groups())


def paper_list(
    search: str = "", filters: Filters | None = None, limit: int | None = None
) -> pd.DataFrame:
    """The filtered papers (also matching every word of ``search``), for listing.

    Columns: ``paper_id``, ``display_title`` (title, else the abstract's start), ``authors``,
    ``venue_label``, ``status``, ``url``; at most ``limit`` rows, in table order (best match
    first when the full-text index answered the search).
    """
    f = _current(filters)
    if search.strip():  # the same rules as the sidebar's search: every word somewhere
        f = replace(f, query=f"{f.query} {search}")
    cond, params = where(f, "p")
    sql = (
        f"SELECT p.paper_id, {title_cols('display_title')}, p.authors, p.venue_label, p.status, "
        f"p.url FROM papers p WHERE {cond}"
    )
    ranked = search_ids(f.query)
    if ranked is not None:  # the index's best matches first
        sql += " ORDER BY list_position(CAST(? AS VARCHAR[]), p.paper_id)"
        params = [*params, ranked]
    if limit is not None:
        sql += f" LIMIT {int(limit)}"
    return fill_titles(_run(sql, params), "display_title")


def paper_list_count(search: str = "", filters: Filters | None = None) -> int:
    """Rows :func:`paper_list` has without a limit."""
    f = _current(filters)
    if search.strip():
        f = replace(f, query=f"{f.query} {search}")
    cond, params = where(f, "p")
    return int(_run(f"SELECT count(*) AS n FROM papers p WHERE {cond}", params)["n"].iloc[0])


def _marks(values) -> str:
    return ", ".join("?" for _ in values) or "NULL"


def rejected_count(filters: Filters) -> int:
    """Papers passing ``filters`` whose status says rejected or withdrawn."""
    cond, params = where(filters, "p")
    sql = f"SELECT count(*) AS n FROM papers p WHERE {cond} AND p.accepted = FALSE"
    return int(_run(sql, params)["n"].iloc[0])


def with_papers(
    df: pd.DataFrame, cols: tuple[str, ...] = ("title", "venue", "year", "venue_label")
) -> pd.DataFrame:
    """``df`` joined to paper columns on ``paper_id`` (titles fall back to the abstract start)."""
    keep = [c for c in cols if c != "paper_id"]
    select = ", ".join(title_cols() if c == "title" else f"p.{_q(c)}" for c in keep)
    ids = pd.DataFrame({"paper_id": pd.unique(df["paper_id"].astype(object))})
    extra = query(
        f"SELECT p.paper_id{', ' if select else ''}{select} FROM papers p "
        "WHERE p.paper_id IN (SELECT paper_id FROM _ids)",
        frames={"_ids": ids},
    )
    return df.merge(fill_titles(extra), on="paper_id", how="left")


def tag_table(level: str) -> pd.DataFrame:
    """Distinct (paper_id, tag) pairs of the filtered papers; ``level`` is technique or theme."""
    if level not in ("technique", "theme"):
        raise KeyError(f"unknown tag level {level!r}")
    sql, params = filtered_sql("techniques", flt.current(), ("paper_id", level))
    return _rows(f"SELECT DISTINCT * FROM ({sql}) WHERE {level} IS NOT NULL", params)


# --- Fixed orders of categories (colours stay put under any filter) ---------------------------


def _order_sql(table: str, column: str) -> str:
    c = _q(column)
    return (
        f"SELECT CAST({c} AS VARCHAR) AS v FROM {_table(table)} WHERE {c} IS NOT NULL "
        f"GROUP BY 1 ORDER BY count(DISTINCT paper_id) DESC, lower(v), v"
    )


def venue_domain() -> list[str]:
    """Every venue of the (unfiltered) view, sorted: the fixed order of venue colours."""
    sql = "SELECT DISTINCT coalesce(CAST(venue AS VARCHAR), 'unknown') AS v FROM papers"
    return sorted(_run(sql, [])["v"], key=str.lower)


def technique_domain() -> list[str]:
    """Every technique in the (unfiltered) view, in the fixed order used for colours."""
    return _run(_order_sql("techniques", "technique"), [])["v"].tolist()


def theme_domain() -> list[str]:
    """Every theme in the (unfiltered) view, in the fixed order used for colours."""
    return _run(_order_sql("techniques", "theme"), [])["v"].tolist()


# --- Terms of one kind (Trends, Emerging topics, Keywords) -------------------------------------


@st.cache_data(show_spinner=False, ttl=CACHE_TTL, max_entries=4)
def _term_map(key: tuple) -> dict[str, str]:
    counts = cached_query(key, "SELECT keyword, count(*) AS n FROM keywords GROUP BY keyword")
    return term_map(dict(zip(counts["keyword"], counts["n"].astype(int), strict=True)))


def keyword_terms(filters: Filters | None = None) -> pd.DataFrame:
    """Distinct (paper_id, keyword) of the filtered papers, spelling variants counted as one term.

    ``keyword`` holds the term (:func:`dashboard.keyword_terms.term_map`, computed over every
    paper so that a term reads the same under any filter).
    """
    kw = filtered("keywords", filters, columns=("paper_id", "keyword"))
    if kw.empty:
        return pd.DataFrame(columns=["paper_id", "keyword"])
    terms = _term_map(source_key())
    out = pd.DataFrame({"paper_id": kw["paper_id"], "keyword": kw["keyword"].map(terms)})
    return out.drop_duplicates().reset_index(drop=True)


_TERM_SQL = {k.kind: (k.table, k.column, k.text) for k in term_kinds()}  # (table, term, text)


def _term_hits(key: tuple, kind: str) -> pd.DataFrame:
    if kind not in _TERM_SQL:
        raise KeyError(f"unknown term kind {kind!r}; one of {TERM_KINDS}")
    table, term, text = _TERM_SQL[kind]
    if kind == "keyword":  # spellings of one term: mapped in Python, then one row per term
        out = query(f"SELECT DISTINCT paper_id, {term} AS term FROM {table}")
        out = out.assign(text=out["term"], term=out["term"].map(_term_map(key)))
        out = out.dropna(subset=["term"]).astype({"term": str, "text": str})
        return out.drop_duplicates(["paper_id", "term"]).reset_index(drop=True)
    # one row per (paper, term), with one text that matched it
    out = query(
        f"SELECT paper_id, CAST({term} AS VARCHAR) AS term, "
        f"CAST(first({text}) AS VARCHAR) AS text FROM {table} "
        f"WHERE {term} IS NOT NULL GROUP BY paper_id, {term}"
    )
    return out.assign(text=out["text"].fillna(""))


def term_hits_in_view(
    kind: str,
    filters: Filters,
    terms: tuple[str, ...] | None = None,
    venues: tuple[str, ...] | None = None,
) -> pd.DataFrame:
    """``paper_id``, ``term``, ``text`` (one text that matched) of the papers passing
    ``filters`` for one kind of term, in one query.

    Args:
        kind: technique, theme, method (``methods.name``), dataset (``benchmarks.name``) or
            keyword (spellings of one term counted together).
        filters: The papers whose hits are wanted.
        terms: Only these terms (default: every term).
        venues: Only papers of these venues (``unknown`` for none; default: any venue).
    """
    if kind not in _TERM_SQL:
        raise KeyError(f"unknown term kind {kind!r}; one of {TERM_KINDS}")
    table, term, text = _TERM_SQL[kind]
    ids, params = ids_sql(filters)
    if venues is not None:
        marks = ", ".join("?" for _ in venues) or "NULL"
        ids += f" AND coalesce(CAST(p.venue AS VARCHAR), 'unknown') IN ({marks})"
        params = [*params, *venues]
    where = f"{term} IS NOT NULL AND paper_id IN ({ids})"
    if kind == "keyword":
        mapping = _term_map(source_key())
        if terms is not None:
            spellings = [k for k, v in mapping.items() if v in set(terms)]
            where += f" AND {term} IN ({', '.join('?' for _ in spellings) or 'NULL'})"
            params = [*params, *spellings]
        out = query(f"SELECT DISTINCT paper_id, {term} AS term FROM {table} WHERE {where}", params)
        out = out.assign(text=out["term"], term=out["term"].map(mapping))
        out = out.dropna(subset=["term"]).astype({"term": str, "text": str})
        return out.drop_duplicates(["paper_id", "term"]).reset_index(drop=True)
    if terms is not None:
        where += f" AND CAST({term} AS VARCHAR) IN ({', '.join('?' for _ in terms) or 'NULL'})"
        params = [*params, *terms]
    out = query(
        f"SELECT paper_id, CAST({term} AS VARCHAR) AS term, "
        f"CAST(first({text}) AS VARCHAR) AS text FROM {table} "
        f"WHERE {where} GROUP BY paper_id, {term}",
        params,
    )
    return out.assign(text=out["text"].fillna(""))


def term_names(kind: str) -> list[str]:
    """Every term of one kind, most papers first (the candidates a user can pick from)."""
    return list(_term_names(source_key(), kind))


@st.cache_data(show_spinner=False, ttl=CACHE_TTL, max_entries=16)
def _term_names(key: tuple, kind: str) -> tuple[str, ...]:
    if kind != "keyword" and kind in _TERM_SQL:
        table, term, _ = _TERM_SQL[kind]
        if table in TABLES and term.isidentifier():  # the colour order's query, cached once
            return tuple(_run(_order_sql(table, term), [])["v"])
        rows = query(
            f"SELECT CAST({term} AS VARCHAR) AS v FROM {table} WHERE {term} IS NOT NULL "
            f"GROUP BY 1 ORDER BY count(DISTINCT paper_id) DESC, lower(v), v"
        )
        return tuple(rows["v"])
    hits = _term_hits(key, kind)
    counts = hits.groupby("term")["paper_id"].nunique()
    return tuple(sorted(counts.index.astype(str), key=lambda c: (-counts[c], c.lower())))


@st.cache_data(show_spinner=False, ttl=CACHE_TTL, max_entries=256)
def _match_term(key: tuple, kind: str, query_text: str) -> list[tuple[str, str]]:
    aliases = None
    if kind in ("technique", "theme"):
        prefix = "theme:"
        aliases = {
            k: v.removeprefix(prefix)
            for k, v in tag_aliases().items()
            if v.startswith(prefix) == (kind == "theme")
        }
    return match_terms(query_text, _term_names(key, kind), aliases)


def match_term(kind: str, query_text: str) -> list[tuple[str, str]]:
    """Terms of one kind matching what the user typed, best first (exact wins; aliases)."""
    return _match_term(source_key(), kind, query_text)


# --- Similar papers and accuracy ---------------------------------------------------------------


@st.cache_data(show_spinner=False)
def _accuracy(path: str, mtime: float) -> dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def accuracy() -> dict | None:
    """The measured precision/recall per table (``benchmarks/accuracy_report.py``), or None."""
    if not ACCURACY_FILE.is_file():
        return None
    return _accuracy(str(ACCURACY_FILE), ACCURACY_FILE.stat().st_mtime)
