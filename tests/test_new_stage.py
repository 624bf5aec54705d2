"""A new stage is one declaration file, one module and one test file.

This test adds a small stage to a copy of the package, the way a contributor would, and checks
that the registry, the schema, ``paper-trends info``/``schema`` and a build all pick it up
without any other file being edited.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import duckdb

from tests.conftest import ROOT, SEEDS

DECLARATION = '''
name = "acronyms"
module = "extract.stages.acronyms"
order = 65
description = "acronyms defined in parentheses"
reads = ["abstract"]
depends_on = []
data_files = []

[[tables]]
name = "acronyms"
description = "One row per acronym an abstract defines in parentheses."
sort_keys = ["start", "end"]

[[tables.columns]]
name = "paper_id"
type = "VARCHAR"
description = "Paper id (`papers.paper_id`)."

[[tables.columns]]
name = "acronym"
type = "VARCHAR"
description = "The acronym."

[[tables.columns]]
name = "start"
type = "INTEGER"
description = "Start offset."

[[tables.columns]]
name = "end"
type = "INTEGER"
description = "End offset."
'''

MODULE = '''
"""Acronyms defined in parentheses: a stage added in one module."""
import re

from extract.records import PaperText

_ACRONYM = re.compile(r"\\(([A-Z][A-Za-z0-9-]*[A-Z][A-Za-z0-9-]*)\\)")


def extract_rows(paper: PaperText) -> list[dict]:
    return [{"paper_id": paper.paper_id, "acronym": m.group(1), "start": m.start(1), "end": m.end(1)}
            for m in _ACRONYM.finditer(paper.abstract)]
'''


def test_a_stage_added_as_one_declaration_and_one_module_is_built_shown_and_versioned(tmp_path):
    copy = tmp_path / "repo"
    copy.mkdir()
    for name in ("extract", "dashboard"):
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "extract" / "data" / "stages" / "acronyms.toml").write_text(DECLARATION, encoding="utf-8")
    (copy / "extract" / "stages" / "acronyms.py").write_text(MODULE, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(copy))
    db = tmp_path / "db.duckdb"

    def cli(*args):
        out = subprocess.run([sys.executable, "-m", "extract.cli", *args], cwd=copy, env=env,
                             capture_output=True, text=True, timeout=600)
        assert out.returncode == 0, out.stderr[-2000:]
        return out.stdout

    built = cli("build", str(SEEDS), "--db", str(db), "--no-keywords", "--quiet")
    assert "stage acronyms" in built
    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute("SELECT acronym FROM acronyms").fetchall()
        runs = con.execute("SELECT count(*) FROM extract_runs WHERE stage = 'acronyms'").fetchone()[0]
    assert ("LLMs",) in rows or ("LLM",) in rows
    assert runs == 48
    assert "## `acronyms`" in cli("schema")
    info = cli("info", "--db", str(db))
    assert "acronyms" in info and "rows: current" in info.split("acronyms")[-1].splitlines()[0]
    # editing the new module re-runs it alone
    module = copy / "extract" / "stages" / "acronyms.py"
    module.write_text(module.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    again = cli("build", str(SEEDS), "--db", str(db), "--no-keywords", "--quiet")
    reran = [ln.split()[1] for ln in again.splitlines()
             if ln.strip().startswith("stage ") and "(0 extracted" not in ln and "skipped" not in ln]
    assert reran == ["acronyms"]
