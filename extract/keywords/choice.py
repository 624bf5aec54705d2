"""Which ranker picks the keyphrases: the learned trees or KeyBERT (``PAPER_TRENDS_KEYWORDS``).

``paper-trends build|add|fetch --add --keywords learned|keybert`` sets the environment variable
:data:`ENV` so that worker processes make the same choice; the choice is part of
:func:`extract.keywords.model_id` and so of the keyword stage's version: switching re-runs that
stage only.

* ``learned`` (default): gradient-boosted trees over :data:`extract.keywords.rank.FEATURES`
  (``data/keyword_ranker.json``), MMR that never keeps a nested phrase.
* ``keybert``: KeyBERT's documented batched call,
  ``KeyBERT(model).extract_keywords(docs, candidates=..., use_mmr=True, ...)``, on this stage's
  candidates, with the bundled static encoder (distilled from all-MiniLM-L6-v2) as its model:
  the document and candidate vectors it would compute are passed in (``doc_embeddings=``,
  ``word_embeddings=``) so each phrase is embedded once per process. The score stored is
  KeyBERT's cosine similarity.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from extract.keywords.candidates import Candidate

ENV = "PAPER_TRENDS_KEYWORDS"
RANKERS: tuple[str, ...] = ("learned", "keybert")
DEFAULT = "learned"
KEYBERT_DIVERSITY = 0.2  # KeyBERT's MMR trade-off (its documentation's example value)


def ranker_name() -> str:
    """The ranker chosen by :data:`ENV` (default :data:`DEFAULT`).

    Raises:
        ValueError: the variable names no known ranker.
    """
    name = (os.environ.get(ENV) or DEFAULT).strip().lower()
    if name not in RANKERS:
        raise ValueError(f"{ENV}={name!r}: choose one of {', '.join(RANKERS)}")
    return name


def keybert_version() -> str:
    """The installed KeyBERT's version (without importing it)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("keybert")
    except PackageNotFoundError:
        return "not installed"


@lru_cache(maxsize=4)
def keybert_model(encoder: Any) -> Any:
    """``KeyBERT(model)`` with ``encoder`` (anything with ``encode(texts)``) as its backend.

    The encoder is wrapped in KeyBERT's documented custom-backend class (``BaseEmbedder`` with
    ``embed``), so KeyBERT never picks or downloads a model of its own. KeyBERT is imported
    without sentence-transformers (:func:`extract.lexicon.lazy.import_without`) unless the
    process has that loaded already.
    """
    from extract.lexicon.lazy import import_without
    from extract.keywords.rank import encode

    # KeyBERT imports sentence-transformers and transformers (torch) only to offer backends
    # and LLM helpers this stage does not use; they would cost seconds per process
    import_without("keybert", ("sentence_transformers", "transformers"))
    from keybert import KeyBERT
    from keybert.backend import BaseEmbedder

    class Backend(BaseEmbedder):
        def embed(self, documents: list[str], verbose: bool = False) -> np.ndarray:
            return encode(encoder, list(documents))

    return KeyBERT(model=Backend())


def _form(text: str) -> str:
    """A phrase as KeyBERT's ``CountVectorizer`` sees it: lower-case words of 2+ characters."""
    return " ".join(re.findall(r"(?u)\b\w\w+\b", text.lower()))


def keybert_select(
    kw_model: Any,
    texts: Sequence[str],
    cands: Sequence[Sequence[Candidate]],
    doc_vecs: np.ndarray,
    phrase_vecs: Mapping[str, np.ndarray],
    top_n: int,
    diversity: float = KEYBERT_DIVERSITY,
) -> list[list[tuple[int, float]]]:
    """KeyBERT's pick among each paper's candidates: ``(candidate index, cosine)``, best first.

    ``texts``: the documents KeyBERT matches the candidates in; ``doc_vecs``: one normalised
    row per document; ``phrase_vecs``: a vector per candidate ``embed_text``. KeyBERT matches
    the whole batch's vocabulary in each document, so it is asked for ``2 * top_n`` phrases and
    those that are not candidates of that paper are skipped.
    """
    forms: list[dict[str, int]] = []
    rep: dict[str, str] = {}  # form -> embed_text whose vector stands for it
    for cs in cands:
        mine: dict[str, int] = {}
        for j, c in enumerate(cs):
            f = _form(c.embed_text)
            if f and f not in mine:
                mine[f] = j
                rep.setdefault(f, c.embed_text)
        forms.append(mine)
    vocab = sorted(rep)
    if not vocab or not len(texts):
        return [[] for _ in texts]
    n_max = max(len(v.split()) for v in vocab)
    word_emb = np.stack([phrase_vecs[rep[v]] for v in vocab])
    out = kw_model.extract_keywords(
        list(texts), candidates=vocab, keyphrase_ngram_range=(1, n_max), stop_words=None,
        top_n=2 * top_n, use_mmr=True, diversity=diversity, doc_embeddings=doc_vecs,
        word_embeddings=word_emb,
    )
    if out and isinstance(out[0], tuple):  # one document: a flat list
        out = [out]
    if not out:
        out = [[] for _ in texts]
    picked = []
    for mine, kws in zip(forms, out):
        seen, row = set(), []
        for k, s in kws:
            j = mine.get(k)
            if j is not None and j not in seen:
                seen.add(j)
                row.append((j, float(s)))
        picked.append(row[:top_n])
    return picked
