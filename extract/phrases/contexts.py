"""How the corpus uses each candidate phrase: a feature of the phrase model.

``extract/data/phrase_contexts.tsv`` (made by ``scripts/phrase_contexts.py`` from every corpus
abstract; no labels) gives, per concept key of a candidate seen at least three times, how often
it occurred, how often the word after it was a method noun ("X algorithm", "X-based approach":
:data:`NEXT_WORDS`), how often the words before it were a use cue ("using X", "such as X":
:data:`PREV_WORDS`) and how often it was a whole noun phrase. A phrase that the corpus keeps
calling an approach or applying is a method more often than one it never does ("fine-tuning"
against "performance"), whatever this abstract's sentence says.
"""

from __future__ import annotations

from functools import lru_cache

from extract.datafiles import DATA_DIR

CONTEXTS_FILE = "phrase_contexts.tsv"
MIN_COUNT = 3  # keys seen fewer times are left out of the table (feature "ctx=rare")

NEXT_WORDS = frozenset({
    "method", "methods", "approach", "approaches", "algorithm", "algorithms", "technique",
    "techniques", "framework", "frameworks", "strategy", "strategies", "procedure", "scheme",
    "schemes", "paradigm", "module", "mechanism", "objective", "loss",
})
PREV_WORDS = frozenset({
    "using", "use", "uses", "used", "via", "apply", "applying", "applied", "employ", "employing",
    "employs", "adopt", "adopting", "leverage", "leveraging", "leverages", "through", "by", "with",
})
PREV_PAIRS = frozenset({"such as", "e.g ."})


def counts_of(prev: str, prev2: str, nxt: str, whole: bool) -> tuple[int, int, int]:
    """(method noun after, use cue before, whole noun phrase) of one occurrence, as 0/1."""
    return (int(nxt.lower() in NEXT_WORDS),
            int(prev.lower() in PREV_WORDS or prev2.lower() in PREV_PAIRS), int(whole))


@lru_cache(maxsize=1)
def load_contexts() -> dict[str, tuple[int, int, int, int]]:
    """concept key -> (occurrences, method noun after, use cue before, whole noun phrase)."""
    out = {}
    with open(DATA_DIR / CONTEXTS_FILE, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#"):
                continue
            key, n, nxt, prev, whole = line.rstrip("\n").split("\t")
            out[key] = (int(n), int(nxt), int(prev), int(whole))
    return out


def corpus_features(key: str) -> tuple[str, ...]:
    """The phrase model's features of concept key ``key``: the shares of its corpus occurrences
    with a method noun after, a use cue before, and as a whole noun phrase, in buckets."""
    c = load_contexts().get(key)
    if c is None:
        return ("ctx=rare",)
    n = c[0]
    return (f"ctx_next={min(10 * c[1] // n, 5)}", f"ctx_prev={min(10 * c[2] // n, 5)}",
            f"ctx_whole={4 * c[3] // n}")
