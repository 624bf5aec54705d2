"""PLACEHOLDER for issue #3: fills the `methods` table. Returns no rows yet."""

from __future__ import annotations

from extract.records import PaperText

TABLE = "methods"
VERSION = "0"
DATA_FILES: tuple[str, ...] = ()


def extract_rows(paper: PaperText) -> list[dict]:
    """No rows until issue #3 lands."""
    return []
