"""``paper-trends fetch`` against a real HTTP server on 127.0.0.1 serving recorded files.

No test reaches the internet: every fetch goes to the local server through ``--mirror``, and a
guard refuses any other connection.
"""

import hashlib
import json
import shutil
import socket
from pathlib import Path

import pytest
from http_fixture import RecordedServer

from extract import fetch as fetch_mod
from extract import store
from extract.cli import main
from extract.fetch import FetchError, fetch, parse_source

SRC = Path(__file__).parent / "fixtures" / "sources"
COLM = (SRC / "paperlists" / "colm" / "colm2024.json").read_bytes()
ACL = (SRC / "anthology" / "2024.acl.xml").read_bytes()
NOTES = json.loads((SRC / "openreview" / "iclr2018_notes.json").read_text(encoding="utf-8"))[
    "notes"
]
LM = "Tue, 20 Aug 2024 10:00:00 GMT"


@pytest.fixture(autouse=True)
def only_localhost(monkeypatch):
    """Any connection to a host other than 127.0.0.1 fails the test."""
    real = socket.create_connection

    def guarded(address, *args, **kwargs):
        assert address[0] in ("127.0.0.1", "localhost"), f"test tried to reach {address}"
        return real(address, *args, **kwargs)

    monkeypatch.setattr(socket, "create_connection", guarded)


@pytest.fixture
def server():
    with RecordedServer() as rec:
        rec.put("/colm/colm2024.json", COLM, etag='"colm-v1"', last_modified=LM)
        rec.put("/2024.acl.xml", ACL, etag='"acl-v1"', last_modified=LM)
        rec.notes = NOTES
        yield rec


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _snapshot(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` (hidden ones too) with its hash."""
    return {str(p.relative_to(folder)): _sha(p) for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def seeds_copy(seeds_db, tmp_path):
    db = tmp_path / "db" / "papers.duckdb"
    db.parent.mkdir()
    shutil.copy(seeds_db, db)
    return db


# --- the "done when" ---------------------------------------------------------------------


def test_fetch_paperlists_with_mirror_and_add_puts_papers_with_authors_and_links(
    server, seeds_copy, tmp_path, capsys
):
    before = store.paper_count(seeds_copy)
    rc = main(
        [
            "fetch",
            "paperlists/colm2024",
            "--mirror",
            server.base,
            "--add",
            "--db",
            str(seeds_copy),
            "--cache",
            str(tmp_path / "raw"),
            "--no-keywords",
            "--quiet",
        ]
    )
    out, err = capsys.readouterr()
    assert rc == 0, err
    assert "paperlists/colm2024: downloaded" in out
    assert [r[0] for r in server.log] == ["/colm/colm2024.json"]
    papers = store.read_table(seeds_copy, "papers")
    assert len(papers) == before + 3
    colm = papers[papers["venue_label"] == "COLM 2024"].set_index("title")
    assert colm.loc["Effective Prompt Extraction from Language Models", "authors"] == (
        "Yiming Zhang; Nicholas Carlini; Daphne Ippolito"
    )
    assert colm.loc["Effective Prompt Extraction from Language Models", "url"] == (
        "https://openreview.net/forum?id=0o95CVdNuz"
    )
    assert (
        colm["authors"].notna().all()
        and colm["url"].str.startswith("https://openreview.net/").all()
    )
    cached = tmp_path / "raw" / "paperlists" / "colm2024.json"
    assert cached.read_bytes() == COLM
    manifest = json.loads((tmp_path / "raw" / ".manifest.json").read_text())
    entry = manifest["paperlists/colm2024"]
    assert entry["sha256"] == hashlib.sha256(COLM).hexdigest()
    assert (entry["url"], entry["etag"], entry["papers"]) == (
        f"{server.base}/colm/colm2024.json",
        '"colm-v1"',
        3,
    )
    sources = store.read_table(seeds_copy, "sources")
    assert set(sources.loc[sources["source"] == "colm2024.json", "format"]) == {"json"}


def test_add_without_a_database_builds_one(server, tmp_path, capsys):
    db = tmp_path / "new.duckdb"
    rc = main(
        [
            "fetch",
            "anthology/2024.acl",
            "--mirror",
            server.base,
            "--add",
            "--db",
            str(db),
            "--cache",
            str(tmp_path / "raw"),
            "--no-keywords",
            "--quiet",
        ]
    )
    assert rc == 0, capsys.readouterr().err
    papers = store.read_table(db, "papers")
    assert sorted(papers["url"]) == [
        "https://aclanthology.org/2024.acl-long.1/",
        "https://aclanthology.org/2024.acl-long.3/",
        "https://aclanthology.org/2024.acl-long.6/",
        "https://aclanthology.org/2024.acl-tutorials.6/",
    ]
    assert set(store.read_table(db, "sources")["format"]) == {"anthology"}


# --- revalidation and resuming -------------------------------------------------------------------


def test_second_fetch_sends_the_etag_and_a_304_keeps_the_file(server, tmp_path):
    first = fetch("paperlists/colm2024", cache=tmp_path, mirror=server.base)
    manifest = (tmp_path / ".manifest.json").read_bytes()
    second = fetch("paperlists/colm2024", cache=tmp_path, mirror=server.base)
    assert (first.status, second.status) == ("downloaded", "not modified")
    assert server.log[1][1].get("If-None-Match") == '"colm-v1"'
    assert second.path.read_bytes() == COLM and second.papers == 3
    assert (tmp_path / ".manifest.json").read_bytes() == manifest


def test_last_modified_alone_revalidates_too(server, tmp_path):
    server.put("/colm/colm2024.json", COLM, etag=None, last_modified=LM)
    fetch("paperlists/colm2024", cache=tmp_path, mirror=server.base)
    res = fetch("paperlists/colm2024", cache=tmp_path, mirror=server.base)
    assert res.status == "not modified"
    assert server.log[1][1].get("If-Modified-Since") == LM


def test_a_changed_remote_file_replaces_the_cached_one(server, tmp_path):
    fetch("paperlists/colm2024", cache=tmp_path, mirror=server.base)
    two = json.dumps(json.loads(COLM)[:2]).encode()
    server.put("/colm/colm2024.json", two, etag='"colm-v2"', last_modified=LM)
    res = fetch("paperlists/colm2024", cache=tmp_path, mirror=server.base)
    assert (res.status, res.papers) == ("downloaded", 2)
    entry = json.loads((tmp_path / ".manifest.json").read_text())["paperlists/colm2024"]
    assert (entry["etag"], entry["sha256"]) == ('"colm-v2"', hashlib.sha256(two).hexdigest())


def test_a_cached_file_edited_on_disk_is_downloaded_again(server, tmp_path):
    res = fetch("paperlists/colm2024", cache=tmp_path, mirror=server.base)
    res.path.write_bytes(b"[]")
    again = fetch("paperlists/colm2024", cache=tmp_path, mirror=server.base)
    assert again.status == "downloaded" and again.path.read_bytes() == COLM
    assert "If-None-Match" not in server.log[1][1]


def test_connection_dropped_mid_file_then_the_next_run_resumes_with_range(server, tmp_path, capsys):
    server.script["/2024.acl.xml"] = [("drop", 4000)]
    args = [
        "fetch",
        "anthology/2024.acl",
        "--mirror",
        server.base,
        "--cache",
        str(tmp_path),
        "--quiet",
    ]
    assert main(args) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert err.startswith("paper-trends: fetch anthology/2024.acl: download from ")
    assert "truncated: got 4000 of" in err and "run the same command again to resume" in err
    assert not (tmp_path / "anthology" / "2024.acl.xml").exists()
    assert not (tmp_path / ".manifest.json").exists()
    assert (tmp_path / "anthology" / ".2024.acl.xml.part").read_bytes() == ACL[:4000]

    assert main(args) == 0
    assert "anthology/2024.acl: resumed" in capsys.readouterr().out
    headers = server.log[-1][1]
    assert (headers["Range"], headers["If-Range"]) == ("bytes=4000-", '"acl-v1"')
    assert (tmp_path / "anthology" / "2024.acl.xml").read_bytes() == ACL
    assert not (tmp_path / "anthology" / ".2024.acl.xml.part").exists()
    entry = json.loads((tmp_path / ".manifest.json").read_text())["anthology/2024.acl"]
    assert (entry["sha256"], entry["papers"]) == (hashlib.sha256(ACL).hexdigest(), 4)


def test_a_partial_file_of_an_older_version_is_thrown_away(server, tmp_path):
    server.script["/2024.acl.xml"] = [("drop", 4000)]
    with pytest.raises(FetchError):
        fetch("anthology/2024.acl", cache=tmp_path, mirror=server.base)
    changed = ACL.replace(b"Quantized Side Tuning", b"Quantized Side-Tuning")
    server.put("/2024.acl.xml", changed, etag='"acl-v2"', last_modified=LM)
    res = fetch("anthology/2024.acl", cache=tmp_path, mirror=server.base)
    assert res.status == "downloaded"  # If-Range did not match: the server sent it all
    assert res.path.read_bytes() == changed


# --- failures leave the cache and the database unchanged ----------------------------------------


@pytest.mark.parametrize(
    "script,message",
    [
        ([("status", 404)], "HTTP 404 Not Found from http://127.0.0.1:"),
        ([("status", 500)], "HTTP 500 Internal Server Error from http://127.0.0.1:"),
        ([("drop", 1000)], "truncated: got 1000 of"),
        (
            [("body", b"<!DOCTYPE html><html><body>Rate limited</body></html>")],
            "unexpected schema: the file is not a paperlists JSON list of papers "
            "(it reads as text)",
        ),
        (
            [("body", b'[{"id": "x", "title": "A paper list without abstracts"}]')],
            "unexpected schema: a paperlists JSON list of papers without any paper that has "
            "an abstract",
        ),
    ],
)
def test_failures_are_one_line_and_change_neither_cache_nor_database(
    server, seeds_copy, tmp_path, capsys, script, message
):
    cache = tmp_path / "raw"
    assert fetch("paperlists/colm2024", cache=cache, mirror=server.base).status == "downloaded"
    server.put("/colm/colm2024.json", COLM, etag='"colm-v2"')  # a newer version upstream
    server.script["/colm/colm2024.json"] = list(script)
    cache_before, db_before = _snapshot(cache), _sha(seeds_copy)
    rc = main(
        [
            "fetch",
            "paperlists/colm2024",
            "--mirror",
            server.base,
            "--add",
            "--db",
            str(seeds_copy),
            "--cache",
            str(cache),
            "--no-keywords",
            "--quiet",
        ]
    )
    out, err = capsys.readouterr()
    assert rc == 1
    lines = err.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], err
    assert lines[0].startswith("paper-trends: fetch paperlists/colm2024: ")
    assert lines[0].endswith(f"; {seeds_copy} unchanged")
    assert _sha(seeds_copy) == db_before
    visible = {k: v for k, v in _snapshot(cache).items() if not Path(k).name.startswith(".colm")}
    assert visible == cache_before  # cached file and manifest as they were (a .part may wait)


def test_anthology_url_serving_json_is_an_unexpected_schema(server, tmp_path):
    server.put("/2024.acl.xml", COLM)
    with pytest.raises(
        FetchError,
        match=r"unexpected schema: the file is not ACL Anthology XML "
        r"\(it reads as json\)",
    ):
        fetch("anthology/2024.acl", cache=tmp_path, mirror=server.base)
    assert list(tmp_path.rglob("*.xml")) == []


def test_network_error_is_one_line(tmp_path, capsys):
    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    rc = main(
        [
            "fetch",
            "paperlists/colm2024",
            "--mirror",
            f"http://127.0.0.1:{port}",
            "--cache",
            str(tmp_path),
            "--quiet",
        ]
    )
    err = capsys.readouterr().err.strip()
    assert rc == 1 and len(err.splitlines()) == 1
    assert "network error for http://127.0.0.1:" in err and "refused" in err.lower()
    assert not [p for p in tmp_path.rglob("*") if p.is_file()]


def test_too_many_requests_waits_for_retry_after(server, tmp_path):
    server.script["/colm/colm2024.json"] = [("status", 429, {"Retry-After": "1"})]
    res = fetch("paperlists/colm2024", cache=tmp_path, mirror=server.base, delay=0)
    assert res.status == "downloaded"
    (_, _, t0), (_, _, t1) = server.log
    assert t1 - t0 >= 0.9


@pytest.mark.parametrize(
    "spec",
    [
        "paperlists/colm",
        "paperlists/../etc2024",
        "anthology/../../x",
        "github/foo",
        "openreview/",
        "openreview/ICLR.cc/../x",
    ],
)
def test_unknown_or_unsafe_sources_are_refused_before_any_request(spec, tmp_path, capsys):
    with pytest.raises(FetchError, match="source"):
        parse_source(spec)
    assert main(["fetch", spec, "--cache", str(tmp_path), "--quiet"]) == 1
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_mirror_must_be_http(tmp_path):
    with pytest.raises(FetchError, match="--mirror must be an http"):
        fetch("paperlists/colm2024", cache=tmp_path, mirror="file:///etc")


@pytest.mark.parametrize(
    "spec,url",
    [
        (
            "paperlists/iclr2025",
            "https://raw.githubusercontent.com/papercopilot/paperlists/main/iclr/iclr2025.json",
        ),
        (
            "anthology/2024.acl",
            "https://raw.githubusercontent.com/acl-org/acl-anthology/master/data/xml/2024.acl.xml",
        ),
        (
            "openreview/ICLR.cc/2025/Conference",
            "https://api2.openreview.net/notes?content.venueid=ICLR.cc%2F2025%2FConference&limit=1000&offset=0",
        ),
    ],
)
def test_default_addresses(spec, url):
    assert parse_source(spec).url() == url


# --- OpenReview paging ---------------------------------------------------------------------------


def test_openreview_pages_until_a_short_page_with_a_pause_between_requests(server, tmp_path):
    res = fetch(
        "openreview/ICLR.cc/2018/Conference",
        cache=tmp_path,
        mirror=server.base,
        delay=0.2,
        page_limit=2,
    )
    paths = [r[0] for r in server.log]
    assert paths == [
        "/notes?content.venueid=ICLR.cc%2F2018%2FConference&limit=2&offset=0",
        "/notes?content.venueid=ICLR.cc%2F2018%2FConference&limit=2&offset=2",
    ]
    assert server.log[1][2] - server.log[0][2] >= 0.2
    assert res.path == tmp_path / "openreview" / "ICLR.cc_2018_Conference.json"
    doc = json.loads(res.path.read_text(encoding="utf-8"))
    assert [n["id"] for n in doc["notes"]] == ["B1QRgziT-", "B14TlG-RW", "BJ8vJebC-"]
    assert doc["count"] == 3 and res.papers == 3
    entry = json.loads((tmp_path / ".manifest.json").read_text())[
        "openreview/ICLR.cc/2018/Conference"
    ]
    assert entry["sha256"] == _sha(res.path) and entry["notes"] == 3


def test_openreview_full_page_then_empty_page(server, tmp_path):
    res = fetch(
        "openreview/ICLR.cc/2018/Conference/Rejected_Submission",
        cache=tmp_path,
        mirror=server.base,
        delay=0,
        page_limit=1,
    )
    assert [r[0].rsplit("=", 1)[1] for r in server.log] == ["0", "1"]
    assert res.papers == 1


def test_openreview_unknown_venue_id_is_an_error_and_writes_nothing(server, tmp_path):
    with pytest.raises(FetchError, match="no notes for venue id 'ICLR.cc/2031/Conference'"):
        fetch("openreview/ICLR.cc/2031/Conference", cache=tmp_path, mirror=server.base, delay=0)
    assert not (tmp_path / ".manifest.json").exists()
    assert not list(tmp_path.rglob("*.json"))


def test_openreview_page_that_is_not_notes_is_an_unexpected_schema(server, tmp_path):
    server.script["/notes"] = [("body", b'{"error": "Not Found", "status": 404}')]
    with pytest.raises(FetchError, match='unexpected schema: the page .* has no "notes" list'):
        fetch("openreview/ICLR.cc/2018/Conference", cache=tmp_path, mirror=server.base, delay=0)


def test_openreview_error_on_a_later_page_keeps_the_previous_file(server, tmp_path):
    first = fetch(
        "openreview/ICLR.cc/2018/Conference",
        cache=tmp_path,
        mirror=server.base,
        delay=0,
        page_limit=2,
    )
    before = _snapshot(tmp_path)
    server.script["/notes"] = [
        ("body", json.dumps({"notes": NOTES[:2], "count": 3}).encode()),
        ("status", 502),
    ]
    with pytest.raises(FetchError, match="HTTP 502 Bad Gateway"):
        fetch(
            "openreview/ICLR.cc/2018/Conference",
            cache=tmp_path,
            mirror=server.base,
            delay=0,
            page_limit=2,
        )
    assert _snapshot(tmp_path) == before and first.path.is_file()


def test_progress_reports_bytes_up_to_the_total(server, tmp_path):
    seen = []
    fetch(
        "anthology/2024.acl",
        cache=tmp_path,
        mirror=server.base,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen[-1] == (len(ACL), len(ACL))
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_cached_files_build_as_a_folder(server, tmp_path, capsys):
    cache = tmp_path / "raw"
    fetch("paperlists/colm2024", cache=cache, mirror=server.base)
    fetch("anthology/2024.acl", cache=cache, mirror=server.base)
    fetch("openreview/ICLR.cc/2018/Conference", cache=cache, mirror=server.base, delay=0)
    db = tmp_path / "from_cache.duckdb"
    assert main(["build", str(cache), "--db", str(db), "--no-keywords", "--quiet"]) == 0, (
        capsys.readouterr().err
    )
    labels = store.read_table(db, "papers")["venue_label"].value_counts().to_dict()
    assert labels == {"ACL 2024": 4, "ICLR 2018": 3, "COLM 2024": 3}
    assert fetch_mod.MANIFEST.startswith(".")  # so `build` skips it
