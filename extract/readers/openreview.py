"""OpenReview notes reader: API v2 JSON, a list of notes or the API's paged object.

``GET https://api2.openreview.net/notes?content.venueid=ICLR.cc/2025/Conference`` returns
``{"notes": [...], "count": N}``; each note has a ``forum`` id and ``content`` whose fields are
wrapped as ``{"value": ...}``: ``title``, ``abstract``, ``keywords``, ``authors``, ``venue``
(``"ICLR 2025 Oral"``, ``"Submitted to ICLR 2025"``) and ``venueid``
(``ICLR.cc/2025/Conference``, ``.../Rejected_Submission``, ``.../Withdrawn_Submission``).
API v1 notes (bare content values) are read too.

Venue and year come from the venue id (``ICLR.cc/2025/Conference`` -> ICLR 2025), else from
the venue string; the decision from the venue id's last part (rejected, withdrawn, still under
review) or, for accepted papers, from the venue string's presentation type (Oral, Spotlight,
Poster; ``Accept`` when it names none). The landing page is the forum.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from extract.readers.common import collect
from extract.records import InputError, Problem, RawRecord
from extract.venues import canonical_venue, find_venue_mentions

FORUM = "https://openreview.net/forum?id={}"
_V2_CONTENT = re.compile(r'"content"\s*:\s*\{\s*"[^"]*"\s*:\s*\{\s*"value"\s*:')
_NOTE_KEYS = re.compile(r'"(?:forum|invitations?|replyto)"\s*:')
_YEAR = re.compile(r"(?:19|20)\d\d")
# last part of a venue id -> status
_ID_STATUS = {
    "rejected_submission": "Reject",
    "desk_rejected_submission": "Desk Reject",
    "withdrawn_submission": "Withdraw",
    "submission": "Submitted",
    "blind_submission": "Submitted",
}
_PRESENTATION = {"oral": "Oral", "spotlight": "Spotlight", "poster": "Poster"}


def looks_like_notes(head: str) -> bool:
    """True when ``head`` (the start of a JSON file) holds OpenReview notes."""
    if re.match(r'\s*\{\s*"notes"\s*:\s*\[', head):
        return True
    return bool(_V2_CONTENT.search(head)) or (
        bool(re.search(r'"content"\s*:\s*\{', head)) and bool(_NOTE_KEYS.search(head))
    )


def _value(content: dict[str, Any], key: str) -> Any:
    v = content.get(key)
    return v.get("value") if isinstance(v, dict) else v


def parse_venue_id(venue_id: str | None) -> tuple[str | None, int | None, str | None, str | None]:
    """``ICLR.cc/2025/Conference/Rejected_Submission`` -> ``("ICLR", 2025, "main", "Reject")``.

    Returns:
        Venue, year, track (``main`` for ``Conference``, else the part after the year with
        spaces, e.g. ``Datasets and Benchmarks Track``) and the status the id itself says
        (None for an accepted paper's id).
    """
    if not venue_id or not str(venue_id).strip():
        return None, None, None, None
    parts = [p for p in str(venue_id).strip().split("/") if p]
    at = next((i for i, p in enumerate(parts) if re.fullmatch(r"(?:19|20)\d\d", p)), None)
    status = _ID_STATUS.get(parts[-1].lower()) if len(parts) > 1 else None
    if status:
        parts = parts[:-1]
    if at is None:
        return canonical_venue(parts[0].split(".")[0]) if parts else None, None, None, status
    venue = canonical_venue(parts[at - 1].split(".")[0]) if at > 0 else None
    rest = parts[at + 1 :]
    track = None
    if rest:
        track = "main" if rest[0].lower() == "conference" else rest[0].replace("_", " ")
    return venue, int(parts[at]), track, status


def _status(venue_string: str | None, from_id: str | None, has_id: bool) -> str | None:
    if from_id:
        return from_id
    text = (venue_string or "").strip()
    low = text.lower()
    if low.startswith("submitted to"):
        return "Submitted"
    if "withdrawn" in low:
        return "Withdraw"
    if "desk reject" in low:
        return "Desk Reject"
    if "reject" in low:
        return "Reject"
    words = _YEAR.split(text, maxsplit=1)[-1].strip().lower() if _YEAR.search(text) else ""
    if words in _PRESENTATION:
        return _PRESENTATION[words]
    return "Accept" if has_id or text else None


def _mapping(note: dict[str, Any]) -> dict[str, Any] | None:
    content = note.get("content")
    if not isinstance(content, dict):
        return None
    venue_string = _value(content, "venue")
    venue_string = venue_string if isinstance(venue_string, str) else None
    venue_id = _value(content, "venueid")
    venue, year, track, from_id = parse_venue_id(venue_id if isinstance(venue_id, str) else None)
    if venue_string and (not venue or not year):
        mentions = find_venue_mentions(venue_string)
        if mentions:
            venue, year = venue or mentions[0].venue, year or mentions[0].year
    forum = note.get("forum") or note.get("id")
    return {
        "title": _value(content, "title"),
        "abstract": _value(content, "abstract"),
        "keywords": _value(content, "keywords"),
        "authors": _value(content, "authors"),
        "url": FORUM.format(forum) if isinstance(forum, str) and forum else None,
        "venue": venue,
        "year": year,
        "track": track,
        "status": _status(venue_string, from_id, bool(venue_id)),
    }


def _json_lines(text: str) -> list[Any] | None:
    """Notes written one per line (JSON Lines), or None when that is not what ``text`` is."""
    try:
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    except json.JSONDecodeError:
        return None


def read(text: str, source: str, path: Path) -> tuple[list[RawRecord], list[Problem]]:
    """Read every note with an abstract; other notes are reported and skipped.

    Raises:
        InputError: malformed JSON, or no list of notes in it.
    """
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        doc = _json_lines(text)
        if doc is None:
            raise InputError(
                f"malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}"
            ) from None
    notes = doc.get("notes") if isinstance(doc, dict) else doc
    if not isinstance(notes, list):
        raise InputError('OpenReview JSON holds no notes (expected a list or {"notes": [...]})')
    records: list[RawRecord] = []
    problems: list[Problem] = []
    for i, note in enumerate(notes):
        forum = note.get("forum") or note.get("id") if isinstance(note, dict) else None
        locator = f"note {forum}" if isinstance(forum, str) and forum else f"record {i}"
        mapping = _mapping(note) if isinstance(note, dict) else None
        if mapping is None:
            problems.append(Problem(source, locator, "not an OpenReview note (no content); skipped",
                                    "warning"))
            continue
        collect(mapping, source, locator, path, records, problems)
    return records, problems
