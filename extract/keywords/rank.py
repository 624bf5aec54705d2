"""Embedding and ranking for :mod:`extract.keywords`: batched encoding, relevance, MMR."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from extract.keywords.candidates import Candidate


def encode(model: Any, texts: Sequence[str], batch_size: int = 64) -> np.ndarray:
    """L2-normalised float32 embeddings of ``texts``, one row per text.

    ``model`` is a ``keybert.KeyBERT`` (its backend is used), anything with
    ``encode(texts, ...)`` (a ``SentenceTransformer`` or a test stand-in), or a KeyBERT
    ``BaseEmbedder`` with ``embed(texts)``.
    """
    if not texts:
        return np.zeros((0, 0), dtype=np.float32)
    backend = getattr(model, "model", None)  # KeyBERT -> its backend
    if backend is not None and hasattr(backend, "embed"):
        inner = getattr(backend, "embedding_model", None)  # the SentenceTransformer, if any
        model = inner if hasattr(inner, "encode") else backend
    if hasattr(model, "encode"):
        try:
            vecs = model.encode(
                list(texts), batch_size=batch_size, show_progress_bar=False, convert_to_numpy=True
            )
        except TypeError:  # a minimal encoder without sentence-transformers' keyword arguments
            vecs = model.encode(list(texts))
    else:
        vecs = model.embed(list(texts))
    vecs = np.asarray(vecs, dtype=np.float32)
    norms = np.linalg.norm(vecs, axis=1, keepdims=True)
    return vecs / np.maximum(norms, 1e-12)


def relevance(
    cands: Sequence[Candidate],
    sims: np.ndarray,
    n_units: int,
    tf_weight: float,
    title_weight: float,
    position_weight: float,
    length_penalty: float,
) -> np.ndarray:
    """Embedding similarity plus a light prior: repeated, in the title, early, not too long."""
    prior = np.array(
        [
            tf_weight * math.log(c.count)
            + (title_weight if c.in_title else 0.0)
            + position_weight * (1.0 - min(c.first, n_units) / max(n_units, 1))
            - length_penalty * max(c.n_words - 2, 0)
            for c in cands
        ],
        dtype=np.float32,
    )
    return sims + prior


def mmr(rel: np.ndarray, emb: np.ndarray, top_n: int, diversity: float) -> list[int]:
    """Maximal marginal relevance: indices of ``top_n`` relevant, mutually dissimilar rows.

    ``diversity`` 0 is plain top-n by relevance; 1 only avoids redundancy.
    """
    n = len(rel)
    if n == 0 or top_n <= 0:
        return []
    if diversity <= 0 or n <= 1:
        return [int(i) for i in np.argsort(-rel, kind="stable")[:top_n]]
    chosen = [int(np.argmax(rel))]
    max_sim = emb @ emb[chosen[0]]
    available = np.ones(n, dtype=bool)
    available[chosen[0]] = False
    for _ in range(min(top_n, n) - 1):
        score = (1 - diversity) * rel - diversity * max_sim
        score[~available] = -np.inf
        i = int(np.argmax(score))
        chosen.append(i)
        available[i] = False
        max_sim = np.maximum(max_sim, emb @ emb[i])
    return chosen
