"""Read one input file of any supported format into :class:`RawRecord` objects.

Formats are detected from the content (the extension only breaks ties):
raw text dumps, JSON (including the public paperlists format), JSON Lines, CSV/TSV,
BibTeX, ACL Anthology XML and OpenReview API notes (JSON).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from extract.readers import anthology, bibtex, delimited, jsonfmt, openreview, rawtext
from extract.records import InputError, Problem, RawRecord

MAX_FILE_BYTES = 512 * 1024 * 1024
FORMATS = ("text", "json", "jsonl", "csv", "bibtex", "anthology", "openreview")
_SNIFF_CHARS = 65536  # OpenReview notes are told from other JSON by their first note
_BIB_START = re.compile(r"@\s*[A-Za-z]+\s*[{(]")


def decode(data: bytes) -> tuple[str, list[str]]:
    """Decode file bytes to text.

    Returns:
        The text and a list of warnings (e.g. "decoded as Latin-1").

    Raises:
        InputError: empty, binary or undecodable input.
    """
    if not data.strip():
        raise InputError("empty file")
    for bom, codec in (
        (b"\xef\xbb\xbf", "utf-8-sig"),
        (b"\xff\xfe\x00\x00", "utf-32"),
        (b"\x00\x00\xfe\xff", "utf-32"),
        (b"\xff\xfe", "utf-16"),
        (b"\xfe\xff", "utf-16"),
    ):
        if data.startswith(bom):
            try:
                text = data.decode(codec)
            except UnicodeDecodeError as exc:
                raise InputError(f"undecodable {codec} text at byte {exc.start}") from None
            if not text.strip():
                raise InputError("empty file")
            return text, []
    nul = data.find(b"\x00", 0, 65536)
    if nul >= 0:
        raise InputError(f"binary file (NUL byte at offset {nul}); expected text")
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        bad_at = exc.start
    text = data.decode("latin-1")
    controls = sum(1 for c in text[:65536] if ord(c) < 32 and c not in "\t\n\r\f")
    if controls > 0.01 * min(len(text), 65536):
        raise InputError(f"undecodable text: not UTF-8 at byte {bad_at} (line {line})")
    return text, [f"line {line}: not UTF-8 (byte {bad_at}); decoded as Latin-1"]


def detect_format(text: str, path: str | Path = "") -> str:
    """Guess the format of ``text``: one of :data:`FORMATS`."""
    head = text.lstrip()[:4096]
    ext = Path(path).suffix.lower()
    first_code = next((ln for ln in head.splitlines() if ln.strip() and not ln.lstrip().startswith("%")), "")
    if _BIB_START.match(first_code.lstrip()):
        return "bibtex"
    if head.startswith("<") and anthology.looks_like_anthology(head):
        return "anthology"
    if head[:1] in ("[", "{"):
        if openreview.looks_like_notes(text[: 2 * _SNIFF_CHARS].lstrip()[:_SNIFF_CHARS]):
            return "openreview"
    if head.startswith("["):
        return "json"
    if head.startswith("{"):
        first_line = head.split("\n", 1)[0].strip()
        if ext == ".jsonl" or ext == ".ndjson":
            return "jsonl"
        try:
            json.loads(first_line)
            rest = text.lstrip()[len(first_line):].strip()
            return "jsonl" if rest.startswith("{") else "json"
        except ValueError:
            return "json"
    first_line = head.split("\n", 1)[0]
    if delimited.looks_like_header(first_line) or ext in (".csv", ".tsv"):
        return "csv"
    return "text"


def read_file(path: Path, source: str) -> tuple[list[RawRecord], list[Problem]]:
    """Read one file.

    Args:
        path: The file to read.
        source: The name recorded in ``sources.source`` and in messages.

    Returns:
        The records found and the record-level problems (warnings).

    Raises:
        InputError: the file cannot be read at all.
    """
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror or exc}") from None
    if size > MAX_FILE_BYTES:
        raise InputError(f"file too large ({size} bytes > {MAX_FILE_BYTES})")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror or exc}") from None
    text, notes = decode(data)
    problems = [Problem(source, None, note, "warning") for note in notes]
    fmt = detect_format(text, path)
    reader = {
        "text": rawtext.read,
        "json": jsonfmt.read_json,
        "jsonl": jsonfmt.read_jsonl,
        "csv": delimited.read,
        "bibtex": bibtex.read,
        "anthology": anthology.read,
        "openreview": openreview.read,
    }[fmt]
    records, more = reader(text, source, path)
    for rec in records:
        rec.fmt = fmt
    return records, problems + more
