"""Bad input: one-line messages naming file and place; other files still build; exit codes."""

import json
import shutil
from pathlib import Path

import pytest

from extract import store
from extract.cli import main
from extract.pipeline import build

FIX = Path(__file__).parent / "fixtures"
GOOD = FIX / "icml2025.json"


def _build_with(tmp_path, name, content: bytes, keep_going: bool = True):
    inputs = tmp_path / "in"
    inputs.mkdir(exist_ok=True)
    shutil.copy(GOOD, inputs / "icml2025.json")
    (inputs / name).write_bytes(content)
    report = build([inputs], tmp_path / "db.duckdb", skip={"keywords"}, keep_going=keep_going)
    return report


@pytest.mark.parametrize(
    "name,content,message",
    [
        ("empty.json", b"", "empty.json: empty file"),
        ("blank.txt", b"  \n\n \n", "blank.txt: empty file"),
        ("image.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "image.png: binary file (NUL byte at offset 8); expected text"),
        ("cut.json", b'[{"title": "A", "abstract": "We', "cut.json: malformed JSON at line 1 column 29: Unterminated string starting at"),
        ("quotes.csv", b'title,abstract\nA,"never closed\nB,x\n', "quotes.csv: malformed CSV at line 2: unexpected end of data (unbalanced quotes?)"),
        ("nolist.json", b'{"a": 1}', "nolist.json: JSON holds no list of paper records"),
        ("notes.txt", b"just a short note\n\nnothing else", "notes.txt: no paper abstracts found"),
        ("bad.bib", b"@inproceedings{x,\n title = {A},\n abstract = {never closed\n", "bad.bib: unclosed brace in @inproceedings entry starting at line 1"),
        ("noabs.csv", b"title,venue\nA,ACL\n", "noabs.csv: line 1: CSV header has no 'abstract' column (columns: title, venue)"),
    ],
)
def test_bad_file_is_skipped_with_a_one_line_message_and_others_build(tmp_path, name, content, message):
    report = _build_with(tmp_path, name, content)
    errors = [str(p) for p in report.ingest.problems if p.severity == "error"]
    assert len(errors) == 1
    assert errors[0].startswith(message)
    assert "\n" not in errors[0]
    assert not report.ok
    assert len(report.ingest.papers) == 2  # with keep_going the good file still builds
    assert report.written
    problems = store.read_table(tmp_path / "db.duckdb", "build_problems")
    assert name in set(problems["source"])
    # without keep_going nothing is written: the database keeps the papers it had
    (tmp_path / "in" / "icml2025.json").unlink()
    before = (tmp_path / "db.duckdb").read_bytes()
    (tmp_path / "in" / "more.json").write_bytes(GOOD.read_bytes())
    again = _build_with(tmp_path, name, content, keep_going=False)
    assert not again.written
    assert (tmp_path / "db.duckdb").read_bytes() == before


def test_undecodable_text_is_reported(tmp_path):
    report = _build_with(tmp_path, "mess.txt", bytes(range(1, 32)) * 50 + b"\xff\xfe\xfd" * 10)
    assert report.written  # with keep_going
    errors = [str(p) for p in report.ingest.problems if p.severity == "error"]
    assert errors and errors[0].startswith("mess.txt: ")


def test_latin1_text_is_read_with_a_warning(tmp_path):
    body = (FIX.parent.parent / "seeds" / "004_b4a7fc0537445921.txt").read_text(encoding="utf-8")
    body = body.replace("’", "'").replace("—", "-").replace("×", "x").replace("∼", "~") + "\n\nCafé naïve résumé"
    latin1 = body.encode("latin-1", errors="replace")
    report = _build_with(tmp_path, "icml2025_latin1.txt", latin1)
    assert report.ok
    warnings = [str(p) for p in report.ingest.problems if p.severity == "warning"]
    assert any(w.startswith("icml2025_latin1.txt: line ") and "decoded as Latin-1" in w for w in warnings)


def test_utf16_with_bom_is_read(tmp_path):
    body = (FIX.parent.parent / "seeds" / "004_b4a7fc0537445921.txt").read_text(encoding="utf-8")
    report = _build_with(tmp_path, "dump16.txt", body.encode("utf-16"))
    assert report.ok
    # both abstracts of the ICML fixture are also in this seed dump: merged, not added
    assert len(report.ingest.papers) == 19


def test_missing_path_is_reported(tmp_path):
    report = build([tmp_path / "nope", GOOD], tmp_path / "db.duckdb", skip={"keywords"}, keep_going=True)
    assert [str(p) for p in report.ingest.files_skipped] == [f"{tmp_path / 'nope'}: no such file or directory"]
    assert len(report.ingest.papers) == 2


def test_record_without_abstract_is_a_warning_not_a_failure(tmp_path, capsys):
    db = tmp_path / "db.duckdb"
    assert main(["build", str(GOOD), "--db", str(db), "--quiet", "--no-keywords"]) == 0
    err = capsys.readouterr().err
    assert "warning: icml2025.json:record 2: record has no abstract; skipped" in err
    assert main(["build", str(GOOD), "--db", str(db), "--quiet", "--no-keywords", "--strict"]) == 1


def test_cli_exit_status_is_nonzero_when_a_file_is_skipped(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("[{", encoding="utf-8")
    rc = main(["build", str(GOOD), str(bad), "--db", str(tmp_path / "db.duckdb"), "--quiet", "--no-keywords"])
    assert rc == 1
    captured = capsys.readouterr()
    assert "paper-trends: skipped bad.json: malformed JSON at line 1 column 3" in captured.err
    assert "left unchanged" in captured.err
    assert captured.out == ""  # no "Built ..." report for a build that wrote nothing
    assert not (tmp_path / "db.duckdb").exists()


def test_failed_build_leaves_previous_database_unchanged(tmp_path, monkeypatch):
    db = tmp_path / "db.duckdb"
    build([GOOD], db, skip={"keywords"})
    before = db.read_bytes()

    def boom(*a, **k):
        raise RuntimeError("disk full")

    monkeypatch.setattr(store, "_ddl", boom)
    with pytest.raises(RuntimeError):
        build([GOOD, FIX / "papers.csv"], db, skip={"keywords"})
    assert db.read_bytes() == before
    assert len(store.read_table(db, "papers")) == 2
    assert list(tmp_path.glob("db.duckdb.tmp-*")) == []


def test_json_records_that_are_not_objects(tmp_path):
    f = tmp_path / "odd.json"
    f.write_text(json.dumps([1, {"title": "x", "abstract": "y " * 20}]), encoding="utf-8")
    report = build([f], tmp_path / "db.duckdb", skip={"keywords"})
    assert [str(p) for p in report.ingest.problems] == ["odd.json:record 0: record is not an object; skipped"]
