"""PLACEHOLDER for issue #5: fills the `keywords` table. Returns no rows yet."""

from __future__ import annotations

from extract.records import PaperText

TABLE = "keywords"
VERSION = "0"
DATA_FILES: tuple[str, ...] = ()


def extract_rows(paper: PaperText) -> list[dict]:
    """No rows until issue #5 lands."""
    return []
