"""What each number of a sentence is: a score, a delta, a relative change, setup or no result.

The steps of :func:`extract.results.reading.read_sentence` that decide a number's ``kind``: from
its unit and sign and the words around its group ("by", "improves", "from ... to"); then setup
numbers ("11 languages", "with 30% of the data") are dropped; and once its metric is attached,
a bare number without the evidence of a result is dropped too.
"""

from __future__ import annotations

import re

from extract.results.attachment import metric_after
from extract.results.grouping import Group, main_numbers
from extract.results.numbers import Num
from extract.results.patterns import (
    CHANGE_VERB,
    HEAD_BY,
    HEAD_FROM,
    HEAD_SCORE,
    NOUN_AFTER,
    ON,
    OR_MORE,
    REDUCE_BY,
    RELATIVE_OF,
    SAME_AGAIN,
    SETUP_AFTER,
    SETUP_BEFORE,
    SETUP_HINT,
    SP,
    TAIL_GAIN,
    TIME_UNITS,
    TO_SCORE,
    C,
)
from extract.results.sentence import Sentence

# before a duration that is a result, not setup: "in 99 minutes", "takes only 3 hours"
_TIME_TAKEN = re.compile(rf"(?i:\b(?:{C.time_taken})\s*$)")


def read_kinds(s: Sentence, g: Group, head: str, prev_kind: str | None) -> None:
    """Set the kind of each number of ``g``: other, relative, delta or score.

    ``head`` is the text before the group; ``prev_kind`` the kind of the previous group.
    """
    text = s.text
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
        main_last = main_numbers(slot)[-1]
        for n in slot:
            a = text[n.unit_end : min(s.hi, n.unit_end + 60)]
            # a range reads on from its high end: "3%-11% improvement"
            owner = n if n.paren else main_last
            after = text[owner.unit_end : min(s.hi, owner.unit_end + 60)]
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
                (by or (change and not _valued_in_brackets(s, n, head)))
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
    last_kind = main_numbers(g.slots[-1])[-1].kind
    if len(g.slots) > 1 and last_kind == "delta":
        for n in g.nums:
            if n.kind == "score" and n.unit == g.slots[-1][-1].unit:
                n.kind = "delta"


def _valued_in_brackets(s: Sentence, n: Num, head: str) -> bool:
    """True for "(73.4 test perplexity)": a bare value and its metric, in brackets.

    The verb before ("improves on the state of the art (73.4 ...)") changes the state of
    the art; the bracket gives its new value, a score.
    """
    if n.unit is not None or n.signed or not head.rstrip().endswith("("):
        return False
    return metric_after(s.text, n, s.hi, s.men, s.mstarts) is not None


def mark_setup(s: Sentence, g: Group) -> None:
    """Clear the kind of setup numbers: "11 languages", "with 30% of the data", "k = 5"."""
    text = s.text
    for slot in g.slots:
        last = slot[-1]
        after = text[last.unit_end : min(s.hi, last.unit_end + 60)]
        before = text[max(s.lo, slot[0].start - 50) : slot[0].start]
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
            re.match(rf"{SP}*(?:or{SP}\w+{SP})?of\b", after) or not _TIME_TAKEN.search(before)
        ):
            setup = True  # "99 minutes of transcribed data"
        elif (
            slot[0].unit is None
            and before.rstrip().endswith("=")
            and not s.metric_word_before(slot[0].start)
        ):
            setup = True  # "for ε=1", "k = 5": a parameter set to a value
        elif (
            last.unit is None
            and last.kind == "score"
            and float(last.value).is_integer()
            and "." not in text[last.num : last.end]
            and NOUN_AFTER.match(after)
            and not s.metric_word_at(last.unit_end)
        ):
            setup = True  # "11 languages"
        if setup:
            # "with 30%, 40%, and 60% of the input tokens": the whole list is setup
            for n in slot if slot is not g.slots[-1] else g.nums:
                n.kind = None


# -- is it a result at all? --
def check_evidence(s: Sentence, gi: int, g: Group, head: str, prev_ok: bool) -> None:
    """A bare number needs its metric named next to it or a score cue; a percentage a verb.

    ``prev_ok``: the previous group of the sentence is a result; "52.8 on PTB and 52.0 on
    WikiText-2" continues it.
    """
    score_head = bool(HEAD_SCORE.search(head[-60:])) or (
        prev_ok and bool(SAME_AGAIN.fullmatch(head))
    )
    sentence_before = s.text[s.lo : g.start]
    from_to = bool(HEAD_FROM.search(head[-10:])) or bool(
        re.search(rf"{SP}to{SP}?$", head) and CHANGE_VERB.search(sentence_before)
    )
    by = bool(re.search(r"(?i:\bby\s*)$", head[-20:]))
    on_bench = bool(ON.match(s.text, g.end)) and bool(s.benches)
    group_sure = any(n.metric_sure for n in g.nums if n.unit is None and n.kind)
    for n in g.nums:
        if n.kind is None:
            continue
        if n.unit is None and n.kind in ("score", "delta"):
            ok = (
                group_sure
                or (n.metric and (score_head or from_to or n.signed or (by and n.kind == "delta")))
                or (on_bench and (score_head or n.signed))
            )
            if not ok:
                n.kind = None
        elif n.unit in ("%", "points") and n.kind == "score" and not (s.has_verb or n.metric):
            n.kind = None


# -- benchmark --
