"""Named evaluation benchmarks and data sets in an abstract.

A view of the ``names`` stage's rows (:mod:`extract.names`): the names of type dataset. The
recogniser finds them from three sources, all on the markup-free view of the abstract
(:func:`extract.text.markup.clean_view`), besides its own shape and type evidence:

1. the vocabulary in ``data/benchmarks_vocab.toml`` (MMLU, TruthfulQA, BEIR, Mr.TyDi, ...),
   matched case-sensitively as whole words;
2. context patterns from the same file ("the X benchmark", "X dataset", "on X, a ... task",
   "benchmarks such as X"), kept when X is name-shaped or capitalised and not a generic word
   or a model name, followed along lists ("MMLU, ToolAlpaca, and TruthfulQA");
3. benchmarks/datasets the paper itself introduces ("we introduce a benchmark named SafeRAG",
   "we introduce DEC, a dataset ...") as found by :func:`extract.names.proposals.find_proposed`;
   such a name is in both the ``methods`` and the ``benchmarks`` table.

:func:`find_benchmarks` (sources 1 to 3 alone, :func:`extract.names.vocabulary.find_benchmarks`)
works on any text, a single sentence included.

Rows: one per (paper, name) at its first occurrence; ``start``/``end`` point into
``paper.abstract``. :func:`occurrences` gives every place a name is written (the metrics stage
reads it).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from extract import names
from extract.names import vocabulary
from extract.names.proposals import Proposal, find_proposed
from extract.names.vocabulary import BenchmarkVocab, benchmark_names
from extract.names.vocabulary import benchmark_vocab as _vocab  # noqa: F401 (tests read it)
from extract.records import PaperText
from extract.text.markup import clean_view

__all__ = [
    "BenchmarkVocab",
    "benchmark_names",
    "extract_rows",
    "find_benchmarks",
    "mentions",
    "occurrences",
    "rows_from_names",
]

TABLE = "benchmarks"
DATA_FILES: tuple[str, ...] = (
    "benchmarks_vocab.toml",
    "methods_vocab.toml",
    "method_stoplist.toml",
)


def find_benchmarks(
    text: str, proposals: Sequence[Proposal] | None = None
) -> list[tuple[str, int, int]]:
    """(name, start, end) per benchmark in a markup-free ``text``, one per name (first seen).

    ``proposals``: the text's proposed names (:func:`extract.names.proposals.find_proposed`,
    found here when None); those introduced as data sets are benchmarks.
    """
    if proposals is None:
        proposals = find_proposed(text)
    return vocabulary.find_benchmarks(
        text, [(p.name, p.start, p.end) for p in proposals if p.dataset]
    )


def rows_from_names(paper_id: str, names: Sequence[dict]) -> list[dict]:
    """The ``benchmarks`` rows among a paper's ``names`` rows: names of type dataset."""
    return [
        {
            "paper_id": paper_id,
            "name": r["name"],
            "start": r["start"],
            "end": r["end"],
            "role": r["role"],
            "confidence": r["confidence"],
            "surface": r["surface"],
            "long_form": r.get("long_form"),
        }
        for r in names
        if r["type"] == "dataset"
    ]


def extract_rows(paper: PaperText, deps: Mapping[str, Sequence[dict]] | None = None) -> list[dict]:
    """Benchmark rows for ``paper``: one per dataset/benchmark name at its first occurrence.

    In a build, ``deps["names"]`` holds the paper's rows of the names stage; called on its own,
    the recogniser runs here.
    """
    return rows_from_names(paper.paper_id, names.rows_from_deps(paper, deps))


def occurrences(abstract: str, names: Iterable[str]) -> list[tuple[int, int, str]]:
    """Every occurrence ``(start, end, name)`` of ``names`` in ``abstract``, in text order.

    The table keeps one row per name; the metrics stage reads those rows and needs every place
    a benchmark is named, to attach it to the results reported in the same sentence.
    """
    view = clean_view(abstract)
    out = []
    for name in set(names):
        for m in re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", view.text):
            start, end = view.span(m.start(), m.end())
            out.append((start, end, name))
    return sorted(out)


def mentions(paper: PaperText) -> list[tuple[int, int, str]]:
    """Every occurrence of the benchmarks this stage finds in ``paper`` (:func:`occurrences`)."""
    return occurrences(paper.abstract, [r["name"] for r in extract_rows(paper)])
