r"""BibTeX reader for entries with ``abstract`` fields (as the ACL Anthology exports).

The file is split into entries by ``bibtexparser`` 2.x (``parse_string`` with an empty
parse stack, i.e. only its splitter); field values are then finished here:
``@string`` macros and ``#`` concatenations resolved, the enclosing braces or quotes
removed, and LaTeX accents, escapes and case-protecting braces cleaned.
``@comment`` and ``@preamble`` are skipped.

Malformed entries are reported with the line they start on; unlike a reader that stops
at the first unclosed brace, the splitter picks up again at the next ``@type{`` that
starts a line, so one broken entry costs only that entry.

Two things are prepared before splitting, keeping every newline where it is:
the splitter takes any ``\`` before a delimiter as an escape, so a LaTeX line break
``\\`` would hide the brace or newline after it (``{... \\}`` would swallow the
rest of the entry): such pairs are masked while splitting. And ``@ type{`` at the start
of a line (BibTeX allows the space) is read as ``@type{``.

Line numbers are the splitter's, except in a file where a backslash ends a line (the
splitter does not count that newline): there they are counted here from each block's
position in the text.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from pathlib import Path

import bibtexparser
from bibtexparser import model

from extract.readers.common import bibtex_names, collect
from extract.records import InputError, Problem, RawRecord

# The splitter logs every aborted block as a multi-line warning; this reader reports them itself.
logging.getLogger("bibtexparser.splitter").setLevel(logging.CRITICAL)

_ACCENTS = {
    "'": "\u0301", "`": "\u0300", "^": "\u0302", '"': "\u0308", "~": "\u0303", "c": "\u0327",
}
_ACCENT_RE = re.compile(r"\\([`'^\"~c])\s*\{?\s*([A-Za-z])\s*\}?")
_KIND = re.compile(r"@\s*(\w*)")
_EOF = "Unexpectedly reached end of file."
_SPACED_AT = re.compile(r"^([ \t]*)@[ \t]+(?=[A-Za-z]+[ \t]*[{(])", re.MULTILINE)
_MASK = "\ue000"  # stands for each backslash of a ``\\`` pair while splitting


def _prepare(text: str) -> str:
    r"""The text for the splitter: the same lines, ``\\`` pairs masked, ``@ type{`` closed up."""
    if "\\\\" in text and _MASK not in text:
        text = text.replace("\\\\", _MASK + _MASK)
    if _SPACED_AT.search(text):
        text = _SPACED_AT.sub(r"\1@", text)
    return text


def _unlatex(value: str) -> str:
    value = _ACCENT_RE.sub(
        lambda m: unicodedata.normalize("NFC", m.group(2) + _ACCENTS[m.group(1)]), value
    )
    value = value.replace("\\&", "&").replace("\\%", "%").replace("\\_", "_").replace("\\$", "$")
    value = value.replace("{", "").replace("}", "").replace("--", "–")
    return " ".join(value.split())


def _split_concatenation(raw: str) -> list[str]:
    """The ``#``-separated parts of a value, splitting only outside braces and quotes."""
    parts, depth, quoted, start = [], 0, False, 0
    for i, c in enumerate(raw):
        if c == "{":
            depth += 1
        elif c == "}":
            depth = max(depth - 1, 0)
        elif c == '"' and depth == 0:
            quoted = not quoted
        elif c == "#" and depth == 0 and not quoted:
            parts.append(raw[start:i].strip())
            start = i + 1
    parts.append(raw[start:].strip())
    return parts


def _value(raw: str, strings: dict[str, str]) -> str:
    """The text of a raw field value (as the splitter gives it), before LaTeX cleaning."""
    raw = raw.strip()
    if len(raw) >= 2 and raw[0] + raw[-1] in ("{}", '""') and "#" not in raw:
        return raw[1:-1]  # the common case
    parts = _split_concatenation(raw) if "#" in raw else [raw]
    out = []
    for part in parts:
        if len(part) >= 2 and part[0] + part[-1] in ("{}", '""'):
            out.append(part[1:-1])
        else:
            out.append(strings.get(part.lower(), part))
    return "".join(out)


def _failure(block: model.ParsingFailedBlock, kind: str, line: int) -> tuple[str, str, bool]:
    """What went wrong with a block the splitter gave up on: message, what was skipped, at EOF."""
    reason = getattr(block.error, "abort_reason", None) or str(block.error)
    if reason == _EOF:
        raw = block.raw or ""
        opened = raw.count("{") - raw.count("\\{") - raw.count("}") + raw.count("\\}")
        what = "brace" if opened > 0 else "quote"  # braces balanced: a quote never closed
        msg = f"unclosed {what} in @{kind} entry starting at line {line}"
        return msg, "rest of file skipped", True
    if reason.startswith("Unexpected block start"):
        what = "quote" if reason.rstrip().endswith('`"`') else "brace"
        if reason.rstrip().endswith("`,` or `}`") or reason.rstrip().endswith("`,` or `)`"):
            what = "field (no comma or closing brace before the next entry)"
        return f"unclosed {what} in @{kind} entry starting at line {line}", "skipped", False
    reason = " ".join(reason.replace("`", "").split()).rstrip(".")
    return f"malformed @{kind} entry starting at line {line} ({reason})", "skipped", False


def read(text: str, source: str, path: Path) -> tuple[list[RawRecord], list[Problem]]:
    """Read every entry with an abstract; entries without one are reported and skipped."""
    text = _prepare(text)
    try:
        library = bibtexparser.parse_string(text, parse_stack=[])
    except Exception as exc:  # a bug in the splitter: one file fails, not the build
        detail = " ".join(str(exc).split()) or type(exc).__name__
        raise InputError(f"BibTeX parser failed: {detail}") from None
    records: list[RawRecord] = []
    problems: list[Problem] = []
    failures: list[str] = []
    strings: dict[str, str] = {}
    n_entries = 0
    # The splitter counts every newline unless a backslash precedes it (``\\`` pairs are masked).
    splitter_lines = "\\\n" not in text
    offset, line, after = 0, 1, 0  # line of text[offset]; the next block starts at `after` or later
    for block in library.blocks:
        if isinstance(block, (model.DuplicateBlockKeyBlock, model.DuplicateFieldKeyBlock)):
            block = block.ignore_error_block  # duplicates are kept (papers are deduplicated later)
        if isinstance(block, model.ImplicitComment) or block is None:
            continue
        raw = block.raw or ""
        at = -1 if splitter_lines or not raw else text.find(raw, after)
        if at < 0:
            at_line = (block.start_line or 0) + 1
        else:  # blocks come in file order: this one is the first copy of its text after the last
            line += text.count("\n", offset, at)
            offset, at_line, after = at, line, at + 1
        if isinstance(block, model.ParsingFailedBlock):
            kind = _KIND.match(raw)
            kind_name = (kind.group(1).lower() if kind else "") or "entry"
            msg, skipped, at_eof = _failure(block, kind_name, at_line)
            failures.append(msg)
            # one entry lost is a warning; the rest of the file lost is an error (as for CSV)
            severity = "error" if at_eof else "warning"
            problems.append(Problem(source, f"line {at_line}", f"{msg}; {skipped}", severity))
            continue
        if isinstance(block, model.String):
            strings[block.key.lower()] = _value(block.value.replace(_MASK, "\\"), strings)
            continue
        if not isinstance(block, model.Entry):
            continue  # @comment, @preamble
        n_entries += 1
        fields: dict[str, str] = {}
        for fld in block.fields:  # a repeated field: the last one wins
            fields[fld.key.lower()] = _unlatex(_value(fld.value.replace(_MASK, "\\"), strings))
        fields.setdefault("venue", fields.get("booktitle") or fields.get("journal") or "")
        # `author` is "Last, First and Last, First" (in order); `url` is read as it is
        authors = {"authors": bibtex_names(fields.get("author"))}
        collect({**fields, **authors}, source, f"line {at_line}", path, records, problems)
    if failures and not records:
        raise InputError(failures[0])
    if n_entries == 0 and not problems:
        raise InputError("no BibTeX entries found")
    return records, problems
