"""The rule baseline for method phrases: a dictionary of phrases the corpus and vocabulary know.

A candidate span (:mod:`extract.phrases.candidates`) is a phrase when it is the long form of an
acronym defined in at least :data:`MIN_ABSTRACTS` corpus abstracts (``data/name_stats.tsv``:
"large language models (LLMs)", "graph neural networks (GNNs)") or a multi-word spelling of
the methods vocabulary ("direct preference optimization"); longest first, no overlaps. It knows
only phrases that come with an acronym somewhere, tasks among them ("question answering"), and
none that are new: the model (:mod:`extract.phrases.model`) is measured against it
(``benchmarks/eval_learned.py``).
"""

from __future__ import annotations

from functools import lru_cache

from extract.datafiles import DATA_DIR
from extract.names.candidates import long_key
from extract.phrases.candidates import spans
from extract.phrases.concepts import canonical_names, concept_display, concept_key
from extract.phrases.model import Phrase

MIN_ABSTRACTS = 3
STATS_FILE = "name_stats.tsv"


@lru_cache(maxsize=1)
def known_long_forms() -> frozenset[str]:
    """Long-form keys defined with an acronym in at least :data:`MIN_ABSTRACTS` abstracts."""
    out = set()
    with open(DATA_DIR / STATS_FILE, encoding="utf-8") as fh:
        for line in fh:
            parts = line.rstrip("\n").split("\t")
            if parts[0] == "long" and len(parts) >= 3 and parts[2].isdigit():
                if int(parts[2]) >= MIN_ABSTRACTS:
                    out.add(parts[1])
    return frozenset(out)


def dictionary_phrases(text: str, title: str = "") -> list[Phrase]:
    """The dictionary's phrases of an abstract, one per concept, by position."""
    full = f"{title}\n{text}" if title else text
    shift = len(title) + 1 if title else 0
    known = known_long_forms()
    canon = canonical_names()
    hits = []
    for sp in spans(full):
        written = full[sp.start : sp.end]
        key = concept_key(written)
        if long_key(written) in known or key in canon:
            hits.append((sp.start, sp.end, written, key))
    hits.sort(key=lambda h: (h[0] - h[1], h[0]))
    taken: list[tuple[int, int]] = []
    by_key: dict[str, Phrase] = {}
    for s, e, written, key in hits:
        if any(s < e2 and s2 < e for s2, e2 in taken) or key in by_key:
            continue
        taken.append((s, e))
        by_key[key] = Phrase(written, s - shift, e - shift, canon.get(key) or concept_display(written),
                             key, "used", 1.0)
    return sorted(by_key.values(), key=lambda p: p.start)
