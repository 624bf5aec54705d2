"""Time the search indexes of ``extract/index.py`` against the SQL paths they replace.

    python benchmarks/index_bench.py --db F [--queries 50] [--no-build] [--json OUT]

On a built database (``paper-trends build``; with the keyword stage for similar papers):

1. writes the index folder (``extract.index.write_index``; skipped with ``--no-build``, then
   the existing folder is used) and reports its build time and size on disk;
2. similar papers: for ``--queries`` seeded random papers, times one faiss HNSW query, one
   exact brute-force query over the *same* title + abstract vectors (numpy) and today's exact
   DuckDB scan of ``paper_embeddings``, and reports recall@10 of HNSW against the brute force;
3. full-text search: times the index (``Index.search``: ids of the papers with every word,
   ranked) and the SQL path (``contains(lower(...))`` over title/abstract/authors for every
   word, the dashboard's fallback) on a fixed list of queries, and how many papers each finds.

Timings are indicative (a shared machine); medians are reported.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

QUERIES = [
    "transformer",
    "graph neural network",
    "reinforcement learning",
    "machine translation",
    "diffusion model",
    "contrastive learning",
    "question answering",
    "large language models",
    "object detection",
    "word alignment",
    "federated",
    "attention",
]


def _ms(values: list[float]) -> float:
    return round(1000 * statistics.median(values), 2)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", type=Path, required=True)
    ap.add_argument("--queries", type=int, default=50)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)

    import duckdb
    import numpy as np

    from dashboard.filter_model import SEARCH_COLUMNS, Filters, where_sql
    from extract import index

    out: dict = {"db": str(args.db)}
    if not args.no_build:
        t = time.perf_counter()
        rep = index.write_index(args.db)
        out["build"] = {
            "seconds": round(time.perf_counter() - t, 2),
            "text_seconds": round(rep.text_seconds, 2),
            "similar_seconds": round(rep.similar_seconds, 2),
            "papers": rep.papers,
            "vectors": rep.vectors,
        }
    folder = index.index_dir(args.db)
    out["size_mb"] = round(sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6, 1)
    con = duckdb.connect(str(args.db), read_only=True)
    idx = index.Index.open(args.db, index.fingerprint(con))
    assert idx is not None, "no valid index next to the database"

    if idx.has_similar:
        ids = idx._similar_ids
        hnsw = idx._similar
        n = hnsw.ntotal
        vecs = np.vstack([hnsw.reconstruct(i) for i in range(n)])
        rng = random.Random(0)
        picks = rng.sample(range(n), min(args.queries, n))
        t_ann, t_brute, t_sql, recall = [], [], [], []
        for q in picks:
            t = time.perf_counter()
            got = idx.similar(ids[q], 10)
            t_ann.append(time.perf_counter() - t)
            t = time.perf_counter()
            sims = vecs @ vecs[q]
            sims[q] = -np.inf
            top = np.argpartition(-sims, 10)[:10]
            t_brute.append(time.perf_counter() - t)
            truth = {ids[i] for i in top}
            recall.append(len(truth & {p for p, _ in got}) / 10)
            t = time.perf_counter()
            con.execute(
                "WITH q AS (SELECT embedding AS e FROM paper_embeddings WHERE paper_id = ?) "
                "SELECT paper_id, array_cosine_similarity(embedding, (SELECT e FROM q)) AS s "
                "FROM paper_embeddings WHERE paper_id <> ? ORDER BY s DESC, paper_id LIMIT 10",
                [ids[q], ids[q]],
            ).fetchall()
            t_sql.append(time.perf_counter() - t)
        out["similar"] = {
            "vectors": n,
            "queries": len(picks),
            "hnsw_ms": _ms(t_ann),
            "brute_force_numpy_ms": _ms(t_brute),
            "duckdb_exact_scan_ms": _ms(t_sql),
            "recall_at_10": round(statistics.mean(recall), 4),
        }

    rows = []
    idx.search("warm up")  # loads the text index once
    for text in QUERIES:
        t = time.perf_counter()
        hits = idx.search(text)
        t_idx = time.perf_counter() - t
        cond, params = where_sql(Filters(query=text), "p", "techniques", SEARCH_COLUMNS)
        t = time.perf_counter()
        (n_sql,) = con.execute(f"SELECT count(*) FROM papers p WHERE {cond}", params).fetchone()
        t_sql = time.perf_counter() - t
        cond, params = where_sql(Filters(query=text), "p", "techniques", search_ids=hits)
        t = time.perf_counter()
        (n_ids,) = con.execute(f"SELECT count(*) FROM papers p WHERE {cond}", params).fetchone()
        t_ids = time.perf_counter() - t
        rows.append((text, len(hits), n_sql, t_idx, t_ids, t_sql))
    out["search"] = {
        "index_ms": _ms([r[3] for r in rows]),
        "index_then_sql_ids_ms": _ms([r[3] + r[4] for r in rows]),
        "sql_contains_ms": _ms([r[5] for r in rows]),
        "per_query": [
            {"query": r[0], "index_hits": r[1], "sql_hits": r[2],
             "index_ms": round(1000 * (r[3] + r[4]), 1), "sql_ms": round(1000 * r[5], 1)}
            for r in rows
        ],
    }
    con.close()
    text = json.dumps(out, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
