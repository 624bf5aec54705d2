"""Declared stages: one registry, versions that follow every input, dependants re-run."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

import extract.keywords as keywords
from extract import names, stages, store
from extract.cli import main
from extract.datafiles import DATA_DIR
from extract.pipeline import _rows_by_paper, build
from extract.records import PaperText
from extract.schema import TABLES
from extract.stages import benchmarks as benchmarks_stage
from tests.conftest import ROOT, SEEDS

FIXTURES = ROOT / "tests" / "fixtures"


def _stage(report, name):
    return next(s for s in report.stages if s.name == name)


def test_registry_is_a_build_order_and_declares_real_tables_and_files():
    stages.check_registry()
    for spec in stages.REGISTRY:
        for table in spec.tables:
            assert TABLES[table].stage == spec.name, (spec.name, table)
        for name in spec.data_files:
            assert (DATA_DIR / name).is_file(), (spec.name, name)
        for dep in spec.depends_on:
            assert dep in stages.SPECS
        assert set(spec.reads) <= {"abstract", "title"}
    assert stages.SPECS["metrics"].depends_on == ("benchmarks",)
    assert stages.SPECS["keywords"].model


def test_every_schema_table_with_a_stage_is_filled_by_that_stage():
    filled = {t: s.name for s in stages.REGISTRY for t in s.tables}
    declared = {t.name: t.stage for t in TABLES.values() if t.stage}
    assert filled == declared


def test_dependants_follow_the_rows_a_stage_reads():
    """Derived from the declarations: a stage's dependants are the stages that read its rows,
    directly or through another stage, in build order."""
    from extract.schema import stage_declarations

    reads = {d["name"]: set(d.get("depends_on", ())) for d in stage_declarations()}

    def upstream(name):
        out = set(reads[name])
        for d in reads[name]:
            out |= upstream(d)
        return out

    for name in reads:
        assert stages.dependants(name) == [s for s in stages.STAGE_NAMES if name in upstream(s)]
    # the shape of today's registry, as a reader of the docs expects it
    assert stages.dependants("benchmarks")[:2] == ["metrics", "results"]
    assert stages.dependants("sizes") == []


def test_a_dependency_version_is_part_of_its_dependants_version(code_copy):
    before = {s.name: s.version() for s in stages.all_stages()}
    code_copy.edit("extract/stages/benchmarks.py")
    after = {s.name: s.version() for s in stages.all_stages()}
    changed = {n for n in before if before[n] != after[n]}
    # methods imports nothing of the benchmarks stage; names still does (a layering debt the
    # names/ restructuring removes), so it and everything reading names change
    assert {"benchmarks", "metrics", "results"} <= changed
    assert "techniques" not in changed and "keywords" not in changed


def test_the_keyword_model_is_part_of_the_keyword_version(monkeypatch):
    before = stages.get_stage("keywords").version()
    assert "all-MiniLM-L6-v2" in stages.get_stage("keywords").model_id()
    monkeypatch.setattr(keywords, "model_id", lambda: "another-encoder 9.9; en-core-web-lg 3.8.0")
    assert stages.get_stage("keywords").version() != before
    assert stages.get_stage("methods").version() == stages.version_of("methods")


class _CodeCopy:
    """A copy of ``extract/`` that the version reader looks at instead of the real tree."""

    def __init__(self, root):
        self.root = root

    def edit(self, rel: str) -> None:
        path = self.root / rel
        path.write_text(path.read_text(encoding="utf-8") + "\n# an edit that changes nothing\n",
                        encoding="utf-8")
        stages.clear_version_cache()


@pytest.fixture()
def code_copy(tmp_path, monkeypatch):
    from extract import versioning

    root = tmp_path / "code"
    shutil.copytree(versioning.ROOT / "extract", root / "extract",
                    ignore=shutil.ignore_patterns("data", "__pycache__"))
    monkeypatch.setattr(versioning, "ROOT", root)
    stages.clear_version_cache()
    yield _CodeCopy(root)
    monkeypatch.undo()
    stages.clear_version_cache()


@pytest.fixture()
def seeds_copy(tmp_path):
    inputs = tmp_path / "inputs"
    shutil.copytree(SEEDS, inputs)
    return inputs


def test_editing_a_module_reruns_the_stages_that_import_it_and_their_dependants(seeds_copy, tmp_path,
                                                                             code_copy):
    db = tmp_path / "db.duckdb"
    first = build([seeds_copy], db, skip={"keywords"})
    assert _stage(first, "metrics").rows > 0
    code_copy.edit("extract/stages/sizes.py")  # imported by the sizes stage alone
    second = build([seeds_copy], db, skip={"keywords"})
    assert {s.name: s.extracted for s in second.stages if s.extracted} == {"sizes": 48}
    assert _stage(second, "sizes").refreshed == 48
    code_copy.edit("extract/stages/metrics.py")  # metrics; results reads no metrics rows
    third = build([seeds_copy], db, skip={"keywords"})
    assert {s.name: s.extracted for s in third.stages if s.extracted} == {"metrics": 48}
    fourth = build([seeds_copy], db, skip={"keywords"})
    assert all(s.extracted == 0 for s in fourth.stages)


def test_editing_a_shared_text_module_reruns_every_stage_that_imports_it(code_copy):
    from extract import versioning

    before = {s.name: s.version() for s in stages.all_stages()}
    code_copy.edit("extract/text/markup.py")
    after = {s.name: s.version() for s in stages.all_stages()}
    users = {s.name for s in stages.all_stages()
             if "extract.text.markup" in versioning.module_closure(s.spec.module)}
    assert users  # the markup-free view is read by the rule stages
    changed = {n for n in before if before[n] != after[n]}
    expected = users | {d for u in users for d in stages.dependants(u)}
    assert changed == expected


def test_metrics_reads_benchmark_rows_instead_of_running_the_finder(seeds_copy, tmp_path, monkeypatch):
    calls = []
    real = benchmarks_stage.find_benchmarks

    def counting(text, *a, **k):
        calls.append(text)
        return real(text, *a, **k)

    monkeypatch.setattr(benchmarks_stage, "find_benchmarks", counting)
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


def test_changing_a_title_reruns_that_paper_in_the_stages_that_read_titles(tmp_path):
    recs = [json.loads(x) for x in (FIXTURES / "papers.jsonl").read_text(encoding="utf-8").splitlines()
            if x.strip().startswith("{") and '"abstract": "' in x]
    recs = [r for r in recs if len(r.get("abstract") or "") > 200][:2]
    assert len(recs) == 2
    src = tmp_path / "papers.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in recs), encoding="utf-8")
    db = tmp_path / "db.duckdb"
    build([src], db, skip={"keywords"})
    recs[0]["title"] = "An entirely different title about LoRA adapters"
    src.write_text("".join(json.dumps(r) + "\n" for r in recs), encoding="utf-8")
    again = build([src], db, skip={"keywords"})
    rerun = {s.name: s.extracted for s in again.stages if s.extracted}
    # names and techniques read the title; methods, benchmarks, metrics and results read names
    assert rerun == {"names": 1, "techniques": 1, "methods": 1, "benchmarks": 1, "metrics": 1,
                     "results": 1}


@pytest.mark.parametrize("name", [s.name for s in stages.REGISTRY if "title" not in s.reads])
def test_a_stage_that_does_not_declare_the_title_does_not_read_it(name, seeds_db):
    """The cache key holds only what ``reads`` declares: a stage must not look at more."""
    papers = store.read_table(seeds_db, "papers")
    texts = [PaperText(r.paper_id, r.abstract, r.title) for r in papers.itertuples()]
    other = [PaperText(p.paper_id, p.abstract, "GPT-4 with LoRA on ImageNet: 7B parameters, 99% accuracy")
             for p in texts]
    stage = stages.get_stage(name)
    deps = {d: {} for d in stage.depends_on} or None
    if deps is not None:  # the dependencies' rows as a build passes them
        deps = {d: _rows_by_paper(store.read_table(seeds_db, stages.SPECS[d].tables[0]))
                for d in stage.depends_on}
    assert stage.run(texts, deps=deps) == stage.run(other, deps=deps)


def test_info_lists_stages_with_versions_and_dependencies(seeds_db, capsys):
    assert main(["info", "--db", str(seeds_db)]) == 0
    out = capsys.readouterr().out
    lines = out[out.index("stages (in build order):"):].splitlines()[1:]
    assert [ln.split()[0] for ln in lines] == list(stages.STAGE_NAMES)
    metrics = next(ln for ln in lines if ln.split()[0] == "metrics")
    assert stages.version_of("metrics") in metrics and "reads benchmarks" in metrics
    assert "rows: current" in metrics
    assert "inputs: abstract, title" in next(ln for ln in lines if ln.split()[0] == "names")
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
    assert module_files <= declared | {f for d in stage.spec.depends_on
                                       for f in stages.SPECS[d].data_files}, name
    assert getattr(stage.module, "TABLE", stage.table) == stage.table


_RUNTIME_MODULES = """
import json, sys
import duckdb
from extract import stages
from extract.records import PaperText
name, db = sys.argv[1], sys.argv[2]
con = duckdb.connect(db, read_only=True)
texts = [PaperText(*r) for r in con.execute(
    "SELECT paper_id, abstract, title FROM papers ORDER BY paper_id LIMIT 12").fetchall()]
stage = stages.get_stage(name)
deps = {}
for d in stage.depends_on:
    df = con.execute(f"SELECT * FROM {stages.SPECS[d].tables[0]}").df()
    rows = {}
    for r in df.to_dict("records"):
        rows.setdefault(r["paper_id"], []).append(r)
    deps[d] = rows
stage.run(texts, deps=deps or None)
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in ("extract", "dashboard"))))
"""


@pytest.mark.slow
@pytest.mark.parametrize("name", stages.STAGE_NAMES)
def test_every_module_a_stage_runs_is_in_its_code_version(name, seeds_db):
    """The import graph read from the files must cover what really runs: a module loaded at run
    time that the version does not hash would let an edit serve stale rows."""
    from extract import versioning

    out = subprocess.run([sys.executable, "-c", _RUNTIME_MODULES, name, str(seeds_db)], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    loaded = set(json.loads(out.stdout.splitlines()[-1]))
    harness = set(versioning.module_closure("extract.stages"))  # the registry itself
    unseen = loaded - set(versioning.module_closure(stages.SPECS[name].module)) - harness
    assert not unseen, f"{name} runs {sorted(unseen)} but its version does not hash them"
