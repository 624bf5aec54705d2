"""Grouping one sentence's numbers into lists, ranges and values with bracketed additions.

The first step of reading a sentence (:mod:`extract.results.reading`): each later step reads a
group as a whole ("72.4% and 81.3% on A and B").
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from extract.results.numbers import Num
from extract.results.patterns import HEAD_FROM, LIST_GLUE, PER_ITEM_GLUE, RANGE_GLUE, SP


class Group:
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


def group_numbers(
    text: str, nums: list[Num], metrics: Sequence[tuple[int, int, str]] = ()
) -> list[Group]:
    """Numbers of one sentence grouped into lists, ranges and bracketed additions.

    "72.4% and 81.3%" is one group of two slots; "2-3x" one slot holding both ends of the range;
    "72.4% (+1.2%), 90.3% (+0.7%)" two slots, each with its bracketed delta; "1.19 bits/char
    and 1.08 bits/char" (a metric named after each item) a list of two.
    """
    ends = {e: s for s, e, _ in metrics}
    groups: list[Group] = []
    cur: Group | None = None
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
        cur = Group(n)
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


def main_numbers(slot: list[Num]) -> list[Num]:
    """The numbers of a list item outside brackets (all of them when all are bracketed)."""
    return [n for n in slot if not n.paren] or slot
