"""Reading one sentence: its numbers grouped into lists, then each group's reading.

Kind, metric, benchmark, method and setting, as the docstring of :mod:`extract.stages.results`
describes. The steps live by job: :mod:`~extract.results.grouping` (lists and ranges),
:mod:`~extract.results.kind` (score, delta, relative, setup, evidence),
:mod:`~extract.results.attachment` (metric, benchmark, method) and
:mod:`~extract.results.settings`; :mod:`~extract.results.sentence` holds what they share.
"""

from __future__ import annotations

from extract.results.attachment import (
    attach_benchmarks,
    attach_method,
    attach_metrics,
    consumed_metrics,
)
from extract.results.kind import check_evidence, mark_setup, read_kinds
from extract.results.names import Mentions
from extract.results.numbers import Num
from extract.results.patterns import JOINED
from extract.results.sentence import Sentence
from extract.results.settings import attach_setting
from extract.results.vocab import Vocab


def read_sentence(text: str, lo: int, hi: int, nums: list[Num], men: Mentions, v: Vocab) -> None:
    """Fill kind, metric, benchmark, method and setting of the numbers of ``text[lo:hi]``.

    Args:
        text: The abstract.
        lo: Where the sentence starts in ``text``.
        hi: Where it ends.
        nums: The sentence's candidate numbers, in order; their fields are filled in place.
        men: The metric, benchmark and method mentions of the whole abstract.
        v: The metric and benchmark vocabulary.
    """
    s = Sentence(text, lo, hi, nums, men, v)
    s.consumed = consumed_metrics(s, nums)
    prev_metric: str | None = None
    prev_bench: tuple[str | None, bool] = (None, False)
    prev_kind: str | None = None
    prev_ok = False
    for gi, g in enumerate(s.groups):
        head = s.head(gi)
        prev_ok = gi > 0 and any(n.kind for n in s.groups[gi - 1].nums)
        read_kinds(s, g, head, prev_kind)
        mark_setup(s, g)
        if not any(n.kind for n in g.nums):
            continue
        attach_metrics(s, gi, g, head, prev_metric)
        check_evidence(s, gi, g, head, prev_ok)
        if not any(n.kind for n in g.nums):
            continue
        attach_benchmarks(s, gi, g, head, prev_bench)
        attach_method(s, g, head)
        attach_setting(s, g)
        named = [
            n.metric for n in g.nums if n.kind and not n.paren and n.metric and n.kind != "relative"
        ]
        if named:
            prev_metric = named[-1]
        elif any(n.kind in ("score", "delta") for n in g.nums):
            prev_metric = None  # a result in an unnamed measure: nothing to pass on
        benches = {n.benchmark for n in g.nums if n.kind}
        if s.unnamed:
            prev_bench = (None, True)
        elif len(benches) == 1 and None not in benches:
            prev_bench = (benches.pop(), True)
        else:
            prev_bench = (None, False)
        kinds = {n.kind for n in g.nums if n.kind and not n.paren}
        prev_kind = kinds.pop() if len(kinds) == 1 else None
    # "by 40% (from 0.23 to 0.14) on FLORES-200": a result joined to the next one by
    # "(from", "to" or "(" shares its benchmark
    for gi in range(len(s.groups) - 2, -1, -1):
        g, nxt = s.groups[gi], s.groups[gi + 1]
        gap = s.text[g.end : nxt.start]
        if JOINED.fullmatch(gap):
            # "from 51.8% to 29.6% WER": the first score is in the metric named after the second
            for n in g.nums:
                if n.kind == "score" and n.metric is None:
                    n.metric = next(
                        (x.metric for x in nxt.nums if x.kind == "score" and x.metric_sure), None
                    )
        if JOINED.fullmatch(gap) and not any(n.bench_sure for n in g.nums if n.kind):
            sure = [n for n in nxt.nums if n.kind and (n.bench_sure or n.own or n.unnamed)]
            if sure:
                for n in g.nums:
                    n.benchmark, n.bench_sure = sure[0].benchmark, True
                    n.own, n.unnamed = sure[0].own, sure[0].unnamed
    # a score with no benchmark yet: the one benchmark the sentence names, if only one
    # ("problems like GSM8K by achieving over 90% accuracy")
    names = {b[2] for b in s.benches}
    if len(names) == 1:
        for g in s.groups:
            live = [n for n in g.nums if n.kind]
            if live and all(
                n.kind == "score" and n.benchmark is None and not (n.own or n.unnamed) for n in live
            ):
                for n in live:
                    n.benchmark = s.benches[0][2]

    # -- kind --
