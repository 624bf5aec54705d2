"""extract.techniques: taxonomy tags on real sentences from the seeds."""

from __future__ import annotations

import pytest

from extract.records import PaperText
from extract.stages.techniques import extract_rows, load_taxonomy


def _tags(text: str) -> set[str]:
    rows = extract_rows(PaperText("p1", text))
    for r in rows:
        assert text[r["start"] : r["end"]] == r["evidence"]
        assert set(r) == {"paper_id", "technique", "theme", "evidence", "start", "end"}
    assert len({r["technique"] for r in rows}) == len(rows)  # one row per tag
    return {r["technique"] for r in rows}


@pytest.mark.parametrize(
    "text,expected",
    [
        # seeds/003 line 60: a variant name ending in LoRA belongs to the LoRA/PEFT family
        (
            "To address this issue, we propose a parameter-separated low-rank adapter, called "
            "Subspace Low-Rank "
            "Adaptation (SuLoRA).",
            {"LoRA/PEFT"},
        ),
        ("SuLoRA achieves higher rank expansion by freezing the A matrix.", {"LoRA/PEFT"}),
        # seeds/000 line 33: the long form tags RAG
        (
            "Retrieval-Augmented Generation (RAG) enhances Large Language Models (LLMs) by "
            "providing external "
            "knowledge for accurate and up-to-date responses.",
            {"RAG"},
        ),
        # seeds/004 line 7
        (
            "To address these challenges, we propose a novel self-speculative decoding framework, "
            "QuantSpec, where the "
            "draft model shares the architecture of the target model but employs a hierarchical "
            "4-bit quantized KV "
            "cache and 4-bit quantized weights for acceleration.",
            {"Speculative decoding", "Quantization", "KV cache"},
        ),
        # seeds/004 line 33: preference alignment
        (
            "The prevalent noise in the preference data unavoidably poses significant challenges "
            "to the preference "
            "alignment of large language models (LLMs).",
            {"Preference alignment"},
        ),
        # seeds/000 line 19
        (
            "Watermarking AI-generated text is critical for combating misuse. Yet recent "
            "theoretical work argues that "
            "any watermark can be erased via random walk attacks that perturb text while "
            "preserving quality.",
            {"Watermarking"},
        ),
        # seeds/000 line 21
        (
            "Membership Inference Attacks (MIA), which determine whether a given text is included "
            "in the model’s "
            "training data, have been attracting attention.",
            {"Membership inference/Privacy"},
        ),
        # seeds/004 line 17
        (
            "Constrained decoding with context-free grammar is a flexible approach to guarantee "
            "LLMs' adherence to a "
            "specific format by dynamically building a token logits mask.",
            {"Constrained decoding"},
        ),
        # seeds/000 line 31
        (
            "Our findings reveal that biases in LLM judges can significantly distort the final "
            "verdict on which "
            "content source is safer.",
            {"LLM-as-judge"},
        ),
        # seeds/004 line 13: CoT acronym and phrase; multimodal models
        (
            "Chain-of-Thought (CoT) prompting has proven highly effective for enhancing complex "
            "reasoning in Large "
            "Language Models (LLMs) and Multimodal Large Language Models (MLLMs).",
            {"Chain-of-Thought/Reasoning", "Vision-language/Multimodal"},
        ),
    ],
)
def test_tags(text, expected):
    assert _tags(text) == expected


@pytest.mark.parametrize(
    "text,absent",
    [
        # seeds/000 line 23: "evaluation" words alone do not make an evaluation/benchmark paper ...
        (
            "Comprehensive experiments on seven benchmarks demonstrate that models trained on our "
            "synthetic data "
            "achieve state-of-the-art performance.",
            "Evaluation/Benchmark",
        ),
        # ... and one passing "reasoning" is not a reasoning paper (seeds/000 line 13)
        (
            "where bilevel optimization succeeds in instruction-following and math reasoning "
            "tasks.",
            "Chain-of-Thought/Reasoning",
        ),
        # seeds/004 line 17: pruning Earley states is not model pruning
        (
            "we propose ZapFormat, a novel dynamic pruning strategy based on the Earley algorithm.",
            "Pruning/Compression",
        ),
        # seeds/004 line 31: a single watermarking in passing
        (
            "identifying it via watermarking or a binary classifier, and exclusively voting for "
            "wins.",
            "Watermarking",
        ),
        # seeds/004 line 27: finance named as an application domain in passing
        (
            "incorrect outputs pose significant risks in high-stakes domains like healthcare and "
            "finance.",
            "Finance",
        ),
    ],
)
def test_no_tag_for_passing_words(text, absent):
    assert absent not in _tags(text)


def test_weak_evidence_adds_up():
    # seeds/004 line 27 style: "reasoning" three times is a reasoning paper, once is not
    once = "The language model improves reasoning."
    thrice = "The language model improves reasoning. Reasoning matters. We study reasoning."
    assert "Chain-of-Thought/Reasoning" not in _tags(once)
    assert "Chain-of-Thought/Reasoning" in _tags(thrice)
    # ... but only in an abstract about language models (weak_context): not a graph model's
    graph = "The graph model improves reasoning. Reasoning matters. We study reasoning."
    assert "Chain-of-Thought/Reasoning" not in _tags(graph)


def test_markup_is_ignored_and_offsets_kept():
    text = "We adapt **LoRA** adapters to vision."
    (row,) = [r for r in extract_rows(PaperText("p", text)) if r["technique"] == "LoRA/PEFT"]
    assert text[row["start"] : row["end"]] == "LoRA"


def test_user_taxonomy_extension_parses():
    techs = load_taxonomy(
        '[[technique]]\ntag = "X"\ntheme = "Y"\nphrases = ["foo bar"]\nacronyms = ["FB"]\n'
    )
    assert techs[0].tag == "X" and len(techs[0].strong) == 2


@pytest.mark.parametrize(
    ("text", "absent"),
    [
        # paperlists/acl2021 2021.acl-long.24: RNNs named as examples of other work
        (
            "Neural translation models, such as RNN-based and Transformer models, employ a "
            "target-to-source attention mechanism which can provide rough word alignments.",
            "State space/RNN",
        ),
        # recent/icml2024 (names dev set): a limitation of other work, not the paper's method
        (
            "Addressing the limitations of graph neural networks and standard transformers, our "
            "model integrates local inductive bias and achieves near-linear complexity.",
            "Graph neural networks",
        ),
        # recent/cvpr2024 (names dev set): image editing is not vision-language
        (
            "The task of manipulating real image attributes through StyleGAN inversion has been "
            "extensively researched. This process involves searching latent variables from a "
            "well-trained StyleGAN generator that can synthesize a real image modifying these "
            "latent variables and then synthesizing an image with the desired edits.",
            "Vision-language/Multimodal",
        ),
        # paperlists/iclr2017-style: an LSTM as one component is not a recurrent-network paper
        (
            "We encode the sentence with an LSTM and classify it with a linear layer.",
            "State space/RNN",
        ),
    ],
)
def test_passing_mentions_and_bare_modalities_do_not_tag(text, absent):
    assert absent not in _tags(text)


def test_own_use_after_a_passing_mention_still_tags():
    # the first mention is in passing, the second is the paper's own model
    text = (
        "Unlike graph neural networks, kernels scale poorly. We train a graph neural network "
        "on molecules."
    )
    assert "Graph neural networks" in _tags(text)
    # passing mentions alone are one weak match: not enough
    assert "Graph neural networks" not in _tags("Baselines such as GNNs, GCNs and GATs fail.")
