"""The one sentence splitter of the project.

A break is sentence-final punctuation ``[.!?]``, white space, then an uppercase letter, a digit,
a quote, an opening bracket or markup. "e.g. the" and "Fig. 3" style abbreviations followed by a
lowercase word do not break.
"""

from __future__ import annotations

import re

SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"“(\[*$_\\0-9])")


def sentences(text: str) -> list[tuple[int, str]]:
    """(offset, sentence) pairs covering ``text``; empty sentences dropped."""
    out: list[tuple[int, str]] = []
    pos = 0
    for m in SENTENCE_BREAK.finditer(text):
        out.append((pos, text[pos : m.start()]))
        pos = m.end()
    out.append((pos, text[pos:]))
    return [(o, s) for o, s in out if s.strip()]


def first_sentence(text: str) -> str:
    """The first sentence of ``text``."""
    m = SENTENCE_BREAK.search(text)
    return text[: m.start()] if m else text
