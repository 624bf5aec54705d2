"""The ``techniques`` stage: technique/theme tags, one row per (paper, tag).

A tag is given when the learned tagger (:mod:`extract.learned.tags`) puts its probability at
the trained threshold or above. The tagger reads the taxonomy rules' evidence
(:mod:`extract.taxonomy.rules`: strong, weak and passing mentions, context) and a text
classifier's score, so a tag the rules turn down (a passing mention) can still be given when
the paper keeps returning to the subject, and a tag whose wording the taxonomy does not list can
be found from the words around it. ``confidence`` is the tagger's probability (its reliability on
held-out data: ``benchmarks/eval_learned.py``). ``evidence`` is the rules' first evidence, or,
for a tag only the text classifier found, the word that raised its score most
(``evidence_kind`` says which).

The rules alone are still available (:func:`rule_rows`) and reported side by side.
"""

from __future__ import annotations

from extract.learned import tags as learned
from extract.records import PaperText
from extract.taxonomy.rules import (  # noqa: F401  (the rules' API, re-exported)
    _BASELINE_AFTER,
    _REGEX_SYNTAX,
    CONFIDENCE,
    MIN_CONFIDENCE,
    Evidence,
    Technique,
    _compiled,
    _matches,
    _passing,
    _rule_spans,
    _sentence,
    _sentence_starts,
    confidence,
    evidence,
    find_techniques,
    first_rule_spans,
    in_own_sentence,
    load_taxonomy,
    passing_pattern,
    passing_window_start,
    rule_labels,
)
from extract.text.markup import clean_view


def _row(paper: PaperText, view, tag: str, theme: str, span, conf: float, kind: str) -> dict:
    start, end = view.span(*span)
    return {
        "paper_id": paper.paper_id,
        "technique": tag,
        "theme": theme,
        "evidence": paper.abstract[start:end],
        "start": start,
        "end": end,
        "confidence": round(conf, 4),
        "evidence_kind": kind,
    }


def rule_rows(paper: PaperText) -> list[dict]:
    """The rules' rows alone: every tag the taxonomy rules give, at its first evidence, with the
    rules' confidence (the dev precision of its evidence bucket)."""
    view = clean_view(paper.abstract)
    rows = []
    for tech, ev in evidence(view.text, paper.title or ""):
        conf = confidence(ev)
        if conf < MIN_CONFIDENCE:
            continue
        rows.append(_row(paper, view, tech.tag, tech.theme, ev.span, conf, "rule"))
    return rows


def extract_rows(paper: PaperText) -> list[dict]:
    """Technique rows for ``paper``: one per tag the learned tagger gives, by position."""
    view = clean_view(paper.abstract)
    themes = {t.tag: t.theme for t in load_taxonomy()}
    threshold = learned.stack_model()["threshold"]
    rows = []
    for tech, ev, p, span in learned.scored(view.text, paper.title or ""):
        if p < threshold:
            continue
        tag = tech if isinstance(tech, str) else tech.tag
        if ev is not None:
            rows.append(_row(paper, view, tag, themes[tag], ev.span, p, "rule"))
        elif span is not None:
            rows.append(_row(paper, view, tag, themes[tag], span, p, "words"))
    rows.sort(key=lambda r: (r["start"], r["end"]))
    return rows
