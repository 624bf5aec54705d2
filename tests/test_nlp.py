"""The fast tagging pipeline gives the same tags and coarse POS as the stock pipeline."""

from __future__ import annotations

from thinc.api import get_current_ops

from extract.keywords.nlp import load_nlp, tagger_nlp
from tests.conftest import seed_paragraphs


def _seed_abstracts() -> list[str]:
    return [p for prefix in ("000", "003", "004") for p in seed_paragraphs(prefix) if len(p) > 300]


def test_tagger_pipeline_matches_the_attribute_ruler_on_every_seed_abstract():
    texts = _seed_abstracts()
    assert len(texts) >= 40
    stock = load_nlp(("parser", "ner", "lemmatizer"))
    assert "attribute_ruler" in stock.pipe_names
    fast = tagger_nlp()
    assert "attribute_ruler" not in fast.pipe_names and "tag_to_pos" in fast.pipe_names
    n = 0
    for a, b in zip(stock.pipe(texts), fast.pipe(texts), strict=True):
        assert [(t.text, t.tag_, t.pos_) for t in a] == [(t.text, t.tag_, t.pos_) for t in b]
        n += len(a)
    assert n > 5000


def test_word_specific_patterns_are_applied():
    doc = tagger_nlp()("Something new is learned by everyone, and the model can adapt.")
    pos = {t.lower_: t.pos_ for t in doc}
    assert pos["something"] == "PRON"  # NN "something" -> PRON, as the attribute ruler maps it
    assert pos["everyone"] == "PRON"
    assert pos["model"] == "NOUN" and pos["adapt"] == "VERB" and pos["can"] == "AUX"


def test_loading_the_tagger_leaves_thinc_ops_as_they_were():
    before = get_current_ops()
    tagger_nlp.cache_clear()
    try:
        tagger_nlp()
        assert get_current_ops() is before
    finally:
        tagger_nlp.cache_clear()
