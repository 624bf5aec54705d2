"""One writer at a time: concurrent ``add``s keep every paper; a writer gives up cleanly."""

from __future__ import annotations

import csv
import json
import subprocess
import sys

from extract import store
from extract.cli import main
from extract.pipeline import build
from tests.conftest import ROOT, SEEDS

SEED_ACL = next(SEEDS.glob("000_*"))
SEED_OTHERS = sorted(p for p in SEEDS.iterdir() if not p.name.startswith("000_"))
CLI = [sys.executable, "-m", "extract.cli"]


def test_two_concurrent_adds_end_with_both_sets_of_papers(tmp_path):
    db = tmp_path / "db.duckdb"
    build([SEED_ACL], db, skip={"keywords"})
    n0 = store.paper_count(db)
    procs = [subprocess.Popen([*CLI, "add", str(p), "--db", str(db), "--quiet", "--no-keywords"],
                              cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for p in SEED_OTHERS]
    outs = [p.communicate(timeout=600) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], [o[1][-500:] for o in outs]
    fresh = tmp_path / "fresh.duckdb"
    build([SEEDS], fresh, skip={"keywords"})
    assert n0 < store.paper_count(db) == store.paper_count(fresh) == 48
    assert set(store.read_table(db, "papers")["paper_id"]) == set(store.read_table(fresh, "papers")["paper_id"])


def test_a_writer_that_cannot_get_the_lock_gives_up_with_one_line_and_changes_nothing(tmp_path):
    from filelock import FileLock

    db = tmp_path / "db.duckdb"
    build([SEED_ACL], db, skip={"keywords"})
    before = db.read_bytes()
    with FileLock(str(store.lock_path(db))):
        out = subprocess.run([*CLI, "add", str(SEED_OTHERS[0]), "--db", str(db), "--quiet",
                              "--no-keywords", "--wait", "0.5"],
                             cwd=ROOT, capture_output=True, text=True, timeout=300)
        rm = subprocess.run([*CLI, "remove", "--source", "*", "--db", str(db), "--wait", "0"],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 1 and rm.returncode == 1
    lines = out.stderr.strip().splitlines()
    assert lines[0].startswith("waiting for another paper-trends process writing")
    assert lines[-1].startswith("paper-trends:") and "being written by another" in lines[-1]
    assert db.read_bytes() == before
    # readers never wait for the writer lock
    with FileLock(str(store.lock_path(db))):
        assert main(["info", "--db", str(db)]) == 0


def test_cli_csv_export_neutralises_formula_cells(tmp_path):
    rec = {"title": "=HYPERLINK(\"http://example.com\",\"click\")",
           "abstract": "We propose LoRA-Q, which fine-tunes Llama-2-7B with quantised low-rank "
                       "adapters and reaches 71.2% accuracy on MMLU, 2.1 points above QLoRA."}
    src = tmp_path / "p.jsonl"
    src.write_text(json.dumps(rec) + "\n", encoding="utf-8")
    db = tmp_path / "db.duckdb"
    build([src], db, skip={"keywords"})
    assert main(["export", "--format", "csv", "--out", str(tmp_path / "out"), "--db", str(db)]) == 0
    with (tmp_path / "out" / "papers.csv").open(encoding="utf-8") as fh:
        row = next(csv.DictReader(fh))
    assert row["title"] == "'" + rec["title"]
    assert row["abstract"] == rec["abstract"]
    # numbers stay numbers
    with (tmp_path / "out" / "model_sizes.csv").open(encoding="utf-8") as fh:
        sizes = list(csv.DictReader(fh))
    assert sizes and all(not r["params"].startswith("'") for r in sizes)
