"""A small BibTeX reader for entries with ``abstract`` fields (as the ACL Anthology exports).

Only what paper lists need: ``@type{key, field = {value} | "value" | bare, ...}`` with
nested braces, ``@string`` macros ignored, ``@comment``/``@preamble`` skipped.
"""

from __future__ import annotations

import re
from pathlib import Path

from extract.readers.common import bibtex_names, collect
from extract.records import InputError, Problem, RawRecord

_ENTRY = re.compile(r"@\s*([A-Za-z]+)\s*([{(])")
_FIELD_NAME = re.compile(r"\s*([A-Za-z][\w\-:.]*)\s*=\s*")
_SKIP = {"comment", "preamble", "string"}
_ACCENTS = {"'": "\u0301", "`": "\u0300", "^": "\u0302", '"': "\u0308", "~": "\u0303", "c": "\u0327"}
_ACCENT_RE = re.compile(r"\\([`'^\"~c])\s*\{?\s*([A-Za-z])\s*\}?")


def _unlatex(value: str) -> str:
    import unicodedata

    value = _ACCENT_RE.sub(lambda m: unicodedata.normalize("NFC", m.group(2) + _ACCENTS[m.group(1)]), value)
    value = value.replace("\\&", "&").replace("\\%", "%").replace("\\_", "_").replace("\\$", "$")
    value = value.replace("{", "").replace("}", "").replace("--", "–")
    return " ".join(value.split())


def _line_of(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def _read_braced(text: str, pos: int, close: str) -> int:
    """Index just past the delimiter closing the group that starts at ``pos`` (after the opener)."""
    depth = 1
    opener = "{" if close == "}" else "("
    n = len(text)
    while pos < n:
        c = text[pos]
        if c == "\\":
            pos += 2
            continue
        if c == opener:
            depth += 1
        elif c == close:
            depth -= 1
            if depth == 0:
                return pos + 1
        pos += 1
    return -1


def _parse_fields(body: str) -> dict[str, str]:
    """Fields of one entry body (the text after ``key,``)."""
    fields: dict[str, str] = {}
    pos, n = 0, len(body)
    while pos < n:
        m = _FIELD_NAME.match(body, pos)
        if not m:
            nxt = body.find(",", pos)
            if nxt < 0:
                break
            pos = nxt + 1
            continue
        name = m.group(1).lower()
        pos = m.end()
        if pos >= n:
            break
        if body[pos] == "{":
            end = _read_braced(body, pos + 1, "}")
            value = body[pos + 1 : end - 1] if end > 0 else body[pos + 1 :]
            pos = end if end > 0 else n
        elif body[pos] == '"':
            end = pos + 1
            depth = 0
            while end < n and not (body[end] == '"' and depth == 0):
                depth += {"{": 1, "}": -1}.get(body[end], 0)
                end += 1
            value = body[pos + 1 : end]
            pos = end + 1
        else:
            end = body.find(",", pos)
            end = n if end < 0 else end
            value = body[pos:end]
            pos = end
        fields[name] = _unlatex(value)
        comma = body.find(",", pos)
        pos = n if comma < 0 else comma + 1
    return fields


def read(text: str, source: str, path: Path) -> tuple[list[RawRecord], list[Problem]]:
    """Read every entry with an abstract; entries without one are reported and skipped."""
    records: list[RawRecord] = []
    problems: list[Problem] = []
    pos = 0
    n_entries = 0
    while True:
        m = _ENTRY.search(text, pos)
        if not m:
            break
        kind = m.group(1).lower()
        close = "}" if m.group(2) == "{" else ")"
        end = _read_braced(text, m.end(), close)
        line = _line_of(text, m.start())
        if end < 0:
            msg = f"unclosed brace in @{kind} entry starting at line {line}"
            if not records:
                raise InputError(msg)
            problems.append(Problem(source, f"line {line}", msg + "; rest of file skipped"))
            break
        pos = end
        if kind in _SKIP:
            continue
        n_entries += 1
        inner = text[m.end() : end - 1]
        key, _, body = inner.partition(",")
        fields = _parse_fields(body)
        fields.setdefault("venue", fields.get("booktitle") or fields.get("journal") or "")
        # `author` is "Last, First and Last, First" (in order); `url` is read as it is
        authors = {"authors": bibtex_names(fields.get("author"))}
        collect({**fields, **authors}, source, f"line {line}", path, records, problems)
    if n_entries == 0 and not problems:
        raise InputError("no BibTeX entries found")
    return records, problems
