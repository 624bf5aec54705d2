"""Reading one sentence: its numbers grouped into lists, then each group's reading.

Kind, metric, benchmark, method and setting, as the docstring of :mod:`extract.stages.results`
describes.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Mapping, Sequence

from extract.results.names import (
    Mentions,
)
from extract.results.numbers import (
    Num,
)
from extract.results.patterns import (
    CHANGE_VERB,
    COMPARED_BEFORE,
    CORRELATIONS,
    GAIN,
    HEAD_BY,
    HEAD_COMPARE,
    HEAD_FROM,
    HEAD_SCORE,
    IN_UNKNOWN,
    JOINED,
    LIST_GLUE,
    METRIC_LIST_SEP,
    NAME_LIST_SEP,
    NEAR_SCORE,
    NEW_MEASURE,
    NOUN_AFTER,
    ON,
    ON_AGAIN,
    ON_BEFORE,
    OR_MORE,
    OURS,
    PER_ITEM_GLUE,
    PROPOSED,
    RANGE_GLUE,
    REDUCE_BY,
    RELATIVE_OF,
    REPEAT,
    RESPECTIVELY,
    RESULT_VERB,
    SAME_AGAIN,
    SCOPE,
    SETTING,
    SETTING_BREAK,
    SETUP_AFTER,
    SETUP_BEFORE,
    SETUP_HINT,
    SP,
    TAIL_GAIN,
    TIME_UNITS,
    TO_ON,
    TO_SCORE,
    UNNAMED,
    WIN,
)
from extract.results.vocab import (
    Vocab,
)


class _Group:
    """Numbers read together: a list, a range or a value with bracketed additions."""

    def __init__(self, first: Num) -> None:
        self.slots: list[list[Num]] = [[first]]  # per list item: its numbers
        self.nums: list[Num] = [first]
        self.start = first.start
        self.end = first.unit_end

    def add(self, n: Num, new_slot: bool) -> None:
        """Add ``n`` to the last list item, or as a new item."""
        if new_slot:
            self.slots.append([n])
        else:
            self.slots[-1].append(n)
        self.nums.append(n)
        self.end = max(self.end, n.unit_end)


# --- reading a sentence -------------------------------------------------------------------------


def _groups(
    text: str, nums: list[Num], metrics: Sequence[tuple[int, int, str]] = ()
) -> list[_Group]:
    """Numbers of one sentence grouped into lists, ranges and bracketed additions.

    "72.4% and 81.3%" is one group of two slots; "2-3x" one slot holding both ends of the range;
    "72.4% (+1.2%), 90.3% (+0.7%)" two slots, each with its bracketed delta; "1.19 bits/char
    and 1.08 bits/char" (a metric named after each item) a list of two.
    """
    ends = {e: s for s, e, _ in metrics}
    groups: list[_Group] = []
    cur: _Group | None = None
    in_paren = False
    for n in nums:
        if cur is not None:
            prev = cur.nums[-1]
            gap = text[prev.unit_end : n.start]
            stripped = gap.strip()
            from_before = HEAD_FROM.search(text[max(0, cur.start - 8) : cur.start])
            if RANGE_GLUE.fullmatch(gap) and not from_before and prev.unit in (None, n.unit):
                prev.unit = n.unit  # "28-68 %": the low end takes the unit of the high end
                n.paren = prev.paren
                if prev.signed and not n.signed:
                    n.signed = True  # "+0.2%~0.7%"
                    n.value = abs(n.value) if prev.value >= 0 else -abs(n.value)
                cur.add(n, False)
                continue
            if not in_paren and stripped in ("(", "["):
                n.paren = in_paren = True
                cur.add(n, False)
                continue
            if in_paren and stripped[:1] in (")", "]") and LIST_GLUE.fullmatch(stripped[1:]):
                in_paren = False
                if stripped[1:].strip():
                    cur.add(n, True)
                    continue
            elif (
                not in_paren
                and stripped
                and LIST_GLUE.fullmatch(gap)
                and (prev.unit == n.unit or None in (prev.unit, n.unit))
            ):
                cur.add(n, True)
                continue
            elif (
                not in_paren
                and prev.unit == n.unit
                and _metric_then_glue(text, prev.unit_end, n.start, ends)
            ):
                cur.add(n, True)
                continue
            elif not in_paren and prev.unit == n.unit and PER_ITEM_GLUE.fullmatch(gap):
                cur.add(n, True)  # "31.16 for en→de and 38.37 for de→en on IWSLT14"
                continue
            groups.append(cur)
        cur = _Group(n)
        in_paren = False
    if cur is not None:
        groups.append(cur)
    return groups


def _metric_then_glue(text: str, lo: int, hi: int, ends: Mapping[int, int]) -> bool:
    """True when ``text[lo:hi]`` is a metric name then list glue: " bits/char and "."""
    m = re.search(rf"(?:{SP}?,)?(?:{SP}and)?{SP}*$", text[lo:hi])
    cut = lo + m.start() if m and m.group(0).strip() else None
    if cut is None:
        return False
    start = ends.get(cut)
    return start is not None and not text[lo:start].strip()


def _main(slot: list[Num]) -> list[Num]:
    return [n for n in slot if not n.paren] or slot


_GAIN_IN = re.compile(
    rf"{SP}*(?:(?:absolute|relative|average|overall|mean){SP}+)?(?i:{GAIN}){SP}+"
    rf"(?:in|on|of){SP}+(?:the{SP}+|terms{SP}+of{SP}+)?"
)
_AFTER_STOP = re.compile(
    r"[,;:.!?()\d]|\b(?:than|while|whereas|compared|which|that|for|with|by|over|across|and|or|"
    r"but|on|at|to|from|using|when|where|after|before|as|against|via|respectively)\b"
)


def _metric_after(
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


def _bench_list_at(
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


class Sentence:
    """The numbers of one sentence and what is named around them."""

    def __init__(
        self, text: str, lo: int, hi: int, nums: list[Num], men: Mentions, v: Vocab
    ) -> None:
        self.text, self.lo, self.hi, self.men, self.v = text, lo, hi, men, v
        self.mstarts, self.bstarts = men.mstarts, men.bstarts
        m_lo, m_hi = bisect.bisect_left(men.mstarts, lo), bisect.bisect_left(men.mstarts, hi)
        b_lo, b_hi = bisect.bisect_left(men.bstarts, lo), bisect.bisect_left(men.bstarts, hi)
        self.metrics = [m for m in men.metrics[m_lo:m_hi] if m[1] <= hi]
        self.benches = [b for b in men.benches[b_lo:b_hi] if b[1] <= hi]
        self.metric_starts = [m[0] for m in self.metrics]
        self.groups = _groups(text, nums, self.metrics)
        sent = text[lo:hi]
        self.respectively = bool(RESPECTIVELY.search(sent))
        # the fallback candidates: benchmarks introduced by "on"/"in", or scoping the sentence
        self.scoping = [
            b for b in self.benches if b[0] - lo < 4 or SCOPE.fullmatch(text[lo : b[0]])
        ]
        self.bound = [
            b
            for b in self.benches
            if b in self.scoping or ON_BEFORE.search(text[max(lo, b[0] - 50) : b[0]])
        ]
        self.settings = [(m.start() + lo, m.group(0).lower()) for m in SETTING.finditer(sent)]
        self.has_verb = bool(RESULT_VERB.search(sent))
        self.listed: set[int] = set()  # benchmark mentions spread over a list of results
        # metric mentions named right after a number with a unit ("77% accuracy", "2.2% model
        # parameters"): that number's, not the next group's head metric, even for setup
        self.consumed: set[int] = set()
        for n in nums:
            got = _metric_after(text, n, hi, men, self.mstarts) if n.unit else None
            if got:
                self.consumed.add(men.metrics[bisect.bisect_left(self.mstarts, n.unit_end)][0])
        self.unnamed = False  # the last group was measured "on 13 tasks": nothing named

    def head(self, gi: int) -> str:
        """The text before group ``gi``, back to the previous group (at most ``WIN`` chars)."""
        g = self.groups[gi]
        lo = self.groups[gi - 1].end if gi else self.lo
        return self.text[max(lo, g.start - WIN) : g.start]

    def tail_limit(self, gi: int) -> int:
        """Where the text after group ``gi`` stops: the next group or the end of the sentence."""
        return self.groups[gi + 1].start if gi + 1 < len(self.groups) else self.hi

    def read(self) -> None:
        """Fill kind, metric, benchmark, method and setting of the sentence's numbers."""
        prev_metric: str | None = None
        prev_bench: tuple[str | None, bool] = (None, False)
        prev_kind: str | None = None
        prev_ok = False
        for gi, g in enumerate(self.groups):
            head = self.head(gi)
            prev_ok = gi > 0 and any(n.kind for n in self.groups[gi - 1].nums)
            self._kinds(g, head, prev_kind)
            self._setup(g)
            if not any(n.kind for n in g.nums):
                continue
            self._metrics(gi, g, head, prev_metric)
            self._evidence(gi, g, head, prev_ok)
            if not any(n.kind for n in g.nums):
                continue
            self._benchmarks(gi, g, head, prev_bench)
            self._methods(g, head)
            self._settings(g)
            named = [
                n.metric
                for n in g.nums
                if n.kind and not n.paren and n.metric and n.kind != "relative"
            ]
            if named:
                prev_metric = named[-1]
            elif any(n.kind in ("score", "delta") for n in g.nums):
                prev_metric = None  # a result in an unnamed measure: nothing to pass on
            benches = {n.benchmark for n in g.nums if n.kind}
            if self.unnamed:
                prev_bench = (None, True)
            elif len(benches) == 1 and None not in benches:
                prev_bench = (benches.pop(), True)
            else:
                prev_bench = (None, False)
            kinds = {n.kind for n in g.nums if n.kind and not n.paren}
            prev_kind = kinds.pop() if len(kinds) == 1 else None
        # "by 40% (from 0.23 to 0.14) on FLORES-200": a result joined to the next one by
        # "(from", "to" or "(" shares its benchmark
        for gi in range(len(self.groups) - 2, -1, -1):
            g, nxt = self.groups[gi], self.groups[gi + 1]
            gap = self.text[g.end : nxt.start]
            if JOINED.fullmatch(gap) and not any(n.bench_sure for n in g.nums if n.kind):
                sure = [n for n in nxt.nums if n.kind and (n.bench_sure or n.own or n.unnamed)]
                if sure:
                    for n in g.nums:
                        n.benchmark, n.bench_sure = sure[0].benchmark, True
                        n.own, n.unnamed = sure[0].own, sure[0].unnamed
        # a score with no benchmark yet: the one benchmark the sentence names, if only one
        # ("problems like GSM8K by achieving over 90% accuracy")
        names = {b[2] for b in self.benches}
        if len(names) == 1:
            for g in self.groups:
                live = [n for n in g.nums if n.kind]
                if live and all(
                    n.kind == "score" and n.benchmark is None and not (n.own or n.unnamed)
                    for n in live
                ):
                    for n in live:
                        n.benchmark = self.benches[0][2]

    # -- kind --
    def _kinds(self, g: _Group, head: str, prev_kind: str | None) -> None:
        text = self.text
        clause = re.split(r"[;:]|\b(?:while|whereas|but)\b", head)[-1]
        by = bool(HEAD_BY.search(head[-90:]))
        from_ = bool(HEAD_FROM.search(head[-10:]))
        to_score = bool(TO_SCORE.search(head[-60:]))
        change = bool(CHANGE_VERB.search(clause)) and not to_score
        # "by 5.0% on ProPara and 3.2% on Recipes", "by 35% recall and 25% mAP": one more
        if prev_kind == "delta" and SAME_AGAIN.fullmatch(head[-60:] if len(head) > 60 else head):
            change = True
        for slot in g.slots:
            last = slot[-1]
            main_last = _main(slot)[-1]
            for n in slot:
                a = text[n.unit_end : min(self.hi, n.unit_end + 60)]
                # a range reads on from its high end: "3%-11% improvement"
                owner = n if n.paren else main_last
                after = text[owner.unit_end : min(self.hi, owner.unit_end + 60)]
                if n.unit == "count":
                    n.kind = "other"
                elif n.unit == "x":
                    n.kind = "relative"
                elif n.unit == "%" and RELATIVE_OF.match(a) and not REDUCE_BY.search(clause):
                    n.kind = "relative"
                elif (
                    (n.signed and (n.value > 0 or n.unit in ("%", "points")))
                    or n.unit == "points"
                    or last.unit == "points"
                ):
                    n.kind = "delta"
                elif n.paren and n.unit in ("%", "points"):
                    n.kind = "delta"  # "72.4% (+1.2%)" and "(1.2%)" after a score
                elif (
                    (by or (change and not self._valued_in_brackets(n, head)))
                    and not from_
                    and n.unit in ("%", None, "points")
                ):
                    n.kind = "delta"
                elif (
                    n.unit in ("%", None)
                    and not from_
                    and TAIL_GAIN.match(after)
                    and not OR_MORE.match(after)
                ):
                    n.kind = "delta"
                else:
                    n.kind = "score"
        # "70% and 20% gain", "a 15.1% and 7.6% error reduction": the list reads as its last item
        last_kind = _main(g.slots[-1])[-1].kind
        if len(g.slots) > 1 and last_kind == "delta":
            for n in g.nums:
                if n.kind == "score" and n.unit == g.slots[-1][-1].unit:
                    n.kind = "delta"

    def _valued_in_brackets(self, n: Num, head: str) -> bool:
        """True for "(73.4 test perplexity)": a bare value and its metric, in brackets.

        The verb before ("improves on the state of the art (73.4 ...)") changes the state of
        the art; the bracket gives its new value, a score.
        """
        if n.unit is not None or n.signed or not head.rstrip().endswith("("):
            return False
        return _metric_after(self.text, n, self.hi, self.men, self.mstarts) is not None

    # -- setup numbers --
    def _setup(self, g: _Group) -> None:
        text = self.text
        for slot in g.slots:
            last = slot[-1]
            after = text[last.unit_end : min(self.hi, last.unit_end + 60)]
            before = text[max(self.lo, slot[0].start - 50) : slot[0].start]
            setup = False
            if (
                last.unit in ("%", None)
                and last.kind in ("score", "delta")
                and SETUP_AFTER.match(after)
            ):
                setup = not TAIL_GAIN.match(after[:12])
            elif (
                last.kind == "score"
                and last.unit == "%"
                and SETUP_HINT.search(before)
                and SETUP_BEFORE.search(before)
            ):
                setup = True
            elif last.unit in TIME_UNITS and (
                re.match(rf"{SP}*(?:or{SP}\w+{SP})?of\b", after)
                or not re.search(
                    r"(?i:\b(?:in|within|taking|takes|took|only|just|at|requires?|under)\s*$)",
                    before,
                )
            ):
                setup = True  # "99 minutes of transcribed data"
            elif (
                slot[0].unit is None
                and before.rstrip().endswith("=")
                and not self._metric_word_before(slot[0].start)
            ):
                setup = True  # "for ε=1", "k = 5": a parameter set to a value
            elif (
                last.unit is None
                and last.kind == "score"
                and float(last.value).is_integer()
                and "." not in text[last.num : last.end]
                and NOUN_AFTER.match(after)
                and not self._metric_word_at(last.unit_end)
            ):
                setup = True  # "11 languages"
            if setup:
                # "with 30%, 40%, and 60% of the input tokens": the whole list is setup
                for n in slot if slot is not g.slots[-1] else g.nums:
                    n.kind = None

    def _metric_word_before(self, pos: int) -> bool:
        """True when a metric is named right before the "=" ending at ``pos`` ("F1 = 82.7")."""
        i = bisect.bisect_left(self.mstarts, pos) - 1
        return i >= 0 and not self.text[self.men.metrics[i][1] : pos].strip(" =\u00a0(:")

    def _metric_word_at(self, pos: int) -> bool:
        i = bisect.bisect_left(self.mstarts, pos)
        return i < len(self.men.metrics) and self.men.metrics[i][0] - pos <= 1

    # -- metric --
    def _head_metrics(self, g: _Group, head: str) -> tuple[list[str], bool]:
        """The metric(s) named before a group, and whether right before its numbers.

        The trailing list of names counts ("FID, CAS by", "METEOR/CIDEr-D of"); "an F1 of 84.1"
        is right before.
        """
        text = self.text
        lo = g.start - len(head)
        i, j = (
            bisect.bisect_left(self.metric_starts, lo),
            bisect.bisect_left(self.metric_starts, g.start),
        )
        in_head = [m for m in self.metrics[i:j] if m[1] <= g.start and m[0] not in self.consumed]
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

    def _metrics(self, gi: int, g: _Group, head: str, prev_metric: str | None) -> None:
        text, v = self.text, self.v
        limit_all = self.tail_limit(gi)
        nums = g.nums
        after: dict[int, str] = {}
        for k, n in enumerate(nums):
            limit = nums[k + 1].start if k + 1 < len(nums) else limit_all
            got = _metric_after(text, n, limit, self.men, self.mstarts)
            if got:
                after[id(n)] = got[0]
                self.consumed.add(self.men.metrics[bisect.bisect_left(self.mstarts, n.unit_end)][0])
                if n.unit is None and re.match(
                    rf"{SP}?(?i:points?|pts)\b", text[got[1] : got[1] + 8]
                ):
                    n.unit = "points"  # "18.5 BLEU points"
                    if n.kind == "score":
                        n.kind = "delta"
        # a metric after the last number is shared by the list: "72.4% (+1.2%), 90.3% ... mAP"
        shared = after.get(id(g.nums[-1])) or after.get(id(_main(g.slots[-1])[-1]))
        head_list, near = self._head_metrics(g, head)
        k = bisect.bisect_left(self.metric_starts, g.end)
        later = self.metrics[k : k + 1]
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
            main = _main(slot)
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
                elif head_list and (n.kind != "relative" or by):
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

    # -- is it a result at all? --
    def _evidence(self, gi: int, g: _Group, head: str, prev_ok: bool) -> None:
        """A bare number needs its metric named next to it or a score cue; a percentage a verb.

        ``prev_ok``: the previous group of the sentence is a result; "52.8 on PTB and 52.0 on
        WikiText-2" continues it.
        """
        score_head = bool(HEAD_SCORE.search(head[-60:])) or (
            prev_ok and bool(SAME_AGAIN.fullmatch(head))
        )
        sentence_before = self.text[self.lo : g.start]
        from_to = bool(HEAD_FROM.search(head[-10:])) or bool(
            re.search(rf"{SP}to{SP}?$", head) and CHANGE_VERB.search(sentence_before)
        )
        by = bool(re.search(r"(?i:\bby\s*)$", head[-20:]))
        on_bench = bool(ON.match(self.text, g.end)) and bool(self.benches)
        group_sure = any(n.metric_sure for n in g.nums if n.unit is None and n.kind)
        for n in g.nums:
            if n.kind is None:
                continue
            if n.unit is None and n.kind in ("score", "delta"):
                ok = (
                    group_sure
                    or (
                        n.metric
                        and (score_head or from_to or n.signed or (by and n.kind == "delta"))
                    )
                    or (on_bench and (score_head or n.signed))
                )
                if not ok:
                    n.kind = None
            elif (
                n.unit in ("%", "points") and n.kind == "score" and not (self.has_verb or n.metric)
            ):
                n.kind = None

    # -- benchmark --
    def _on_after(self, pos: int, limit: int) -> re.Match[str] | None:
        """The "on"/"in" after a result, past a metric name and gain words ("20% gain on").

        An "on"/"for" followed by no name is passed once: "35.15 for de→en on the WMT14 dataset".
        """
        m = TO_ON.match(self.text[pos : min(limit, pos + 80)])
        on = ON.match(self.text, pos + m.end() if m else pos)
        if on and not _bench_list_at(self.text, on.end(), self.hi, self.men, self.bstarts):
            again = ON_AGAIN.match(self.text, on.end())
            if again:
                return again
        return on

    def _benchmarks(self, gi: int, g: _Group, head: str, prev: tuple[str | None, bool]) -> None:
        text, men = self.text, self.men
        live = [n for n in g.nums if n.kind]
        n_slots = len(g.slots)
        self.unnamed = False

        def put(nums, name, sure=True):
            for n in nums:
                n.benchmark, n.bench_sure = name, sure

        names: list[tuple[int, int, str]] = []
        on = self._on_after(g.end, self.tail_limit(gi) + 60)
        if on:
            names = _bench_list_at(text, on.end(), self.hi, men, self.bstarts)
            if not names and OURS.search(text[on.start() : on.end() + 60]):
                for n in live:
                    n.own = True  # "only achieves 13.0% accuracy on our dataset"
                return
            if not names and UNNAMED.match(text, on.end()):
                self.unnamed = True  # "+6.3% AP on 13 downstream tasks": nothing named
                for n in live:
                    n.unnamed = True
                return
        if names:
            if len(names) == n_slots:
                for slot, b in zip(g.slots, names):
                    put(slot, b[2])
                if n_slots > 1:
                    self.listed.update(b[0] for b in names)
                return
            if len(names) == 1 or n_slots == 1:
                put(live, names[0][2])
                return
        if head.rstrip().endswith(("(", "[")):
            k = bisect.bisect_left(self.bstarts, g.start) - 1
            if k >= 0 and len(text[men.benches[k][1] : g.start].strip()) <= 2:
                put(live, men.benches[k][2])
                return
        if n_slots > 1:
            lists, k = [], 0
            while k < len(self.benches):
                lst = _bench_list_at(text, self.benches[k][0], self.hi, men, self.bstarts)
                lists.append(lst)
                k += max(1, len(lst))
            match = [lst for lst in lists if len(lst) == n_slots]
            if match and (self.respectively or len(match) == 1):
                for slot, b in zip(g.slots, match[0]):
                    put(slot, b[2])
                self.listed.update(b[0] for b in match[0])
                return
        # costs and speeds take only a benchmark that scopes the whole sentence ("On X, ...")
        cost = all(n.metric in self.v.efficiency for n in live)
        if gi and prev[1] and not cost:
            lo = self.groups[gi - 1].end
            fresh = bisect.bisect_left(self.bstarts, lo) < bisect.bisect_left(self.bstarts, g.start)
            if ";" not in text[lo : g.start] and not fresh:
                put(live, prev[0], False)  # the benchmark of the previous result, or none
                return
        bound = [b for b in (self.scoping if cost else self.bound) if b[0] not in self.listed]
        k = bisect.bisect_left([b[0] for b in bound], g.start)
        before = [b for b in bound[:k] if b[1] <= g.start and ";" not in text[b[1] : g.start]][-1:]
        after_ = [b for b in bound[k:] if b[0] >= g.end][:1]
        next_start = self.groups[gi + 1].start if gi + 1 < len(self.groups) else self.hi
        if before:
            put(live, before[-1][2], False)
        elif after_ and next_start > after_[0][0]:
            put(live, after_[0][2], False)

    # -- method --
    def _methods(self, g: _Group, head: str) -> None:
        text, men = self.text, self.men
        subject = _subject(text, self.lo, g.start, men)
        compare = HEAD_COMPARE.search(head[-70:])
        from_ = HEAD_FROM.search(head[-10:])
        for n in g.nums:
            n.method = subject
        if (compare or from_) and all(n.kind == "score" for n in g.nums if n.kind):
            lo = g.start - len(head[-70:])
            named = [name for _, _, name in men.methods_in(lo, g.start)]
            for n in g.nums:
                n.method = named[-1] if named else None

    def _settings(self, g: _Group) -> None:
        """The setting of each number, written before it in its clause or right after it.

        "Under the zero-shot setting, ... a 2.5% gain"; "84.6 F1 score on the test set".
        """
        text = self.text
        for n in g.nums:
            before = [
                (n.num - p, s)
                for p, s in self.settings
                if p < n.num and n.num - p < 150 and not SETTING_BREAK.search(text[p : n.num])
            ]
            after = [
                (p - n.unit_end, s)
                for p, s in self.settings
                if 0 <= p - n.unit_end < 40 and not SETTING_BREAK.search(text[n.unit_end : p])
            ]
            if before or after:
                n.setting = min(before or after)[1]


def _subject(text: str, lo: int, hi: int, men: Mentions) -> str | None:
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
