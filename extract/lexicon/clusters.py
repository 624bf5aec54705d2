"""Corpus word clusters (``data/word_clusters.tsv``, made by ``scripts/word_clusters.py``, no
labels): words the corpus uses alike share a cluster, at two granularities. A feature of the
phrase model, so that it can weigh a word it never saw in training.
"""

from __future__ import annotations

from functools import lru_cache

from extract.datafiles import DATA_DIR

CLUSTERS_FILE = "word_clusters.tsv"


@lru_cache(maxsize=1)
def load_clusters() -> dict[str, tuple[str, str]]:
    """word (lower-case, singular: :func:`extract.lexicon.words.fold_plural`) -> (coarse, fine)
    cluster ids."""
    out: dict[str, tuple[str, str]] = {}
    with (DATA_DIR / CLUSTERS_FILE).open(encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#"):
                continue
            w, a, b = line.rstrip("\n").split("\t")
            out[w] = (a, b)
    return out


def cluster_of(word: str) -> tuple[str, str]:
    """The (coarse, fine) cluster ids of a folded word; ("", "") for a word not in the table."""
    return load_clusters().get(word, ("", ""))
