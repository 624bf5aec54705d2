"""The ``techniques`` stage: technique/theme tags, one row per (paper, tag).

A tag is given when the learned tagger (:mod:`extract.learned.tags`) puts its probability at
the trained threshold or above. The tagger re-scores the taxonomy rules' evidence
(:mod:`extract.taxonomy.rules`: strong and weak mentions, title) with three text classifiers'
scores of the whole abstract (two over its words, one over its static-encoder vector), so weak
evidence the rules turn down can still tag a paper that is about the technique, and accepted
evidence in a paper that is not can be dropped; passing mentions and a tag's missing context
stay untagged. A tag with no taxonomy wording in the abstract or title is given when the
tagger's no-wording classifier (the three classifiers' scores alone) is confident enough; its
``evidence`` is then the word or word pair that raised the text classifiers' score most.
``confidence`` is the tagger's probability (its reliability on held-out data:
``benchmarks/eval_learned.py``). ``evidence`` is the rules' first evidence; a tag only the title
names (a strong alternative in the title, no mention in the abstract: ``title_only`` evidence,
which the tagger scores) has its title match as ``evidence`` and NULL ``start``/``end``.

The rules alone are still available (:func:`rule_rows`) and reported side by side.
"""

from __future__ import annotations

from extract.learned import tags as learned
from extract.records import PaperText
from extract.taxonomy.rules import (  # noqa: F401  (the rules' API, re-exported)
    _BASELINE_AFTER,
    _REGEX_SYNTAX,
    CONFIDENCE,
    DATA_FILES,
    MIN_CONFIDENCE,
    Evidence,
    Technique,
    _compiled,
    _matches,
    _passing,
    _rule_spans,
    _sentence,
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


def _row(paper: PaperText, view, tag: str, theme: str, span, conf: float) -> dict:
    if span[0] < 0:
        # a tag only the title names: its title match (negative offsets,
        # ``start - len(title) - 1``) as evidence, no offsets into the abstract (as for the
        # proposed names only the title gives in ``methods``)
        shift = len(paper.title or "") + 1
        evidence_text, start, end = (paper.title or "")[span[0] + shift:span[1] + shift], None, None
    else:
        start, end = view.span(*span)
        evidence_text = paper.abstract[start:end]
    return {
        "paper_id": paper.paper_id,
        "technique": tag,
        "theme": theme,
        "evidence": evidence_text,
        "start": start,
        "end": end,
        "confidence": round(conf, 4),
    }


def rule_rows(paper: PaperText) -> list[dict]:
    """The rules' rows alone: every tag the taxonomy rules give, at its first evidence, with the
    rules' confidence (the dev precision of its evidence bucket).
    """
    view = clean_view(paper.abstract)
    rows = []
    for tech, ev in evidence(view.text, paper.title or ""):
        conf = confidence(ev)
        if conf < MIN_CONFIDENCE:
            continue
        rows.append(_row(paper, view, tech.tag, tech.theme, ev.span, conf))
    return rows


def extract_batch(papers: list[PaperText]) -> list[dict]:
    """:func:`extract_rows` of each of ``papers``, with the words of all of them encoded in one
    call for the tagger's encoder-vector classifier (:func:`learned.remember_words`)."""
    views = [clean_view(p.abstract) for p in papers]
    feats = [learned.text_features(v.text, p.title or "") for p, v in zip(papers, views)]
    learned.remember_words(feats)
    return [row for p, v, f in zip(papers, views, feats) for row in _rows(p, v, f)]


def extract_rows(paper: PaperText) -> list[dict]:
    """Technique rows for ``paper``: one per tag the learned tagger gives, by position."""
    return _rows(paper, clean_view(paper.abstract))


def _rows(paper: PaperText, view, features: list[str] | None = None) -> list[dict]:
    title = paper.title or ""
    if features is None:
        features = learned.text_features(view.text, title)
    rows = []
    for t, ev, p in learned.scored(view.text, title, features):
        if p < learned.threshold(ev):
            continue
        span = ev.span if ev is not None else learned.text_evidence(view.text, title, features,
                                                                     t.tag)
        rows.append(_row(paper, view, t.tag, t.theme, span, p))
    rows.sort(key=lambda r: (r["start"] is None, r["start"] or 0, r["end"] or 0))
    return rows
