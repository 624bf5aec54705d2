"""Boards read with SQL from the stored board fields (extract/leaderboards/query.py) are the boards
:func:`extract.leaderboards.annotate` reads from the sentences.

The rows are the results stage's own on real abstracts of the 47k build (``tests/test_boards.py``).
"""

from __future__ import annotations

import duckdb
import pandas as pd
import pytest

from extract import cli
from extract import leaderboards as lb
from extract.leaderboards import query
from tests.test_boards import _frames


@pytest.fixture(scope="module")
def frames() -> dict[str, pd.DataFrame]:
    return _frames()


def _write(path, frames, drop=()) -> str:
    con = duckdb.connect(str(path))
    for name, frame in frames.items():
        con.register("f", frame.drop(columns=[c for c in drop if c in frame.columns]))
        con.execute(f"CREATE TABLE {name} AS SELECT * FROM f")
        con.unregister("f")
    con.close()
    return str(path)


@pytest.fixture(scope="module")
def dbs(tmp_path_factory, frames) -> tuple[str, str]:
    """The same rows twice: with the stored board fields and as a build made before them."""
    d = tmp_path_factory.mktemp("lbquery")
    return _write(d / "new.duckdb", frames), _write(d / "old.duckdb", frames, query.STORED)


def _norm(frame: pd.DataFrame) -> list[dict]:
    f = frame.sort_values(["paper_id", "start", "end"]).reset_index(drop=True)
    f = f.astype(object).where(f.notna(), None)
    return f.to_dict("records")


def test_sql_rows_are_the_annotated_rows_of_each_benchmark(frames, dbs):
    ann = lb.annotate(frames["results"], frames["papers"], frames["methods"], None,
                      frames["benchmarks"])
    con = duckdb.connect(dbs[0], read_only=True)
    run = query.runner(con)
    assert query.has_board_fields(run, "SELECT * FROM results")
    ids = sorted(set(ann["bench_id"]))
    assert {"imagenet", "humaneval", "cifar-10"} <= set(ids)
    for bid in ids:
        got = query.benchmark_rows(run, "SELECT * FROM results", [], bid)
        assert _norm(got) == _norm(ann[ann["bench_id"] == bid]), bid
    # the benchmark list: papers with a score, with a placed score
    listed = query.benchmark_list(run, "SELECT * FROM results")
    scores = ann[ann["kind"] == "score"]
    assert dict(zip(listed["bench_id"], listed["scored"])) == \
        scores.groupby("bench_id")["paper_id"].nunique().to_dict()
    placed = ann[ann["placed"]].groupby("bench_id")["paper_id"].nunique()
    assert dict(zip(listed["bench_id"], listed["papers"])) == \
        {b: int(placed.get(b, 0)) for b in listed["bench_id"]}
    assert listed["papers"].is_monotonic_decreasing
    imagenet = listed.set_index("bench_id").loc["imagenet"]
    assert imagenet["bench"] == "ImageNet"
    # a filtered view: the rows of the papers passed in only
    one = ann.loc[ann["bench_id"] == "imagenet", "paper_id"].iloc[0]
    got = query.benchmark_rows(run, "SELECT * FROM results WHERE paper_id = ?", [one],
                               "imagenet")
    assert set(got["paper_id"]) == {one}
    con.close()


def test_the_command_prints_the_same_boards_without_the_stored_fields(dbs, capsys):
    """A build made before the stage stored the board fields is read by annotate(); the output
    is the same."""
    con = duckdb.connect(dbs[1], read_only=True)
    assert not query.has_board_fields(query.runner(con), "SELECT * FROM results")
    con.close()
    for args in (["ImageNet-1K", "--metric", "accuracy"], ["HumanEval"],
                 ["HumanEval", "--all-settings", "--format", "json"], ["MMLU", "--unplaced"], ["GSM8K"],
                 ["CIFAR-10", "--format", "csv"]):
        outs = []
        for db in dbs:
            rc = cli.main(["leaderboard", *args, "--db", db])
            got = capsys.readouterr()
            outs.append((rc, got.out, got.err))
        assert outs[0] == outs[1] and (outs[0][1] + outs[0][2]).strip(), args
