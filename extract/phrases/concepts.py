"""One concept per technique, whatever its spelling.

The concept key of a phrase: lower-case, split at spaces, hyphens, slashes and underscores, the
function words of :data:`FUNCTION_WORDS` dropped, every word singular
(:func:`extract.lexicon.words.fold_plural`), joined without spaces. So "LLM-as-a-judge",
"LLM as judge" and "LLM judges" are one concept (``llmjudge``), and so are "pre-trained models",
"pretrained model" and "Retrieval-Augmented Generation" / "retrieval augmented generation".
A last word that only says "a way of doing it" (:data:`GENERIC_HEADS`: method, approach,
algorithm, framework, strategy, ...) is dropped when what is left still names something: two
words or more, or a noun of action ("policy gradient methods" = "policy gradient", "sampling
strategy" = "sampling"; "the proposed method" and "Newton method" keep theirs).

An acronym the abstract defines for the phrase ("speculative decoding (SD)") joins its concept,
and a phrase the methods vocabulary lists as an alias takes its canonical name
("direct preference optimization" -> ``DPO``), as does the long form the corpus always gives a
vocabulary acronym (``data/acronym_concepts.tsv``: "retrieval-augmented generation" -> ``RAG``).
"""

from __future__ import annotations

import re
from functools import lru_cache

from extract.lexicon.words import display_form, fold_plural, is_acronym

FUNCTION_WORDS = frozenset({"a", "an", "the", "as", "of", "for", "to", "with", "and", "via", "on"})
# Head nouns that only say "a way of doing it": a concept is the same with or without them
# ("policy gradient method" = "policy gradient", "contrastive learning objective" =
# "contrastive learning"). Folded singular (``fold_plural``: "approaches"
# -> "approache"). Not "model", "network", "system", "loss", "layer" or "process": they carry
# meaning ("language model", "graph neural network", "Gaussian process").
GENERIC_HEADS = frozenset({
    "method", "approach", "approache", "algorithm", "technique", "strategy", "scheme",
    "framework", "mechanism", "module", "paradigm", "procedure", "pipeline", "objective",
})
# What a lone word left before a generic head must look like to stand for the concept: a noun
# of action ("sampling strategy" -> sampling, "attention mechanism" -> attention); "proposed
# method" and "Newton method" keep their head.
_NOMINAL = re.compile(r"(?:ing|tion|sion|ment|ance|ence|ysis)\Z")
_SPLIT = re.compile(r"[\s_/\-\u2010\u2011\u2013]+")


def key_parts(text: str) -> list[str]:
    """The words of ``text`` a key is made of: split, function words dropped, singular."""
    return [fold_plural(w) for w in _SPLIT.split(text.lower()) if w and w not in FUNCTION_WORDS]


def drops_generic_head(rest: list[str]) -> bool:
    """Whether a generic head after the key words ``rest`` is dropped.

    It is when two words or more are left, or one noun of action (:data:`_NOMINAL`).
    """
    return len(rest) >= 2 or (len(rest) == 1 and bool(_NOMINAL.search(rest[0])))


@lru_cache(maxsize=200_000)
def concept_key(text: str) -> str:
    """The concept key of a phrase (see the module docstring)."""
    parts = key_parts(text)
    tokens = text.split()  # the head is a word of its own: "attention-mechanism" keeps it
    if len(tokens) >= 2 and fold_plural(tokens[-1]) in GENERIC_HEADS and drops_generic_head(
            parts[:-1]):
        parts = parts[:-1]
    return "".join(parts)


@lru_cache(maxsize=1)
def canonical_names() -> dict[str, str]:
    """Concept key -> canonical name, for every name and alias of the methods vocabulary, and
    for the long form the corpus gives a vocabulary acronym (:mod:`extract.lexicon.acronyms`)."""
    from extract.lexicon.acronyms import corpus_acronyms
    from extract.names.vocabulary import vocab

    out: dict[str, str] = {}
    for spelling, name in vocab().canonical.items():
        if len(_SPLIT.split(spelling.strip())) > 1:  # one word is a name already
            out.setdefault(concept_key(spelling), name)
    for row in corpus_acronyms():
        if (name := vocab().known(row.acronym)) is not None:
            out.setdefault(row.key, name)
    return out


def name_concept(name: str, role: str, long_form: str | None) -> tuple[str, str]:
    """(concept, concept key) of a name row: the vocabulary's canonical name when it knows the
    name or its long form; for a mentioned acronym defined in the abstract, its long form
    ("speculative decoding" for "SD", so it joins the phrase's concept); for a mentioned acronym
    the abstract does not define, the long form the corpus always gives it
    (:mod:`extract.lexicon.acronyms`: "GNNs" -> "graph neural network"); else the name.
    """
    from extract.lexicon.acronyms import long_form_of
    from extract.names.vocabulary import vocab

    if not isinstance(long_form, str) or not long_form:
        long_form = None  # NULL (NaN) when the names rows come from a database
    known = vocab().known(name)
    if known is None and long_form:
        known = canonical_names().get(concept_key(long_form))
    if known is not None:
        return known, concept_key(known)
    if role == "mentioned" and long_form is None and (row := long_form_of(name)) is not None:
        long_form = row.long_form
    if long_form and role == "mentioned":
        return concept_display(long_form), concept_key(long_form)
    return name, concept_key(name)


def lookup_key(text: str) -> str:
    """The concept key the methods table files ``text`` under, for a user who types it: the
    canonical name's when it is a vocabulary alias or the corpus long form of a vocabulary acronym
    ("retrieval-augmented generation" -> ``rag``), else the key of a mentioned name written so
    (:func:`name_concept`: "GNNs" -> ``graphneuralnetwork``)."""
    text = text.strip()
    if (name := canonical_names().get(concept_key(text))) is not None:
        return concept_key(name)
    return name_concept(text, "mentioned", None)[1]


def concept_display(text: str) -> str:
    """How a concept is shown: lower-case but acronyms and names with digits, last word
    singular ("Large Language Models" -> "large language model", "LLM judges" -> "LLM judge").
    """
    words = display_form(text.split()).split()
    if not words:
        return text
    last = words[-1]
    if "of" in words[:-1]:
        pass  # "mixture of experts": the head is before "of"
    elif is_acronym(last):
        if last.endswith("s") and last[:-1].isupper():
            words[-1] = last[:-1]
    else:
        head, _, tail = last.rpartition("-")
        words[-1] = f"{head}-{fold_plural(tail)}" if head else fold_plural(last)
    return " ".join(words)
