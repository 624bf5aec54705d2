"""PLACEHOLDER for issue #4: fills the `model_sizes` table. Returns no rows yet."""

from __future__ import annotations

from extract.records import PaperText

TABLE = "model_sizes"
VERSION = "0"
DATA_FILES: tuple[str, ...] = ()


def extract_rows(paper: PaperText) -> list[dict]:
    """No rows until issue #4 lands."""
    return []
