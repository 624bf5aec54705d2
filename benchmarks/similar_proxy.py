"""A proxy for "similar papers" quality that needs no judging: author-keyword overlap.

    python benchmarks/similar_proxy.py --db F

On a build with keywords whose papers carry author keywords (ICLR's, ``papers.author_keywords``),
for every paper with at least two, the mean Jaccard overlap of its author keywords with those of
its 5 nearest papers (among the papers with keywords), by exact cosine, for each way of making
the vectors: the keyword stage's (``paper_embeddings``), one vector of the whole title +
abstract, and the centred, title-weighted mixes of ``extract.index.paper_vectors``. Used to choose
the index's vectors without looking at the hand-checked audit (``benchmarks/similar_audit.py``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", type=Path, required=True)
    args = ap.parse_args(argv)

    import duckdb
    import numpy as np

    from extract.index import _centred, _unit, encode, paper_vectors

    con = duckdb.connect(str(args.db), read_only=True)
    rows = con.execute(
        "SELECT p.paper_id, coalesce(trim(p.title), ''), coalesce(p.abstract, ''), "
        "p.author_keywords, e.embedding FROM papers p JOIN paper_embeddings e USING (paper_id) "
        "ORDER BY 1"
    ).fetchall()
    titles, abstracts = [r[1] for r in rows], [r[2] for r in rows]
    kw = [frozenset(k.strip().lower() for k in (r[3] or "").split(";") if k.strip()) for r in rows]
    has_t = np.array([bool(t) for t in titles])
    has_a = np.array([bool(a) for a in abstracts])
    tv, av = _centred(encode(titles), has_t), _centred(encode(abstracts), has_a)
    full = encode([f"{t}. {a}" if t else a for t, a in zip(titles, abstracts, strict=True)])
    variants = {
        "keyword stage (paper_embeddings)": np.array([r[4] for r in rows], dtype=np.float32),
        "title + abstract, one vector": full,
        "same, centred": _centred(full, np.ones(len(rows), dtype=bool)),
        "centred title + centred abstract": _unit(tv + av),
        "2 x title + abstract (index)": paper_vectors(titles, abstracts),
    }
    queries = [i for i, k in enumerate(kw) if len(k) >= 2]
    with_kw = np.array([bool(k) for k in kw])
    print(f"{len(queries)} papers with >= 2 author keywords, neighbours among {with_kw.sum()}")
    for name, vecs in variants.items():
        sims = vecs[queries] @ vecs.T
        sims[np.arange(len(queries)), queries] = -9
        sims[:, ~with_kw] = -9
        top = np.argsort(-sims, axis=1)[:, :5]
        jac = np.mean([
            np.mean([len(kw[i] & kw[n]) / len(kw[i] | kw[n]) for n in top[j]])
            for j, i in enumerate(queries)
        ])
        print(f"{name:34} mean author-keyword Jaccard@5 {jac:.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
