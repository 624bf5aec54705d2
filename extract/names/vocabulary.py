"""The vocabularies of names and how they are matched in a markup-free text.

* :func:`vocab`: the method vocabulary (``methods_vocab.toml``: fixed names and versioned model
  families) and the stoplists of ``method_stoplist.toml``; :func:`find_mentioned` finds its
  names, longest match first.
* :func:`benchmark_vocab`: the benchmark vocabulary (``benchmarks_vocab.toml``) and its context
  patterns ("the X benchmark", "X dataset", "benchmarks such as X"); :func:`find_benchmarks`
  finds its names, the context matches that may be names, and follows lists of them.
* :func:`priors`: what the vocabularies and ``name_types.toml`` tell the recogniser: canonical
  spellings and prior types per fold key, the not-names, the languages.
* :func:`vocab_candidates`: the matches of both vocabularies as candidates of the recogniser.
* :func:`find_word`: a whole-word search.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from extract.datafiles import DATA_DIR
from extract.names.candidates import (
    Candidate,
    before_glued_sentence,
    data_version_end,
    fold,
    name_shaped,
    unit_shaped,
    version_end,
)
from extract.text.phrases import ALNUM, PhraseIndex, Prefilter, declared_guard
from extract.text.sentences import at_clause_start


@dataclass(frozen=True)
class Vocab:
    """The compiled method vocabulary and stoplists."""

    canonical: dict[str, str]  # surface form -> canonical name
    fixed: PhraseIndex
    families: tuple[re.Pattern[str], ...]
    family_filter: Prefilter  # which families may match a text (their declared `key`)
    generic: frozenset[str]
    common: frozenset[str]
    benchmarks: frozenset[str]  # established benchmark names: used, never proposed

    def known(self, name: str) -> str | None:
        """The canonical vocabulary name for ``name`` (fixed or family), else None."""
        if name in self.canonical:
            return self.canonical[name]
        if name.endswith("s") and name[:-1] in self.canonical:
            return self.canonical[name[:-1]]
        if any(f.fullmatch(name) for f in self.families):
            return name
        return None

    def is_generic(self, name: str) -> bool:
        """True for stoplisted acronyms and words (plural "s" ignored)."""
        base = name[:-1] if name.endswith("s") and len(name) > 2 else name
        return name in self.generic or base in self.generic or name in self.common


@lru_cache(maxsize=1)
def vocab() -> Vocab:
    """Load ``methods_vocab.toml`` and ``method_stoplist.toml`` (cached)."""
    data = tomllib.loads((DATA_DIR / "methods_vocab.toml").read_text(encoding="utf-8"))
    canonical: dict[str, str] = {}
    for entry in data.get("method", []):
        for surface in (entry["name"], *entry.get("aliases", [])):
            canonical[surface] = entry["name"]
    fixed = PhraseIndex(canonical, plural=True)
    fams = data.get("model_family", [])
    # no leading look-behind: a pattern that starts with literals lets `re` skip positions fast
    families = tuple(re.compile(f"(?:{e['pattern']})(?![\\w+]|-\\w|\\.\\d)") for e in fams)
    family_filter = Prefilter([declared_guard(e) for e in fams])
    stop = tomllib.loads((DATA_DIR / "method_stoplist.toml").read_text(encoding="utf-8"))
    bench = tomllib.loads((DATA_DIR / "benchmarks_vocab.toml").read_text(encoding="utf-8"))
    bench_names = {
        n for e in bench.get("benchmark", []) for n in (e["name"], *e.get("aliases", []))
    }
    return Vocab(
        canonical,
        fixed,
        families,
        family_filter,
        frozenset(stop.get("generic", [])),
        frozenset(stop.get("common", [])),
        frozenset(bench_names),
    )


_LIST_NEXT = re.compile(
    r"\s*(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)([A-Za-z][\w+]*(?:[-.][\w+]+)*(?:\+\+)?)"
)
_CAPWORD = re.compile(r"^[A-Z][a-z]+$")


@dataclass(frozen=True)
class BenchmarkVocab:
    """The compiled benchmark vocabulary and its context patterns."""

    canonical: dict[str, str]
    names: PhraseIndex
    context: tuple[re.Pattern[str], ...]
    context_filter: Prefilter  # which context patterns may match a text (declared literals)


@lru_cache(maxsize=1)
def benchmark_vocab() -> BenchmarkVocab:
    """Load ``benchmarks_vocab.toml`` (cached)."""
    data = tomllib.loads((DATA_DIR / "benchmarks_vocab.toml").read_text(encoding="utf-8"))
    canonical: dict[str, str] = {}
    for e in data.get("benchmark", []):
        for surface in (e["name"], *e.get("aliases", [])):
            canonical[surface] = e["name"]
    names = PhraseIndex(canonical)
    entries = data.get("patterns", {}).get("context", [])
    context = tuple(re.compile(e["pattern"]) for e in entries)
    guards = Prefilter([declared_guard(e) for e in entries])
    return BenchmarkVocab(canonical, names, context, guards)


def benchmark_names() -> dict[str, str]:
    """Surface form -> canonical name for every vocabulary benchmark."""
    return dict(benchmark_vocab().canonical)


def _candidate(name: str, before: str = "") -> str | None:
    """``name`` cleaned of leading generic words if it may be a benchmark, else None.

    ``before`` is the text in front of it: a plain capitalised word that starts a sentence
    ("Various datasets") is not a name.
    """
    mv = vocab()
    words = before_glued_sentence(name).split()
    if words and _CAPWORD.match(words[0]) and at_clause_start(before):
        words = words[1:]
    while words and (words[0] in mv.common or mv.is_generic(words[0])):
        words = words[1:]
    if not words:
        return None
    name = " ".join(words)
    if mv.is_generic(name) or mv.known(name) is not None:
        return None
    if len(words) == 1 and not (name_shaped(name) or _CAPWORD.match(name)):
        return None
    return name


def find_benchmarks(
    text: str, proposed: Iterable[tuple[str, int, int]] = ()
) -> list[tuple[str, int, int]]:
    """(name, start, end) per benchmark in a markup-free ``text``, one per name (first seen).

    Vocabulary names, context-pattern matches and the ``proposed`` data sets (name, start, end:
    the proposal rules' data sets, :func:`extract.names.proposals.find_proposed`), then the names
    that continue a list of them ("MMLU, ToolAlpaca, and TruthfulQA").
    """
    v = benchmark_vocab()
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
    for name, start, end in proposed:
        add(name, start, end)
    # list continuation: "MMLU, ToolAlpaca, and TruthfulQA"
    for end in anchors:
        while (m := _LIST_NEXT.match(text, end)) and name_shaped(m.group(1)):
            name = v.canonical.get(m.group(1)) or _candidate(m.group(1))
            if not name:
                break
            at = m.group(1).find(name)  # the cleaned name's own span ("MATH" of "MATH.We")
            start = m.start(1) + max(at, 0)
            add(name, start, start + len(name) if at >= 0 else m.end(1))
            end = m.end(1)
    # a later, fuller occurrence of the same name does not move it: first occurrence wins
    return sorted(((n, s, e) for n, (s, e) in found.items()), key=lambda x: x[1])


@dataclass(frozen=True)
class Priors:
    """Vocabulary knowledge: canonical names and prior types per fold key."""

    canonical: dict[str, str]  # fold key -> canonical name
    types: dict[str, str]  # fold key -> prior type
    not_names: frozenset[str]  # fold keys
    # single capitalised words a vocabulary knows (Transformer, Gemini), and names a type list
    # knows that are shaped like a unit or a size (F1): both are name candidates as written
    words: frozenset[str]
    vocab: frozenset[str] = frozenset()  # fold keys of the method and benchmark vocabularies
    languages: frozenset[str] = frozenset()  # fold keys of natural languages (always "other")


@lru_cache(maxsize=1)
def priors() -> Priors:
    """Canonical names and prior types from the vocabularies and ``name_types.toml``."""
    data = tomllib.loads((DATA_DIR / "name_types.toml").read_text(encoding="utf-8"))
    mv = tomllib.loads((DATA_DIR / "methods_vocab.toml").read_text(encoding="utf-8"))
    bv = tomllib.loads((DATA_DIR / "benchmarks_vocab.toml").read_text(encoding="utf-8"))
    canonical: dict[str, str] = {}
    types: dict[str, str] = {}
    for typ, group in (
        ("other", "other"),
        ("other", "languages"),
        ("task", "task"),
        ("metric", "metric"),
        ("dataset", "dataset"),
    ):
        for n in data.get(group, []):
            canonical.setdefault(fold(n), n)
            types.setdefault(fold(n), typ)
    languages = frozenset(fold(n) for n in data.get("languages", []))
    for e in bv.get("benchmark", []):
        for s in (e["name"], *e.get("aliases", [])):
            canonical[fold(s)] = e["name"]
            types[fold(s)] = "dataset"
    for e in mv.get("method", []):
        for s in (e["name"], *e.get("aliases", [])):
            canonical[fold(s)] = e["name"]
            types[fold(s)] = "method"
    for e in mv.get("model_family", []):
        types.setdefault(fold(e["name"]), "method")
    stop = tomllib.loads((DATA_DIR / "method_stoplist.toml").read_text(encoding="utf-8"))
    not_names = {fold(n) for n in data.get("not_names", [])}
    words = {
        s
        for s in list(canonical.values())
        + [e["name"] for e in mv.get("model_family", [])]
        + [a for e in mv.get("method", []) for a in e.get("aliases", [])]
        if re.fullmatch(r"[A-Z][a-z]+", s)
    } | {n for group in ("task", "metric", "dataset") for n in data.get(group, [])
         if unit_shaped(n)}
    common = frozenset(fold(w) for w in stop.get("common", []) + stop.get("title_genres", [])
                       if w not in words)
    vocab = {
        fold(x)
        for v in (mv.get("method", []), bv.get("benchmark", []))
        for e in v
        for x in (e["name"], *e.get("aliases", []))
    }
    return Priors(
        canonical,
        types,
        frozenset(not_names | common),
        frozenset(words),
        frozenset(vocab),
        languages,
    )


def find_mentioned(text: str) -> list[tuple[str, int, int]]:
    """Vocabulary names in a markup-free ``text`` as (name, start, end), longest match wins."""
    v = vocab()
    spans: list[tuple[int, int, str]] = []
    chunks = set(ALNUM.findall(text))
    for i in v.family_filter.candidates(text):
        fam = v.families[i]
        spans += [
            (m.start(), m.end(), m.group())
            for m in fam.finditer(text)
            if not m.start() or not (text[m.start() - 1].isalnum() or text[m.start() - 1] in "_-")
        ]
    spans += [(s, e, name) for name, s, e in v.fixed.find(text, chunks)]
    spans.sort(key=lambda s: (s[0], -(s[1] - s[0])))
    out: list[tuple[str, int, int]] = []
    last_end = -1
    for start, end, name in spans:
        if start >= last_end:
            out.append((name, start, end))
            last_end = end
    return out


def find_word(text: str, word: str, start: int = 0, glued_ok: bool = False) -> int:
    """Offset of the first whole-word ``word`` in ``text`` at or after ``start``, else -1.

    With ``glued_ok`` an occurrence followed by a lowercase "benchmark"/"dataset"/"corpus"
    also counts ("MM-Rbenchmark").
    """
    i = text.find(word, start)
    while i >= 0:
        before = text[i - 1] if i else " "
        j = i + len(word)
        after = text[j] if j < len(text) else " "
        if not (before.isalnum() or before in "_-"):
            if not (
                after.isalnum() or after in "_-" or (after == "." and text[j + 1 : j + 2].isalnum())
            ):
                return i
            if glued_ok and text.startswith(("benchmark", "dataset", "corpus"), j):
                return i
        i = text.find(word, i + 1)
    return -1


def vocab_candidates(text: str) -> list[tuple[Candidate, str | None]]:
    """Vocabulary and context-pattern matches as candidates, with the type they imply."""
    out: list[tuple[Candidate, str | None]] = []
    for name, s, e in find_mentioned(text):
        v = version_end(text, e) if " " in name else None
        if v is not None:  # "Stable Diffusion v1.4": the version is part of the name
            out.append((Candidate(text[s:v], s, v, "version", text[s:v]), "method"))
            continue
        out.append((Candidate(text[s:e], s, e, "vocab", name), "method"))
    for name, s, e in find_benchmarks(text, ()):
        if ". " in text[s:e]:
            continue  # "JWSign. The dataset": a context match across a sentence end
        v = data_version_end(text, e)
        if v is not None:  # "KITTI 2015", "Argoverse 2": the year or version is part of the name
            out.append((Candidate(text[s:v], s, v, "version", text[s:v]), "dataset"))
            continue
        out.append((Candidate(text[s:e], s, e, "context", name), "dataset"))
    return out
