"""Named methods and models in an abstract: the ones it proposes and the ones it mentions.

A view of the ``names`` stage's rows (:mod:`extract.names`): the names of type method, and
every name the paper proposes (a proposed data set or metric is a contribution too), leaving
out a used name whose confidence is under ``MIN_MENTIONED_CONFIDENCE``.

A name is **mentioned** when the recogniser finds it used: in the vocabulary of established
methods and models (``data/methods_vocab.toml``: fixed names and versioned model families; a
name in that vocabulary is never proposed) or recognised from its shape and cues. A name is
**proposed** when the abstract introduces it: the proposal rules of
:mod:`extract.names.proposals` and the cues of :mod:`extract.names.roles`.

Rows: one per (paper, name), at the name's first occurrence in the abstract; ``start`` and
``end`` are offsets into ``paper.abstract`` covering the name itself (inside any markup), None
for a name only the title gives.

The vocabulary and proposal functions other code calls through this module (:func:`vocab`,
:func:`find_proposed`, :func:`find_mentioned`, :func:`name_shaped`, ...) live in
:mod:`extract.names` and are re-exported here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from extract import names
from extract.names.candidates import name_shaped
from extract.names.proposals import Proposal, emphasised_names, find_proposed, proposals_for
from extract.names.vocabulary import Vocab, find_mentioned, find_word, vocab
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
                }
            )
    # a name only the title gives has no offsets: after the others
    out.sort(key=lambda r: (r["start"] is None, r["start"] or 0, r["end"] or 0))
    return out


def extract_rows(paper: PaperText, deps: Mapping[str, Sequence[dict]] | None = None) -> list[dict]:
    """Method rows for ``paper``: one per name at its first occurrence.

    In a build, ``deps["names"]`` holds the paper's rows of the names stage; called on its own,
    the recogniser runs here.
    """
    return rows_from_names(paper.paper_id, names.rows_from_deps(paper, deps))
