r"""Results: what scored how much on which benchmark ("X achieves 72.4% accuracy on GSM8K").

Every number of the abstract that reports an outcome becomes a row linking it to the benchmark
it was measured on, the metric, the method that achieved it and the kind of figure it is:

* ``score``: a value of a metric ("72.4% accuracy", "an F1 of 84.1", "F1 = 82.7", "1.24
  bits/char", "52.8 on PTB"; both ends of "reduces WER from 10.2 to 8.1");
* ``delta``: a difference ("outperforms Y by 3.1 points", "+2.2% mIoU", "a 36% reduction in
  memory", "improves accuracy by 1.2%");
* ``relative``: a ratio ("2x faster", "16x memory saving", "retains 85% of the gain");
* ``other``: a count of successes ("solving 20/20 tasks", "9 out of 12").

How a sentence is read. Numbers are found with their unit (``%``, ``points``, ``x``, a time
unit or none), the qualifier before them ("up to", "over", "about": ``data/units.toml``) and
their sign. Numbers glued to a name or notation ("GPT-4", "Top-1", "ResNet-50", "H100", "7B",
"F(6, 3)", "{-1,+1}"), dimensions ("128x128"), years, enumerations ("1)"), counts ("11
languages"), section numbers and setup figures ("10% of the training data", "only 0.4% tunable
parameters", "5-shot", "8-bit") are skipped. The numbers of a sentence are grouped into lists
("72.4% and 81.3%"), ranges ("2-3x") and bracketed additions ("72.4% (+1.2%)"); a group gets

* a kind from its unit ("x": relative), sign ("+1.2": delta) and the words around it ("by 3.1",
  "a 36% reduction", "improvements of 4.0 points", "outperforms X by a large margin, i.e., 5%");
* a metric: the one named right after it ("77% accuracy", "4.0 accuracy points"), else the
  list of metrics named before it spread over its numbers ("an F1 of", "METEOR/CIDEr of
  25.2/98.6"), else that of the previous group, else a later one in the sentence, else what a
  comparative implies ("2x faster": speedup), else the benchmark's usual metric ("52.8 on PTB":
  perplexity, ``[defaults]`` of the vocabulary);
* a benchmark: the one right after it ("on GSM8K", a list "on A and B" spread over a list of
  numbers), the one it is bracketed after ("FineGym (+17.9%)"), a list aligned by
  "respectively", else the nearest one introduced by "on"/"in" in the sentence;
* a method: the subject of the sentence, a name or "we"/"our" (then the method the paper
  proposes, from the methods stage); a score after "from", "than", "compared to" or "vs" is the
  baseline's, named there when a name is.

Benchmarks come from the benchmarks stage (its rows, every occurrence of their names and of
their vocabulary aliases) and from the results' own context: a name-shaped word ("MSRVTT",
"COCO-stuff", "Penn Treebank") after "on"/"in" in a sentence reporting a result, bracketed
before a result or listed after "datasets i.e.", is a benchmark by construction; a name the
methods stage knows as an existing method or model, or a metric name, is not. Metric names,
directions, comparatives, default metrics and words that are not benchmarks are data:
``data/results_vocab.toml``.

Every row then gets the fields a leaderboard needs, read by :mod:`extract.leaderboards` from the
same sentence and the title: ``task``, ``board_metric`` (top-1 vs top-5 accuracy, error rates,
AP vs AP50 vs mask AP, pass@1 vs pass@k), ``norm_value``/``norm_unit`` (% scale, seconds,
bytes, FLOPs), the setting (``shot``, ``extra_data``, ``robust``, ``selective``, ``subset``,
``split``), ``role`` (``own``, ``baseline`` or ``evaluated``) and ``unplaced`` (why a number is
on no board); ``method`` becomes the paper's own method's name when the number is its own.

A row's span covers the qualifier, sign, number and unit ("up to 5x", "+2.2%"), so its text
always contains the value as written. Work is linear in the length of the abstract: every
pattern is applied once or on a bounded window around a number.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from extract import leaderboards
from extract.records import PaperText
from extract.results.names import (
    Mentions,
    benchmark_names,
    context_benchmarks,
    metric_mentions,
    occurrences,
)
from extract.results.numbers import (
    find_numbers,
)
from extract.results.patterns import (
    NUMBER,
)
from extract.results.reading import (
    read_sentence,
)
from extract.results.vocab import (
    benchmark_vocabulary,
    canonical_metric,
    default_metric,
    metric_direction,
    metric_is_percent,
    plausible_benchmark,
    vocab,
)
from extract.text.markup import View, clean_view
from extract.text.sentences import sentences

__all__ = [
    "DATA_FILES",
    "KINDS",
    "TABLE",
    "ResultMatch",
    "canonical_metric",
    "default_metric",
    "extract_rows",
    "find_results",
    "metric_direction",
    "metric_is_percent",
    "plausible_benchmark",
    "result_rows",
]

TABLE = "results"
DATA_FILES: tuple[str, ...] = (
    "results_vocab.toml",
    "units.toml",
    "results_cues.toml",
    "benchmark_aliases.toml",
    "board_metrics.toml",
    "board_cues.toml",
)

KINDS = ("score", "delta", "relative", "other")
MAX_NUMBERS_PER_SENTENCE = 60  # more is a table or a dump pasted into the abstract, not prose


@dataclass(frozen=True)
class ResultMatch:
    """A reported result found in a text (offsets into that text)."""

    start: int
    end: int
    value: float
    unit: str | None
    kind: str
    metric: str | None
    direction: str | None
    qualifier: str | None
    setting: str | None
    benchmark: str | None
    method: str | None
    confidence: float


# --- the stage ----------------------------------------------------------------------------------


def find_results(
    text: str,
    benchmark_names: Mapping[str, str] | None = None,
    method_names: Sequence[str] = (),
    proposed: Sequence[str] = (),
    own_benchmarks: Sequence[str] = (),
) -> list[ResultMatch]:
    """Every reported result in a markup-free ``text``.

    Args:
        text: The abstract (markup-free view).
        benchmark_names: Surface form -> canonical name of the benchmarks named in ``text``.
        method_names: Existing methods and models named in ``text`` (never benchmarks).
        proposed: Names the paper proposes, in order; "we"/"our" stand for the first that is
            not used as a benchmark.
        own_benchmarks: Benchmarks the paper introduces (canonical names).

    Returns:
        Results in order of position.
    """
    v = vocab()
    nums = find_numbers(text, v)
    if not nums:
        return []
    canonical = dict(benchmark_names or {})
    metric_spans = metric_mentions(text, v)
    known = occurrences(text, canonical)
    # a name the results place is spelled as the vocabulary spells it ("PTB" -> "Penn Treebank")
    spelled = {**benchmark_vocabulary(), **canonical}
    extra = context_benchmarks(text, nums, known, v, frozenset(method_names), metric_spans, spelled)
    benches = sorted(known + extra)
    bench_set = {b[2] for b in benches}
    ours = next((p for p in proposed if p not in bench_set), None)
    names = {m: m for m in (*method_names, *proposed) if m not in bench_set}
    men = Mentions(metric_spans, benches, occurrences(text, names), ours)
    starts = [n.num for n in nums]
    for off, sent in sentences(text):
        in_sent = nums[
            bisect.bisect_left(starts, off) : bisect.bisect_left(starts, off + len(sent))
        ]
        if len(in_sent) > MAX_NUMBERS_PER_SENTENCE:
            for n in in_sent:
                n.kind = None  # a table or a dump, not a sentence reporting results
        elif in_sent:
            read_sentence(text, off, off + len(sent), in_sent, men, v)

    # A paper that introduces a benchmark reports its scores on it when it names no other one
    # ("SLOG ... Transformer models only reach 40.6%").
    own = list(dict.fromkeys([*own_benchmarks, *(p for p in proposed if p in bench_set)]))
    out = []
    for n in nums:
        if n.kind is None:
            continue
        if n.own:
            n.benchmark = own[0] if len(own) == 1 else None
        elif n.benchmark is None and n.kind == "score" and len(own) == 1 and not n.unnamed:
            n.benchmark = own[0]
        if n.metric is None and n.benchmark and n.kind == "score":
            d = default_metric(n.benchmark)
            # a 0-100 metric fits "87.7%" and a bare "94.0", a perplexity only a bare number
            if d and (
                (
                    metric_is_percent(d)
                    and (n.unit in ("%", "points") or (n.unit is None and 1 < abs(n.value) <= 100))
                )
                or (not metric_is_percent(d) and n.unit is None)
            ):
                n.metric = d
        conf = 0.45 + (0.2 if n.metric_sure else 0.08 if n.metric else 0)
        conf += 0.2 if n.bench_sure else 0.08 if n.benchmark else 0
        conf += 0.1 if n.unit else 0
        out.append(
            ResultMatch(
                n.start,
                n.unit_end,
                n.value,
                n.unit,
                n.kind,
                n.metric,
                metric_direction(n.metric),
                n.qualifier,
                n.setting,
                n.benchmark,
                n.method,
                round(min(conf, 0.95), 2),
            )
        )
    return out


def result_rows(paper_id: str, view: View, matches: Sequence[ResultMatch]) -> list[dict]:
    """Rows of the ``results`` table for one paper (offsets mapped into the abstract)."""
    rows = []
    for m in matches:
        start, end = view.span(m.start, m.end)
        rows.append(
            {
                "paper_id": paper_id,
                "method": m.method,
                "benchmark": m.benchmark,
                "metric": m.metric,
                "value": m.value,
                "unit": m.unit,
                "kind": m.kind,
                "direction": m.direction,
                "qualifier": m.qualifier,
                "setting": m.setting,
                "start": start,
                "end": end,
                "confidence": m.confidence,
            }
        )
    return rows


def extract_rows(paper: PaperText, deps: Mapping[str, Sequence[dict]] | None = None) -> list[dict]:
    """Result rows for ``paper``.

    In a build, ``deps`` holds this paper's rows of the benchmarks and methods stages (the
    stage declares it reads them). Called on its own (``deps`` None), those stages run here.
    """
    view = clean_view(paper.abstract)
    if not NUMBER.search(view.text):
        return []
    if deps is None:
        from extract.stages import benchmarks, methods

        deps = {
            "benchmarks": benchmarks.extract_rows(paper),
            "methods": methods.extract_rows(paper),
        }
    bench_names = benchmark_names(list(deps.get("benchmarks", ())), view.text)
    canon = set(bench_names.values())
    # names only: a method phrase ("data augmentation") is not what a number is reported for
    method_rows = [
        r for r in deps.get("methods", ())
        if r.get("name") and r["name"] not in canon and r.get("form", "name") == "name"
    ]
    existing = [r["name"] for r in method_rows if r.get("role") != "proposed"]
    proposed = [r["name"] for r in method_rows if r.get("role") == "proposed"]
    own = [r["name"] for r in deps.get("benchmarks", ()) if r.get("role") == "proposed"]
    matches = find_results(view.text, bench_names, existing, proposed, own)
    rows = result_rows(paper.paper_id, view, matches)
    # the fields a leaderboard needs: task, board metric, setting, whose number, the own
    # method's name, the value on the board's scale, why a score is not placed
    ordered = sorted(
        (
            r
            for r in method_rows
            if r.get("role") == "proposed" and r.get("type") in (None, "method")
        ),
        key=lambda r: (r.get("start") is None, r.get("start") or 0),
    )
    return leaderboards.with_board_fields(
        rows, paper.abstract, paper.title, [r["name"] for r in ordered], bool(own)
    )
