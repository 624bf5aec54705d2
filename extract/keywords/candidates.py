"""Keyphrase candidates: noun phrases from POS tags, generic words removed, acronyms merged.

Private helper of :mod:`extract.keywords`. Works on tagged tokens
(:class:`extract.lexicon.tagger.Token` tuples) or on a spaCy ``Doc`` with ``tag_``/``pos_``
(see :func:`tokens_of`).

The grammar: a candidate is a run of adjectives and nouns (participles as modifiers) that ends
on a noun -- the whole noun phrase or a part of it that ends on a noun ("graph neural network",
"neural network") -- or two such runs joined by "of" ("theory of mind", "mixture of experts").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from extract.lexicon.tagger import Token
from extract.lexicon.words import (  # noqa: F401  (re-exported: the keyword stage's API)
    _BRACKET,
    _NOUNS,
    _QUANTITY,
    _URL,
    STOP_WORDS_FILE,
    STOPLIST_FILE,
    Stoplist,
    Unit,
    _display_form,
    _participles,
    _units,
    display_form,
    find_acronyms,
    fold_plural,
    is_acronym,
    load_stoplist,
    phrase_key,
    stop_words,
    tokens_of,
)

if TYPE_CHECKING:  # spaCy itself is imported only when keywords are extracted
    pass

@dataclass
class Candidate:
    """One distinct candidate in one document."""

    key: str
    display: str
    embed_text: str
    count: int = 0
    first: int = 0  # unit index of the first occurrence
    in_title: bool = False
    surface: dict[str, int] = field(default_factory=dict)
    n_words: int = 1
    whole: bool = False  # occurs at least once not cut from a longer compound (or is an acronym)
    folded: tuple[str, ...] = ()  # words lower-case and singular, hyphens split: nesting tests
    position: float = 0.0  # PositionRank: sum of 1 / (1 + unit index) over occurrences
    acronym: bool = False  # an acronym, alone or shown with its long form
    of_phrase: bool = False  # "theory of mind"

    def contains(self, other: Candidate) -> bool:
        """True when ``other``'s words occur, in order and contiguously, inside this one."""
        a, b = self.folded, other.folded
        n = len(b)
        return n <= len(a) and any(a[i : i + n] == b for i in range(len(a) - n + 1))


def _content(unit: Unit, prev_pos: str | None, stop: frozenset[str]) -> bool:
    text, pos, tag, _ = unit
    if len(text) < 2 or _QUANTITY.match(text) or _BRACKET.search(text) or _URL.search(text):
        return False  # "(In-)Consistency" is one token, a URL no word: not keyphrase words
    if pos in _NOUNS or pos == "ADJ":
        return text.lower() not in stop
    # participles as modifiers ("the proposed method", "novel learned features"), not "using X"
    return tag in {"VBN", "VBG"} and prev_pos in {"DET", "ADJ"}


def noun_runs(doc: Any, stop: frozenset[str] | None = None) -> list[list[Unit]]:
    """Maximal runs of content units (adjectives, nouns, participle modifiers).

    ``doc``: tagged tokens or a spaCy ``Doc``. ``stop``: words that are never content (default:
    the stoplist's spaCy stop words).
    """
    tokens = tokens_of(doc)
    text = doc.text if hasattr(doc, "text") else _rebuild(tokens)
    stop = load_stoplist().stop if stop is None else stop
    return [run for run, _ in _runs(_units(tokens, text), stop)]


def _rebuild(tokens: list[Token]) -> str:
    return "".join(t.text + t.ws for t in tokens)


def _runs(units: list[Unit], stop: frozenset[str]) -> list[tuple[list[Unit], int]]:
    """Maximal content runs with the unit index of their first unit."""
    runs: list[tuple[list[Unit], int]] = []
    cur: list[Unit] = []
    start = 0
    prev_pos: str | None = None
    for i, unit in enumerate(units):
        if _content(unit, prev_pos, stop):
            if not cur:
                start = i
            cur.append(unit)
        else:
            if cur:
                runs.append((cur, start))
            cur = []
        prev_pos = unit[1]
    if cur:
        runs.append((cur, start))
    return runs


def _fold(words: Iterable[str]) -> tuple[str, ...]:
    return _fold_words(tuple(words))


@lru_cache(maxsize=200_000)
def _fold_words(words: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(fold_plural(p) for w in words for p in re.split(r"[-_/]", w.lower()) if p)


class _Builder:
    """Collects the candidates of one document."""

    def __init__(self, text: str, title_chars: int, sl: Stoplist) -> None:
        self.sl = sl
        self.title_chars = title_chars
        acronyms = find_acronyms(text)
        # long-form key -> acronym; acronym key (singular, lower) -> long-form key
        self.long_keys = {phrase_key(lf): acr for acr, lf in acronyms.items()}
        self.acr_to_long = {fold_plural(acr): phrase_key(lf) for acr, lf in acronyms.items()}
        self.long_text = {phrase_key(lf): lf for lf in acronyms.values()}
        self.expand = {fold_plural(acr): lf for acr, lf in acronyms.items()}
        self.cands: dict[str, Candidate] = {}

    def add(self, span: list[str], start_unit: int, start_char: int, whole: bool, of: bool) -> None:
        key = phrase_key(" ".join(span))
        key = self.acr_to_long.get(key, key) if len(span) == 1 else key
        surface = _display_form(tuple(span))
        cand = self.cands.get(key)
        if cand is None:
            acronym = key in self.long_keys or (len(span) == 1 and is_acronym(span[0]))
            if key in self.long_keys:
                lf = self.long_text[key]
                display = f"{display_form(lf.split())} ({self.long_keys[key]})"
                embed = lf
                folded = _fold(lf.split())
            else:
                display = surface
                embed = " ".join(
                    self.expand.get(fold_plural(w), w) if is_acronym(w) else w for w in span
                )
                folded = _fold(span)
            cand = self.cands[key] = Candidate(
                key, display, embed, first=start_unit, n_words=len(embed.split()), folded=folded,
                acronym=acronym, of_phrase=of,
            )
        cand.count += 1
        cand.position += 1.0 / (1.0 + start_unit)
        if whole:
            cand.whole = True
        if start_char < self.title_chars:
            cand.in_title = True
        if key not in self.long_keys:
            cand.surface[surface] = cand.surface.get(surface, 0) + 1

    def finish(self) -> list[Candidate]:
        for cand in self.cands.values():
            if cand.surface and cand.key not in self.long_keys:
                cand.display = max(cand.surface.items(), key=lambda kv: (kv[1], kv[0]))[0]
        # "large language" seen only inside "large language models" is a fragment, not a term
        return [c for c in self.cands.values() if c.whole or c.key not in self.sl.fragments]


def _is_generic(words: list[str], sl: Stoplist) -> bool:
    return all(w in sl.generic or fold_plural(w) in sl.generic or w in sl.stop for w in words)


def _weak_head(word: str, sl: Stoplist) -> bool:
    return fold_plural(word) in sl.weak_heads or word in sl.weak_heads


def doc_candidates(
    doc: Any,
    title_chars: int = 0,
    max_words: int = 3,
    stoplist: Stoplist | None = None,
    of_phrases: bool = True,
    text: str | None = None,
) -> list[Candidate]:
    """Distinct candidates of ``doc`` (the title, if any, is its first ``title_chars`` characters).

    ``doc``: tagged tokens (:func:`extract.lexicon.tagger.tokenize`) with their ``text``, or a
    spaCy ``Doc``. A candidate is a contiguous part of a noun run, at most ``max_words`` units
    long, ending on a noun, not starting with a stop word or praise modifier, not made only of
    generic words and not ending on a weak head word; with ``of_phrases``, also two such parts
    joined by "of" (``theory of mind``), at most ``max_words`` words besides "of". Acronyms
    defined in the text are merged with their long form, shown as ``long form (ACR)``.

    A part cut before the noun that follows it is kept only before generic words ("RNN models"
    gives "RNN"); listed ``fragments`` ("large language") never seen on their own are dropped.
    (Keeping every cut part, with a penalty for parts never seen on their own, scored 0.004
    F1@5 lower on the tuned sets.)
    """
    sl = stoplist or load_stoplist()
    tokens = tokens_of(doc)
    if text is None:
        text = doc.text if hasattr(doc, "text") else _rebuild(tokens)
    units = _units(tokens, text)
    b = _Builder(text, title_chars, sl)
    tail_ok = sl.generic | sl.weak_heads
    runs = _runs(units, sl.stop)
    for run, run_start in runs:
        words = [u[0] for u in run]
        n = len(run)
        for a in range(n):
            wa = words[a].lower()
            if wa in sl.stop or wa in sl.modifiers:
                continue
            for e in range(a + 1, min(n, a + max_words) + 1):
                last = run[e - 1]
                if last[1] not in _NOUNS:
                    continue
                # "large language" out of "large language models": a compound cut before its head
                # is kept only when what follows is generic ("RNN models" -> "RNN")
                cut = e < n and run[e][1] in _NOUNS  # a noun follows: part of a longer compound
                if cut and not all(
                    fold_plural(u[0]) in tail_ok or u[0].lower() in tail_ok for u in run[e:]
                ):
                    continue
                span = words[a:e]
                lowered = [w.lower() for w in span]
                if _is_generic(lowered, sl) or (e - a == 1 and _weak_head(lowered[-1], sl)):
                    continue  # a weak head ("inverse problem") is left to the ranker
                if e - a == 1 and len(span[0]) <= 2:
                    continue
                b.add(span, run_start + a, run[a][3], not cut or is_acronym(last[0]), False)
    if of_phrases:
        _of_phrases(units, runs, b, max_words, sl)
    return b.finish()


def _of_phrases(
    units: list[Unit], runs: list[tuple[list[Unit], int]], b: _Builder, max_words: int, sl: Stoplist
) -> None:
    """``X of Y``: the head (one or two words) of one run, "of", the next run up to its noun.

    Both "sparse mixture of experts" and "mixture of experts" are candidates; the ranking and
    the nesting rule keep one. A quantity or generic word before "of" ("number of layers",
    "set of tasks") makes no candidate.
    """
    if max_words < 2:
        return
    starts = {start: run for run, start in runs}
    for run, start in runs:
        after = start + len(run)
        if after + 1 >= len(units) or units[after][0].lower() != "of" or after + 1 not in starts:
            continue
        head = run[-1]
        hw = head[0].lower()
        if head[1] not in _NOUNS or hw in sl.stop or _weak_head(hw, sl):
            continue
        if fold_plural(hw) in sl.generic:
            continue
        right = starts[after + 1]
        lefts = [run[-1:]]
        if len(run) >= 2 and max_words >= 3:
            w = run[-2][0].lower()
            if w not in sl.stop and w not in sl.modifiers and fold_plural(w) not in sl.generic:
                lefts.append(run[-2:])
        for left in lefts:
            for e in range(min(len(right), max_words - len(left)), 0, -1):
                if right[e - 1][1] in _NOUNS and (e == len(right) or right[e][1] not in _NOUNS):
                    if _is_generic([u[0].lower() for u in right[:e]], sl):
                        break
                    span = [u[0] for u in left] + ["of"] + [u[0] for u in right[:e]]
                    b.add(span, start + len(run) - len(left), left[0][3], True, True)
                    break
