"""Numbers of a text that may report a result: value, unit, sign and qualifier.

Numbers inside names or notation ("GPT-4", "Top-1", "F(6, 3)", "128x128"), years, citations,
enumerations and compounds ("8-bit", "6-DoF") are skipped here; whether a number is a result is
decided by :mod:`extract.results.reading`, which sees its sentence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from extract.results.patterns import (
    BEFORE_SKIP,
    CALL_BEFORE,
    DIM_BEFORE,
    DIMENSION,
    FOLD,
    FOLD_CONTEXT,
    GLUED_SUFFIX,
    LETTER,
    MAGNITUDE,
    NUMBER,
    OUT_OF,
    PERCENT,
    POINTS,
    QUAL_SIGN,
    SLASH_OF,
    STD_BEFORE,
    TIME_UNIT,
    TIMES,
    TIMES_WORD,
    WORD_NUMBER,
    WORD_VALUES,
)
from extract.results.vocab import (
    Vocab,
)


@dataclass
class Num:
    """A number that may report a result, and what the sentence reader finds out about it."""

    start: int  # span start (qualifier and sign included)
    num: int  # the digits
    end: int
    unit_end: int  # span end
    value: float
    unit: str | None
    qualifier: str | None = None
    signed: bool = False
    paren: bool = False  # bracketed after another number: "72.4% (+1.2%)"
    kind: str | None = None
    metric: str | None = None
    metric_sure: bool = False  # named next to the number, not guessed
    benchmark: str | None = None
    bench_sure: bool = False
    method: str | None = None
    setting: str | None = None
    unnamed: bool = False  # measured "on 13 tasks": on something the abstract does not name
    own: bool = False  # measured "on our dataset": on the benchmark the paper introduces


# --- numbers ------------------------------------------------------------------------------------


def _unit_at(text: str, end: int) -> tuple[str | None, int]:
    for pat, unit in (
        (PERCENT, "%"),
        (POINTS, "points"),
        (TIMES, "x"),
        (FOLD, "x"),
        (TIMES_WORD, "x"),
        (OUT_OF, "count"),
        (TIME_UNIT, "time"),
    ):
        m = pat.match(text, end)
        if m:
            if unit == "%" and m.group("pts"):
                return "points", m.end()
            if unit == "time":
                return m.group("u"), m.end()
            return unit, m.end()
    return None, end


def _glued(text: str, start: int, end: int) -> bool:
    """True for digits inside a name or notation: GPT-4, Top-1, H100, x^2, [12], F(6, 3), {1}."""
    if start == 0:
        return False
    prev = text[start - 1]
    if prev.isalpha() or prev in "_@^#'’\\":
        return True
    if prev == "/":
        return start < 2 or text[start - 2] not in "%)"  # "25.2%/98.6%" is a list
    if prev in "-‑" and start >= 2 and (text[start - 2].isalpha() or text[start - 2] in "_'’"):
        return True
    if prev in "[{" or "{" in text[max(0, start - 4) : start] or "}" in text[end : end + 3]:
        return True
    if prev == "(" and start >= 2 and text[start - 2].isalpha():
        return True  # F(6, 3)
    if "(" in text[max(0, start - 6) : start] and CALL_BEFORE.search(
        text[max(0, start - 12) : start]
    ):
        return True  # the 3 of F(6, 3)
    back = text[max(0, start - 10) : start]
    return any(c in back for c in "×xX*") and bool(DIM_BEFORE.search(back))  # the 128 of 128x128


def find_numbers(text: str, v: Vocab) -> list[Num]:
    """Candidate result numbers of ``text`` with unit, sign and qualifier (not yet judged)."""
    found: list[Num] = []
    spans = [(m.start(), m.end(), m.group(0)) for m in NUMBER.finditer(text)]
    spans += [(m.start(), m.end(), m.group(0)) for m in WORD_NUMBER.finditer(text)]
    spans.sort()
    for start, end, raw in spans:
        if raw[0].isalpha():
            value = float(WORD_VALUES[raw.lower()])
            unit, unit_end = _unit_at(text, end)
            unit, unit_end = "x", (unit_end if unit == "x" else end)
            if not FOLD_CONTEXT.match(text, unit_end) and not re.search(
                r"(?i:\b(?:by|a|an|about|nearly|almost|over|than)\s*)$",
                text[max(0, start - 12) : start],
            ):
                continue  # "the contribution is two-fold"
        else:
            if start and text[start - 1] in ".," and start >= 2 and text[start - 2].isdigit():
                continue  # the tail of 1.2.3
            if text.startswith(".", end) and end + 1 < len(text) and text[end + 1].isdigit():
                continue  # a version: 1.2.3
            if _glued(text, start, end):
                continue
            value = float(raw.replace(",", ""))
            unit, unit_end = _unit_at(text, end)
            if unit is None:
                if end < len(text) and (text[end].isalpha() or text[end] in "^_"):
                    continue  # 7B, 3D, 2nd, 2^12
                if (
                    GLUED_SUFFIX.match(text, end)
                    or DIMENSION.match(text, end)
                    or MAGNITUDE.match(text, end)
                ):
                    continue  # 8-bit, 5-shot, 100K, 128x128, 1.2 trillion
                if text.startswith("/", end) and end + 1 < len(text) and text[end + 1].isdigit():
                    m = SLASH_OF.match(text, end)
                    if not m:
                        continue  # 1/4
                    unit, unit_end = "count", m.end()  # "solving 20/20 tasks"
                elif "." not in raw and "," not in raw and 1950 <= value <= 2039:
                    continue  # a year
                elif text.startswith(")", end) and "." not in raw and value < 20:
                    continue  # an enumeration: "1) ..."
            elif unit == "x" and DIMENSION.match(text, end):
                continue
        before = text[max(0, start - 40) : start]
        if ("±" in before[-6:] or "pm" in before[-6:] or "+" in before[-6:]) and STD_BEFORE.search(
            before
        ):
            continue  # the spread of 85.3 ± 0.4
        wordy = LETTER.search(before) is not None
        if unit is None and wordy and BEFORE_SKIP.search(before):
            continue  # Table 2, top-k = 5, epsilon = 0.1
        s, signed = start, False
        if s and text[s - 1] in "+-−–" and (s == 1 or text[s - 2] in " \u00a0(:,[/~"):
            s, signed = s - 1, True
            if text[s] != "+":
                value = -value
        q = (
            v.qualifier_re.search(text, max(0, s - 30), s)
            if wordy or QUAL_SIGN.search(before)
            else None
        )
        if (
            q
            and q.group(0).strip() in ("~", "∼")
            and q.start()
            and (text[q.start() - 1].isdigit() or text[q.start() - 1] == "%")
        ):
            q = None  # "0.2%~0.7%": a range
        qual = None
        if q:
            qual = v.qualifiers[next(i for i, g in enumerate(q.groups()) if g is not None)]
            s = q.start()
        found.append(Num(s, start, end, unit_end, value, unit, qual, signed))
    return found
