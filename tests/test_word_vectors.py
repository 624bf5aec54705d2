"""A text's vector from its words' static-encoder vectors (extract/keywords/encoder.py), each
word encoded once per process: what the technique tagger's encoder-vector classifier reads."""

from __future__ import annotations

import numpy as np
import pytest

from extract.keywords import encoder as E

WORDS = ["speculative", "decoding", "drafts", "tokens", "verified", "in", "parallel"]


def _direct(words: list[str]) -> np.ndarray:
    v = E.load_encoder().encode(words).mean(axis=0)
    return v / np.linalg.norm(v)


@pytest.fixture
def fresh_cache(monkeypatch):
    cache = E._WordCache()
    monkeypatch.setattr(E, "_WORD_CACHE", cache)
    return cache


def test_the_text_vector_is_the_normalised_mean_of_its_words_vectors(fresh_cache):
    v = E.mean_word_vector(WORDS)
    assert v.dtype == np.float32 and abs(float(np.linalg.norm(v)) - 1.0) < 1e-5
    assert np.allclose(v, _direct(WORDS), atol=1e-5)
    assert np.allclose(E.mean_word_vector(WORDS[::-1]), v, atol=1e-6)  # order-free
    assert set(fresh_cache.rows) == set(WORDS)  # each word encoded once, then looked up
    other = E.mean_word_vector(["image", "segmentation", "masks"])
    assert float(v @ other) < 0.99
    assert not E.mean_word_vector([]).any()


def test_words_beyond_the_cache_cap_are_encoded_each_time_with_the_same_vector(
        fresh_cache, monkeypatch):
    monkeypatch.setattr(E, "CACHED_WORD_VECTORS", 3)
    first = E.mean_word_vector(WORDS)
    assert len(fresh_cache.rows) == 3
    assert np.allclose(first, _direct(WORDS), atol=1e-5)
    again = E.mean_word_vector(WORDS + ["speculative"])  # cached and uncached words mixed
    assert np.allclose(again, _direct(WORDS + ["speculative"]), atol=1e-5)
    assert len(fresh_cache.rows) == 3
