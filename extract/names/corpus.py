"""Corpus statistics of names: ``extract/data/name_stats.tsv``, and what they say about a name.

``scripts/name_stats.py`` builds the file from ``../shared/corpora``: per fold key, how many
abstracts name it and propose it, its type votes (the sentence cues of
:func:`extract.names.types.cue_votes` counted over the corpus), its occurrences and how many of
them pre-modify a noun; the proper nouns of the corpus; how many abstracts define each acronym
long form (``long``) and write each compound in lower case (``lower``).

* :func:`widely_used`: a name many abstracts use without proposing it is not new;
* :func:`written_lower`: a name the corpus writes in lower case as often as it names it is a
  common word capitalised in a heading;
* :func:`modifier_discount`: a name often written in front of "models", "tasks", ... names a
  task or a kind of thing more than one method.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from functools import lru_cache

from extract.datafiles import DATA_DIR
from extract.names.types import TYPES

WIDELY_USED = 25  # abstracts of the corpus using, not proposing, a name before it is "not new"
MODIFIER_SHARE = (0.22, 0.42)  # share of occurrences as a pre-modifier (modifier_discount)
LONG_USED = 4  # abstracts defining an acronym with the same long form before it is "not new"


@dataclass(frozen=True)
class NameStats:
    """Corpus statistics of one fold key (a row of ``name_stats.tsv``)."""

    surface: str
    df: int  # abstracts naming it
    proposed: int  # abstracts proposing it (by the proposal rules)
    votes: dict[str, float]  # type -> cue count over the corpus
    occurrences: int = 0  # occurrences in the corpus outside acronym definitions
    modifier: int = 0  # of them in front of a noun ("T2I models", "BEV features")


@dataclass(frozen=True)
class Stats:
    """``name_stats.tsv``: per-name statistics and the proper nouns of the corpus."""

    names: dict[str, NameStats]
    proper: frozenset[str]  # lower-cased capitalised words that are proper nouns
    longs: dict[str, int] = field(default_factory=dict)  # long form key -> abstracts defining
    lower: dict[str, int] = field(default_factory=dict)  # compound key -> abstracts in lower case


@lru_cache(maxsize=1)
def stats() -> Stats:
    """Load ``extract/data/name_stats.tsv`` (empty statistics when the file is missing)."""
    path = DATA_DIR / "name_stats.tsv"
    names: dict[str, NameStats] = {}
    proper: set[str] = set()
    longs: dict[str, int] = {}
    lower: dict[str, int] = {}
    if not path.exists():
        return Stats(names, frozenset())
    with path.open(encoding="utf-8", newline="") as f:
        for row in csv.reader((line for line in f if not line.startswith("#")), delimiter="\t"):
            if row[0] == "proper":
                proper.add(row[1])
            elif row[0] == "long":
                longs[row[1]] = int(row[2])
            elif row[0] == "lower":
                lower[row[1]] = int(row[2])
            elif row[0] == "name":
                _, key, surface, df, prop, *votes = row
                names[key] = NameStats(
                    surface,
                    int(df),
                    int(prop),
                    {t: float(v) for t, v in zip(TYPES, votes)},
                    *(int(x) for x in votes[len(TYPES) : len(TYPES) + 2]),
                )
    return Stats(names, frozenset(proper), longs, lower)


def modifier_discount(ns: NameStats) -> float:
    """How much the corpus method votes of a name count: less when it is often a pre-modifier.

    "T2I models", "SR methods", "BEV features", "NER tasks": a name the corpus often writes in
    front of such a noun names a task, a domain or a kind of thing; its "X model" cues do not make
    it one method ("X features" does not count: TF-IDF, CLIP features). Method names are seldom
    written so (BERT 0.10, GAN 0.08, SGD 0.03, ResNet 0.18 of their occurrences; T2I 0.46, NLI
    0.38, SR 0.51, on 15,000 corpus abstracts): 1.0 up to ``MODIFIER_SHARE[0]``, falling to 0 at
    ``MODIFIER_SHARE[1]``; the votes taken off go to ``task``.
    """
    if ns.occurrences < 10:
        return 1.0
    lo, hi = MODIFIER_SHARE
    share = ns.modifier / ns.occurrences
    return max(0.0, min(1.0, (hi - share) / (hi - lo)))


def widely_used(ns: NameStats | None) -> bool:
    """True when the corpus shows a name used (not proposed) by many abstracts: it is not new.

    A coined name appears in the abstract that proposes it and a few that use it; an acronym or
    name in ``WIDELY_USED`` or more abstracts that do not propose it (NeRF, SLAM, SE, OT, TV) is
    an established or ambiguous one, whatever the sentence claims.
    """
    return ns is not None and ns.df - ns.proposed >= WIDELY_USED


def written_lower(key: str, ns: NameStats | None, st: Stats) -> bool:
    """True when the corpus writes a name in lower case at least as often as it names it.

    "High-Quality", "Self-Attention": common words capitalised in a heading.
    """
    return st.lower.get(key, 0) >= (ns.df if ns else 1)
