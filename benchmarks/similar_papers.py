"""Time "similar papers" on random 384-d embeddings of as many papers as the 47k corpus.

    python benchmarks/similar_papers.py [--papers 47658] [--queries 50]

Writes a ``paper_embeddings(paper_id VARCHAR, embedding FLOAT[384])`` table of random vectors
into a temporary DuckDB file (the schema the keyword stage fills), then times what the Papers
page does: loading and normalising the vectors once (cold, then cached by the app) and one
nearest-neighbour query per paper view (``dashboard.analytics.nearest_neighbours``). Target:
a query under 300 ms.
"""

from __future__ import annotations

import argparse
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
    from dashboard import analytics, data

    rng = np.random.default_rng(0)
    vecs = rng.normal(size=(args.papers, args.dim)).astype(np.float32)
    ids = [f"p{i:015x}" for i in range(args.papers)]
    with tempfile.TemporaryDirectory(prefix="pt-similar-") as tmp:
        db = Path(tmp) / "emb.duckdb"
        con = duckdb.connect(str(db))
        emb = pa.FixedSizeListArray.from_arrays(pa.array(vecs.ravel()), args.dim)
        tbl = pa.table({"paper_id": ids, "embedding": emb})  # noqa: F841 (read by DuckDB)
        con.execute(
            f"CREATE TABLE paper_embeddings AS SELECT paper_id, "
            f"embedding::FLOAT[{args.dim}] AS embedding FROM tbl"
        )
        con.close()
        size_mb = db.stat().st_size / 2**20

        t = time.perf_counter()
        # the Papers page's loader (st.cache_resource; runs uncached here, in bare mode)
        got_ids, unit, index = data._embeddings(str(db), db.stat().st_mtime)
        load = time.perf_counter() - t

    times = []
    for q in rng.choice(args.papers, size=args.queries, replace=False):
        t = time.perf_counter()
        out = analytics.nearest_neighbours(unit, got_ids, got_ids[q], k=10, index=index)
        times.append(time.perf_counter() - t)
        assert len(out) == 10 and out["paper_id"].iloc[0] != got_ids[q]
    med, worst = statistics.median(times), max(times)
    print(f"{args.papers:,} papers x {args.dim} dims ({size_mb:.0f} MB DuckDB file)")
    print(f"load + normalise (once per database, then cached): {load:.2f} s")
    print(
        f"one query, top 10: median {1000 * med:.1f} ms, worst {1000 * worst:.1f} ms "
        f"over {args.queries} queries (target < {1000 * TARGET_S:.0f} ms)"
    )
    return 0 if worst < TARGET_S else 1


if __name__ == "__main__":
    raise SystemExit(main())
