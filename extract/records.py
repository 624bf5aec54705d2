"""Plain data types passed between the readers, the ingest step and the extractors."""

from __future__ import annotations

from dataclasses import dataclass, field


class InputError(Exception):
    """A whole input file cannot be read; the message says why and where."""


@dataclass
class RawRecord:
    """One paper as a reader found it, before cleaning and deduplication."""

    abstract: str
    source: str
    locator: str
    title: str | None = None
    venue: str | None = None
    year: int | None = None
    track: str | None = None
    status: str | None = None
    author_keywords: list[str] = field(default_factory=list)
    authors: list[str] = field(default_factory=list)  # names in order, "First Last"
    url: str | None = None  # landing page (http/https)
    fmt: str = "text"


@dataclass(frozen=True)
class Problem:
    """Something wrong with an input: a skipped file (``error``) or record (``warning``)."""

    source: str
    locator: str | None
    message: str
    severity: str = "error"  # "error": file skipped; "warning": record skipped or repaired

    def __str__(self) -> str:
        where = f"{self.source}:{self.locator}" if self.locator else self.source
        return f"{where}: {self.message}"


@dataclass(frozen=True)
class PaperText:
    """What an extractor sees of a paper."""

    paper_id: str
    abstract: str
    title: str | None = None
