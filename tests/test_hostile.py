"""Hostile and broken input: clear one-line errors, other inputs build, old database intact."""

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from extract import store
from extract.pipeline import build
from extract.readers import read_file
from tests.conftest import ROOT

FIX = Path(__file__).parent / "fixtures"
GOOD_ABSTRACT = (
    "Watermarking techniques offer a promising way to identify machine-generated content via embedding "
    "covert information into the contents generated from language models (LMs). In this paper, we present "
    "De-mark, an advanced framework designed to remove n-gram-based watermarks effectively."
)


def _errors(report):
    return [str(p) for p in report.ingest.problems if p.severity == "error"]


def _good_dir(tmp_path):
    d = tmp_path / "inputs"
    d.mkdir()
    (d / "good.jsonl").write_text(json.dumps({"title": "De-mark", "abstract": GOOD_ABSTRACT}) + "\n", encoding="utf-8")
    return d


def test_fifty_megabytes_without_a_newline(tmp_path):
    d = _good_dir(tmp_path)
    (d / "huge.txt").write_bytes(b"lorem ipsum dolor sit amet " * 2_000_000)  # 54 MB, one line
    report = build([d], tmp_path / "db.duckdb", skip={"keywords"})
    assert _errors(report) == ["huge.txt: no paper abstracts found"]
    warnings = [str(p) for p in report.ingest.problems if p.severity == "warning"]
    assert warnings == ["huge.txt:line 1: paragraph of 53999999 chars is too long for an abstract; skipped"]
    assert len(report.ingest.papers) == 1


def test_one_megabyte_abstract_is_skipped_with_its_record(tmp_path):
    d = _good_dir(tmp_path)
    (d / "big.json").write_text(json.dumps([{"title": "big", "abstract": "word " * 200_000},
                                            {"title": "ok", "abstract": GOOD_ABSTRACT.replace("De-mark", "Re-mark")}]),
                                encoding="utf-8")
    report = build([d], tmp_path / "db.duckdb", skip={"keywords"})
    assert [str(p) for p in report.ingest.problems] == [
        "big.json:record 0: abstract too long (999999 chars > 20000); skipped"
    ]
    assert len(report.ingest.papers) == 2


def test_directory_of_mixed_files(tmp_path):
    d = _good_dir(tmp_path)
    (d / "sub").mkdir()
    (d / "sub" / "photo.jpg").write_bytes(b"\xff\xd8\xff\xe0\x00\x10JFIF\x00")
    (d / "sub" / "notes.md").write_text("# Notes\n\nnothing here", encoding="utf-8")
    (d / "sub" / "papers.csv").write_bytes((FIX / "papers.csv").read_bytes())
    (d / ".hidden.json").write_text("[", encoding="utf-8")
    report = build([d], tmp_path / "db.duckdb", skip={"keywords"}, keep_going=True)
    assert _errors(report) == [
        "sub/notes.md: no paper abstracts found",
        "sub/photo.jpg: binary file (NUL byte at offset 4); expected text",
    ]
    assert len(report.ingest.papers) == 3
    sources = store.read_table(tmp_path / "db.duckdb", "sources")
    assert set(sources["source"]) == {"good.jsonl", "sub/papers.csv"}


def test_symlink_loops(tmp_path):
    d = _good_dir(tmp_path)
    os.symlink(d / "a", d / "b")
    os.symlink(d / "b", d / "a")
    os.symlink(d, d / "self")  # a folder that contains itself
    report = build([d], tmp_path / "db.duckdb", skip={"keywords"})
    errors = _errors(report)
    assert [e.split(":")[0] for e in errors] == ["a", "b"]
    assert all("cannot read" in e and "symbolic links" in e for e in errors)
    assert len(report.ingest.papers) == 1
    # the loop given directly on the command line
    report = build([d / "a"], tmp_path / "db2.duckdb", skip={"keywords"})
    assert len(_errors(report)) == 1


def test_unreadable_file(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root can read files without read permission")
    d = _good_dir(tmp_path)
    locked = d / "locked.json"
    locked.write_text("[]", encoding="utf-8")
    locked.chmod(0)
    report = build([d], tmp_path / "db.duckdb", skip={"keywords"})
    assert _errors(report)[0].startswith("locked.json: cannot read")


_KILLER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from extract import store
    real = store._ddl
    def slow_ddl(table):
        if table == "methods":  # papers and sources are already written to the temp file
            Path(sys.argv[3]).write_text("writing")
            time.sleep(60)
        return real(table)
    store._ddl = slow_ddl
    from extract.pipeline import build
    build([sys.argv[1]], sys.argv[2], skip={"keywords"})
    """
)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGKILL])
def test_interrupted_build_leaves_previous_database_readable_and_unchanged(tmp_path, seeds_dir, sig):
    db = tmp_path / "db.duckdb"
    build([FIX / "icml2025.json"], db, skip={"keywords"})
    before = db.read_bytes()
    flag = tmp_path / "writing.flag"
    # A suite started in the background inherits an ignored SIGINT, and Python then installs
    # no KeyboardInterrupt handler: give the child the default disposition, as in a terminal.
    proc = subprocess.Popen([sys.executable, "-c", _KILLER, str(seeds_dir), str(db), str(flag)], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.time() + 120
        while not flag.exists():
            assert proc.poll() is None, "build finished before it could be interrupted"
            assert time.time() < deadline
            time.sleep(0.05)
        assert list(tmp_path.glob("db.duckdb.tmp-*")), "the build writes to a temporary file"
        proc.send_signal(sig)
        proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode != 0
    assert db.read_bytes() == before
    assert len(store.read_table(db, "papers")) == 2
    # the next build cleans up what the killed one left and succeeds
    report = build([seeds_dir], db, skip={"keywords"})
    assert len(store.read_table(db, "papers")) == len(report.ingest.papers) == 48
    assert list(tmp_path.glob("db.duckdb.tmp-*")) == []


def test_bibtex_megabyte_of_unclosed_braces(tmp_path):
    d = _good_dir(tmp_path)
    (d / "braces.bib").write_text("@misc{x,\n  abstract = {" + "{" * 1_000_000 + "\n", encoding="utf-8")
    (d / "closers.bib").write_text(
        "@misc{y,\n  abstract = {" + GOOD_ABSTRACT.replace("De-mark", "Un-mark") + "}\n}\n" + "}" * 1_000_000,
        encoding="utf-8",
    )
    report = build([d], tmp_path / "db.duckdb", skip={"keywords"}, keep_going=True)
    assert _errors(report) == ["braces.bib: unclosed brace in @misc entry starting at line 1"]
    assert len(report.ingest.papers) == 2


def test_bibtex_hundred_thousand_entries_and_broken_entries(tmp_path):
    """Every entry is read and located (line numbers counted once, not per entry); the time it
    takes is measured by ``benchmarks/reader_scaling.py``, not asserted here."""
    n = 100_000
    many = tmp_path / "many.bib"
    many.write_text(
        "".join(f"@misc{{k{i},\n  title = {{T{i}}},\n  abstract = {{Abstract number {i}.}}\n}}\n" for i in range(n)),
        encoding="utf-8",
    )
    records, problems = read_file(many, "many.bib")
    assert len(records) == n and problems == []
    assert records[-1].locator == f"line {4 * (n - 1) + 1}"
    broken = tmp_path / "broken.bib"
    n = 20_000  # entries that never close: each one is reported
    broken.write_text("@misc{x,\n" * n + "@misc{k,\n  abstract = {" + GOOD_ABSTRACT + "}\n}\n", encoding="utf-8")
    records, problems = read_file(broken, "broken.bib")
    assert [r.locator for r in records] == [f"line {n + 1}"]
    assert len(problems) == n and problems[-1].locator == f"line {n}"
