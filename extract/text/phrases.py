"""Fast whole-word lookup of many fixed phrases, and literal prefilters for regexes.

A regex alternation of hundreds of names is slow in Python's ``re``: every position tries
every branch. :class:`PhraseIndex` scans a text once and only checks chunks that start a phrase.
:class:`Prefilter` tells which of many regular expressions may match a text, from literals
declared next to each pattern in the data files (``key = "quantiz"``), so only those run.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

ALNUM = re.compile(r"[A-Za-z0-9]+")


class PhraseIndex:
    """Find fixed phrases as whole words, case-sensitively, longest first.

    Indexed by the first alphanumeric chunk of each phrase, so a text is scanned once and
    only chunks that start some phrase are checked. A trailing plural "s" is allowed when
    ``plural`` is set.
    """

    def __init__(self, phrases: dict[str, str], plural: bool = False) -> None:
        self.plural = plural
        self.by_first: dict[str, list[tuple[str, str]]] = {}
        for surface, canonical in phrases.items():
            m = ALNUM.search(surface)
            if m is None or m.start() != 0:
                continue
            self.by_first.setdefault(m.group(), []).append((surface, canonical))
        for entries in self.by_first.values():
            entries.sort(key=lambda e: len(e[0]), reverse=True)

    def find(self, text: str, chunks: set[str] | None = None) -> list[tuple[str, int, int]]:
        """(canonical, start, end) of every non-overlapping occurrence in ``text``.

        ``chunks``: ``set(ALNUM.findall(text))`` when the caller already has it.
        """
        if chunks is None:
            chunks = set(ALNUM.findall(text))
        hits = chunks.intersection(self.by_first)
        if self.plural:
            hits.update(c[:-1] for c in chunks if c.endswith("s") and c[:-1] in self.by_first)
        if not hits:
            return []
        starts: list[tuple[int, str]] = []
        for key in hits:
            i = text.find(key)
            while i >= 0:
                starts.append((i, key))
                i = text.find(key, i + 1)
        starts.sort()
        out: list[tuple[str, int, int]] = []
        last = 0
        for start, key in starts:
            if start < last:
                continue
            if start and (text[start - 1].isalnum() or text[start - 1] in "_-."):
                continue
            for surface, canonical in self.by_first[key]:
                if not text.startswith(surface, start):
                    continue
                end = start + len(surface)
                if self.plural and text.startswith("s", end) and not _word_char(text, end + 1):
                    end += 1
                if _word_char(text, end) or (
                    text.startswith("-", end) and _word_char(text, end + 1)
                ):
                    continue
                if text.startswith(".", end) and _word_char(text, end + 1):
                    continue
                out.append((canonical, start, end))
                last = end
                break
        return out


def _word_char(text: str, i: int) -> bool:
    return i < len(text) and (text[i].isalnum() or text[i] in "_+")


# (keys, contains) declared for one pattern; see Prefilter
Guard = tuple[tuple[str, ...] | None, tuple[str, ...] | None]
NO_GUARD: Guard = (None, None)


def _strings(value: str | Sequence[str] | None) -> tuple[str, ...] | None:
    if not value:
        return None
    return (value,) if isinstance(value, str) else tuple(value)


def declared_guard(entry: Mapping[str, Any], lower: bool = False) -> Guard:
    """The prefilter declared next to a pattern in a data file: its ``key`` and ``contains``.

    Each is a string or a list of strings (``key = "GPT"``, ``key = ["o1", "o3"]``); ``lower``
    lower-cases them, for a pattern matched case-insensitively on lower-cased text.
    """
    keys, contains = _strings(entry.get("key")), _strings(entry.get("contains"))
    if lower:
        keys = keys and tuple(k.lower() for k in keys)
        contains = contains and tuple(c.lower() for c in contains)
    return keys, contains


def literal_guard(literal: str) -> Guard:
    """The guard of a pattern that is the literal ``literal``: its longest word is a key.

    Sound for a literal matched at the start of a word: every match contains each word of it.
    """
    words = ALNUM.findall(literal)
    return ((max(words, key=len),) if words else None), None


def alternation(words: Iterable[str]) -> str:
    """A regex alternation of literal ``words``, longest first, grouped by first character.

    Grouping lets ``re`` reject a position after one character instead of trying every word.
    """
    groups: dict[str, list[str]] = {}
    for w in sorted(set(words), key=lambda w: (-len(w), w)):
        groups.setdefault(w[0], []).append(w)
    parts = []
    for first, ws in sorted(groups.items()):
        if len(ws) == 1:
            parts.append(re.escape(ws[0]))
        else:
            parts.append(re.escape(first) + "(?:" + "|".join(re.escape(w[1:]) for w in ws) + ")")
    return "|".join(parts)


class Prefilter:
    r"""Which of many patterns may match a text, from literals declared with each pattern.

    Trying every pattern of a large vocabulary on every abstract is slow, and most patterns
    cannot match a given abstract. Each pattern declares, next to it in the data file, literals
    of which every match contains one:

    * ``key``: the start of a word: "quantiz" for ``quantiz(?:ation|e)``, "distill" for
      ``(?:knowledge )?distill(?:ation|ing)``, "GPT" for ``GPT-?4o``. A word is a run of ASCII
      letters and digits (:data:`ALNUM`), so a key is one such run;
    * ``contains``: a plain substring ("LoRA" for ``\w*LoRA``, "data set").

    A pattern is a candidate for a text that has one of its keys or strings; a pattern that
    declares neither is always a candidate. For case-insensitive patterns the caller lower-cases
    the text and the literals. The literals are declared, not derived by taking the regular
    expression apart, so a wrong one (a literal some match lacks) makes its pattern miss that
    match: ``tests/test_data_files.py`` checks the shipped ones on the test abstracts.

    All keys are found in one pass of a single alternation (longest key first); a key found
    also stands for the shorter keys it starts with ("pruning" for "prun").
    """

    def __init__(self, guards: Sequence[Guard]) -> None:
        self.always = frozenset(i for i, (keys, strs) in enumerate(guards) if not (keys or strs))
        self.contains = tuple((i, strs) for i, (_, strs) in enumerate(guards) if strs)
        by_key: dict[str, set[int]] = {}
        for i, (keys, _) in enumerate(guards):
            for key in keys or ():
                if not ALNUM.fullmatch(key):
                    raise ValueError(f"key {key!r} is not one word of ASCII letters and digits")
                by_key.setdefault(key, set()).add(i)
        # a key found at a word start also stands for every shorter key it starts with
        self.by_key = {
            key: frozenset().union(*(by_key[k] for k in by_key if key.startswith(k)))
            for key in by_key
        }
        self.keys = (
            re.compile(r"(?<![A-Za-z0-9])(?:" + alternation(by_key) + ")") if by_key else None
        )

    def candidates(self, text: str) -> list[int]:
        """Indices (ascending) of the patterns that may match ``text``."""
        found = set(self.always)
        for i, strings in self.contains:
            if any(s in text for s in strings):
                found.add(i)
        if self.keys is not None:
            for key in set(self.keys.findall(text)):
                found |= self.by_key[key]
        return sorted(found)
