"""Ranking for :mod:`extract.keywords`: encoding, relevance (similarity plus priors), selection.

Relevance is EmbedRank's cosine similarity between candidate and document plus priors that the
keyphrase literature found to matter and that the tuned author-keyword sets confirmed:
position (PositionRank: the sum of ``1 / (1 + position)`` over occurrences), the title,
repetition, acronyms, length, and a penalty for a single common word such as "learning" (a
keyphrase only when nothing better describes the paper). Selection is greedy maximal marginal
relevance that also never keeps a phrase nested in (or containing) one already kept.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from extract.keywords.candidates import Candidate


def encode(model: Any, texts: Sequence[str], batch_size: int = 1024) -> np.ndarray:
    """L2-normalised float32 embeddings of ``texts``, one row per text.

    ``model``: anything with ``encode(texts)`` (the static encoder, a ``SentenceTransformer``,
    a test stand-in).
    """
    if not texts:
        return np.zeros((0, 0), dtype=np.float32)
    try:
        vecs = model.encode(list(texts), batch_size=batch_size, show_progress_bar=False)
    except TypeError:  # a minimal encoder without those keyword arguments
        vecs = model.encode(list(texts))
    vecs = np.asarray(vecs, dtype=np.float32)
    norms = np.linalg.norm(vecs, axis=1, keepdims=True)
    return vecs / np.maximum(norms, 1e-12)


@dataclass(frozen=True)
class Weights:
    """Weights of the priors added to the cosine similarity (chosen on the tuned sets only).

    The position, title, acronym and common-word terms each gained 0.005-0.02 F1@5 there; a
    termhood prior (papers of the corpus using the phrase) and a word-rarity prior did not
    help and were dropped.
    """

    tf: float = 0.1  # per log occurrence count
    title: float = 0.4  # occurs in the title
    position: float = 0.1  # PositionRank score, log-scaled
    length: float = -0.05  # per word beyond the first (up to three): shorter wins a near tie
    acronym: float = 0.5  # an acronym, alone or with its long form: authors name what they made
    common: float = 0.4  # penalty: one word more frequent than COMMON_FREQ ("learning", "features")


COMMON_FREQ = 3e-4  # a word this frequent in abstracts is too general to be a keyphrase alone
# (tuned sets: 1e-3 gave F1@5 0.147 with 47% single words, 3e-4 0.151 with 38%, 1e-4 0.150 with 30%)


def features(cands: Sequence[Candidate], frequency: Any) -> np.ndarray:
    """One row per candidate: tf, title, position, length, acronym, common (see :class:`Weights`).

    ``frequency(word)``: the share of corpus tokens that are ``word`` (unseen words count once).
    """
    rows = []
    for c in cands:
        words = c.folded or (c.key,)
        rows.append(
            (
                math.log(c.count),
                float(c.in_title),
                math.log1p(10.0 * c.position),
                float(min(c.n_words, 3) - 1),
                float(c.acronym),
                -float(len(words) == 1 and not c.acronym and frequency(words[0]) > COMMON_FREQ),
            )
        )
    return np.asarray(rows, dtype=np.float32).reshape(len(cands), 6)


def relevance(sims: np.ndarray, feats: np.ndarray, w: Weights) -> np.ndarray:
    """Cosine similarity plus the weighted priors."""
    vec = np.array([w.tf, w.title, w.position, w.length, w.acronym, w.common], dtype=np.float32)
    return sims + feats @ vec


def select(
    cands: Sequence[Candidate], rel: np.ndarray, emb: np.ndarray, top_n: int, diversity: float
) -> list[int]:
    """Maximal marginal relevance over ``rel``, skipping phrases nested in a kept one.

    ``diversity`` 0 ranks by relevance alone; towards 1 it prefers phrases unlike those kept.
    A candidate whose words occur inside a kept phrase, or that contains a kept phrase, is
    never kept: of "3-d mapping system" and "mapping system" only the more relevant stays.
    """
    n = len(rel)
    if n == 0 or top_n <= 0:
        return []
    available = np.ones(n, dtype=bool)
    max_sim = np.zeros(n, dtype=np.float32)
    chosen: list[int] = []
    while len(chosen) < top_n and available.any():
        score = rel - diversity * max_sim if chosen else rel.copy()
        score[~available] = -np.inf
        i = int(np.argmax(score))
        chosen.append(i)
        available[i] = False
        for j in np.flatnonzero(available):
            if cands[i].contains(cands[j]) or cands[j].contains(cands[i]):
                available[j] = False
        if diversity > 0:
            max_sim = np.maximum(max_sim, emb @ emb[i])
    return chosen
