"""Ranking for :mod:`extract.keywords`: encoding, a learned ranker, selection.

Each candidate is described by :data:`FEATURES`: EmbedRank's cosine similarity to the document
(and to the title and the whole text), the priors the keyphrase literature found to matter --
position (PositionRank: the sum of ``1 / (1 + position)`` over occurrences, and the first
one), the title, repetition, length, acronyms -- how common its words are in abstracts (a
single common word such as "learning" is a keyphrase only when nothing better describes the
paper), its corpus IDF and TF-IDF (:func:`load_df`, ``data/keyword_df.tsv``), whether it ends
on a weak head ("problem"), and how it nests with the paper's other candidates. Gradient-boosted
trees trained on the author keywords of seven venue-years and chosen leave-one-venue-out
(``scripts/train_keyword_ranker.py``, ``data/keyword_ranker.json``) turn the features they name
(a subset of :data:`FEATURES`) into the log-odds of being a keyphrase. Selection is greedy
maximal marginal relevance that never keeps a phrase nested in (or containing) one already kept.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from extract.datafiles import DATA_DIR
from extract.keywords.candidates import Candidate, load_stoplist
from extract.learned.trees import Trees
from extract.lexicon.docfreq import DF_FILE, DocFreq, load_df  # noqa: F401  (re-exported)

RANKER_FILE = "keyword_ranker.json"


def tfidf(cands: Sequence[Candidate], docfreq: DocFreq | None = None) -> np.ndarray:
    """TF-IDF of each candidate: occurrences in the paper times the corpus ``log(N / df)``."""
    docfreq = load_df() if docfreq is None else docfreq
    return np.asarray(
        [c.count * docfreq.idf(c.folded or (c.key,)) for c in cands], dtype=np.float32
    )


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


COMMON_FREQ = 3e-4  # a word this frequent in abstracts is too general to be a keyphrase alone
# (tuned sets: 1e-3 gave F1@5 0.147 with 47% single words, 3e-4 0.151 with 38%, 1e-4 0.150 with 30%)


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
    keys = [c.folded or (c.key,) for c in cands]
    same: dict[tuple[str, ...], list[int]] = {}
    for j, k in enumerate(keys):
        same.setdefault(k, []).append(j)
    containers: dict[tuple[str, ...], list[int]] = {}  # key -> candidates containing it
    for j, k in enumerate(keys):
        for sub in _subspans(k):
            if sub in same:
                containers.setdefault(sub, []).append(j)
    available = np.ones(n, dtype=bool)
    max_sim = np.zeros(n, dtype=np.float32)
    chosen: list[int] = []
    while len(chosen) < top_n and available.any():
        score = rel - diversity * max_sim if chosen else rel.copy()
        score[~available] = -np.inf
        i = int(np.argmax(score))
        chosen.append(i)
        available[i] = False
        k = keys[i]
        available[same[k]] = False
        available[containers.get(k, [])] = False
        for sub in _subspans(k):
            available[same.get(sub, [])] = False
        if diversity > 0:
            max_sim = np.maximum(max_sim, emb @ emb[i])
    return chosen


# The features a ranker may use, in column order (scripts/train_keyword_ranker.py writes
# RANKER_FILE naming the subset it kept; an unknown name is an error, never a silent mismatch).
FEATURES: tuple[str, ...] = (
    "sim_doc",  # cosine to the document's first DOC_WORDS words
    "sim_title",  # cosine to the title (0 without one)
    "sim_text",  # cosine to the whole title + abstract
    "sim_gap",  # sim_doc minus the best sim_doc of the paper
    "sim_rank",  # rank by sim_doc in the paper, 0 (best) to 1
    "log_count",
    "in_title",
    "position",  # PositionRank, log-scaled
    "log_first",  # log(1 + unit index of the first occurrence)
    "words1",
    "words2",
    "words3",
    "words4",
    "acronym",
    "of_phrase",
    "whole",  # seen at least once not cut from a longer compound
    "log_inside",  # log(1 + candidates of the paper containing this one)
    "log_contains",  # log(1 + candidates of the paper inside this one)
    "min_log_freq",  # rarest word's log share of corpus tokens
    "max_log_freq",
    "head_log_freq",  # last word's
    "single_log_freq",  # head_log_freq for one-word candidates, else 0
    "common",  # one common word (see COMMON_FREQ)
    "log_candidates",  # log number of candidates of the paper
    "title_words",  # share of the candidate's words found in the title
    "weak_head",  # ends on a weak head word ("problem", "analysis": the stoplist's weak_heads)
    "idf",  # log(N / df) of the whole phrase over corpus abstracts (data/keyword_df.tsv)
    "log_tfidf",  # log(1 + count * idf)
    "tfidf_rank",  # rank by TF-IDF in the paper, 0 (best) to 1
)


def _subspans(words: tuple[str, ...]) -> list[tuple[str, ...]]:
    n = len(words)
    return [words[i:j] for i in range(n) for j in range(i + 1, n + 1) if j - i < n]


def ranker_features(
    cands: Sequence[Candidate],
    sims: np.ndarray,
    title_sims: np.ndarray,
    text_sims: np.ndarray,
    frequency: Any,
    title_words: frozenset[str] = frozenset(),
    docfreq: DocFreq | None = None,
) -> np.ndarray:
    """One row of :data:`FEATURES` per candidate of one paper.

    ``frequency(word)``: share of corpus tokens; ``title_words``: the title's folded words;
    ``docfreq``: corpus document frequencies (default :func:`load_df`).
    """
    n = len(cands)
    if n == 0:
        return np.zeros((0, len(FEATURES)), dtype=np.float32)
    keys = [c.folded or (c.key,) for c in cands]
    present = set(keys)
    inside: dict[tuple[str, ...], int] = {}
    contains = []
    for k in keys:
        subs = [s for s in _subspans(k) if s in present]
        contains.append(len(subs))
        for s in set(subs):
            inside[s] = inside.get(s, 0) + 1
    order = np.argsort(-sims, kind="stable")
    rank = np.empty(n, dtype=np.float32)
    rank[order] = np.arange(n, dtype=np.float32) / max(n - 1, 1)
    best = float(sims.max())
    log_n = math.log(n)
    weak = load_stoplist().weak_heads
    docfreq = load_df() if docfreq is None else docfreq
    idf = np.asarray([docfreq.idf(k) for k in keys], dtype=np.float32)
    tf_idf = idf * np.asarray([c.count for c in cands], dtype=np.float32)
    t_order = np.argsort(-tf_idf, kind="stable")
    t_rank = np.empty(n, dtype=np.float32)
    t_rank[t_order] = np.arange(n, dtype=np.float32) / max(n - 1, 1)
    rows = []
    for j, (c, words) in enumerate(zip(cands, keys)):
        freqs = [math.log(frequency(w)) for w in words]
        nw = min(c.n_words, 4)
        single = len(words) == 1
        rows.append((
            sims[j], title_sims[j], text_sims[j], sims[j] - best, rank[j],
            math.log(c.count), float(c.in_title), math.log1p(10.0 * c.position),
            math.log1p(c.first), float(nw == 1), float(nw == 2), float(nw == 3), float(nw == 4),
            float(c.acronym), float(c.of_phrase), float(c.whole),
            math.log1p(inside.get(words, 0)), math.log1p(contains[j]),
            min(freqs), max(freqs), freqs[-1], freqs[-1] if single else 0.0,
            float(single and not c.acronym and frequency(words[0]) > COMMON_FREQ), log_n,
            sum(w in title_words for w in words) / len(words), float(words[-1] in weak),
            idf[j], math.log1p(tf_idf[j]), t_rank[j],
        ))
    return np.asarray(rows, dtype=np.float32)


class Ranker:
    """Gradient-boosted trees (trained by ``scripts/train_keyword_ranker.py``), run with numpy.

    The trees (:class:`extract.learned.trees.Trees`) are walked for every candidate of a chunk
    of papers at once. The spec names the features it was trained on, a subset of
    :data:`FEATURES` in any order; its split indices refer to that list and are mapped to
    columns of :data:`FEATURES`.
    """

    def __init__(self, spec: dict[str, Any]) -> None:
        unknown = [f for f in spec["features"] if f not in FEATURES]
        if unknown:
            raise ValueError(f"{RANKER_FILE}: unknown features {unknown} (not in FEATURES)")
        column = [FEATURES.index(f) for f in spec["features"]]
        self.features = tuple(spec["features"])
        self.name = str(spec.get("name", "learned"))
        self.trees = Trees(spec["trees"], spec["bias"], column)
        self.diversity = float(spec.get("diversity", 0.0))
        self.digest = hashlib.sha1(json.dumps(spec, sort_keys=True).encode()).hexdigest()[:16]

    def score(self, x: np.ndarray) -> np.ndarray:
        """Log-odds that each row of ``x`` (:data:`FEATURES`) is an author keyword."""
        return self.trees.score(x)


@lru_cache(maxsize=1)
def load_ranker() -> Ranker:
    """The ranker of ``extract/data/keyword_ranker.json`` (one per process)."""
    return Ranker(json.loads((DATA_DIR / RANKER_FILE).read_text(encoding="utf-8")))
