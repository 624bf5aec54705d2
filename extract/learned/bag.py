"""The words and word pairs of a text, as features of a linear model.

Words are runs of letters and digits (hyphens and apostrophes kept inside a word:
"fine-tuning"), lower-cased; a pair is two consecutive words of one stretch without punctuation
(punctuation other than a hyphen or an apostrophe breaks pairs). Each feature is reported once
per text, in the order of its first occurrence.
"""

from __future__ import annotations

import re

_WORD = re.compile(r"[a-z0-9]+(?:[-'][a-z0-9]+)*")
_BREAK = re.compile(r"[.,;:!?()\[\]{}\"]")


def features(text: str) -> list[str]:
    """The features of ``text``, each once, by first occurrence (a word, then its pair with the
    word before it)."""
    out: dict[str, None] = {}  # a dict keeps the order of first insertion
    for stretch in _BREAK.split(text.lower()):
        prev = None
        for w in _WORD.findall(stretch):
            out[w] = None
            if prev is not None:
                out[f"{prev} {w}"] = None
            prev = w
    return list(out)
