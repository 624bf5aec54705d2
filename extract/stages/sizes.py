"""Model sizes: parameter counts such as "454M", "~30B-sized", "175 billion parameters".

A number with a magnitude (``K``/``M``/``B``/``T`` or ``thousand``/``million``/``billion``/
``trillion``) is a parameter count when a parameter word follows it ("85M parameters",
"25M-parameter"), when a model noun follows within three words ("a 454M model"), when it is
part of a model name ("Llama-3-8B", "Qwen2.5-32B-Instruct", "LLaMA 7B"), or when it is a bare
billions/trillions figure ("models of 7B and 70B"). A name with a size part that names a
data set is not a model ("MS-Celeb-1M", "Sports-1M", "MIT-10M, a dataset of ...": the corpus
statistics of the names stage, or a data noun after it, decide). It is not one when a data,
context, compute or money noun comes first ("655B tokens", "128K context", "2.7M rows",
"1.7 million votes") or a ``$`` precedes it. A list shares the verdict of its last member ("2B and 8B parameters").

Vocabulary lives in ``data/units.toml`` (section ``[sizes]``). Every pattern is a bounded,
unambiguous regex applied once to the abstract or to a short window, so time is linear in the
length of the text.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache

from extract.datafiles import DATA_DIR
from extract.records import PaperText

TABLE = "model_sizes"
VERSION = "2"
DATA_FILES: tuple[str, ...] = ("units.toml", "name_stats.tsv")

_SP = "[ \u00a0\u2009\u202f]"  # space, no-break space, thin space, narrow no-break space
_NUM = r"(?:\d{1,3}(?:,\d{3}){1,4}|\d{1,7})(?:\.\d{1,6})?"
_WINDOW = 48  # characters looked at after a size for the deciding noun
_NEXT_WORD = re.compile(r"[*_\s\u00a0\u2009\u202f-]{0,4}([A-Za-z][A-Za-z+]{0,24})")
_DECIDING_WORDS = 3


@dataclass(frozen=True)
class SizeMatch:
    """A parameter count found in a text."""

    start: int
    end: int
    text: str
    params: float
    model: str | None


@dataclass
class _Candidate:
    start: int
    end: int
    params: float
    letter: str  # magnitude as written: "B", "m", "billion", ...
    verdict: str | None  # "yes", "no" or None (undecided)
    model: str | None = None


@lru_cache(maxsize=1)
def _vocab() -> dict:
    with open(DATA_DIR / "units.toml", "rb") as f:
        return tomllib.load(f)["sizes"]


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern]:
    v = _vocab()
    words = "|".join(k for k in v["magnitudes"] if len(k) > 1)
    params = "|".join(sorted(v["param_words"], key=len, reverse=True))
    suffixes = "|".join(sorted(v["size_suffixes"], key=len, reverse=True))
    return {
        # A size: optional "~", the number, a magnitude, an optional "-parameter"/"-sized".
        "size": re.compile(
            rf"(?P<approx>[~∼≈]{_SP}?)?(?<![\w.,\-])(?P<num>{_NUM})"
            rf"(?:(?P<letter>[KMBTkmbt])(?![A-Za-z0-9])|(?:{_SP}|-)(?P<word>(?i:{words}))\b)"
            rf"(?P<suffix>(?:{_SP}|-)(?i:(?P<param>{params})|{suffixes})\b)?",
        ),
        # A hyphenated model name with a size component: "Llama-3-8B", "Qwen2.5-32B-Instruct".
        "name": re.compile(r"(?<![\w.\-])[A-Za-z][\w.]{0,30}(?:-[\w.]{1,30}){1,6}"),
        "component": re.compile(r"(\d{1,4}(?:\.\d{1,3})?)([BbMm])\Z"),
        # A name before a spaced size: "LLaMA 7B", "Llama 2 70B", "Llama 3.1 8B".
        "prev_name": re.compile(
            rf"(?<![\w.\-])(?P<name>[A-Z][\w.\-]{{0,30}}[A-Za-z0-9])(?:{_SP}(?P<ver>\d{{1,2}}(?:\.\d)?))?{_SP}\Z"
        ),
        "list_gap": re.compile(r"\s{0,3}(?:,|/|-|–|to|and|or|,\s{0,3}and|,\s{0,3}or)?\s{0,3}\Z"),
    }


def _verdict_after(text: str, end: int, v: dict) -> str | None:
    """Decide from the words right after a size: a parameter or model noun, or another noun."""
    params, models, others = set(v["param_words"]), set(v["model_nouns"]), set(v["not_params"])
    window = text[end : end + _WINDOW]
    pos = 0
    for _ in range(_DECIDING_WORDS):
        m = _NEXT_WORD.match(window, pos)
        if not m:
            return None
        word = m.group(1).lower()
        if word in params or word in models:
            return "yes"
        if word in others:
            return "no"
        pos = m.end()
    return None


def _parse(num: str) -> float:
    return float(num.replace(",", ""))


def _magnitude(letter: str, v: dict) -> float:
    mags = v["magnitudes"]
    return mags[letter.upper()] if len(letter) == 1 else mags[letter.lower()]


_DATA_AFTER = re.compile(
    r"[\s,)]{0,3}(?:(?:is|are)\s)?(?:(?:a|an|the)\s)?(?:[\w-]+\s){0,2}?(?:datasets?|benchmarks?|corpus|corpora|images|"
    r"videos|clips|pairs|faces|identities|sentences|samples|collection)\b",
    re.I,
)
_DATA_BEFORE = re.compile(
    r"(?:\b(?:on|from|in|of|using|with)\s(?:the\s)?|\b(?:datasets?|benchmarks?|corpora)[\s,:]*"
    r"(?:viz\.|e\.g\.,?|i\.e\.,?|such as|including|namely|like)?\s*)$",
    re.I,
)


def _names_data(token: str, text: str, start: int, end: int) -> bool:
    """True when a name with a size part names a data set, not a model.

    "MS-Celeb-1M", "Sports-1M", "MIT-10M, a dataset". The corpus statistics of the names stage say how the
    name is used across the corpus (more often as a dataset than as a method); else a data noun
    right after it, or "on"/"from" before a name the corpus does not know as a model, decides.
    """
    from extract.names import stats
    from extract.names.candidates import fold

    ns = stats().names.get(fold(token))
    if ns is not None and ns.votes.get("dataset", 0) > ns.votes.get("method", 0):
        return True
    if _DATA_AFTER.match(text, end):
        return True
    known_model = ns is not None and ns.votes.get("method", 0) > 0
    return not known_model and bool(_DATA_BEFORE.search(text, max(0, start - 40), start))


def find_sizes(text: str) -> list[SizeMatch]:
    """Every parameter count in ``text``, in order of position."""
    v = _vocab()
    pat = _patterns()
    found: list[SizeMatch] = []
    taken: list[tuple[int, int]] = []

    for m in pat["name"].finditer(text):
        token = m.group(0).rstrip(".")
        offset = m.start()
        if _names_data(token, text, m.start(), m.start() + len(token)):
            continue
        for part in re.finditer(r"[^-]+", token):
            c = pat["component"].match(part.group(0))
            if c and part.start() > 0:
                params = _parse(c.group(1)) * _magnitude(c.group(2), v)
                found.append(
                    SizeMatch(
                        offset + part.start(), offset + part.end(), part.group(0), params, token
                    )
                )
                taken.append((m.start(), m.start() + len(token)))
                break

    cands: list[_Candidate] = []
    t_i = 0
    for m in pat["size"].finditer(text):
        while t_i < len(taken) and taken[t_i][1] <= m.start("num"):
            t_i += 1
        if t_i < len(taken) and taken[t_i][0] <= m.start("num") < taken[t_i][1]:
            continue
        letter = m.group("letter") or m.group("word")
        start = m.start() if m.group("approx") else m.start("num")
        if text[max(0, m.start("num") - 1) : m.start("num")] == "$":
            verdict: str | None = "no"  # money
        elif m.group("param"):
            verdict = "yes"
        else:
            verdict = _verdict_after(text, m.end(), v)
        cand = _Candidate(
            start, m.end(), _parse(m.group("num")) * _magnitude(letter, v), letter, verdict
        )
        if letter in v["bare_ok"]:
            prev = pat["prev_name"].search(text, max(0, m.start("num") - 40), m.start("num"))
            if prev and prev.group("name").lower() not in v["not_names"]:
                name = prev.group("name") + (f" {prev.group('ver')}" if prev.group("ver") else "")
                cand.model = f"{name} {text[m.start('num') : m.end('num')]}{letter}"
                cand.verdict = cand.verdict or "yes"
        cands.append(cand)

    # A list shares the verdict of its last decided member: "2B and 8B parameters".
    i = 0
    while i < len(cands):
        j = i
        while j + 1 < len(cands) and pat["list_gap"].match(text, cands[j].end, cands[j + 1].start):
            j += 1
        group = cands[i : j + 1]
        shared = next((c.verdict for c in reversed(group) if c.verdict), None)
        for c in group:
            verdict = c.verdict or shared
            if verdict is None and c.letter in v["bare_ok"]:
                verdict = "yes"
            if verdict == "yes":
                found.append(SizeMatch(c.start, c.end, text[c.start : c.end], c.params, c.model))
        i = j + 1
    found.sort(key=lambda s: (s.start, s.end))
    return found


def size_rows(paper_id: str, matches: list[SizeMatch]) -> list[dict]:
    """Rows of the ``model_sizes`` table for one paper."""
    return [
        {
            "paper_id": paper_id,
            "text": s.text,
            "params": s.params,
            "model": s.model,
            "start": s.start,
            "end": s.end,
        }
        for s in matches
    ]


def extract_rows(paper: PaperText) -> list[dict]:
    """Parameter counts in the abstract of ``paper``."""
    return size_rows(paper.paper_id, find_sizes(paper.abstract))
