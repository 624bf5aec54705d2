"""CSV/TSV reader: a header row with at least ``title`` and ``abstract`` columns."""

from __future__ import annotations

import csv
import io
import sys
from pathlib import Path

from extract.readers.common import FIELD_ALIASES, collect
from extract.records import InputError, Problem, RawRecord

_DELIMITERS = (",", "\t", ";", "|")
csv.field_size_limit(min(sys.maxsize, 2**31 - 1))


def _split_header(line: str) -> tuple[str, list[str]] | None:
    for delim in _DELIMITERS:
        if delim in line:
            cells = [c.strip().strip('"').strip().lower() for c in line.split(delim)]
            return delim, cells
    return None


def looks_like_header(line: str) -> bool:
    """True when ``line`` is a delimited header naming an abstract column."""
    found = _split_header(line)
    return bool(found) and any(c in FIELD_ALIASES["abstract"] for c in found[1])


def read(text: str, source: str, path: Path) -> tuple[list[RawRecord], list[Problem]]:
    """Read a delimited file; the delimiter is taken from the header line."""
    first_line = text.lstrip("\ufeff").split("\n", 1)[0]
    found = _split_header(first_line)
    if not found:
        raise InputError("line 1: CSV header has no delimiter")
    delim, header = found
    if not any(c in FIELD_ALIASES["abstract"] for c in header):
        raise InputError(f"line 1: CSV header has no 'abstract' column (columns: {', '.join(header)})")
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff"), newline=""), delimiter=delim, strict=True)
    records: list[RawRecord] = []
    problems: list[Problem] = []
    start = 2
    try:
        for row in reader:
            locator = f"line {start}"
            start = reader.line_num + 1
            if None in row:  # more cells than header columns
                msg = f"{len(row) - 1 + len(row[None])} cells for {len(header)} columns; skipped"
                problems.append(Problem(source, locator, msg, "warning"))
                continue
            collect(row, source, locator, path, records, problems)
    except csv.Error as exc:
        msg = f"malformed CSV at line {start}: {exc} (unbalanced quotes?)"
        if not records:
            raise InputError(msg) from None
        problems.append(Problem(source, f"line {start}", msg + "; rest of file skipped"))
    return records, problems
