"""Whose size it is: the roles of the parameter counts the ``sizes`` stage finds.

A size found by :mod:`extract.stages.sizes` is the paper's own model, a baseline it compares
against, or a threshold or range that is no model's size (:func:`assign_roles`, from cue lists
with ids in ``data/sizes_cues.toml``); :func:`distinct_sizes` keeps one match per distinct size
of a model, for comparing with labels that list each size once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from extract.results.cues import cue_lists

# the word lists of the sizes cues, by id (``data/sizes_cues.toml``): the role cues here, the
# cue and data-name patterns of :mod:`extract.stages.sizes`
C = cue_lists("sizes_cues.toml")


@dataclass(frozen=True)
class SizeMatch:
    """A parameter count found in a text."""

    start: int
    end: int
    text: str
    params: float
    model: str | None
    role: str = "own"  # "own", "baseline", "threshold" or "trainable" (:func:`assign_roles`)
    confidence: float = 0.0


# --- Roles: the paper's own model, a baseline, or a threshold -----------------------------------

_BOUND = re.compile(rf"(?:\b(?:{C.bound_word})|[<>≤≥]=?)\s?(?:[~≈∼]\s?)?\Z", re.I)
_UP_TO = re.compile(rf"\b(?:{C.up_to})\s?(?:[~≈∼]\s?)?\Z", re.I)
_RANGE_HEAD = re.compile(
    rf"\b(?:{C.range_head})(?:\s(?:in\s)?(?:size|scale)s?)?\s?(?:of\s)?\Z", re.I
)
_RANGE_GAP = re.compile(r"\s{0,3}(?:to|-|–|~)\s{0,3}")
_AND_GAP = re.compile(r"\s{0,3}and\s{0,3}")
_BETWEEN = re.compile(r"\bbetween\s\Z", re.I)
_LIST_GAP = re.compile(r"\s{0,3}(?:,|/|and|or|,\s{0,3}and|,\s{0,3}or)\s{0,3}")
_OWN = re.compile(rf"\b(?:{C.own_cue})\b", re.I)
_BASELINE = re.compile(rf"(?<![\w-])(?:{C.baseline_cue})(?![\w-])", re.I)
_BASELINE_STOP = re.compile(rf"(?<!\bthose\s)(?<!\bthat\s)\b(?:{C.baseline_stop})\b", re.I)
_VERSUS_AFTER = re.compile(rf"\)?\s{{0,3}}(?:{C.versus_after})(?!\w)", re.I)
# a sentence or clause ends: ". " (not after "vs.", "e.g.", "i.e.", "et al."), "; ", "? ", "! "
_CLAUSE_END = re.compile(r"(?<!\bvs)(?<!e\.g)(?<!i\.e)(?<!\bal)[.;!?](?=\s)")
_SENTENCE_BACK = 240  # characters looked at before a size for the cues of its sentence

# confidence of a role by what decided it
_CONFIDENCE = {
    "bound": 0.9,  # a bound word right before the size: "exceeding 100 million parameters"
    "versus": 0.85,  # the first of "(114.2M vs. 880.6M)"
    "own_cue": 0.8,  # the nearest cue before says own: "we finetune ... 7B"
    "baseline_cue": 0.7,  # the nearest cue before says baseline: "outperforms GPT-3 (175B)"
    "range": 0.6,  # a range or "up to" with no cue before: a bound
    "default": 0.65,  # no cue: the paper's own model (or the model its analysis studies)
    "count": 0.8,  # a method's count: "0.1M trainable parameters"
}


def _sentence_start(text: str, start: int) -> int:
    lo = max(0, start - _SENTENCE_BACK)
    ends = [m.end() for m in _CLAUSE_END.finditer(text, lo, start)]
    return ends[-1] if ends else lo


def _nearest_cue(text: str, lo: int, hi: int) -> str | None:
    """"own" or "baseline": the kind of the last cue in ``text[lo:hi]``, else None.

    A comparison cue counts only when no word ending the compared thing follows it ("outperforms
    existing methods by 2.3% for 7B models": the 7B is the paper's); then the last own cue
    before it decides, if any.
    """
    last = None
    for kind, pat in (("own", _OWN), ("baseline", _BASELINE)):
        for m in pat.finditer(text, lo, hi):
            if last is None or m.end() > last[0]:
                last = (m.end(), kind)
    if last is None:
        return None
    if last[1] == "baseline" and _BASELINE_STOP.search(text, last[0], hi):
        return "own" if any(m.end() <= last[0] for m in _OWN.finditer(text, lo, hi)) else None
    return last[1]


def _groups(text: str, found: list[SizeMatch]) -> list[tuple[list[SizeMatch], bool]]:
    """Sizes listed together ("7B and 70B", "LLaMA-2 (7B and 70B)") or forming a range ("from
    125M to 13B", "7-13B", "between 1B and 8B"), in order, each with whether it is a range. A
    pair compared with "vs." is not one group.
    """
    out: list[tuple[list[SizeMatch], bool]] = []
    for s in found:
        if out and out[-1][0][-1].end <= s.start:
            group, is_range = out[-1]
            gap = text[group[-1].end : s.start]
            between = _BETWEEN.search(text, max(0, group[0].start - 9), group[0].start)
            if _RANGE_GAP.fullmatch(gap) or (between and _AND_GAP.fullmatch(gap)):
                out[-1] = ([*group, s], True)
                continue
            if _LIST_GAP.fullmatch(gap):
                out[-1] = ([*group, s], is_range)
                continue
        out.append(([s], False))
    return out


def assign_roles(text: str, found: list[SizeMatch]) -> list[SizeMatch]:
    """Each size with its role and the confidence of that role.

    ``threshold``: a bound word right before the size or its list ("exceeding 100 million
    parameters", "more than 7B and 13B parameters", "(i.e., >10B)"), or a range or "up to" with
    no cue before it in its sentence ("LLMs ranging from 7B to 70B have ..."). ``baseline``: the
    nearest cue before it in its sentence is one of comparison ("outperforms", "surpass",
    "compared with", "than", "baselines", "vs."). ``own``: the nearest cue is one of the paper's own work ("we", "our",
    "train", "finetune", "evaluate", "experiments"), it is the first of a pair compared with
    "vs.", or no cue decides (the paper's own model, or the model its analysis studies).
    ``trainable``: the count of parameters a method trains or adds ("0.1M trainable parameters",
    found so by the stage), unless a bound word makes it a threshold. A list or range shares
    the role of its first size. The cues are lists with ids in
    ``data/sizes_cues.toml``.
    """
    out: list[SizeMatch] = []
    for group, is_range in _groups(text, found):
        head = group[0]
        before = text[max(0, head.start - 60) : head.start]
        lo = _sentence_start(text, head.start)
        cue = _nearest_cue(text, lo, head.start)
        up_to = _UP_TO.search(before)
        if _BOUND.search(before) and not up_to:
            role, how = "threshold", "bound"
        elif is_range or up_to or _RANGE_HEAD.search(before):
            role, how = {
                "own": ("own", "own_cue"),
                "baseline": ("baseline", "baseline_cue"),
                None: ("threshold", "range"),
            }[cue]
            if not is_range and not up_to and cue is None:
                role, how = "own", "default"  # "from T5-XXL (11B)": one size, not a range
        elif _VERSUS_AFTER.match(text, group[-1].end) and len(group) == 1:
            role, how = "own", "versus"
        elif cue is not None:
            role, how = cue, f"{cue}_cue"
        else:
            role, how = "own", "default"
        for s in group:
            if s.role == "trainable" and how != "bound":
                out.append(replace(s, confidence=_CONFIDENCE["count"]))
            else:
                out.append(replace(s, role=role, confidence=_CONFIDENCE[how]))
    return out


def _same_model(a: str | None, b: str | None) -> bool:
    """Whether two model names of one size can be the same model: equal or one extending the
    other once folded ("RecGPT-7B", "RecGPT-7B-Instruct"), or one of them unnamed."""
    if not a or not b:
        return True
    a, b = a.casefold(), b.casefold()
    return a.startswith(b) or b.startswith(a)


def distinct_sizes(matches: list[SizeMatch]) -> list[SizeMatch]:
    """One match per distinct size of a model: a later mention of the same parameter count with
    the same role and the same (or no) model name is the same size ("Pula 8B ... weights for Pula
    1B, 3B, 8B"). The kept match is the first one that names a model (else the first), with the
    highest confidence of its mentions; order is by position. The table keeps every mention (each
    is a span); this is how a labelled set that lists each size once is compared
    (``benchmarks/eval_learned.py``)."""
    kept: list[SizeMatch] = []
    for s in matches:
        for i, k in enumerate(kept):
            if k.params == s.params and k.role == s.role and _same_model(k.model, s.model):
                best = s if (s.model and not k.model) else k
                kept[i] = replace(best, confidence=max(k.confidence, s.confidence))
                break
        else:
            kept.append(s)
    return sorted(kept, key=lambda s: (s.start, s.end))
