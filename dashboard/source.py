"""Where the dashboard's data comes from: the database file, this session's uploads, and one
read-only DuckDB connection over them.

The store is never loaded into memory as a whole. :func:`connection` opens an in-memory DuckDB
database, attaches the store file read-only (``s0``) and every database built from this
session's uploads (``s1``, ``s2``, ...; also read-only), and defines one view per published
table (``extract/schema.py``) over them: the store's rows, then the rows of uploaded papers the
store does not already hold. Pages query those views (``dashboard.data``) for what they draw.

The connection is keyed on (path, modification time) of every attached file, so a rebuilt
database or a new upload gives a new connection, and the old one is closed when evicted.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import duckdb
import pandas as pd
import streamlit as st

from dashboard.analytics.coverage import OTHER_GROUP, venue_group_map
from dashboard.analytics.terms import tag_aliases as taxonomy_aliases
from dashboard.filter_model import THEME_PREFIX, UNKNOWN
from dashboard.upload import UPLOAD_PREFIX
from extract import store
from extract.datafiles import load_toml
from extract.schema import TABLES

PROJECT_ROOT = Path(__file__).resolve().parents[1]
UPLOADS_KEY = "pt_uploaded_dbs"  # session_state: temporary databases built from uploads
MEMORY_LIMIT = os.environ.get("PAPER_TRENDS_DUCKDB_MEMORY", "1GB")  # DuckDB's own buffers
CACHE_TTL = 600  # seconds a cached query result lives (st.cache_data)


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
    tmp = Path(tempfile.gettempdir()).resolve()
    for db in st.session_state.get(UPLOADS_KEY, []):
        folder = Path(db).resolve().parent
        # only ever delete what dashboard.upload created
        if folder.parent == tmp and folder.name.startswith(UPLOAD_PREFIX):
            shutil.rmtree(folder, ignore_errors=True)
    st.session_state[UPLOADS_KEY] = []


def source_key() -> tuple[tuple[str, float], ...]:
    """What the view is built from: (path, mtime) of the store and of each upload database."""
    paths = [str(ensure_db()), *uploaded_dbs()]
    return tuple((p, Path(p).stat().st_mtime) for p in paths)


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _lit(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _select(con: duckdb.DuckDBPyConnection, alias: str, table: str) -> str:
    """``SELECT`` of ``table``'s schema columns from attached database ``alias``.

    Columns added to the schema since that database was built read as NULL; a table it lacks
    reads as no rows.
    """
    present = {
        r[0]
        for r in con.execute(
            "SELECT column_name FROM duckdb_columns() WHERE database_name = ? AND table_name = ?",
            [alias, table],
        ).fetchall()
    }
    cols = ", ".join(
        _q(c.name) if c.name in present else f"CAST(NULL AS {c.type}) AS {_q(c.name)}"
        for c in TABLES[table].columns
    )
    if not present:
        return f"SELECT {cols} WHERE FALSE"
    return f"SELECT {cols} FROM {alias}.{_q(table)}"


def open_view(paths: list[str]) -> duckdb.DuckDBPyConnection:
    """An in-memory DuckDB connection with ``paths`` attached read-only and one view per table.

    The first path is the store; the others are upload databases, whose papers count only when
    the databases before them do not hold the same ``paper_id`` (the store's row wins).
    """
    for p in paths:
        store.connect(p).close()  # the store's own checks and messages (StoreError)
    con = duckdb.connect(":memory:", config={"memory_limit": MEMORY_LIMIT, "threads": 2})
    aliases = [f"s{i}" for i in range(len(paths))]
    for alias, p in zip(aliases, paths, strict=True):
        con.execute(f"ATTACH {_lit(str(p))} AS {alias} (READ_ONLY)")
    for table, spec in TABLES.items():
        parts = []
        for i, alias in enumerate(aliases):
            sql = _select(con, alias, table)
            if i and "paper_id" in spec.column_names:
                earlier = " UNION ALL ".join(
                    f"SELECT paper_id FROM {a}.papers" for a in aliases[:i]
                )
                sql = f"SELECT * FROM ({sql}) WHERE paper_id NOT IN ({earlier})"
            parts.append(sql)
        con.execute(f"CREATE VIEW {_q(table)} AS " + " UNION ALL ".join(parts))
    return con


@st.cache_resource(show_spinner=False, max_entries=4, on_release=lambda con: con.close())
def _connection(key: tuple[tuple[str, float], ...]) -> duckdb.DuckDBPyConnection:
    return open_view([p for p, _ in key])


def connection() -> duckdb.DuckDBPyConnection:
    """A cursor on the current view (store plus this session's uploads), for one query."""
    return _connection(source_key()).cursor()


def query(
    sql: str, params: list | tuple = (), frames: dict[str, object] | None = None
) -> pd.DataFrame:
    """Run ``sql`` with ``params`` on the current view (uncached; see ``dashboard.data``).

    ``frames``: pandas frames or Arrow tables the query may read by name (registered on this
    query's cursor only), e.g. a list of paper ids to join.
    """
    return run_on(_connection(source_key()), sql, params, frames)


def run_on(
    con: duckdb.DuckDBPyConnection,
    sql: str,
    params: list | tuple = (),
    frames: dict[str, object] | None = None,
) -> pd.DataFrame:
    """Run ``sql`` on a cursor of ``con`` (via Arrow: 3x faster than ``.df()`` on strings)."""
    cur = con.cursor()
    try:
        for name, frame in (frames or {}).items():
            cur.register(name, frame)
        return cur.sql(sql, params=list(params)).to_arrow_table().to_pandas()
    finally:
        cur.close()


def connection_for(key: tuple[tuple[str, float], ...]) -> duckdb.DuckDBPyConnection:
    """The connection of one source key (for work done outside a script run, e.g. downloads)."""
    return _connection(key)


@st.cache_data(show_spinner=False, ttl=CACHE_TTL, max_entries=256)
def cached_query(key: tuple, sql: str, params: tuple = ()) -> pd.DataFrame:
    """:func:`query`, cached per (source key, SQL, parameters) with a TTL and a bounded size.

    For small results (aggregates, top-k, one paper's rows): a cache hit is a copy.
    """
    return query(sql, params)


# --- Small lookups over the whole view (the sidebar's choices, venue groups, aliases) ----------


def _options(key: tuple) -> dict[str, list[str]]:
    venues = cached_query(key, "SELECT DISTINCT venue FROM papers")["venue"]
    years = cached_query(key, "SELECT DISTINCT year FROM papers")["year"]
    tags = cached_query(
        key, "SELECT DISTINCT technique, theme FROM techniques"
    )
    has_status = cached_query(key, "SELECT count(accepted) > 0 AS s FROM papers")["s"].iloc[0]
    v = sorted(venues.dropna().astype(str))
    if venues.isna().any():
        v.append(UNKNOWN)
    y = sorted({str(int(x)) for x in years.dropna()})
    if years.isna().any():
        y.append(UNKNOWN)
    techs = sorted(tags["technique"].dropna().astype(str).unique(), key=str.lower)
    themes = sorted(tags["theme"].dropna().astype(str).unique(), key=str.lower)
    return {
        "venue": v,
        "year": y,
        "tag": [*techs, *[THEME_PREFIX + t for t in themes]],
        "has_status": [str(bool(has_status))],
    }


def filter_options() -> dict[str, list[str]]:
    """The sidebar's choices for the current view (as ``dashboard.filter_model.options``)."""
    return _options(source_key())


def tag_options() -> list[str]:
    """Every technique and ``theme:<theme>`` of the current view."""
    return filter_options()["tag"]


@st.cache_data(show_spinner=False)
def venue_groups() -> dict[str, str]:
    """``venue -> group`` from ``extract/data/venue_groups.toml``."""
    return venue_group_map(load_toml("venue_groups.toml"))


def group_domain() -> list[str]:
    """Venue groups in the data file's order, then Other: the fixed order of group colours."""
    return [*dict.fromkeys([*venue_groups().values(), OTHER_GROUP])]


@st.cache_data(show_spinner=False)
def tag_aliases() -> dict[str, str]:
    """Lower-case names -> technique tag or ``theme:<theme>``, from the taxonomy."""
    return taxonomy_aliases(load_toml("taxonomy.toml"))
