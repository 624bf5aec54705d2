"""Download paper lists from their public sources into a local cache (``paper-trends fetch``).

This is the only module that uses the network, and only when asked. A SOURCE is one of::

    paperlists/<conf><year>     BASE/<conf>/<conf><year>.json   (papercopilot/paperlists)
    anthology/<collection>      BASE/<collection>.xml           (acl-org/acl-anthology data/xml)
    openreview/<venue-id>       BASE/notes?content.venueid=<venue-id>&limit=1000&offset=N

Files land in a cache folder (default ``data/raw/``) under ``<kind>/``, with ``.manifest.json``
recording for each source its URL, file, size, SHA-256, ETag/Last-Modified and paper count.
A file already in the cache is revalidated with a conditional GET (304 keeps it); an
interrupted download continues from its hidden ``.<name>.part`` file with a Range request.
Hidden bookkeeping files are skipped by ``paper-trends build data/raw``. OpenReview pages
are fetched one after another with a pause between requests (``delay``) and stored together
as one ``{"notes": [...], "count": N}`` file.

Every download goes to a temporary ``.part`` file that is checked (complete, and readable as
the expected format with at least one paper) before it is renamed over the cached file, so a
failure of any kind leaves the previous file and the manifest as they were.
"""

from __future__ import annotations

import hashlib
import http.client
import io
import json
import os
import re
import socket
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from extract.readers import anthology as anthology_reader
from extract.readers import decode, detect_format, jsonfmt
from extract.readers import openreview as openreview_reader
from extract.records import InputError

DEFAULT_CACHE = Path("data/raw")
MANIFEST = ".manifest.json"  # hidden, so `paper-trends build data/raw` skips it
DEFAULT_BASES = {
    "paperlists": "https://raw.githubusercontent.com/papercopilot/paperlists/main",
    "anthology": "https://raw.githubusercontent.com/acl-org/acl-anthology/master/data/xml",
    "openreview": "https://api2.openreview.net",
}
PAGE_LIMIT = 1000  # the OpenReview API's largest page
MAX_PAGES = 500
DEFAULT_DELAY = 1.0  # seconds between OpenReview requests
TIMEOUT = 60.0
CHUNK = 1 << 16
MAX_RETRY_AFTER = 60.0
USER_AGENT = "paper-trends/0.1 (fetch; cached, one request at a time)"
USAGE = "use paperlists/<conf><year>, anthology/<collection> or openreview/<venue-id>"

# what each kind's file must read as, and how the error names it
_EXPECTED = {
    "paperlists": ("json", "a paperlists JSON list of papers"),
    "anthology": ("anthology", "ACL Anthology XML"),
    "openreview": ("openreview", "OpenReview notes JSON"),
}
_READERS = {
    "json": jsonfmt.read_json,
    "anthology": anthology_reader.read,
    "openreview": openreview_reader.read,
}

Progress = Callable[[int, int | None], None]  # (bytes or notes so far, total or None)


class FetchError(Exception):
    """A source could not be fetched; the message is one line. Nothing in the cache changed."""


@dataclass(frozen=True)
class Source:
    """One paper list at its public source."""

    kind: str  # paperlists | anthology | openreview
    name: str  # colm2024 | 2024.acl | ICLR.cc/2025/Conference

    @property
    def spec(self) -> str:
        """``paperlists/colm2024`` (what the user typed)."""
        return f"{self.kind}/{self.name}"

    @property
    def cache_name(self) -> str:
        """Path of the cached file inside the cache folder (keeps the venue-year file name)."""
        if self.kind == "paperlists":
            return f"paperlists/{self.name}.json"
        if self.kind == "anthology":
            return f"anthology/{self.name}.xml"
        return "openreview/" + re.sub(r"[^A-Za-z0-9.-]+", "_", self.name) + ".json"

    def url(self, base: str | None = None, offset: int = 0, limit: int = PAGE_LIMIT) -> str:
        """The address to download (for OpenReview, of the page starting at ``offset``)."""
        base = (base or DEFAULT_BASES[self.kind]).rstrip("/")
        if self.kind == "paperlists":
            conf = re.match(r"[a-z]+", self.name).group(0)  # type: ignore[union-attr]
            return f"{base}/{conf}/{self.name}.json"
        if self.kind == "anthology":
            return f"{base}/{self.name}.xml"
        query = urllib.parse.urlencode(
            {"content.venueid": self.name, "limit": limit, "offset": offset}
        )
        return f"{base}/notes?{query}"


def parse_source(spec: str) -> Source:
    """``"paperlists/iclr2025"`` -> :class:`Source`.

    Raises:
        FetchError: not a source this command knows.
    """
    kind, _, name = spec.strip().partition("/")
    kind = kind.lower()
    ok = {
        "paperlists": r"[a-z]+(?:19|20)\d\d",
        "anthology": r"[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*",
        "openreview": r"[A-Za-z0-9][A-Za-z0-9._-]*(?:/[A-Za-z0-9._-]+)*",
    }.get(kind)
    if kind == "paperlists":
        name = name.lower()
    if not ok:
        raise FetchError(f"unknown source {spec!r}; {USAGE}")
    if not re.fullmatch(ok, name) or ".." in name:
        example = {"paperlists": "<conf><year>, e.g. paperlists/iclr2025",
                   "anthology": "<collection>, e.g. anthology/2024.acl",
                   "openreview": "<venue-id>, e.g. openreview/ICLR.cc/2025/Conference"}[kind]
        raise FetchError(f"unknown source {spec!r}; expected {kind}/{example}")
    return Source(kind, name)


@dataclass
class FetchResult:
    """What fetching one source did."""

    source: Source
    path: Path
    status: str  # "downloaded", "resumed", "not modified"
    bytes: int
    papers: int
    sha256: str


# --- cache and manifest --------------------------------------------------------------------------


def read_manifest(cache: Path) -> dict[str, Any]:
    """The manifest of ``cache`` (empty when missing or unreadable)."""
    try:
        data = json.loads((cache / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


# --- HTTP ----------------------------------------------------------------------------------------


def _http_error(exc: urllib.error.HTTPError, url: str) -> FetchError:
    reason = " ".join(str(exc.reason or "").split()) or http.client.responses.get(exc.code, "")
    return FetchError(f"HTTP {exc.code} {reason} from {url}".replace("  ", " "))


def _network_error(exc: BaseException, url: str) -> FetchError:
    reason = getattr(exc, "reason", None) or exc
    if isinstance(reason, socket.timeout) or isinstance(exc, TimeoutError):
        reason = f"timed out after {TIMEOUT:.0f} s"
    text = " ".join(str(reason).split()) or type(exc).__name__
    return FetchError(f"network error for {url}: {text}")


def _open(url: str, headers: dict[str, str], delay: float, retries: int = 3):
    """``urlopen`` with a User-Agent; HTTP 429/503 with Retry-After are waited for and retried.

    Returns the response, or the ``HTTPError`` for 304 and 416 (answers to conditional and
    range requests, which the caller handles).

    Raises:
        FetchError: network error or HTTP 4xx/5xx.
    """
    req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT, **headers})
    for attempt in range(retries + 1):
        try:
            return urllib.request.urlopen(req, timeout=TIMEOUT)
        except urllib.error.HTTPError as exc:
            if exc.code in (304, 416):
                return exc
            wait = exc.headers.get("Retry-After") if exc.headers else None
            if exc.code in (429, 503) and attempt < retries and wait and wait.strip().isdigit():
                exc.close()
                time.sleep(min(float(wait), MAX_RETRY_AFTER) + delay)
                continue
            raise _http_error(exc, url) from None
        except (urllib.error.URLError, OSError, http.client.HTTPException, ValueError) as exc:
            raise _network_error(exc, url) from None
    raise AssertionError("unreachable")


def _content_length(resp) -> int | None:
    value = resp.headers.get("Content-Length")
    return int(value) if value and value.strip().isdigit() else None


def _stream(resp, fh, url: str, progress: Progress | None, done: int, total: int | None) -> int:
    """Copy the body of ``resp`` into ``fh``; returns the bytes written.

    Raises:
        FetchError: the connection dropped or the body is shorter than its Content-Length.
    """
    expected = _content_length(resp)
    got = 0
    try:
        while True:
            block = resp.read(CHUNK)
            if not block:
                break
            fh.write(block)
            got += len(block)
            if progress:
                progress(done + got, total)
    except (OSError, http.client.HTTPException) as exc:
        fh.flush()
        detail = " ".join(str(exc).split()) or type(exc).__name__
        raise FetchError(
            f"download from {url} cut off after {done + got} bytes ({detail}); run the same "
            "command again to resume"
        ) from None
    fh.flush()
    if expected is not None and got < expected:
        raise FetchError(
            f"download from {url} truncated: got {got} of {expected} bytes; run the same "
            "command again to resume"
        )
    return got


# --- validation ----------------------------------------------------------------------------------


def validate(data: bytes, source: Source, final: Path) -> int:
    """Check that ``data`` is a paper list of the expected kind; returns its number of papers.

    Raises:
        FetchError: "unexpected schema": the file does not read as the expected format or
            holds no paper with an abstract.
    """
    fmt, what = _EXPECTED[source.kind]
    try:
        text, _ = decode(data)
        found = detect_format(text, final)
        if found != fmt:
            raise FetchError(f"unexpected schema: the file is not {what} (it reads as {found})")
        records, _ = _READERS[fmt](text, source.spec, final)
    except InputError as exc:
        raise FetchError(f"unexpected schema: {exc}") from None
    except RecursionError:
        raise FetchError("unexpected schema: nested too deeply to read") from None
    if not records:
        raise FetchError(f"unexpected schema: {what} without any paper that has an abstract")
    return len(records)


# --- one file (paperlists, Anthology) -----------------------------------------------------------


def _fetch_file(
    source: Source, cache: Path, base: str | None, progress: Progress | None, delay: float
) -> FetchResult:
    url = source.url(base)
    final = cache / source.cache_name
    part = final.with_name(f".{final.name}.part")
    part_meta = final.with_name(f".{final.name}.part.json")
    final.parent.mkdir(parents=True, exist_ok=True)
    entry = read_manifest(cache).get(source.spec) or {}

    headers: dict[str, str] = {}
    offset = 0
    meta: dict[str, Any] = {}
    if part.is_file() and part.stat().st_size and part_meta.is_file():
        try:
            meta = json.loads(part_meta.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            meta = {}
        if meta.get("url") == url and (meta.get("etag") or meta.get("last_modified")):
            offset = part.stat().st_size
            headers["Range"] = f"bytes={offset}-"
            headers["If-Range"] = meta.get("etag") or meta["last_modified"]
    if not offset and final.is_file() and entry.get("url") == url:
        if entry.get("sha256") == _sha256(final):  # never revalidate a file changed on disk
            if entry.get("etag"):
                headers["If-None-Match"] = entry["etag"]
            if entry.get("last_modified"):
                headers["If-Modified-Since"] = entry["last_modified"]

    resp = _open(url, headers, delay)
    if isinstance(resp, urllib.error.HTTPError) and resp.code == 416 and offset:
        resp.close()  # the partial file does not fit the remote one: start again
        part.unlink(missing_ok=True)
        part_meta.unlink(missing_ok=True)
        return _fetch_file(source, cache, base, progress, delay)
    if isinstance(resp, urllib.error.HTTPError):
        resp.close()
        if resp.code != 304 or not final.is_file():
            raise FetchError(f"HTTP {resp.code} {resp.reason} from {url}")
        return FetchResult(source, final, "not modified", final.stat().st_size,
                           int(entry.get("papers") or 0), entry.get("sha256", ""))
    with resp:
        status = "resumed" if resp.status == 206 and offset else "downloaded"
        if resp.status == 206:
            m = re.match(r"bytes (\d+)-", resp.headers.get("Content-Range") or "")
            if not offset or not m or int(m.group(1)) != offset:
                raise FetchError(f"server answered a range that was not asked for from {url}")
        else:
            offset = 0
        length = _content_length(resp)
        total = offset + length if length is not None else None
        validators = {"url": url, "etag": resp.headers.get("ETag"),
                      "last_modified": resp.headers.get("Last-Modified")}
        part_meta.write_text(json.dumps(validators), encoding="utf-8")
        with open(part, "ab" if offset else "wb") as fh:
            _stream(resp, fh, url, progress, offset, total)
    data = part.read_bytes()
    try:
        papers = validate(data, source, final)
    except FetchError:
        part.unlink(missing_ok=True)  # complete but unusable: nothing to resume
        part_meta.unlink(missing_ok=True)
        raise
    digest = hashlib.sha256(data).hexdigest()
    os.replace(part, final)
    part_meta.unlink(missing_ok=True)
    _record(cache, source, {
        "url": url, "file": source.cache_name, "bytes": len(data), "sha256": digest,
        "etag": validators["etag"], "last_modified": validators["last_modified"],
        "papers": papers, "fetched": _now(),
    })
    return FetchResult(source, final, status, len(data), papers, digest)


def _record(cache: Path, source: Source, entry: dict[str, Any]) -> None:
    manifest = read_manifest(cache)
    manifest[source.spec] = {k: v for k, v in entry.items() if v is not None}
    body = json.dumps(manifest, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    _write_atomic(cache / MANIFEST, body.encode("utf-8"))


# --- OpenReview pages ----------------------------------------------------------------------------


def _fetch_openreview(
    source: Source,
    cache: Path,
    base: str | None,
    progress: Progress | None,
    delay: float,
    limit: int,
) -> FetchResult:
    final = cache / source.cache_name
    final.parent.mkdir(parents=True, exist_ok=True)
    notes: list[Any] = []
    total: int | None = None
    for page in range(MAX_PAGES):
        if page:
            time.sleep(delay)  # be polite to the API
        url = source.url(base, offset=len(notes), limit=limit)
        resp = _open(url, {"Accept": "application/json"}, delay)
        if isinstance(resp, urllib.error.HTTPError):
            resp.close()
            raise FetchError(f"HTTP {resp.code} {resp.reason} from {url}")
        with resp:
            buf = io.BytesIO()
            _stream(resp, buf, url, None, 0, None)
        try:
            doc = json.loads(buf.getvalue().decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise FetchError(f"unexpected schema: the page {url} is not JSON") from None
        batch = doc.get("notes") if isinstance(doc, dict) else None
        if not isinstance(batch, list):
            raise FetchError(f'unexpected schema: the page {url} has no "notes" list')
        if isinstance(doc.get("count"), int):
            total = doc["count"]
        notes.extend(batch)
        if progress:
            progress(len(notes), total)
        if len(batch) < limit:
            break
    else:
        raise FetchError(f"more than {MAX_PAGES} pages of notes for {source.name}; stopped")
    if not notes:
        raise FetchError(f"no notes for venue id {source.name!r} (check the id, e.g. "
                         "ICLR.cc/2025/Conference)")
    data = (json.dumps({"notes": notes, "count": len(notes)}, ensure_ascii=False) + "\n").encode()
    papers = validate(data, source, final)
    digest = hashlib.sha256(data).hexdigest()
    _write_atomic(final, data)
    _record(cache, source, {
        "url": source.url(base, offset=0, limit=limit), "file": source.cache_name,
        "bytes": len(data), "sha256": digest, "notes": len(notes), "papers": papers,
        "fetched": _now(),
    })
    return FetchResult(source, final, "downloaded", len(data), papers, digest)


# --- entry point ---------------------------------------------------------------------------------


def fetch(
    spec: str | Source,
    cache: str | Path = DEFAULT_CACHE,
    mirror: str | None = None,
    progress: Progress | None = None,
    delay: float = DEFAULT_DELAY,
    page_limit: int = PAGE_LIMIT,
) -> FetchResult:
    """Download one source into ``cache`` (or confirm the cached copy is current).

    Args:
        spec: ``paperlists/<conf><year>``, ``anthology/<collection>`` or
            ``openreview/<venue-id>`` (or a parsed :class:`Source`).
        cache: The cache folder; files go to ``<cache>/<kind>/``, the manifest to
            ``<cache>/manifest.json``.
        mirror: A base URL replacing the source's public one.
        progress: Called with (bytes or notes so far, total or None) while downloading.
        delay: Seconds to wait between OpenReview requests.
        page_limit: Notes per OpenReview page.

    Returns:
        A :class:`FetchResult`.

    Raises:
        FetchError: one line; the cached file and the manifest are unchanged.
    """
    source = spec if isinstance(spec, Source) else parse_source(spec)
    if mirror is not None and not re.match(r"https?://[^/\s]+", mirror, re.IGNORECASE):
        raise FetchError(f"--mirror must be an http(s):// address, not {mirror!r}")
    cache = Path(cache)
    if cache.exists() and not cache.is_dir():
        raise FetchError(f"cache {cache} is a file, not a folder")
    try:
        cache.mkdir(parents=True, exist_ok=True)
        if source.kind == "openreview":
            return _fetch_openreview(source, cache, mirror, progress, delay, page_limit)
        return _fetch_file(source, cache, mirror, progress, delay)
    except PermissionError as exc:
        raise FetchError(f"cannot write the cache {cache}: {exc.strerror or exc}") from None


def tqdm_progress(desc: str, enabled: bool = True, unit: str = "B"):
    """A tqdm bar on stderr as a :data:`Progress` callback; call ``.close()`` when done."""
    from tqdm.auto import tqdm

    bar = tqdm(desc=desc, unit=unit, unit_scale=unit == "B", file=sys.stderr, leave=False,
               disable=None if enabled else True)

    def update(done: int, total: int | None) -> None:
        if total is not None and bar.total != total:
            bar.total = total
        bar.update(done - bar.n)

    update.close = bar.close  # type: ignore[attr-defined]
    return update
