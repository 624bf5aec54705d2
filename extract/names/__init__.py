r"""Names in an abstract, including names no vocabulary has seen: the ``names`` stage.

One recogniser finds every name of an abstract, gives it a **type** (method/model,
dataset/benchmark, metric, task, other) and a **role** (``proposed``: the paper presents it as
its own contribution; ``mentioned``: it uses, compares with or talks about it), each with a
confidence in [0, 1]. The ``methods`` and ``benchmarks`` tables are views of its output
(:mod:`extract.stages.methods`, :mod:`extract.stages.benchmarks`); this package imports no
stage but itself.

1. **Candidates** (:mod:`extract.names.candidates`): name-shaped tokens, versioned model names,
   acronym definitions in both directions and capitalised multiword names, found from their
   shape; plus the vocabularies (:mod:`extract.names.vocabulary`: ``methods_vocab.toml``,
   ``benchmarks_vocab.toml``, with their context patterns "the X benchmark") as priors and
   canonical spellings.
2. **Folding**: spelling variants are one name (:func:`extract.names.candidates.fold`): "HMMs" =
   "HMM", "Llama 3" = "LLaMA-3"; an acronym and its long form are one name. The name shown is the
   vocabulary's canonical name, else the spelling most used across the corpus
   (``name_stats.tsv``), else the abstract's own; ``surface`` keeps the spellings of the
   abstract ("Dynamic Time Warping | DTW").
3. **Type** (:mod:`extract.names.types`): sentence cues, long-form head nouns, priors and the
   corpus votes of ``name_stats.tsv`` (:mod:`extract.names.corpus`).
4. **Role** (:mod:`extract.names.roles`): the proposal rules of
   :func:`extract.names.proposals.find_proposed` (introduction, naming, appositive, passive,
   emphasis and title cues on coined-looking tokens), plus cues around any recognised name:
   "we call X", "our (model) X", "the proposed X", "we propose X", "a novel framework, X,",
   "X, a novel ...", "(X) we developed", "we propose a ... (X) framework", a title starting
   with X (:mod:`extract.names.titles`). A cue does not make a task, a device or a vocabulary
   name proposed. The corpus is evidence too (``name_stats.tsv``): a name is not new when
   ``WIDELY_USED`` abstracts use it without proposing it (NeRF, SLAM, TV, ReLU), or, for an
   acronym defined here, when ``LONG_USED`` abstracts define an acronym with the same long form
   (optimal transport (OT), total variation (TV)): a short acronym is ambiguous, its long form
   says what it names.
   "We propose to employ X" is using X. Vocabulary names are never proposed.

Not names: acronyms of a class of things or of the field (``name_types.toml`` ``not_names``:
LLM, DNN, SOTA) and the stoplisted words of ``method_stoplist.toml`` ``common``.

**Confidence** of a row: how sure the recogniser is that the span is a name of that type and
role: the evidence it came from (a vocabulary entry 0.95, an acronym definition 0.9, a
name-shaped token 0.8, a versioned name 0.85, a multiword or proper noun 0.6, a proposal cue
0.9), times the share of the type evidence (at least 0.5), lowered for a name the corpus has
seen rarely capitalised like this.

The corpus statistics are a shipped data file built by ``scripts/name_stats.py`` from
``../shared/corpora``; they are declared in the stage's data files, so the per-abstract cache
stays valid (a paper's rows depend on its abstract and the shipped files only).

Names are left out when the corpus writes them in lower case at least as often as capitalised
and nothing proposes them ("High-Quality" in a heading; ``lower`` rows of ``name_stats.tsv``).
A vocabulary name inside the long form of an acronym defined here is part of that acronym's
name ("PoliFormer (Policy Transformer)" does not mention the Transformer).

Rows: one per (paper, name) at its first occurrence; ``start``/``end`` are offsets into
``paper.abstract`` (the short form of an acronym when the abstract uses it, else its long form).
``long_form``: the long form an acronym has in this abstract ("Adaptive Prefix Tuning" for APT)
or, for a proposed acronym the abstract does not spell out, in its title ("APT: Adaptive Pruning
and Tuning ..."), else None; a short acronym names different things in different papers, its long
form says which (:func:`extract.names.candidates.long_key` folds it for counting).

Modules, each importing only those above it in this list:
:mod:`~extract.names.rules` (the word lists of the rules, ``data/name_rules_*.toml``, and the
trace of the rules that fire), :mod:`~extract.names.types`, :mod:`~extract.names.candidates`
(shapes, folding, acronym
definitions), :mod:`~extract.names.name` (the :class:`Name` record),
:mod:`~extract.names.corpus` (``name_stats.tsv``), :mod:`~extract.names.roles` (proposal cues,
parts and variants of proposed names), :mod:`~extract.names.vocabulary` (vocabularies, priors
and matching), :mod:`~extract.names.proposals` (the proposal rules),
:mod:`~extract.names.titles` (title evidence), :mod:`~extract.names.recogniser`
(:func:`recognise`), and this module (the stage: rows of a paper; :func:`fired_rules`: which
rule ids fired on which names of a paper, for a report of each rule's precision).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from extract.names.corpus import (
    LONG_USED,
    MODIFIER_SHARE,
    WIDELY_USED,
    NameStats,
    Stats,
    stats,
    widely_used,
)
from extract.names.name import Name
from extract.names.proposals import emphasised_names, proposals_for
from extract.names.recogniser import (
    LONG_HEAD_WEIGHT,
    LOWER_CASE_CONFIDENCE,
    MIN_EVIDENCE,
    STRONG_CUE,
    recognise,
)
from extract.names.rules import tracing
from extract.names.titles import TITLE_ONLY_CONFIDENCE
from extract.names.vocabulary import Priors, priors
from extract.records import PaperText
from extract.text.markup import clean_view

__all__ = [
    "LONG_HEAD_WEIGHT",
    "LONG_USED",
    "LOWER_CASE_CONFIDENCE",
    "MIN_EVIDENCE",
    "MODIFIER_SHARE",
    "STRONG_CUE",
    "TITLE_ONLY_CONFIDENCE",
    "WIDELY_USED",
    "Name",
    "NameStats",
    "Priors",
    "Stats",
    "extract_rows",
    "fired_rules",
    "names_for",
    "priors",
    "recognise",
    "rows_from_deps",
    "stats",
    "widely_used",
]

TABLE = "names"
DATA_FILES: tuple[str, ...] = (
    "methods_vocab.toml",
    "method_stoplist.toml",
    "benchmarks_vocab.toml",
    "name_types.toml",
    "name_stats.tsv",
)
ROLES = ("proposed", "mentioned")


def names_for(paper: PaperText) -> tuple[Name, ...]:
    """:func:`recognise` on the clean view of ``paper``'s abstract."""
    return recognise(clean_view(paper.abstract).text, paper.title, emphasised_names(paper.abstract))


def extract_rows(paper: PaperText) -> list[dict]:
    """Rows of the ``names`` table for ``paper``: one per name, at its first occurrence."""
    view = clean_view(paper.abstract)
    rows = []
    for n in recognise(view.text, paper.title, emphasised_names(paper.abstract)):
        start, end = view.span(n.start, n.end) if n.start is not None else (None, None)
        rows.append(
            {
                "paper_id": paper.paper_id,
                "name": n.name,
                "type": n.type,
                "role": n.role,
                "confidence": n.confidence,
                "surface": n.surface,
                "long_form": n.long_form,
                "start": start,
                "end": end,
            }
        )
    return rows


def rows_from_deps(paper: PaperText, deps: Mapping[str, Sequence[dict]] | None) -> Sequence[dict]:
    """The paper's ``names`` rows: handed in by a build (``deps["names"]``), else recognised here.

    The ``methods`` and ``benchmarks`` stages are views of these rows.
    """
    return extract_rows(paper) if deps is None else deps.get("names", ())


def fired_rules(paper: PaperText) -> list[tuple[str, str]]:
    """Which rules fired on which names of ``paper``: ``(rule id, name)`` pairs, first seen first.

    The ids are those of ``extract/data/name_rules_*.toml`` (:mod:`extract.names.rules`): a
    proposal rule and the name it proposed, a role cue and the name it marked, a type cue and the
    span it voted for. A rule that fired may still be overruled (a vocabulary name is never
    proposed: ``recogniser.established``), so a report of a rule's precision compares its names
    with the labels. The paper's rows are not changed, nor is any cache used for it.
    """
    view = clean_view(paper.abstract)
    proposals_for.cache_clear()  # the proposal rules must run again to be seen
    with tracing() as fired:
        recognise.__wrapped__(view.text, paper.title, emphasised_names(paper.abstract))
    return list(dict.fromkeys(fired))
