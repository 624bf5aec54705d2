"""Helpers shared by the structured readers (JSON, JSON Lines, CSV, BibTeX)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from extract.records import Problem, RawRecord
from extract.venues import canonical_venue, venue_from_booktitle, venue_from_filename

MAX_ABSTRACT_CHARS = 20_000
_YEAR = re.compile(r"(?:19|20)\d\d")

# Field names accepted for each column, lower-case.
FIELD_ALIASES: dict[str, tuple[str, ...]] = {
    "title": ("title", "paper_title", "name"),
    "abstract": ("abstract", "paper_abstract", "summary", "abstracttext", "abstract_text"),
    "venue": ("venue", "conference", "conf", "booktitle", "journal"),
    "year": ("year", "conference_year", "pub_year"),
    "track": ("track",),
    "status": ("status", "decision"),
    "keywords": ("keywords", "author_keywords", "keyword"),
    "bibtex": ("bibtex",),
    "authors": ("authors", "author", "author_names"),
    "url": ("url", "site", "link", "paper_url", "landing_page", "html_url"),
}


def pick(lowered: dict[str, Any], column: str) -> Any:
    """Value of ``column`` under any accepted alias; ``lowered`` has lower-case keys."""
    for name in FIELD_ALIASES[column]:
        value = lowered.get(name)
        if value not in (None, ""):
            return value
    return None


def as_text(value: Any) -> str | None:
    """A stripped string, or None for empty/missing values."""
    if value is None:
        return None
    if isinstance(value, (list, tuple)):
        value = " ".join(str(v) for v in value)
    text = " ".join(str(value).split())
    return text or None


def as_year(value: Any) -> int | None:
    """A four-digit year from an int or a string such as ``"2022"`` or ``"July 2022"``."""
    if value is None:
        return None
    if isinstance(value, int) and 1900 <= value <= 2100:
        return value
    m = _YEAR.search(str(value))
    return int(m.group(0)) if m else None


def as_keywords(value: Any) -> list[str]:
    """Author keywords from a list or a ``;``/``,``-separated string."""
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        items = [str(v) for v in value]
    else:
        text = str(value)
        items = re.split(r"[;\n]" if ";" in text or "\n" in text else r",", text)
    return [" ".join(i.split()) for i in items if i.strip()]


def _name(value: Any) -> str:
    """One author name from a string or a ``{"name": ...}``/``{"first", "last"}`` object."""
    if isinstance(value, dict):
        low = {str(k).lower(): v for k, v in value.items()}
        value = low.get("name") or low.get("fullname") or " ".join(
            str(low[k]) for k in ("first", "given", "middle", "last", "family") if low.get(k)
        )
    # "; " joins names in the papers table, so a name never contains it
    return " ".join(str(value or "").replace(";", ",").split())


def _flip(name: str) -> str:
    """``"Last, First"`` -> ``"First Last"``; ``"Last, Jr., First"`` -> ``"First Last Jr."``."""
    parts = [p.strip() for p in name.split(",")]
    if len(parts) == 2 and all(parts):
        return f"{parts[1]} {parts[0]}"
    if len(parts) == 3 and all(parts):
        return f"{parts[2]} {parts[0]} {parts[1]}"
    return " ".join(name.replace(",", " ").split())


_AND = re.compile(r"\s+and\s+")


def bibtex_names(value: str | None) -> list[str]:
    """Authors of a BibTeX ``author`` field (``"Pan, Rui and Zhang, Tong"``), in order."""
    if not value:
        return []
    names = [_flip(" ".join(p.split())) for p in _AND.split(value.strip())]
    return [n for n in names if n and n.lower() != "others"]


def as_authors(value: Any) -> list[str]:
    """Author names, in order, from a list or a string.

    Strings are split on ``;`` (paperlists: ``"Mo Yu;Xiaoxiao Guo"``), else on `` and ``
    (BibTeX style, ``"Last, First"`` names turned around when every name has one comma), else
    on commas (``"Tasha Nagamine, Nima Mesgarani"``).
    """
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        names = [_name(v) for v in value]
    else:
        text = " ".join(str(value).split())
        if ";" in text:
            names = text.split(";")
        elif _AND.search(text):
            parts = _AND.split(text)
            if all(p.count(",") == 1 for p in parts):
                names = [_flip(p) for p in parts]
            else:
                names = [n for p in parts for n in p.split(",")]
        else:
            names = text.split(",")
    names = [" ".join(n.split()) for n in names]
    return [n for n in names if n and n.lower() != "others"]


def as_url(value: Any) -> str | None:
    """An ``http(s)://`` address, else None (relative paths and other schemes are dropped)."""
    text = as_text(value)
    if not text or " " in text or not re.match(r"https?://[^/\s]+", text, re.IGNORECASE):
        return None
    return text


def _bibtex_field(bib: str, name: str) -> str | None:
    m = re.search(rf"\b{name}\s*=\s*[{{\"]([^}}\"]*)", bib, re.IGNORECASE)
    return m.group(1).strip() if m else None


def record_from_mapping(
    rec: dict[str, Any], source: str, locator: str, path: Path
) -> tuple[RawRecord | None, Problem | None]:
    """Turn one structured record into a :class:`RawRecord`, or explain why not."""
    rec = {str(k).lower(): v for k, v in rec.items()}
    abstract = as_text(pick(rec, "abstract"))
    if not abstract:
        return None, Problem(source, locator, "record has no abstract; skipped", "warning")
    if len(abstract) > MAX_ABSTRACT_CHARS:
        msg = f"abstract too long ({len(abstract)} chars > {MAX_ABSTRACT_CHARS}); skipped"
        return None, Problem(source, locator, msg, "warning")
    bib = as_text(pick(rec, "bibtex")) or ""
    venue_raw = as_text(pick(rec, "venue"))
    venue = venue_from_booktitle(venue_raw) or canonical_venue(venue_raw)
    year = as_year(pick(rec, "year"))
    from_name = venue_from_filename(path)
    if not venue and from_name:
        venue = from_name.venue
    if not venue and bib:
        venue = venue_from_booktitle(_bibtex_field(bib, "booktitle") or _bibtex_field(bib, "journal"))
    if not year and from_name:
        year = from_name.year
    if not year and bib:
        year = as_year(_bibtex_field(bib, "year"))
    track = as_text(pick(rec, "track"))
    if not track and venue_raw and "findings" in venue_raw.lower():
        track = "Findings"
    return (
        RawRecord(
            abstract=abstract,
            source=source,
            locator=locator,
            title=as_text(pick(rec, "title")),
            venue=venue,
            year=year,
            track=track,
            status=as_text(pick(rec, "status")),
            author_keywords=as_keywords(pick(rec, "keywords")),
            authors=as_authors(pick(rec, "authors")),
            url=as_url(pick(rec, "url")) or (as_url(_bibtex_field(bib, "url")) if bib else None),
        ),
        None,
    )


def collect(
    mapping: dict[str, Any],
    source: str,
    locator: str,
    path: Path,
    records: list[RawRecord],
    problems: list[Problem],
) -> None:
    """Convert one mapping with :func:`record_from_mapping`; append the record or the problem."""
    rec, problem = record_from_mapping(mapping, source, locator, path)
    if rec:
        records.append(rec)
    if problem:
        problems.append(problem)
