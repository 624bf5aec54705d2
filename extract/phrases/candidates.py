"""Candidate method phrases: parts of noun phrases that end on a noun.

Tokens and tags come from the keyword tagger's look-up tables
(:func:`extract.lexicon.tagger.tokenize_fast`), word units (hyphen compounds joined) and noun runs
from :mod:`extract.lexicon.words`. A candidate is any contiguous part of a noun run, at
most :data:`MAX_UNITS` units, that ends on a noun or a gerund and does not start with a stop
word (runs here also hold verb forms other than finite ones: "via fine-tuning", a past form or an
-ly adverb that modifies the next word: "pretrained embeddings", "distributionally robust
optimization"; a line break ends a run); plus "X of Y" when the run before "of" ends on a noun
and the run after it follows at once ("mixture of experts", "chain of thought"), and the part of
a unit before "-based" and the like ("Monte Carlo Tree Search" of "Monte Carlo Tree
Search-based approaches").
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from extract.lexicon.tagger import Token, tokenize_fast
from extract.lexicon.words import _BRACKET, _QUANTITY, _URL, Unit, _units, load_stoplist

MAX_UNITS = 6
_NOUNS = {"NOUN", "PROPN"}
_MODIFIED = {"NOUN", "PROPN", "ADJ"}
_MODIFIER_TAGS = {"VBD", "RB"}
# spaCy stop words that are words of method names ("full fine-tuning", "least squares", "next
# token prediction", "back translation", "top-k sampling", "whole word masking")
METHOD_WORDS = frozenset({"full", "least", "next", "back", "top", "whole"})
_WORDS = {"NOUN", "PROPN", "ADJ", "VERB", "X"}
_DIMENSION = re.compile(r"^\d[dD]$")  # "3D", "2d"


@lru_cache(maxsize=1)
def _stop() -> frozenset[str]:
    """The stop words that end a candidate: spaCy's, but for :data:`METHOD_WORDS`."""
    return load_stoplist().stop - METHOD_WORDS


def _is_head(unit: Unit) -> bool:
    """A unit a candidate may end on: a noun, or a gerund ("fine-tuning", "learning")."""
    return unit[1] in _NOUNS or unit[2] == "VBG"


@lru_cache(maxsize=200_000)
def _is_content(text: str, pos: str, tag: str, stop: frozenset[str]) -> bool:
    """Whether a unit (``text``, ``pos``, ``tag``) can be part of a method phrase: nouns,
    adjectives, participles and other verb forms (a gerund: "via fine-tuning"), "3D"; not stop
    words, numbers or brackets.
    """
    if _DIMENSION.match(text):
        return True
    if len(text) < 2 or _QUANTITY.match(text) or _BRACKET.search(text) or _URL.search(text):
        return False
    if tag in {"VBZ", "VBP", "VBD", "MD"}:  # finite verbs end a phrase
        return False
    return pos in _WORDS and text.lower() not in stop


def _modifier(unit: Unit, nxt: Unit | None) -> bool:
    """A unit the look-up tagger calls a finite verb or an adverb that modifies the noun phrase
    it stands in: a past form right before a noun ("pretrained embeddings", "randomized coordinate
    descent", "masked autoencoders"), an -ly adverb right before an adjective, participle or noun
    ("distributionally robust optimization", "Fully Sparse Hybrid Network")."""
    if nxt is None or len(unit[0]) < 3:
        return False
    if unit[2] == "VBD":
        return nxt[1] in _NOUNS
    return (unit[1] == "ADV" and unit[0].lower().endswith("ly")
            and (nxt[1] in _MODIFIED or nxt[2] in {"VBN", "VBG"}))


def _runs(units: list[Unit], stop: frozenset[str],
          text: str = "") -> list[tuple[list[Unit], int]]:
    """Maximal runs of content units with the index of their first unit; a line break (between
    title and abstract) ends a run."""
    runs: list[tuple[list[Unit], int]] = []
    cur: list[Unit] = []
    start = 0
    n = len(units)
    line_end = text.find("\n")  # the next line break after the current run's last unit
    for i, unit in enumerate(units):
        if 0 <= line_end < unit[3]:
            if cur and cur[-1][3] < line_end:
                runs.append((cur, start))
                cur = []
            line_end = text.find("\n", unit[3])
        if _is_content(unit[0], unit[1], unit[2], stop) or (
            unit[2] in _MODIFIER_TAGS and _modifier(unit, units[i + 1] if i + 1 < n else None)
        ):
            if not cur:
                start = i
            cur.append(unit)
        elif cur:
            runs.append((cur, start))
            cur = []
    if cur:
        runs.append((cur, start))
    return runs


class Span(NamedTuple):
    """A candidate: its units, where it sits in its run, and the run's neighbours."""

    units: tuple[Unit, ...]
    start: int  # character offsets in the text
    end: int
    left: int  # units of the run before the span
    right: int  # units of the run after the span
    prev: str  # the word before the span ("" at the start), lower-case
    next: str  # the word after the span
    of_phrase: bool = False
    prev2: str = ""  # the two words before the span, space-joined

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(u[0] for u in self.units)


class Runs(NamedTuple):
    """The noun runs of a text: (run units, index of the run's first unit) pairs, and every
    unit's lower-cased text.
    """

    units: list[Unit]
    runs: list[tuple[list[Unit], int]]
    low: list[str]

    def word(self, i: int) -> str:
        """Lower-cased text of unit ``i`` ("" outside the text)."""
        return self.low[i] if 0 <= i < len(self.low) else ""

    def prev2(self, i: int) -> str:
        """The two words before unit ``i``, space-joined (a candidate's ``prev2``)."""
        return f"{self.word(i - 2)} {self.word(i - 1)}"


def runs_of(text: str, tokens: list[Token] | None = None) -> Runs:
    """Word units and noun runs of ``text``."""
    tokens = tokenize_fast(text) if tokens is None else tokens
    units = _units(tokens, text)
    return Runs(units, _runs(units, _stop(), text), [u[0].lower() for u in units])


def run_spans(run: list[Unit]) -> list[tuple[int, int]]:
    """(a, e): the unit ranges of a run that are candidates (end on a head, at most
    :data:`MAX_UNITS` long).
    """
    n = len(run)
    heads = [_is_head(u) for u in run]
    return [(a, e) for a in range(n) for e in range(a + 1, min(n, a + MAX_UNITS) + 1)
            if heads[e - 1]]


def span_at(r: Runs, run: list[Unit], r0: int, a: int, e: int) -> Span:
    """The :class:`Span` of units ``a:e`` of a run."""
    last = run[e - 1]
    i = r0 + a
    return Span(tuple(run[a:e]), run[a][3], last[3] + len(last[0]), a, len(run) - e,
                r.word(i - 1), r.word(r0 + e), False, r.prev2(i))


def of_spans(r: Runs) -> list[Span]:
    """"X of Y" candidates: the end of one run, "of", the start of the next."""
    out: list[Span] = []
    starts = {start: run for run, start in r.runs}
    for run, r0 in r.runs:
        after = r0 + len(run)
        if not _is_head(run[-1]) or r.word(after) != "of" or after + 1 not in starts:
            continue
        nxt = starts[after + 1]
        for e in range(1, min(len(nxt), 3) + 1):
            if not _is_head(nxt[e - 1]):
                continue
            for a in (len(run) - 1, len(run) - 2):
                if a < 0:
                    continue
                units_ = (*run[a:], r.units[after], *nxt[:e])
                last = nxt[e - 1]
                i = r0 + a
                out.append(Span(units_, run[a][3], last[3] + len(last[0]), a, len(nxt) - e,
                                r.word(i - 1), r.word(after + 1 + e), True, r.prev2(i)))
    return out


_SUFFIX = re.compile(r"^(.*[A-Za-z0-9])-(based|like|style|driven|guided|inspired)$", re.I)


def suffix_spans(r: Runs) -> list[Span]:
    """Candidates that end inside a unit, before "-based", "-like", "-style", "-driven",
    "-guided" or "-inspired": "Monte Carlo Tree Search" of "Monte Carlo Tree Search-based
    approaches", "self-consistency" of "self-consistency-style strategies". The word after the
    span is the suffix ("based")."""
    out: list[Span] = []
    for run, r0 in r.runs:
        for j, unit in enumerate(run):
            m = _SUFFIX.match(unit[0]) if "-" in unit[0] else None
            if m is None or len(m.group(1)) < 2:
                continue
            core = (m.group(1), "NOUN", "NN", unit[3])
            for a in range(j, max(-1, j - MAX_UNITS), -1):
                units_ = (*run[a:j], core)
                i = r0 + a
                out.append(Span(units_, run[a][3], unit[3] + len(core[0]), a, len(run) - j - 1,
                                r.word(i - 1), m.group(2).lower(), False, r.prev2(i)))
    return out


def spans(text: str, tokens: list[Token] | None = None) -> list[Span]:
    """The candidate spans of ``text``: every :func:`run_spans` range, then :func:`of_spans`
    and :func:`suffix_spans`."""
    r = runs_of(text, tokens)
    out = [span_at(r, run, r0, a, e) for run, r0 in r.runs for a, e in run_spans(run)]
    return out + of_spans(r) + suffix_spans(r)
