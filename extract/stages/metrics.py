r"""Reported metrics: "77% accuracy", "up to 5 ×", "an improvement of 19.0 points".

A number is a reported outcome when a unit follows it: a percentage (``%``, ``\%``,
``percent``), percentage points (``points``, ``pp``, "11.77% percentage points"), a multiplier
(``×``, ``x``, ``\times``, ``-fold``, "3 times faster") or a score name ("28.4 BLEU"), or when
a score name precedes it ("an F1 of 85.3"), or it is "N out of M". Setup numbers are skipped:
values after ``=``/"rank"/"ratio"/"sparsity" ("rank = 50% of dimension"), percentages of the
data or parameters used ("10% of the training data"), dimensions and hardware ("3×3",
"8×H100"), versions and hyphenated names ("GPT-4", "Top-1").

Each row gets the qualifier right before the number ("up to", "over", "about", ...), the metric
named right after it or nearest before it in the sentence (``data/metric_aliases.toml``) and the
benchmark named in the same sentence (from ``extract.benchmarks``). Units, qualifiers and
multiplier words are in ``data/units.toml``; the word lists of the setup and count patterns in
``data/metrics_cues.toml`` (ids per list, :mod:`extract.results.cues`). All patterns are
bounded and are applied once to the abstract or to short windows, so time is linear in the
length of the text.
"""

from __future__ import annotations

import bisect
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from extract.datafiles import DATA_DIR
from extract.records import PaperText
from extract.results.cues import cue_lists
from extract.stages import benchmarks
from extract.text.sentences import sentence_ends

TABLE = "metrics"
DATA_FILES: tuple[str, ...] = (
    "units.toml",
    "metric_aliases.toml",
    "metrics_cues.toml",
    *benchmarks.DATA_FILES,
)

_SP = "[ \u00a0\u2009\u202f]"  # space, no-break space, thin space, narrow no-break space
# the word lists of the setup and count patterns, by id (``data/metrics_cues.toml``)
C = cue_lists("metrics_cues.toml", SP=_SP)
_AFTER_WORDS = 24  # characters after a unit in which a metric name counts as "right after"
_BEFORE_CHARS = 160  # how far back in the sentence a metric name may be
_CUTOFF = re.compile(r"@\d{1,3}\Z")
_GLUE = re.compile(r"[\s\u00a0\u2009\u202f*$]{0,4}")


@dataclass(frozen=True)
class MetricMatch:
    """A reported outcome found in a text."""

    start: int
    end: int
    text: str
    value: float
    unit: str
    metric: str | None
    qualifier: str | None
    benchmark: str | None = None


@lru_cache(maxsize=1)
def _vocab() -> tuple[dict, dict[str, list[str]]]:
    with open(DATA_DIR / "units.toml", "rb") as f:
        units = tomllib.load(f)["metrics"]
    with open(DATA_DIR / "metric_aliases.toml", "rb") as f:
        aliases = tomllib.load(f)["aliases"]
    return units, aliases


def _alt(words: Sequence[str]) -> str:
    """An alternation, longest first, grouped by first character.

    Grouping lets the engine reject a position after one character instead of trying every
    phrase in turn (a large speed-up for the 200-phrase metric vocabulary).
    """
    groups: dict[str, list[str]] = {}
    for w in sorted(set(words), key=len, reverse=True):
        groups.setdefault(w[0].lower(), []).append(w)
    parts = []
    for ws in groups.values():
        if len(ws) == 1:
            parts.append(re.escape(ws[0]))
        else:
            firsts = sorted({w[0] for w in ws})
            head = (
                re.escape(firsts[0])
                if len(firsts) == 1
                else "[" + "".join(re.escape(c) for c in firsts) + "]"
            )
            parts.append(head + "(?:" + "|".join(re.escape(w[1:]) for w in ws) + ")")
    return "|".join(parts)


def _is_acronym(word: str) -> bool:
    return len(word) <= 5 and sum(ch.isupper() for ch in word) >= 2


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern]:
    u, aliases = _vocab()
    pct = _alt(u["percent"])
    pts = _alt(u["points"])
    words = _alt(u["word_numbers"])
    comparatives = _alt(u["times_comparatives"])
    gains = _alt(u["score_gain_words"])
    scores_ci = _alt([w for w in u["score_words"] if not _is_acronym(w)])
    scores_cs = _alt([w for w in u["score_words"] if _is_acronym(w)])
    score = rf"(?<![\w@-])(?=[A-Za-z])(?:(?i:{scores_ci})|{scores_cs})(?![\w@+-])"
    quals = {q: _alt(v) for q, v in u["qualifiers"].items()}
    qual_alt = "|".join(f"(?P<q{i}>{alt})" for i, alt in enumerate(quals.values()))
    phrases_ci = [p for ps in aliases.values() for p in ps if not _is_acronym(p)]
    phrases_cs = [p for ps in aliases.values() for p in ps if _is_acronym(p)]
    return {
        # A number not glued to a word, a version or a longer number.
        # "(?=\d)": a first-character test the regex engine skips ahead with (3x faster)
        "number": re.compile(
            r"(?=\d)(?<![\d.,])(?:\d{1,3}(?:,\d{3}){1,4}|\d{1,9})(?:\.\d{1,9})?(?![\d])"
        ),
        "word_number": re.compile(
            rf"(?<![\w-])(?i:{words})(?=-?fold|{_SP}times|{_SP}points?\b|{_SP}out{_SP}of{_SP})"
        ),
        # Units, tried in order at the end of the number.
        "percent": re.compile(
            rf"{_SP}?(?:{pct})(?![A-Za-z0-9])(?:{_SP}?(?P<pts>(?i:{pts}))(?![A-Za-z]))?"
            if "%" in u["percent"]
            else "(?!)"
        ),
        "points": re.compile(rf"{_SP}?(?:(?i:{pts}))(?![A-Za-z])(?!{_SP}of\b)"),
        "score_points": re.compile(rf"{_SP}{score}{_SP}(?i:points?)\b"),
        "times": re.compile(
            rf"(?:{_SP}?(?:×|\\times)|[xX])(?:\$|\*{{1,2}})?(?![A-Za-z0-9])(?!{_SP}?\d)(?!{_SP}?\$?{_SP}?\d)"
        ),
        "fold": re.compile(rf"(?:-|{_SP})?fold\b"),
        "times_word": re.compile(rf"{_SP}times{_SP}(?i:{comparatives})\b"),
        "score_after": re.compile(rf"{_SP}{score}"),
        "score_gain": re.compile(rf"{_SP}{score}{_SP}(?i:{gains})\b"),
        # A word after a bare number that makes it a count of things, not a score.
        "noun_after": re.compile(rf"{_SP}(?!(?i:{C.not_a_count_noun})\b)[A-Za-z]"),
        "out_of": re.compile(rf"{_SP}out{_SP}of{_SP}(?:\d{{1,9}}|(?i:{words}))\b"),
        # "2-4x", "15-20%", "1.88 2.94x": a bare number before a number with a unit.
        "range_to": re.compile(rf"(?:{_SP}?[-–—~]{_SP}?|{_SP}to{_SP}|{_SP})(?=\d)"),
        "score_before": re.compile(
            rf"{score}(?:[- ]?(?i:scores?))?{_SP}?"
            rf"(?i:of|=|:|to|at|reaching|reaches|is|was)?{_SP}?\$?(?=\d)"
        ),
        # Setup numbers: "rank = 50\%", "sparsity of 50%", "10% of the training data".
        "setup_before": re.compile(
            rf"(?:=|(?<![A-Za-z])(?=[bdkmprst])(?i:\b(?:{C.setup_before})))"
            r"[\s$*(]{0,4}(?:of[\s$*]{1,3})?(?=\d)"
        ),
        "setup_after": re.compile(
            rf"[\s$*]{{0,4}}(?i:sparsity|density|of{_SP}(?:the{_SP})?"
            rf"(?:(?:{C.setup_after_adjective}){_SP})?(?:{C.setup_after_noun})\b)"
        ),
        "qualifier": re.compile(
            rf"(?<![A-Za-z])(?=[A-Za-z~∼≈<>≥≤&$\\])(?:{qual_alt})"
            rf"(?:[\s\u00a0\u2009\u202f$*(]|\\sim|\\approx|~){{0,6}}(?=[\dA-Za-z])"
        ),
        "alias": re.compile(
            rf"(?<![\w@-])(?=[A-Za-z])(?:(?i:{_alt(phrases_ci)})|{_alt(phrases_cs)})(?:@\d{{1,3}})?(?![\w@+-])"
        ),
    }


@lru_cache(maxsize=1)
def _alias_lookup() -> tuple[dict[str, str], list[str]]:
    _, aliases = _vocab()
    lookup: dict[str, str] = {}
    for canonical, phrases in aliases.items():
        for p in phrases:
            lookup[p if _is_acronym(p) else p.lower()] = canonical
    quals = list(_vocab()[0]["qualifiers"])
    return lookup, quals


def _canonical(phrase: str, lookup: dict[str, str]) -> str | None:
    """Canonical metric for a matched phrase ("F1@10" -> "F1")."""
    base = _CUTOFF.sub("", phrase)
    return lookup.get(base) or lookup.get(base.lower())


def _number_ok(text: str, start: int) -> bool:
    r"""False for digits glued to a word ("H100", "GPT-4", "Top-1"); LaTeX "\sim2" is fine."""
    if start == 0:
        return True
    prev = text[start - 1]
    if prev.isalpha() or prev == "_":
        return text.endswith(("\\sim", "\\approx", "\\geq", "\\leq"), max(0, start - 7), start)
    if prev in "-‑" and start >= 2 and text[start - 2].isalpha():
        return False
    return prev not in "@^/#"


def _unit_at(text: str, start: int, end: int, pat: dict) -> tuple[str, int] | None:
    """The unit right after a number ending at ``end``: (unit, end of the unit) or None."""
    m = pat["percent"].match(text, end)
    if m:
        return ("points" if m.group("pts") else "%"), m.end()
    m = pat["score_points"].match(text, end)
    if m:
        return "points", m.end()
    m = pat["points"].match(text, end)
    if m:
        return "points", m.end()
    m = pat["times"].match(text, end)
    if m:
        return "x", m.end()
    m = pat["fold"].match(text, end)
    if m:
        return "x", m.end()
    m = pat["times_word"].match(text, end)
    if m:
        return "x", end + m.group(0).index("times") + 5
    m = pat["out_of"].match(text, end)
    if m:
        return "count", m.end()
    m = pat["score_gain"].match(text, end)
    if m:
        return "points", end
    m = pat["score_after"].match(text, end)
    if m:
        by = text.endswith((" by", "\u00a0by"), max(0, start - 4), start)
        return ("points" if by else "other"), end
    return None


@dataclass
class _Hit:
    start: int  # of the span (qualifier included)
    num: int  # of the number
    unit_end: int
    value: float
    unit: str
    qualifier: str | None


def _find_hits(text: str, pat: dict) -> list[_Hit]:
    """Numbers with a unit (or a score name before them) that are not setup numbers."""
    units, _ = _vocab()
    _, quals = _alias_lookup()
    words = {k.lower(): v for k, v in units["word_numbers"].items()}
    numbers = [
        (m.start(), m.end(), float(m.group(0).replace(",", "")))
        for m in pat["number"].finditer(text)
    ]
    numbers += [
        (m.start(), m.end(), float(words[m.group(0).lower()]))
        for m in pat["word_number"].finditer(text)
    ]
    if not numbers:
        return []
    numbers.sort()
    # Cues that must end right where a number starts, each found in one pass (linear time).
    qual_at = {m.end(): m for m in pat["qualifier"].finditer(text)}
    setup_at = {m.end() for m in pat["setup_before"].finditer(text)}
    score_at: set[int] | None = None  # computed on first need

    hits: list[_Hit] = []
    for n_i, (start, end, value) in enumerate(numbers):
        if not _number_ok(text, start):
            continue
        if text.startswith(".", end) and end + 1 < len(text) and text[end + 1].isdigit():
            continue  # a version such as 1.2.3
        got = _unit_at(text, start, end, pat)
        if got is None and n_i + 1 < len(numbers):
            r = pat["range_to"].match(text, end)
            nxt = numbers[n_i + 1]
            if r and r.end() == nxt[0]:
                nxt_unit = _unit_at(text, nxt[0], nxt[1], pat)
                if nxt_unit and nxt_unit[0] in ("%", "x", "points"):
                    got = nxt_unit  # the low end of a range takes the unit of the high end
        if got is None:
            if score_at is None:
                score_at = {m.end() for m in pat["score_before"].finditer(text)}
            if start not in score_at or pat["noun_after"].match(text, end):
                continue  # "accuracy of 20 LLMs" counts models, it reports no score
            got = ("other", end)
        unit, unit_end = got
        if start in setup_at or pat["setup_after"].match(text, unit_end):
            continue
        q = qual_at.get(start)
        qualifier = quals[next(i for i, g in enumerate(q.groups()) if g is not None)] if q else None
        hits.append(_Hit(q.start() if q else start, start, unit_end, value, unit, qualifier))
    return hits


def find_metrics(
    text: str, benchmark_spans: Sequence[tuple[int, int, str]] = ()
) -> list[MetricMatch]:
    """Every reported outcome in ``text``.

    Args:
        text: The abstract.
        benchmark_spans: ``(start, end, name)`` of benchmarks named in ``text``.

    Returns:
        Matches in order of position.
    """
    pat = _patterns()
    hits = _find_hits(text, pat)
    if not hits:
        return []
    lookup, _ = _alias_lookup()
    aliases = [(m.start(), m.end(), m.group(0)) for m in pat["alias"].finditer(text)]
    alias_starts = [a[0] for a in aliases]
    ends = sentence_ends(text)

    found: list[MetricMatch] = []
    for h in hits:
        k = bisect.bisect_right(ends, h.num)
        s_from = ends[k - 1] if k else 0
        s_to = ends[k] if k < len(ends) else len(text)

        # The metric named right after the unit, else nearest before, else later in the sentence.
        metric = None
        span_end = h.unit_end
        i = bisect.bisect_left(alias_starts, h.unit_end)
        if i < len(aliases) and aliases[i][0] < min(s_to, h.unit_end + _AFTER_WORDS):
            a_start, a_end, a_text = aliases[i]
            metric = _canonical(a_text, lookup)
            if _GLUE.fullmatch(text, h.unit_end, a_start):
                span_end = a_end  # "77% accuracy"
        if metric is None:
            j = bisect.bisect_left(alias_starts, h.start) - 1
            while j >= 0 and aliases[j][1] > h.start:
                j -= 1
            if j >= 0 and aliases[j][0] >= max(s_from, h.num - _BEFORE_CHARS):
                metric = _canonical(aliases[j][2], lookup)
        if metric is None and i < len(aliases) and aliases[i][0] < s_to:
            metric = _canonical(aliases[i][2], lookup)

        found.append(
            MetricMatch(
                h.start, span_end, text[h.start : span_end], h.value, h.unit, metric, h.qualifier
            )
        )
    return with_benchmarks(text, found, benchmark_spans) if benchmark_spans else found


def with_benchmarks(
    text: str, matches: list[MetricMatch], benchmark_spans: Sequence[tuple[int, int, str]]
) -> list[MetricMatch]:
    """``matches`` with the benchmark named in the same sentence (nearest one) filled in."""
    ends = sentence_ends(text)
    marks = sorted(benchmark_spans)
    mark_starts = [b[0] for b in marks]
    out = []
    for m in matches:
        k = bisect.bisect_right(ends, m.start)
        s_from = ends[k - 1] if k else 0
        s_to = ends[k] if k < len(ends) else len(text)
        b_i = bisect.bisect_left(mark_starts, s_from)
        best: tuple[int, str] | None = None
        while b_i < len(marks) and marks[b_i][0] < s_to:
            b_start, b_end, name = marks[b_i]
            if b_end <= s_to and (best is None or abs(b_start - m.start) < best[0]):
                best = (abs(b_start - m.start), name)
            b_i += 1
        out.append(replace(m, benchmark=best[1] if best else None))
    return out


def metric_rows(paper_id: str, matches: list[MetricMatch]) -> list[dict]:
    """Rows of the ``metrics`` table for one paper."""
    return [
        {
            "paper_id": paper_id,
            "text": m.text,
            "value": m.value,
            "unit": m.unit,
            "metric": m.metric,
            "qualifier": m.qualifier,
            "benchmark": m.benchmark,
            "start": m.start,
            "end": m.end,
        }
        for m in matches
    ]


def extract_rows(paper: PaperText, deps: Mapping[str, Sequence[dict]] | None = None) -> list[dict]:
    """Reported outcomes in the abstract of ``paper``, with the benchmark of their sentence.

    In a build, ``deps["benchmarks"]`` holds this paper's rows of the benchmarks stage (the
    stage declares it reads them): the benchmark finder is not run again. Called on its own
    (``deps`` None), the benchmark finder runs here.
    """
    matches = find_metrics(paper.abstract)
    if not matches:  # most abstracts report no number
        return []
    if deps is None:
        names = [r["name"] for r in benchmarks.extract_rows(paper)]
    else:
        names = [r["name"] for r in deps.get("benchmarks", ())]
    if names:
        spans = benchmarks.occurrences(paper.abstract, names)
        matches = with_benchmarks(paper.abstract, matches, spans)
    return metric_rows(paper.paper_id, matches)
