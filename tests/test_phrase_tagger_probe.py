"""benchmarks/phrase_tagger_probe.py: labelled phrases become B/I/O word-piece labels and back."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from extract.phrases.concepts import concept_key

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def probe():
    spec = importlib.util.spec_from_file_location(
        "phrase_tagger_probe", ROOT / "benchmarks" / "phrase_tagger_probe.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def tok(probe):
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(probe.base_path())


# a real abstract's opening (ACL 2024, "Speculative Contrastive Decoding"), labelled by the guide
RECORD = {
    "title": "Speculative Contrastive Decoding",
    "text": (
        "Large language models (LLMs) exhibit exceptional performance in language tasks, yet "
        "their auto-regressive inference is limited due to high computational requirements and "
        "is sub-optimal due to the exposure bias. Inspired by speculative decoding and "
        "contrastive decoding, we introduce Speculative Contrastive Decoding (SCD), a "
        "straightforward yet powerful decoding approach that leverages predictions from smaller "
        "language models (LMs) to achieve both decoding acceleration and quality improvement."
    ),
    "phrases": [
        {"phrase": "Large language models", "role": "used"},
        {"phrase": "auto-regressive inference", "role": "used"},
        {"phrase": "speculative decoding", "role": "used"},
        {"phrase": "contrastive decoding", "role": "used"},
        {"phrase": "Speculative Contrastive Decoding", "role": "proposed"},
        {"phrase": "smaller language models", "role": "used"},
    ],
}


def test_labels_mark_every_occurrence_and_decode_back_to_the_concepts(probe, tok):
    ids, labels, offsets, full = probe.encode(tok, RECORD, 384)
    assert len(ids) == len(labels) == len(offsets)
    # the title's "Speculative Contrastive Decoding" and the abstract's: two B labels each starting
    # at the word "Speculative"
    starts = [s for (s, _), y in zip(offsets, labels) if y == 1]
    assert sum(full.startswith("Speculative Contrastive Decoding", s) for s in starts) == 2
    assert len(starts) == 7  # six phrases, the method's name twice (title and abstract)
    assert {labels[0], labels[-1]} == {-100}  # [CLS] and [SEP] are not scored
    got = probe.decode(np.array([max(y, 0) for y in labels]), offsets, full)
    assert got == {concept_key(p["phrase"]) for p in RECORD["phrases"]}


def test_a_longer_phrase_wins_over_one_inside_it(probe, tok):
    rec = {"title": "", "text": "We use contrastive decoding.",
           "phrases": [{"phrase": "contrastive decoding", "role": "used"},
                       {"phrase": "decoding", "role": "used"}]}
    _, labels, offsets, full = probe.encode(tok, rec, 384)
    assert probe.decode(np.array([max(y, 0) for y in labels]), offsets, full) == {
        concept_key("contrastive decoding")}


def test_truncation_drops_phrases_beyond_the_word_piece_limit(probe, tok):
    _, labels, offsets, full = probe.encode(tok, RECORD, 16)
    got = probe.decode(np.array([max(y, 0) for y in labels]), offsets, full)
    assert concept_key("smaller language models") not in got
    assert concept_key("Speculative Contrastive Decoding") in got  # the title comes first
