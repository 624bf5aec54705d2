"""A real HTTP server on 127.0.0.1 serving recorded paper lists, for the fetch tests.

It serves files by path with ETag/Last-Modified validators (conditional GET -> 304) and byte
ranges (Range/If-Range -> 206), the OpenReview ``/notes`` API over recorded notes (filtered by
``content.venueid``, paged by ``offset``/``limit``), and, per path, scripted misbehaviour: an
HTTP error status, or a connection dropped after some bytes of the body.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit


@dataclass
class Recorded:
    """What the server holds and what it saw."""

    files: dict[str, dict] = field(default_factory=dict)  # path -> body, etag, last_modified
    notes: list[dict] = field(default_factory=list)  # OpenReview notes behind /notes
    # path -> list of scripted answers, used one per request: ("status", code, headers) or
    # ("drop", n_bytes) or ("body", bytes) (served instead of the file, with no validators)
    script: dict[str, list[tuple]] = field(default_factory=dict)
    log: list[tuple[str, dict[str, str], float]] = field(default_factory=list)
    base: str = ""

    def put(
        self, path: str, body: bytes, etag: str | None = None, last_modified: str | None = None
    ):
        self.files[path] = {"body": body, "etag": etag, "last_modified": last_modified}

    def requests(self, path_prefix: str = "") -> list[tuple[str, dict[str, str], float]]:
        return [r for r in self.log if r[0].startswith(path_prefix)]


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "recorded/1"

    def log_message(self, *args) -> None:  # keep test output clean
        pass

    def _send(self, code: int, body: bytes = b"", headers: dict | None = None) -> None:
        self.send_response(code)
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if body:
            self.wfile.write(body)

    def do_GET(self) -> None:  # noqa: N802 (http.server API)
        rec: Recorded = self.server.recorded  # type: ignore[attr-defined]
        url = urlsplit(self.path)
        rec.log.append((self.path, dict(self.headers), time.monotonic()))
        steps = rec.script.get(url.path)
        step = steps.pop(0) if steps else None
        if step and step[0] == "status":
            self._send(step[1], f"error {step[1]}\n".encode(), step[2] if len(step) > 2 else None)
            return
        if step and step[0] == "body":
            self._send(200, step[1], {"Content-Type": "application/octet-stream"})
            return
        if url.path == "/notes":
            self._notes(url.query)
            return
        f = rec.files.get(url.path)
        if f is None:
            self._send(404, b"Not Found\n")
            return
        body, etag, lm = f["body"], f["etag"], f["last_modified"]
        validators = {k: v for k, v in (("ETag", etag), ("Last-Modified", lm)) if v}
        inm, ims = self.headers.get("If-None-Match"), self.headers.get("If-Modified-Since")
        if (inm and etag and inm == etag) or (not inm and ims and lm and ims == lm):
            self._send(304, b"", validators)
            return
        rng, if_range = self.headers.get("Range"), self.headers.get("If-Range")
        if rng and (not if_range or if_range in (etag, lm)):
            start = int(rng.removeprefix("bytes=").split("-")[0])
            if start >= len(body):
                self._send(416, b"", {"Content-Range": f"bytes */{len(body)}"})
                return
            headers = {**validators, "Content-Range": f"bytes {start}-{len(body) - 1}/{len(body)}"}
            self._send(206, body[start:], headers)
            return
        if step and step[0] == "drop":
            self.send_response(200)
            for k, v in validators.items():
                self.send_header(k, v)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[: step[1]])
            self.wfile.flush()
            self.close_connection = True  # the rest never comes
            return
        self._send(200, body, validators)

    def _notes(self, query: str) -> None:
        rec: Recorded = self.server.recorded  # type: ignore[attr-defined]
        qs = parse_qs(query)
        venue_id = qs.get("content.venueid", [""])[0]
        offset, limit = int(qs.get("offset", ["0"])[0]), int(qs.get("limit", ["1000"])[0])
        hits = [n for n in rec.notes if n["content"]["venueid"]["value"] == venue_id]
        body = json.dumps({"notes": hits[offset : offset + limit], "count": len(hits)}).encode()
        self._send(200, body, {"Content-Type": "application/json; charset=utf-8"})


class RecordedServer:
    """``with RecordedServer() as rec:`` serves ``rec`` on ``rec.base`` until the block ends."""

    def __enter__(self) -> Recorded:
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self.httpd.daemon_threads = True
        self.httpd.recorded = Recorded()  # type: ignore[attr-defined]
        host, port = self.httpd.server_address[:2]
        self.httpd.recorded.base = f"http://{host}:{port}"  # type: ignore[attr-defined]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        return self.httpd.recorded  # type: ignore[attr-defined]

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=5)
