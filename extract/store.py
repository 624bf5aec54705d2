"""DuckDB storage: atomic writes, reads and exports of the published tables.

A build never writes into the live database file. It writes a new file beside it and
renames it over the old one (an atomic replace on POSIX), so a failed, interrupted or
killed build leaves the previous database readable and unchanged.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import duckdb
import pandas as pd

from extract.export import to_csv
from extract.schema import TABLES

DEFAULT_DB = Path("data/paper_trends.duckdb")
EXPORT_FORMATS = ("csv", "parquet", "json")


class StoreError(Exception):
    """The database is missing, unreadable or not a paper-trends database."""


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _ddl(table: str) -> str:
    cols = ", ".join(f"{_q(c.name)} {c.type}" for c in TABLES[table].columns)
    return f"CREATE TABLE {_q(table)} ({cols})"


def _tmp_path(db: Path) -> Path:
    return db.with_name(f"{db.name}.tmp-{os.getpid()}")


def remove_stale_temp_files(db: Path) -> list[Path]:
    """Delete temporary files left by builds that were killed; returns what was removed."""
    removed = []
    for p in db.parent.glob(f"{db.name}.tmp-*"):
        pid = p.name.rsplit("-", 1)[-1].split(".")[0]
        if pid.isdigit() and int(pid) != os.getpid() and not _pid_alive(int(pid)):
            p.unlink(missing_ok=True)
            removed.append(p)
    return removed


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


DEFAULT_WAIT = 300.0  # seconds a writer waits for another one (``--wait``)


class LockTimeout(StoreError):
    """Another writer held the database for longer than we were asked to wait."""


def lock_path(db: str | Path) -> Path:
    """The lock file of ``db``: ``<db>.lock`` beside it (left in place; its lock is what counts)."""
    db = Path(db)
    return db.with_name(db.name + ".lock")


@contextmanager
def writer_lock(db: str | Path, wait: float = DEFAULT_WAIT,
                notify: Callable[[str], object] | None = None) -> Iterator[None]:
    """Hold the exclusive writer lock of ``db`` for the block.

    ``build``, ``add``, ``remove`` and ``fetch --add`` read the old database, extract and rename
    a new file over it; two of them at once would each write their own view and one would lose
    the other's papers. The second writer waits (``notify`` is told once), at most ``wait``
    seconds. Readers (the dashboard, ``info``, ``export``) take no lock and never wait.

    Raises:
        LockTimeout: the lock was not free within ``wait`` seconds; nothing was written.
    """
    from filelock import FileLock, Timeout

    path = lock_path(db)
    path.parent.mkdir(parents=True, exist_ok=True)
    lock = FileLock(str(path))
    try:
        lock.acquire(timeout=0)
    except Timeout:
        if notify is not None:
            notify(f"waiting for another paper-trends process writing {db} (up to {wait:g} s, --wait)")
        try:
            lock.acquire(timeout=max(wait, 0))
        except Timeout:
            raise LockTimeout(
                f"{db} is being written by another paper-trends process; gave up after {wait:g} s "
                "(nothing was changed; run again later or pass a longer --wait)"
            ) from None
    try:
        yield
    finally:
        lock.release()


def write_tables(db: str | Path, frames: Mapping[str, pd.DataFrame]) -> Path:
    """Write every table in the schema to ``db`` atomically.

    Tables missing from ``frames`` are created empty, so readers always find the full schema.
    """
    db = Path(db)
    db.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temp_files(db)
    tmp = _tmp_path(db)
    for p in (tmp, Path(f"{tmp}.wal")):
        p.unlink(missing_ok=True)
    try:
        con = duckdb.connect(str(tmp))
        try:
            for name in TABLES:
                con.execute(_ddl(name))
                df = frames.get(name)
                if df is not None and len(df):
                    con.register("_frame", df)
                    cols = ", ".join(_q(c) for c in TABLES[name].column_names)
                    con.execute(f"INSERT INTO {_q(name)} SELECT {cols} FROM _frame")
                    con.unregister("_frame")
            con.execute("CHECKPOINT")
        finally:
            con.close()
        Path(f"{db}.wal").unlink(missing_ok=True)
        os.replace(tmp, db)
    except BaseException:
        tmp.unlink(missing_ok=True)
        Path(f"{tmp}.wal").unlink(missing_ok=True)
        raise
    return db


_DUCKDB_MAGIC = b"DUCK"  # bytes 8-12 of every DuckDB database file


def is_duckdb_file(path: str | Path) -> bool:
    """True when ``path`` is a file that starts like a DuckDB database."""
    try:
        with open(path, "rb") as fh:
            return fh.read(12)[8:12] == _DUCKDB_MAGIC
    except OSError:
        return False


def connect(db: str | Path) -> duckdb.DuckDBPyConnection:
    """A read-only connection to an existing database.

    Raises:
        StoreError: the file is missing or not a DuckDB database.
    """
    db = Path(db)
    if db.is_dir():
        raise StoreError(f"{db}: is a folder, not a database file; pass --db FILE.duckdb")
    if not db.is_file():
        raise StoreError(f"{db}: no database here; run `paper-trends build` first")
    if not is_duckdb_file(db):
        raise StoreError(f"{db}: not a DuckDB database (pass the .duckdb file `paper-trends build` wrote)")
    try:
        return duckdb.connect(str(db), read_only=True)
    except duckdb.Error as exc:
        raise StoreError(f"{db}: not a readable DuckDB database ({exc})") from None


def paper_count(db: str | Path) -> int:
    """Rows in ``papers`` of an existing database (0 when it has no such table)."""
    con = connect(db)
    try:
        if "papers" not in table_names(con):
            return 0
        return con.execute("SELECT count(*) FROM papers").fetchone()[0]
    finally:
        con.close()


def check_writable_db(db: str | Path) -> None:
    """Fail early, before any extraction, when a build could not write ``db``.

    ``db`` must be a new file in a writable folder, or an existing paper-trends database (an
    existing file of any other kind is never overwritten).

    Raises:
        StoreError: one line saying what is wrong and what to do.
    """
    db = Path(db)
    if db.is_dir():
        raise StoreError(f"{db}: is a folder; pass a database file such as {db / 'paper_trends.duckdb'}")
    if db.exists():
        if not db.is_file():
            raise StoreError(f"{db}: not a regular file; pass a .duckdb file path")
        if db.stat().st_size and not is_duckdb_file(db):
            raise StoreError(f"{db}: exists and is not a DuckDB database; refusing to overwrite it")
    _check_writable_dir(db.parent, f"{db}: cannot write the database")


def _check_writable_dir(folder: Path, what: str) -> None:
    probe = folder
    while not probe.exists():  # the nearest existing ancestor decides whether mkdir can work
        if probe.parent == probe:
            break
        probe = probe.parent
    if probe.exists() and not probe.is_dir():
        raise StoreError(f"{what}: {probe} is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".paper-trends-probe-"):
            pass
    except OSError as exc:
        raise StoreError(f"{what}: folder {folder} is not writable ({exc.strerror or exc})") from None


def check_export_dir(out_dir: str | Path) -> Path:
    """The export folder, created if needed.

    Raises:
        StoreError: ``out_dir`` is an existing file or cannot be created or written.
    """
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise StoreError(f"{out}: exists and is not a folder; pass --out FOLDER (one file per table)")
    _check_writable_dir(out, f"{out}: cannot write the export")
    return out


def table_names(con: duckdb.DuckDBPyConnection) -> list[str]:
    """Names of the tables present."""
    return [r[0] for r in con.execute("SELECT table_name FROM information_schema.tables").fetchall()]


def read_table(db: str | Path, table: str) -> pd.DataFrame:
    """One table as a DataFrame (empty with the schema's columns if the table is absent)."""
    con = connect(db)
    try:
        if table not in table_names(con):
            return pd.DataFrame(columns=TABLES[table].column_names)
        return con.execute(f"SELECT * FROM {_q(table)}").df()
    finally:
        con.close()


def read_tables(db: str | Path, tables: list[str] | None = None) -> dict[str, pd.DataFrame]:
    """Several tables at once (default: all in the schema)."""
    con = connect(db)
    try:
        present = set(table_names(con))
        out = {}
        for t in tables or list(TABLES):
            if t in present:
                df = con.execute(f"SELECT * FROM {_q(t)}").df()
                # columns added to the schema since this database was built read as NULL
                for c in TABLES[t].column_names:
                    if c not in df.columns:
                        df[c] = None
                out[t] = df
            else:
                out[t] = pd.DataFrame(columns=TABLES[t].column_names)
        return out
    finally:
        con.close()


def export(db: str | Path, fmt: str, out_dir: str | Path) -> list[Path]:
    """Write one file per table: ``out_dir/<table>.<fmt>``.

    JSON is an array of records; CSV has a header row and text cells a spreadsheet would run as
    a formula get a leading ``'`` (:func:`extract.export.to_csv`); Parquet keeps the column types.
    """
    if fmt not in EXPORT_FORMATS:
        raise ValueError(f"unknown export format {fmt!r}; choose one of {', '.join(EXPORT_FORMATS)}")
    con = connect(db)  # a missing database fails before the output folder is created
    written = []
    try:
        out = check_export_dir(out_dir)
        present = set(table_names(con))
        for t in TABLES:
            if t not in present:
                continue
            target = out / f"{t}.{fmt}"
            try:
                if fmt == "csv":  # the one CSV path (formula-safe), shared with the dashboard
                    target.write_bytes(to_csv(con.execute(f"SELECT * FROM {_q(t)}").df()))
                else:
                    opts = {"parquet": "FORMAT PARQUET", "json": "FORMAT JSON, ARRAY true"}[fmt]
                    path_sql = "'" + str(target).replace("'", "''") + "'"
                    con.execute(f"COPY {_q(t)} TO {path_sql} ({opts})")
            except (duckdb.Error, OSError) as exc:
                raise StoreError(f"{target}: cannot write ({str(exc).splitlines()[0]})") from None
            written.append(target)
    finally:
        con.close()
    return written
