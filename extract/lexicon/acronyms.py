"""Acronyms the corpus defines one way (``data/acronym_concepts.tsv``, made by
``scripts/acronym_concepts.py`` from every corpus abstract, no labels).

An abstract that writes "3D Gaussian Splatting (3DGS)" tells the methods stage what its "3DGS"
means; one that only writes "3DGS" does not. The table holds the acronyms that many corpus
abstracts define, almost always with one long form, and that long form almost always with that
acronym (``retrieval-augmented generation`` = ``RAG``; not ``SSL``, half self-supervised and
half semi-supervised learning), so the concepts of :mod:`extract.phrases.concepts` can join an
acronym and its long form across papers.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from extract.datafiles import DATA_DIR

ACRONYMS_FILE = "acronym_concepts.tsv"


class CorpusAcronym(NamedTuple):
    acronym: str  # as written, without a plural "s" ("GNN")
    long_form: str  # as the corpus writes it most often ("Graph Neural Networks")
    key: str  # the long form's concept key (``graphneuralnetwork``)


@lru_cache(maxsize=1)
def _table() -> tuple[dict[str, CorpusAcronym], dict[str, CorpusAcronym]]:
    by_acronym: dict[str, CorpusAcronym] = {}
    by_key: dict[str, CorpusAcronym] = {}
    with (DATA_DIR / ACRONYMS_FILE).open(encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#") or not line.strip():
                continue
            acronym, key, long_form = line.rstrip("\n").split("\t")[:3]
            row = CorpusAcronym(acronym, long_form, key)
            by_acronym[acronym] = row
            by_key[key] = row
    return by_acronym, by_key


def singular_acronym(acronym: str) -> str:
    """``acronym`` without a plural ``s`` ("GNNs" -> "GNN", "LoRAs" -> "LoRA"; "MoS" stays)."""
    if len(acronym) > 2 and acronym.endswith("s") and acronym[-2].isupper():
        return acronym[:-1]
    return acronym


def corpus_acronyms() -> tuple[CorpusAcronym, ...]:
    """Every row of the table, most defined first."""
    return tuple(_table()[0].values())


def long_form_of(acronym: str) -> CorpusAcronym | None:
    """The corpus's one long form of ``acronym`` (plural ``s`` ignored), else None."""
    return _table()[0].get(singular_acronym(acronym))


def acronym_of(key: str) -> CorpusAcronym | None:
    """The corpus's one acronym of the long form with concept key ``key``, else None."""
    return _table()[1].get(key)
