"""The extraction stages, each declared once, in its declaration file.

``extract/data/stages/<name>.toml`` says what a stage is (:class:`StageSpec`): its name, the
extractor module, the paper fields it reads, the stages whose rows it reads (``depends_on``),
the data files it reads, for a stage with a model a function that names the model and its
version, the dashboard's term kinds over its tables, the script that evaluates it, and its
tables with every column (read by :mod:`extract.schema`). Adding a stage is adding that file,
its module and its tests: the registry, the schema, the dashboard's term kinds and the accuracy
report's order follow from the declarations. A build runs the stages in registry order (the
declarations' ``order``; every dependency before its dependants, :func:`check_registry`) and
hands each stage its dependencies' rows of the same paper.

A stage's **version** is a hash of everything that decides its output, computed, not declared:
the source of every project module its extractor imports, transitively
(:func:`extract.versioning.code_hash`: the import graph read from the files, function-level
imports included), the versions of the installed packages those modules import, the bytes of its
data files, its model's identity, and the versions of the stages whose rows it reads. There is no
hand-bumped code version. The build caches rows per (stage input key, stage version), where the
input key hashes the paper fields the stage ``reads`` (abstract, title) and its dependencies'
input keys; so editing any module, vocabulary or title re-runs exactly the stages affected, their
dependants included.

An extractor module exposes either

* ``extract_rows(paper)`` (or ``extract_rows(paper, deps)`` when the stage has ``depends_on``:
  ``deps`` maps each dependency to this paper's rows of its table), or
* ``extract_batch(papers)`` for batched extractors (keywords; techniques, which encodes a
  batch's words in one call).

Rows carry exactly the table's schema columns, ``paper_id`` included. A stage that fills several
tables adds a ``__table__`` key naming the table of each row.
"""

from __future__ import annotations

import gc
import hashlib
import importlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property, lru_cache
from types import ModuleType
from typing import Any

from extract import versioning
from extract.datafiles import DATA_DIR
from extract.records import PaperText
from extract.schema import stage_declarations

BATCH_SIZE = 512  # papers per extract_batch call: progress granularity and memory bound

# Rows of a dependency, per stage name and paper id.
DepRows = Mapping[str, Mapping[str, Sequence[dict]]]


@dataclass(frozen=True)
class TermKind:
    """A kind of term the dashboard can chart (Trends' "Kind"): rows of ``table``'s ``column``,
    with ``text`` the column holding the words that matched (the evidence)."""

    kind: str
    table: str
    column: str
    text: str
    help: str


@dataclass(frozen=True)
class StageSpec:
    """The declaration of one extraction stage."""

    name: str
    module: str
    tables: tuple[str, ...]
    depends_on: tuple[str, ...] = ()  # stages whose rows this stage reads
    reads: tuple[str, ...] = ("abstract",)  # fields of PaperText the extractor reads
    data_files: tuple[str, ...] = ()  # under extract/data
    model: str | None = None  # "module:function" returning the model's name and version
    description: str = ""
    term_kinds: tuple[TermKind, ...] = ()  # what the dashboard can chart from its tables
    evaluation: str | None = None  # the script that measures its accuracy (benchmarks/...)

    @property
    def declaration(self) -> str:
        """The stage's declaration file, under ``extract/data``."""
        return f"stages/{self.name}.toml"


def _spec(decl: dict[str, Any]) -> StageSpec:
    return StageSpec(
        decl["name"],
        decl["module"],
        tuple(t["name"] for t in decl["tables"]),
        depends_on=tuple(decl.get("depends_on", ())),
        reads=tuple(decl.get("reads", ("abstract",))),
        data_files=tuple(decl.get("data_files", ())),
        model=decl.get("model"),
        description=decl.get("description", ""),
        term_kinds=tuple(TermKind(**k) for k in decl.get("term_kinds", ())),
        evaluation=decl.get("evaluation"),
    )


# every stage, in build order, from its declaration file extract/data/stages/<name>.toml
REGISTRY: tuple[StageSpec, ...] = tuple(_spec(d) for d in stage_declarations())

SPECS: dict[str, StageSpec] = {s.name: s for s in REGISTRY}
STAGE_NAMES: tuple[str, ...] = tuple(SPECS)
# kept for callers of the old API: stage name -> module
STAGE_MODULES: dict[str, str] = {s.name: s.module for s in REGISTRY}


@dataclass(frozen=True)
class Stage:
    """A runnable stage: its declaration plus the module behind it."""

    name: str

    @property
    def spec(self) -> StageSpec:
        """The stage's declaration."""
        return SPECS[self.name]

    @cached_property
    def module(self) -> ModuleType:
        """The extractor module (imported on first use: keywords pulls in torch)."""
        return importlib.import_module(self.spec.module)

    @property
    def table(self) -> str:
        """The (first) table this stage fills."""
        return self.spec.tables[0]

    @property
    def depends_on(self) -> tuple[str, ...]:
        """Stages whose rows this stage reads."""
        return self.spec.depends_on

    def model_id(self) -> str | None:
        """Name and version of the stage's model, without loading it; None for rule stages."""
        if not self.spec.model:
            return None
        mod, func = self.spec.model.split(":")
        return str(getattr(importlib.import_module(mod), func)())

    def version(self) -> str:
        """A hash of the stage's code (import closure), packages, data files, model and deps."""
        return version_of(self.name)

    def run(
        self,
        papers: Sequence[PaperText],
        progress: Callable[[int], Any] | None = None,
        deps: DepRows | None = None,
    ) -> list[dict]:
        """Extract rows for ``papers``; ``progress(n)`` is called as papers are done.

        ``deps``: for a stage with ``depends_on``, each dependency's rows per paper id (a build
        always passes them). Without ``deps`` the extractor computes what it needs itself.
        """
        with frozen_heap():
            return self._run(papers, progress, deps)

    def _run(
        self,
        papers: Sequence[PaperText],
        progress: Callable[[int], Any] | None,
        deps: DepRows | None,
    ) -> list[dict]:
        batch = getattr(self.module, "extract_batch", None)
        if batch is not None:
            rows = []
            for i in range(0, len(papers), BATCH_SIZE):
                chunk = papers[i : i + BATCH_SIZE]
                rows.extend(batch(chunk))
                if progress:
                    progress(len(chunk))
            return rows
        fn = self.module.extract_rows
        needs = self.spec.depends_on if deps is not None else ()
        rows: list[dict] = []
        for i, paper in enumerate(papers, 1):
            if needs:
                rows.extend(fn(paper, {d: deps.get(d, {}).get(paper.paper_id, ()) for d in needs}))
            else:
                rows.extend(fn(paper))
            if progress and i % 64 == 0:
                progress(64)
        if progress:
            progress(len(papers) % 64)
        return rows


@contextmanager
def frozen_heap() -> Iterator[None]:
    """Keep Python's cycle collector off the objects alive when a stage starts.

    Those are the stage's look-up tables, vocabularies, models and caches: millions of objects
    that every full collection would walk again while the stage makes and drops its own. They
    are frozen (``gc.freeze``) until the stage ends. On 15,000 abstracts of ``recent/`` in one
    process the keyword stage ran 214 abstracts per CPU-second without this and 270 with it
    (``benchmarks/extract_speed.py --corpus ../shared/corpora/recent --limit 15000 --stages
    keywords``); raising the collection threshold as well gained nothing more.
    """
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def version_of(name: str) -> str:
    """The version of stage ``name`` (see the module docstring for what goes into it)."""
    spec = SPECS[name]
    h = hashlib.sha1(b"stage:" + name.encode())
    h.update(b"code:" + _code_version(spec.module, str(versioning.ROOT)).encode())
    for fname in sorted({*spec.data_files, *_closure_data(spec.module, str(versioning.ROOT)),
                         spec.declaration}):
        h.update(fname.encode())
        h.update((DATA_DIR / fname).read_bytes())
    model = Stage(name).model_id()
    if model:
        h.update(b"model:" + model.encode())
    h.update(b"reads:" + ",".join(spec.reads).encode())
    for dep in sorted(spec.depends_on):
        h.update(f"dep:{dep}={version_of(dep)}".encode())
    return h.hexdigest()[:12]


@lru_cache(maxsize=None)
def _closure_data(module: str, _root: str) -> tuple[str, ...]:
    return versioning.closure_data_files(module)


@lru_cache(maxsize=None)
def _code_version(module: str, _root: str) -> str:
    # memoised per process (the import graph is read once); the root is part of the key because
    # tests point the graph reader at a copy of the tree
    h = hashlib.sha1(versioning.code_hash(module).encode())
    for pkg in versioning.third_party(module):
        h.update(b"pkg:" + pkg.encode())
    return h.hexdigest()


def clear_version_cache() -> None:
    """Forget computed versions (after editing code or data files in a running process)."""
    _code_version.cache_clear()
    _closure_data.cache_clear()
    versioning.data_refs.cache_clear()
    versioning._tree.cache_clear()
    versioning.direct_imports.cache_clear()
    versioning._external_imports.cache_clear()


def input_key(spec: StageSpec, paper: PaperText, dep_keys: Sequence[str] = ()) -> str:
    """The cache key of ``paper`` for a stage: a hash of the fields the stage reads and of the
    keys its dependencies had for the paper (a dependency that reads the title makes the title
    an input of its dependants too)."""
    h = hashlib.sha1()
    for field_name in spec.reads:
        value = getattr(paper, field_name) or ""
        h.update(field_name.encode() + b"=" + value.encode("utf-8", "surrogatepass") + b"\0")
    for key in dep_keys:
        h.update(b"dep=" + key.encode())
    return h.hexdigest()


def term_kinds() -> tuple[TermKind, ...]:
    """Every term kind the stages declare, in build order (the dashboard's Trends "Kind")."""
    return tuple(k for spec in REGISTRY for k in spec.term_kinds)


def all_stages() -> list[Stage]:
    """Every stage, in build order (dependencies first)."""
    return [Stage(s.name) for s in REGISTRY]


def get_stage(name: str) -> Stage:
    """The stage called ``name``.

    Raises:
        ValueError: no such stage.
    """
    if name not in SPECS:
        raise ValueError(f"unknown stage {name!r}; stages are: {', '.join(SPECS)}")
    return Stage(name)


def dependants(name: str) -> list[str]:
    """Stages that read or use ``name``, directly or through others, in build order."""
    out: list[str] = []
    for s in REGISTRY:
        if any(d == name or d in out for d in s.depends_on):
            out.append(s.name)
    return out


def check_registry() -> None:
    """Raise ValueError when the registry is not a valid build order."""
    seen: set[str] = set()
    for s in REGISTRY:
        missing = [d for d in s.depends_on if d not in seen]
        if missing:
            raise ValueError(f"stage {s.name} comes before its dependencies {missing}")
        seen.add(s.name)
