"""The literal prefilters (extract.text.phrases.Prefilter) and the stages that use them."""

from __future__ import annotations

import re

import pytest

from extract.records import PaperText
from extract.stages import benchmarks, methods, techniques
from extract.text.phrases import (
    NO_GUARD,
    Prefilter,
    alternation,
    declared_guard,
    literal_guard,
)

# Real abstract sentences (seeds and the paperlists corpus).
QUANT = (
    "We propose a post-training quantization method that compresses the weights of LLMs to "
    "4 bits with negligible loss in accuracy."
)
NO_QUANT = (
    "We study how large language models follow instructions in multi-turn conversations and "
    "release a new dataset of 2,000 dialogues."
)


def test_a_key_is_a_word_start():
    pf = Prefilter([(("quantiz",), None), (("distill",), None)])
    assert pf.candidates("post-training quantization of LLMs") == [0]
    assert pf.candidates("knowledge distillation and Quantization") == [1]  # case kept
    assert pf.candidates("dequantization") == []  # inside a word: not a word start
    assert pf.candidates("") == []


def test_a_longer_key_found_also_stands_for_the_shorter_keys_it_starts_with():
    pf = Prefilter([(("prun",), None), (("pruning",), None), (("pruned",), None)])
    assert pf.candidates("structured pruning") == [0, 1]
    assert pf.candidates("the pruned model") == [0, 2]
    assert pf.candidates("we prune heads") == [0]


def test_contains_is_a_plain_substring_and_no_guard_is_always_tried():
    pf = Prefilter([(None, ("lora",)), NO_GUARD, (("gpt",), ("data set",))])
    assert pf.candidates("we fine-tune with qlora adapters") == [0, 1]
    assert pf.candidates("nothing here") == [1]
    assert pf.candidates("a new data set") == [1, 2]  # either literal is enough
    assert pf.candidates("gpt-4 results") == [1, 2]


def test_a_key_must_be_one_word():
    with pytest.raises(ValueError):
        Prefilter([(("data set",), None)])
    with pytest.raises(ValueError):
        Prefilter([(("KV-cache",), None)])


def test_declared_and_literal_guards():
    assert declared_guard({"pattern": "x", "key": "GPT"}) == (("GPT",), None)
    assert declared_guard({"key": ["o1", "o3"], "contains": "LoRA"}, lower=True) == (
        ("o1", "o3"),
        ("lora",),
    )
    assert declared_guard({"pattern": "x"}) == NO_GUARD
    assert literal_guard("model compression") == (("compression",), None)
    assert literal_guard("self-speculative") == (("speculative",), None)
    assert literal_guard("--") == NO_GUARD


def test_alternation_finds_the_longest_word():
    rx = re.compile(alternation(["prun", "pruning", "pruned", "quantiz"]))
    found = rx.findall("pruning, pruned, prune, quantized")
    assert found == ["pruning", "pruned", "prun", "quantiz"]


# --- through the stages: a guarded pattern still matches; an abstract without its literal
# --- does not run it


def _tags(text: str) -> set[str]:
    return {r["technique"] for r in techniques.extract_rows(PaperText("p", text))}


def test_taxonomy_rule_with_a_key_still_matches_and_is_skipped_without_it():
    c = techniques._compiled()
    (i,) = [i for i, r in enumerate(c.rules) if "quantiz(?:ation" in r.fast.pattern]
    assert i in c.prefilter.candidates(QUANT.lower())
    assert i not in c.prefilter.candidates(NO_QUANT.lower())
    assert "Quantization" in _tags(QUANT)
    assert "Quantization" not in _tags(NO_QUANT)


def test_taxonomy_contains_guard_for_lora_tokens():
    text = "We introduce SuLoRA, a subspace variant of low-rank adapters."
    c = techniques._compiled()
    lora = [i for i, r in enumerate(c.rules) if "\\w*LoRA" in r.fast.pattern]
    assert lora and set(lora) <= set(c.prefilter.candidates(text.lower()))
    assert not set(lora) & set(c.prefilter.candidates(NO_QUANT.lower()))
    rows = techniques.extract_rows(PaperText("p", text))
    assert any(r["technique"] == "LoRA/PEFT" and r["evidence"] == "SuLoRA" for r in rows)


def test_model_family_with_a_key_still_matches_and_is_skipped_without_it():
    v = methods.vocab()
    text = "We compare against Mixtral-8x7B and CodeLlama-7B on code generation."
    mistral = next(i for i, f in enumerate(v.families) if "Mixtral" in f.pattern)
    llama = next(i for i, f in enumerate(v.families) if "LLaMA" in f.pattern)
    assert {mistral, llama} <= set(v.family_filter.candidates(text))
    assert mistral not in v.family_filter.candidates(NO_QUANT)
    names = {name for name, _, _ in methods.find_mentioned(text)}
    assert {"Mixtral-8x7B", "CodeLlama-7B"} <= names


def test_benchmark_context_pattern_with_literals_still_matches_and_is_skipped_without_them():
    v = benchmarks._vocab()
    text = "Experiments on the SciDocs benchmark and the Penn Treebank corpus show gains."
    assert 0 in v.context_filter.candidates(text)
    assert 0 not in v.context_filter.candidates("We study reasoning in small models.")
    names = {n for n, _, _ in benchmarks.find_benchmarks(text, [])}
    assert {"SciDocs", "Penn Treebank"} <= names
