"""Incremental builds: unchanged abstracts are never re-extracted."""

import json
import shutil

import pandas as pd
import pytest

from extract import stages, store
from extract.pipeline import build
from extract.schema import EXTRACTION_TABLES

NEW_ABSTRACT = (
    "Large language models (LLMs) are increasingly deployed with retrieval-augmented generation (RAG). "
    "We propose CacheRAG, a method that reuses the KV cache of retrieved passages across queries. "
    "On Natural Questions, CacheRAG improves accuracy by 3.1 points and is up to 2.4x faster than "
    "standard RAG with Llama-3-8B."
)


def _stage(report, name):
    return next(s for s in report.stages if s.name == name)


@pytest.fixture()
def first_build(tmp_path, seeds_dir):
    inputs = tmp_path / "inputs"
    shutil.copytree(seeds_dir, inputs)
    db = tmp_path / "db.duckdb"
    report = build([inputs], db, skip={"keywords"})
    return inputs, db, report


def test_adding_a_file_extracts_only_the_new_paper(first_build):
    inputs, db, first = first_build
    assert all(_stage(first, s).extracted == 48 for s in ("methods", "sizes", "metrics"))
    (inputs / "new.jsonl").write_text(json.dumps({"title": "CacheRAG", "abstract": NEW_ABSTRACT}) + "\n",
                                      encoding="utf-8")
    second = build([inputs], db, skip={"keywords"})
    for s in second.stages:
        if s.name == "keywords":
            assert (s.extracted, s.skipped) == (0, True)
        else:
            assert (s.extracted, s.reused) == (1, 48), s.name
    assert len(store.read_table(db, "papers")) == 49


def test_cached_rebuild_equals_a_fresh_build(first_build, tmp_path):
    inputs, db, _ = first_build
    (inputs / "new.jsonl").write_text(json.dumps({"abstract": NEW_ABSTRACT}) + "\n", encoding="utf-8")
    build([inputs], db, skip={"keywords"})
    fresh = tmp_path / "fresh.duckdb"
    build([inputs], fresh, skip={"keywords"}, use_cache=False)
    for table in ["papers", "sources", *EXTRACTION_TABLES]:
        if table not in ("keywords", "paper_embeddings"):  # the keywords stage: skipped in both
            assert len(store.read_table(fresh, table)) > 0, f"{table} is empty: the comparison would prove nothing"
        pd.testing.assert_frame_equal(store.read_table(db, table), store.read_table(fresh, table), obj=table)


def test_removed_papers_leave_the_tables(first_build):
    inputs, db, _ = first_build
    (inputs / "004_b4a7fc0537445921.txt").unlink()
    report = build([inputs], db, skip={"keywords"})
    assert len(report.ingest.papers) == 29
    ids = set(store.read_table(db, "papers")["paper_id"])
    for table in EXTRACTION_TABLES:
        assert set(store.read_table(db, table)["paper_id"]) <= ids


def test_editing_a_vocabulary_reruns_only_the_stages_that_read_it(first_build, tmp_path, monkeypatch):
    inputs, db, _ = first_build
    readers = {s.name: set(s.spec.data_files) for s in stages.all_stages()}
    techniques_files = sorted(readers["techniques"])
    assert techniques_files, "the techniques stage reads its taxonomy from data files"
    data = tmp_path / "data"
    shutil.copytree(stages.DATA_DIR, data)
    with open(data / techniques_files[0], "a", encoding="utf-8") as fh:
        fh.write("\n# a user edit\n")
    monkeypatch.setattr(stages, "DATA_DIR", data)
    report = build([inputs], db, skip={"keywords"})
    rerun = {s.name for s in report.stages if s.extracted}
    direct = {name for name, files in readers.items() if techniques_files[0] in files}
    expected = direct | {d for name in direct for d in stages.dependants(name)}
    assert rerun == expected - {"keywords"}
    assert "techniques" in rerun and "sizes" not in rerun


def test_skipped_stage_keeps_its_cached_rows(first_build, monkeypatch):
    inputs, db, _ = first_build
    before = store.read_table(db, "methods")
    report = build([inputs], db, skip={"keywords", "methods"})
    assert _stage(report, "methods").skipped
    pd.testing.assert_frame_equal(store.read_table(db, "methods"), before)
