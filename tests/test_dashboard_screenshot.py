"""scripts/screenshot.py runs from the base install: its DevTools client needs no tornado."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _load_script():
    path = ROOT / "scripts" / "screenshot.py"
    spec = importlib.util.spec_from_file_location("screenshot_script", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_devtools_client_talks_over_websockets_without_tornado(monkeypatch):
    from websockets.asyncio.server import serve

    monkeypatch.setitem(sys.modules, "tornado", None)  # "import tornado" now fails
    monkeypatch.setitem(sys.modules, "tornado.websocket", None)
    shot = _load_script()
    seen = []

    async def devtools(ws):  # answers like Chromium: an event first, then the reply by id
        async for msg in ws:
            call = json.loads(msg)
            seen.append(call["method"])
            await ws.send(json.dumps({"method": "Page.loadEventFired", "params": {}}))
            await ws.send(json.dumps({"id": call["id"], "result": {"echo": call["params"]}}))

    async def run():
        async with serve(devtools, "127.0.0.1", 0) as server:
            port = server.sockets[0].getsockname()[1]
            cdp = await shot._CDP.connect(f"ws://127.0.0.1:{port}")
            got = await cdp.call("Runtime.evaluate", expression="1 + 1")
            await cdp.viewport(900)
            await cdp.ws.close()
            return got

    assert asyncio.run(run()) == {"echo": {"expression": "1 + 1"}}
    assert seen == ["Runtime.evaluate", "Emulation.setDeviceMetricsOverride"]
    assert "tornado" not in (ROOT / "scripts" / "screenshot.py").read_text(encoding="utf-8")
