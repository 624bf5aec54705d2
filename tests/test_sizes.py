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
    assert "units.toml" in sizes.DATA_FILES
    assert "name_stats.tsv" in sizes.DATA_FILES
    assert "name_types.toml" in sizes.DATA_FILES  # the names stage's priors decide data names


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


# Corpus sentences (../shared/corpora, file:record), none from the held-out part of
# benchmarks/devset/sizes.jsonl.


@pytest.mark.parametrize(
    "text,expected",
    [
        # recent/icml2024.json:1050: a list in parentheses after a versioned name
        (
            "We retrofit pre-trained LLMs such as Llama 2 (7B, 13B and 70B) into DMC Transformers, "
            "achieving up to $\\sim 3.7 \\times$ throughput increase during auto-regressive "
            "inference on an NVIDIA H100 GPU.",
            [(7e9, "Llama 2"), (1.3e10, "Llama 2"), (7e10, "Llama 2")],
        ),
        # recent/acl2024.json:1209: "7B, 13B, and 70B" gives three; the URL gives none
        (
            "We open source the AgentInstruct and AgentLM-7B, 13B, and 70B models at "
            "https://anonymous.4open.science/r/AgentTuning, serving open and powerful alternatives",
            [(7e9, "AgentLM-7B"), (1.3e10, None), (7e10, None)],
        ),
        # recent/acl2024.json:319
        (
            "When applied to fine-tuning with GSM8K on Llama-2-7B, this method achieveda 5% "
            "improvement in GSM8K accuracy",
            [(7e9, "Llama-2-7B")],
        ),
        # recent/iclr2024.json:78
        (
            "we reduce hallucination for two 13B-parameter LLMs using supervision signal from only "
            "a synthetic retrieval task.",
            [(1.3e10, None)],
        ),
        # recent/acl2023.json:622: sizes in parentheses after model names
        (
            "we show that distilling from T5-XXL (11B) to T5-Small (60M) is almost always a "
            "cost-efficient strategy",
            [(1.1e10, "T5-XXL"), (6e7, "T5-Small")],
        ),
        # recent/iclr2024.json:71
        (
            "Experiments on finetuning RoBERTa and LLaMA-2 (7B and 70B) demonstrate that our "
            "low-rank plus quantized matrix decomposition approach",
            [(7e9, "LLaMA-2"), (7e10, "LLaMA-2")],
        ),
        # recent/acl2023.json:136: a size right before a known model name
        (
            "improve the zero-shot generalization of larger target LMs ranging from 250M Flan-T5 "
            "to 175B InstructGPT.",
            [(2.5e8, "Flan-T5"), (1.75e11, "InstructGPT")],
        ),
        # recent/emnlp2024.json:402: "Llama 3-70B" is a version and a size, not a list "3-70B"
        (
            "we utilize GPT-3.5-Turbo and Llama 3-70B-Instruct to simulate hiring decisions",
            [(7e10, "Llama 3-70B")],
        ),
        # recent/naacl2025.json:395: a bare number in a range takes the magnitude after it
        (
            "PBT allows us to use data generated from dialogues between smaller 7-8B models for "
            "training much larger 70B models.",
            [(7e9, None), (8e9, None), (7e10, None)],
        ),
        # recent/emnlp2024.json:471
        (
            "Extensive experiments on two datasets, with varying model sizes (from 60M to 7B), "
            "demonstrate the superior performance of CAPID.",
            [(6e7, None), (7e9, None)],
        ),
        # paperlists/acl2022.json:119: a cue before the sizes, a "vs." list
        (
            "CAMERO outperforms the standard ensemble of 8 BERT-base models on the GLUE benchmark "
            "by 0.7 with a significantly smaller model size (114.2M vs. 880.6M).",
            [(1.142e8, None), (8.806e8, None)],
        ),
        # recent/cvpr2023.json:1065
        (
            "The proposed models are lightweight networks with fewer parameters "
            "(~ 0.11M and ~ 0.05M).",
            [(1.1e5, None), (5e4, None)],
        ),
        # recent/emnlp2024.json:785
        (
            "Through extensive experimentation at parameter scales of 130M, 370M, and scaling up to "
            "3B, we have validated the effectiveness and scalability of LPA.",
            [(1.3e8, None), (3.7e8, None), (3e9, None)],
        ),
        # recent/emnlp2024.json:553: token scale is not a size, parameter scale is
        (
            "to generate several medium-scale synthetic datasets (token scale: 2.1B-3.9B) and "
            "experiment with different settings of Transformer architectures (parameter scale: "
            "4M-234M).",
            [(4e6, None), (2.34e8, None)],
        ),
        # number words: paperlists/icml2018.json:171, recent/cvpr2023.json:1092
        (
            "First, recurrent plastic networks with more than two million parameters can be "
            "trained to memorize",
            [(2e6, None)],
        ),
        (
            "with data ranging from 10% of ImageNet-1K to full ImageNet-22K, model parameters "
            "ranging from 49-million to one-billion, and training length ranging from 125K to 500K "
            "iterations.",
            [(4.9e7, None), (1e9, None)],
        ),
        # model names with an M or B part that the corpus knows as models
        # (recent/icml2024.json:1203, recent/cvpr2025.json:2334, recent/cvpr2025.json:266)
        (
            "we achieve approximately $70\\times$ compression for the Pythia-410M model, with the "
            "final performance",
            [(4.1e8, "Pythia-410M")],
        ),
        (
            "COAP cuts optimizer memory by 81% and achieves 4x speedup over GaLore for "
            "LLaVA-v1.5-7B fine-tuning",
            [(7e9, "LLaVA-v1.5-7B")],
        ),
        (
            "(1) Small Size: BlueLM-V-3B features a language model with 2.7B parameters and a "
            "vision encoder with 400M parameters.",
            [(3e9, "BlueLM-V-3B"), (2.7e9, None), (4e8, None)],
        ),
    ],
)
def test_corpus_parameter_counts(text, expected):
    assert _found(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        # counts of models, cards, evaluations: a thousands figure needs a parameter word
        # (recent/iclr2023.json:3289, paperlists/naacl2024.json:93, recent/iccv2023.json:1751,
        # recent/emnlp2024.json:437, recent/cvpr2025.json:1306)
        "We conduct extensive experiments for training more than 2K self-supervised models on the "
        "large-scale ImageNet-1K and its subsets by 1.5M GPU hours",
        "a comprehensive dataset aggregated from over 4.8k model cards and 1.4k data cards, "
        "coupled with the development of the CardGen pipeline",
        "Our dataset CAD-Estate offers 101k instances of 12k unique CAD models placed in the 3D "
        "representations of 20k videos.",
        "by conducting 90K human evaluations and 30K LLM-based evaluations and find that models",
        "We present Pippo, a generative model capable of producing 1K resolution dense turnaround "
        "videos of a person from a single casually clicked photo.",
        # T is not bare: recent/neurips2023.json:2269, recent/iclr2024.json:2121, and a year
        # (recent/iclr2024.json:1481)
        "We introduce Three Towers (3T), a flexible method to improve the contrastive learning of "
        "vision-language models",
        "although the same approach applied to 7T fMRI also recovers better low-level features.",
        "two public benchmark sign language translation datasets, namely RWTH-PHOENIX-Weather "
        "2014T and CSL-Daily",
        # names of data sets with a size part (recent/cvpr2025.json:411, recent/cvpr2024.json:2687,
        # recent/cvpr2024.json:1496, recent/iclr2024.json:1548)
        "we introduce OmniStyle-1M, a large-scale paired style transfer dataset comprising over "
        "one million content-style-stylized image triplets",
        "We dub the dataset as Panda-70M.",
        "three common pre-training datasets: LAION-400M LAION-2B and DataComp-1B showing that "
        "disability content is rarely mentioned.",
        "we also release a new 2 billion example dataset DFN-2B and show that high performance "
        "data filtering networks can be trained",
        # "that consists of" after the name (recent/cvpr2024.json:2300)
        "To this end we co-developed FLD-5B that consists of 5.4 billion comprehensive visual "
        "annotations on 126 million images",
        # a size part inside a URL (recent/iclr2023.json:2348)
        "An implementation of the method and experiments are available at "
        "\\url{https://anonymous.4open.science/r/CAPE-ML4Sci-145B}.",
        # token and data counts, context lengths (recent/icml2024.json:1652,
        # recent/acl2023.json:693, paperlists/naacl2024.json:749)
        "we show that 500 million to 5 billion tokens are enough to enable the model to retrieve "
        "information anywhere within the 128K context;",
        "we curate the largest monolingual corpora, IndicCorp, with 20.9B tokens covering 24 "
        "languages",
        "make available the resulting SemanticMemes dataset of 3.8M images clustered by their "
        "semantic function.",
    ],
)
def test_corpus_non_sizes(text):
    assert _found(text) == []


def test_mixtures_of_experts_count_their_published_total_or_experts_times_size():
    # recent/emnlp2024.json:1306, recent/naacl2025.json:555: Mixtral 8x7B has 46.7B parameters
    # (units.toml moe_totals); an "NxM" size nobody listed counts N x M
    text = ("Our extensive experiments reveal that with 64 concurrent requests on Mixtral 8x7B, "
            "ScaleLLM achieves a 4.3× speed up over vLLM")
    assert _found(text) == [(46.7e9, "Mixtral 8x7B")]
    assert _found("we fine-tune Mixtral-8x7B-Instruct on it") == [(46.7e9, "Mixtral-8x7B-Instruct")]
    assert _found("The 8x7B model routes each token to two experts.") == [(46.7e9, None)]
    text = ("The xLAM series includes five models with both dense and mixture-of-expert "
            "architectures, ranging from 1B to 8x22B parameters, trained using a scalable pipeline")
    assert [(s.params, s.role) for s in sizes.find_sizes(text)] == [(1e9, "threshold"),
                                                                     (141e9, "threshold")]
    assert [s.params for s in sizes.find_sizes("a sparse 16x3.8B model")] == [16 * 3.8e9]


def test_a_context_length_after_a_model_size_is_not_shared():
    # recent/iclr2024.json:2024: "70B to 32k" is a model and a context length, not a range
    text = (
        "LongLoRA extends Llama2 7B from 4k context to 100k, or Llama2 70B to 32k on a single 8x "
        "A100 machine."
    )
    assert _found(text) == [(7e9, "Llama2 7B"), (7e10, "Llama2 70B")]


# --- Roles: the paper's own model, a baseline, or a threshold (issue 24 item 4) ---------------


def _roles(text: str) -> list[tuple[str, str]]:
    return [(s.text, s.role) for s in sizes.find_sizes(text)]


@pytest.mark.parametrize(
    "text,expected",
    [
        # bounds: no model's size (paperlists/iclr2018.json:780, paperlists/coling2025.json:279,
        # recent/emnlp2023.json:500, paperlists/icml2018.json:171 of the sizes dev set)
        (
            "We demonstrate that the proposed methodology works across a wide variety of tasks and "
            "modern large scale (exceeding 100 million parameters) model architectures, trained on "
            "large datasets.",
            [("100 million parameters", "threshold")],
        ),
        (
            "However, these advanced capabilities are often exclusive to models exceeding 100 "
            "billion parameters.",
            [("100 billion parameters", "threshold")],
        ),
        (
            "However, it is ineffective, or even detrimental, to the performance on reasoning "
            "tasks in Smaller Language Models (SLMs) with less than 10 billion parameters.",
            [("10 billion parameters", "threshold")],
        ),
        (
            "First, recurrent plastic networks with more than two million parameters can be "
            "trained to memorize and reconstruct sets of novel, high-dimensional natural images",
            [("two million parameters", "threshold")],
        ),
        # "as small as": a lower bound (recent/acl2023.json:1574)
        (
            "We show the benefits of pre-training with masked language modeling (MLM) objective "
            "in models as small as 1.25M parameters, and establish a strong correlation",
            [("1.25M parameters", "threshold")],
        ),
        # symbols (recent/lreccoling2024.json:251)
        (
            "We introduce a novel framework, LM-Guided CoT, that leverages a lightweight "
            "(i.e., <1B) language model (LM) for guiding a black-box large (i.e., >10B) LM in "
            "reasoning tasks.",
            [("1B", "threshold"), ("10B", "threshold")],
        ),
        # a range with no cue of the paper's own work (recent/iclr2024.json:1320)
        (
            "Quantizing models to 3-4 bits per parameter can lead to moderate to high accuracy "
            "losses, especially for smaller models (1-10B parameters), which are suitable for edge "
            "deployment.",
            [("1", "threshold"), ("10B parameters", "threshold")],
        ),
        # baselines (paperlists/iclr2018.json:767: the "40 billion parameters")
        (
            "Before this work, the best performing baseline is a one-vs-all classifier that "
            "requires 40 billion parameters (320 GB model size) and achieves 9\\% accuracy.",
            [("40 billion parameters", "baseline")],
        ),
        # recent/acl2023.json:1755
        (
            "our finetuned 770M T5 model outperforms the few-shot prompted 540B PaLM model using "
            "only 80% of available data on a benchmark",
            [("770M", "own"), ("540B", "baseline")],
        ),
        # recent/iclr2024.json:1494: "by a large margin" ends the compared thing
        (
            'On this task, termed "associative recall", we find that attention outperforms '
            "gated-convolutions by a large margin: a 70M parameter attention model outperforms a "
            "1.4 billion parameter gated-convolution model on associative recall.",
            [("70M parameter", "own"), ("1.4 billion parameter", "baseline")],
        ),
        # recent/icml2024.json:2008 of the sizes dev set
        (
            "Empirically, we evaluate GRATH using different 7B-LLMs and compare with LLMs with "
            "similar or even larger sizes on benchmark datasets. Notably, GRATH achieves "
            "state-of-the-art performance on TruthfulQA, with MC1 accuracy of 54.71% and MC2 "
            "accuracy of 69.10%, which even surpass those on 70B-LLMs.",
            [("7B", "own"), ("70B", "baseline")],
        ),
        # paperlists/acl2022.json:119 of the sizes dev set: the first of a "vs." pair is the own
        (
            "Specifically, CAMERO outperforms the standard ensemble of 8 BERT-base models on the "
            "GLUE benchmark by 0.7 with a significantly smaller model size (114.2M vs. 880.6M).",
            [("114.2M", "own"), ("880.6M", "baseline")],
        ),
        # own: a range or "up to" after a cue of the paper's own work (recent/acl2024.json:150
        # of the dev set, recent/icml2024.json:326)
        (
            "Then, we finetune various pretrained models, ranging from 7B to 70B, on the newly "
            "curated data, resulting in a family of models known as MathGenie.",
            [("7B", "own"), ("70B", "own")],
        ),
        (
            "We then train Transformer language models with up to 410M parameters on two natural "
            "language datasets.",
            [("410M parameters", "own")],
        ),
        # the comparison ends at "by 2.3%": the sizes are the setting (recent/acl2025.json:282)
        (
            "Experiments on VideoMME, MLVU, LongVideoBench, and LVBench datasets demonstrate that "
            "AdaReTaKe outperforms existing methods by 2.3% and 2.8% for 7B and 72B models, "
            "respectively",
            [("7B", "own"), ("72B", "own")],
        ),
        # the subject of a comparison, no cue before it (recent/iclr2024.json:1153 of the dev set)
        (
            "Remarkably, WizardCoder 15B even surpasses the well-known closed-source LLMs, "
            "including Anthropic's Claude and Google's Bard, on the HumanEval and HumanEval+ "
            "benchmarks.",
            [("15B", "own")],
        ),
    ],
)
def test_size_roles_on_corpus_sentences(text, expected):
    assert _roles(text) == expected


def test_rows_carry_role_and_confidence_columns_of_the_schema():
    text = (
        "However, these advanced capabilities are often exclusive to models exceeding 100 billion "
        "parameters. We fine-tune Llama-3-8B."
    )
    rows = sizes.extract_rows(PaperText("p1", text))
    assert [(r["text"], r["role"]) for r in rows] == [
        ("100 billion parameters", "threshold"),
        ("8B", "own"),
    ]
    assert all(0 < r["confidence"] <= 1 for r in rows)
    assert rows[0]["confidence"] > rows[1]["confidence"]  # a bound word decides more surely
    columns = TABLES["model_sizes"].column_names
    assert set(rows[0]) == set(columns)
    assert list(columns[:6]) == ["paper_id", "text", "params", "model", "start", "end"]


# --- Written oddly: LaTeX numbers, a sentence glued to a name, size-shaped acronyms ----------


def _rows(text: str) -> list[tuple[str, float, str | None, str]]:
    return [(text[s.start : s.end], s.params, s.model, s.role) for s in sizes.find_sizes(text)]


def test_numbers_set_as_latex_math_are_sizes_with_spans_in_the_original():
    # AffineQuant (ICLR 2024) and PEQA (NeurIPS 2023) abstracts
    text = (
        "we attain a C4 perplexity of $15.76$ (2.26$\\downarrow$ vs $18.02$ in OmniQuant) on the "
        "LLaMA2-$7$B model of W$4$A$4$ quantization without overhead. We employ PEQA-tuning for "
        "task-specific adaptation on LLMs with up to $65$ billion parameters."
    )
    assert [r[:3] for r in _rows(text)] == [
        ("$7$B", 7e9, "LLaMA2-7B"),
        ("$65$ billion parameters", 6.5e10, None),
    ]
    # a dollar sign before a number alone is still money
    assert sizes.find_sizes("The company raised $5M to train a 7B model.")[0].params == 7e9
    assert len(sizes.find_sizes("The company raised $5M to train a 7B model.")) == 1


def test_a_sentence_glued_to_a_model_name_does_not_hide_its_size():
    # ACL Anthology abstracts often lose the space after a full stop
    text = (
        "utilising both GPT-4 and open source alternatives like LLama2-7B and Mistral-7B.Our "
        "findings reveal a large performance gap. Specifically, we evaluate two prominent LLMs: "
        "GPT-4 and Alpaca-13B.Our evaluation reveals that LLMs often generate plausible "
        "inferences."
    )
    assert [(s.params, s.model) for s in sizes.find_sizes(text)] == [
        (7e9, "LLama2-7B"), (7e9, "Mistral-7B"), (1.3e10, "Alpaca-13B")]


def test_a_size_shaped_acronym_of_the_words_before_it_is_no_size():
    # NLOS imaging (ICCV 2023): "two-bounce (2B)", then "2B-NLOS" and "2B lidar"
    text = (
        "Recent works have demonstrated the feasibility of two-bounce (2B) NLOS imaging by "
        "scanning a laser. In this work, we study the role of transients in 2B-NLOS under "
        "multiplexed illumination. This leads to a formal definition of the mathematical "
        "constraints for 2B lidar."
    )
    assert sizes.find_sizes(text) == []
    # a model's size in parentheses is not an acronym
    assert _found("We fine-tune Gemma (2B) on the task.") == [(2e9, "Gemma")]


def test_method_parameter_counts_are_sizes_of_their_own_role():
    # the count a method trains or adds: a size (every role-labelled set lists it), role
    # `trainable` so that size charts of own models leave it out (recent/icml2024.json:2296; the
    # LLaMA-Adapter abstract)
    text = "FourierFT surpasses LoRA with only 0.064M trainable parameters, compared to LoRA's 33.5M."
    assert [(s.text, s.params, s.role) for s in sizes.find_sizes(text)] == [
        ("0.064M", 64e3, "trainable")]
    text = "LLaMA-Adapter only introduces 1.2M learnable parameters upon the frozen LLaMA 7B model."
    assert [(s.text, s.params, s.role) for s in sizes.find_sizes(text)] == [
        ("1.2M", 1.2e6, "trainable"), ("7B", 7e9, "own")]
    # a bound word still makes a threshold (the ELM neuron abstract of the dev set)
    text = ("our ELM neuron can accurately match the aforementioned input-output relationship "
            "with under ten thousand trainable parameters.")
    assert [(s.params, s.role) for s in sizes.find_sizes(text)] == [(1e4, "threshold")]


def _distinct(text):
    return [(s.text, s.params, s.model) for s in sizes.distinct_sizes(sizes.find_sizes(text))]


def test_distinct_sizes():
    # recent/naacl2025.json record 325: each Pula size is mentioned twice, listed once
    text = ("Pula 8B and Pula 14B outperform GPT-4o and Gemini 1.5 Pro on English-Setswana "
            "translation tasks. We release the weights for Pula 1B, 3B, 8B, and 14B as well as "
            "training logs and training and evaluation code.")
    assert len(sizes.extract_rows(PaperText("p", text, None))) == 6  # a row per mention
    assert _distinct(text) == [("8B", 8e9, "Pula 8B"), ("14B", 14e9, "Pula 14B"),
                           ("1B", 1e9, "Pula 1B"), ("3B", 3e9, None)]
    # paperlists/coling2025.json record 611: three 7B models stay three rows, LLaMA2-7B once
    text = ("especially in handling complex tasks such as DROP benchmark(+3.4%/+5.9% on "
            "LLaMA2-7B/13B) and math reasoning (+12.89%/+5.61%/+3.11% on LLaMA2-7B, Mistral-7B "
            "and Gemma-7B of GSM8K).")
    assert [m for _, _, m in _distinct(text)] == ["LLaMA2-7B", None, "Mistral-7B", "Gemma-7B"]


def test_a_spaced_magnitude_letter_before_a_parameter_word():
    # recent/cvpr2025.json and recent/iccv2023.json: the letter set apart from the number
    text = ("Our method outperforms state-of-the-art ANN detectors, with only 7.8 M parameters "
            "and 6.43 mJ energy consumption.")
    assert [(s.text, s.params) for s in sizes.find_sizes(text)] == [("7.8 M parameters", 7.8e6)]
    text = "We integrate these advances into a novel 950 M-parameter VLA called FLOWER."
    assert [s.params for s in sizes.find_sizes(text)] == [950e6]
    # without a parameter word a spaced letter is no magnitude
    assert sizes.find_sizes("We train on 5 M images and 3 B tokens with a 2 M budget.") == []


def test_a_known_model_name_before_a_million_size():
    # paperlists and recent abstracts: a size after a name the corpus knows as a model
    text = "a language model which outperforms GPT-2 124M in likelihood on benchmark data"
    assert [(s.params, s.model) for s in sizes.find_sizes(text)] == [(124e6, "GPT-2 124M")]
    text = "both masked (BERT) and autoregressive (Pythia 160M and 1.4B) LMs with varying"
    assert [s.params for s in sizes.find_sizes(text)] == [160e6, 1.4e9]
    # a data set's name, or a decimal (a version), before an M figure is no model's size
    assert sizes.find_sizes("We evaluate cGNF on the Human 3.6M benchmark and on Atari 200M.") == []
    assert sizes.find_sizes("used VLMs such as BLIP-2 and LLaVa 1.5M in terms of consistency") == []
    # a lower-case b after a known model, not after a year (a citation's "2021b")
    text = "Our evaluation shows Mistral 7b, a smaller open-source model, performs well."
    assert [(s.params, s.model) for s in sizes.find_sizes(text)] == [(7e9, "Mistral 7b")]
    assert sizes.find_sizes("introduced by (Wan, Naik, and Sutton 2021b) converge") == []


def test_a_sized_or_scale_suffix_makes_a_model_size():
    # the 17 "<N><letter>-sized/-size/-scale" of the 47k corpus are all model sizes
    text = "Through distillation, we create an 278M-sized xCOMET-lite metric, which has only 2.6%"
    assert [s.params for s in sizes.find_sizes(text)] == [278e6]
    text = "outperforming 33B-scale agents and domain-specific agents."
    assert [s.params for s in sizes.find_sizes(text)] == [33e9]
    # unless a data noun decides first
    assert sizes.find_sizes("we collect a 1M-scale dataset of 10M-scale image-text pairs") == []


def test_comparison_cues_make_a_baseline():
    # dev abstracts: "competitively with", "superior performance to"
    text = ("We also show that fine-tuning a 7B model on data generated from our method helps it "
            "perform competitively with a 175B model.")
    assert [(s.text, s.role) for s in sizes.find_sizes(text)] == [("7B", "own"), ("175B", "baseline")]
    text = ("On the WebShop benchmark, our 3-billion-parameter model achieves superior performance "
            "to the existing SoTA, PaLM-540B.")
    assert [s.role for s in sizes.find_sizes(text)] == ["own", "baseline"]
