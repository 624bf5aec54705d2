"""Building a user's uploaded paper lists into a temporary database (never outside tempdir)."""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

MAX_UPLOAD_MB = 20
MAX_FILES = 20
SKIPPED_STAGES = ("keywords",)  # KeyBERT is too slow for an interactive upload


@dataclass
class UploadResult:
    """What building an upload produced."""

    db: Path | None
    papers: int
    problems: list[str] = field(default_factory=list)  # "severity: source:locator: message"
    error: str | None = None


def safe_name(name: str, index: int = 0) -> str:
    """A file name that stays inside its folder: no directories, no leading dots, plain chars."""
    base = re.split(r"[\\/]", name or "")[-1]
    base = re.sub(r"[^A-Za-z0-9._-]+", "_", base).lstrip(".") or f"upload_{index}"
    return base[:120]


def build_upload(files: list[tuple[str, bytes]], max_mb: float = MAX_UPLOAD_MB) -> UploadResult:
    """Write ``files`` (name, content) into a fresh temp folder and build them (no keywords).

    Returns an :class:`UploadResult`; ``error`` is set (and ``db`` is None) when nothing usable
    was read, with every build problem listed.
    """
    if not files:
        return UploadResult(None, 0, error="No file was uploaded.")
    if len(files) > MAX_FILES:
        return UploadResult(
            None, 0, error=f"Too many files ({len(files)}); at most {MAX_FILES} at once."
        )
    total = sum(len(b) for _, b in files)
    if total > max_mb * 1024 * 1024:
        return UploadResult(
            None, 0, error=f"The upload is {total / 1e6:.1f} MB; the limit is {max_mb} MB."
        )
    from extract.pipeline import build

    root = Path(tempfile.mkdtemp(prefix="paper-trends-upload-"))
    inputs = root / "inputs"
    inputs.mkdir()
    used: set[str] = set()
    for i, (name, content) in enumerate(files):
        fname = safe_name(name, i)
        while fname in used:
            fname = f"{i}_{fname}"
        used.add(fname)
        target = (inputs / fname).resolve()
        if target.parent != inputs.resolve():  # belt and braces: never write elsewhere
            return UploadResult(None, 0, error=f"{name!r}: not a usable file name.")
        target.write_bytes(content)
    db = root / "upload.duckdb"
    try:
        report = build([inputs], db, skip=set(SKIPPED_STAGES), use_cache=False)
    except Exception as exc:  # a reader bug must not take the page down
        return UploadResult(None, 0, error=f"The build failed: {type(exc).__name__}: {exc}")
    problems = [f"{p.severity}: {p}" for p in report.ingest.problems]
    n = len(report.ingest.papers)
    if n == 0:
        return UploadResult(None, 0, problems, error="No paper could be read from the upload.")
    return UploadResult(db, n, problems)
