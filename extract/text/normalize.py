"""Text clean-up shared by the readers: whitespace, scrape repairs, dedup keys and ids."""

from __future__ import annotations

import hashlib
import html
import re
import unicodedata

from extract.text.markup import LATEX_COMMAND
from extract.text.sentences import first_sentence

_WS = re.compile(r"\s+")
# Markdown/LaTeX decoration that does not change what an abstract says.
_LATEX_CMD = re.compile(LATEX_COMMAND + r"\s*")
_MARKUP = re.compile(r"[*_`$~{}\\]")
_NON_WORD = re.compile(r"[^0-9a-z]+")
_COMBINING = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")


def clean_whitespace(text: str) -> str:
    """Collapse runs of white space (including non-breaking spaces) to one space."""
    return _WS.sub(" ", text.replace("\u00a0", " ")).strip()


def clean_abstract(text: str) -> str:
    """Normalise an abstract for storage: unescape HTML entities, fold white space, repair."""
    text = html.unescape(text)
    text = unicodedata.normalize("NFC", text)
    return repair_repeated_opening(clean_whitespace(text))


def repair_repeated_opening(text: str, min_len: int = 40) -> str:
    """Drop a truncated copy in front of an abstract whose opening sentence recurs inside it.

    Scrapers sometimes glue a cut-off first attempt in front of the full abstract:
    ``"A B C. However, x y, particularly in the A B C. However, ..."``. When the first
    sentence (at least ``min_len`` characters) appears again later, the text before that
    second occurrence is the broken copy, and the abstract starts at the second occurrence.
    The whole first sentence must recur, so an abstract that merely reuses a phrase is kept.
    """
    first = first_sentence(text)
    if len(first) < min_len:
        return text
    again = text.find(first, 1)
    if again <= 0:
        return text
    return text[again:]


def dedup_key(text: str) -> str:
    """Key under which two copies of the same abstract collide.

    Case, white space, HTML entities, Markdown/LaTeX markup and punctuation are ignored.
    """
    if "&" in text:
        text = html.unescape(text)
    if not text.isascii():
        text = _COMBINING.sub("", unicodedata.normalize("NFKD", text))
    text = _LATEX_CMD.sub("", text)
    text = _MARKUP.sub("", text).lower()
    return _NON_WORD.sub(" ", text).strip()


def sha1(text: str) -> str:
    """Hex SHA-1 of a UTF-8 string."""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def paper_id_for(abstract: str) -> str:
    """Stable paper id: the same abstract (up to markup and case) always gets the same id."""
    return "p" + sha1(dedup_key(abstract))[:15]


def content_hash(abstract: str) -> str:
    """Hash of the exact stored abstract; extraction caches are keyed by it."""
    return sha1(abstract)[:20]
