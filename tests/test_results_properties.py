"""Property tests for extract.stages.results: any text, no exception, every span holds its value.

Also runs the adversarial inputs of ``benchmarks/adversarial_numbers.py`` (100 KB each) through
the results finder (completion only; ``benchmarks/adversarial_numbers.py`` prints timings).
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from extract.records import PaperText
from extract.schema import TABLES
from extract.stages import results
from extract.text.markup import clean_view

ROOT = Path(__file__).resolve().parents[1]

# Text built from what the results reader looks for, so hypothesis reaches its paths.
_PIECES = [
    "1",
    "7",
    "0.5",
    "72.4",
    ".023",
    "1,000",
    "2020",
    "%",
    "\\%",
    "×",
    "x",
    "\\times",
    "$",
    "~",
    "∼",
    "+",
    "-",
    "−",
    " ",
    "\u00a0",
    ".",
    ",",
    ";",
    "(",
    ")",
    "[",
    "]",
    "/",
    "=",
    "up to",
    "over",
    "about",
    "by",
    "from",
    "to",
    "and",
    "respectively",
    "on",
    "in",
    "of the data",
    "accuracy",
    "F1",
    "BLEU",
    "perplexity",
    "bits/char",
    "points",
    "pp",
    "times faster",
    "-fold",
    "twice",
    "two-fold",
    "out of",
    "improvement",
    "reduction",
    "achieves",
    "outperforms",
    "than",
    "we",
    "our",
    "GSM8K",
    "Penn Treebank",
    "ImageNet (",
    "GPT-4",
    "Top-1",
    "ResNet-50",
    "7B",
    "128x128",
    "F(6, 3)",
    "{-1,+1}",
    "zero-shot",
    "test set",
    "\n",
    "é",
    "🙂",
]
_texty = st.one_of(
    st.text(max_size=300),
    st.lists(st.sampled_from(_PIECES), max_size=60).map("".join),
    st.lists(st.one_of(st.sampled_from(_PIECES), st.text(max_size=5)), max_size=60).map("".join),
)
_WORDS = {
    "twice": 2.0,
    "two": 2.0,
    "three": 3.0,
    "four": 4.0,
    "five": 5.0,
    "six": 6.0,
    "seven": 7.0,
    "eight": 8.0,
    "nine": 9.0,
    "ten": 10.0,
}


def numbers_in(span: str) -> set[float]:
    """Every number written in ``span`` (digits, LaTeX-free) and number words."""
    out = {
        float(m.group(0).replace(",", "")) for m in re.finditer(r"\d[\d,]*(?:\.\d+)?|\.\d+", span)
    }
    out |= {v for w, v in _WORDS.items() if w in span.lower()}
    return out


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_texty)
def test_results_never_raise_and_every_span_holds_its_value(text):
    deps = {"benchmarks": [], "methods": []}
    for row in results.extract_rows(PaperText("p", text), deps):
        assert list(row) == TABLES["results"].column_names
        assert 0 <= row["start"] < row["end"] <= len(text)
        # the span as written, markup aside ("$72.4\\%$", "1{0}"), holds the value
        span = clean_view(text[row["start"] : row["end"]]).text
        assert abs(row["value"]) in numbers_in(span)
        assert row["kind"] in results.KINDS
        assert row["direction"] in ("higher", "lower", None)
        assert 0 < row["confidence"] <= 1


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    _texty, st.lists(st.sampled_from(["GSM8K", "Penn Treebank", "ImageNet", "x", "1"]), max_size=3)
)
def test_any_declared_names_are_fine(text, names):
    view = clean_view(text)
    for m in results.find_results(view.text, {n: n for n in names}, ["GPT-4"], ["OurNet"]):
        assert abs(m.value) in numbers_in(view.text[m.start : m.end])


def _adversarial_inputs() -> dict[str, str]:
    spec = importlib.util.spec_from_file_location(
        "adversarial_numbers", ROOT / "benchmarks" / "adversarial_numbers.py"
    )
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.adversarial_inputs(100_000)


@pytest.mark.parametrize("name", sorted(_adversarial_inputs()))
def test_adversarial_inputs_complete(name):
    text = clean_view(_adversarial_inputs()[name]).text
    for m in results.find_results(text):
        assert abs(m.value) in numbers_in(text[m.start : m.end])
