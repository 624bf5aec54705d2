"""The build: ingest -> extraction stages (cached per abstract) -> atomic DuckDB write."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd
from tqdm.auto import tqdm

from extract import store, tables
from extract.ingest import IngestResult, ingest
from extract.records import PaperText
from extract.schema import TABLES
from extract.stages import Stage, all_stages

Runner = Callable[[Stage, Sequence[PaperText]], list[dict]]


@dataclass
class StageReport:
    """What one stage did."""

    name: str
    extracted: int  # papers run through the extractor
    reused: int  # papers whose cached rows were kept
    rows: int
    seconds: float
    skipped: bool = False


@dataclass
class BuildReport:
    """Summary of a build, printed by the CLI and used by benchmarks."""

    db: Path
    ingest: IngestResult
    stages: list[StageReport] = field(default_factory=list)
    ingest_seconds: float = 0.0
    store_seconds: float = 0.0

    @property
    def ok(self) -> bool:
        """True when every input was read (no file skipped)."""
        return not self.ingest.files_skipped


def _previous(db: Path) -> dict[str, pd.DataFrame] | None:
    """Tables of the database being replaced, used as the extraction cache."""
    if not db.is_file():
        return None
    try:
        return store.read_tables(db, ["extract_runs", *[t for t in TABLES if TABLES[t].stage]])
    except Exception:  # an unreadable old database only means no cache
        return None


def _sort(table: str, df: pd.DataFrame, order: dict[str, int]) -> pd.DataFrame:
    if df.empty:
        return df
    keys = [c for c in ("start", "end", "rank") if c in df.columns]
    df = df.assign(_o=df["paper_id"].map(order))
    other = [c for c in df.columns if c not in ("_o", *keys)]
    df = df.sort_values(["_o", *keys, *other], kind="mergesort", na_position="last")
    return df.drop(columns="_o").reset_index(drop=True)


def local_runner(show_progress: bool) -> Runner:
    """Run a stage in this process with a progress bar."""

    def run(stage: Stage, papers: Sequence[PaperText]) -> list[dict]:
        with tqdm(total=len(papers), desc=f"{stage.name:>10}", unit="paper", disable=None if show_progress else True,
                  file=sys.stderr, leave=False) as bar:
            return stage.run(papers, progress=bar.update)

    return run


def build(
    paths: Iterable[str | Path],
    db: str | Path = store.DEFAULT_DB,
    skip: Iterable[str] = (),
    runner: Runner | None = None,
    show_progress: bool = False,
    use_cache: bool = True,
) -> BuildReport:
    """Build the database from ``paths``.

    Args:
        paths: Input files and folders.
        db: The DuckDB file to (atomically) replace.
        skip: Stage names not to run; their cached rows for unchanged papers are kept.
        runner: How to run a stage (default: in this process); see ``extract.distributed``.
        show_progress: Show progress bars on stderr.
        use_cache: Reuse rows from the previous database for unchanged abstracts.

    Returns:
        A :class:`BuildReport`.
    """
    db = Path(db)
    skip = set(skip)
    runner = runner or local_runner(show_progress)
    t0 = time.perf_counter()
    with tqdm(desc="    ingest", unit="file", disable=None if show_progress else True, file=sys.stderr, leave=False) as bar:
        result = ingest(paths, progress=lambda _src: bar.update(1))
    report = BuildReport(db=db, ingest=result, ingest_seconds=time.perf_counter() - t0)

    papers = result.papers
    order = {p.paper_id: i for i, p in enumerate(papers)}
    frames: dict[str, pd.DataFrame] = {
        "papers": tables.papers_frame(papers),
        "sources": tables.sources_frame(papers),
        "build_problems": tables.problems_frame(result.problems),
    }
    previous = _previous(db) if use_cache else None
    runs: list[dict] = []
    for stage in all_stages():
        t1 = time.perf_counter()
        version = stage.version()
        done: set[str] = set()
        cached = pd.DataFrame(columns=TABLES[stage.table].column_names)
        if previous is not None:
            old_runs = previous["extract_runs"]
            done = set(old_runs.loc[(old_runs["stage"] == stage.name) & (old_runs["version"] == version),
                                    "content_hash"])
        reuse = [p for p in papers if p.content_hash in done]
        if reuse and previous is not None:
            keep = {p.paper_id for p in reuse}
            old = previous[stage.table]
            cached = old[old["paper_id"].isin(keep)]
        todo = [] if stage.name in skip else [p for p in papers if p.content_hash not in done]
        new_rows = runner(stage, [PaperText(p.paper_id, p.abstract, p.title) for p in todo]) if todo else []
        new = tables.frame(stage.table, new_rows)
        parts = [df for df in (cached, new) if len(df)]
        merged = pd.concat(parts, ignore_index=True) if parts else new
        frames[stage.table] = _sort(stage.table, tables.frame(stage.table, merged.to_dict("records")), order)
        runs += [{"content_hash": p.content_hash, "stage": stage.name, "version": version}
                 for p in [*reuse, *todo]]
        report.stages.append(StageReport(stage.name, len(todo), len(reuse), len(frames[stage.table]),
                                         time.perf_counter() - t1, skipped=stage.name in skip))
    frames["extract_runs"] = tables.frame("extract_runs", sorted(runs, key=lambda r: (r["stage"], r["content_hash"])))
    t2 = time.perf_counter()
    store.write_tables(db, frames)
    report.store_seconds = time.perf_counter() - t2
    return report
