"""Leaderboards you can trust (extract/leaderboards.py and ``paper-trends leaderboard``).

The sentences are from real abstracts of the 47k build (``../shared/corpora``): the rows are
the results stage's own, read into boards here.
"""

from __future__ import annotations

import json

import duckdb
import pandas as pd
import pytest

from extract import cli
from extract import leaderboards as lb
from extract.datafiles import load_toml
from extract.records import PaperText
from extract.stages import benchmarks as bench_stage
from extract.stages import methods as methods_stage
from extract.stages import results as results_stage

PAPERS = {
    "selective": (
        "What Can we Learn From The Selective Prediction And Uncertainty Estimation Performance "
        "Of 523 Imagenet Classifiers?",
        "We present a novel and comprehensive study of selective prediction and the uncertainty "
        "estimation performance of 523 existing pretrained deep ImageNet classifiers that are "
        "available in popular repositories. For example, we discovered an unprecedented 99% top-1 "
        "selective accuracy on ImageNet at 47% coverage (and 95% top-1 accuracy at 80%) for a ViT "
        "model, whereas a competing EfficientNet-V2-XL cannot obtain these accuracy constraints at "
        "any level of coverage.",
    ),
    "convnext": (
        "ConvNeXt V2: Co-Designing and Scaling ConvNets With Masked Autoencoders",
        "The new model family, dubbed ConvNeXt V2, is a complete training recipe that synergizes "
        "both the architectural improvement and the advancement in self-supervised learning. To "
        "accommodate different use cases, we provide pre-trained "
        "ConvNeXt V2 models of a wide range of complexity: from an efficient 3.7M-parameter Atto "
        "model that achieves 76.8% top-1 accuracy on ImageNet, to a 650M Huge model that can "
        "reach a state-of-the-art 88.9% accuracy using public training data only.",
    ),
    # iclr2023 (MOAT): a score with extra pre-training data
    "moat": (
        "MOAT: Alternating Mobile Convolution and Attention Brings Strong Vision Models",
        "Our conceptually simple MOAT networks are surprisingly effective, achieving 89.1% / "
        "81.5% top-1 accuracy on ImageNet-1K / ImageNet-1K-V2 with ImageNet-22K pretraining.",
    ),
    "itnas": (
        "IT-NAS: Integrating Lite-Transformer into NAS for Architecture Seletion",
        "We experimentally demonstrate that our framework can select the truly representative "
        "architecture in different search spaces and achieves 2.39% test error on CIFAR-10 in "
        "DARTS search space, and 24.1% test error on ImageNet in the ProxylessNAS search space.",
    ),
    "humanevalpro": (
        "HumanEval Pro and MBPP Pro: Evaluating Large Language Models on Self-invoking Code "
        "Generation Task",
        "In this paper, we present HumanEval Pro and MBPP Pro, a series of benchmarks to evaluate "
        "LLMs on self-invoking code generation task. Second, from the analysis of experimental "
        "results over twenty large language models (LLM) on our benchmarks, we have two important "
        "observations. For example, o1-mini achieves 96.2% pass@1 on HumanEval but only 76.2% on "
        "HumanEval Pro.",
    ),
    "sek": (
        "SEK: Self-Explained Keywords Empower Large Language Models for Code Generation",
        "Inspired by this observation, we propose a novel technique named SEK(Self-Explained "
        "Keywords), which empowers an LLM for better code generation by extracting and explaining "
        "the key terms in the problem description with the LLM itself. For instance, SEK improves "
        "the Pass@1 of DeepSeek-Coder-V2-Instruct from 85.4% to 93.3% on the Humaneval benchmark.",
    ),
    "rtmo": (
        "RTMO: Towards High-Performance One-Stage Real-Time Multi-Person Pose Estimation",
        "Our largest model RTMO-l attains 74.8% AP on COCO val2017 and 141 FPS on a single V100 "
        "GPU demonstrating its efficiency and accuracy.",
    ),
    "internimage": (
        "InternImage: Exploring Large-Scale Vision Foundation Models With Deformable Convolutions",
        "It is worth mentioning that InternImage-H achieved a new record 65.4 mAP on COCO "
        "test-dev and 62.9 mIoU on ADE20K, outperforming current leading CNNs and ViTs.",
    ),
    "codetr": (
        "DETRs with Collaborative Hybrid Assignments Training",
        "Surprisingly, incorporated with ViT-L backbone, we achieve 66.0% AP on COCO test-dev and "
        "67.9% AP on LVIS val, outperforming previous methods by clear margins with much fewer "
        "model sizes.",
    ),
    "orbit": (
        "ORBIT: Cost-Effective Dataset Curation for Large Language Model Domain Adaptation with an "
        "Astronomy Case Study",
        "Fine-tuning LLaMA-3-8B on a 1B-token astronomy subset improved performance on the MMLU "
        "astronomy benchmark from 69% to 76% and achieved top results on AstroBench.",
    ),
    "meco": (
        "MeCo: Zero-Shot NAS with One Data and Single Forward Pass via Minimum Eigenvalue of "
        "Correlation",
        "For instance, the best network searched by $\\mathsf{MeCo}$-based NAS achieves 97.31% "
        "on CIFAR-10, which is 0.04% higher than the baselines under the same settings.",
    ),
    "selectllm": (
        "SelectLLM: Query-Aware Efficient Selection Algorithm for Large Language Models",
        "Specifically, it achieves a huge reduction in inference latency on two challenging "
        "reasoning benchmarks: 13% on GSM8K and 70% on MMLU, compared to the top-performing "
        "baseline.",
    ),
}


def _frames(keys=tuple(PAPERS)) -> dict[str, pd.DataFrame]:
    papers, results, methods, benches = [], [], [], []
    for i, key in enumerate(keys):
        title, abstract = PAPERS[key]
        pid = f"p{i}_{key}"
        paper = PaperText(pid, abstract, title)
        deps = {
            "benchmarks": bench_stage.extract_rows(paper),
            "methods": methods_stage.extract_rows(paper),
        }
        papers.append(
            {"paper_id": pid, "title": title, "venue": "ICLR", "year": 2024, "abstract": abstract}
        )
        results += results_stage.extract_rows(paper, deps)
        methods += [dict(r, paper_id=pid) for r in deps["methods"]]
        benches += [dict(r, paper_id=pid) for r in deps["benchmarks"]]
    return {
        "papers": pd.DataFrame(papers),
        "results": pd.DataFrame(results),
        "methods": pd.DataFrame(methods),
        "benchmarks": pd.DataFrame(benches),
    }


@pytest.fixture(scope="module")
def frames() -> dict[str, pd.DataFrame]:
    return _frames()


@pytest.fixture(scope="module")
def ann(frames) -> pd.DataFrame:
    return lb.annotate(
        frames["results"], frames["papers"], frames["methods"], None, frames["benchmarks"]
    )


def _row(ann: pd.DataFrame, key: str, value: float) -> pd.Series:
    rows = ann[ann["paper_id"].str.endswith(key) & (ann["value"] == value)]
    assert len(rows) == 1, rows
    return rows.iloc[0]


# --- identity ----------------------------------------------------------------------------------


def test_one_identity_per_benchmark():
    ids = {n: lb.benchmark_of(n).id for n in ("ImageNet", "ImageNet-1K", "ILSVRC-2012",
                                              "imagenet-1k", "ImageNet-21K", "ImageNet-V2",
                                              "ImageNet-A", "enwik8", "Hutter Prize", "PTB",
                                              "Penn Treebank", "MMLU", "MMLU-Pro")}
    assert ids["ImageNet"] == ids["ImageNet-1K"] == ids["ILSVRC-2012"] == ids["imagenet-1k"]
    assert len({ids["ImageNet"], ids["ImageNet-21K"], ids["ImageNet-V2"], ids["ImageNet-A"]}) == 4
    assert ids["enwik8"] == ids["Hutter Prize"] and ids["PTB"] == ids["Penn Treebank"]
    assert ids["MMLU"] != ids["MMLU-Pro"]
    assert lb.benchmark_of("SST-2").parent == "glue"


def test_every_benchmark_id_name_and_alias_is_unique_after_folding():
    seen: dict[str, str] = {}
    for b in load_toml("benchmark_aliases.toml")["benchmark"]:
        for name in {b["id"], b["name"], *b.get("aliases", ())}:
            key = lb.fold(name)
            assert seen.setdefault(key, b["id"]) == b["id"], (name, seen[key])


def test_metrics_have_a_direction_and_refine_by_the_words_at_the_number():
    imagenet, coco = lb.benchmark_of("ImageNet"), lb.benchmark_of("COCO")
    assert lb.board_metric("accuracy", "achieves 84.4% top-1", imagenet).name == "top-1 accuracy"
    assert lb.board_metric("accuracy", "top-1 / 97.1% top-5 accuracy", imagenet).name == (
        "top-5 accuracy"
    )
    err = lb.board_metric("error rate", "24.1% test error on", imagenet)
    assert (err.name, err.direction) == ("top-1 error", "lower")
    assert lb.board_metric("mAP", "65.4 mAP on COCO", coco).id == lb.board_metric(
        "AP", "66.0% AP on COCO", coco
    ).id == "ap"
    assert lb.board_metric("AP50", "51.2 AP50", coco).name == "AP50"
    assert lb.board_metric("pass@1", "54.5% pass@10 on", lb.benchmark_of("HumanEval")).name == (
        "pass@k"
    )
    for m in lb.metrics():
        assert m.direction in ("higher", "lower")


def test_time_memory_and_compute_units_are_normalised():
    assert lb.normalise_unit(250, "ms") == (0.25, "s")
    assert lb.normalise_unit(3, "minutes") == (180.0, "s")
    assert lb.normalise_unit(2, "min") == lb.normalise_unit(120, "sec")
    assert lb.normalise_unit(1.5, "GB") == (1.5e9, "B")
    assert lb.normalise_unit(4, "GFLOPs") == (4e9, "FLOPs")
    assert lb.normalise_unit(72.4, "%") == (72.4, "%")


# --- settings, roles, placement ----------------------------------------------------------------


def test_selective_accuracy_and_its_coverage_stay_off_the_top1_board(ann):
    top = _row(ann, "selective", 99.0)
    assert top["selective"] and top["setting"] == "selective" and top["placed"]
    assert _row(ann, "selective", 95.0)["setting"] == "selective"  # "(and 95% ... at 80%)"
    board = lb.board(ann, "imagenet", "top1_accuracy", "classification")
    assert 99.0 not in set(board["value"]) and 95.0 not in set(board["value"])


def test_an_error_rate_is_its_own_lower_is_better_board(ann):
    err = _row(ann, "itnas", 24.1)
    got = (err["bench_id"], err["metric"], err["direction"])
    assert got == ("imagenet", "top-1 error", "lower")
    acc = lb.board(ann, "imagenet", "top1_accuracy", "classification")
    assert 24.1 not in set(acc["value"])


def test_extra_training_data_is_a_flag_not_another_board():
    bench = lb.benchmark_of("ImageNet")
    sent = (
        "Our conceptually simple MOAT networks are surprisingly effective, achieving 89.1% / 81.5% "
        "top-1 accuracy on ImageNet-1K / ImageNet-1K-V2 with ImageNet-22K pretraining."
    )
    s = sent.index("89.1")
    row = {"start": s, "end": s + 5, "value": 89.1, "unit": "%", "kind": "score",
           "metric": "accuracy", "benchmark": "ImageNet-1K", "method": "MOAT"}
    r = lb.read_row(row, sent, bench, ["MOAT"], False, "MOAT: Alternating Mobile Convolution")
    assert (r.extra_data, r.setting, r.metric) == (True, "standard", "top-1 accuracy")
    assert r.placed


def test_the_own_method_is_named_from_the_title_when_the_sentence_says_a_model(ann):
    row = _row(ann, "convnext", 88.9)
    assert (row["role"], row["method"], row["metric"]) == ("own", "ConvNeXt V2", "top-1 accuracy")


def test_a_model_evaluated_by_a_benchmark_paper_is_not_its_own_method(ann):
    row = _row(ann, "humanevalpro", 96.2)
    assert (row["role"], row["method"], row["bench_id"]) == ("evaluated", "o1-mini", "humaneval")
    default = lb.board(ann, "humaneval", "pass_at_1", "code generation")
    assert 96.2 not in set(default["value"])
    every = lb.board(ann, "humaneval", "pass_at_1", "code generation", all_settings=True)
    assert "evaluated" in set(every["role"])


def test_from_a_to_b_is_the_baseline_then_the_method(ann):
    before, after = _row(ann, "sek", 85.4), _row(ann, "sek", 93.3)
    assert before["role"] == "baseline" and before["method"] == "DeepSeek-Coder-V2-Instruct"
    assert (after["role"], after["method"]) == ("own", "SEK")
    board = lb.board(ann, "humaneval", "pass_at_1", "code generation")
    assert list(board["value"]) == [93.3]


def test_keypoint_box_and_detection_ap_never_share_a_board(ann):
    pose = _row(ann, "rtmo", 74.8)
    assert pose["task"] == "keypoints"
    det = lb.board(ann, "coco", "ap", "detection")
    assert set(det["value"]) == {66.0, 65.4}  # AP and mAP: one metric
    assert set(det["split"]) == {"test-dev"}


def test_a_zero_shot_title_does_not_make_a_score_zero_shot(ann):
    row = _row(ann, "meco", 97.31)
    assert pd.isna(row["shot"])
    assert (row["setting"], row["metric"]) == ("standard", "top-1 accuracy")
    assert not _row(ann, "meco", 0.04)["placed"]  # "0.04% higher than the baselines"


def test_a_subset_is_flagged_and_a_saving_is_unplaced(ann):
    astro = _row(ann, "orbit", 76.0)
    assert astro["subset"] == "astronomy" and astro["setting"] == "subset: astronomy"
    assert (astro["role"], _row(ann, "orbit", 69.0)["role"]) == ("own", "baseline")
    assert lb.board(ann, "mmlu", "accuracy", "question answering").empty  # not the whole MMLU
    sub = lb.board(ann, "mmlu", "accuracy", "question answering", setting="subset: astronomy")
    assert list(sub["value"]) == [76.0]
    latency = _row(ann, "selectllm", 70.0)
    assert not latency["placed"] and latency["reason"]
    assert latency["evidence"].count("⟦70%⟧") == 1 and latency["evidence"].endswith("baseline.")


def test_coverage_counts_papers_naming_the_benchmark(ann, frames):
    cov = lb.coverage(ann, "imagenet", frames["benchmarks"], "top1_accuracy")
    assert cov["naming"] >= 3 and cov["placeable"] >= 1
    assert cov["on_board"] <= cov["placeable"] <= cov["naming"]
    assert "name ImageNet" in lb.coverage_line(cov, "ImageNet")


# --- the command -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def db(tmp_path_factory, frames) -> str:
    path = tmp_path_factory.mktemp("boards") / "b.duckdb"
    con = duckdb.connect(str(path))
    for name, frame in frames.items():
        con.register("f", frame)
        con.execute(f"CREATE TABLE {name} AS SELECT * FROM f")
        con.unregister("f")
    con.close()
    return str(path)


def test_leaderboard_command_prints_json_rows(db, capsys):
    assert cli.main(["leaderboard", "ImageNet-1K", "--metric", "accuracy", "--format", "json",
                     "--db", db]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows and rows[0]["metric"] == "top-1 accuracy" and rows[0]["rank"] == 1
    need = {"rank", "value", "unit", "metric", "setting", "method", "role", "paper_id", "title",
            "venue", "year", "evidence"}
    assert need <= set(rows[0])
    assert all(r["role"] == "own" for r in rows)


def test_leaderboard_command_table_has_the_coverage_line(db, capsys):
    assert cli.main(["leaderboard", "HumanEval", "--db", db]) == 0
    out = capsys.readouterr().out
    assert "pass@1" in out and "report a placeable score" in out and "SEK" in out
    assert "o1-mini" not in out


def test_a_score_with_extra_training_data_says_so(db, capsys):
    assert cli.main(["leaderboard", "ImageNet", "--db", db]) == 0
    lines = capsys.readouterr().out.splitlines()
    moat = next(line for line in lines if "MOAT" in line and "89.1%" in line)
    assert "[own; standard, extra data]" in moat
    convnext = next(line for line in lines if "88.9%" in line)  # "using public training data only"
    assert "extra data" not in convnext
    assert lb.setting_shown("zero-shot", True) == "zero-shot, extra data"
    assert lb.setting_shown("standard", False) == lb.setting_shown("standard", None) == "standard"


def test_unknown_benchmark_or_metric_is_one_line_and_exit_2(db, capsys):
    assert cli.main(["leaderboard", "Imagenett", "--db", db]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "ImageNet" in err[0]
    # a slip typed in another case still finds the name: "HUMANEVL" is HumanEval
    assert cli.main(["leaderboard", "HUMANEVL", "--db", db]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "closest: HumanEval" in err[0]
    assert cli.main(["leaderboard", "ImageNet", "--metric", "BLEU", "--db", db]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "top-1 accuracy" in err[0]


def test_the_results_table_carries_what_the_board_reads(frames, ann):
    """The stage's columns and the board's reading of the same rows agree."""
    stage = frames["results"].dropna(subset=["benchmark"])
    both = stage.merge(ann, on=["paper_id", "start"], suffixes=("_stage", ""))
    assert len(both) == len(stage) > 10
    for col, attr in lb.STAGE_FIELDS.items():
        a = both[f"{col}_stage" if f"{col}_stage" in both else col]
        b = both[attr]
        assert [None if pd.isna(x) else x for x in a] == [None if pd.isna(x) else x for x in b], col
    assert list(both["method_stage"].fillna("")) == list(both["method"].fillna(""))
    sek = stage[stage["paper_id"].str.endswith("sek")]
    assert list(zip(sek["role"], sek["method"])) == [
        ("baseline", "DeepSeek-Coder-V2-Instruct"), ("own", "SEK")
    ]


# --- settings and non-scores seen in the 47k audit (issue 23) -----------------------------------


def _read(sent, needle, value, bench, metric, method=None, proposed=(), title=None, unit="%"):
    s = sent.index(needle)
    row = {"start": s, "end": s + len(needle), "value": value, "unit": unit, "kind": "score",
           "metric": metric, "benchmark": bench, "method": method}  # fmt: skip
    return lb.read_row(row, sent, lb.benchmark_of(bench), list(proposed), False, title)


def test_a_frozen_trunk_is_a_linear_probe_setting():
    # recent/iclr2025 "Multimodal Autoregressive Pre-training of Large Vision Encoders"
    sent = "Notably, our AIMV2-3B encoder achieves 89.5% accuracy on ImageNet-1k with a frozen trunk."
    r = _read(sent, "89.5%", 89.5, "ImageNet-1k", "accuracy", "AIMV2", ["AIMV2"])
    assert (r.shot, r.setting) == ("linear probe", "linear probe")


def test_an_error_written_after_a_list_is_the_metric_of_the_whole_list():
    # "Differentiable Architecture Search With Random Features"
    sent = (
        "Besides, RF-PCDARTS achieves even better results on ImageNet, that is, 23.9% top-1 and "
        "7.1% top-5 test error, surpassing representative methods like single-path."
    )
    assert _read(sent, "23.9%", 23.9, "ImageNet", "accuracy").metric == "top-1 error"
    assert _read(sent, "7.1%", 7.1, "ImageNet", "accuracy").metric == "top-5 error"


def test_a_range_of_gains_is_no_score():
    # "PackQViT: Faster Sub-8-bit Vision Transformers via Full and Packed Quantization"
    sent = (
        "Compared to prior studies on ViT quantization using 8-bit precision, PackQViT surpasses "
        "other works by an improved accuracy ranging from 0.4% to 17.9% for various widely used "
        "ViTs on ImageNet dataset."
    )
    r = _read(sent, "17.9%", 17.9, "ImageNet", "accuracy", "PackQViT", ["PackQViT"])
    assert not r.placed and "change" in r.reason


def test_a_low_percentage_with_neither_accuracy_nor_error_written_is_unplaced():
    # "SGDR: Stochastic Gradient Descent with Warm Restarts": error rates, never written as such
    sent = (
        "We empirically study its performance on the CIFAR-10 and CIFAR-100 datasets, where we "
        "demonstrate new state-of-the-art results at 3.14% and 16.21%, respectively."
    )
    r = _read(sent, "16.21%", 16.21, "CIFAR-100", "accuracy", "SGDR", ["SGDR"])
    assert not r.placed and r.reason == "neither accuracy nor error written"
    # above 50% it can only be an accuracy (MeCo, in PAPERS)
    sent = "For instance, the best network searched by MeCo-based NAS achieves 97.31% on CIFAR-10."
    assert _read(sent, "97.31%", 97.31, "CIFAR-10", "accuracy").placed


def test_a_spiking_network_is_its_own_setting():
    # "Multi-scale spiking detector" (MSD): mAP@50, not comparable with box AP of ANNs
    sent = (
        "MSD obtains the mean average precision (mAP) of 62.0% and 66.3% on COCO and Gen1 "
        "datasets, respectively."
    )
    r = _read(sent, "62.0%", 62.0, "COCO", "mAP", "MSD", ["MSD"],
              "Efficient Deep Spiking Multi-Layer Perceptrons with Multiplication-Free Inference")
    assert "spiking" in r.setting


def test_the_system_the_own_method_is_applied_to_is_not_its_method():
    # "Contrastive Sampling Chains in Diffusion Models": the 2.04 is EDM's, the 1.88 the paper's
    sent = (
        "For example, on CIFAR10, when applied to a pre-trained EDM, our method improves the FID "
        "from 2.04 to 1.88 with 35 neural function evaluations (NFEs)."
    )
    before = _read(sent, "2.04", 2.04, "CIFAR10", "FID", "EDM", unit=None)
    after = _read(sent, "1.88", 1.88, "CIFAR10", "FID", "EDM", unit=None)
    assert (before.role, before.method) == ("baseline", "EDM")
    assert after.role == "own" and after.method is None
    # "Stable Target Field for Reduced Variance Score Estimation in Diffusion Models"
    sent = (
        "When used in combination with EDM, our method yields a current SOTA FID of 1.90 with 35 "
        "network evaluations on the unconditional CIFAR-10 generation task."
    )
    assert _read(sent, "1.90", 1.90, "CIFAR-10", "FID", "EDM", unit=None).method is None


def test_an_error_without_a_percent_sign_is_no_error_rate():
    # cvpr2024 "HouseCat6D" and a cvpr2023 head-reconstruction abstract: millimetres by "error"
    # stood on boards as error rates of 1.35% and 26%
    sent = ("The dataset provides high-quality pose annotations with an error range of only "
            "1.35 mm to 1.74 mm.")
    r = _read(sent, "1.35", 1.35, "HouseCat6D", "error rate", unit=None)
    assert not r.placed and r.score is None
    sent = ("Predicting one head takes about 0.3 seconds with a median reconstruction error of "
            "0.26 mm, 64% lower than the current state-of-the-art.")
    assert not _read(sent, "0.26", 0.26, "NPHM", "error rate", unit=None).placed
    # a rate written with its percent sign stays on the board (ICLR 2017, IMDB)
    sent = ("We do this for sentiment analysis on the IMDB movie review dataset and report an "
            "error rate of 6.28%.")
    r = _read(sent, "6.28%", 6.28, "IMDB", "error rate")
    assert r.placed and (r.metric, r.score) == ("error rate", 6.28)


def test_alpacaeval_2_is_a_board_apart_from_alpacaeval():
    # version 2 judges against another reference model: its win rates are not version 1's
    # (acl2024 SRT 25.8% on 2.0 and icml2024 ReMax 94.78% on 1 shared one board)
    sent = ("When applied to a 70B parameter model, SRT increases the win rate from 9.6% to 25.8% "
            "on the AlpacaEval 2.0 benchmark, surpassing well-established systems such as "
            "GPT-4-0314, Claude 2, and Gemini.")
    r = _read(sent, "25.8%", 25.8, "AlpacaEval 2.0", "win rate", "SRT", ["SRT"])
    assert (r.bench_id, r.bench, r.score) == ("alpacaeval-2", "AlpacaEval 2.0", 25.8)
    sent = ("Applying ReMax to a Mistral-7B model resulted in a 94.78% win rate on the AlpacaEval "
            "leaderboard and a 7.739 score on MT-bench, setting a new SOTA for open-source 7B "
            "models.")
    r = _read(sent, "94.78%", 94.78, "AlpacaEval", "win rate", "ReMax", ["ReMax"])
    assert (r.bench_id, r.score) == ("alpacaeval", 94.78)
    assert lb.benchmark_of("AlpacaEval2").id == "alpacaeval-2"


def test_a_negative_number_is_no_score_of_a_metric_that_cannot_be_negative():
    # cvpr2025 "HOIGPT": -2.56 FID topped a generation board; cvpr2025 "TexTok": the -512 of
    # "ImageNet-256 and -512" stood as an FID of -512
    sent = ("Extensive experiments demonstrate that HOIGPT sets new state-of-the-art performance "
            "on both text generation (+2.01% R Precision) and HOI generation (-2.56 FID) across "
            "multiple tasks and benchmarks.")
    r = _read(sent, "-2.56", -2.56, "HOI", "FID", "HOIGPT", ["HOIGPT"], unit=None)
    assert not r.placed and r.score is None
    sent = ("TexTok with a vanilla DiT generator achieves state-of-the-art FID scores of 1.46 and "
            "1.62 on ImageNet-256 and -512 respectively.")
    assert not _read(sent, "-512", -512.0, "ImageNet-256", "FID", "TexTok", ["TexTok"],
                     unit=None).placed
    assert _read(sent, "1.46", 1.46, "ImageNet-256", "FID", "TexTok", ["TexTok"],
                 unit=None).score == 1.46
    # a correlation may be negative (icml2023 "REF Complexity")
    sent = ("Empirically, REF Complexity monotonically relates to test accuracy in real-world "
            "datasets without accessing additional validation sets, achieving -0.988 correlation "
            "on CIFAR-10 and -0.960 correlation on CIFAR-100.")
    r = _read(sent, "-0.988", -0.988, "CIFAR-10", "correlation", unit=None)
    assert r.placed and r.score == -0.988


def test_a_slogan_or_a_modifier_is_not_a_methods_name():
    # neurips2023 "Lift Yourself Up: Retrieval-augmented Text Generation with Self-Memory": the
    # title's head stood as the method on the XSum board
    sent = ("Our approach achieves state-of-the-art results in four directions in JRC-Acquis "
            "translation dataset, 50.3 ROUGE-1 in XSum, and 62.9 ROUGE-1 in BigPatent, "
            "demonstrating the potential of self-memory in enhancing retrieval-augmented "
            "generation models.")
    title = "Lift Yourself Up: Retrieval-augmented Text Generation with Self-Memory"
    r = _read(sent, "50.3", 50.3, "XSum", "ROUGE-1", title=title, unit=None)
    assert r.placed and r.role == "own" and r.method is None
    # neurips2023 "Generative Modeling through the Semi-dual Formulation of Unbalanced Optimal
    # Transport": "OT-based" (after "outperforms existing") was the method on CIFAR-10's FID board
    sent = ("Our model outperforms existing OT-based generative models, achieving FID scores of "
            "2.97 on CIFAR-10 and 5.80 on CelebA-HQ-256.")
    r = _read(sent, "2.97", 2.97, "CIFAR-10", "FID", unit=None)
    assert r.placed and r.method is None
    # a name the title gives stays the method (cvpr2023 "ConvNeXt V2")
    sent = ("To accommodate different use cases, we provide pre-trained ConvNeXt V2 models of a "
            "wide range of complexity: from an efficient 3.7M-parameter Atto model that achieves "
            "76.8% top-1 accuracy on ImageNet, to a 650M Huge model that can reach a "
            "state-of-the-art 88.9% accuracy using public training data only.")
    r = _read(sent, "88.9%", 88.9, "ImageNet", "accuracy",
              title="ConvNeXt V2: Co-Designing and Scaling ConvNets With Masked Autoencoders")
    assert r.method == "ConvNeXt V2"
