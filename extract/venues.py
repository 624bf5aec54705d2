"""Venue names: canonical spellings, venue-year labels and BibTeX booktitles.

The vocabulary lives in ``data/venues.toml``; this module only reads it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import tomllib

from extract.datafiles import DATA_DIR


@dataclass(frozen=True)
class VenueYear:
    """A venue and (optionally) a year, e.g. ``VenueYear("ACL", 2025)``."""

    venue: str
    year: int | None

    @property
    def label(self) -> str:
        """Human label such as ``"ACL 2025"``."""
        return f"{self.venue} {self.year}" if self.year else self.venue


@lru_cache(maxsize=1)
def _vocab() -> tuple[dict[str, str], list[tuple[str, str]]]:
    with open(DATA_DIR / "venues.toml", "rb") as fh:
        data = tomllib.load(fh)
    aliases: dict[str, str] = {}
    booktitles: list[tuple[str, str]] = []
    for entry in data["venue"]:
        name = entry["name"]
        aliases[name.lower()] = name
        for alias in entry.get("aliases", []):
            aliases[alias.lower()] = name
        for phrase in entry.get("booktitle", []):
            booktitles.append((phrase.lower(), name))
    return aliases, booktitles


@lru_cache(maxsize=1)
def _mention_re() -> re.Pattern[str]:
    aliases, _ = _vocab()
    names = sorted(aliases, key=len, reverse=True)
    alt = "|".join(re.escape(n) for n in names)
    # "ACL 2025", "ACL2025", "NeurIPS'24" is not handled on purpose (ambiguous century).
    return re.compile(rf"(?<![A-Za-z])({alt})[\s\-_]*((?:19|20)\d\d)(?!\d)", re.IGNORECASE)


def canonical_venue(name: str | None) -> str | None:
    """Map a venue spelling (``"nips"``, ``"NeurIPS"``) to its canonical name.

    Unknown names are returned stripped, so user data is never silently dropped.
    """
    if not name or not str(name).strip():
        return None
    aliases, _ = _vocab()
    key = str(name).strip()
    return aliases.get(key.lower(), key)


def find_venue_mentions(text: str) -> list[VenueYear]:
    """All ``VENUE YEAR`` mentions in ``text``, in order."""
    aliases, _ = _vocab()
    return [
        VenueYear(aliases[m.group(1).lower()], int(m.group(2)))
        for m in _mention_re().finditer(text)
    ]


def parse_venue_label(text: str) -> VenueYear | None:
    """Parse a string that is *only* a venue label (``"ACL 2025"``, ``"acl2022"``)."""
    m = _mention_re().fullmatch(text.strip())
    if not m:
        return None
    aliases, _ = _vocab()
    return VenueYear(aliases[m.group(1).lower()], int(m.group(2)))


def venue_from_filename(path: str | Path) -> VenueYear | None:
    """Venue and year from a file name such as ``acl2022.json`` or ``ICML-2019.csv``."""
    stem = Path(path).name.split(".")[0]
    m = _mention_re().search(stem)
    if not m:
        return None
    aliases, _ = _vocab()
    return VenueYear(aliases[m.group(1).lower()], int(m.group(2)))


def venue_from_booktitle(booktitle: str | None) -> str | None:
    """Canonical venue from a BibTeX ``booktitle``/``journal`` value, or None."""
    if not booktitle:
        return None
    mentions = find_venue_mentions(booktitle)
    if mentions:
        return mentions[-1].venue
    low = " ".join(booktitle.lower().split())
    _, booktitles = _vocab()
    for phrase, name in booktitles:
        if phrase in low:
            return name
    return None
