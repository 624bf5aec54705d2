"""The build: ingest -> extraction stages (cached per abstract) -> atomic DuckDB write.

Three operations share it: :func:`build` (rebuild from exactly the given inputs), ``add``
(:func:`build` with ``add=True``: the papers of the existing database plus the inputs) and
:func:`remove_sources`. None of them ever loses a database: the new file replaces the old one
only when every input was read (unless ``keep_going``), and a result with no papers never
replaces a database that has papers.
"""

from __future__ import annotations

import sys
import time
import fnmatch
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd
from tqdm.auto import tqdm

from extract import index, store, tables
from extract.ingest import IngestResult, ingest
from extract.records import PaperText
from extract.schema import TABLES
from extract.stages import DepRows, Stage, all_stages, input_key

Runner = Callable[[Stage, Sequence[PaperText], DepRows], list[dict]]


class BuildRefused(Exception):
    """The build would lose data; nothing was written. The message says why."""


@dataclass
class StageReport:
    """What one stage did."""

    name: str
    extracted: int  # papers run through the extractor
    reused: int  # papers whose cached rows were kept
    rows: int
    seconds: float
    skipped: bool = False
    refreshed: int = 0  # of ``extracted``: papers whose cached rows came from other code


@dataclass
class BuildReport:
    """Summary of a build, printed by the CLI and used by benchmarks."""

    db: Path
    ingest: IngestResult
    stages: list[StageReport] = field(default_factory=list)
    ingest_seconds: float = 0.0
    store_seconds: float = 0.0
    written: bool = False  # False: inputs were skipped and the database was left unchanged
    previous_papers: int = 0  # papers in the database before (``add``: those kept)

    @property
    def ok(self) -> bool:
        """True when every input was read (no file skipped)."""
        return not self.ingest.files_skipped


def _previous(db: Path, tables: list[str]) -> dict[str, pd.DataFrame] | None:
    """Tables of the database being replaced (the extraction cache), None when there is none."""
    if not db.is_file():
        return None
    try:
        return store.read_tables(db, tables)
    except Exception:  # an unreadable old database only means no cache
        return None


def _old_runs(previous: dict[str, pd.DataFrame] | None) -> dict[str, dict[str, str]]:
    """``stage -> input key -> version`` of the database being replaced (empty without one).

    A database written before input keys existed (``content_hash`` column) gives nothing: its
    rows are re-extracted once.
    """
    if previous is None or "input_hash" not in previous["extract_runs"].columns:
        return {}
    out: dict[str, dict[str, str]] = {}
    runs = previous["extract_runs"]
    for stage, key, version in zip(runs["stage"], runs["input_hash"], runs["version"]):
        out.setdefault(stage, {})[key] = version
    return out


def _sort(table: str, df: pd.DataFrame, order: dict[str, int]) -> pd.DataFrame:
    if df.empty:
        return df
    declared = getattr(TABLES[table], "sort_keys", None)
    keys = [c for c in (declared if declared is not None else ("start", "end", "rank")) if c in df.columns]
    df = df.assign(_o=df["paper_id"].map(order))
    other = [c for c in df.columns if c not in ("_o", *keys)]
    df = df.sort_values(["_o", *keys, *other], kind="mergesort", na_position="last")
    return df.drop(columns="_o").reset_index(drop=True)


def split_rows(stage: Stage, rows: list[dict]) -> dict[str, list[dict]]:
    """Rows per output table. A stage with several tables tags each row with ``__table__``."""
    if len(stage.spec.tables) == 1:
        return {stage.table: rows}
    out: dict[str, list[dict]] = {t: [] for t in stage.spec.tables}
    for row in rows:
        row = dict(row)
        out[row.pop("__table__")].append(row)
    return out


def _rows_by_paper(df: pd.DataFrame) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for row in df.to_dict("records"):
        out.setdefault(row["paper_id"], []).append(row)
    return out


def local_runner(show_progress: bool) -> Runner:
    """Run a stage in this process with a progress bar."""

    def run(stage: Stage, papers: Sequence[PaperText], deps: DepRows) -> list[dict]:
        with tqdm(total=len(papers), desc=f"{stage.name:>10}", unit="paper", disable=None if show_progress else True,
                  file=sys.stderr, leave=False) as bar:
            return stage.run(papers, progress=bar.update, deps=deps)

    return run


def build(
    paths: Iterable[str | Path],
    db: str | Path = store.DEFAULT_DB,
    skip: Iterable[str] = (),
    runner: Runner | None = None,
    show_progress: bool = False,
    use_cache: bool = True,
    keep_going: bool = False,
    add: bool = False,
    wait: float = store.DEFAULT_WAIT,
) -> BuildReport:
    """Build the database from ``paths`` (or, with ``add``, add them to it).

    Args:
        paths: Input files and folders.
        db: The DuckDB file to (atomically) replace.
        skip: Stage names not to run; their cached rows for unchanged papers are kept.
        runner: How to run a stage (default: in this process); see ``extract.workers``
            (local processes) and ``extract.distributed`` (Dask).
        show_progress: Show progress bars on stderr.
        use_cache: Reuse rows from the previous database for unchanged abstracts.
        keep_going: Write what could be read even when some input was skipped.
        add: Keep the papers already in ``db`` and add those of ``paths`` (deduplicated
            against them); only new papers are extracted.
        wait: Seconds to wait for another writer of ``db`` (:func:`extract.store.writer_lock`).

    Returns:
        A :class:`BuildReport`; ``written`` is False when an input was skipped (and not
        ``keep_going``): the database is then unchanged.

    Raises:
        store.StoreError: ``db`` cannot be written (checked before any work), or, with
            ``add``, is missing or unreadable.
        BuildRefused: the result has no papers and would replace a database that has some.
        store.LockTimeout: another writer held ``db`` for more than ``wait`` seconds.
    """
    db = Path(db)
    store.check_writable_db(db)
    # one writer at a time, from reading the old database to renaming the new one over it
    with store.writer_lock(db, wait, notify=lambda msg: print(msg, file=sys.stderr)):
        return _build_locked(paths, db, set(skip), runner or local_runner(show_progress),
                             show_progress, use_cache, keep_going, add)


def _build_locked(paths: Iterable[str | Path], db: Path, skip: set[str], runner: Runner,
                  show_progress: bool, use_cache: bool, keep_going: bool, add: bool) -> BuildReport:
    store.check_writable_db(db)  # again: another writer may have replaced it while we waited
    existing = []
    if add:
        old = store.read_tables(db, ["papers", "sources"])  # StoreError when there is no database
        existing = tables.papers_from_frames(old["papers"], old["sources"])
    t0 = time.perf_counter()
    with tqdm(desc="    ingest", unit="file", disable=None if show_progress else True, file=sys.stderr, leave=False) as bar:
        result = ingest(paths, progress=lambda _src: bar.update(1), existing=existing)
    report = BuildReport(db=db, ingest=result, ingest_seconds=time.perf_counter() - t0,
                         previous_papers=len(existing))
    if result.files_skipped and not keep_going:
        return report
    if not result.papers and db.is_file() and store.is_duckdb_file(db):
        n_old = store.paper_count(db)
        if n_old:
            raise BuildRefused(
                f"no papers were read, and {db} holds {n_old}; it was left unchanged"
            )
    _extract_and_write(report, skip, runner, use_cache)
    return report


def _extract_and_write(report: BuildReport, skip: set[str], runner: Runner, use_cache: bool) -> None:
    db, papers = report.db, report.ingest.papers
    order = {p.paper_id: i for i, p in enumerate(papers)}
    frames: dict[str, pd.DataFrame] = {
        "papers": tables.papers_frame(papers),
        "sources": tables.sources_frame(papers),
        "build_problems": tables.problems_frame(report.ingest.problems),
    }
    stages = all_stages()
    previous = _previous(db, ["extract_runs", *[t for s in stages for t in s.spec.tables]]) if use_cache else None
    old_runs = _old_runs(previous)
    wanted = {d for s in stages for d in s.depends_on}  # stages whose rows another stage reads
    dep_rows: dict[str, dict[str, list[dict]]] = {}
    available: dict[str, set[str]] = {}  # stage -> input keys it has rows for in this build
    keys: dict[str, dict[str, str]] = {}  # stage -> paper id -> input key
    runs: list[dict] = []
    for stage in stages:
        t1 = time.perf_counter()
        version = stage.version()
        spec = stage.spec
        keys[stage.name] = {p.paper_id: input_key(spec, p, [keys[d][p.paper_id] for d in spec.depends_on])
                            for p in papers}
        key = keys[stage.name]
        old = old_runs.get(stage.name, {})  # input key -> version of the previous build
        reuse = [p for p in papers if old.get(key[p.paper_id]) == version]
        keep = {p.paper_id for p in reuse}
        todo = [] if stage.name in skip else [p for p in papers if p.paper_id not in keep]
        # a paper whose dependency has no rows in this build (skipped stage) waits for it
        todo = [p for p in todo if all(keys[d][p.paper_id] in available[d] for d in stage.depends_on)]
        # rows of the same inputs made by other code: re-extracted because the code changed
        refreshed = sum(1 for p in todo if key[p.paper_id] in old)
        deps = {d: dep_rows[d] for d in stage.depends_on}
        texts = [PaperText(p.paper_id, p.abstract, p.title) for p in todo]
        new_rows = split_rows(stage, runner(stage, texts, deps) if todo else [])
        for table in stage.spec.tables:
            cached = pd.DataFrame(columns=TABLES[table].column_names)
            if keep and previous is not None:
                old_table = previous[table]
                cached = old_table[old_table["paper_id"].isin(keep)]
            new = tables.frame(table, new_rows[table])
            if len(cached) and len(new):  # rows of two builds: typed as one table again
                merged = pd.concat([cached, new], ignore_index=True)
                new = tables.frame(table, merged.to_dict("records"))
            elif len(cached):
                new = tables.frame(table, cached.to_dict("records"))
            frames[table] = _sort(table, new, order)
        if stage.name in wanted:
            dep_rows[stage.name] = _rows_by_paper(frames[stage.table])
        available[stage.name] = {key[p.paper_id] for p in (*reuse, *todo)}
        runs += [{"input_hash": k, "stage": stage.name, "version": version}
                 for k in dict.fromkeys(key[p.paper_id] for p in [*reuse, *todo])]
        report.stages.append(StageReport(stage.name, len(todo), len(reuse), len(frames[stage.table]),
                                         time.perf_counter() - t1, skipped=stage.name in skip,
                                         refreshed=refreshed))
    frames["extract_runs"] = tables.frame("extract_runs", sorted(runs, key=lambda r: (r["stage"], r["input_hash"])))
    t2 = time.perf_counter()
    store.write_tables(db, frames)
    report.store_seconds = time.perf_counter() - t2
    report.written = True
    index.write_index_quietly(db)  # search indexes next to the database (extract/index.py)


@dataclass
class RemoveReport:
    """What :func:`remove_sources` did."""

    db: Path
    papers_removed: int
    sources_removed: int
    papers_left: int


def remove_sources(db: str | Path, pattern: str, wait: float = store.DEFAULT_WAIT) -> RemoveReport:
    """Drop the papers found only in sources matching ``pattern`` (a shell pattern).

    Papers also found elsewhere stay, without the matching source rows. Their extracted rows
    are kept as they are; the database is replaced atomically.

    Raises:
        store.StoreError: no database, or it cannot be written.
        BuildRefused: nothing matches ``pattern`` (the message lists some sources), or every
            paper would be removed.
        store.LockTimeout: another writer held ``db`` for more than ``wait`` seconds.
    """
    db = Path(db)
    with store.writer_lock(db, wait, notify=lambda msg: print(msg, file=sys.stderr)):
        return _remove_locked(db, pattern)


def _remove_locked(db: Path, pattern: str) -> RemoveReport:
    frames = store.read_tables(db)
    store.check_writable_db(db)
    src = frames["sources"]
    hit = src["source"].map(lambda s: fnmatch.fnmatchcase(str(s), pattern)).astype(bool)
    if not hit.any():
        known = ", ".join(sorted(src["source"].astype(str).unique())[:5])
        raise BuildRefused(f"no source matches {pattern!r}; sources look like: {known}")
    keep_src = src[~hit]
    left = set(keep_src["paper_id"])
    papers = frames["papers"]
    gone = ~papers["paper_id"].isin(left)
    if gone.all():
        raise BuildRefused(
            f"every paper in {db} comes from sources matching {pattern!r}; refusing to empty "
            "the database (build from other inputs instead)"
        )
    frames["sources"] = keep_src.reset_index(drop=True)
    counts = keep_src.groupby("paper_id").size()
    papers = papers[~gone].copy()
    papers["n_sources"] = papers["paper_id"].map(counts).astype("Int64")
    frames["papers"] = papers.reset_index(drop=True)
    for name, spec in TABLES.items():
        if name in ("papers", "sources") or "paper_id" not in spec.column_names:
            continue
        frames[name] = frames[name][frames[name]["paper_id"].isin(left)].reset_index(drop=True)
    # the cache keeps the runs of the papers left (their input keys, as a build computes them)
    kept = tables.papers_from_frames(frames["papers"], frames["sources"])
    keys: dict[str, dict[str, str]] = {}
    live: set[tuple[str, str]] = set()
    for stage in all_stages():
        spec = stage.spec
        keys[stage.name] = {p.paper_id: input_key(spec, p, [keys[d][p.paper_id] for d in spec.depends_on])
                            for p in kept}
        live.update((stage.name, k) for k in keys[stage.name].values())
    runs = frames["extract_runs"]
    if "input_hash" in runs.columns:
        mask = [(s, k) in live for s, k in zip(runs["stage"], runs["input_hash"])]
        frames["extract_runs"] = runs[mask].reset_index(drop=True)
    store.write_tables(db, frames)
    # the index was of the papers before: rewritten (or dropped when it cannot be), as a build does
    index.write_index_quietly(db)
    return RemoveReport(db, int(gone.sum()), int(hit.sum()), len(papers))
