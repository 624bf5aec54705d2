"""Extraction stages: one extractor module = one stage = one table.

An extractor module exposes:

* ``TABLE``: the table it fills (a key of ``schema.TABLES``);
* ``VERSION``: bumped whenever its code changes what it outputs;
* ``DATA_FILES``: vocabulary files under ``extract/data`` it reads (hashed into the version,
  so editing a vocabulary re-runs only the stages that read it);
* ``extract_rows(paper: PaperText) -> list[dict]`` for per-paper extractors, or
  ``extract_batch(papers: Sequence[PaperText]) -> list[dict]`` for batched ones (keywords).

Rows carry exactly the table's schema columns, ``paper_id`` included.
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from types import ModuleType
from typing import Any

from extract.datafiles import DATA_DIR
from extract.records import PaperText

BATCH_SIZE = 512  # papers per extract_batch call: progress granularity and memory bound

# Stage name -> module, in the order a build runs them.
STAGE_MODULES: dict[str, str] = {
    "methods": "extract.stages.methods",
    "techniques": "extract.stages.techniques",
    "benchmarks": "extract.stages.benchmarks",
    "sizes": "extract.stages.sizes",
    "metrics": "extract.stages.metrics",
    "keywords": "extract.keywords",
}


@dataclass(frozen=True)
class Stage:
    """A named extraction stage backed by one extractor module."""

    name: str

    @cached_property
    def module(self) -> ModuleType:
        """The extractor module (imported on first use: keywords pulls in torch)."""
        return importlib.import_module(STAGE_MODULES[self.name])

    @property
    def table(self) -> str:
        """The table this stage fills."""
        return self.module.TABLE

    def version(self) -> str:
        """Code version plus a hash of the stage's data files."""
        h = hashlib.sha1()
        for name in sorted(getattr(self.module, "DATA_FILES", ())):
            h.update(name.encode())
            h.update((DATA_DIR / name).read_bytes())
        return f"{self.module.VERSION}-{h.hexdigest()[:10]}"

    def run(
        self,
        papers: Sequence[PaperText],
        progress: Callable[[int], Any] | None = None,
    ) -> list[dict]:
        """Extract rows for ``papers``; ``progress(n)`` is called as papers are done."""
        batch = getattr(self.module, "extract_batch", None)
        if batch is not None:
            rows = []
            for i in range(0, len(papers), BATCH_SIZE):
                chunk = papers[i : i + BATCH_SIZE]
                rows.extend(batch(chunk))
                if progress:
                    progress(len(chunk))
            return rows
        rows: list[dict] = []
        for i, paper in enumerate(papers, 1):
            rows.extend(self.module.extract_rows(paper))
            if progress and i % 64 == 0:
                progress(64)
        if progress:
            progress(len(papers) % 64)
        return rows


def all_stages() -> list[Stage]:
    """Every stage, in build order."""
    return [Stage(n) for n in STAGE_MODULES]


def get_stage(name: str) -> Stage:
    """The stage called ``name``.

    Raises:
        ValueError: no such stage.
    """
    if name not in STAGE_MODULES:
        raise ValueError(f"unknown stage {name!r}; stages are: {', '.join(STAGE_MODULES)}")
    return Stage(name)
