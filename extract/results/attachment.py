"""Attaching names to a sentence's results: metric, benchmark and method.

Each step reads one number group of a :class:`~extract.results.sentence.Sentence`, after its kind
(:mod:`~extract.results.kind`) is known: a metric named right after a number, or before the group,
or carried over from the previous group; the benchmark introduced by "on"/"in" after it, a list
of benchmarks spread over a list of numbers, or one scoping the sentence; and the method that is
the subject before it.
"""

from __future__ import annotations

import bisect
import re

from extract.results.grouping import Group, main_numbers
from extract.results.names import Mentions
from extract.results.numbers import Num
from extract.results.patterns import (
    COMPARED_BEFORE,
    CORRELATIONS,
    GAIN,
    HEAD_BY,
    HEAD_COMPARE,
    HEAD_FROM,
    IN_UNKNOWN,
    METRIC_LIST_SEP,
    NAME_LIST_SEP,
    NEAR_SCORE,
    NEW_MEASURE,
    ON,
    ON_AGAIN,
    OURS,
    PROPOSED,
    REPEAT,
    SP,
    TIME_UNITS,
    TO_ON,
    UNNAMED,
    C,
)
from extract.results.sentence import Sentence

_GAIN_IN = re.compile(
    rf"{SP}*(?:(?:{C.gain_in}){SP}+)?(?i:{GAIN}){SP}+"
    rf"(?:in|on|of){SP}+(?:the{SP}+|terms{SP}+of{SP}+)?"
)
_AFTER_STOP = re.compile(rf"[,;:.!?()\d]|\b(?:{C.after_stop})\b")


def metric_after(
    text: str, n: Num, limit: int, men: Mentions, mstarts: list[int]
) -> tuple[str, int] | None:
    """The metric named right after number ``n`` and where its name ends.

    "77% accuracy", "4.0 accuracy points", "a 36% reduction in inference memory usage": at most
    three plain words in between.
    """
    i = bisect.bisect_left(mstarts, n.unit_end)
    if i >= len(men.metrics):
        return None
    a_start, a_end, name = men.metrics[i]
    if a_start >= limit:
        return None
    gap = text[n.unit_end : a_start]
    if _GAIN_IN.fullmatch(gap):
        return name, a_end  # "3% improvement on accuracy", "a 2.5% gain in F1"
    if gap.strip() not in ("(", ")") and _AFTER_STOP.search(gap):
        return None  # (a bracket may stand between: "(+26.0%) mAP")
    if len(re.findall(r"[A-Za-z][\w-]*", gap)) > 3:
        return None
    return name, a_end


def bench_list_at(
    text: str, pos: int, limit: int, men: Mentions, bstarts: list[int]
) -> list[tuple[int, int, str]]:
    """Benchmarks starting at ``pos`` and following each other as a list ("A, B and C")."""
    out: list[tuple[int, int, str]] = []
    i = bisect.bisect_left(bstarts, pos)
    expected = pos
    while i < len(men.benches) and men.benches[i][0] < limit:
        b = men.benches[i]
        gap = text[expected : b[0]]
        if out and b[2] == out[-1][2] and REPEAT.fullmatch(gap):
            expected = b[1] + (1 if text[b[1] : b[1] + 1] == ")" else 0)
            i += 1
            continue  # "Penn Treebank (PTB) and ...": the acronym in brackets is the same name
        if (out and not NAME_LIST_SEP.fullmatch(gap)) or (not out and gap.strip()):
            break
        out.append(b)
        expected = b[1]
        i += 1
    return out


def consumed_metrics(s: Sentence, nums: list[Num]) -> set[int]:
    """Metric mentions named right after a number with a unit: that number's metric.

    "77% accuracy", "2.2% model parameters": not the next group's head metric, even for setup.
    """
    out: set[int] = set()
    for n in nums:
        got = metric_after(s.text, n, s.hi, s.men, s.mstarts) if n.unit else None
        if got:
            out.add(s.men.metrics[bisect.bisect_left(s.mstarts, n.unit_end)][0])
    return out


# -- metric --
def _head_metrics(s: Sentence, g: Group, head: str) -> tuple[list[str], bool]:
    """The metric(s) named before a group, and whether right before its numbers.

    The trailing list of names counts ("FID, CAS by", "METEOR/CIDEr-D of"); "an F1 of 84.1"
    is right before.
    """
    text = s.text
    lo = g.start - len(head)
    i, j = (
        bisect.bisect_left(s.metric_starts, lo),
        bisect.bisect_left(s.metric_starts, g.start),
    )
    in_head = [m for m in s.metrics[i:j] if m[1] <= g.start and m[0] not in s.consumed]
    if not in_head:
        return [], False
    names = [in_head[-1][2]]
    j = len(in_head) - 1
    while j > 0:
        gap = text[in_head[j - 1][1] : in_head[j][0]]
        if not METRIC_LIST_SEP.fullmatch(gap):
            break
        names.insert(0, in_head[j - 1][2])
        j -= 1
    if (
        j > 0
        and in_head[j - 1][2] in CORRELATIONS
        and re.fullmatch(rf"{SP}(?:with|to){SP}", text[in_head[j - 1][1] : in_head[j][0]])
    ):
        names = [in_head[j - 1][2]]  # "correlation with BLEU: 0.82"
    if len(set(names)) == 1:
        names = names[-1:]
    near = bool(NEAR_SCORE.fullmatch(text[in_head[-1][1] : g.start]))
    return names, near


def attach_metrics(s: Sentence, gi: int, g: Group, head: str, prev_metric: str | None) -> None:
    """Set the metric of each number of group ``gi``.

    Named right after the number ("77% accuracy"), after the last one and shared by the list,
    before the group ("an F1 of 84.1"), carried over from the previous group, or named later.
    """
    text, v = s.text, s.v
    limit_all = s.tail_limit(gi)
    nums = g.nums
    after: dict[int, str] = {}
    for k, n in enumerate(nums):
        limit = nums[k + 1].start if k + 1 < len(nums) else limit_all
        got = metric_after(text, n, limit, s.men, s.mstarts)
        if got:
            after[id(n)] = got[0]
            s.consumed.add(s.men.metrics[bisect.bisect_left(s.mstarts, n.unit_end)][0])
            if n.unit is None and re.match(rf"{SP}?(?i:points?|pts)\b", text[got[1] : got[1] + 8]):
                n.unit = "points"  # "18.5 BLEU points"
                if n.kind == "score":
                    n.kind = "delta"
    # a metric after the last number is shared by the list: "72.4% (+1.2%), 90.3% ... mAP"
    shared = after.get(id(g.nums[-1])) or after.get(id(main_numbers(g.slots[-1])[-1]))
    head_list, near = _head_metrics(s, g, head)
    k = bisect.bisect_left(s.metric_starts, g.end)
    later = s.metrics[k : k + 1]
    if later and re.search(r"\d", text[g.end : later[0][0]]):
        later = []  # a later metric past another number is that number's
    tail_metric = later[0][2] if later else None
    # "... and .038 in faithfulness": a measure the vocabulary does not know
    unknown = not after and bool(IN_UNKNOWN.match(text, g.end))
    # "..., and reduces off-target rates from 22.9%": a new verb, its own (unknown) measure
    new_clause = gi > 0 and bool(NEW_MEASURE.search(head))
    by = bool(HEAD_BY.search(head[-90:]))
    n_slots = len(g.slots)
    for si, slot in enumerate(g.slots):
        main = main_numbers(slot)
        for n in slot:
            if n.kind is None:
                continue
            if n.unit in TIME_UNITS and id(n) not in after:
                n.metric = "latency"
            elif id(n) in after:
                n.metric, n.metric_sure = after[id(n)], True
            elif n.paren and any(id(m) in after for m in slot if m.paren):
                n.metric = next(after[id(m)] for m in slot if m.paren and id(m) in after)
                n.metric_sure = True
            elif any(id(m) in after for m in main):
                n.metric = next(after[id(m)] for m in main if id(m) in after)  # a range
                n.metric_sure = True
            elif shared and n.kind != "relative":
                n.metric, n.metric_sure = shared, True
            elif len(head_list) > 1 and n_slots % len(head_list) == 0:
                n.metric, n.metric_sure = head_list[si % len(head_list)], near
            elif head_list and (
                n.kind != "relative" or by or (near and head_list[-1] in v.efficiency)
            ):  # a ratio takes the metric right before it only when it is one of efficiency
                # ("a speed-up of 17x"), not of quality ("accuracy ... 2x")
                n.metric, n.metric_sure = head_list[-1], near
            elif unknown:
                pass
            elif prev_metric and n.kind != "relative" and not new_clause:
                n.metric = prev_metric
            elif tail_metric and n.kind != "relative":
                n.metric = tail_metric
            if n.metric is None and n.kind == "relative":
                m = re.match(
                    rf"{SP}*(?:\$|\*)?{SP}*(?:more{SP}|less{SP})?([a-z]+)",
                    text[n.unit_end : n.unit_end + 24],
                )
                if m and m.group(1) in v.comparatives:
                    n.metric, n.metric_sure = v.comparatives[m.group(1)], True
                elif later and later[0][0] - n.unit_end < 40:
                    n.metric = later[0][2]


# -- benchmark --
def _on_after(s: Sentence, pos: int, limit: int) -> re.Match[str] | None:
    """The "on"/"in" after a result, past a metric name and gain words ("20% gain on").

    An "on"/"for" followed by no name is passed once: "35.15 for de→en on the WMT14 dataset".
    """
    m = TO_ON.match(s.text[pos : min(limit, pos + 80)])
    on = ON.match(s.text, pos + m.end() if m else pos)
    if on and not bench_list_at(s.text, on.end(), s.hi, s.men, s.bstarts):
        again = ON_AGAIN.match(s.text, on.end())
        if again:
            return again
    return on


def attach_benchmarks(
    s: Sentence, gi: int, g: Group, head: str, prev: tuple[str | None, bool]
) -> None:
    """Set the benchmark of each result of group ``gi``; ``prev`` is the previous group's.

    The list after "on"/"in" spread over the group's items, a name in brackets right before,
    a list elsewhere in the sentence of as many names, the previous result's, or one
    introduced by "on"/"in" or scoping the sentence.
    """
    text, men = s.text, s.men
    live = [n for n in g.nums if n.kind]
    n_slots = len(g.slots)
    s.unnamed = False

    def put(nums, name, sure=True):
        for n in nums:
            n.benchmark, n.bench_sure = name, sure

    names: list[tuple[int, int, str]] = []
    on = _on_after(s, g.end, s.tail_limit(gi) + 60)
    if on:
        names = bench_list_at(text, on.end(), s.hi, men, s.bstarts)
        if not names and OURS.search(text[on.start() : on.end() + 60]):
            for n in live:
                n.own = True  # "only achieves 13.0% accuracy on our dataset"
            return
        if not names and UNNAMED.match(text, on.end()):
            s.unnamed = True  # "+6.3% AP on 13 downstream tasks": nothing named
            for n in live:
                n.unnamed = True
            return
    if names:
        if len(names) == n_slots:
            for slot, b in zip(g.slots, names):
                put(slot, b[2])
            if n_slots > 1:
                s.listed.update(b[0] for b in names)
            return
        if len(names) == 1 or n_slots == 1:
            put(live, names[0][2])
            return
    if head.rstrip().endswith(("(", "[")):
        k = bisect.bisect_left(s.bstarts, g.start) - 1
        between = text[men.benches[k][1] : g.start].strip() if k >= 0 else ""
        # "ScanObjectNN (+2.1% OA)", also past a split or numbered part: "ScanNet test set
        # (+1.6% mIoU)", "S3DIS Area5 (+2.2% mIoU)"
        if k >= 0 and (len(between) <= 2 or SPLIT_BEFORE_BRACKET.fullmatch(between)):
            put(live, men.benches[k][2])
            return
    if n_slots > 1:
        lists, k = [], 0
        while k < len(s.benches):
            lst = bench_list_at(text, s.benches[k][0], s.hi, men, s.bstarts)
            lists.append(lst)
            k += max(1, len(lst))
        match = [lst for lst in lists if len(lst) == n_slots]
        if match and (s.respectively or len(match) == 1):
            for slot, b in zip(g.slots, match[0]):
                put(slot, b[2])
            s.listed.update(b[0] for b in match[0])
            return
    # costs and speeds take only a benchmark that scopes the whole sentence ("On X, ...")
    cost = all(n.metric in s.v.efficiency for n in live)
    if gi and prev[1] and not cost:
        lo = s.groups[gi - 1].end
        fresh = bisect.bisect_left(s.bstarts, lo) < bisect.bisect_left(s.bstarts, g.start)
        if ";" not in text[lo : g.start] and not fresh:
            put(live, prev[0], False)  # the benchmark of the previous result, or none
            return
    bound = [b for b in (s.scoping if cost else s.bound) if b[0] not in s.listed]
    k = bisect.bisect_left([b[0] for b in bound], g.start)
    before = [b for b in bound[:k] if b[1] <= g.start and ";" not in text[b[1] : g.start]][-1:]
    after_ = [b for b in bound[k:] if b[0] >= g.end][:1]
    next_start = s.groups[gi + 1].start if gi + 1 < len(s.groups) else s.hi
    if before:
        put(live, before[-1][2], False)
    elif after_ and next_start > after_[0][0]:
        put(live, after_[0][2], False)


SPLIT_BEFORE_BRACKET = re.compile(
    r"(?:(?:test|val|validation|dev|development)(?:[- ]?(?:set|split|dev|std))?|[A-Za-z]*\d+)"
    r"\s*[(\[]"
)


# -- method --
def attach_method(s: Sentence, g: Group, head: str) -> None:
    """Set the method of the group's numbers: the subject before them, or a compared name."""
    text, men = s.text, s.men
    subject = subject_of(text, s.lo, g.start, men)
    compare = HEAD_COMPARE.search(head[-70:])
    from_ = HEAD_FROM.search(head[-10:])
    for n in g.nums:
        n.method = subject
    if (compare or from_) and all(n.kind == "score" for n in g.nums if n.kind):
        lo = g.start - len(head[-70:])
        named = [name for _, _, name in men.methods_in(lo, g.start)]
        for n in g.nums:
            n.method = named[-1] if named else None


def subject_of(text: str, lo: int, hi: int, men: Mentions) -> str | None:
    """The method a result belongs to: the name or "we"/"our" that is the subject before it.

    Names right after a comparison ("than X", "outperforms X", "such as X") are not subjects.
    "we"/"our" stand for the paper's proposed method; when the paper names none, the last other
    name before it is taken ("finetuning a RoBERTa model, we achieve ...").
    """
    window_lo = max(lo, hi - 240)
    cands: list[tuple[int, str | None, bool]] = []
    for s, _, name in men.methods_in(window_lo, hi):
        if not COMPARED_BEFORE.search(text[max(0, s - 60) : s]):
            cands.append((s, name, name == men.proposed))
    for m in PROPOSED.finditer(text, window_lo, hi):
        cands.append((m.start(), men.proposed, True))
    if not cands:
        return None
    cands.sort(key=lambda c: c[0])
    ours = [c for c in cands if c[2]]
    if ours and ours[-1][1] is not None:
        return ours[-1][1]
    named = [c for c in cands if c[1] is not None]
    return named[-1][1] if named else None
