"""Run extraction stages in a pool of local processes (``paper-trends build --workers N``).

The build stays as it is (ingest, stages in registry order, one atomic DuckDB write); only a
stage's extraction is spread over worker processes. Each stage's papers are cut into contiguous
tasks of at most :data:`TASK_PAPERS` papers (at least two per worker, so a worker slowed by
other jobs on a shared machine does not hold the stage back); each task carries only its own
papers' dependency rows, and the rows come back in task order, so the tables are identical to
those of an in-process build (``tests/test_workers.py``).

Worker processes are started once per build with the ``spawn`` method (``fork`` is unsafe
once torch, which the keyword encoder's library imports, or DuckDB have started threads), and
their initializer loads the vocabularies, taggers and models of the stages to run, so they load
once per process, not per task. A worker runs with one BLAS/torch thread: the processes are
the parallelism.

A stage with fewer than ``min_papers`` papers to extract (an ``add`` of a few papers, a rebuild
where most rows are cached) runs in this process, and no pool is started for it. With one
worker everything runs in this process. ``paper-trends build``/``add`` start the workers before
reading the inputs when these hold at least :data:`PRESTART_BYTES` (:meth:`ProcessRunner.start`),
so the workers' start-up overlaps ingest.

This is the engine for one machine; ``extract.distributed`` (Dask) is the one for several.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from concurrent.futures import FIRST_EXCEPTION, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool

from tqdm.auto import tqdm

from extract.records import PaperText
from extract.stages import DepRows, Stage, get_stage

TASK_PAPERS = 512  # largest task: one keyword batch (extract.stages.BATCH_SIZE)
DEFAULT_MIN_PAPERS = 400  # below this a stage runs in this process (pool start-up ~1-3 s)
PRESTART_BYTES = 1_000_000  # inputs this large start the workers while they are read (~300+ papers)
WARM_PAPER = PaperText(
    "warm-up",
    "We propose BERT-Large, a 340M parameter transformer that reaches 92.1% accuracy on SQuAD "
    "and outperforms GPT-2 on question answering.",
    "A warm-up title",
)


class WorkerError(RuntimeError):
    """A worker process failed (an exception in a stage, or the process died)."""


def usable_cores() -> int:
    """The number of cores this process may run on (its CPU affinity), at least 1."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not Linux
        return max(1, os.cpu_count() or 1)


THREAD_VARS = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")


@contextmanager
def _one_thread_env() -> Iterator[None]:
    """Processes started in this block read one-thread settings for their BLAS/OpenMP."""
    old = {v: os.environ.get(v) for v in THREAD_VARS}
    os.environ.update(dict.fromkeys(THREAD_VARS, "1"))
    try:
        yield
    finally:
        for var, value in old.items():
            if value is None:
                os.environ.pop(var, None)
            else:
                os.environ[var] = value


def limit_threads() -> None:
    """One BLAS/OpenMP/torch thread in this process (a worker: the pool is the parallelism)."""
    try:
        from threadpoolctl import threadpool_limits

        threadpool_limits(1)
    except ImportError:  # pragma: no cover - threadpoolctl comes with scikit-learn
        pass
    if "torch" in sys.modules:
        sys.modules["torch"].set_num_threads(1)


def _init_worker(stages: tuple[str, ...]) -> None:
    """Worker initializer: load what ``stages`` read (vocabularies, taggers, models) once."""
    limit_threads()
    for name in stages:
        get_stage(name).run([WARM_PAPER])  # deps=None: a stage computes its dependencies itself
    limit_threads()  # torch may have been imported by a stage


def _ready() -> int:
    """A no-op task: submitted once per worker, it starts the worker processes."""
    return os.getpid()


def input_bytes(paths: Iterable[str | os.PathLike]) -> int:
    """Total size of the files under ``paths`` (missing paths count 0)."""
    total = 0
    for raw in paths:
        root = os.fspath(raw)
        if os.path.isfile(root):
            total += os.path.getsize(root)
            continue
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                try:
                    total += os.path.getsize(os.path.join(dirpath, name))
                except OSError:
                    pass
    return total


def _run_task(
    stage_name: str, papers: Sequence[PaperText], deps: DepRows | None
) -> tuple[int, list[dict]]:
    """Task body executed in a worker: this process's id and the stage's rows for ``papers``."""
    return os.getpid(), get_stage(stage_name).run(papers, deps=deps)


def tasks(
    papers: Sequence[PaperText], workers: int, task_papers: int = TASK_PAPERS
) -> list[list[PaperText]]:
    """Contiguous tasks, in order: at least two per worker, at most ``task_papers`` papers each."""
    if not papers:
        return []
    size = max(1, min(task_papers, math.ceil(len(papers) / (2 * max(1, workers)))))
    return [list(papers[i : i + size]) for i in range(0, len(papers), size)]


class ProcessRunner:
    """A stage runner for :func:`extract.pipeline.build` that uses local worker processes.

    Use it as a context manager so the pool it started is shut down again.

    Args:
        workers: Worker processes (1: run every stage in this process).
        show_progress: Show a progress bar per stage (updated as tasks finish).
        stages: Stages whose models the workers load when they start (default: every stage
            the runner is asked to run, loaded on first use).
        min_papers: A stage with fewer papers than this runs in this process.
        start_method: ``multiprocessing`` start method of the workers (``spawn`` or
            ``forkserver``).
        task_papers: Largest task, in papers.
    """

    def __init__(
        self,
        workers: int,
        show_progress: bool = False,
        stages: Iterable[str] = (),
        min_papers: int = DEFAULT_MIN_PAPERS,
        start_method: str = "spawn",
        task_papers: int = TASK_PAPERS,
    ):
        self.workers = max(1, int(workers))
        self.show_progress = show_progress
        self.stages = tuple(stages)
        self.min_papers = min_papers
        self.start_method = start_method
        self.task_papers = task_papers
        self.worker_pids: set[int] = set()  # processes that ran a task (tests check it)
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context(self.start_method),
                initializer=_init_worker,
                initargs=(self.stages,),
            )
        return self._pool

    def start(self) -> None:
        """Start the worker processes now, in the background (nothing to do with one worker).

        They then load their stages' models while this process reads the inputs; without it
        they start on the first stage with at least ``min_papers`` papers.
        """
        if self.workers <= 1 or self._pool is not None:
            return
        pool = self._executor()
        with _one_thread_env():
            for _ in range(self.workers):
                pool.submit(_ready)

    def _bar(self, stage: Stage, total: int) -> tqdm:
        return tqdm(total=total, desc=f"{stage.name:>10}", unit="paper", file=sys.stderr,
                    disable=None if self.show_progress else True, leave=False)

    def __call__(
        self, stage: Stage, papers: Sequence[PaperText], deps: DepRows | None = None
    ) -> list[dict]:
        """The rows of ``stage`` for ``papers``, in order (as ``stage.run`` would return them).

        Raises:
            WorkerError: the stage raised in a worker, or a worker process died.
        """
        if self.workers <= 1 or len(papers) < max(1, self.min_papers):
            with self._bar(stage, len(papers)) as bar:
                return stage.run(papers, progress=bar.update, deps=deps)
        chunks = tasks(papers, self.workers, self.task_papers)

        def task_deps(chunk: list[PaperText]) -> dict:  # only this task's papers' rows travel
            return {d: {p.paper_id: rows[p.paper_id] for p in chunk if p.paper_id in rows}
                    for d, rows in (deps or {}).items()}

        pool = self._executor()
        try:
            with _one_thread_env():  # workers are started by the first submits
                futures = [pool.submit(_run_task, stage.name, chunk, task_deps(chunk))
                           for chunk in chunks]
        except BrokenProcessPool as exc:
            self._abandon()
            raise WorkerError(f"stage {stage.name}: the worker processes are gone ({exc})") \
                from None
        sizes: dict[Future, tuple[int, list[PaperText]]] = {
            f: (i, c) for i, (f, c) in enumerate(zip(futures, chunks))
        }
        with self._bar(stage, len(papers)) as bar:
            pending = set(futures)
            while pending:
                done, pending = wait(pending, return_when=FIRST_EXCEPTION)
                for fut in done:
                    exc = fut.exception()
                    if exc is not None:
                        self._fail(stage, fut, sizes[fut][1], exc)
                    bar.update(len(sizes[fut][1]))
        rows: list[dict] = []
        for fut in futures:
            pid, part = fut.result()
            self.worker_pids.add(pid)
            rows.extend(part)
        return rows

    def _fail(self, stage: Stage, fut: Future, chunk: list[PaperText], exc: BaseException) -> None:
        """Stop the pool and raise a :class:`WorkerError` naming the stage and the papers."""
        self._abandon()
        where = f"papers {chunk[0].paper_id} .. {chunk[-1].paper_id}" if chunk else "no papers"
        if isinstance(exc, BrokenProcessPool):
            raise WorkerError(
                f"stage {stage.name}: a worker process died or could not start ({where}); see "
                "the messages above; if it ran out of memory, try fewer --workers"
            ) from None
        raise WorkerError(f"stage {stage.name} failed in a worker process ({where}): "
                          f"{type(exc).__name__}: {exc}") from exc

    def _abandon(self) -> None:
        """Shut the pool down without waiting for queued tasks."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def close(self) -> None:
        """Shut the worker processes down (a runner can start a new pool afterwards)."""
        self._abandon()

    def __enter__(self) -> ProcessRunner:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def process_runner(workers: int | None = None, show_progress: bool = True,
                   skip: Iterable[str] = (), **options) -> ProcessRunner:
    """A :class:`ProcessRunner` with ``workers`` processes (default: :func:`usable_cores`).

    ``skip``: stages the build will not run (their models are not loaded by the workers).
    ``options`` go to :class:`ProcessRunner`.
    """
    from extract.stages import STAGE_NAMES

    skip = set(skip)
    n = usable_cores() if workers is None else workers
    return ProcessRunner(n, show_progress=show_progress,
                         stages=[s for s in STAGE_NAMES if s not in skip], **options)
