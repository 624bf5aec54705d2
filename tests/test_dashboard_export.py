import csv
import io
import json

import pandas as pd
import pytest

from dashboard import export


@pytest.mark.parametrize(
    "cell,expected",
    [
        ('=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'),
        ("+1+2", "'+1+2"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("BERT = 110M", "BERT = 110M"),
        ("plain title", "plain title"),
    ],
)
def test_csv_neutralises_formula_cells(cell, expected):
    df = pd.DataFrame({"title": [cell], "value": [-5.5]})
    rows = list(csv.DictReader(io.StringIO(export.to_csv(df).decode("utf-8"))))
    assert rows[0]["title"] == expected
    assert rows[0]["value"] == "-5.5"  # numbers are never altered


def test_csv_keeps_missing_values_and_string_dtype():
    df = pd.DataFrame({"a": pd.array(["=x", None], dtype="string"), "b": [None, "ok"]})
    out = export.formula_safe(df)
    assert out["a"].iloc[0] == "'=x" and pd.isna(out["a"].iloc[1])
    assert pd.isna(out["b"].iloc[0]) and out["b"].iloc[1] == "ok"
    assert df["a"].iloc[0] == "=x"  # the input is not modified


def test_parquet_and_json_round_trip():
    df = pd.DataFrame({"paper_id": ["p1", "p2"], "params": [7e9, 1.5e8], "title": ["=a", "b"]})
    back = pd.read_parquet(io.BytesIO(export.to_bytes(df, "parquet")))
    pd.testing.assert_frame_equal(back, df)
    assert json.loads(export.to_bytes(df, "json"))[0] == {
        "paper_id": "p1",
        "params": 7e9,
        "title": "=a",
    }
    with pytest.raises(ValueError):
        export.to_bytes(df, "xlsx")


def test_zip_holds_exactly_the_frames_it_is_given():
    import zipfile

    papers = pd.DataFrame({"paper_id": ["p1", "p2"], "title": ["=cmd", "RAG study"]})
    tech = pd.DataFrame({"paper_id": ["p2"], "technique": ["RAG"]})
    data = export.zip_tables({"papers": papers, "techniques": tech}, "csv")
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        assert sorted(zf.namelist()) == ["papers.csv", "techniques.csv"]
        rows = list(csv.DictReader(io.StringIO(zf.read("papers.csv").decode())))
    assert [r["paper_id"] for r in rows] == ["p1", "p2"]
    assert rows[0]["title"] == "'=cmd"  # formula-safe like the single downloads


def test_every_table_zip_of_a_filtered_view_holds_only_the_papers_in_view(seeds_db):
    """/data?venue=X: every table of the zip is about X's papers; the build's tables stay out."""
    import zipfile

    import duckdb

    from dashboard import data
    from dashboard.filter_model import Filters
    from tests.conftest import database_env

    con = duckdb.connect(str(seeds_db), read_only=True)
    venue, n_venue = con.execute(
        "SELECT venue, count(*) FROM papers WHERE venue IS NOT NULL GROUP BY 1 ORDER BY 2 LIMIT 1"
    ).fetchone()
    n_all = con.execute("SELECT count(*) FROM papers").fetchone()[0]
    assert con.execute("SELECT count(*) FROM extract_runs").fetchone()[0] > 0
    con.close()
    assert n_venue < n_all
    with database_env(seeds_db):
        tables, read = data.export_tables(Filters(venues=(venue,)))
        frames = read()
        blob = export.zip_tables(frames, "csv")
        every, read_all = data.export_tables(Filters())
        whole = read_all()
    assert "extract_runs" not in tables and "build_problems" not in tables
    assert "techniques" in tables and "papers" in tables
    with zipfile.ZipFile(io.BytesIO(blob)) as zf:
        names = set(zf.namelist())
    assert not any(n.startswith(("extract_runs", "build_problems")) for n in names)
    ids = set(frames["papers"]["paper_id"])
    assert len(ids) == n_venue and set(frames["papers"]["venue"]) == {venue}
    for table, df in frames.items():
        if "paper_id" in df.columns:
            assert set(df["paper_id"]) <= ids, table
    # an unfiltered view exports every table, whole
    assert "extract_runs" in every and len(whole["papers"]) == n_all
