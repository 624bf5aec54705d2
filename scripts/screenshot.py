"""Screenshots of the dashboard's pages in headless Chromium, waiting in real time for each page.

    python scripts/screenshot.py --db data/paper_trends.duckdb --out /tmp/shots [PAGE ...]
    python scripts/screenshot.py --url http://127.0.0.1:8501 --out /tmp/shots trends papers
    python scripts/screenshot.py --db FILE --out /tmp/shots "trends?concept=speculative+decoding"

Starts Streamlit on ``--db`` (or uses a running app at ``--url``), opens each page (default:
all) in one headless Chromium through the DevTools protocol, waits until the app has stopped
running and its main block has not changed for ``--settle`` seconds, then saves
``PAGE.png`` (a page with a query string: its characters other than letters, digits, ``.``,
``-`` and ``_`` as ``_``; full page height, capped at 6,000 px). Prints, per page, the seconds
until the page settled and whether an exception box is shown.

``--screenshot`` with ``--virtual-time-budget`` (what ``tests/test_browser.py`` uses on the seeds)
captures a blank frame on a large database: virtual time does not wait for the websocket
round-trips of a run that takes seconds, so this script waits in real time instead.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from extract.cli import streamlit_command  # noqa: E402

PAGES = (
    "",
    "trends",
    "techniques",
    "model_sizes",
    "results",
    "leaderboards",
    "keywords",
    "emerging",
    "papers",
    "data",
)
# the app is done when its script has run (stApp's data-test-script-state goes "running" ->
# "notRunning"), its main block has text and no skeleton is left
_STATE_JS = """(() => {
  const main = document.querySelector('[data-testid="stMainBlockContainer"]');
  const app = document.querySelector('[data-testid="stApp"]');
  const skeleton = document.querySelector('[data-testid="stSkeleton"]');
  const exc = document.querySelector('[data-testid="stException"]');
  return JSON.stringify({
    main: main ? main.innerText.length : -1,
    script: app ? app.getAttribute('data-test-script-state') : null,
    skeleton: !!skeleton,
    exception: exc ? exc.innerText.slice(0, 300) : null,
    height: Math.max(document.body.scrollHeight,
                     main ? main.scrollHeight + 200 : 0),
  });
})()"""


def png_name(page: str) -> str:
    """The screenshot's file name: the page, characters of a query string other than letters,
    digits, ``.``, ``-`` and ``_`` as ``_`` (``overview`` for the main page)."""
    return f"{re.sub(r'[^A-Za-z0-9._-]', '_', page) or 'overview'}.png"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_http(url: str, timeout: float, proc: subprocess.Popen | None = None) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            pass
        if proc is not None and proc.poll() is not None:
            raise SystemExit(f"screenshot: process exited while waiting for {url}")
        time.sleep(0.3)
    raise SystemExit(f"screenshot: {url} did not answer within {timeout:.0f} s")


class _CDP:
    """A minimal DevTools-protocol client over the ``websockets`` client.

    ``websockets`` comes with the base install (Streamlit depends on it); this script needs
    nothing beyond it but a Chromium binary.
    """

    def __init__(self, ws) -> None:
        self.ws = ws
        self.next_id = 0

    @classmethod
    async def connect(cls, ws_url: str) -> _CDP:
        from websockets.asyncio.client import connect

        return cls(await connect(ws_url, max_size=256 * 1024 * 1024))

    async def call(self, method: str, **params) -> dict:
        self.next_id += 1
        my_id = self.next_id
        await self.ws.send(json.dumps({"id": my_id, "method": method, "params": params}))
        while True:
            try:
                msg = await self.ws.recv()
            except ConnectionClosed:
                raise SystemExit("screenshot: Chromium closed the DevTools connection") from None
            data = json.loads(msg)
            if data.get("id") == my_id:
                if "error" in data:
                    raise RuntimeError(f"{method}: {data['error']}")
                return data.get("result", {})

    async def viewport(self, height: int, width: int = 1400) -> None:
        """Size the page's viewport (CSS pixels, scale 1)."""
        await self.call(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=False,
        )


async def _shoot_all(
    cdp_port: int, base: str, pages: list[str], out: Path, settle: float, timeout: float
) -> list[tuple[str, float, str | None]]:
    with urllib.request.urlopen(f"http://127.0.0.1:{cdp_port}/json/list", timeout=5) as r:
        targets = [t for t in json.load(r) if t.get("type") == "page"]
    cdp = await _CDP.connect(targets[0]["webSocketDebuggerUrl"])
    await cdp.call("Page.enable")
    await cdp.viewport(1100)
    report = []
    for page in pages:
        t0 = time.time()
        await cdp.call("Page.navigate", url=f"{base}/{page}")
        last, since, state, ran = None, time.time(), {}, False
        while time.time() - t0 < timeout:
            await asyncio.sleep(0.25)
            res = await cdp.call("Runtime.evaluate", expression=_STATE_JS, returnByValue=True)
            state = json.loads(res["result"]["value"])
            ran = ran or state["script"] == "running"
            sig = (state["main"], state["script"], state["skeleton"])
            if sig != last:
                last, since = sig, time.time()
            elif (
                (ran or time.time() - t0 > 10)
                and state["script"] == "notRunning"
                and state["main"] > 0
                and not state["skeleton"]
                and time.time() - since >= settle
            ):
                break
        took = time.time() - t0 - settle
        height = int(min(max(state.get("height", 1100), 1100), 6000))
        await cdp.viewport(height)
        await asyncio.sleep(0.5)  # let charts re-layout at the new height
        shot = await cdp.call("Page.captureScreenshot", format="png")
        await cdp.viewport(1100)
        png = out / png_name(page)
        png.write_bytes(base64.b64decode(shot["data"]))
        report.append((page or "overview", took, state.get("exception")))
    await cdp.ws.close()
    return report


def _chromium() -> str:
    for p in ("/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser")):
        if p and Path(p).is_file():
            return p
    raise SystemExit("screenshot: Chromium not found (Debian: apt-get install -y chromium)")


def main(argv: list[str] | None = None) -> int:
    """Run the script; returns the exit status (1 when a page shows an exception)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pages", nargs="*", help=f"pages (default: all): {', '.join(PAGES[1:])}")
    ap.add_argument("--db", help="DuckDB file to serve (starts Streamlit)")
    ap.add_argument("--url", help="a running app instead of --db")
    ap.add_argument("--out", required=True, help="folder for the PNG files")
    ap.add_argument(
        "--settle", type=float, default=1.0, help="seconds without change after the run (1)"
    )
    ap.add_argument("--timeout", type=float, default=180.0, help="per page, seconds (180)")
    args = ap.parse_args(argv)
    if bool(args.db) == bool(args.url):
        ap.error("give exactly one of --db and --url")
    pages = [p.strip("/") for p in args.pages] or list(PAGES)
    unknown = [p for p in pages if p.split("?")[0] not in PAGES and p != "overview"]
    if unknown:
        ap.error(f"unknown page(s): {', '.join(unknown)}")
    pages = ["" if p == "overview" else p for p in pages]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    procs: list[subprocess.Popen] = []
    with tempfile.TemporaryDirectory(prefix="pt-shot-") as tmp:
        try:
            base = args.url
            if args.db:
                if not Path(args.db).is_file():
                    raise SystemExit(f"screenshot: no such database: {args.db}")
                port = _free_port()
                env = dict(os.environ, PAPER_TRENDS_DB=str(Path(args.db).resolve()))
                cmd = streamlit_command(
                    port, "--server.address", "127.0.0.1", "--server.fileWatcherType", "none"
                )
                log = open(Path(tmp) / "streamlit.log", "wb")  # noqa: SIM115 (closed with tmp)
                procs.append(subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=log))
                base = f"http://127.0.0.1:{port}"
                _wait_http(f"{base}/_stcore/health", 60, procs[-1])
            cdp_port = _free_port()
            procs.append(
                subprocess.Popen(
                    [
                        _chromium(),
                        "--headless",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--disable-dev-shm-usage",
                        "--hide-scrollbars",
                        "--no-first-run",
                        "--disable-background-networking",
                        "--disable-component-update",
                        f"--user-data-dir={Path(tmp) / 'profile'}",
                        f"--remote-debugging-port={cdp_port}",
                        "about:blank",
                    ],
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    # Chromium's singleton socket folder goes in tmp too, removed with it
                    env={**os.environ, "TMPDIR": tmp},
                )
            )
            _wait_http(f"http://127.0.0.1:{cdp_port}/json/version", 30, procs[-1])
            report = asyncio.run(
                _shoot_all(cdp_port, base.rstrip("/"), pages, out, args.settle, args.timeout)
            )
        finally:
            for p in reversed(procs):
                p.terminate()
                try:
                    p.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    p.kill()
    bad = 0
    for page, took, exc in report:
        status = "ok" if not exc else f"EXCEPTION: {exc.splitlines()[0]}"
        bad += bool(exc)
        print(f"{page:<14} settled after {took:5.1f} s  {status}  -> {out / png_name(page)}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
