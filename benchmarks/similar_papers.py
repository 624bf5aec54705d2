"""Time "similar papers" on random 384-d embeddings of as many papers as the 47k corpus.

    python benchmarks/similar_papers.py [--papers 47658] [--queries 50]

Writes a ``paper_embeddings(paper_id VARCHAR, embedding FLOAT[384])`` table of random vectors
into a temporary DuckDB file (the schema the keyword stage fills) with the seeds' other tables
empty, then times what the Papers page does for one paper: one DuckDB scan of the embeddings
ranked by cosine similarity (``dashboard.aggregates.similar_papers``; the vectors never enter
Python). Also reports the process's peak RSS. Target: a query under 300 ms.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
TARGET_S = 0.3


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--papers", type=int, default=47658)
    ap.add_argument("--dim", type=int, default=384)
    ap.add_argument("--queries", type=int, default=50)
    args = ap.parse_args(argv)

    import logging

    import duckdb
    import numpy as np
    import pyarrow as pa

    logging.getLogger("streamlit").setLevel(logging.ERROR)
    from extract import store

    rng = np.random.default_rng(0)
    ids = [f"p{i:015x}" for i in range(args.papers)]
    with tempfile.TemporaryDirectory(prefix="pt-similar-") as tmp:
        db = Path(tmp) / "emb.duckdb"
        store.write_tables(db, {})  # every published table, empty
        con = duckdb.connect(str(db))
        for lo in range(0, args.papers, 100_000):  # in slices: bounded memory at any size
            vecs = rng.normal(size=(min(100_000, args.papers - lo), args.dim)).astype(np.float32)
            emb = pa.FixedSizeListArray.from_arrays(pa.array(vecs.ravel()), args.dim)
            tbl = pa.table({"paper_id": ids[lo : lo + len(vecs)], "embedding": emb})  # noqa: F841
            sql = f"SELECT paper_id, embedding::FLOAT[{args.dim}] AS embedding FROM tbl"
            if lo == 0:
                con.execute(f"CREATE OR REPLACE TABLE paper_embeddings AS {sql}")
            else:
                con.execute(f"INSERT INTO paper_embeddings {sql}")
        con.close()
        size_mb = db.stat().st_size / 2**20
        os.environ["PAPER_TRENDS_DB"] = str(db)
        from dashboard import aggregates, data

        times = []
        for q in rng.choice(args.papers, size=args.queries, replace=False):
            t = time.perf_counter()
            out = aggregates.similar_papers(ids[q], k=10)  # uncached: a new paper each time
            times.append(time.perf_counter() - t)
            assert len(out) == 10 and ids[q] not in set(out["paper_id"])
    med, worst = statistics.median(times[1:] or times), max(times[1:] or times)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
    print(f"{args.papers:,} papers x {args.dim} dims ({size_mb:.0f} MB DuckDB file)")
    print(f"first query (opens the database): {times[0]:.2f} s")
    print(
        f"one query, top 10: median {1000 * med:.1f} ms, worst {1000 * worst:.1f} ms "
        f"over {len(times) - 1 or 1} further queries (target < {1000 * TARGET_S:.0f} ms)"
    )
    print(f"peak RSS of the process: {peak:.2f} GiB")
    return 0 if worst < TARGET_S else 1


if __name__ == "__main__":
    raise SystemExit(main())
