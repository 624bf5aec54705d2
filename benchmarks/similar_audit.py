"""Precision@5 of "similar papers": today's exact scan against the faiss index, hand-judged.

    python benchmarks/similar_audit.py                      # score benchmarks/devset/similar_audit.jsonl
    python benchmarks/similar_audit.py --sample DB --sheet S --key K   # make a blind sheet to judge
    python benchmarks/similar_audit.py --merge S --key K    # write the jsonl from the judged sheet

The systems: ``exact`` is what the dashboard did before the index (cosine over the keyword
stage's document vectors in ``paper_embeddings``, which read the first 16 words of title +
abstract; an exact DuckDB scan); ``index`` is the faiss HNSW index of ``extract/index.py``
(``paper_vectors``: centred title and abstract vectors of the same static encoder, title
weighted 2); ``index_v1`` was its first version (one vector of the whole title + abstract), kept
for the record. The v2 vectors were chosen on a proxy (author-keyword overlap,
``benchmarks/similar_proxy.py``), not on these verdicts; their new neighbours were judged after
v1's, so the reader knew those came from the index (the v1 sheet was judged blind).

``--sample`` picks 30 papers with a seeded generator from a build with keywords (and its index),
takes the top 5 of both systems, and writes the *union* of each paper's neighbours, shuffled,
to the sheet without saying which system found which (the key file keeps that). Each neighbour
is judged relevant (``true``) when a reader of the query paper would want it among papers similar
to it: same task or problem and a close method or setting, not a shared buzzword alone. ``--merge``
joins the verdicts with the key. Scoring reads only the jsonl: per system, the share of its top-5
neighbours judged relevant.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
AUDIT = ROOT / "benchmarks" / "devset" / "similar_audit.jsonl"
SYSTEMS = ("exact", "index_v1", "index")
K = 5


def _exact(con, pid: str) -> list[str]:
    rows = con.execute(
        "WITH q AS (SELECT embedding AS e FROM paper_embeddings WHERE paper_id = ?) "
        "SELECT paper_id FROM paper_embeddings WHERE paper_id <> ? "
        "ORDER BY array_cosine_similarity(embedding, (SELECT e FROM q)) DESC, paper_id LIMIT ?",
        [pid, pid, K],
    ).fetchall()
    return [r[0] for r in rows]


def sample(db: Path, sheet: Path, key: Path, n: int = 30, seed: int = 26) -> None:
    import duckdb

    from extract import index

    con = duckdb.connect(str(db), read_only=True)
    idx = index.Index.open(db, index.fingerprint(con))
    assert idx is not None and idx.has_similar, "build the index first (python -m extract.index)"
    ids = [r[0] for r in con.execute(
        "SELECT paper_id FROM paper_embeddings ORDER BY paper_id").fetchall()]
    rng = random.Random(seed)
    queries = rng.sample(ids, n)

    def paper(pid: str) -> dict:
        title, abstract, src, loc = con.execute(
            "SELECT p.title, p.abstract, s.source, s.locator FROM papers p "
            "LEFT JOIN sources s USING (paper_id) WHERE p.paper_id = ? LIMIT 1", [pid]
        ).fetchone()
        return {"paper_id": pid, "title": title or "", "abstract": abstract or "",
                "source": f"paperlists/{src}:{loc}"}

    sheets, keys = [], []
    for q in queries:
        found = {"exact": _exact(con, q), "index": [p for p, _ in idx.similar(q, K)]}
        union = sorted({p for ps in found.values() for p in ps})
        rng.shuffle(union)
        sheets.append({"query": paper(q), "neighbours": [paper(p) for p in union],
                       "relevant": {p: None for p in union}})
        keys.append({"query": q, "found": found})
    sheet.write_text(json.dumps(sheets, indent=1, ensure_ascii=False))
    key.write_text(json.dumps(keys))


def merge(sheet: Path, key: Path, out: Path = AUDIT, previous: Path | None = None) -> None:
    """Write the verdicts file from a judged sheet and its key.

    ``previous``: an earlier verdicts file of the same queries whose ``index`` system becomes
    ``index_v1`` here (its neighbours keep their verdicts; those the new sheet lacks are kept).
    """
    sheets = json.loads(sheet.read_text())
    keys = {k["query"]: k["found"] for k in json.loads(key.read_text())}
    lines = []
    for s in sheets:
        q = s["query"]
        found = keys[q["paper_id"]]
        for nb in s["neighbours"]:
            verdict = s["relevant"][nb["paper_id"]]
            assert isinstance(verdict, bool), f"unjudged neighbour {nb['paper_id']}"
            lines.append({
                "source": q["source"], "query_id": q["paper_id"], "query_title": q["title"],
                "neighbour_id": nb["paper_id"], "neighbour_title": nb["title"],
                "ranks": {s_: found[s_].index(nb["paper_id"]) + 1
                          for s_ in SYSTEMS if nb["paper_id"] in found.get(s_, ())},
                "relevant": verdict,
            })
    if previous is not None:
        by_pair = {(r["query_id"], r["neighbour_id"]): r for r in lines}
        for line in previous.read_text().splitlines():
            old = json.loads(line)
            if "index" not in old["ranks"]:
                continue
            rec = by_pair.get((old["query_id"], old["neighbour_id"]))
            if rec is None:
                rec = {**old, "ranks": {}}
                by_pair[(old["query_id"], old["neighbour_id"])] = rec
                lines.append(rec)
            assert rec["relevant"] == old["relevant"]
            rec["ranks"]["index_v1"] = old["ranks"]["index"]
    out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in lines))


def score(path: Path = AUDIT) -> dict[str, dict[str, float]]:
    """Precision@5 per system (and the number of queries) from the verdicts file."""
    recs = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    out = {}
    for system in SYSTEMS:
        judged = [r for r in recs if system in r["ranks"]]
        queries = {r["query_id"] for r in judged}
        hits = sum(r["relevant"] for r in judged)
        out[system] = {"queries": len(queries), "neighbours": len(judged),
                       "precision_at_5": round(hits / len(judged), 3) if judged else 0.0}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sample", type=Path, metavar="DB")
    ap.add_argument("--merge", type=Path, metavar="SHEET")
    ap.add_argument("--sheet", type=Path)
    ap.add_argument("--key", type=Path)
    ap.add_argument("--previous", type=Path, help="earlier verdicts (their index = index_v1)")
    args = ap.parse_args(argv)
    if args.sample:
        sample(args.sample, args.sheet, args.key)
        return 0
    if args.merge:
        merge(args.merge, args.key, previous=args.previous)
    for system, s in score().items():
        print(f"{system:6} precision@5 = {s['precision_at_5']:.3f}  "
              f"({s['neighbours']} neighbours of {s['queries']} queries)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
