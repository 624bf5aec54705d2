"""What the results stage knows as data.

Metrics (canonical names, aliases, direction, 0-100 scale), default metrics of benchmarks, words
that are not benchmarks and model families (``extract/data/results_vocab.toml``), qualifiers
(``units.toml``) and the benchmark vocabulary of the benchmarks stage.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from extract.datafiles import load_toml
from extract.results.patterns import (
    DIMENSIONS_NAME,
    SP,
)
from extract.text.phrases import alternation

# --- vocabulary ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Vocab:
    """The vocabulary, compiled."""

    alias_re: re.Pattern[str]
    lookup: dict[str, str]  # alias (lower-cased unless an acronym) -> canonical metric
    direction: dict[str, str | None]
    percent: frozenset[str]
    efficiency: frozenset[str]
    comparatives: dict[str, str]
    defaults: dict[str, str]
    not_bench: frozenset[str]
    qualifier_re: re.Pattern[str]
    qualifiers: list[str]
    model_re: re.Pattern[str]  # names of model families: never a benchmark
    task_words: frozenset[str]  # a task after a data set's name: "CoNLL 2003 NER"


def _is_acronym(word: str) -> bool:
    return len(word) <= 5 and sum(ch.isupper() for ch in word) >= 2


@lru_cache(maxsize=1)
def vocab() -> Vocab:
    """The vocabulary of ``results_vocab.toml`` and ``units.toml``, read once."""
    data = load_toml("results_vocab.toml")
    units = load_toml("units.toml")["metrics"]
    lookup: dict[str, str] = {}
    direction: dict[str, str | None] = {}
    percent, efficiency = set(), set()
    for m in data["metric"]:
        direction[m["name"]] = m.get("direction")
        if m.get("percent"):
            percent.add(m["name"])
        if m.get("efficiency"):
            efficiency.add(m["name"])
        for a in (m["name"], *m["aliases"]):
            lookup[a if _is_acronym(a) else a.lower()] = m["name"]
    ci = [a for a in lookup if not _is_acronym(a)]
    cs = [a for a in lookup if _is_acronym(a)]
    alias_re = re.compile(
        rf"(?<![\w@-])(?:(?i:top-\d{{1,2}}{SP}(?:accuracy|acc|error|recall))|(?i:{alternation(ci)})|"
        rf"{alternation(cs)})(?:@\d{{1,3}})?(?![\w@+]|-(?=\w))"
    )
    quals = units["qualifiers"]
    q_alt = "|".join(f"(?P<q{i}>{alternation(v)})" for i, v in enumerate(quals.values()))
    qualifier_re = re.compile(
        rf"(?<![A-Za-z])(?i:{q_alt})(?:[\s\u00a0\u2009\u202f(]|\\sim|\\approx|~){{0,3}}$"
    )
    return Vocab(
        alias_re,
        lookup,
        direction,
        frozenset(percent),
        frozenset(efficiency),
        dict(data.get("comparatives", {})),
        dict(data.get("defaults", {})),
        frozenset(data.get("not_benchmarks", {}).get("words", [])),
        qualifier_re,
        list(quals),
        re.compile(
            rf"(?:{alternation(data['not_benchmarks']['model_families'])})"
            r"(?:[-\s.]?v?\d[\w.]*)?(?:[-\s/]?(?i:base|large|small|tiny|mini|XL|XXL|instruct|chat|"
            r"\d+(?:\.\d+)?[BMK]))*\Z"
        ),
        frozenset(data.get("not_benchmarks", {}).get("task_words", [])),
    )


def canonical_metric(phrase: str) -> str | None:
    """The canonical metric named by ``phrase`` ("F1-score" -> "F1", "HR@1" -> "Hits@1")."""
    v = vocab()
    m = re.fullmatch(r"(?i:top-(\d{1,2})[ \u00a0](accuracy|acc|error|recall))", phrase.strip())
    if m:
        k, what = m.group(1), m.group(2).lower()
        if what in ("accuracy", "acc"):
            return "accuracy" if k == "1" else f"top-{k} accuracy"
        return "error rate" if what == "error" else f"recall@{k}"
    cut = re.search(r"@\d{1,3}$", phrase)
    name = v.lookup.get(phrase) or v.lookup.get(phrase.lower())
    if name is None and cut:
        base = phrase[: cut.start()]
        name = v.lookup.get(base) or v.lookup.get(base.lower())
    if name is None:
        return None
    if cut and "@" not in name:
        return name + cut.group(0)
    return name


def metric_direction(metric: str | None) -> str | None:
    """``higher`` or ``lower`` (is better) for a canonical metric; None when it is not known."""
    if metric is None:
        return None
    v = vocab()
    if metric in v.direction:
        return v.direction[metric]
    base = re.sub(r"@\d+$", "", metric)
    if re.fullmatch(r"top-\d+ accuracy", base):
        base = "accuracy"
    return v.direction.get(base)


def metric_is_percent(metric: str | None) -> bool:
    """True for metrics usually written on a 0-100 scale (accuracy, F1, ...)."""
    if metric is None:
        return False
    v = vocab()
    base = re.sub(r"@\d+$", "", metric)
    return metric in v.percent or base in v.percent or base.endswith(" accuracy")


def default_metric(benchmark: str) -> str | None:
    """The metric ``benchmark`` is usually reported in (``[defaults]``), or None."""
    v = vocab()
    if benchmark in v.defaults:
        return v.defaults[benchmark]
    for key, metric in v.defaults.items():
        if benchmark.startswith(key) and not benchmark[len(key) : len(key) + 1].isalpha():
            return metric
    return None


@lru_cache(maxsize=1)
def _initials_index() -> dict[str, str]:
    """Capitals of each vocabulary benchmark ("SQuAD" -> "SQAD") -> its canonical name."""
    out: dict[str, str] = {}
    for surface, canon in benchmark_vocabulary().items():
        caps = "".join(c for c in surface if c.isupper())
        if len(caps) >= 4 and caps == "".join(c for c in surface if c.isalpha() and c.isupper()):
            out.setdefault(caps, canon)
    return out


def by_initials(name: str) -> str | None:
    """The vocabulary benchmark a spelled-out name abbreviates, by its initials.

    "Stanford Question Answering Dataset" -> SQuAD, "Massive Multitask Language Understanding"
    -> MMLU: four or more capitalised words, so three initials never decide.
    """
    words = re.split(r"[\s-]+", name)
    if len(words) < 4 or not all(w[:1].isupper() for w in words):
        return None
    return _initials_index().get("".join(w[0] for w in words))


@lru_cache(maxsize=1)
def benchmark_vocabulary() -> dict[str, str]:
    """Surface form -> canonical name of every benchmark the benchmarks stage knows."""
    try:
        from extract.stages import benchmarks

        return dict(benchmarks.benchmark_names())
    except (ImportError, AttributeError):  # the benchmarks stage without a vocabulary API
        return {}


def plausible_benchmark(name: str) -> bool:
    """False for names no result is measured on.

    A model ("LLaVA-1.6"), a size ("256x256"), a language or another word of the vocabulary's
    ``[not_benchmarks]`` ("Galician").
    """
    v = vocab()
    return not (DIMENSIONS_NAME.fullmatch(name) or v.model_re.match(name) or name in v.not_bench)
