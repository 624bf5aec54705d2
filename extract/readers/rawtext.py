"""Reader for raw text dumps: paragraphs separated by blank lines.

Two shapes occur in practice (see ``seeds/``):

* a list: a header such as ``ACL 2025 论文列表`` followed by one abstract per paragraph;
* a scraped event page: the page's own paper (abstract, venue label, title, keyword lines),
  page furniture (registration and welcome text, "Downloads", "Next from ACL 2025",
  "Similar lecture"), and a list of other papers whose **title is the paragraph after
  its abstract**.

Each paragraph is classified once (header, venue label, abstract, title, keyword line,
furniture); titles and keywords are attached only to the abstract directly before them.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import tomllib

from extract.datafiles import DATA_DIR
from extract.readers.common import MAX_ABSTRACT_CHARS
from extract.records import Problem, RawRecord
from extract.text.normalize import clean_whitespace
from extract.venues import VenueYear, find_venue_mentions, parse_venue_label, venue_from_filename

_PARA_SPLIT = re.compile(r"\n[ \t\u00a0\u3000]*\n")
_LIST_HEADER = re.compile(
    r"^(?P<label>.+?)\s*(?:论文列表|论文|accepted papers|papers?|paper list|proceedings)\s*:?$",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"[.!?。](?:\s|$)")
_MIN_ABSTRACT_CHARS = 250
_MAX_TITLE_CHARS = 300
_NEXT_FROM = re.compile(r"^next from\s+(.+)$", re.IGNORECASE)


@dataclass
class Paragraph:
    """One blank-line-separated block and the line it starts on."""

    text: str
    line: int
    kind: str = "other"
    venue: VenueYear | None = None


@lru_cache(maxsize=1)
def _boilerplate() -> tuple[frozenset[str], tuple[str, ...], tuple[str, ...]]:
    with open(DATA_DIR / "boilerplate.toml", "rb") as fh:
        data = tomllib.load(fh)
    return (
        frozenset(s.lower() for s in data["exact"]),
        tuple(s.lower() for s in data["prefix"]),
        tuple(s.lower() for s in data["words"]),
    )


def split_paragraphs(text: str) -> list[Paragraph]:
    """Split on blank lines, keeping the 1-based line number of each paragraph."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    out: list[Paragraph] = []
    pos = 0
    line = 1
    for m in _PARA_SPLIT.finditer(text + "\n\n"):
        chunk = text[pos : m.start()]
        stripped = chunk.strip()
        if stripped:
            lead = chunk[: len(chunk) - len(chunk.lstrip())].count("\n")
            out.append(Paragraph(stripped, line + lead))
        line += text[pos : m.end()].count("\n")
        pos = m.end()
    return out


def is_furniture(text: str) -> bool:
    """Page furniture: navigation, registration and welcome text, never a paper."""
    exact, prefixes, words = _boilerplate()
    low = text.lower().strip()
    if low.rstrip("!.: ") in exact:
        return True
    if low.startswith(prefixes) or low.startswith(("*", ">", "|")):
        return True
    hits = sum(1 for w in words if re.search(rf"\b{re.escape(w)}\b", low))
    return hits >= 2


def is_abstract(text: str) -> bool:
    """Long prose with several sentences that is not page furniture."""
    if len(text) < _MIN_ABSTRACT_CHARS or is_furniture(text):
        return False
    return len(_SENTENCE_END.findall(text)) >= 2


def is_title(text: str) -> bool:
    """A one-line, title-like paragraph (capitalised words or a ``Name:`` prefix)."""
    if "\n" in text or not (8 <= len(text) <= _MAX_TITLE_CHARS) or is_furniture(text):
        return False
    if text.rstrip().endswith((".", "!", ",", ";")) or parse_venue_label(text):
        return False
    words = re.findall(r"[A-Za-z][\w\-']*", text)
    if len(words) < 2:
        return False
    content = [w for w in words if len(w) > 3]
    capitalised = sum(1 for w in content if w[0].isupper())
    return ":" in text or (bool(content) and capitalised / len(content) >= 0.5)


def is_keyword_line(text: str) -> bool:
    """A short lower-case line such as ``scaling laws`` listed under a paper's title."""
    if "\n" in text or len(text) > 60 or not text[:1].islower():
        return False
    return len(text.split()) <= 6 and not text.rstrip().endswith((".", "!", "?", ":"))


def list_header_venue(text: str) -> VenueYear | None:
    """Venue of a list header such as ``ACL 2025 论文列表`` or ``ICML 2025 papers``."""
    if "\n" in text or len(text) > 80:
        return None
    m = _LIST_HEADER.match(text.strip())
    if m:
        return parse_venue_label(m.group("label"))
    return None


def _page_venue(paras: list[Paragraph], path: Path) -> VenueYear | None:
    for p in paras:
        m = _NEXT_FROM.match(p.text)
        if m and (v := parse_venue_label(m.group(1))):
            return v
    counts = Counter(
        v for p in paras if p.kind not in ("abstract", "too_long") for v in find_venue_mentions(p.text)
    )
    if counts:
        return counts.most_common(1)[0][0]
    return venue_from_filename(path)


def read(text: str, source: str, path: Path) -> tuple[list[RawRecord], list[Problem]]:
    """Read a raw text dump into records; see the module docstring for the rules."""
    paras = split_paragraphs(text)
    problems: list[Problem] = []
    for p in paras:
        if (v := list_header_venue(p.text)) is not None:
            p.kind, p.venue = "header", v
        elif (v := parse_venue_label(p.text)) is not None:
            p.kind, p.venue = "venue", v
        elif len(p.text) > MAX_ABSTRACT_CHARS:
            p.kind = "too_long"
            msg = f"paragraph of {len(p.text)} chars is too long for an abstract; skipped"
            problems.append(Problem(source, f"line {p.line}", msg, "warning"))
        elif is_abstract(p.text):
            p.kind = "abstract"
    page_venue = _page_venue(paras, path)

    records: list[RawRecord] = []
    current_header: VenueYear | None = None
    for i, p in enumerate(paras):
        if p.kind == "header":
            current_header = p.venue
            continue
        if p.kind != "abstract":
            continue
        venue = current_header or page_venue
        title = None
        keywords: list[str] = []
        j = i + 1
        if j < len(paras) and paras[j].kind == "venue":
            venue = paras[j].venue  # the paper's own label, e.g. "ACL 2025" under its abstract
            j += 1
        if j < len(paras) and paras[j].kind == "other" and is_title(paras[j].text):
            title = clean_whitespace(paras[j].text)
            j += 1
            while j < len(paras) and paras[j].kind == "other" and is_keyword_line(paras[j].text):
                keywords.append(clean_whitespace(paras[j].text))
                j += 1
        records.append(
            RawRecord(
                abstract=p.text,
                source=source,
                locator=f"line {p.line}",
                title=title,
                venue=venue.venue if venue else None,
                year=venue.year if venue else None,
                author_keywords=keywords,
            )
        )
    return records, problems
