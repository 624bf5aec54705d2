"""Corpus document frequencies of candidate keys (``data/keyword_df.tsv``, made by
``scripts/keyword_df.py``): how many corpus abstracts hold a phrase, for IDF (keywords) and as a
frequency feature (method phrases).
"""

from __future__ import annotations

import math
from functools import lru_cache

from extract.datafiles import DATA_DIR

DF_FILE = "keyword_df.tsv"  # corpus document frequencies of candidate keys (scripts/keyword_df.py)


class DocFreq:
    """Corpus document frequencies of candidate keys (folded words joined by spaces)."""

    def __init__(self, n_docs: int, df: dict[str, int]) -> None:
        self.n_docs = n_docs
        self.df = df

    def idf(self, key: tuple[str, ...]) -> float:
        """``log(N / df)``; a key missing from the table counts as seen in one paper."""
        return math.log(self.n_docs / max(self.df.get(" ".join(key), 1), 1))


@lru_cache(maxsize=1)
def load_df() -> DocFreq:
    """The table of ``extract/data/keyword_df.tsv`` (one per process)."""
    n_docs, df = 1, {}
    with open(DATA_DIR / DF_FILE, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#"):
                continue
            key, _, value = line.rstrip("\n").rpartition("\t")
            if key == "n":
                n_docs = int(value)
            else:
                df[key] = int(value)
    return DocFreq(n_docs, df)
