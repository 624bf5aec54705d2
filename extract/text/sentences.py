r"""The one sentence splitter of the project.

A break is sentence-final punctuation ``[.!?]``, white space, then what can start a sentence:
an uppercase letter, a digit, a quote, an opening bracket or markup (``*``, ``_``, ``$``, ``\``);
or, with no white space, a period after two letters, digits, ``)`` or ``%`` and before a
capitalised word (two sentences glued together: "language models.Nevertheless", in 1,709 of the
47,754 corpus abstract records; "LLMs.We", "(NLP).Here", "by 8.5%.Furthermore", "GPT-4.However"
and "on ERE.Additionally" in 329 more). So "e.g. the", "3.5%" and "1.2.3" do not break,
nor does an initial ("J.Smith") or a title ("Mr.TyDi", a dataset), nor an abbreviation that is
followed by a name or a number: "e.g. GPT-4", "i.e. BERT", "Fig. 3", "Eq. (2)", "Smith et al.
(2020)", "vs. RoBERTa".

The name recogniser (:mod:`extract.names`) reads :func:`sentences`, :func:`sentence_start`
(where a proposal cue may start) and, to end a proposal cue's region, :data:`ABBREVIATIONS`; the
techniques stage reads :func:`sentences` for its passing-mention windows and own-work sentences;
the metrics stage reads :func:`sentence_ends` (the benchmark and metric name of a result must be
in its sentence) and the scrape repair of :mod:`extract.text.normalize` :func:`first_sentence`:
all the same rule.
"""

from __future__ import annotations

import bisect
import re
from functools import lru_cache

# Abbreviations that end in "." without ending a sentence. "etc." is not one: it ends
# sentences as often as not.
ABBREVIATIONS = (
    "e.g", "i.e", "cf", "vs", "viz", "fig", "figs", "eq", "eqs", "sec", "secs", "tab", "ref",
    "refs", "al", "approx", "resp",
)
# Titles before a name, in this case only ("Mr.TyDi", a dataset; "Dr. Smith"): "ST. Recently"
# (speech translation) still ends a sentence.
TITLES = ("Mr", "Mrs", "Ms", "Dr", "Prof", "St")
# One fixed-width look-behind per abbreviation, tried only after a "." has been seen.
SENTENCE_BREAK = re.compile(
    r"(?<=[.!?])"
    + "".join(rf"(?<!\b(?i:{re.escape(a)})\.)" for a in ABBREVIATIONS)
    + "".join(rf"(?<!\b{t}\.)" for t in TITLES)
    + r"(?:\s+(?=[A-Z\"“(\[*$_\\0-9])|(?<=[-A-Za-z0-9)%][A-Za-z0-9)%]\.)(?=[A-Z][a-z]))"
)


@lru_cache(maxsize=64)
def sentences(text: str) -> tuple[tuple[int, str], ...]:
    """(offset, sentence) pairs covering ``text``; empty sentences dropped.

    A sentence keeps its final punctuation; the white space between sentences is in none.
    Cached for the last few texts: the name recogniser, the proposal rules, the techniques
    rules and the results reader each ask it again of the abstract they are reading.
    """
    out: list[tuple[int, str]] = []
    pos = 0
    for m in SENTENCE_BREAK.finditer(text):
        out.append((pos, text[pos : m.start()]))
        pos = m.end()
    out.append((pos, text[pos:]))
    return tuple((o, s) for o, s in out if s.strip())


def sentence_ends(text: str) -> list[int]:
    """Offsets just past the final punctuation of every sentence but the last, ascending.

    The sentence holding offset ``i`` spans from ``ends[k - 1]`` (or 0) to ``ends[k]`` (or
    ``len(text)``), with ``k = bisect.bisect_right(ends, i)``.
    """
    return [m.start() for m in SENTENCE_BREAK.finditer(text)]


def sentence_starts(text: str) -> list[int]:
    """Where each sentence of ``text`` (:func:`sentences`) starts, ascending."""
    return [o for o, _ in sentences(text)]


def sentence_start(text: str, i: int) -> int:
    """Offset of the first character of the sentence of :func:`sentences` that holds offset
    ``i`` (0 in the first sentence)."""
    starts = sentence_starts(text)
    k = bisect.bisect_right(starts, i)
    return starts[k - 1] if k else 0


def first_sentence(text: str) -> str:
    """The first sentence of ``text``."""
    m = SENTENCE_BREAK.search(text)
    return text[: m.start()] if m else text


# Not a sentence break but the start of a clause: after ".", "!", "?", ":" or ";" and white
# space, after "(", or at the start of the text. The benchmarks stage asks it of the few
# characters in front of a capitalised word, to tell a name ("Penn Treebank") from a word that
# is capitalised only by its position ("Various datasets", "(Existing benchmarks"). Unlike a
# sentence break it counts ":", ";" and "(", and the "." of an abbreviation ("e.g. Several
# benchmarks"): there, too, a capital says nothing about a name.
_CLAUSE_START = re.compile(r"(?:^|[.!?:;]\s+|\(\s*)$")


def at_clause_start(before: str) -> bool:
    """True when text ending in ``before`` is at the start of a sentence or clause."""
    return _CLAUSE_START.search(before) is not None
