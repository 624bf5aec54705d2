"""Never lose a database: failed builds leave it byte-identical; user errors are one line."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from extract import store
from extract.cli import main
from tests.conftest import ROOT, SEEDS

FIX = Path(__file__).parent / "fixtures"
GOOD = FIX / "icml2025.json"
SEED_ACL = next(SEEDS.glob("000_*"))  # 19 ACL 2025 papers
SEED_OTHERS = sorted(p for p in SEEDS.iterdir() if not p.name.startswith("000_"))


@pytest.fixture()
def live_db(tmp_path, seeds_db) -> Path:
    """A copy of the 48-paper seeds database that each test may try to damage."""
    db = tmp_path / "live.duckdb"
    shutil.copy(seeds_db, db)
    return db


def _bad_inputs(tmp: Path) -> dict[str, list[str]]:
    (tmp / "empty_dir").mkdir()
    (tmp / "binary.bin").write_bytes(bytes(range(256)) * 4)
    (tmp / "paper.pdf").write_bytes(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\x00endobj")
    (tmp / "noabs.csv").write_text("title,venue\nA study,ACL\n", encoding="utf-8")
    (tmp / "object.json").write_text('{"name": "not a list of papers", "count": 3}', encoding="utf-8")
    return {
        "typo": [str(tmp / "does_not_exist.json")],
        "binary": [str(tmp / "binary.bin")],
        "pdf": [str(tmp / "paper.pdf")],
        "empty dir": [str(tmp / "empty_dir")],
        "csv without abstract": [str(tmp / "noabs.csv")],
        "json object": [str(tmp / "object.json")],
        "good + binary": [str(SEED_ACL), str(tmp / "binary.bin")],
    }


CASES = ["typo", "binary", "pdf", "empty dir", "csv without abstract", "json object", "good + binary"]
EXPECTED = {
    "typo": "does_not_exist.json: no such file or directory",
    "binary": "binary.bin: binary file",
    "pdf": "paper.pdf: binary file",
    "empty dir": "empty_dir: no input files under",
    "csv without abstract": "noabs.csv: line 1: CSV header has no 'abstract' column",
    "json object": "object.json: JSON holds no list of paper records",
    "good + binary": "binary.bin: binary file",
}


@pytest.mark.parametrize("case", CASES)
def test_a_build_with_a_skipped_input_leaves_the_database_byte_identical(live_db, tmp_path, case, capsys):
    before = live_db.read_bytes()
    paths = _bad_inputs(tmp_path)[case]
    rc = main(["build", *paths, "--db", str(live_db), "--quiet", "--no-keywords"])
    captured = capsys.readouterr()
    assert rc == 1
    assert live_db.read_bytes() == before
    assert store.paper_count(live_db) == 48
    assert captured.out == ""  # no "Built ..." report: nothing was built
    lines = captured.err.strip().splitlines()
    assert any(EXPECTED[case] in line and line.startswith("paper-trends: skipped ") for line in lines), lines
    assert lines[-1].startswith(f"paper-trends: {live_db} left unchanged") and "--keep-going" in lines[-1]
    assert "Traceback" not in captured.err


def test_keep_going_writes_what_could_be_read(live_db, tmp_path, capsys):
    paths = _bad_inputs(tmp_path)["good + binary"]
    rc = main(["build", *paths, "--db", str(live_db), "--quiet", "--no-keywords", "--keep-going"])
    captured = capsys.readouterr()
    assert rc == 1  # an input was still skipped
    assert store.paper_count(live_db) == 19
    assert captured.out.startswith(f"Built {live_db}: 19 papers")
    assert "paper-trends: skipped binary.bin: binary file" in captured.err


def test_zero_papers_never_replace_a_database_that_has_papers(live_db, tmp_path, capsys):
    before = live_db.read_bytes()
    bad = _bad_inputs(tmp_path)["binary"]
    assert main(["build", *bad, "--db", str(live_db), "--quiet", "--no-keywords", "--keep-going"]) == 1
    assert live_db.read_bytes() == before
    assert "no papers were read, and" in capsys.readouterr().err
    # a notes file with no abstracts reads fine but yields no paper: refused as well
    notes = tmp_path / "notes.txt"
    notes.write_text("Reading list\n\nto do", encoding="utf-8")
    assert main(["build", str(notes), "--db", str(live_db), "--quiet", "--no-keywords", "--keep-going"]) == 1
    assert live_db.read_bytes() == before


def test_db_that_is_a_folder_is_refused_before_extraction(tmp_path, capsys):
    folder = tmp_path / "dbdir"
    folder.mkdir()
    assert main(["build", str(SEED_ACL), "--db", str(folder), "--quiet", "--no-keywords"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "dbdir: is a folder" in err
    assert list(folder.iterdir()) == []


def test_db_in_a_path_that_cannot_be_created_is_refused_before_extraction(tmp_path, capsys, monkeypatch):
    blocker = tmp_path / "file.txt"
    blocker.write_text("x", encoding="utf-8")
    calls = []
    import extract.pipeline as pipeline

    monkeypatch.setattr(pipeline, "ingest", lambda *a, **k: calls.append(a))
    assert main(["build", str(SEED_ACL), "--db", str(blocker / "sub" / "db.duckdb"), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "cannot write the database" in err and "file.txt is a file, not a folder" in err
    assert calls == []  # checked before reading any input


def test_an_existing_file_that_is_not_a_database_is_never_overwritten(tmp_path, capsys):
    csv = tmp_path / "papers.csv"
    csv.write_text("title,abstract\nA,B\n", encoding="utf-8")
    assert main(["build", str(SEED_ACL), "--db", str(csv), "--quiet", "--no-keywords"]) == 2
    assert "exists and is not a DuckDB database; refusing to overwrite it" in capsys.readouterr().err
    assert csv.read_text(encoding="utf-8") == "title,abstract\nA,B\n"


def test_info_on_a_csv_says_it_is_not_a_database(tmp_path, capsys):
    csv = tmp_path / "x.csv"
    csv.write_text("a,b\n1,2\n", encoding="utf-8")
    assert main(["info", "--db", str(csv)]) == 2
    err = capsys.readouterr().err
    assert err == f"paper-trends: {csv}: not a DuckDB database (pass the .duckdb file `paper-trends build` wrote)\n"


def test_export_to_an_existing_file_is_one_line(seeds_db, tmp_path, capsys):
    target = tmp_path / "out.csv"
    target.write_text("keep me", encoding="utf-8")
    assert main(["export", "--db", str(seeds_db), "--format", "csv", "--out", str(target)]) == 2
    assert capsys.readouterr().err == (
        f"paper-trends: {target}: exists and is not a folder; pass --out FOLDER (one file per table)\n"
    )
    assert target.read_text(encoding="utf-8") == "keep me"


def test_export_to_an_unwritable_place_is_one_line(seeds_db, tmp_path, capsys):
    blocker = tmp_path / "file.txt"
    blocker.write_text("x", encoding="utf-8")
    assert main(["export", "--db", str(seeds_db), "--format", "csv", "--out", str(blocker / "out")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot write the export" in err


def test_export_without_a_database_creates_no_folder(tmp_path, capsys):
    out = tmp_path / "exports"
    assert main(["export", "--db", str(tmp_path / "missing.duckdb"), "--format", "json", "--out", str(out)]) == 2
    assert "no database here; run `paper-trends build` first" in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.parametrize(
    "argv",
    [
        ["build", "nope.json"],
        ["info"],
        ["export", "--format", "csv", "--out", "OUT"],
        ["add", "nope.json"],
        ["remove", "--source", "*.json"],
    ],
)
def test_user_errors_never_print_a_traceback(tmp_path, argv):
    db = tmp_path / "x.csv"
    db.write_text("a,b\n", encoding="utf-8")
    argv = [a.replace("OUT", str(tmp_path / "o")) for a in argv]
    proc = subprocess.run([sys.executable, "-m", "extract.cli", *argv, "--db", str(db)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode in (1, 2)
    assert "Traceback" not in proc.stderr
    assert proc.stderr.startswith("paper-trends: ")
    assert db.read_text(encoding="utf-8") == "a,b\n"


# --- add and remove ----------------------------------------------------------------------------


def test_add_merges_new_papers_and_extracts_only_them(tmp_path, capsys):
    db = tmp_path / "db.duckdb"
    assert main(["build", str(SEED_ACL), "--db", str(db), "--quiet", "--no-keywords"]) == 0
    capsys.readouterr()
    from extract.pipeline import build

    report = build([str(p) for p in SEED_OTHERS], db, skip={"keywords"}, add=True)
    assert report.written
    assert len(report.ingest.papers) == 48
    methods = next(s for s in report.stages if s.name == "methods")
    # 29 new papers, plus one ACL paper whose merged copy now has the title another seed gives
    # it: names read titles, so its methods are re-extracted too
    assert (methods.extracted, methods.reused) == (30, 18)
    # adding the same files again: nothing new, nothing extracted, no duplicate sources
    sources_before = len(store.read_table(db, "sources"))
    assert main(["add", *map(str, SEED_OTHERS), "--db", str(db), "--quiet", "--no-keywords"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Added to {db}: 0 new papers")
    assert "(0 extracted, 48 cached" in out
    assert len(store.read_table(db, "sources")) == sources_before
    # the result equals a fresh build of all three files
    fresh = tmp_path / "fresh.duckdb"
    build([SEEDS], fresh, skip={"keywords"})
    for table in ("papers", "methods", "metrics"):
        a = store.read_table(db, table).sort_values(list(store.read_table(db, table).columns)[:2])
        b = store.read_table(fresh, table).sort_values(list(a.columns)[:2])
        assert len(a) > 0
        assert sorted(a["paper_id"]) == sorted(b["paper_id"]), table


def test_add_needs_an_existing_database(tmp_path, capsys):
    assert main(["add", str(SEED_ACL), "--db", str(tmp_path / "none.duckdb"), "--quiet"]) == 2
    assert "no database here" in capsys.readouterr().err
    assert not (tmp_path / "none.duckdb").exists()


def test_add_with_a_bad_input_leaves_the_database_unchanged(live_db, tmp_path, capsys):
    before = live_db.read_bytes()
    bad = _bad_inputs(tmp_path)["binary"]
    assert main(["add", *bad, "--db", str(live_db), "--quiet", "--no-keywords"]) == 1
    assert live_db.read_bytes() == before


def test_remove_drops_papers_found_only_in_matching_sources(live_db, capsys):
    papers = store.read_table(live_db, "papers")
    sources = store.read_table(live_db, "sources")
    only_003 = set(sources.groupby("paper_id")["source"].agg(lambda s: all(x.startswith("003_") for x in s))
                   .loc[lambda s: s].index)
    assert only_003  # the scraped page has papers of its own
    assert main(["remove", "--source", "003_*", "--db", str(live_db)]) == 0
    assert f"removed {len(only_003)} paper(s)" in capsys.readouterr().out
    after = store.read_table(live_db, "papers")
    assert set(after["paper_id"]) == set(papers["paper_id"]) - only_003
    assert not store.read_table(live_db, "sources")["source"].str.startswith("003_").any()
    for table in ("methods", "techniques", "metrics"):
        assert not set(store.read_table(live_db, table)["paper_id"]) & only_003


def test_remove_with_no_match_or_everything_is_refused(live_db, capsys):
    before = live_db.read_bytes()
    assert main(["remove", "--source", "nothing-like-this*", "--db", str(live_db)]) == 1
    assert "no source matches 'nothing-like-this*'" in capsys.readouterr().err
    assert main(["remove", "--source", "*", "--db", str(live_db)]) == 1
    assert "refusing to empty the database" in capsys.readouterr().err
    assert live_db.read_bytes() == before


def test_build_help_says_it_rebuilds_from_exactly_its_inputs(capsys):
    with pytest.raises(SystemExit):
        main(["build", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "Rebuild the database from exactly these files and folders" in out
    assert "use `add` to keep them" in out


# --- serve stops with its app ------------------------------------------------------------------


def _listening_addresses(port: int) -> set[str]:
    """IPv4/IPv6 addresses with a socket listening on ``port`` (from /proc/net/tcp{,6})."""
    import ipaddress

    out = set()
    for name, width in (("tcp", 8), ("tcp6", 32)):
        try:
            lines = Path(f"/proc/net/{name}").read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            local, state = line.split()[1], line.split()[3]
            addr, p = local.split(":")
            if int(p, 16) != port or state != "0A":  # 0A: LISTEN
                continue
            raw = bytes.fromhex(addr)
            # the kernel prints each 32-bit word in host (little-endian) order
            raw = b"".join(raw[i:i + 4][::-1] for i in range(0, len(raw), 4))
            ip = ipaddress.ip_address(raw)
            out.add(str(ip.ipv4_mapped or ip) if ip.version == 6 else str(ip))
    return out


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _port_open(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.2)
        return s.connect_ex(("127.0.0.1", port)) == 0


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_stopping_serve_closes_the_port(seeds_db, tmp_path, sig):
    db = tmp_path / "serve.duckdb"
    shutil.copy(seeds_db, db)
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "extract.cli", "serve", "--db", str(db), "--port", str(port)],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        env=dict(os.environ, PAPER_TRENDS_DB=str(db)),
    )
    try:
        deadline = time.time() + 90
        while not _port_open(port):
            assert proc.poll() is None, "serve exited before the app listened"
            assert time.time() < deadline, "the app never listened"
            time.sleep(0.2)
        assert _listening_addresses(port) == {"127.0.0.1"}, "serve must bind loopback by default"
        proc.send_signal(sig)
        t0 = time.time()
        while _port_open(port) and time.time() - t0 < 5:
            time.sleep(0.1)
        assert not _port_open(port), "the app still serves 5 s after serve was stopped"
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
