"""``build --workers N``: extraction in worker processes writes exactly the one-process tables."""

import os
from pathlib import Path

import pandas as pd
import pytest

from extract import store
from extract.cli import main
from extract.pipeline import build
from extract.records import PaperText
from extract.stages import Stage, get_stage
from extract.workers import ProcessRunner, WorkerError, input_bytes, tasks, usable_cores

FIXTURES = Path(__file__).parent / "fixtures"


def _tables(db: Path) -> list[str]:
    con = store.connect(db)
    try:
        return store.table_names(con)
    finally:
        con.close()


@pytest.fixture(scope="module")
def one_and_two(tmp_path_factory, seeds_dir):
    """The seeds and the test fixtures built with every stage in 1 and in 2 processes."""
    tmp = tmp_path_factory.mktemp("workers")
    one, two = tmp / "one.duckdb", tmp / "two.duckdb"
    paths = [seeds_dir, FIXTURES]
    build(paths, one, keep_going=True, runner=ProcessRunner(1))
    # small tasks: every stage is cut into several, so their order matters
    with ProcessRunner(2, min_papers=1, task_papers=8) as runner:
        report = build(paths, two, keep_going=True, runner=runner)
    return one, two, report, runner


def test_two_workers_write_the_tables_of_one(one_and_two):
    one, two, report, runner = one_and_two
    assert report.written and len(report.ingest.papers) > 50
    assert all(s.extracted == len(report.ingest.papers) for s in report.stages)
    assert len(runner.worker_pids) == 2 and os.getpid() not in runner.worker_pids
    names = _tables(one)
    assert names == _tables(two) and {"keywords", "paper_embeddings", "results"} <= set(names)
    for table in names:
        a, b = store.read_table(one, table), store.read_table(two, table)
        if table not in ("build_problems",):
            assert len(a) > 0, f"{table} is empty: the comparison would prove nothing"
        pd.testing.assert_frame_equal(a, b, obj=table)


def test_a_stage_error_in_a_worker_is_a_clear_error():
    papers = [PaperText(f"p{i}", "We propose a transformer for parsing.", "T") for i in range(6)]
    with ProcessRunner(2, min_papers=1, task_papers=2) as runner:
        expected = (r"stage no-such-stage failed in a worker process "
                    r"\(papers p\d \.\. p\d\): ValueError: unknown stage")
        with pytest.raises(WorkerError, match=expected):
            runner(Stage("no-such-stage"), papers, {})
        # the runner starts a new pool after a failure
        rows = runner(get_stage("techniques"), papers, {})
    assert rows == get_stage("techniques").run(papers)


class _KillsItsReader:
    """Unpickled in a worker, this ends the worker's process (a crash, not an exception)."""

    def __reduce__(self):
        return (os._exit, (3,))


def test_a_worker_that_dies_is_an_error_not_a_hang():
    papers = [PaperText(f"p{i}", "We propose a transformer for parsing.", "T") for i in range(4)]
    deps = {"names": {"p1": [_KillsItsReader()]}}
    with ProcessRunner(2, min_papers=1, task_papers=2) as runner:
        with pytest.raises(WorkerError, match="stage methods: a worker process died"):
            runner(get_stage("methods"), papers, deps)


def test_cli_workers_flag(tmp_path, seeds_dir, seeds_db, capsys):
    db = tmp_path / "w.duckdb"
    args = ["build", str(seeds_dir), "--db", str(db), "--workers", "2", "--no-keywords", "--quiet"]
    assert main(args) == 0
    for table in ("names", "methods", "metrics"):
        pd.testing.assert_frame_equal(store.read_table(db, table),
                                      store.read_table(seeds_db, table))
    with pytest.raises(SystemExit):
        main(["build", str(seeds_dir), "--db", str(db), "--workers", "0"])
    assert "expected a whole number >= 1, got '0'" in capsys.readouterr().err


def test_few_papers_run_in_this_process():
    papers = [PaperText("p1", "We fine-tune BERT on SQuAD and reach 90.1 F1.", "T")]
    with ProcessRunner(2) as runner:  # default min_papers: no pool for one paper
        rows = runner(get_stage("names"), papers, {})
        assert runner._pool is None and not runner.worker_pids
    assert rows == get_stage("names").run(papers)


def test_tasks_cover_the_papers_in_order():
    papers = list(range(11))
    parts = tasks(papers, workers=2, task_papers=100)
    assert [x for p in parts for x in p] == papers
    assert len(parts) == 4  # at least two per worker
    assert max(len(p) for p in tasks(list(range(5000)), 2, task_papers=1024)) == 1024
    assert tasks([], 2) == []


def test_default_workers_are_the_usable_cores():
    assert usable_cores() == len(os.sched_getaffinity(0))


def test_started_workers_run_the_first_stage(seeds_dir):
    papers = [PaperText(f"p{i}", f"We apply LoRA adapters to a {i}B model for parsing.", "T")
              for i in range(4)]
    with ProcessRunner(2, min_papers=1, task_papers=1, stages=["techniques"]) as runner:
        runner.start()  # what the CLI does before ingest when the inputs are large
        assert runner._pool is not None
        rows = runner(get_stage("techniques"), papers, {})
        assert runner.worker_pids and os.getpid() not in runner.worker_pids
    assert rows == get_stage("techniques").run(papers) and rows
    sizes = sum(p.stat().st_size for p in seeds_dir.rglob("*") if p.is_file())
    assert input_bytes([seeds_dir, seeds_dir / "missing"]) == sizes > 0
