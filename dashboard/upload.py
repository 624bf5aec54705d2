"""Building a user's uploaded or fetched paper lists into a temporary database (in tempdir)."""

from __future__ import annotations

import re
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

MAX_UPLOAD_MB = 20
MAX_FETCH_MB = 200  # a fetched list is one conference-year; the largest are tens of MB
MAX_FILES = 20
SKIPPED_STAGES = ("keywords",)  # KeyBERT is too slow for an interactive upload
# the name of every upload's folder in tempdir starts so (dashboard.source deletes only these)
UPLOAD_PREFIX = "paper-trends-upload-"


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
    was read, with every build problem listed, and the temp folder is then removed.
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
    root = Path(tempfile.mkdtemp(prefix=UPLOAD_PREFIX))
    result = _build_in(root, files)
    if result.db is None:  # nothing to show: leave nothing behind in tempdir
        shutil.rmtree(root, ignore_errors=True)
    return result


def _build_in(root: Path, files: list[tuple[str, bytes]]) -> UploadResult:
    """Write ``files`` into ``root/inputs`` and build them into ``root/upload.duckdb``."""
    from extract.pipeline import build

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


def fetch_cache_dir(db: Path) -> Path:
    """Where the app keeps fetched files: ``raw/`` beside the database, else in tempdir.

    Beside the default database ``data/paper_trends.duckdb`` that is the CLI's ``data/raw/``.
    """
    folder = Path(db).resolve().parent / "raw"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".probe-"):
            pass
        return folder
    except OSError:
        return Path(tempfile.gettempdir()) / "paper-trends-raw"


def build_fetched(
    spec: str,
    cache: Path,
    mirror: str | None = None,
    progress=None,
    delay: float | None = None,
) -> UploadResult:
    """Fetch ``spec`` (``paperlists/iclr2025``, ...) into ``cache`` and build it like an upload.

    Args:
        spec: The source, as for ``paper-trends fetch``.
        cache: The cache folder (see :func:`fetch_cache_dir`).
        mirror: A base URL replacing the source's public one.
        progress: Called with (bytes or notes so far, total or None) while downloading.
        delay: Seconds between OpenReview requests (default: ``extract.fetch.DEFAULT_DELAY``).

    Returns:
        An :class:`UploadResult`; ``error`` is the fetch's one-line message when it failed.
    """
    from extract.fetch import DEFAULT_DELAY, FetchError, fetch

    try:
        res = fetch(
            spec,
            cache=cache,
            mirror=mirror,
            progress=progress,
            delay=DEFAULT_DELAY if delay is None else delay,
        )
    except FetchError as exc:
        return UploadResult(None, 0, error=f"Fetching {spec} failed: {exc}")
    return build_upload([(res.path.name, res.path.read_bytes())], max_mb=MAX_FETCH_MB)
