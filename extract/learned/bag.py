"""The words and word pairs of a text, as features of a linear model.

Words are runs of letters and digits (hyphens kept inside a word: "fine-tuning"), lower-cased;
a pair is two consecutive words of one sentence-free stretch (punctuation other than a hyphen
breaks pairs). Each feature is reported once per text, with the character span of its first
occurrence, so a model can point at the words that decided it.
"""

from __future__ import annotations

import re

_WORD = re.compile(r"[a-z0-9]+(?:[-'][a-z0-9]+)*")
_BREAK = re.compile(r"[.,;:!?()\[\]{}\"]")


def features(text: str) -> dict[str, tuple[int, int]]:
    """Feature -> (start, end) of its first occurrence in ``text`` (words, then "a b" pairs)."""
    lower = text.lower()
    out: dict[str, tuple[int, int]] = {}
    prev: re.Match | None = None
    for m in _WORD.finditer(lower):
        w = m.group()
        if w not in out:
            out[w] = m.span()
        if prev is not None and not _BREAK.search(lower, prev.end(), m.start()):
            pair = f"{prev.group()} {w}"
            if pair not in out:
                out[pair] = (prev.start(), m.end())
        prev = m
    return out
