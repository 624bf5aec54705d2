"""The record the recogniser returns for each name of an abstract."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Name:
    """A name recognised in the clean view of an abstract."""

    name: str
    type: str
    role: str
    confidence: float
    surface: str  # spellings in this abstract, " | "-separated, first seen first
    start: int | None  # clean-view offsets of its first occurrence (None: only in the title)
    end: int | None
    long_form: str | None = None  # the acronym's long form as this abstract defines it
