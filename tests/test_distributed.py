"""The Dask engine writes exactly the tables a local build writes."""

import pandas as pd
import pytest

from extract import store
from extract.cli import main
from extract.pipeline import build
from extract.schema import EXTRACTION_TABLES

distributed = pytest.importorskip("distributed", reason="dask.distributed not installed")


@pytest.fixture(scope="module")
def client():
    from distributed import Client, LocalCluster

    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    c = Client(cluster)
    yield c
    c.close()
    cluster.close()


def test_dask_build_equals_local_build(tmp_path, seeds_dir, seeds_db, client):
    from extract.distributed import dask_runner

    db = tmp_path / "dask.duckdb"
    build([seeds_dir], db, skip={"keywords"}, runner=dask_runner(client=client, partitions=5, show_progress=False))
    for table in ["papers", "sources", *EXTRACTION_TABLES]:
        if table not in ("keywords", "paper_embeddings"):  # the keywords stage: skipped in both
            assert len(store.read_table(db, table)) > 0, f"{table} is empty: the comparison would prove nothing"
        pd.testing.assert_frame_equal(store.read_table(db, table), store.read_table(seeds_db, table), obj=table)


# the module's cluster holds the scheduler's HTTP port; this one takes another
@pytest.mark.filterwarnings("ignore:Port 8787 is already in use")
def test_dask_worker_with_threads_equals_local_build(tmp_path, seeds_dir, seeds_db):
    # one worker process running four partitions at once in four threads, from fresh caches:
    # the threads share the phrase taggers' word caches, which must give the rows of one thread
    from distributed import Client, LocalCluster

    from extract.distributed import dask_runner

    db = tmp_path / "threads.duckdb"
    with LocalCluster(n_workers=1, threads_per_worker=4, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as c:
        build([seeds_dir], db, skip={"keywords"},
              runner=dask_runner(client=c, partitions=12, show_progress=False))
    for table in EXTRACTION_TABLES:
        if table not in ("keywords", "paper_embeddings"):  # the keywords stage: skipped in both
            assert len(store.read_table(db, table)) > 0, table
        pd.testing.assert_frame_equal(store.read_table(db, table), store.read_table(seeds_db, table),
                                      obj=table)


def test_cli_dask_engine_with_scheduler_address(tmp_path, seeds_dir, seeds_db, client, capsys):
    db = tmp_path / "cli.duckdb"
    rc = main(["build", str(seeds_dir), "--db", str(db), "--engine", "dask",
               "--scheduler", client.scheduler.address, "--no-keywords", "--quiet"])
    assert rc == 0
    for table in ("methods", "metrics"):  # metrics reads the benchmarks rows shipped to the workers
        assert len(store.read_table(db, table)) > 0
        pd.testing.assert_frame_equal(store.read_table(db, table), store.read_table(seeds_db, table))
    assert store.read_table(db, "metrics")["benchmark"].notna().any()


def test_unreachable_scheduler_is_a_clear_error(tmp_path, seeds_dir, capsys):
    rc = main(["build", str(seeds_dir), "--db", str(tmp_path / "x.duckdb"), "--engine", "dask",
               "--scheduler", "tcp://127.0.0.1:9", "--no-keywords", "--quiet"])
    assert rc == 2
    assert "cannot reach Dask scheduler at tcp://127.0.0.1:9" in capsys.readouterr().err


def test_partitions_keep_order_and_cover_everything():
    from extract.distributed import partition

    items = list(range(11))
    parts = partition(items, 4)
    assert [x for p in parts for x in p] == items
    assert len(parts) == 4
    assert partition([], 3) == []
