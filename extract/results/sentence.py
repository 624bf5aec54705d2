"""One sentence being read: its text, its number groups and the names mentioned in it.

:class:`Sentence` holds what every step of the reading looks up (:mod:`~extract.results.kind`,
:mod:`~extract.results.attachment`, :mod:`~extract.results.settings`); the steps fill the numbers'
fields, and :func:`extract.results.reading.read_sentence` runs them in order.
"""

from __future__ import annotations

import bisect

from extract.results.grouping import Group, group_numbers
from extract.results.names import Mentions
from extract.results.numbers import Num
from extract.results.patterns import ON_BEFORE, RESPECTIVELY, RESULT_VERB, SCOPE, SETTING, WIN
from extract.results.vocab import Vocab


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
        self.groups: list[Group] = group_numbers(text, nums, self.metrics)
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
        # (filled by :func:`extract.results.attachment.consumed_metrics` once grouped)
        self.consumed: set[int] = set()
        self.unnamed = False  # the last group was measured "on 13 tasks": nothing named

    def head(self, gi: int) -> str:
        """The text before group ``gi``, back to the previous group (at most ``WIN`` chars)."""
        g = self.groups[gi]
        lo = self.groups[gi - 1].end if gi else self.lo
        return self.text[max(lo, g.start - WIN) : g.start]

    def tail_limit(self, gi: int) -> int:
        """Where the text after group ``gi`` stops: the next group or the end of the sentence."""
        return self.groups[gi + 1].start if gi + 1 < len(self.groups) else self.hi

    def metric_word_before(self, pos: int) -> bool:
        """True when a metric is named right before the "=" ending at ``pos`` ("F1 = 82.7")."""
        i = bisect.bisect_left(self.mstarts, pos) - 1
        return i >= 0 and not self.text[self.men.metrics[i][1] : pos].strip(" =\u00a0(:")

    def metric_word_at(self, pos: int) -> bool:
        """True when a metric is named right at ``pos`` (at most one character after it)."""
        i = bisect.bisect_left(self.mstarts, pos)
        return i < len(self.men.metrics) and self.men.metrics[i][0] - pos <= 1
