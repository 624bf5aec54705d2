"""The vocabularies under extract/data are consistent with themselves and with the code."""

from __future__ import annotations

import re
from collections import Counter

import pytest
import tomllib

from extract.datafiles import DATA_DIR
from extract.stages import benchmarks, methods, techniques


def _toml(name: str) -> dict:
    return tomllib.loads((DATA_DIR / name).read_text(encoding="utf-8"))


def test_stage_data_files_exist():
    for mod in (methods, techniques, benchmarks):
        for name in mod.DATA_FILES:
            assert (DATA_DIR / name).is_file(), name


def test_taxonomy_tags_themes_and_patterns():
    entries = _toml("taxonomy.toml")["technique"]
    tags = [e["tag"] for e in entries]
    assert len(tags) == len(set(tags)), "duplicate tag"
    for e in entries:
        assert e.get("theme"), f"{e['tag']} has no theme"
        assert e.get("phrases") or e.get("acronyms") or e.get("tokens"), (
            f"{e['tag']} has no strong pattern"
        )
        for p in [*e.get("phrases", []), *e.get("tokens", []), *e.get("weak", [])]:
            re.compile(p)


def test_every_alias_maps_to_exactly_one_tag():
    seen: Counter[str] = Counter()
    for e in _toml("taxonomy.toml")["technique"]:
        for key in ("phrases", "acronyms", "tokens", "weak"):
            seen.update(p.lower() for p in e.get(key, []))
    dupes = [p for p, n in seen.items() if n > 1]
    assert not dupes, f"patterns in more than one tag: {dupes}"


REQUIRED_TAGS = [
    "LoRA/PEFT",
    "RAG",
    "Chain-of-Thought/Reasoning",
    "Preference alignment",
    "Quantization",
    "Pruning/Compression",
    "Distillation",
    "KV cache",
    "Speculative decoding",
    "Long context",
    "Sparse attention",
    "State space/RNN",
    "Scaling laws",
    "Multilingual",
    "Vision-language/Multimodal",
    "Agents/Tool use",
    "Safety/Jailbreak",
    "Watermarking",
    "Membership inference/Privacy",
    "Knowledge editing",
    "Unlearning",
    "Evaluation/Benchmark",
    "LLM-as-judge",
    "Synthetic data",
    "Continual learning",
    "Calibration/Uncertainty",
    "Interpretability",
    "Retrieval/IR",
    "Instruction tuning/SFT",
    "Diffusion",
    "Constrained decoding",
    "Data selection/weighting",
    "Graph neural networks",
    "Summarization",
    "Finance",
]


@pytest.mark.parametrize("tag", REQUIRED_TAGS)
def test_required_tag_present(tag):
    assert tag in {e["tag"] for e in _toml("taxonomy.toml")["technique"]}


@pytest.mark.parametrize(
    "file,table", [("methods_vocab.toml", "method"), ("benchmarks_vocab.toml", "benchmark")]
)
def test_vocabulary_has_no_duplicates(file, table):
    surfaces = [s for e in _toml(file)[table] for s in (e["name"], *e.get("aliases", []))]
    dupes = [s for s, n in Counter(surfaces).items() if n > 1]
    assert not dupes, f"duplicate entries in {file}: {dupes}"


def test_model_family_patterns_compile_and_are_named():
    fams = _toml("methods_vocab.toml")["model_family"]
    names = [f["name"] for f in fams]
    assert len(names) == len(set(names))
    for f in fams:
        re.compile(f["pattern"])


def test_benchmark_context_patterns_have_a_name_group():
    for p in _toml("benchmarks_vocab.toml")["patterns"]["context"]:
        assert "name" in re.compile(p).groupindex


def test_stoplist_has_no_duplicates_and_no_vocabulary_names():
    stop = _toml("method_stoplist.toml")
    words = [*stop["generic"], *stop["common"]]
    assert len(words) == len(set(words))
    vocab = {
        s for e in _toml("methods_vocab.toml")["method"] for s in (e["name"], *e.get("aliases", []))
    }
    assert not set(stop["generic"]) & vocab


def test_methods_and_benchmarks_vocabularies_are_disjoint():
    m = {
        s for e in _toml("methods_vocab.toml")["method"] for s in (e["name"], *e.get("aliases", []))
    }
    b = {
        s
        for e in _toml("benchmarks_vocab.toml")["benchmark"]
        for s in (e["name"], *e.get("aliases", []))
    }
    assert not m & b
