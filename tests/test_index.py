"""The search indexes next to the database (``extract.index``) and the dashboard's use of them.

On the seeds build: the build writes the index, the dashboard's search and similar papers go
through it, a stale index (the database rebuilt from other inputs) is ignored, and a search
for a paper's exact title ranks that paper first.
"""

from __future__ import annotations

import shutil

import duckdb
import numpy as np
import pytest

from dashboard.filter_model import Filters, apply
from extract import index, store
from tests.conftest import SEEDS, database_env

TITLE = "Scaling Laws for Multilingual Language Models"  # a seed paper's title


def _with_embeddings(src, db):
    """A copy of ``src`` with a ``paper_embeddings`` row per paper (random: the index does not
    use them, only which papers have one), and its index written."""
    shutil.copy(src, db)
    with duckdb.connect(str(db)) as con:
        ids = [r[0] for r in con.execute("SELECT paper_id FROM papers ORDER BY 1").fetchall()]
        vecs = np.random.default_rng(1).normal(size=(len(ids), 16)).astype(np.float32)
        table = "paper_embeddings (paper_id VARCHAR, embedding FLOAT[16])"
        con.execute(f"CREATE OR REPLACE TABLE {table}")
        con.executemany("INSERT INTO paper_embeddings VALUES (?, ?)", list(zip(ids, vecs.tolist())))
    index.write_index(db)
    return ids


def test_the_build_writes_an_index_the_dashboard_search_uses(seeds_db):
    from dashboard import data

    folder = index.index_dir(seeds_db)
    assert (folder / "meta.json").is_file() and (folder / "text_ids.json").is_file()
    with database_env(seeds_db):
        assert data.search_index() is not None
        ids = data.search_ids("scaling laws")
        assert ids, "the index finds the seed paper"
        got = data.paper_list("", Filters(query=TITLE))
        assert got["display_title"].iloc[0] == TITLE
        # the filter keeps the papers the index found (each word as a word or a word's start)
        assert sorted(data.filtered("papers", Filters(query="scaling laws"))["paper_id"]) == sorted(
            ids
        )


def test_search_ranks_an_exact_title_match_first(seeds_db):
    with duckdb.connect(str(seeds_db), read_only=True) as con:
        current = index.fingerprint(con)
    idx = index.Index.open(seeds_db, current)
    assert idx is not None
    hits = idx.search(TITLE)
    with duckdb.connect(str(seeds_db), read_only=True) as con:
        (pid,) = con.execute("SELECT paper_id FROM papers WHERE title = ?", [TITLE]).fetchone()
    assert hits[0] == pid
    assert idx.search("zzzqqq nothing") == []
    # every word must be there: a word no paper has empties the result
    assert idx.search("scaling zzzqqq") == []


def test_similar_papers_come_from_the_index_of_title_and_abstract(seeds_db, tmp_path):
    from dashboard import aggregates

    db = tmp_path / "emb.duckdb"
    ids = _with_embeddings(seeds_db, db)
    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute(
            "SELECT paper_id, coalesce(trim(title), ''), abstract FROM papers ORDER BY paper_id"
        ).fetchall()
    assert [r[0] for r in rows] == ids
    vecs = index.paper_vectors([r[1] for r in rows], [r[2] for r in rows])
    with database_env(db):
        assert aggregates.has_embeddings()
        for q in range(3):
            sims = vecs @ vecs[q]
            sims[q] = -np.inf
            expected = [ids[i] for i in np.argsort(-sims, kind="stable")[:5]]
            got = aggregates.similar_papers(ids[q], k=5)
            # the graph of 48 papers is searched exhaustively: the same as the exact cosine
            assert got["paper_id"].tolist() == expected
            assert got["similarity"].iloc[0] == pytest.approx(float(np.sort(sims)[-1]), abs=1e-3)
        # not the keyword stage's (here random) embeddings of the exact scan
        exact = aggregates.exact_similar_papers(ids[0], k=5)
        near = aggregates.similar_papers(ids[0], k=5)
        assert exact["paper_id"].tolist() != near["paper_id"].tolist()
        assert aggregates.similar_papers("no such paper").empty


def test_a_stale_index_is_ignored(seeds_db, tmp_path):
    from dashboard import aggregates, data

    db = tmp_path / "emb.duckdb"
    _with_embeddings(seeds_db, db)
    stale = index.index_dir(db)
    keep = tmp_path / "old.index"
    shutil.copytree(stale, keep)
    # the database rebuilt from other inputs (one seed file), then the old index put back
    from extract.pipeline import build

    other = tmp_path / "in"
    other.mkdir()
    shutil.copy(sorted(SEEDS.iterdir())[0], other)
    db.unlink()
    assert build([other], db, skip={"keywords"}).ok
    shutil.rmtree(stale)
    shutil.copytree(keep, stale)
    with duckdb.connect(str(db), read_only=True) as con:
        assert index.Index.open(db, index.fingerprint(con)) is None
    tables = store.read_tables(db)
    with database_env(db):
        assert data.search_index() is None and data.search_ids("model") is None
        f = Filters(query="model")
        expected = apply(f, tables["papers"], tables["techniques"])  # the SQL path's substrings
        assert sorted(data.filtered("papers", f)["paper_id"]) == sorted(expected)
        assert not aggregates.has_embeddings()
