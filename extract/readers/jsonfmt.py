"""JSON and JSON Lines readers, including the public paperlists format."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from extract.readers.common import collect
from extract.records import InputError, Problem, RawRecord

_LIST_KEYS = ("papers", "data", "records", "items", "results", "rows")


def _records_in(doc: Any) -> list[Any]:
    if isinstance(doc, list):
        return doc
    if isinstance(doc, dict):
        for key in _LIST_KEYS:
            if isinstance(doc.get(key), list):
                return doc[key]
        lists = [v for v in doc.values() if isinstance(v, list) and v and isinstance(v[0], dict)]
        if len(lists) == 1:
            return lists[0]
        if any(str(k).lower() == "abstract" for k in doc):
            return [doc]
    raise InputError("JSON holds no list of paper records (expected a list of objects)")


def read_json(text: str, source: str, path: Path) -> tuple[list[RawRecord], list[Problem]]:
    """Read a JSON document: a list of records, or an object holding one."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(
            f"malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}"
        ) from None
    records: list[RawRecord] = []
    problems: list[Problem] = []
    for i, item in enumerate(_records_in(doc)):
        locator = f"record {i}"
        if not isinstance(item, dict):
            problems.append(Problem(source, locator, "record is not an object; skipped", "warning"))
            continue
        collect(item, source, locator, path, records, problems)
    return records, problems


def read_jsonl(text: str, source: str, path: Path) -> tuple[list[RawRecord], list[Problem]]:
    """Read JSON Lines: one object per line; a bad line is skipped with a warning."""
    records: list[RawRecord] = []
    problems: list[Problem] = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        locator = f"line {lineno}"
        try:
            item = json.loads(line)
        except json.JSONDecodeError as exc:
            msg = f"malformed JSON at column {exc.colno}: {exc.msg}; skipped"
            problems.append(Problem(source, locator, msg, "warning"))
            continue
        if not isinstance(item, dict):
            problems.append(Problem(source, locator, "line is not a JSON object; skipped", "warning"))
            continue
        collect(item, source, locator, path, records, problems)
    if not records and problems and all("malformed" in p.message for p in problems):
        raise InputError("malformed JSON Lines: no line parsed")
    return records, problems
