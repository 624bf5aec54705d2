"""The search indexes next to the database (``extract.index``) and the dashboard's use of them.

On the seeds build: the build writes the index, the dashboard's search and similar papers go
through it, a stale index (the database rebuilt from other inputs) is ignored, and a search
for a paper's exact title ranks that paper first.
"""

from __future__ import annotations

import json
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


def test_the_index_built_in_batches_is_the_index_of_the_whole_corpus(seeds_db, tmp_path):
    """write_index reads, tokenises and encodes a batch at a time (bounded memory); the BM25
    arrays are bm25s' own over the whole corpus and the vectors paper_vectors' of all papers."""
    import bm25s
    import faiss
    from scipy import sparse

    db = tmp_path / "emb.duckdb"
    ids = _with_embeddings(seeds_db, db)
    index.write_index(db, batch=7)  # 48 papers: seven batches, the last one short
    folder = index.index_dir(db)
    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute(
            "SELECT paper_id, concat_ws(' ', coalesce(title, ''), coalesce(abstract, ''), "
            "coalesce(CAST(authors AS VARCHAR), '')), coalesce(trim(title), ''), "
            "coalesce(abstract, '') FROM papers ORDER BY paper_id"
        ).fetchall()
    assert [r[0] for r in rows] == ids == json.loads((folder / "text_ids.json").read_text())
    whole = bm25s.BM25()
    whole.index(index.tokenize([r[1] for r in rows]), show_progress=False)
    got = bm25s.BM25.load(str(folder / "text"))
    # the same words (numbered in the order read: the table's, not the ids')
    assert set(got.vocab_dict) == set(whole.vocab_dict)
    words = [w for w in whole.vocab_dict if w]

    def matrix(scores):
        return sparse.csc_matrix(
            (scores["data"], scores["indices"], scores["indptr"]),
            shape=(scores["num_docs"], len(scores["indptr"]) - 1),
        ).toarray()

    np.testing.assert_allclose(
        matrix(got.scores)[:, [got.vocab_dict[w] for w in words]],
        matrix(whole.scores)[:, [whole.vocab_dict[w] for w in words]],
        rtol=1e-6,
    )
    sim = faiss.read_index(str(folder / "similar.faiss"))
    vecs = index.paper_vectors([r[2] for r in rows], [r[3] for r in rows])
    sim_ids = json.loads((folder / "similar_ids.json").read_text())
    assert sim.ntotal == len(ids) and sorted(sim_ids) == ids
    row = {pid: i for i, pid in enumerate(ids)}
    np.testing.assert_allclose(  # float16 in the index
        sim.reconstruct_n(0, sim.ntotal), vecs[[row[p] for p in sim_ids]], atol=2e-3
    )
    assert not list(folder.glob("spill*")) and not list(tmp_path.glob("*.tmp-*"))


def test_remove_rewrites_the_index_and_never_leaves_a_stale_one(seeds_db, tmp_path, monkeypatch):
    from dashboard import data
    from extract.pipeline import remove_sources

    db = tmp_path / "rm.duckdb"
    shutil.copy(seeds_db, db)
    index.write_index(db)
    with duckdb.connect(str(db), read_only=True) as con:
        first = sorted(SEEDS.iterdir())[0].name
        gone = {r[0] for r in con.execute(
            "SELECT paper_id FROM sources GROUP BY paper_id "
            "HAVING bool_and(source LIKE ?)", [f"%{first}%"]).fetchall()}
        (abstract,) = con.execute(
            "SELECT abstract FROM papers WHERE paper_id = ?", [sorted(gone)[0]]).fetchone()
    words = " ".join(abstract.split()[:8])  # a search only that paper's words match
    assert gone
    with database_env(db):
        assert set(data.search_ids(words)) & gone  # the index finds a paper of that file
    rep = remove_sources(db, f"*{first}*")
    assert rep.papers_removed == len(gone)
    with duckdb.connect(str(db), read_only=True) as con:
        idx = index.Index.open(db, index.fingerprint(con))
        left = {r[0] for r in con.execute("SELECT paper_id FROM papers").fetchall()}
    assert idx is not None, "remove rewrote the index"
    assert set(json.loads((index.index_dir(db) / "text_ids.json").read_text())) == left
    with database_env(db):
        assert data.search_index() is not None
        assert not set(data.search_ids(words) or []) & gone
        assert not set(data.filtered("papers", Filters(query=words))["paper_id"]) & gone
    # an index that cannot be rewritten is dropped, not left stale
    second = sorted(SEEDS.iterdir())[1].name

    def fail(*_a, **_k):
        raise RuntimeError("no room")

    monkeypatch.setattr(index, "write_index", fail)
    remove_sources(db, f"*{second}*")
    assert not index.index_dir(db).exists()
    with database_env(db):
        assert data.search_index() is None and data.search_ids(words) is None
    # add writes it again, with the papers added
    from extract.pipeline import build

    monkeypatch.undo()
    back = tmp_path / "back"
    back.mkdir()
    shutil.copy(SEEDS / first, back)
    assert build([back], db, skip={"keywords"}, add=True).ok
    with duckdb.connect(str(db), read_only=True) as con:
        assert index.Index.open(db, index.fingerprint(con)) is not None
    assert gone <= set(json.loads((index.index_dir(db) / "text_ids.json").read_text()))
    with database_env(db):
        assert set(data.search_ids(words)) & gone


def test_the_fingerprint_is_checked_only_when_the_database_file_changed(seeds_db, tmp_path):
    """meta.json records the database file's size and time: the same file opens its index
    without a fingerprint scan; a file changed since (even with the same papers) is scanned."""
    import os

    db = tmp_path / "copy.duckdb"
    _with_embeddings(seeds_db, db)
    meta = json.loads((index.index_dir(db) / "meta.json").read_text())
    assert meta["file"] == index.file_stamp(db)
    calls = []

    def current():
        calls.append(1)
        with duckdb.connect(str(db), read_only=True) as con:
            return index.fingerprint(con)

    assert index.Index.open(db, current) is not None and calls == []
    st = db.stat()
    os.utime(db, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))  # touched: same papers
    assert index.Index.open(db, current) is not None and calls == [1]
    # an index written before the stamp was kept gains it from --stamp, after the scan
    folder = index.index_dir(db)
    old = {k: v for k, v in meta.items() if k != "file"}
    (folder / "meta.json").write_text(json.dumps(old))
    assert index.main([str(db), "--stamp"]) == 0
    assert json.loads((folder / "meta.json").read_text())["file"] == index.file_stamp(db)
    with duckdb.connect(str(db)) as con:  # other papers: the stamp is refused
        con.execute("UPDATE papers SET title = 'x' WHERE paper_id = (SELECT min(paper_id) FROM papers)")
    assert index.Index.open(db, current) is None
    assert index.main([str(db), "--stamp"]) == 1
