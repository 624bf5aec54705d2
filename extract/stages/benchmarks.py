"""Named evaluation benchmarks and data sets in an abstract.

Three sources, all on the markup-free view of the abstract (:func:`extract.text.markup.clean_view`):

1. the vocabulary in ``data/benchmarks_vocab.toml`` (MMLU, TruthfulQA, BEIR, Mr.TyDi, ...),
   matched case-sensitively as whole words;
2. context patterns from the same file ("the X benchmark", "X dataset", "on X, a ... task",
   "benchmarks such as X"), kept when X is name-shaped or capitalised and not a generic word
   or a model name, followed along lists ("MMLU, ToolAlpaca, and TruthfulQA");
3. benchmarks/datasets the paper itself introduces ("we introduce a benchmark named SafeRAG",
   "we introduce DEC, a dataset ...") as found by :func:`extract.methods.find_proposed`;
   such a name is in both the ``methods`` and the ``benchmarks`` table.

Rows: one per (paper, name) at its first occurrence; ``start``/``end`` point into
``paper.abstract``. Works on any text, a single sentence included (the metrics stage uses it).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from extract.datafiles import DATA_DIR
from extract.records import PaperText
from extract.stages import methods
from extract.text.markup import clean_view
from extract.text.phrases import PhraseIndex, Prefilter, declared_guard
from extract.text.sentences import at_clause_start

TABLE = "benchmarks"
VERSION = "5"
DATA_FILES: tuple[str, ...] = (
    "benchmarks_vocab.toml",
    "methods_vocab.toml",
    "method_stoplist.toml",
)

_LIST_NEXT = re.compile(
    r"\s*(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)([A-Za-z][\w+]*(?:[-.][\w+]+)*(?:\+\+)?)"
)
_CAPWORD = re.compile(r"^[A-Z][a-z]+$")


@dataclass(frozen=True)
class _Vocab:
    canonical: dict[str, str]
    names: PhraseIndex
    context: tuple[re.Pattern[str], ...]
    context_filter: Prefilter  # which context patterns may match a text (declared literals)


@lru_cache(maxsize=1)
def _vocab() -> _Vocab:
    data = tomllib.loads((DATA_DIR / "benchmarks_vocab.toml").read_text(encoding="utf-8"))
    canonical: dict[str, str] = {}
    for e in data.get("benchmark", []):
        for surface in (e["name"], *e.get("aliases", [])):
            canonical[surface] = e["name"]
    names = PhraseIndex(canonical)
    entries = data.get("patterns", {}).get("context", [])
    context = tuple(re.compile(e["pattern"]) for e in entries)
    return _Vocab(canonical, names, context, Prefilter([declared_guard(e) for e in entries]))


def benchmark_names() -> dict[str, str]:
    """Surface form -> canonical name for every vocabulary benchmark."""
    return dict(_vocab().canonical)


def _candidate(name: str, before: str = "") -> str | None:
    """``name`` cleaned of leading generic words if it may be a benchmark, else None.

    ``before`` is the text in front of it: a plain capitalised word that starts a sentence
    ("Various datasets") is not a name.
    """
    mv = methods.vocab()
    words = name.split()
    if words and _CAPWORD.match(words[0]) and at_clause_start(before):
        words = words[1:]
    while words and (words[0] in mv.common or mv.is_generic(words[0])):
        words = words[1:]
    if not words:
        return None
    name = " ".join(words)
    if mv.is_generic(name) or mv.known(name) is not None:
        return None
    if len(words) == 1 and not (methods.name_shaped(name) or _CAPWORD.match(name)):
        return None
    return name


def find_benchmarks(
    text: str, proposals: Sequence[methods.Proposal] | None = None
) -> list[tuple[str, int, int]]:
    """(name, start, end) per benchmark in a markup-free ``text``, one per name (first seen)."""
    v = _vocab()
    found: dict[str, tuple[int, int]] = {}

    def add(name: str, start: int, end: int) -> None:
        if name not in found or start < found[name][0]:
            found[name] = (start, end)

    anchors: list[int] = []  # ends of found names, where a list may continue
    for name, start, end in v.names.find(text):
        add(name, start, end)
        anchors.append(end)
    for i in v.context_filter.candidates(text):
        for m in v.context[i].finditer(text):
            name = _candidate(m.group("name"), text[max(0, m.start("name") - 3) : m.start("name")])
            if name:
                start = m.start("name") + m.group("name").index(name)
                add(name, start, start + len(name))
                anchors.append(start + len(name))
    if proposals is None:
        proposals = methods.find_proposed(text)
    for p in proposals:
        if p.dataset:
            add(p.name, p.start, p.end)
    # list continuation: "MMLU, ToolAlpaca, and TruthfulQA"
    for end in anchors:
        while (m := _LIST_NEXT.match(text, end)) and methods.name_shaped(m.group(1)):
            name = v.canonical.get(m.group(1)) or _candidate(m.group(1))
            if not name:
                break
            add(name, m.start(1), m.end(1))
            end = m.end(1)
    # a later, fuller occurrence of the same name does not move it: first occurrence wins
    return sorted(((n, s, e) for n, (s, e) in found.items()), key=lambda x: x[1])


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
    from extract import names

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
