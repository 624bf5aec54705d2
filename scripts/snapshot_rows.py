"""Dump every rule stage's rows on the seeds and on a fixed sample of corpus abstracts.

    python scripts/snapshot_rows.py --out /tmp/before.jsonl [--n 3000] [--stages ...]
    python scripts/snapshot_rows.py --out /tmp/after.jsonl && cmp /tmp/before.jsonl /tmp/after.jsonl

A refactoring that must not change output is checked by diffing two snapshots: one row a line,
``{"stage", "table", ...row}``, in a deterministic order. The sample is the first ``--n`` abstracts
of a seeded shuffle of both corpora (``../shared/corpora``); when the corpora are missing only the
seeds are used. Keywords are left out by default (``--stages`` adds them).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from extract.ingest import ingest  # noqa: E402
from extract.records import PaperText  # noqa: E402
from extract.stages import all_stages  # noqa: E402
from extract.text.normalize import clean_abstract, paper_id_for  # noqa: E402

CORPORA = ROOT.parent / "shared" / "corpora"
RULE_STAGES = "names,methods,techniques,benchmarks,sizes,metrics,results"


def corpus_sample(n: int, seed: int = 3000) -> list[PaperText]:
    """``n`` distinct abstracts of both corpora, drawn with a fixed seed."""
    recs: list[tuple[str, str | None]] = []
    for path in sorted(CORPORA.glob("*/*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict):
            data = next((v for v in data.values() if isinstance(v, list)), [])
        for rec in data:
            if isinstance(rec, dict) and (rec.get("abstract") or "").strip():
                recs.append((rec["abstract"], rec.get("title")))
    random.Random(seed).shuffle(recs)
    out, seen = [], set()
    for text, title in recs:
        clean = clean_abstract(text)
        pid = paper_id_for(clean)
        if pid in seen:
            continue
        seen.add(pid)
        out.append(PaperText(pid, clean, title))
        if len(out) >= n:
            break
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--n", type=int, default=3000)
    ap.add_argument("--stages", default=RULE_STAGES)
    args = ap.parse_args(argv)
    seeds = [PaperText(p.paper_id, p.abstract, p.title) for p in ingest([ROOT / "seeds"]).papers]
    papers = seeds + corpus_sample(args.n)
    wanted = {s.strip() for s in args.stages.split(",")}
    by_stage: dict[str, dict[str, list[dict]]] = {}
    n_rows = 0
    with args.out.open("w", encoding="utf-8") as fh:
        for stage in all_stages():
            if stage.name not in wanted:
                continue
            deps = {d: by_stage.get(d, {}) for d in stage.depends_on}
            rows = stage.run(papers, deps=deps if stage.depends_on else None)
            per: dict[str, list[dict]] = {}
            for r in rows:
                per.setdefault(r["paper_id"], []).append(r)
            by_stage[stage.name] = per
            for r in rows:
                fh.write(json.dumps({"stage": stage.name, **r}, sort_keys=True, default=str) + "\n")
            n_rows += len(rows)
    print(f"{len(papers)} papers ({len(seeds)} seeds), {n_rows} rows -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
