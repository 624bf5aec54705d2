"""Named methods and models in an abstract: the ones it proposes and the ones it mentions.

A view of the ``names`` stage's rows (:mod:`extract.names`): the names of type method, and
every name the paper proposes (a proposed data set or metric is a contribution too), leaving
out a used name whose confidence is under ``MIN_MENTIONED_CONFIDENCE``.

A name is **mentioned** when the recogniser finds it used: in the vocabulary of established
methods and models (``data/methods_vocab.toml``: fixed names and versioned model families; a
name in that vocabulary is never proposed) or recognised from its shape and cues. A name is
**proposed** when the abstract introduces it: the proposal rules of
:mod:`extract.names.proposals` and the cues of :mod:`extract.names.roles`.

Since the phrase layer (:mod:`extract.phrases`), the table also holds **method phrases**:
techniques named in ordinary words ("speculative decoding", "hard negative sampling"), found by
a trained model, with ``form = 'phrase'`` (names have ``form = 'name'``). A phrase whose concept
a name row of the paper already has ("Direct Preference Optimization" next to the name "DPO")
or that overlaps a name is left out, so there is one row per (paper, concept). ``concept`` and
``concept_key`` put the spellings of one technique together across papers (see
:mod:`extract.phrases.concepts`).

Rows: one per (paper, name or phrase), at its first occurrence in the abstract; ``start`` and
``end`` are offsets into ``paper.abstract`` covering the name itself (inside any markup), None
for a name or phrase only the title gives.

The vocabulary and proposal functions other code calls through this module (:func:`vocab`,
:func:`find_proposed`, :func:`find_mentioned`, :func:`name_shaped`, ...) live in
:mod:`extract.names` and are re-exported here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from extract import names, phrases
from extract.names.candidates import name_shaped
from extract.names.proposals import Proposal, emphasised_names, find_proposed, proposals_for
from extract.names.vocabulary import Vocab, find_mentioned, find_word, vocab
from extract.phrases.concepts import GENERIC_HEADS, canonical_names, concept_key, name_concept
from extract.records import PaperText
from extract.text.markup import MARKUP_CHARS, clean_view

__all__ = [
    "MARKUP_CHARS",
    "MIN_MENTIONED_CONFIDENCE",
    "Proposal",
    "Vocab",
    "clean_view",
    "emphasised_names",
    "extract_rows",
    "find_mentioned",
    "find_proposed",
    "find_word",
    "name_shaped",
    "proposals_for",
    "rows_from_names",
    "vocab",
]

TABLE = "methods"
DATA_FILES: tuple[str, ...] = (
    "methods_vocab.toml",
    "method_stoplist.toml",
    "benchmarks_vocab.toml",
)

# A used name enters the table when its confidence is at least this: a name-shaped token or a
# defined acronym with (almost) no type evidence (0.8 or 0.9 x 0.5) stays out, it is as often a
# robot, a split, a symbol or a concept ("uniform convergence (UC)"); so does a title-case phrase
# the corpus does not know (0.6 x 0.8): "Hebrew NLI models", "tools like Davinci Resolve" (audit
# batch 1, benchmarks/names_audit.py: 3 of the 10 such rows were methods).
MIN_MENTIONED_CONFIDENCE = 0.49


def rows_from_names(paper_id: str, names: Sequence[dict]) -> list[dict]:
    """The ``methods`` rows among a paper's ``names`` rows.

    Names of type method, and every name the paper proposes (a proposed dataset or metric is a
    contribution too). A used name whose confidence is under ``MIN_MENTIONED_CONFIDENCE`` (no
    type evidence in the sentence, the corpus or a vocabulary) is left out.
    """
    out = []
    for r in names:
        if r["role"] == "mentioned" and r["confidence"] < MIN_MENTIONED_CONFIDENCE:
            continue  # nothing in the sentence or the corpus says it is a method
        if r["type"] == "method" or r["role"] == "proposed":
            concept, key = name_concept(r["name"], r["role"], r.get("long_form"))
            out.append(
                {
                    "paper_id": paper_id,
                    "name": r["name"],
                    "role": r["role"],
                    "start": r["start"],
                    "end": r["end"],
                    "type": r["type"],
                    "confidence": r["confidence"],
                    "surface": r["surface"],
                    "long_form": r.get("long_form"),
                    "form": "name",
                    "concept": concept,
                    "concept_key": key,
                }
            )
    # a name only the title gives has no offsets: after the others
    out.sort(key=lambda r: (r["start"] is None, r["start"] or 0, r["end"] or 0))
    return out


def _cuts(start: int, end: int, s: int, e: int) -> bool:
    """Whether the phrase ``[start, end)`` overlaps the name ``[s, e)`` without holding the
    whole name and more."""
    holds = start <= s and e <= end and (start, end) != (s, e)
    return start < e and s < end and not holds


# a generic head right after a phrase ("dynamic scheduling strategy", "memory cache mechanism"):
# its concept key drops it (:data:`extract.phrases.concepts.GENERIC_HEADS`), its row keeps the
# words as written
_GENERIC_HEAD_AFTER = re.compile(
    r"[ -](?:" + "|".join(f"{h[:-1]}(?:y|ies)" if h.endswith("y") else f"{h}(?:e?s)?"
                          for h in sorted(GENERIC_HEADS)) + r")\b(?![-'])"
)


def _with_generic_head(text: str, end: int) -> int:
    """``end``, or the end of a generic head noun right after it in ``text``."""
    m = _GENERIC_HEAD_AFTER.match(text, end)
    return m.end() if m else end


def phrase_rows(paper: PaperText, name_rows: Sequence[dict]) -> list[dict]:
    """The method phrases of ``paper`` (:func:`extract.phrases.find_phrases`) that no name row
    already covers: not the concept of a name row or of its long form, not overlapping a name's
    span unless it holds the whole name and more ("sparse Transformer" around the name
    "Transformer": a more specific concept). ``name`` is the phrase without markup, ``surface``
    as written in the abstract. A phrase only the title gives has a row without offsets
    (``surface`` as the title writes it).
    """
    view = clean_view(paper.abstract)
    # a name's concept and its long form's ("Subspace Low-Rank Adaptation" of SuLoRA)
    keys = {r["concept_key"] for r in name_rows}
    keys |= {concept_key(r["long_form"]) for r in name_rows if isinstance(r.get("long_form"), str)}
    spans = [(r["start"], r["end"]) for r in name_rows if r["start"] is not None]
    out = []
    for ph in phrases.find_phrases(view.text, paper.title or ""):
        # a concept only the title gives ("Foveated Tokenization" in the title, "variable-resolution
        # patch tokenization" in the abstract) keeps its row, without offsets, as a title-only name
        # does
        title_only = ph.start < 0
        ph_end = ph.end if title_only else _with_generic_head(view.text, ph.end)
        start, end = (None, None) if title_only else view.span(ph.start, ph_end)
        canon = canonical_names().get(ph.key)
        key = concept_key(canon) if canon else ph.key
        if key in keys or (not title_only and any(_cuts(start, end, s, e) for s, e in spans)):
            continue
        keys.add(key)
        out.append(
            {
                "paper_id": paper.paper_id,
                "name": ph.text if title_only else view.text[ph.start : ph_end],
                "role": "proposed" if ph.role == "proposed" else "mentioned",
                "start": start,
                "end": end,
                "type": "method",
                "confidence": ph.confidence,
                "surface": ph.text if title_only else paper.abstract[start:end],
                "long_form": None,
                "form": "phrase",
                "concept": ph.concept,
                "concept_key": key,
            }
        )
    return out


def extract_rows(paper: PaperText, deps: Mapping[str, Sequence[dict]] | None = None) -> list[dict]:
    """Method rows for ``paper``: one per name and one per further method phrase, at its first
    occurrence.

    In a build, ``deps["names"]`` holds the paper's rows of the names stage; called on its own,
    the recogniser runs here.
    """
    rows = rows_from_names(paper.paper_id, names.rows_from_deps(paper, deps))
    rows += phrase_rows(paper, rows)
    rows.sort(key=lambda r: (r["start"] is None, r["start"] or 0, r["end"] or 0))
    return rows
