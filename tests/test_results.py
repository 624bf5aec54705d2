"""The results stage on real abstract sentences: what scored how much on which benchmark.

Every sentence is copied from ``../shared/corpora`` (file and record in the comment). The
benchmark, method and proposed names each test passes stand for the rows of the benchmarks and
methods stages, so these tests pin the results stage's own reading; names in a sentence that
no stage knows are found from the results' context ("57.3 on Penn Treebank").
"""

from __future__ import annotations

import pytest

from extract.records import PaperText
from extract.schema import TABLES
from extract.stages import REGISTRY, results
from extract.text.markup import clean_view


def rows(text, benchmarks=(), methods=(), proposed=()):
    """(value, kind, metric, benchmark) of every result in ``text``."""
    names = {b: b for b in benchmarks}
    found = results.find_results(text, names, list(methods), list(proposed))
    return [(m.value, m.kind, m.metric, m.benchmark) for m in found]


def find(text, **kw):
    return results.find_results(
        text,
        {b: b for b in kw.get("benchmarks", ())},
        list(kw.get("methods", ())),
        list(kw.get("proposed", ())),
    )


# --- "X achieves 72.4% accuracy on GSM8K" ------------------------------------------------------


def test_score_with_metric_and_benchmark():
    # recent/acl2024.json record 150
    text = (
        "In particular, MathGenie-InternLM2 achieves an accuracy of 87.7% on GSM8K and 55.7% on "
        "MATH, securing the best overall score."
    )
    found = find(text, benchmarks=["GSM8K"], proposed=["MathGenie-InternLM2"])
    assert [(m.value, m.kind, m.metric, m.benchmark) for m in found] == [
        (87.7, "score", "accuracy", "GSM8K"),
        (55.7, "score", "accuracy", "MATH"),  # MATH is placed by its result: "55.7% on MATH"
    ]
    assert {m.method for m in found} == {"MathGenie-InternLM2"}
    assert {m.direction for m in found} == {"higher"}


def test_metric_after_the_number_and_bracketed_deltas():
    # recent/acl2023.json record 1280
    text = (
        "Extensive experiments on three NLU benchmarks show that READ significantly improves the "
        "OOD performance of BERT-based models, including +12.9% accuracy on HANS, +11.0% accuracy "
        "on FEVER-Symmetric, and +2.7% F1 on PAWS."
    )
    assert rows(text, proposed=["READ"]) == [
        (12.9, "delta", "accuracy", "HANS"),
        (11.0, "delta", "accuracy", "FEVER-Symmetric"),
        (2.7, "delta", "F1", "PAWS"),
    ]


# --- "72.4 and 81.3 on A and B, respectively" ---------------------------------------------------


@pytest.mark.parametrize(
    "text,expected",
    [
        (  # paperlists/acl2022.json record 506
            "Experiments conducted on eight NLP tasks show that LM-BFF-MS leads to improvements "
            "over "
            "LM-BFF on five tasks, particularly achieving 94.0 and 90.4 on SST-2 and MRPC, "
            "respectively.",
            # SST-2 is reported in accuracy ([defaults] of the vocabulary); MRPC has no one metric
            [(94.0, "score", "accuracy", "SST-2"), (90.4, "score", None, "MRPC")],
        ),
        (  # recent/iccv2023.json record 13
            "Specifically, we achieve an end-to-end learning OAD of 17.3 (+12.6) FPS with 72.4% "
            "(+1.2%), "
            "90.3% (+0.7%), and 48.1% (+26.0%) mAP on THMOUS'14, TVSeries, and HDD, respectively.",
            [
                (17.3, "score", "FPS", None),
                (12.6, "delta", "FPS", None),
                (72.4, "score", "mAP", "THMOUS'14"),
                (1.2, "delta", "mAP", "THMOUS'14"),
                (90.3, "score", "mAP", "TVSeries"),
                (0.7, "delta", "mAP", "TVSeries"),
                (48.1, "score", "mAP", "HDD"),
                (26.0, "delta", "mAP", "HDD"),
            ],
        ),
        (  # paperlists/icml2018.json record 190: a metric after each number of the list
            "We also achieve state-of-the-art results on the text8 and Hutter Prize datasets "
            "(achieving 1.19 bits/char and 1.08 bits/char respectively).",
            [(1.19, "score", "BPC", "text8"), (1.08, "score", "BPC", "Hutter Prize")],
        ),
    ],
)
def test_lists_aligned_with_benchmarks(text, expected):
    assert rows(text) == expected


# --- "an F1 of 84.1", "F1 = 82.7" ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text,value,metric",
    [
        # paperlists/naacl2024.json record 567
        (
            "This model significantly outperforms other known best models by achieving an F1 of "
            "69.27.",
            69.27,
            "F1",
        ),
        # recent/lreccoling2024.json record 759
        (
            "We produce new state-of-the-art results (F1 = 0.781), but the highest performing "
            "model "
            "still struggles with irony and implicature.",
            0.781,
            "F1",
        ),
        # recent/iclr2023.json record 506
        (
            "Our method achieves an F1 score of 0.91 which is at least 5% higher than the current "
            "best-performing non-intrusive overfitting detection method.",
            0.91,
            "F1",
        ),
        # paperlists/iclr2017.json record 355
        (
            "When combined with a convolutional network on the encoder, we achieve a WER of 9.6%.",
            9.6,
            "WER",
        ),
    ],
)
def test_metric_named_before_the_number(text, value, metric):
    found = rows(text)
    assert (value, "score", metric, None) in found


def test_bits_per_character_and_perplexity_lists():
    # paperlists/nips2017.json record 221
    text = (
        "Through experiments on two character based language modeling data sets, Penn Treebank and "
        "Hutter Prize Wikipedia, where  we improve state of the art results to  1.19 and 1.25 "
        "bits-per-character (BPC), respectively."
    )
    assert rows(text) == [
        (1.19, "score", "BPC", "Penn Treebank"),
        (1.25, "score", "BPC", "Hutter Prize Wikipedia"),
    ]
    assert results.metric_direction("BPC") == "lower"


# --- "52.8 on PTB and 52.0 on WikiText-2" -------------------------------------------------------


def test_bare_scores_on_benchmarks():
    # paperlists/iclr2018.json record 738
    text = (
        "In exploring the effectiveness of a neural cache in conjunction with our proposed model, "
        "we "
        "achieve an even lower state-of-the-art perplexity of 52.8 on Penn Treebank and 52.0 on "
        "WikiText-2."
    )
    assert rows(text) == [
        (52.8, "score", "perplexity", "Penn Treebank"),
        (52.0, "score", "perplexity", "WikiText-2"),
    ]
    # the same paper, without a metric name: Penn Treebank and WikiText-2 default to perplexity
    text = (
        "Combining these and other regularization strategies, our ASGD Weight-Dropped LSTM "
        "(AWD-LSTM) achieves state-of-the-art word level perplexities on two data sets: 57.3 on "
        "Penn Treebank and 65.8 on WikiText-2."
    )
    found = find(text, proposed=["AWD-LSTM"])
    assert [(m.value, m.metric, m.benchmark, m.method) for m in found] == [
        (57.3, "perplexity", "Penn Treebank", "AWD-LSTM"),
        (65.8, "perplexity", "WikiText-2", "AWD-LSTM"),
    ]


# --- "outperforms Y by 3.1 points on Z" ---------------------------------------------------------


def test_delta_with_named_baseline():
    # recent/eacl2023.json record 475
    text = (
        "Our first approach, Seed Words Based Leave-One-Out (SW-LOO), identifies aspect-related "
        "portions of reviews simply by exact-matching aspect seed words and outperforms existing "
        "methods by 3.4 ROUGE-L points on Space and 0.5 ROUGE-1 point on Oposum+ for "
        "aspect-specific "
        "opinion summarization."
    )
    found = find(text, proposed=["SW-LOO"])
    assert [(m.value, m.kind, m.metric, m.benchmark, m.unit) for m in found] == [
        (3.4, "delta", "ROUGE-L", "Space", "points"),
        (0.5, "delta", "ROUGE-1", "Oposum+", "points"),
    ]
    assert {m.method for m in found} == {"SW-LOO"}


def test_the_outperformed_model_is_not_the_method():
    # recent/acl2023.json record 46
    text = (
        "Specifically, when training and testing on 35 diverse datasets, ColD Fusion-based model "
        "outperforms RoBERTa by 2.19 points on average without any changes to the architecture."
    )
    found = find(text, methods=["RoBERTa"], proposed=["ColD Fusion"])
    assert [(m.value, m.kind, m.unit, m.method) for m in found] == [
        (2.19, "delta", "points", "ColD Fusion")
    ]


# --- "2x faster than" ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text,proposed,expected",
    [
        (  # recent/icml2024.json record 2257
            "For example, Vim is 2.8x faster than DeiT and saves 86.8% GPU memory when performing "
            "batch inference to extract features on images with a resolution of 1248x1248.",
            ["Vim"],
            [(2.8, "relative", "speedup", "Vim"), (86.8, "delta", "memory", "Vim")],
        ),
        (  # recent/iccv2023.json record 826
            "Our extended SgMg enables multi-object R-VOS, runs about 3 times faster while "
            "maintaining satisfactory performance.",
            ["SgMg"],
            [(3.0, "relative", "speedup", "SgMg")],
        ),
        (  # paperlists/iclr2018.json record 494: "~16x memory saving"; no name: no method
            "Compared with the full-precision counter part, by 2-bit quantization we can achieve "
            "~16x "
            "memory saving and ~6x real inference acceleration on CPUs, with only a reasonable "
            "loss in "
            "the accuracy.",
            [],
            [(16.0, "relative", "memory", None), (6.0, "relative", "speedup", None)],
        ),
    ],
)
def test_multipliers_are_relative(text, proposed, expected):
    found = find(text, methods=["DeiT"], proposed=proposed)
    assert [(m.value, m.kind, m.metric, m.method) for m in found] == expected
    assert all(m.unit == "x" for m in found if m.kind == "relative")


# --- "reduces WER from 10.2 to 8.1" -------------------------------------------------------------


def test_from_to_gives_two_scores():
    # paperlists/icml2017.json record 329: "from 1 to 10" is the depth changed, not a result
    text = (
        "On the Penn Treebank corpus, solely increasing the transition depth from 1 to 10 improves "
        "word-level perplexity from 90.6 to 65.4 using the same number of parameters."
    )
    assert rows(text) == [
        (90.6, "score", "perplexity", "Penn Treebank"),
        (65.4, "score", "perplexity", "Penn Treebank"),
    ]


def test_from_to_in_brackets_after_a_delta():
    # recent/emnlp2023.json record 894
    text = (
        "Second, we propose a novel misprediction-resolution hierarchical model, LIMIT, for "
        "language "
        "identification that reduces error by 55% (from 0.71 to 0.32) on our compiled children’s "
        "stories dataset and by 40% (from 0.23 to 0.14) on the FLORES-200 benchmark."
    )
    found = find(text, benchmarks=["FLORES-200"], proposed=["LIMIT"])
    assert [(m.value, m.kind, m.metric, m.benchmark) for m in found] == [
        (55.0, "delta", "error rate", None),
        (0.71, "score", "error rate", None),
        (0.32, "score", "error rate", None),
        (40.0, "delta", "error rate", "FLORES-200"),
        (0.23, "score", "error rate", "FLORES-200"),
        (0.14, "score", "error rate", "FLORES-200"),
    ]
    # the value after "from" is the baseline's (unnamed here), the one after "to" is LIMIT's
    assert [m.method for m in found if m.kind == "score"] == [None, "LIMIT", None, "LIMIT"]


def test_from_to_with_the_baseline_named():
    # paperlists/nips2018.json record 287
    text = (
        "On COCO detection, DropBlock improves Average Precision of RetinaNet from 36.8% to 38.4%."
    )
    found = find(text, benchmarks=["COCO"], methods=["RetinaNet"], proposed=["DropBlock"])
    assert [(m.value, m.kind, m.metric, m.benchmark, m.method) for m in found] == [
        (36.8, "score", "AP", "COCO", "RetinaNet"),
        (38.4, "score", "AP", "COCO", "DropBlock"),
    ]


# --- ranges and "up to" --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text,expected",
    [
        (  # paperlists/naacl2024.json record 714
            "We empirically show ScriptMix is effective– ScriptMix improves the POS accuracy by "
            "up to "
            "14%, and improves the DEP LAS score by up to 5.6%.",
            [(14.0, "delta", "accuracy", "up to"), (5.6, "delta", "LAS", "up to")],
        ),
        (  # paperlists/naacl2021.json record 459
            "We show that SCCL significantly advances the state-of-the-art results on most "
            "benchmark "
            "datasets with 3%-11% improvement on Accuracy and 4%-15% improvement on Normalized "
            "Mutual "
            "Information.",
            [
                (3.0, "delta", "accuracy", None),
                (11.0, "delta", "accuracy", None),
                (4.0, "delta", "NMI", None),
                (15.0, "delta", "NMI", None),
            ],
        ),
        (  # recent/cvpr2023.json record 272: a signed range in brackets after its benchmark
            "Extensive experiments demonstrate that our GAP can consistently improve a wide "
            "variety "
            "of pre-trained off-the-shelf TAD models on the challenging ActivityNet (+0.2%~0.7% in "
            "average mAP) and THUMOS (+0.2%~0.5% in average mAP) benchmarks.",
            [
                (0.2, "delta", "mAP", None),
                (0.7, "delta", "mAP", None),
                (0.2, "delta", "mAP", None),
                (0.5, "delta", "mAP", None),
            ],
        ),
    ],
)
def test_ranges_and_up_to(text, expected):
    found = find(text)
    assert [(m.value, m.kind, m.metric, m.qualifier) for m in found] == expected
    if "ActivityNet" in text:
        assert [m.benchmark for m in found] == ["ActivityNet", "ActivityNet", "THUMOS", "THUMOS"]


# --- numbers that are not results ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # a data set size and a count of languages: recent/emnlp2023.json record 894
        "To tackle this bottleneck, we first compile a corpus, MCS-350, of 50K multilingual and "
        "parallel children’s stories in 350+ languages.",
        # a year in a citation and a count: recent/emnlp2023.json record 193
        "We introduce SLOG, a semantic parsing dataset that extends COGS (Kim and Linzen, 2020) "
        "with "
        "17 structural generalization cases.",
        # the share of training data used: recent/iclr2024.json record 1376
        "Furthermore, our proposed framework, dubbed CoT3DRef, is significantly data-efficient, "
        "whereas on the Sr3D dataset, when trained only on 10% of the data, we match the SOTA "
        "performance that trained on the entire data.",
        # tunable parameters (a parameter-efficient method's setup): recent/icml2024.json 1229
        "On spurious correlation benchmarks, our procedures achieve state-of-the-art results "
        "across "
        "both transformer and non-transformer architectures, as well as unimodal and multimodal "
        "data, while requiring only 0.4% tunable parameters.",
        # numbers inside names and a model size: recent/naacl2025.json record 712
        "Further, we show that fine-tuned Llama 3.1 8B matches zero-shot Llama 3.1 70B accuracy, "
        "suggesting that effective ATC coding is feasible with smaller models.",
        # a hyperparameter and a dimension: paperlists/icml2017.json record 74
        "We construct a variant of GANs employing label conditioning that results in 128x128 "
        "resolution image samples exhibiting global coherence.",
        # GPT-4, Top-1 and a date: recent/acl2025.json record 957
        "Despite achieving near perfect scores on existing multi-turn evaluation benchmarks, all "
        "frontier models like GPT-4 and Claude 3.5 Sonnet (October 2024) have a Top-1 rank on few.",
        # "two-fold" describes the contribution: paperlists/acl2022.json record 294
        "The contribution of this work is two-fold. (1) EPT-X model: An explainable neural model "
        "that sets a baseline for algebraic word problem solving task.",
        # a setting: "at a 50% compression rate" (recent/acl2024.json record 1206)
        "At a 50% compression rate, LoRAPrune demonstrates superior performance over LLM-Pruner.",
    ],
)
def test_setup_numbers_are_not_results(text):
    assert rows(text) == []


def test_hyperparameter_next_to_a_result():
    # paperlists/iclr2018.json record 219: epsilon is a setting, 35% the certified error
    text = (
        "On MNIST, our approach produces a network and a certificate that no that perturbs each "
        "pixel by at most epsilon = 0.1 can cause more than 35% test error."
    )
    found = find(text, benchmarks=["MNIST"])
    assert [(m.value, m.kind, m.metric, m.benchmark, m.qualifier) for m in found] == [
        (35.0, "score", "error rate", "MNIST", "over")
    ]
    assert found[0].direction == "lower"


def test_setting_and_qualifier():
    # paperlists/naacl2021.json record 35
    text = (
        "On the WSJ dataset, Align-Refine matches an autoregressive baseline with a 14x decoding "
        "speedup; on LibriSpeech, we reach an LM-free test-other WER of 9.0% (19% relative "
        "improvement on comparable work) in three iterations."
    )
    found = find(text, benchmarks=["LibriSpeech"], proposed=["Align-Refine"])
    got = [(m.value, m.kind, m.metric, m.benchmark, m.setting) for m in found]
    assert got == [
        (14.0, "relative", "speedup", "WSJ", None),
        (9.0, "score", "WER", "LibriSpeech", "test-other"),
        (19.0, "delta", "WER", "LibriSpeech", "test-other"),
    ]


# --- the stage ----------------------------------------------------------------------------------


def test_extract_rows_maps_offsets_through_markup_and_reads_dependency_rows():
    # paperlists/nips2018.json record 287, with its LaTeX markup as the corpus has it
    abstract = (
        "On ImageNet classification, ResNet-50 architecture with DropBlock achieves $78.13\\%$ "
        "accuracy, which is more than $1.6\\%$ improvement on the baseline."
    )
    paper = PaperText("p1", abstract)
    view = clean_view(abstract)
    start = view.text.index("ImageNet")
    deps = {
        "benchmarks": [{"paper_id": "p1", "name": "ImageNet", "start": start, "end": start + 8}],
        "methods": [
            {"paper_id": "p1", "name": "DropBlock", "role": "proposed", "start": 0, "end": 0},
            {"paper_id": "p1", "name": "ResNet-50", "role": "mentioned", "start": 0, "end": 0},
        ],
    }
    out = results.extract_rows(paper, deps)
    assert [r["value"] for r in out] == [78.13, 1.6]
    assert [abstract[r["start"] : r["end"]] for r in out] == ["78.13\\%", "more than $1.6\\%"]
    for r in out:
        assert list(r) == TABLES["results"].column_names
        assert (
            r["benchmark"] == "ImageNet"
            and r["metric"] == "accuracy"
            and r["method"] == "DropBlock"
        )
        assert 0 < r["confidence"] <= 1
    assert [r["kind"] for r in out] == ["score", "delta"]


def test_extract_rows_without_numbers_is_empty_and_cheap():
    paper = PaperText("p2", "We study how language models reason about negation in long documents.")
    assert results.extract_rows(paper, {"benchmarks": [], "methods": []}) == []


def test_the_stage_is_declared_with_what_it_reads():
    spec = {s.name: s for s in REGISTRY}["results"]
    assert spec.tables == ("results",)
    assert set(spec.depends_on) == {"benchmarks", "methods"}
    assert set(spec.data_files) >= {"results_vocab.toml"}
    assert TABLES["results"].stage == "results"
    assert set(results.KINDS) == {"score", "delta", "relative", "other"}


@pytest.mark.parametrize(
    "phrase,canonical",
    [
        ("F1-score", "F1"),
        ("macro-F1", "F1"),
        ("exact match", "EM"),
        ("nDCG@10", "nDCG@10"),
        ("HR@1", "Hits@1"),
        ("R@1", "recall@1"),
        ("top-1 accuracy", "accuracy"),
        ("top-5 accuracy", "top-5 accuracy"),
        ("bits/char", "BPC"),
        ("word error rate", "WER"),
        ("Frechet Inception Distance", "FID"),
        ("pass@1", "pass@1"),
        ("win rate", "win rate"),
        ("no such metric", None),
    ],
)
def test_canonical_metric(phrase, canonical):
    assert results.canonical_metric(phrase) == canonical


def test_every_canonical_metric_has_a_direction_or_says_it_depends():
    from extract.datafiles import load_toml

    data = load_toml("results_vocab.toml")
    names = [m["name"] for m in data["metric"]]
    assert len(names) == len(set(names))
    for m in data["metric"]:
        assert m.get("direction") in ("higher", "lower", None), m["name"]
    assert results.metric_direction("perplexity") == "lower"
    assert results.metric_direction("nDCG@10") == "higher"
    assert results.metric_direction("attack success rate") is None
    # every default metric is a canonical metric
    for bench, metric in data["defaults"].items():
        assert results.canonical_metric(metric) is not None, bench
    assert results.default_metric("WMT'14 En-De") == "BLEU"
    assert results.default_metric("WMTX") is None


def test_a_spelled_out_name_takes_the_benchmark_it_abbreviates():
    # paperlists/iclr2018.json record 283 (SQuAD is in the benchmarks vocabulary)
    text = (
        "On the Stanford Question Answering Dataset, our model achieves state of the art results "
        "with 75.1% exact match accuracy and 83.1% F1, while the ensemble obtains 78.9% exact "
        "match accuracy and 86.0% F1."
    )
    found = find(text)
    assert [(m.value, m.metric, m.benchmark, m.setting) for m in found] == [
        (75.1, "EM", "SQuAD", None),
        (83.1, "F1", "SQuAD", None),
        (78.9, "EM", "SQuAD", "ensemble"),
        (86.0, "F1", "SQuAD", "ensemble"),
    ]


def test_a_name_listed_after_a_benchmark_is_one_even_if_typed_a_method():
    # recent/neurips2023.json record 1265: the methods stage calls "Waymo" a method
    text = (
        "The results show that our method consistently improves the performance of various "
        "baselines by 23.51% and 5.78% on average across KITTI and Waymo, respectively."
    )
    found = find(text, benchmarks=["KITTI"], methods=["Waymo"])
    assert [(m.value, m.kind, m.benchmark, m.method) for m in found] == [
        (23.51, "delta", "KITTI", None),
        (5.78, "delta", "Waymo", None),
    ]


def test_one_more_gain_and_a_new_measure():
    # paperlists/acl2021.json record 363: "and 0.6% against NILE" is one more gain
    text = (
        "Moreover, we train an NLI model enhanced with contrastive explanations and achieves an "
        "accuracy of 91.9% on SNLI, gaining improvements of 5.7% against ETPA "
        "(“Explain-Then-Predict-Attention”) and 0.6% against NILE (“WHY A”)."
    )
    assert rows(text, benchmarks=["SNLI"]) == [
        (91.9, "score", "accuracy", "SNLI"),
        (5.7, "delta", "accuracy", "SNLI"),
        (0.6, "delta", "accuracy", "SNLI"),
    ]
    # recent/acl2024.json record 1960: off-target rates are not BLEU
    text = (
        "Results show that our proposed LiBS algorithm on average improves +1.1 BLEU and +0.9 "
        "BLEU on WMT and OPUS datasets, and reduces off-target rates from 22.9% to 7.7% and 65.8% "
        "to 25.3% respectively."
    )
    found = find(text, proposed=["LiBS"])
    assert [(m.value, m.kind, m.metric) for m in found] == [
        (1.1, "delta", "BLEU"),
        (0.9, "delta", "BLEU"),
        (22.9, "score", None),
        (7.7, "score", None),
        (65.8, "score", None),
        (25.3, "score", None),
    ]


def test_results_package_modules_are_small_and_import_only_downward():
    """reading.py was split by job (grouping, sentence, kind, attachment, settings): no module
    over 700 lines, no import cycle, function-level imports included."""
    import ast
    from pathlib import Path

    pkg = Path(__file__).resolve().parents[1] / "extract" / "results"
    graph: dict[str, set[str]] = {}
    for path in pkg.glob("*.py"):
        src = path.read_text(encoding="utf-8")
        assert len(src.splitlines()) <= 700, path.name
        deps = set()
        for node in ast.walk(ast.parse(src)):
            module = getattr(node, "module", None) or ""
            if isinstance(node, ast.ImportFrom) and module.startswith("extract.results."):
                deps.add(module.rsplit(".", 1)[1])
        graph[path.stem] = deps
    assert {"grouping", "sentence", "kind", "attachment", "settings", "reading"} <= set(graph)
    done: set[str] = set()

    def visit(mod: str, path: tuple[str, ...]) -> None:
        assert mod not in path, " -> ".join((*path, mod))
        if mod in done:
            return
        for dep in graph.get(mod, ()):
            visit(dep, (*path, mod))
        done.add(mod)

    for mod in graph:
        visit(mod, ())
    # the steps read a shared Sentence and never the module that runs them
    assert all("reading" not in deps for deps in graph.values())


# --- the settings batch of the results dev set (issue 23) ---------------------------------------


def test_from_a_to_b_shares_the_metric_named_after_b():
    # recent/lreccoling2024.json record 1508
    text = (
        "Even without any medical data in unsupervised pre-training, our best pre-trained model "
        "XLSR-53-Viet generalizes very well to the medical domain by outperforming "
        "state-of-the-art XLSR-53, from 51.8% to 29.6% WER on test set (a relative reduction of "
        "more than 40%)."
    )
    got = [(v, k, m) for v, k, m, _ in rows(text)]
    assert got == [(51.8, "score", "WER"), (29.6, "score", "WER"), (40.0, "delta", "WER")]


def test_a_ratio_takes_the_efficiency_metric_right_before_it():
    # recent/cvpr2023.json record 547
    text = (
        "We extensively evaluate Boundary Unlearning on CIFAR-10 and Vggface2 datasets, and the "
        "results show that Boundary Unlearning can effectively forget the forgetting class on "
        "image classification and face recognition tasks, with an expected speed-up of 17× and "
        "19×, respectively, compared with retraining from the scratch."
    )
    assert [(v, k, m) for v, k, m, _ in rows(text, ["CIFAR-10", "Vggface2"])] == [
        (17.0, "relative", "speedup"),
        (19.0, "relative", "speedup"),
    ]


def test_percentage_differences_are_deltas():
    # recent/icml2024.json record 1965
    text = (
        "The experimental results highlight a significant improvement with relative percentage "
        "differences of 22.7%/38.9%, 33.8%/36.4%, and 16.60%/23.20% in ADE/FDE for the NBA, "
        "TrajNet++, and ETH-UCY datasets, respectively, compared to the baseline methods."
    )
    assert {k for _, k, _, _ in rows(text)} == {"delta"}


def test_a_benchmark_bracketed_before_a_result_past_its_split_or_part():
    # recent/cvpr2025.json record 14
    text = (
        "An ensemble of the DeepLA-Net achieves state-of-the-art performance on classification "
        "and segmentation tasks of S3DIS Area5 (+2.2% mIoU), ScanNet test set (+1.6% mIoU), "
        "ScanObjectNN (+2.1% OA), and ShapeNetPart (+0.9% cls.mIoU)."
    )
    names = ["S3DIS", "ScanNet", "ScanObjectNN", "ShapeNetPart"]
    got = [(v, m, b) for v, _, m, b in rows(text, names)]
    assert got[:3] == [(2.2, "mIoU", "S3DIS"), (1.6, "mIoU", "ScanNet"),
                       (2.1, "accuracy", "ScanObjectNN")]  # fmt: skip


def test_benchmarks_glued_to_the_next_sentence_end_at_the_stop():
    # recent/eacl2023.json, "Longtonotes": "... 2x those in Litbank.We evaluate ..." (no space)
    text = (
        "The resulting corpus, which we call LongtoNotes contains documents in multiple genres of "
        "the English language with varying lengths, the longest of which are up to 8x the length "
        "of documents in Ontonotes, and 2x those in Litbank.We evaluate state-of-the-art neural "
        "coreference systems on LongtoNotes."
    )
    assert [b for *_, b in rows(text)] == ["Ontonotes", "Litbank"]
    # ACL 2024, "Math-Shepherd": the scores after "on MATH)." are not MATH's
    text = (
        "For instance, process RL with Math-shepherd significantly enhances Mistral-7B "
        "(77.9%$\\to$84.1% on GSM8K and 28.6%$\\to$33.0% on MATH).The accuracy can be further "
        "improved to 89.1% and 43.5% on two benchmarks with verification of Math-shepherd."
    )
    found = {v: (kind, b) for v, kind, _, b in rows(clean_view(text).text,
                                                     benchmarks=["GSM8K", "MATH"])}
    assert found[89.1] == found[43.5] == ("score", None)  # "two benchmarks": not named here


# --- whose number in a paper that introduces a benchmark ------------------------------------------


def _stage_results(pid: str, title: str, abstract: str) -> list[dict]:
    from extract.records import PaperText
    from extract.stages import results as results_stage

    return results_stage.extract_rows(PaperText(pid, abstract, title))


def test_the_scores_a_benchmark_paper_observes_are_of_the_models_it_evaluates():
    # iclr2018 "DuoRC": both numbers were the paper's own, of a method named "DuoRC" (the dataset)
    rows = _stage_results(
        "duorc",
        "DuoRC: Towards Complex Language Understanding with Paraphrased Reading Comprehension",
        "We propose DuoRC, a novel dataset for Reading Comprehension (RC) that motivates several "
        "new challenges for neural approaches in language understanding beyond those offered by "
        "existing RC datasets. Indeed, we observe that state-of-the-art neural RC models which "
        "have achieved near human performance on the SQuAD dataset, even when coupled with "
        "traditional NLP techniques to address the challenges presented in DuoRC exhibit very "
        "poor performance (F1 score of 37.42% on DuoRC v/s 86% on SQuAD dataset).",
    )
    got = {(r["benchmark"], r["value"]): (r["role"], r["method"]) for r in rows}
    assert got[("DuoRC", 37.42)][0] == "evaluated"
    assert got[("SQuAD", 86.0)][0] == "evaluated"
    assert all(r["method"] != "DuoRC" for r in rows)
    # emnlp2023 "TheoremQA": GPT-4's 51% is GPT-4's, not the dataset's own method's
    rows = _stage_results(
        "theoremqa",
        "TheoremQA: A Theorem-driven Question Answering Dataset",
        "In this paper, we introduce TheoremQA, the first theorem-driven question-answering "
        "dataset designed to evaluate AI models’ capabilities to apply theorems to solve "
        "challenging science problems. We found that GPT-4’s capabilities to solve these problems "
        "are unparalleled, achieving an accuracy of 51% with Program-of-Thoughts Prompting.",
    )
    (r,) = [r for r in rows if r["value"] == 51.0]
    assert (r["role"], r["method"]) == ("evaluated", "GPT-4")


def test_a_benchmark_papers_own_model_keeps_its_score_but_not_the_benchmarks_name():
    # acl2021 "ForecastQA": "our best model" is the paper's; the method is not "ForecastQA"
    rows = _stage_results(
        "forecastqa",
        "ForecastQA: A Question Answering Challenge for Event Forecasting with Temporal Text Data",
        "To showcase the usefulness of this task formulation, we introduce ForecastQA, a "
        "question-answering dataset consisting of 10,392 event forecasting questions, which have "
        "been collected and verified via crowdsourcing efforts. We present our experiments on "
        "ForecastQA using BERTbased models and find that our best model achieves 61.0% accuracy "
        "on the dataset, which still lags behind human performance by about 19%.",
    )
    (r,) = [r for r in rows if r["value"] == 61.0]
    assert r["role"] == "own" and r["method"] != "ForecastQA"
    # acl2022 "FaVIQ": a gain the paper reports of training on its data stays its own
    rows = _stage_results(
        "faviq",
        "FaVIQ: FAct Verification from Information-seeking Questions",
        "In this paper, we construct a large-scale challenging fact verification dataset called "
        "FAVIQ, consisting of 188k claims derived from an existing corpus of ambiguous "
        "information-seeking questions. Moreover, training on our data helps in professional "
        "fact-checking, outperforming models trained on the widely used dataset FEVER or "
        "in-domain data by up to 17% absolute.",
    )
    (r,) = [r for r in rows if r["value"] == 17.0]
    assert r["role"] == "own"


def test_pose_and_depth_errors_are_their_own_metrics_not_an_error_rate():
    # iccv2023 "HopFIR": 32.67 (mm) was an "error rate" of 32.67% on the Human3.6M board
    text = ("Extensive experimental results show that HopFIR outperforms the SOTA methods by a "
            "large margin, with a mean per-joint position error (MPJPE) on the Human3.6M dataset "
            "of 32.67 mm.")
    (m,) = results.find_results(text, {"Human3.6M": "Human3.6M"})
    assert (m.value, m.metric, m.benchmark) == (32.67, "MPJPE", "Human3.6M")
    # cvpr2024 "ECoDepth": depth errors (0.139 was a 13.9% error rate on the KITTI board)
    text = ("And on KITTI dataset achieving Sq Rel error of 0.139 (2% improvement) compared to "
            "0.142 by the current SOTA (GEDepth).")
    got = {m.value: m.metric for m in results.find_results(text, {"KITTI": "KITTI"})}
    assert got[0.139] == got[0.142] == "SqRel"
    text = ("Empirical results demonstrate that outperforms various well-known specialized "
            "architectures achieving 0.54 and 0.054 Abs Rel error on the Sintel and KITTI depth "
            "datasets 1.04 and 2.01 average endpoint error on the clean and final pass of Sintel "
            "flow.")
    got = {m.value: m.metric for m in results.find_results(text, {"KITTI": "KITTI",
                                                                     "Sintel": "Sintel"})}
    assert (got[0.54], got[0.054], got[1.04]) == ("AbsRel", "AbsRel", "EPE")


def test_a_bracketed_absolute_before_a_gain_word_keeps_it_a_gain():
    # iclr2024 "RepARe": 3.85 stood on the VQAv2 zero-shot board as an accuracy of 3.85%
    text = ("Focusing on three visual question answering tasks, we show that RepARe can result in "
            "a 3.85% (absolute) increase in zero-shot accuracy on VQAv2.")
    (m,) = results.find_results(text, {"VQAv2": "VQAv2"}, [], ["RepARe"])
    assert (m.value, m.kind) == (3.85, "delta")
    # acl2022 "TSQA"
    text = ("TSQA significantly outperforms the previous state of the art on a new benchmark for "
            "question answering over temporal KGs, especially achieving a 32% (absolute) error "
            "reduction on complex questions that require multiple steps of reasoning.")
    assert [m.kind for m in results.find_results(text, {}, [], ["TSQA"])] == ["delta"]
