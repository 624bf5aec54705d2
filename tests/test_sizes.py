"""extract.sizes: parameter counts of models, and everything that only looks like one."""

from __future__ import annotations

import pytest

from extract.records import PaperText
from extract.schema import TABLES
from extract.stages import sizes


def _found(text: str) -> list[tuple[float, str | None]]:
    return [(s.params, s.model) for s in sizes.find_sizes(text)]


@pytest.mark.parametrize(
    "text,expected",
    [
        # seed 000 line 3 (pd276a663cbb2f9b)
        (
            "with a 454M model featuring an expanded state achieving performance comparable to a 1.47B "
            "model on FDA, a recall-intensive task.",
            [(4.54e8, None), (1.47e9, None)],
        ),
        # seed 000 line 7 (p9f4271040eafb4d)
        (
            "the optimal sampling ratios derived from small models (85M parameters) generalize effectively "
            "to models that are several orders of magnitude larger (1.2B parameters)",
            [(8.5e7, None), (1.2e9, None)],
        ),
        # seed 000 line 11 (p5877f4cbb8aead8)
        (
            "By equipping the Qwen2.5-32B-Instruct model with long-thought logical capabilities",
            [(3.2e10, "Qwen2.5-32B-Instruct")],
        ),
        # seed 000 line 13 (p56f42c43265c28b)
        (
            "our novel algorithm allows the paradigm to scale to ~30B-sized LLMs on 8×H100 GPUs",
            [(3e10, None)],
        ),
        (
            "for different-scaled models, including Llama-3-8B, Gemma-2-9B, Qwen-2-7B, and Qwen-2.5-32B, where",
            [
                (8e9, "Llama-3-8B"),
                (9e9, "Gemma-2-9B"),
                (7e9, "Qwen-2-7B"),
                (3.2e10, "Qwen-2.5-32B"),
            ],
        ),
        # seed 000 line 15 (p2e8572c56f432db): a list shares "parameters"
        (
            "an open-source vision language model (VLM) series achieving state-of-the-art (SOTA) performance "
            "in 2B and 8B parameters.",
            [(2e9, None), (8e9, None)],
        ),
        ("show that even a 2B VLM benefits from scaled up training data sizes", [(2e9, None)]),
        # seed 004 line 11 (pf967a9bd83c1c0f)
        (
            "we demonstrate PENCIL with a small 25M-parameter transformer and 2048 context length solves "
            "Einstein's puzzle",
            [(2.5e7, None)],
        ),
        # word magnitudes
        ("GPT-3 with 175 billion parameters", [(1.75e11, None)]),
        ("a 13-billion-parameter model", [(1.3e10, None)]),
        # spaced model names (corpus: coling2025 record 93, naacl2024 record 427)
        ("Using Llama 3 70B, we generate high-quality dialogues", [(7e10, "Llama 3 70B")]),
        ("competitively against GPT3.5 175B, a propriety model", [(1.75e11, "GPT3.5 175B")]),
        ("Non-breaking\u00a0space: a 7B\u00a0model", [(7e9, None)]),
    ],
)
def test_finds_parameter_counts(text, expected):
    assert _found(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        # token counts: seed 000 line 9 (p9ec85f81189a470), seed 000 line 15
        "we introduce TriTera, an open suite of TriLMs trained on up to 1.2 trillion tokens",
        "We scale SAIL-VL’s pretraining budget up to 655B tokens",
        # context lengths: seed 000 line 3, seed 004 line 11
        "significantly smaller than that of Transformers with a basic context length of 2k.",
        "to match the 2k context length of Transformers, with small parameters overhead.",
        "a small model and 2048 context length solves Einstein's puzzle",
        "models with a 128K context window",
        # data set sizes: seed 000 line 5, seed 003 line 76, seed 004 line 31, seed 003 line 64
        "we constructed a dataset comprising 400K images and 2.7M rows of vision-language data.",
        "containing over 94K successful multimodal web trajectories, spanning 49K unique URLs, "
        "720K screenshots, and 33M web elements.",
        "We conduct experiments on around *1.7 million* historical votes from the Chatbot Arena Notebook",
        "used to summarize very long texts (>100K tokens) by breaking down the input",
        # hardware: seed 000 line 13
        "on 8×H100 GPUs, marking the first successful application",
        # bit widths: seed 000 line 9, seed 004 line 7
        "we propose novel 2-bit and 1.6-bit packing schemes for ternary weights",
        "employs a hierarchical 4-bit quantized KV cache and 4-bit quantized weights",
        # versions: seed 003 line 48 ("LLaVa 1.5M" is a typo of the version LLaVa 1.5), seed 000 line 5
        "on widely used VLMs such as BLIP-2 and LLaVa 1.5M in terms of consistency",
        "including Llama 3.2, and surpass proprietary models such as GPT-4V and Gemini 1.5 Flash.",
        # dates and money
        "on OpenCompass 2024 (https://rank.opencompass.org.cn/leaderboard-multimodal)",
        "The average cost is 28 cents per successful trajectory",
        "a market worth $1.5B by 2030",
        "pretrained on 1M, 10M, 100M and 1B words",
    ],
)
def test_ignores_what_is_not_a_parameter_count(text):
    assert _found(text) == []


def test_rows_follow_the_schema_and_offsets_slice_back():
    abstract = "We train a 454M model and compare with Llama-3-8B and 175 billion parameters."
    rows = sizes.extract_rows(PaperText("p1", abstract))
    assert len(rows) == 3
    for row in rows:
        assert list(row) == TABLES[sizes.TABLE].column_names
        assert abstract[row["start"] : row["end"]] == row["text"]
        assert row["paper_id"] == "p1"


def test_contract():
    assert sizes.TABLE == "model_sizes"
    assert sizes.VERSION == "2"
    assert "units.toml" in sizes.DATA_FILES
    assert "name_stats.tsv" in sizes.DATA_FILES


@pytest.mark.parametrize(
    "text",
    [
        # corpus sentences (coling2025, nips2017, iclr2017): data sets named with a size part
        "To address this issue, we introduce MIT-10M, a large-scale parallel corpus of "
        "multilingual image translation with over 10M image-text pairs derived from real-world "
        "data.",
        "We conduct extensive experiments to evaluate and train models on MIT-10M.",
        "Evaluations on the CASIA-Webface and large-scale MS-Celeb-1M datasets show the "
        "effectiveness of this simple trick.",
        "This method, coupled with the traditional L1 loss, has been experimented with three "
        "real-world video datasets, viz. Sports-1M, UCF-101 and the KITTI.",
    ],
)
def test_dataset_names_with_a_size_are_not_model_sizes(text):
    assert sizes.find_sizes(text) == []


def test_model_names_with_a_size_still_count():
    found = sizes.find_sizes("We evaluate on LLaMA-7B and OPT-13B and fine-tune Llama-3-8B.")
    assert [(s.text, s.model) for s in found] == [
        ("7B", "LLaMA-7B"),
        ("13B", "OPT-13B"),
        ("8B", "Llama-3-8B"),
    ]
