"""Run extraction stages on an existing Dask cluster (``paper-trends build --engine dask``).

Ingest and the DuckDB write stay on the machine that runs ``build``; each stage's papers
are cut into partitions that run as tasks on the cluster's workers, and the rows come back
in partition order, so the tables are identical to a local build's.

Every worker needs the same paper-trends version installed (with its models:
``pip install -c constraints.txt "paper-trends[distributed]"``); a worker whose stage
version differs from the client's is refused with a clear error instead of silently
writing different rows.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence

from tqdm.auto import tqdm

from extract.records import PaperText
from extract.stages import DepRows, Stage, get_stage

DEFAULT_PARTITION_SIZE = 500


class EngineError(RuntimeError):
    """The distributed engine cannot run (Dask missing, scheduler unreachable, version skew)."""


def _run_partition(
    stage_name: str, expected_version: str, papers: Sequence[PaperText], deps: DepRows | None = None
) -> list[dict]:
    """Task body executed on a worker."""
    stage = get_stage(stage_name)
    version = stage.version()
    if version != expected_version:
        raise EngineError(
            f"worker runs {stage_name} version {version}, the client {expected_version}; "
            "install the same paper-trends version on every worker"
        )
    return stage.run(papers, deps=deps)


def partition(papers: Sequence[PaperText], n_parts: int) -> list[list[PaperText]]:
    """Split into ``n_parts`` contiguous, nearly equal chunks (order preserved)."""
    if not papers:
        return []
    n_parts = max(1, min(n_parts, len(papers)))
    size = math.ceil(len(papers) / n_parts)
    return [list(papers[i : i + size]) for i in range(0, len(papers), size)]


class DaskRunner:
    """A stage runner for :func:`extract.pipeline.build` that uses a Dask cluster.

    Use it as a context manager so a client it opened is closed again.
    """

    def __init__(self, client, partitions: int | None, show_progress: bool, owns_client: bool):
        self.client = client
        self.partitions = partitions
        self.show_progress = show_progress
        self.owns_client = owns_client

    def __call__(self, stage: Stage, papers: Sequence[PaperText], deps: DepRows | None = None) -> list[dict]:
        from distributed import as_completed

        client = self.client
        threads = sum(client.nthreads().values()) or 1
        n_parts = self.partitions or max(threads, math.ceil(len(papers) / DEFAULT_PARTITION_SIZE))
        chunks = partition(papers, n_parts)
        version = stage.version()
        def part_deps(chunk: list[PaperText]) -> dict:  # only the rows of this chunk's papers travel
            return {d: {p.paper_id: rows[p.paper_id] for p in chunk if p.paper_id in rows}
                    for d, rows in (deps or {}).items()}

        futures = [client.submit(_run_partition, stage.name, version, chunk, part_deps(chunk), pure=False)
                   for chunk in chunks]
        with tqdm(total=len(papers), desc=f"{stage.name:>10}", unit="paper", file=sys.stderr,
                  disable=None if self.show_progress else True, leave=False) as bar:
            sizes = {f.key: len(c) for f, c in zip(futures, chunks)}
            for fut in as_completed(futures):
                bar.update(sizes[fut.key])
        results = client.gather(futures)
        return [row for part in results for row in part]

    def close(self) -> None:
        """Close the client if this runner opened it."""
        if self.owns_client:
            self.client.close()

    def __enter__(self) -> DaskRunner:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def dask_runner(scheduler: str | None = None, partitions: int | None = None, client=None,
                show_progress: bool = True) -> DaskRunner:
    """Connect to a Dask cluster and return a :class:`DaskRunner`.

    Args:
        scheduler: Address of a running scheduler (``tcp://host:8786``). Required unless
            ``client`` is given.
        partitions: Number of tasks per stage (default: about 500 papers per task, at least
            one per worker thread).
        client: An existing ``distributed.Client`` (tests pass one on a ``LocalCluster``).
        show_progress: Show a progress bar of finished papers.

    Raises:
        EngineError: Dask is not installed or the scheduler cannot be reached.
    """
    try:
        from distributed import Client
    except ImportError:
        raise EngineError(
            "the dask engine needs dask.distributed: pip install -c constraints.txt -e '.[distributed]'"
        ) from None
    owns = client is None
    if client is None:
        if not scheduler:
            raise EngineError("--engine dask needs --scheduler ADDRESS (e.g. tcp://10.0.0.5:8786)")
        try:
            client = Client(scheduler, timeout="10s")
        except OSError as exc:
            raise EngineError(f"cannot reach Dask scheduler at {scheduler}: {exc}") from None
    return DaskRunner(client, partitions, show_progress, owns)
