"""Keyphrases per paper (fills ``keywords``) and the document vector (fills ``paper_embeddings``).

Candidates are noun phrases (:mod:`extract.keywords.candidates`) found with part-of-speech tags
looked up in a table distilled from spaCy's tagger (:mod:`extract.lexicon.tagger`):
adjective/noun runs ending on a noun (participles as modifiers, "federated learning"; gerunds
ending a compound, "question answering") and "X of Y" phrases, determiners, praise words and
generic words (``data/keyword_stopwords.toml``) removed, acronyms merged with their long form
(``retrieval-augmented generation (RAG)``). Each gets features (:mod:`extract.keywords.rank`):
cosine similarity to the document, title and text with a static encoder distilled from the
bundled all-MiniLM-L6-v2 (:mod:`extract.keywords.encoder`), position, title, repetition,
length, word rarity, corpus TF-IDF, nesting. Small gradient-boosted trees trained on the
author keywords of seven venue-years and chosen leave-one-venue-out
(``data/keyword_ranker.json``, ``scripts/train_keyword_ranker.py``) score them; keyphrases
are selected with maximal marginal relevance, never keeping a phrase nested in another kept
one. The score stored is the ranker's probability that the phrase is a keyphrase.

The ranker is a choice (:mod:`extract.keywords.choice`, ``PAPER_TRENDS_KEYWORDS``, set by
``paper-trends build --keywords learned|keybert``): ``keybert`` hands these candidates and
vectors to KeyBERT's documented batched call (``extract_keywords(docs, candidates=...,
doc_embeddings=..., word_embeddings=..., use_mmr=True)``), whose ranking is cosine similarity
with MMR; the score stored is then that cosine. The choice is part of :func:`model_id`, so
switching re-runs this stage only.

Usage::

    rows = extract_batch(papers)                     # the bundled encoder
    rows = extract_batch(papers, model=my_embedder)  # anything with encode(texts) -> array
"""

from __future__ import annotations

import hashlib
import re
import threading
import weakref
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from extract.keywords.candidates import STOP_WORDS_FILE, STOPLIST_FILE, Candidate, _fold, doc_candidates
from extract.keywords.choice import (
    KEYBERT_DIVERSITY,
    keybert_model,
    keybert_select,
    keybert_version,
    ranker_name,
)
from extract.keywords.encoder import BASE_DISTRIBUTION, BASE_MODEL, ENCODER_DIR, load_encoder
from extract.keywords.rank import (
    DF_FILE,
    RANKER_FILE,
    Ranker,
    encode,
    load_ranker,
    ranker_features,
    select,
)
from extract.lexicon.tagger import POS_FILE, load_tables, tokenize_fast
from extract.records import PaperText

TABLE = "keywords"
EMBEDDING_TABLE = "paper_embeddings"
ENCODER_FILES = tuple(
    f"{ENCODER_DIR}/{f}" for f in ("config.json", "model.safetensors", "tokenizer.json")
)
DATA_FILES: tuple[str, ...] = (
    STOPLIST_FILE, STOP_WORDS_FILE, POS_FILE, RANKER_FILE, DF_FILE, *ENCODER_FILES
)

TOP_N = 10
DIVERSITY = None  # None: the ranker's own (chosen with it, leave-one-venue-out)
MAX_WORDS = 3
DOC_WORDS = 16  # words of title + abstract the document vector reads (0: all)
# (tuned sets, F1@5: 16 words 0.146, 32 words 0.142, all 0.136 with the first weights tried)
CHUNK = 512  # papers per round; bounds memory on large builds


class _Cache:
    """What one embedder has computed in this process: keywords per paper, vectors per phrase.

    Both are bounded LRU maps; the phrase vectors make later chunks of a large build cheaper
    (common phrases such as "reinforcement learning" are embedded once per process). Threads of
    one process (a Dask worker's) share them: ``lock`` is held while one reads or changes them.
    """

    MEMO_SIZE = 50_000
    PHRASE_SIZE = 50_000  # ~60 MB of float32 vectors at most (static vectors are cheap to redo)

    def __init__(self) -> None:
        self.memo: OrderedDict[str, list[tuple[str, float]]] = OrderedDict()
        self.phrases: OrderedDict[str, np.ndarray] = OrderedDict()
        self.lock = threading.Lock()

    def recall(self, keys: list[str]) -> list[Any]:
        """The keywords kept for each of ``keys`` (None where there are none)."""
        with self.lock:
            return [self.memo.get(k) for k in keys]

    def remember(self, items: Iterator[tuple[str, Any]]) -> None:
        """Keep each (key, keywords) of ``items``, dropping the oldest beyond the bound."""
        with self.lock:
            for key, keywords in items:
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


def model_id() -> str:
    """The ranker (``PAPER_TRENDS_KEYWORDS``, see :mod:`extract.keywords.choice`) and its model.

    Part of the stage version: switching the ranker re-runs this stage. The encoder's and the
    learned ranker's files are data files of the stage and hashed too.
    """
    encoder = f"{BASE_MODEL} ({BASE_DISTRIBUTION}) distilled into static vectors with model2vec"
    if ranker_name() == "keybert":
        mmr = f"MMR, diversity {KEYBERT_DIVERSITY}"
        return f"{encoder}; ranker: keybert {keybert_version()} ({mmr})"
    return f"{encoder}; ranker: learned (gradient-boosted trees, {RANKER_FILE})"


def load_model() -> Any:
    """The bundled static encoder (one per process); see :mod:`extract.keywords.encoder`."""
    return load_encoder()


def keyword_nlp() -> Any:
    """The tokenizer and part-of-speech look-up (``text -> tagged tokens``), loaded.

    The regular-expression tokenizer (:func:`extract.lexicon.tagger.tokenize_fast`), not
    spaCy's. On 15,000 abstracts of ``recent/`` the stage took 4.0 ms per abstract with spaCy's
    and 3.7 ms with this one (``benchmarks/extract_speed.py --corpus ../shared/corpora/recent
    --limit 15000 --stages keywords``), and F1@5 on all 10,456 abstracts with author keywords
    went from 0.2518 to 0.2511 (``benchmarks/keywords_bench.py --systems ours --per-set 0``).
    """
    load_tables()
    return tokenize_fast


def _true_case(title: str) -> str:
    """A Title Case or ALL CAPS title with its common words in lower case.

    "Network to Network Compression via Policy Gradient" reads as a run of names to a tagger;
    words known in lower case (:mod:`extract.lexicon.tagger`'s table) are lowered, acronyms
    (``LSTMs``, ``GAN``) and names not known in lower case (``Wasserstein``) are kept.
    """
    words = title.split(" ")
    caps = [w for w in words if w[:1].isalpha() and len(w) >= 4]  # title case spares "of", "via"
    if not caps or sum(w[:1].isupper() for w in caps) < 0.7 * len(caps) or len(caps) < 2:
        return title
    all_caps = sum(w.isupper() for w in caps) >= 0.7 * len(caps)
    known = load_tables().words
    out = []
    for w in words:
        low = w.lower()
        core = low.strip(".,:;!?()[]\"'")
        acronym = sum(c.isupper() for c in w) >= 2 and not all_caps
        parts = [x for x in core.replace("/", "-").split("-") if x]
        if not acronym and parts and all(x in known for x in parts) and len(low) == len(w):
            out.append(low)
        else:
            out.append(w)
    return " ".join(out)


def _text(paper: PaperText) -> tuple[str, int]:
    """The text to read (title, then abstract) and the title's length in characters."""
    title = _true_case((paper.title or "").strip())
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


def _chunks(items: Sequence[Any], size: int) -> Iterator[Sequence[Any]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


def _tag(nlp: Any, texts: list[str]) -> list[Any]:
    """Tagged tokens per text: the look-up tagger, or a spaCy pipeline (``nlp.pipe``)."""
    if hasattr(nlp, "pipe"):
        return list(nlp.pipe(texts, batch_size=64))
    return [nlp(t) for t in texts]


def paper_candidates(
    papers: Sequence[PaperText], max_words: int = MAX_WORDS, nlp: Any = None
) -> list[list[Candidate]]:
    """The candidates of each paper, before ranking."""
    nlp = keyword_nlp() if nlp is None else nlp
    texts = [_text(p) for p in papers]
    docs = _tag(nlp, [t for t, _ in texts])
    return [
        doc_candidates(d, title_chars=n, max_words=max_words, text=t)
        for d, (t, n) in zip(docs, texts)
    ]


def _title_words(title: str | None) -> frozenset[str]:
    return frozenset(_fold(re.findall(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*", title or "")))


def featurise(
    papers: Sequence[PaperText],
    model: Any,
    nlp: Any,
    max_words: int = MAX_WORDS,
    doc_words: int = DOC_WORDS,
    phrase_vecs: OrderedDict[str, np.ndarray] | None = None,
) -> list[tuple[list[Candidate], np.ndarray, np.ndarray, np.ndarray]]:
    """Per paper: candidates, their ranker features, their vectors, the document vector.

    ``phrase_vecs``: vectors of phrases embedded before (filled with the new ones).
    """
    phrase_vecs = OrderedDict() if phrase_vecs is None else phrase_vecs
    frequency = load_tables().frequency
    cands = paper_candidates(papers, max_words, nlp)
    texts = [_text(p)[0] for p in papers]
    titles = [_true_case((p.title or "").strip()) for p in papers]
    with_title = [i for i, t in enumerate(titles) if t]
    vecs = encode(
        model, [_head(t, doc_words) for t in texts] + texts + [titles[i] for i in with_title]
    )
    n = len(papers)
    doc_vecs, text_vecs = vecs[:n], vecs[n : 2 * n]
    title_vecs = np.zeros_like(doc_vecs)
    if with_title:
        title_vecs[with_title] = vecs[2 * n :]
    wanted = {c.embed_text for cs in cands for c in cs}
    new = sorted(wanted - phrase_vecs.keys())
    if new:
        phrase_vecs.update(zip(new, encode(model, new)))
    out = []
    for i, cs in enumerate(cands):
        if not cs:
            dim = doc_vecs.shape[1] if doc_vecs.size else 0
            out.append((cs, ranker_features(cs, *(np.zeros(0),) * 3, frequency),
                        np.zeros((0, dim), dtype=np.float32), doc_vecs[i]))
            continue
        emb = np.stack([phrase_vecs[c.embed_text] for c in cs])
        x = ranker_features(
            cs, emb @ doc_vecs[i], emb @ title_vecs[i], emb @ text_vecs[i], frequency,
            _title_words(titles[i]),
        )
        out.append((cs, x, emb, doc_vecs[i]))
    return out


def _run(
    papers: Sequence[PaperText],
    model: Any,
    top_n: int,
    diversity: float | None,
    max_words: int,
    ranker: Ranker | None,
    doc_words: int,
    nlp: Any,
) -> list[tuple[list[tuple[str, float]], np.ndarray]]:
    memoise = model is None  # only the bundled encoder's results are kept between calls
    model = load_model() if model is None else model
    cache = _cache_for(model) if memoise else _Cache()
    nlp = keyword_nlp() if nlp is None else nlp
    if ranker is None and ranker_name() == "keybert":
        return _run_keybert(papers, model, top_n, diversity, max_words, doc_words, nlp)
    ranker = load_ranker() if ranker is None else ranker
    diversity = ranker.diversity if diversity is None else diversity
    params = (top_n, diversity, max_words, ranker.digest, doc_words)
    keys = [hashlib.sha1(repr((p.title, p.abstract, params)).encode()).hexdigest() for p in papers]
    out: list[Any] = cache.recall(keys)
    todo = [i for i, r in enumerate(out) if r is None]
    phrase_vecs = cache.phrases  # every distinct phrase embedded once per process
    for chunk in _chunks(todo, CHUNK):
        with cache.lock:
            done = featurise([papers[i] for i in chunk], model, nlp, max_words, doc_words,
                             phrase_vecs)
            cache.touch_phrases({c.embed_text for cs, _, _, _ in done for c in cs})
        scores = ranker.score(np.concatenate([x for _, x, _, _ in done]))
        at = 0
        for i, (cs, x, emb, dvec) in zip(chunk, done):
            rel, at = scores[at : at + len(cs)], at + len(cs)
            picked = sorted(select(cs, rel, emb, top_n, diversity), key=lambda j: (-rel[j], j))
            prob = 1.0 / (1.0 + np.exp(-rel.astype(np.float64)))
            out[i] = ([(cs[j].display, round(float(prob[j]), 4)) for j in picked], dvec)
    cache.remember((keys[i], out[i]) for i in todo)
    return out


def _run_keybert(
    papers: Sequence[PaperText],
    model: Any,
    top_n: int,
    diversity: float | None,
    max_words: int,
    doc_words: int,
    nlp: Any,
) -> list[tuple[list[tuple[str, float]], np.ndarray]]:
    """:func:`_run` with KeyBERT choosing among the candidates (``PAPER_TRENDS_KEYWORDS=keybert``).

    One ``extract_keywords`` call per chunk of papers, fed this stage's candidates and the
    encoder's document and phrase vectors (:func:`extract.keywords.choice.keybert_select`).
    """
    memoise = model is None
    model = load_model() if model is None else model
    cache = _cache_for(model) if memoise else _Cache()
    nlp = keyword_nlp() if nlp is None else nlp
    diversity = KEYBERT_DIVERSITY if diversity is None else diversity
    kw_model = keybert_model(model)
    params = ("keybert", top_n, diversity, max_words, doc_words)
    keys = [hashlib.sha1(repr((p.title, p.abstract, params)).encode()).hexdigest() for p in papers]
    out: list[Any] = cache.recall(keys)
    todo = [i for i, r in enumerate(out) if r is None]
    phrase_vecs = cache.phrases
    for chunk in _chunks(todo, CHUNK):
        batch = [papers[i] for i in chunk]
        with cache.lock:  # KeyBERT reads the phrase vectors too
            done = featurise(batch, model, nlp, max_words, doc_words, phrase_vecs)
            cache.touch_phrases({c.embed_text for cs, _, _, _ in done for c in cs})
            cands = [cs for cs, _, _, _ in done]
            doc_vecs = np.stack([d for _, _, _, d in done])
            picked = keybert_select(kw_model, [_text(p)[0] for p in batch], cands, doc_vecs,
                                    phrase_vecs, top_n, diversity)
        for i, cs, row, (_, _, _, dvec) in zip(chunk, cands, picked, done):
            out[i] = ([(cs[j].display, round(s, 4)) for j, s in row], dvec)
    cache.remember((keys[i], out[i]) for i in todo)
    return out


def extract_keywords(
    papers: Sequence[PaperText],
    model: Any = None,
    *,
    top_n: int = TOP_N,
    diversity: float | None = DIVERSITY,
    max_words: int = MAX_WORDS,
    ranker: Ranker | None = None,
    doc_words: int = DOC_WORDS,
    nlp: Any = None,
) -> list[list[tuple[str, float]]]:
    """Keyphrases with scores for each paper, best first.

    Args:
        papers: Papers to read (title and abstract).
        model: Anything with ``encode(texts) -> array``; default: the bundled static encoder
            (:func:`load_model`).
        top_n: Keyphrases per paper (at most).
        diversity: MMR trade-off: 0 ranks by score alone, higher prefers phrases unlike
            those already kept; None: the ranker's own.
        max_words: Longest candidate, in words (hyphenated compounds count as one; an "of"
            phrase may have one more).
        ranker: Scores candidates (:class:`extract.keywords.rank.Ranker`); default the bundled
            one (``data/keyword_ranker.json``).
        doc_words: Words of title + abstract the document vector reads (0: all).
        nlp: Tagger: a callable ``text -> tokens`` or a spaCy pipeline with POS tags; default
            the look-up tagger (:func:`keyword_nlp`).

    Returns:
        One list of ``(keyphrase, score)`` per paper, scores non-increasing.
    """
    run = _run(papers, model, top_n, diversity, max_words, ranker, doc_words, nlp)
    return [kws for kws, _ in run]


def clear_caches() -> None:
    """Forget memoised keywords and phrase vectors (benchmarks start cold with this)."""
    _caches.clear()


def extract_batch(papers: Sequence[PaperText], model: Any = None, **options: Any) -> list[dict]:
    """Rows of ``keywords`` and ``paper_embeddings`` for ``papers`` (the stage entry point).

    Keyword rows are ``{paper_id, keyword, score, rank}``; each paper also gets one
    ``{paper_id, embedding}`` row: its document vector (title and abstract, L2-normalised
    float32). Each row names its table in ``__table__``.

    Args:
        papers: Papers to read.
        model: Encoder, as for :func:`extract_keywords` (default: the bundled one).
        **options: Passed to :func:`extract_keywords` (``top_n``, ``diversity``, ...).
    """
    o = {k: options.get(k, d) for k, d in (
        ("top_n", TOP_N), ("diversity", DIVERSITY), ("max_words", MAX_WORDS), ("ranker", None),
        ("doc_words", DOC_WORDS), ("nlp", None))}
    unknown = set(options) - set(o)
    if unknown:
        raise TypeError(f"unknown option(s) {sorted(unknown)}")
    rows: list[dict] = []
    for paper, (kws, vec) in zip(papers, _run(papers, model, **o)):
        rows += [
            {"__table__": TABLE, "paper_id": paper.paper_id, "keyword": k, "score": s, "rank": r}
            for r, (k, s) in enumerate(kws, 1)
        ]
        rows.append(
            {"__table__": EMBEDDING_TABLE, "paper_id": paper.paper_id,
             "embedding": np.asarray(vec, dtype=np.float32)}
        )
    return rows
