"""The dashboard's SQL questions give what the pandas computations gave on whole frames.

On the seeds build: the Overview's numbers, the Trends rate tables and heatmap counted by
DuckDB, and the filtered rows, against ``dashboard.analytics`` over frames read in full.
"""

from __future__ import annotations

import pandas as pd
import pytest

from dashboard import analytics as an
from dashboard.filter_model import Filters, apply
from extract import store
from tests.conftest import database_env


@pytest.fixture(scope="module")
def seeds(seeds_db):
    with database_env(seeds_db):
        yield store.read_tables(seeds_db)


FILTERS = [Filters(), Filters(venues=("ACL",)), Filters(accepted_only=True, query="model")]


@pytest.mark.parametrize("f", FILTERS)
def test_filtered_rows_and_overview_numbers_match_pandas(seeds, f):
    from dashboard import aggregates, data

    ids = apply(f, seeds["papers"], seeds["techniques"])
    assert 0 < len(ids)
    assert sorted(data.filtered("papers", f)["paper_id"]) == sorted(ids)
    assert data.filtered_count(f) == len(ids)
    tech = seeds["techniques"][seeds["techniques"]["paper_id"].isin(ids)]
    assert len(data.filtered("techniques", f)) == len(tech)
    papers = seeds["papers"][seeds["papers"]["paper_id"].isin(ids)]
    rows = {t: seeds[t][seeds[t]["paper_id"].isin(ids)] for t in ("model_sizes", "metrics")}
    methods = seeds["methods"][seeds["methods"]["paper_id"].isin(ids)]
    expected = an.overview_numbers(papers, rows["model_sizes"], rows["metrics"], methods)
    got = aggregates.overview_numbers(f)
    assert {k: got[k] for k in expected} == pytest.approx(expected)


def test_rate_tables_and_heatmap_counted_by_sql_match_pandas(seeds):
    from dashboard import aggregates, data

    f = Filters()
    papers = data.papers_in_view(f)
    tags = seeds["techniques"][["paper_id", "theme"]].dropna().drop_duplicates()
    keep = tuple(sorted(tags["theme"].unique()))[:4]
    assert keep
    hits = tags.rename(columns={"theme": "term"})
    expected = an.rate_table(hits, papers, ["group"], "term", keep)
    by = ("group", "year")
    totals, counts = aggregates.tag_totals_and_counts("theme", by, f, None, keep, True)
    got = an.rate_table_from_counts(
        totals, counts.rename(columns={"theme": "term"}), ["group"], "term", list(keep)
    )
    pd.testing.assert_frame_equal(got, expected, check_dtype=False)
    assert (got["papers"] > 0).any()

    expected = an.tag_rates(tags, papers, "theme", ["venue"], keep)
    totals, counts = aggregates.tag_totals_and_counts("theme", ("venue",), f, None, keep)
    got = an.tag_rates_from_counts(totals, counts, "theme", ["venue"])
    key = ["venue", "theme"]
    pd.testing.assert_frame_equal(
        got.sort_values(key).reset_index(drop=True),
        expected.sort_values(key).reset_index(drop=True),
        check_dtype=False,
    )

    expected = an.tag_grid(tags, papers, "theme", "venue_label")
    totals, counts = aggregates.tag_totals_and_counts("theme", ("venue_label",), f)
    got = an.tag_grid_from_counts(totals, counts, "theme", "venue_label")
    key = ["venue_label", "theme"]
    pd.testing.assert_frame_equal(
        got.sort_values(key).reset_index(drop=True),
        expected.sort_values(key).reset_index(drop=True),
        check_dtype=False,
    )


def test_one_terms_rates_counted_by_sql_match_pandas(seeds):
    from dashboard import aggregates, data

    f = Filters()
    papers = data.papers_in_view(f)
    methods = seeds["methods"].dropna(subset=["name"])
    term = methods["name"].value_counts().index[0]
    hits = pd.DataFrame({"paper_id": methods.loc[methods["name"] == term, "paper_id"]})
    expected = an.rate_table(hits.assign(term=term), papers, ["group", "venue"], "term")
    by = ("group", "venue", "year")
    totals, counts = aggregates.term_totals_and_counts("method", term, by, f)
    got = an.rate_table_from_counts(totals, counts, ["group", "venue"], "term", [term])
    pd.testing.assert_frame_equal(got, expected, check_dtype=False)
    assert got["papers"].sum() == hits["paper_id"].nunique()
    listed = aggregates.term_papers_in_view("method", term, f)
    assert sorted(listed["paper_id"]) == sorted(hits["paper_id"].unique())
    titled = data.with_papers(listed[["paper_id"]], ("title", "venue", "venue_label", "year"))
    pd.testing.assert_frame_equal(
        listed.sort_values("paper_id").reset_index(drop=True),
        titled.sort_values("paper_id").reset_index(drop=True),
        check_dtype=False,
    )


@pytest.mark.parametrize("full", [False, True])
def test_brief_of_the_papers_in_view_matches_the_papers_frame(seeds_db, tmp_path, full):
    import shutil

    import duckdb

    from dashboard import data, views

    db = tmp_path / "years.duckdb"  # ICML only in 2025: full coverage drops it
    shutil.copy(seeds_db, db)
    with duckdb.connect(str(db)) as con:
        con.execute("UPDATE papers SET year = 2024 WHERE venue = 'ACL' AND paper_id < 'p8'")
        first_two = "SELECT paper_id FROM papers ORDER BY paper_id LIMIT 2"
        con.execute(f"UPDATE papers SET year = NULL WHERE paper_id IN ({first_two})")
    f = Filters()
    with database_env(db):
        papers = data.papers_in_view(f)
        brief = views._in_view(data.source_key(), f.as_tuple(), full)
    dropped: list[str] = []
    if full:
        papers, dropped = an.full_coverage(papers, "venue")
    assert brief["n"] == len(papers) > 0
    assert brief["years"] == an.years(papers) and len(brief["years"]) >= (1 if full else 2)
    assert brief["venues"] == sorted(papers["venue"].astype(str).unique())
    assert list(brief["dropped"]) == dropped
    assert (dropped == ["ICML"]) == full


def test_similar_papers_by_duckdb_match_the_numpy_neighbours(seeds_db, tmp_path):
    import shutil

    import duckdb
    import numpy as np

    from dashboard import aggregates, data

    db = tmp_path / "emb.duckdb"
    shutil.copy(seeds_db, db)
    with duckdb.connect(str(db)) as con:
        ids = [r[0] for r in con.execute("SELECT paper_id FROM papers ORDER BY 1").fetchall()]
        vecs = np.random.default_rng(1).normal(size=(len(ids), 16)).astype(np.float32)
        table = "paper_embeddings (paper_id VARCHAR, embedding FLOAT[16])"
        con.execute(f"CREATE OR REPLACE TABLE {table}")
        con.executemany("INSERT INTO paper_embeddings VALUES (?, ?)", list(zip(ids, vecs.tolist())))
    with database_env(db):
        assert aggregates.has_embeddings()
        for pid in ids[:5]:
            got = aggregates.similar_papers(pid, k=5)
            expected = an.nearest_neighbours(an.unit_rows(vecs), ids, pid, k=5)
            assert got["paper_id"].tolist() == expected["paper_id"].tolist()
            assert got["similarity"].tolist() == pytest.approx(expected["similarity"].tolist())
        assert aggregates.similar_papers("no such paper").empty
    with database_env(seeds_db):
        assert not aggregates.has_embeddings()


def test_papers_without_a_title_show_the_abstracts_start(seeds_db, tmp_path):
    """Listings read the stored title and look up the abstract's start only for the papers
    without one (``data.fill_titles``): the same titles as ``TITLE_SQL`` on every paper."""
    import shutil

    import duckdb

    from dashboard import aggregates, data

    db = tmp_path / "untitled.duckdb"
    shutil.copy(seeds_db, db)
    with duckdb.connect(str(db)) as con:
        ids = [r[0] for r in con.execute("SELECT paper_id FROM papers ORDER BY 1").fetchall()]
        con.execute("UPDATE papers SET title = NULL WHERE paper_id = ?", [ids[0]])
        con.execute("UPDATE papers SET title = '  ' WHERE paper_id = ?", [ids[1]])
        expected = dict(
            con.execute(f"SELECT p.paper_id, {data.TITLE_SQL} FROM papers p").fetchall()
        )
        tech = con.execute(
            "SELECT technique FROM techniques WHERE paper_id = ? LIMIT 1", [ids[0]]
        ).fetchone()
    assert expected[ids[0]].endswith(" …") and expected[ids[1]].endswith(" …")
    with database_env(db):
        got = data.papers_in_view(Filters())
        assert dict(zip(got["paper_id"], got["title"])) == expected
        listed = data.paper_list("", Filters(), limit=1000)
        assert dict(zip(listed["paper_id"], listed["display_title"])) == expected
        joined = data.with_papers(pd.DataFrame({"paper_id": ids[:3]}))
        assert joined["title"].tolist() == [expected[p] for p in ids[:3]]
        if tech:
            found = aggregates.term_papers_in_view("technique", tech[0], Filters())
            assert dict(zip(found["paper_id"], found["title"])) == {
                p: expected[p] for p in found["paper_id"]
            }
            assert ids[0] in set(found["paper_id"])


@pytest.mark.parametrize("by", ["group", "venue"])
def test_size_trend_from_sql_counts_matches_the_frame_of_every_paper(seeds, by):
    from dashboard import aggregates, data, views

    f = Filters()
    sizes = an.valid_sizes(aggregates.sizes_in_view(("own",), f))
    assert len(sizes)
    expected = an.size_trend(sizes, data.papers_in_view(f, titles=False), by)
    got = views._size_trend(data.source_key(), f.as_tuple(), by, ("own",))
    assert (expected["without_size"] > 0).any()
    pd.testing.assert_frame_equal(got, expected)
