"""All data access for the dashboard: cached table loaders, the session's uploads, filtering.

Tables are read from the DuckDB store once per (file path, modification time) and cached with
``st.cache_data``; a page load never re-extracts anything. Papers a user uploads on the Data
page are built into their own temporary database and merged into this session's view.
"""

from __future__ import annotations

import os
from pathlib import Path

import pandas as pd
import streamlit as st

from extract import schema, store
from extract.schema import TABLES

PROJECT_ROOT = Path(__file__).resolve().parents[1]
UPLOADS_KEY = "pt_uploaded_dbs"  # session_state: temporary databases built from uploads
SPAN_TABLES = tuple(schema.SPAN_TABLES)  # tables whose rows are spans of the abstract


def db_path() -> Path:
    """The database the dashboard reads: ``$PAPER_TRENDS_DB`` or the default file."""
    return Path(os.environ.get("PAPER_TRENDS_DB", PROJECT_ROOT / store.DEFAULT_DB))


def ensure_db() -> Path:
    """Build ``seeds/`` into the database on first start."""
    db = db_path()
    if not db.is_file():
        from extract.pipeline import build

        with st.spinner(f"First start: building {db.name} from seeds/ ..."):
            build([PROJECT_ROOT / "seeds"], db, skip={"keywords"})
    return db


def uploaded_dbs() -> list[str]:
    """Temporary databases built from this session's uploads (still present on disk)."""
    try:
        paths = st.session_state.get(UPLOADS_KEY, [])
    except Exception:  # no session (bare mode)
        paths = []
    return [p for p in paths if Path(p).is_file()]


def add_upload(db: str | Path) -> None:
    """Add a database built from an upload to this session's view."""
    st.session_state.setdefault(UPLOADS_KEY, [])
    st.session_state[UPLOADS_KEY] = [*st.session_state[UPLOADS_KEY], str(db)]


def clear_uploads() -> None:
    """Drop this session's uploaded papers from the view and delete their temporary folders."""
    import shutil
    import tempfile

    tmp = Path(tempfile.gettempdir()).resolve()
    for db in st.session_state.get(UPLOADS_KEY, []):
        folder = Path(db).resolve().parent
        # only ever delete what dashboard.upload created
        if folder.parent == tmp and folder.name.startswith("paper-trends-upload-"):
            shutil.rmtree(folder, ignore_errors=True)
    st.session_state[UPLOADS_KEY] = []


def source_key() -> tuple[tuple[str, float], ...]:
    """What the view is built from: (path, mtime) of the store and of each upload database."""
    paths = [str(ensure_db()), *uploaded_dbs()]
    return tuple((p, Path(p).stat().st_mtime) for p in paths)


@st.cache_data(show_spinner=False, max_entries=64)
def _read(db: str, mtime: float, table: str) -> pd.DataFrame:
    return store.read_table(db, table)


# The merged and filtered frames are shared (cache_resource), not copied on every call as
# cache_data would do: a page touches the 10k-row papers table a dozen times per run. They are
# handed out as shallow copies, and pandas copy-on-write keeps the cached originals intact.
@st.cache_resource(show_spinner=False, max_entries=64)
def _merged(key: tuple[tuple[str, float], ...], table: str) -> pd.DataFrame:
    frames = [_read(db, mtime, table) for db, mtime in key]
    frames = [f for f in frames if len(f)]
    if not frames:
        return _read(*key[0], table)
    if len(frames) == 1:
        return frames[0]
    if table == "papers":
        # an uploaded paper already in the store keeps the store's row
        return pd.concat(frames, ignore_index=True).drop_duplicates("paper_id", keep="first")
    if table in ("extract_runs", "build_problems"):
        return pd.concat(frames, ignore_index=True)
    out = [frames[0]]
    seen = set(frames[0]["paper_id"]) if "paper_id" in frames[0] else set()
    for f in frames[1:]:
        if "paper_id" in f:
            f = f[~f["paper_id"].isin(seen)]
            seen |= set(f["paper_id"])
        out.append(f)
    return pd.concat(out, ignore_index=True)


def load_table(table: str) -> pd.DataFrame:
    """One table of the current view (store plus uploads), cached until a file changes."""
    if table not in TABLES:
        raise KeyError(f"unknown table {table!r}")
    return _merged(source_key(), table).copy(deep=False)


@st.cache_resource(show_spinner=False, max_entries=256)
def _filter_ids(key: tuple, spec: tuple) -> tuple[str, ...]:
    from dashboard.filters import Filters, apply

    papers = _merged(key, "papers")
    techniques = _merged(key, "techniques")
    return tuple(apply(Filters.from_tuple(spec), papers, techniques))


@st.cache_resource(show_spinner=False, max_entries=256)
def _filtered(key: tuple, spec: tuple, table: str) -> pd.DataFrame:
    df = _merged(key, table)
    ids = _filter_ids(key, spec)
    if "paper_id" not in df.columns or len(ids) == len(_merged(key, "papers")):
        return df
    from dashboard.analytics import is_in

    return df[is_in(df["paper_id"], ids)].reset_index(drop=True)


def filtered_ids(filters=None) -> tuple[str, ...]:
    """Paper ids passing the global filters (default: the current sidebar/URL filters)."""
    from dashboard import filters as flt

    f = filters if filters is not None else flt.current()
    return _filter_ids(source_key(), f.as_tuple())


def filtered(table: str, filters=None) -> pd.DataFrame:
    """Rows of ``table`` belonging to papers that pass the global filters.

    Tables without ``paper_id`` (``build_problems``, ``extract_runs``) are returned whole.
    """
    from dashboard import filters as flt

    if table not in TABLES:
        raise KeyError(f"unknown table {table!r}")
    f = filters if filters is not None else flt.current()
    return _filtered(source_key(), f.as_tuple(), table).copy(deep=False)


@st.cache_resource(show_spinner=False, max_entries=8)
def _titled(key: tuple) -> pd.DataFrame:
    papers = _merged(key, "papers")
    return papers.drop(columns=["abstract"]).assign(title=display_titles(papers))


def with_papers(
    df: pd.DataFrame, cols: tuple[str, ...] = ("title", "venue", "year", "venue_label")
) -> pd.DataFrame:
    """``df`` joined to paper columns on ``paper_id`` (titles fall back to the abstract start)."""
    keep = ["paper_id", *[c for c in cols if c != "paper_id"]]
    extra = _titled(source_key())[keep]
    return df.merge(extra, on="paper_id", how="left")


def display_titles(papers: pd.DataFrame) -> pd.Series:
    """A title for every paper: its title, else the first words of its abstract."""
    fallback = papers["abstract"].fillna("").str.slice(0, 80).str.rsplit(" ", n=1).str[0] + " …"
    title = papers["title"].astype("string")
    return title.where(title.notna() & (title.str.strip() != ""), fallback).astype(str)


def venue_domain() -> list[str]:
    """Every venue of the (unfiltered) view, sorted: the fixed order of venue colours."""
    venues = load_table("papers")["venue"].astype("string").fillna("unknown")
    return sorted(venues.unique(), key=str.lower)


@st.cache_resource(show_spinner=False, max_entries=32)
def _domain(key: tuple, column: str) -> tuple[str, ...]:
    from dashboard.charts import category_order

    return tuple(category_order(_merged(key, "techniques"), column))


def technique_domain() -> list[str]:
    """Every technique in the (unfiltered) view, in the fixed order used for colours."""
    return list(_domain(source_key(), "technique"))


def theme_domain() -> list[str]:
    """Every theme in the (unfiltered) view, in the fixed order used for colours."""
    return list(_domain(source_key(), "theme"))


def tag_table(level: str) -> pd.DataFrame:
    """Distinct (paper_id, tag) pairs of the filtered papers; ``level`` is technique or theme."""
    t = filtered("techniques")
    if t.empty:
        return pd.DataFrame(columns=["paper_id", level])
    return t[["paper_id", level]].dropna().drop_duplicates().reset_index(drop=True)


@st.cache_resource(show_spinner=False, max_entries=8)
def _term_map(key: tuple) -> dict[str, str]:
    from dashboard.keyword_terms import term_map

    return term_map(_merged(key, "keywords")["keyword"])


def keyword_terms() -> pd.DataFrame:
    """Distinct (paper_id, keyword) of the filtered papers, spelling variants counted as one term.

    ``keyword`` holds the term (:func:`dashboard.keyword_terms.term_map`, computed over every
    paper so that a term reads the same under any filter).
    """
    from dashboard import filters as flt

    return _keyword_terms(source_key(), flt.current().as_tuple()).copy(deep=False)


@st.cache_resource(show_spinner=False, max_entries=8)
def _keyword_terms(key: tuple, filters: tuple) -> pd.DataFrame:
    kw = _filtered(key, filters, "keywords")
    if kw.empty:
        return pd.DataFrame(columns=["paper_id", "keyword"])
    terms = _term_map(key)
    out = pd.DataFrame({"paper_id": kw["paper_id"], "keyword": kw["keyword"].map(terms)})
    return out.drop_duplicates().reset_index(drop=True)


# --- Trends, similar papers and accuracy (issue 15) -----------------------------------------------

ACCURACY_FILE = PROJECT_ROOT / "dashboard" / "accuracy.json"  # benchmarks/accuracy_report.py
TERM_KINDS = ("technique", "theme", "method", "dataset", "keyword")


@st.cache_resource(show_spinner=False)
def venue_groups() -> dict[str, str]:
    """``venue -> group`` from ``extract/data/venue_groups.toml``."""
    from dashboard.analytics import venue_group_map
    from extract.datafiles import load_toml

    return venue_group_map(load_toml("venue_groups.toml"))


def group_domain() -> list[str]:
    """Venue groups in the data file's order, then Other: the fixed order of group colours."""
    from dashboard.analytics import OTHER_GROUP

    return [*dict.fromkeys([*venue_groups().values(), OTHER_GROUP])]


@st.cache_resource(show_spinner=False)
def tag_aliases() -> dict[str, str]:
    """Lower-case names -> technique tag or ``theme:<theme>``, from the taxonomy."""
    from dashboard.analytics import tag_aliases as aliases
    from extract.datafiles import load_toml

    return aliases(load_toml("taxonomy.toml"))


@st.cache_resource(show_spinner=False, max_entries=8)
def _options(key: tuple) -> dict[str, list[str]]:
    from dashboard.filters import options

    return options(_merged(key, "papers"), _merged(key, "techniques"))


def filter_options() -> dict[str, list[str]]:
    """The sidebar's choices (``dashboard.filters.options``) for the current view, cached."""
    return _options(source_key())


def tag_options() -> list[str]:
    """Every technique and ``theme:<theme>`` of the current view."""
    return filter_options()["tag"]


def rejected_count(filters) -> int:
    """Papers passing ``filters`` whose status says rejected or withdrawn."""
    from dashboard.analytics import hidden_rejections

    return hidden_rejections(papers_in_view(filters))


@st.cache_resource(show_spinner=False, max_entries=64)
def _papers_view(key: tuple, spec: tuple) -> pd.DataFrame:
    from dashboard.analytics import with_groups

    papers = _filtered(key, spec, "papers")
    cols = ["paper_id", "title", "venue", "year", "venue_label", "accepted"]
    # title: the title, else the abstract's start (as everywhere in the app)
    return with_groups(papers[cols].assign(title=display_titles(papers)), venue_groups())


def papers_in_view(filters=None, ignore_tags: bool = False) -> pd.DataFrame:
    """The filtered papers with their venue ``group`` (``ignore_tags``: technique filter off).

    Columns: ``paper_id``, ``title`` (else the abstract's start), ``venue`` (``unknown`` when
    missing), ``year``, ``venue_label``, ``accepted``, ``group``.

    Trends compute shares over these: with ``ignore_tags`` the technique chosen in the sidebar
    picks what is charted instead of restricting the papers (every share would be 100%).
    """
    from dataclasses import replace

    from dashboard import filters as flt

    f = filters if filters is not None else flt.current()
    if ignore_tags:
        f = replace(f, tags=())
    return _papers_view(source_key(), f.as_tuple()).copy(deep=False)


@st.cache_resource(show_spinner=False, max_entries=16)
def _term_hits(key: tuple, kind: str) -> pd.DataFrame:
    if kind in ("technique", "theme"):
        t = _merged(key, "techniques")
        out = pd.DataFrame({"paper_id": t["paper_id"], "term": t[kind], "text": t["evidence"]})
    elif kind == "method":
        t = _merged(key, "methods")
        out = pd.DataFrame({"paper_id": t["paper_id"], "term": t["name"], "text": t["name"]})
    elif kind == "dataset":
        t = _merged(key, "benchmarks")
        out = pd.DataFrame({"paper_id": t["paper_id"], "term": t["name"], "text": t["name"]})
    elif kind == "keyword":
        t = _merged(key, "keywords")
        terms = _term_map(key)
        out = pd.DataFrame(
            {"paper_id": t["paper_id"], "term": t["keyword"].map(terms), "text": t["keyword"]}
        )
    else:
        raise KeyError(f"unknown term kind {kind!r}; one of {TERM_KINDS}")
    out = out.dropna(subset=["term"]).astype({"term": str, "text": str})
    return out.drop_duplicates(["paper_id", "term"]).reset_index(drop=True)


def term_hits(kind: str) -> pd.DataFrame:
    """``paper_id``, ``term``, ``text`` (as matched) of every paper for one kind of term.

    ``kind``: technique, theme, method (``methods.name``), dataset (``benchmarks.name``) or
    keyword (spellings of one term counted together). Unfiltered: join to the papers in view.
    """
    return _term_hits(source_key(), kind).copy(deep=False)


@st.cache_resource(show_spinner=False, max_entries=16)
def _term_names(key: tuple, kind: str) -> tuple[str, ...]:
    from dashboard.charts import category_order

    return tuple(category_order(_term_hits(key, kind), "term"))


def term_names(kind: str) -> list[str]:
    """Every term of one kind, most papers first (the candidates a user can pick from)."""
    return list(_term_names(source_key(), kind))


@st.cache_resource(show_spinner=False, max_entries=2)
def _embeddings(db: str, mtime: float):
    import numpy as np

    from dashboard.analytics import unit_rows

    con = store.connect(db)
    try:
        found = con.execute(
            "SELECT count(*) FROM information_schema.tables WHERE table_name = 'paper_embeddings'"
        ).fetchall()[0][0]
        if not found:
            return None
        tbl = con.sql("SELECT paper_id, embedding FROM paper_embeddings").to_arrow_table()
    finally:
        con.close()
    if tbl.num_rows == 0:
        return None
    emb = tbl.column("embedding").combine_chunks()
    dim = emb.type.list_size if hasattr(emb.type, "list_size") else len(emb[0])
    matrix = np.asarray(emb.flatten().to_numpy(zero_copy_only=False), dtype=np.float32)
    ids = np.asarray(tbl.column("paper_id").to_pylist(), dtype=object)
    unit = unit_rows(matrix.reshape(-1, dim))
    return ids, unit, {p: i for i, p in enumerate(ids)}


def embeddings():
    """``(ids, unit vectors, {id: row})`` from the store's ``paper_embeddings``, or None.

    None when the database has no such table or it is empty (a build without keywords).
    """
    db = ensure_db()
    return _embeddings(str(db), db.stat().st_mtime)


@st.cache_data(show_spinner=False)
def _accuracy(path: str, mtime: float) -> dict:
    import json

    return json.loads(Path(path).read_text(encoding="utf-8"))


def accuracy() -> dict | None:
    """The measured precision/recall per table (``benchmarks/accuracy_report.py``), or None."""
    if not ACCURACY_FILE.is_file():
        return None
    return _accuracy(str(ACCURACY_FILE), ACCURACY_FILE.stat().st_mtime)


@st.cache_data(show_spinner=False, max_entries=256)
def _match_term(key: tuple, kind: str, query: str) -> list[tuple[str, str]]:
    from dashboard.analytics import match_terms

    aliases = None
    if kind in ("technique", "theme"):
        prefix = "theme:"
        aliases = {
            k: v.removeprefix(prefix)
            for k, v in tag_aliases().items()
            if v.startswith(prefix) == (kind == "theme")
        }
    return match_terms(query, _term_names(key, kind), aliases)


def match_term(kind: str, query: str) -> list[tuple[str, str]]:
    """Terms of one kind matching what the user typed, best first (exact wins; aliases)."""
    return _match_term(source_key(), kind, query)
