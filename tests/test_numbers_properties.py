"""Property tests for extract.sizes and extract.metrics: any text, no exception, exact offsets.

Also runs the 1 MB adversarial inputs of ``benchmarks/adversarial_numbers.py`` through both
extractors (completion only; the timing is printed by that script, not asserted here).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from extract.records import PaperText
from extract.schema import TABLES
from extract.stages import metrics, sizes

ROOT = Path(__file__).resolve().parents[1]

# Text built from the pieces the patterns care about, so hypothesis reaches the interesting paths.
_PIECES = [
    "1",
    "7",
    "0.5",
    "1.47",
    "24,860",
    "B",
    "M",
    "K",
    "T",
    "b",
    "billion",
    "million",
    "%",
    "\\%",
    "×",
    "x",
    "X",
    "\\times",
    "$",
    "\\sim",
    "~",
    ">",
    "$>$",
    " ",
    "\u00a0",
    "\u2009",
    "-",
    ".",
    ",",
    "up to",
    "upto",
    "over",
    "about",
    "just",
    "not exceeded",
    "parameters",
    "-parameter",
    "-sized",
    "model",
    "tokens",
    "context",
    "accuracy",
    "F1",
    "BLEU",
    "points",
    "percentage points",
    "pp",
    "times faster",
    "fold",
    "out of",
    "four",
    "Llama-3-8B",
    "Qwen2.5-32B-Instruct",
    "LLaMA ",
    "rank = ",
    "of the data",
    "(",
    ")",
    "*",
    "\n",
    "é",
    "🙂",
]
_texty = st.one_of(
    st.text(max_size=300),
    st.lists(st.sampled_from(_PIECES), max_size=60).map("".join),
    st.lists(st.one_of(st.sampled_from(_PIECES), st.text(max_size=5)), max_size=60).map("".join),
)


def _check_rows(module, text: str) -> None:
    rows = module.extract_rows(PaperText("p", text))
    cols = TABLES[module.TABLE].column_names
    for row in rows:
        assert list(row) == cols
        assert 0 <= row["start"] < row["end"] <= len(text)
        assert text[row["start"] : row["end"]] == row["text"]
        assert row["paper_id"] == "p"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_texty)
@example("0B")  # found by this test: a zero parameter count was a size
@example("Llama-0B and 7B models")
def test_sizes_never_raise_and_offsets_slice_back(text):
    _check_rows(sizes, text)
    for row in sizes.extract_rows(PaperText("p", text)):
        assert row["params"] > 0


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_texty)
def test_metrics_never_raise_and_offsets_slice_back(text):
    _check_rows(metrics, text)
    for row in metrics.extract_rows(PaperText("p", text)):
        assert row["unit"] in {"%", "points", "x", "count", "other"}
        assert row["value"] == row["value"]  # not NaN


def _adversarial_inputs() -> dict[str, str]:
    spec = importlib.util.spec_from_file_location(
        "adversarial_numbers", ROOT / "benchmarks" / "adversarial_numbers.py"
    )
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.adversarial_inputs()


@pytest.mark.parametrize("name", sorted(_adversarial_inputs()))
def test_one_megabyte_adversarial_inputs_complete(name):
    # The pattern finders are what must stay linear; extract.benchmarks has its own tests.
    text = _adversarial_inputs()[name]
    assert len(text) >= 1_000_000
    for m in sizes.find_sizes(text):
        assert text[m.start : m.end] == m.text
    for m in metrics.find_metrics(text):
        assert text[m.start : m.end] == m.text
