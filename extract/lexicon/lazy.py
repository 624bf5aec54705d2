"""Import a library without the heavy optional packages it would import for nothing.

thinc (under spaCy) imports torch when torch is installed, and KeyBERT imports
sentence-transformers (and so torch and transformers) to offer backends; the keyword stage uses
neither: spaCy only for its tokenizer, KeyBERT with its own backend
(:func:`extract.keywords.choice.keybert_model`). Those imports cost seconds per process, a good
part of the stage on a few thousand papers. :func:`import_without` imports a module with the
named packages made unimportable for the duration (the library then takes its documented
"not installed" path); packages already imported in the process are left alone, and nothing is
hidden afterwards.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType


def import_without(module: str, hidden: tuple[str, ...]) -> ModuleType:
    """``importlib.import_module(module)`` while the ``hidden`` packages cannot be imported."""
    if module in sys.modules:
        return sys.modules[module]
    blocked = [name for name in hidden if name not in sys.modules]
    for name in blocked:
        sys.modules[name] = None  # type: ignore[assignment]  # import raises ModuleNotFoundError
    try:
        return importlib.import_module(module)
    finally:
        for name in blocked:
            if sys.modules.get(name, 0) is None:
                del sys.modules[name]
