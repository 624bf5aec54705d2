"""Keywords stage: properties of the output on real seed abstracts, offline.

A deterministic hashing bag-of-words encoder stands in for the bundled static encoder everywhere
except the tests that ask for the bundled one.
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib

import numpy as np
import pytest
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
    """The keyword tagger with tagged texts remembered, so parametrized tests stay fast."""

    def __init__(self, nlp) -> None:
        self.nlp = nlp
        self.docs: dict[str, object] = {}

    def __call__(self, text: str):
        if text not in self.docs:
            self.docs[text] = self.nlp(text)
        return self.docs[text]


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
    """Keyword rows per paper (embedding rows left out), without the ``__table__`` tag."""
    out: dict[str, list[dict]] = {}
    for r in rows:
        if r["__table__"] == "keywords":
            out.setdefault(r["paper_id"], []).append(
                {k: v for k, v in r.items() if k != "__table__"}
            )
    return out


def _keywords(rows: list[dict]) -> list[str]:
    return [r["keyword"] for r in rows if r["__table__"] == "keywords"]


def _words(keyword: str) -> list[str]:
    """Words of a keyword, the ``(ACR)`` of a long form left out."""
    return re.sub(r"\s*\([^)]*\)$", "", keyword).split()


def test_stage_contract():
    assert keywords.TABLE == "keywords" and keywords.EMBEDDING_TABLE == "paper_embeddings"
    assert get_stage("keywords").spec.tables == ("keywords", "paper_embeddings")
    assert set(keywords.DATA_FILES) == set(get_stage("keywords").spec.data_files)
    assert all((DATA_DIR / name).is_file() for name in keywords.DATA_FILES)
    assert callable(keywords.extract_batch)
    assert get_stage("keywords").spec.reads == ("abstract", "title")


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
    kw_rows = [r for r in rows if r["__table__"] == "keywords"]
    assert all(set(r) == {"__table__", "paper_id", "keyword", "score", "rank"} for r in kw_rows)
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
            # a long form shown with its acronym counts as the acronym: one word; "of" is free
            n = 1 if r["keyword"].endswith(")") else len([w for w in words if w != "of"])
            assert 1 <= n <= max_words, r["keyword"]
            lowered = [w.lower() for w in words]
            assert not all(w in STOP_WORDS for w in lowered), r["keyword"]
            assert not all(w in stop.generic or w in STOP_WORDS for w in lowered), r["keyword"]
            assert lowered[0] not in STOP_WORDS and lowered[0] not in stop.modifiers, r["keyword"]
            # a weak head ("problem") only ends a longer phrase ("inverse problem")
            assert len(lowered) > 1 or lowered[-1] not in stop.weak_heads, r["keyword"]
            # lower-case, except acronyms (RAG, RNN-based) and names with digits (Llama-3-8B)
            assert all(
                w == w.lower()
                or is_acronym(w)
                or any(c.isdigit() for c in w)
                and any(c.isupper() for c in w)
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
    assert phrase_key(generic) not in {phrase_key(k) for k in _keywords(rows)}


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
    kws = _keywords(rows)
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
    assert phrase_key("large language") in stop.fragments
    llm_papers = [p for p in SEED_PAPERS if "large language models" in p.abstract.lower()]
    assert len(llm_papers) >= 3
    for paper in llm_papers:
        keys = {c.key for c in doc_candidates(nlp(paper.abstract))}
        assert phrase_key("large language") not in keys, paper.paper_id
        assert {phrase_key("language model"), phrase_key("large language model")} & keys
    # a cut before a generic head word that is not a listed fragment is still a candidate
    doc = nlp("We compare reinforcement learning methods with planning algorithms on Atari games.")
    keys = {c.key for c in doc_candidates(doc)}
    wanted = {phrase_key(k) for k in ("reinforcement learning", "planning", "Atari games")}
    assert wanted <= keys, keys


def _doc_text(p: PaperText) -> str:
    return keywords._head(keywords._text(p)[0], keywords.DOC_WORDS)


def test_each_document_and_distinct_candidate_is_embedded_once(nlp):
    """One call for the documents (head, whole text, title if any), one for distinct phrases."""
    enc = HashingEncoder()
    papers = SEED_PAPERS + [PaperText("copy", SEED_PAPERS[0].abstract, "A title")]
    keywords.extract_batch(papers, model=enc, nlp=nlp)
    assert len(enc.calls) == 2
    docs, phrases = enc.calls
    texts = [keywords._text(p)[0] for p in papers]
    assert docs == [_doc_text(p) for p in papers] + texts + ["A title"]
    assert phrases and len(phrases) == len(set(phrases))


def test_unchanged_papers_are_not_embedded_again(monkeypatch, nlp):
    enc = HashingEncoder()
    monkeypatch.setattr(keywords, "load_model", lambda: enc)
    first = keywords.extract_batch(SEED_PAPERS[:4], nlp=nlp)
    n_calls = len(enc.calls)
    assert n_calls > 0
    again = keywords.extract_batch(SEED_PAPERS[:4], nlp=nlp)
    assert len(again) == len(first) and len(enc.calls) == n_calls
    assert _keywords(again) == _keywords(first)
    keywords.extract_batch(SEED_PAPERS[:5], nlp=nlp)  # one new paper: only it is embedded
    embedded = [t for call in enc.calls[n_calls:] for t in call]
    heads = {_doc_text(p) for p in SEED_PAPERS[:5]}
    assert [t for t in embedded if t in heads] == [_doc_text(SEED_PAPERS[4])]


@pytest.mark.parametrize(
    "n,expected", [(0, "a  b\nc d"), (2, "a b"), (4, "a b c d"), (10, "a b c d")]
)
def test_head(n, expected):
    assert keywords._head("a  b\nc d", n) == expected


def test_empty_inputs(encoder, nlp):
    assert keywords.extract_batch([], model=encoder, nlp=nlp) == []
    rows = keywords.extract_batch([PaperText("x", "We did it.")], model=encoder, nlp=nlp)
    assert _keywords(rows) == [] and [r["__table__"] for r in rows] == ["paper_embeddings"]


def test_same_input_same_output(nlp):
    a = _by_paper(keywords.extract_batch(SEED_PAPERS, model=HashingEncoder(), nlp=nlp))
    b = _by_paper(
        keywords.extract_batch(list(reversed(SEED_PAPERS)), model=HashingEncoder(), nlp=nlp)
    )
    assert a == b


def test_bundled_encoder(monkeypatch, nlp):
    monkeypatch.undo()  # the real loader, this once
    model = keywords.load_model()
    assert model is keywords.load_model()  # one instance per process
    rows = keywords.extract_batch([PaperText("rag", RAG_ABSTRACT)], nlp=nlp)
    kws = _keywords(rows)
    assert 1 <= len(kws) <= keywords.TOP_N
    scores = [r["score"] for r in rows if r["__table__"] == "keywords"]
    assert all(0.0 < x < 1.0 for x in scores)  # the ranker's probability of a keyphrase
    assert any("retrieval" in k.lower() or "RAG" in k for k in kws), kws
    (emb,) = [r["embedding"] for r in rows if r["__table__"] == "paper_embeddings"]
    assert emb.dtype == np.float32 and emb.shape == (model.dim,)
    assert abs(float(np.linalg.norm(emb)) - 1.0) < 1e-4


def test_paper_embeddings_are_unit_vectors_near_their_own_text(monkeypatch, nlp):
    monkeypatch.undo()
    rows = keywords.extract_batch(SEED_PAPERS, nlp=nlp)
    emb = {r["paper_id"]: r["embedding"] for r in rows if r["__table__"] == "paper_embeddings"}
    assert list(emb) == [p.paper_id for p in SEED_PAPERS]
    m = np.stack(list(emb.values()))
    assert np.allclose(np.linalg.norm(m, axis=1), 1.0, atol=1e-4)
    # the vector reads the start of title + abstract: the whole first sentence (more words than
    # it read) of each seed abstract is nearest to its own paper for most of them
    enc = keywords.load_model()
    firsts = [re.split(r"(?<=\.) ", p.abstract.strip())[0] for p in SEED_PAPERS]
    assert sum(len(s.split()) > keywords.DOC_WORDS for s in firsts) >= len(firsts) // 2
    nearest = np.argmax(enc.encode(firsts) @ m.T, axis=1)
    assert (nearest == np.arange(len(SEED_PAPERS))).mean() >= 0.5


def test_no_keyword_is_nested_in_another_of_the_same_paper(encoder, nlp):
    from extract.keywords.candidates import fold_plural

    rows = keywords.extract_batch(SEED_PAPERS, model=encoder, top_n=15, nlp=nlp)
    n_pairs = 0
    for paper_rows in _by_paper(rows).values():
        words = [
            tuple(
                fold_plural(w) for w in re.split(r"[\s/-]+", " ".join(_words(r["keyword"])).lower())
            )
            for r in paper_rows
        ]
        for a in words:
            for b in words:
                if len(b) < len(a):
                    n_pairs += 1
                    assert b not in {a[k : k + len(b)] for k in range(len(a) - len(b) + 1)}, (a, b)
    assert n_pairs > 100  # many pairs of a longer and a shorter keyphrase were compared


def test_spellings_of_one_term_share_a_key():
    assert phrase_key("back-propagation") == phrase_key("backpropagation")
    assert phrase_key("Pre-trained Models") == phrase_key("pretrained model")
    assert phrase_key("multi-agent systems") == phrase_key("multi agent system")
    assert phrase_key("graph neural network") != phrase_key("neural network")


@pytest.mark.parametrize(
    "text,phrase",
    [
        # seeds/000: a capability named with "of"
        ("a capability known as Theory of Mind (ToM) in humans", "theory of mind (ToM)"),
        ("We train a sparse mixture of experts on code.", "mixture of experts"),
        ("prompting with chain of thought improves arithmetic", "chain of thought"),
    ],
)
def test_of_phrases_are_candidates(nlp, text, phrase):
    displays = [c.display for c in doc_candidates(nlp(text))]
    assert phrase in displays, displays


@pytest.mark.parametrize("text", ["We report the number of parameters.", "a set of tasks was used"])
def test_quantity_of_phrases_are_not_candidates(nlp, text):
    assert not [c for c in doc_candidates(nlp(text)) if c.of_phrase]


@pytest.mark.parametrize(
    "title,expected",
    [
        (  # ICLR 2018
            "N2N learning: Network to Network Compression via Policy Gradient",
            "N2N learning: network to network compression via policy gradient",
        ),
        (
            "THE EFFECTIVENESS OF A TWO-LAYER NEURAL NETWORK FOR RECOMMENDATIONS",
            "the effectiveness of a two-layer neural network for recommendations",
        ),
        (
            "Wasserstein GAN Training with BERT Features",
            "Wasserstein GAN training with BERT features",
        ),
        (
            "Learning to count objects in natural images",
            "Learning to count objects in natural images",
        ),
    ],
)
def test_title_case_titles_are_lowered_before_tagging(title, expected):
    assert keywords._true_case(title) == expected


def test_lookup_tagger_agrees_with_spacy_on_seed_noun_phrases():
    """The stage's tokens are spaCy's almost everywhere, the distilled table gives spaCy's tags
    to most of them, and finds most of its noun runs."""
    from extract.keywords.candidates import noun_runs
    from extract.keywords.nlp import tagger_nlp

    texts = [p.abstract for p in SEED_PAPERS]
    same = total = shared = 0
    runs_spacy: set[tuple[str, ...]] = set()
    runs_table: set[tuple[str, ...]] = set()
    for text, doc in zip(texts, tagger_nlp().pipe(texts)):
        toks = {(t.idx, t.text): t for t in keywords.keyword_nlp()(text)}
        for b in doc:
            a = toks.get((b.idx, b.text))
            shared += a is not None
            same += a is not None and a.pos == b.pos_
        total += len(doc)
        runs_spacy |= {tuple(u[0] for u in run) for run in noun_runs(doc)}
        runs_table |= {tuple(u[0] for u in run) for run in noun_runs(list(toks.values()))}
    assert shared / total >= 0.97
    assert same / total >= 0.9
    assert len(runs_spacy & runs_table) >= 0.75 * len(runs_spacy)


def test_embedding_rows_store_and_export(tmp_path, monkeypatch, nlp):
    from extract import store, tables

    monkeypatch.undo()
    rows = keywords.extract_batch(SEED_PAPERS[:3], nlp=nlp)
    emb_rows = [
        {k: v for k, v in r.items() if k != "__table__"}
        for r in rows
        if r["__table__"] == "paper_embeddings"
    ]
    db = store.write_tables(
        tmp_path / "e.duckdb", {"paper_embeddings": tables.frame("paper_embeddings", emb_rows)}
    )
    back = store.read_table(db, "paper_embeddings")
    assert back["paper_id"].tolist() == [p.paper_id for p in SEED_PAPERS[:3]]
    for got, row in zip(back["embedding"], emb_rows):
        assert np.allclose(np.asarray(got, dtype=np.float32), row["embedding"])
    for fmt in ("csv", "parquet", "json"):
        (path,) = [p for p in store.export(db, fmt, tmp_path / fmt) if p.stem == "paper_embeddings"]
        assert path.stat().st_size > 3 * keywords.load_model().dim


def test_fragment_finder_script_finds_large_language_in_the_seeds(capsys):
    """scripts/keyword_fragments.py, which made the ``fragments`` list, on the bundled seeds."""
    import importlib.util as iu

    from tests.conftest import ROOT

    spec = iu.spec_from_file_location(
        "keyword_fragments", ROOT / "scripts" / "keyword_fragments.py"
    )
    module = iu.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main([str(ROOT / "seeds"), "--min-papers", "3"]) == 0
    out = capsys.readouterr().out
    found = tomllib.loads(out.splitlines()[-1])["fragments"]
    assert "large language" in found
    assert "reinforcement learning" not in found and "language model" not in found


# Sentences from corpus abstracts (NeurIPS 2023, ICLR 2018).
FEDERATED = (
    "Local SGD, a cornerstone algorithm in federated learning, is widely used in training deep "
    "neural networks and shown to have strong empirical performance."
)
VQA = (
    "Knowledge-based visual question answering (VQA) requires external knowledge to answer the "
    "question about an image."
)
MQA = (
    "Current end-to-end machine reading and question answering (Q\\&A) models are primarily "
    "based on recurrent neural networks (RNNs) with attention."
)
USING = (
    "We achieve this by modulating the conditioning of the diffusion model using the output of "
    "the discriminative model."
)


@pytest.mark.parametrize(
    "text,phrase",
    [(FEDERATED, "federated learning"), (VQA, "visual question answering"),
     (MQA, "question answering"), (MQA, "machine reading")],
)
def test_participles_inside_noun_phrases_are_candidates(nlp, text, phrase):
    """A past participle before a noun and a gerund ending a compound belong to the phrase."""
    keys = {c.key for c in doc_candidates(nlp(text), text=text)}
    assert phrase_key(phrase) in keys, keys


# ICLR 2017 abstract sentence
INVERSE = (
    "Image super-resolution (SR) is an underdetermined inverse problem, where a large number of "
    "plausible high resolution images can explain the same downsampled image."
)


def test_a_phrase_on_a_weak_head_is_a_candidate_but_the_head_alone_is_not(nlp):
    keys = {c.key for c in doc_candidates(nlp(INVERSE), text=INVERSE)}
    assert phrase_key("inverse problems") in keys and phrase_key("problems") not in keys, keys


def test_a_verb_after_a_noun_stays_a_verb(nlp):
    cands = doc_candidates(nlp(USING), text=USING)
    assert {c.display for c in cands} >= {"diffusion model", "discriminative model"}
    assert not any("using" in c.display for c in cands), [c.display for c in cands]


def test_bundled_ranker_reads_its_features_in_order():
    from extract.keywords.rank import FEATURES, RANKER_FILE, load_ranker

    spec = __import__("json").loads((DATA_DIR / RANKER_FILE).read_text(encoding="utf-8"))
    assert set(spec["features"]) <= set(FEATURES) and len(set(spec["features"])) == len(spec["features"])
    ranker = load_ranker().trees
    used = {spec["features"][f] for t in spec["trees"] for f, leaf in zip(t["feature"], t["leaf"])
            if not leaf}
    assert {FEATURES[i] for i in ranker.feature[ranker.left != np.arange(len(ranker.left))]} == used
    assert ranker.feature.max() < len(FEATURES) and ranker.depth >= 1
    # a leaf is its own child: walking past it stays on it
    leaves = np.flatnonzero(ranker.left == np.arange(len(ranker.left)))
    assert len(leaves) > len(spec["trees"]) and (ranker.right[leaves] == leaves).all()


def test_ranker_matches_a_hand_walk_of_its_trees():
    """The vectorised walk gives the sum of leaf values reached by following each tree."""
    from extract.keywords.rank import FEATURES, RANKER_FILE, load_ranker

    spec = __import__("json").loads((DATA_DIR / RANKER_FILE).read_text(encoding="utf-8"))
    rng = np.random.default_rng(0)
    x = rng.normal(size=(50, len(FEATURES))).astype(np.float32)
    x[:, FEATURES.index("in_title")] = rng.integers(0, 2, 50)
    expected = []
    for row in x.astype(np.float64):
        total = spec["bias"]
        for tree in spec["trees"]:
            k = 0
            while not tree["leaf"][k]:
                column = FEATURES.index(spec["features"][tree["feature"][k]])
                go_left = row[column] <= tree["threshold"][k]
                k = tree["left"][k] if go_left else tree["right"][k]
            total += tree["value"][k]
        expected.append(total)
    assert np.allclose(load_ranker().score(x), expected, atol=1e-4)


def test_generic_single_words_rank_below_the_phrases_they_end(monkeypatch, nlp):
    """On real abstracts, "learning" or "networks" alone scores below the phrase it ends."""
    monkeypatch.undo()
    from extract.keywords.rank import load_ranker

    papers = [PaperText("fl", FEDERATED), PaperText("mqa", MQA)]
    done = keywords.featurise(papers, keywords.load_model(), nlp)
    pairs = [(0, "learning", "federated learning"), (1, "networks", "recurrent neural networks")]
    for i, single, phrase in pairs:
        cands, x, _, _ = done[i]
        score = dict(zip((c.key for c in cands), load_ranker().score(x)))
        assert score[phrase_key(single)] < score[phrase_key(phrase)], score


# --- the ranker choice: learned trees or KeyBERT (PAPER_TRENDS_KEYWORDS) ------------------------


def test_the_ranker_choice_is_read_from_the_environment(monkeypatch):
    from extract.keywords.choice import ENV, ranker_name

    monkeypatch.delenv(ENV, raising=False)
    assert ranker_name() == "learned"
    monkeypatch.setenv(ENV, "keybert")
    assert ranker_name() == "keybert"
    assert keywords.model_id().endswith("ranker: keybert 0.9.0 (MMR, diversity 0.2)")
    monkeypatch.setenv(ENV, "keybart")
    with pytest.raises(ValueError, match="keybart"):
        ranker_name()


def test_keybert_picks_among_the_stage_candidates(monkeypatch, nlp, encoder):
    """KeyBERT's batched call, fed our candidates, returns candidates of each paper, no repeats."""
    monkeypatch.setenv("PAPER_TRENDS_KEYWORDS", "keybert")
    papers = SEED_PAPERS[:6]
    got = keywords.extract_keywords(papers, model=encoder, nlp=nlp, top_n=5)
    cands = keywords.paper_candidates(papers, nlp=nlp)
    assert all(1 <= len(kws) <= 5 for kws in got), got
    for kws, cs in zip(got, cands):
        shown = [k for k, _ in kws]
        assert set(shown) <= {c.display for c in cs} and len(set(shown)) == len(shown)
        scores = [s for _, s in kws]
        assert all(-1.0 <= s <= 1.0 for s in scores)


@pytest.mark.slow
def test_keybert_build_fills_the_table_and_switching_reruns_only_keywords(
    tmp_path, monkeypatch, capsys
):
    import shutil

    from extract import store
    from extract.cli import main
    from tests.conftest import SEEDS

    monkeypatch.undo()  # the real encoder
    monkeypatch.setenv("PAPER_TRENDS_KEYWORDS", "learned")  # restored after the test
    inputs = tmp_path / "inputs"
    shutil.copytree(SEEDS, inputs)
    db = tmp_path / "db.duckdb"
    assert main(["build", str(inputs), "--db", str(db), "--keywords", "keybert", "--quiet"]) == 0
    kb = store.read_table(db, "keywords")
    papers = store.read_table(db, "papers")
    assert kb["paper_id"].nunique() >= 0.9 * len(papers) and kb.groupby("paper_id").size().max() <= 10
    text = dict(zip(papers["paper_id"], (papers["title"].fillna("") + " " + papers["abstract"])))
    # every keyphrase (its long form, when shown with an acronym) is words of its paper
    inside = [
        re.sub(r"\s*\([^)]*\)$", "", k).lower().split()[-1] in text[p].lower()
        for p, k in zip(kb["paper_id"], kb["keyword"])
    ]
    assert all(inside)
    capsys.readouterr()
    assert main(["info", "--db", str(db), "--keywords", "keybert"]) == 0
    info = capsys.readouterr().out
    line = next(x for x in info.splitlines() if x.strip().startswith("keywords ") and "->" in x)
    assert "model: all-MiniLM-L6-v2" in line and "ranker: keybert 0.9.0" in line
    assert "rows: current" in line
    # adding papers without --keywords keeps the database's ranker: only the new paper is ranked
    monkeypatch.delenv("PAPER_TRENDS_KEYWORDS")
    new = tmp_path / "new.jsonl"
    new.write_text(json.dumps({"title": "CacheRAG", "abstract": (
        "Large language models are increasingly deployed with retrieval-augmented generation. "
        "We propose CacheRAG, a method that reuses the KV cache of retrieved passages across "
        "queries, and is up to 2.4x faster than standard RAG with Llama-3-8B.")}) + "\n",
        encoding="utf-8")
    assert main(["add", str(new), "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert re.search(r"stage keywords +\d+ rows +\(1 extracted", out), out
    assert main(["info", "--db", str(db)]) == 0
    assert "ranker: keybert" in capsys.readouterr().out
    monkeypatch.setenv("PAPER_TRENDS_KEYWORDS", "learned")
    papers = store.read_table(db, "papers")
    kb = store.read_table(db, "keywords")
    assert main(["build", str(inputs), str(new), "--db", str(db), "--keywords", "learned"]) == 0
    out = capsys.readouterr().out
    rerun = {
        m.group(1): int(m.group(2))
        for m in re.finditer(r"stage (\w+) +\d+ rows +\((\d+) extracted", out)
    }
    assert rerun["keywords"] == len(papers) and sum(rerun.values()) == len(papers), out
    learned = store.read_table(db, "keywords")
    assert set(zip(learned["paper_id"], learned["keyword"])) != set(zip(kb["paper_id"], kb["keyword"]))


def test_corpus_document_frequencies_rank_specific_phrases_above_common_words(nlp):
    from extract.keywords.rank import load_df, tfidf

    df = load_df()
    assert df.n_docs > 40_000 and df.df["language model"] > df.df["federated learning"] > 3
    cands = doc_candidates(nlp(FEDERATED), text=FEDERATED)
    score = dict(zip((c.key for c in cands), tfidf(cands)))
    assert score[phrase_key("federated learning")] > score[phrase_key("learning")], score
    # a key missing from the table counts as seen in one paper: the rarest possible
    assert df.idf(("zyzzyva", "transformer")) == pytest.approx(np.log(df.n_docs))
