"""Declared stages: one registry, versions that follow every input, dependants re-run."""

from __future__ import annotations

import shutil

import pytest

import extract.keywords as keywords
from extract import names, stages, store
from extract.cli import main
from extract.datafiles import DATA_DIR
from extract.pipeline import build
from extract.schema import TABLES
from extract.stages import benchmarks as benchmarks_stage
from tests.conftest import SEEDS


def _stage(report, name):
    return next(s for s in report.stages if s.name == name)


def test_registry_is_a_build_order_and_declares_real_tables_and_files():
    stages.check_registry()
    for spec in stages.REGISTRY:
        for table in spec.tables:
            assert TABLES[table].stage == spec.name, (spec.name, table)
        for name in spec.data_files:
            assert (DATA_DIR / name).is_file(), (spec.name, name)
        for dep in (*spec.depends_on, *spec.uses):
            assert dep in stages.SPECS
    assert stages.SPECS["metrics"].depends_on == ("benchmarks",)
    assert stages.SPECS["keywords"].model


def test_every_schema_table_with_a_stage_is_filled_by_that_stage():
    filled = {t: s.name for s in stages.REGISTRY for t in s.tables}
    declared = {t.name: t.stage for t in TABLES.values() if t.stage}
    assert filled == declared


def test_dependants_follow_reads_and_uses():
    assert stages.dependants("benchmarks") == ["metrics", "results"]
    assert stages.dependants("methods") == ["benchmarks", "metrics", "results"]
    assert stages.dependants("sizes") == []


def test_a_dependency_version_is_part_of_its_dependants_version(monkeypatch):
    before = {s.name: s.version() for s in stages.all_stages()}
    monkeypatch.setattr(benchmarks_stage, "VERSION", "test-bumped")
    after = {s.name: s.version() for s in stages.all_stages()}
    changed = {n for n in before if before[n] != after[n]}
    assert changed == {"benchmarks", "metrics", "results"}


def test_the_keyword_model_is_part_of_the_keyword_version(monkeypatch):
    before = stages.get_stage("keywords").version()
    assert "all-MiniLM-L6-v2" in stages.get_stage("keywords").model_id()
    monkeypatch.setattr(keywords, "model_id", lambda: "another-encoder 9.9; en-core-web-lg 3.8.0")
    assert stages.get_stage("keywords").version() != before
    assert stages.get_stage("methods").version() == stages.version_of("methods")


@pytest.fixture()
def seeds_copy(tmp_path):
    inputs = tmp_path / "inputs"
    shutil.copytree(SEEDS, inputs)
    return inputs


def test_changing_a_dependency_reruns_its_dependants_and_nothing_else(seeds_copy, tmp_path, monkeypatch):
    db = tmp_path / "db.duckdb"
    first = build([seeds_copy], db, skip={"keywords"})
    assert _stage(first, "metrics").rows > 0
    monkeypatch.setattr(benchmarks_stage, "VERSION", "test-bumped")
    second = build([seeds_copy], db, skip={"keywords"})
    rerun = {s.name: s.extracted for s in second.stages if s.extracted}
    assert rerun == {"benchmarks": 48, "metrics": 48, "results": 48}


def test_metrics_reads_benchmark_rows_instead_of_running_the_finder(seeds_copy, tmp_path, monkeypatch):
    from extract.names import vocabulary

    calls = []
    real = vocabulary.find_benchmarks

    def counting(text, *a, **k):
        calls.append(text)
        return real(text, *a, **k)

    monkeypatch.setattr(vocabulary, "find_benchmarks", counting)
    names.recognise.cache_clear()  # earlier tests may have recognised the seeds already
    report = build([seeds_copy], tmp_path / "db.duckdb", skip={"keywords"})
    # once per paper: the names stage runs the finder; benchmarks and metrics read rows
    assert len(calls) == len(report.ingest.papers) == 48
    metrics = store.read_table(tmp_path / "db.duckdb", "metrics")
    named = store.read_table(tmp_path / "db.duckdb", "benchmarks")
    attached = metrics.dropna(subset=["benchmark"])
    assert len(attached) > 0
    pairs = set(zip(named["paper_id"], named["name"]))
    assert all((p, b) in pairs for p, b in zip(attached["paper_id"], attached["benchmark"]))


def test_metrics_waits_for_benchmarks_skipped_on_new_papers(seeds_copy, tmp_path):
    """A new paper whose benchmarks stage was skipped gets no metrics rows cached without them."""
    db = tmp_path / "db.duckdb"
    report = build([seeds_copy], db, skip={"keywords", "benchmarks"})
    assert (_stage(report, "metrics").extracted, _stage(report, "metrics").rows) == (0, 0)
    report = build([seeds_copy], db, skip={"keywords"})
    assert _stage(report, "metrics").extracted == 48
    assert store.read_table(db, "metrics")["benchmark"].notna().any()


def test_swapping_the_keyword_model_reruns_keywords_only(seeds_copy, tmp_path, monkeypatch):
    def fake_batch(papers, **_):  # a stand-in extractor: this test is about caching, not ranking
        return [{"__table__": "keywords", "paper_id": p.paper_id, "keyword": "x", "score": 1.0, "rank": 1}
                for p in papers]

    monkeypatch.setattr(keywords, "extract_batch", fake_batch)
    db = tmp_path / "db.duckdb"
    build([seeds_copy], db)
    again = build([seeds_copy], db)
    assert all(s.extracted == 0 for s in again.stages)
    monkeypatch.setattr(keywords, "model_id", lambda: "another-encoder 9.9")
    swapped = build([seeds_copy], db)
    assert {s.name: s.extracted for s in swapped.stages if s.extracted} == {"keywords": 48}


def test_info_lists_stages_with_versions_and_dependencies(seeds_db, capsys):
    assert main(["info", "--db", str(seeds_db)]) == 0
    out = capsys.readouterr().out
    lines = out[out.index("stages (in build order):"):].splitlines()[1:]
    assert [ln.split()[0] for ln in lines] == list(stages.STAGE_NAMES)
    metrics = next(ln for ln in lines if ln.split()[0] == "metrics")
    assert stages.version_of("metrics") in metrics and "reads benchmarks" in metrics
    kw = next(ln for ln in lines if ln.split()[0] == "keywords")
    assert "model: all-MiniLM-L6-v2" in kw


def test_a_stage_with_two_tables_routes_rows_by_their_table_tag(monkeypatch):
    from extract.pipeline import split_rows

    spec = stages.SPECS["keywords"]
    monkeypatch.setitem(stages.SPECS, "keywords", stages.StageSpec(
        spec.name, spec.module, ("keywords", "extra"), data_files=spec.data_files, model=spec.model))
    rows = [{"__table__": "keywords", "paper_id": "p1", "keyword": "x", "score": 1.0, "rank": 1},
            {"__table__": "extra", "paper_id": "p1", "v": 2}]
    out = split_rows(stages.get_stage("keywords"), rows)
    assert out == {"keywords": [{"paper_id": "p1", "keyword": "x", "score": 1.0, "rank": 1}],
                   "extra": [{"paper_id": "p1", "v": 2}]}


@pytest.mark.parametrize("name", stages.STAGE_NAMES)
def test_registry_declares_every_data_file_its_module_reads(name):
    """The registry is what versions a stage: a file the module reads but the registry omits
    would let a vocabulary edit reuse stale cached rows."""
    stage = stages.get_stage(name)
    declared = set(stage.spec.data_files)
    module_files = set(getattr(stage.module, "DATA_FILES", ()))
    assert module_files <= declared | {f for d in (*stage.spec.depends_on, *stage.spec.uses)
                                       for f in stages.SPECS[d].data_files}, name
    assert getattr(stage.module, "TABLE", stage.table) == stage.table
