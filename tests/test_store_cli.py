"""DuckDB store, exports and the CLI commands."""

import json

import duckdb
import pandas as pd
import pytest

from extract import store
from extract.cli import main
from extract.schema import TABLES, markdown
from tests.conftest import ROOT


def test_database_has_every_schema_table_with_documented_columns_and_types(seeds_db):
    con = duckdb.connect(str(seeds_db), read_only=True)
    try:
        for name, table in TABLES.items():
            cols = con.execute(
                "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = ? ORDER BY ordinal_position",
                [name],
            ).fetchall()
            assert cols == [(c.name, c.type) for c in table.columns], name
    finally:
        con.close()


@pytest.mark.parametrize(
    "table, key",
    [
        ("names", "paper_id, name, role"),
        ("methods", "paper_id, name, role"),
        ("benchmarks", "paper_id, name"),
        ("techniques", "paper_id, technique"),
    ],
)
def test_documented_row_key_is_unique(seeds_db, table, key):
    """SCHEMA.md: one row per (paper, name) of a role, per (paper, technique)."""
    con = duckdb.connect(str(seeds_db), read_only=True)
    try:
        assert con.execute(f"SELECT count(*) FROM {table}").fetchone()[0] > 0
        dups = con.execute(
            f"SELECT {key}, count(*) FROM {table} GROUP BY ALL HAVING count(*) > 1"
        ).fetchall()
    finally:
        con.close()
    assert dups == []


def test_schema_doc_is_up_to_date():
    assert (ROOT / "docs" / "SCHEMA.md").read_text(encoding="utf-8") == markdown(), (
        "docs/SCHEMA.md is stale: run `paper-trends schema --out docs/SCHEMA.md`"
    )


def test_every_column_is_described():
    for table in TABLES.values():
        assert table.description
        for col in table.columns:
            assert col.description.strip(), f"{table.name}.{col.name}"


@pytest.mark.parametrize("fmt", ["csv", "parquet", "json"])
def test_export_writes_one_file_per_table(seeds_db, tmp_path, fmt, capsys):
    assert main(["export", "--db", str(seeds_db), "--format", fmt, "--out", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{t}.{fmt}" for t in TABLES)
    papers = store.read_table(seeds_db, "papers")
    path = tmp_path / f"papers.{fmt}"
    if fmt == "csv":
        back = pd.read_csv(path)
    elif fmt == "parquet":
        back = pd.read_parquet(path)
    else:
        records = json.loads(path.read_text(encoding="utf-8"))
        assert isinstance(records, list) and isinstance(records[0], dict)
        back = pd.DataFrame(records)
    assert list(back.columns) == TABLES["papers"].column_names
    assert sorted(back["paper_id"]) == sorted(papers["paper_id"])


def test_info_prints_counts(seeds_db, capsys):
    assert main(["info", "--db", str(seeds_db)]) == 0
    out = capsys.readouterr().out
    assert "papers" in out and "48 rows" in out
    assert "ACL 2025" in out and "29" in out


def test_info_on_missing_database_says_what_to_do(tmp_path, capsys):
    assert main(["info", "--db", str(tmp_path / "none.duckdb")]) == 2
    assert "run `paper-trends build` first" in capsys.readouterr().err


def test_info_on_a_file_that_is_not_a_database(tmp_path, capsys):
    bogus = tmp_path / "bogus.duckdb"
    bogus.write_text("not a database", encoding="utf-8")
    assert main(["info", "--db", str(bogus)]) == 2
    assert "bogus.duckdb: not a DuckDB database" in capsys.readouterr().err


def test_unknown_stage_is_rejected(capsys):
    with pytest.raises(SystemExit):
        main(["build", "--skip", "nonsense"])


def test_stale_temp_file_of_a_dead_build_is_removed(tmp_path):
    db = tmp_path / "x.duckdb"
    stale = tmp_path / "x.duckdb.tmp-999999999"
    stale.write_bytes(b"half written")
    store.write_tables(db, {})
    assert not stale.exists()
    assert db.is_file()


def test_a_build_without_keywords_never_loads_spacy_or_torch(tmp_path):
    """``--no-keywords`` is the quick build: the NLP libraries stay unimported."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from extract.cli import main\n"
        f"rc = main(['build', {str(ROOT / 'seeds')!r}, '--db', {str(tmp_path / 'x.duckdb')!r},"
        " '--no-keywords', '--quiet'])\n"
        "print(rc, sorted(m for m in ('spacy', 'torch', 'sentence_transformers') if m in sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert out.stdout.strip().splitlines()[-1] == "0 []", out.stdout + out.stderr
    with duckdb.connect(str(tmp_path / "x.duckdb"), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM papers").fetchone()[0] == 48
