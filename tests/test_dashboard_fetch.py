"""Fetching a paper list from the Data page, and authors/links in the paper view (AppTest).

The fetch goes to a real HTTP server on 127.0.0.1 serving a recorded paperlists file.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("streamlit")
from http_fixture import RecordedServer  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

from dashboard.upload import build_fetched  # noqa: E402
from tests.conftest import database_env  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "streamlit_app.py"
COLM = ROOT / "tests" / "fixtures" / "sources" / "paperlists" / "colm" / "colm2024.json"
TIMEOUT = 90


@pytest.fixture(scope="module", autouse=True)
def seeds_env(seeds_db):
    with database_env(seeds_db):
        yield seeds_db


@pytest.fixture
def server():
    with RecordedServer() as rec:
        rec.put("/colm/colm2024.json", COLM.read_bytes(), etag='"colm"')
        yield rec


def test_build_fetched_reports_a_failed_fetch_in_one_line(server, tmp_path):
    res = build_fetched("paperlists/colm2025", tmp_path, mirror=server.base)
    assert res.db is None and res.papers == 0
    assert res.error == (
        f"Fetching paperlists/colm2025 failed: HTTP 404 Not Found from "
        f"{server.base}/colm/colm2025.json"
    )


def test_data_page_fetches_into_the_session_with_progress(server, tmp_path, monkeypatch, seeds_db):
    import dashboard.upload

    monkeypatch.setattr(dashboard.upload, "fetch_cache_dir", lambda db: tmp_path / "raw")
    seen = []
    real = dashboard.upload.build_fetched

    def spy(spec, cache, mirror=None, progress=None, delay=None):
        def tap(done, total):
            seen.append((done, total))
            progress(done, total)

        return real(spec, cache, mirror=mirror, progress=tap, delay=delay)

    monkeypatch.setattr(dashboard.upload, "build_fetched", spy)
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    at.run()
    at.switch_page("dashboard/app_pages/data.py").run()
    assert not at.exception, [e.value for e in at.exception]
    at.text_input(key="dt_fetch_src").input("paperlists/colm2024")
    at.text_input(key="dt_fetch_mirror").input(server.base).run()
    at.button(key="dt_fetch").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert any("Added 3 paper" in s.value for s in at.success), [e.value for e in at.error]
    assert seen and seen[-1] == (COLM.stat().st_size, COLM.stat().st_size)
    assert (tmp_path / "raw" / "paperlists" / "colm2024.json").read_bytes() == COLM.read_bytes()
    assert "COLM" in at.multiselect(key="venue").options

    # the sidebar search finds a paper by one of its authors
    at.text_input(key="q").input("Carlini").run()
    at.switch_page("dashboard/app_pages/papers.py").run()
    assert not at.exception, [e.value for e in at.exception]
    (listing,) = [df.value for df in at.dataframe if "authors" in df.value.columns]
    assert list(listing["title"]) == ["Effective Prompt Extraction from Language Models"]
    assert list(listing["url"]) == ["https://openreview.net/forum?id=0o95CVdNuz"]
    # the paper view: authors line and a link to the paper's page
    assert any(m.value == "Yiming Zhang, Nicholas Carlini, Daphne Ippolito" for m in at.markdown)
    links = at.get("link_button")
    assert [b.proto.url for b in links] == ["https://openreview.net/forum?id=0o95CVdNuz"]


def test_a_failed_fetch_shows_one_error_and_adds_nothing(server, tmp_path, monkeypatch):
    import dashboard.upload

    monkeypatch.setattr(dashboard.upload, "fetch_cache_dir", lambda db: tmp_path / "raw")
    server.script["/colm/colm2024.json"] = [("status", 500)]
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    at.run()
    at.switch_page("dashboard/app_pages/data.py").run()
    at.text_input(key="dt_fetch_src").input("paperlists/colm2024")
    at.text_input(key="dt_fetch_mirror").input(server.base).run()
    at.button(key="dt_fetch").click().run()
    assert not at.exception, [e.value for e in at.exception]
    from dashboard.ui import md_escape

    assert [e.value for e in at.error] == [
        md_escape(
            f"Fetching paperlists/colm2024 failed: HTTP 500 Internal Server Error from "
            f"{server.base}/colm/colm2024.json"
        )
    ]
    assert "COLM" not in at.multiselect(key="venue").options
