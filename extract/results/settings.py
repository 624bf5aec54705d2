"""The setting of a sentence's results: "zero-shot", "on the test set", "5-shot".

A number takes the setting written before it in its clause, or right after it.
"""

from __future__ import annotations

from extract.results.grouping import Group
from extract.results.patterns import SETTING_BREAK
from extract.results.sentence import Sentence


def attach_setting(s: Sentence, g: Group) -> None:
    """The setting of each number, written before it in its clause or right after it.

    "Under the zero-shot setting, ... a 2.5% gain"; "84.6 F1 score on the test set".
    """
    text = s.text
    for n in g.nums:
        before = [
            (n.num - p, s)
            for p, s in s.settings
            if p < n.num and n.num - p < 150 and not SETTING_BREAK.search(text[p : n.num])
        ]
        after = [
            (p - n.unit_end, s)
            for p, s in s.settings
            if 0 <= p - n.unit_end < 40 and not SETTING_BREAK.search(text[n.unit_end : p])
        ]
        if before or after:
            n.setting = min(before or after)[1]
