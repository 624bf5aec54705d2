"""Throughput of the per-paper extraction stages on the paperlists corpus, on one core.

    python3 benchmarks/extract_speed.py [--limit N] [--corpus DIR]
        [--stages names,methods,techniques,benchmarks,sizes,metrics,results]

Loads abstracts from every ``*.json`` file in the corpus folder (``--limit``: the first N),
runs each stage through ``extract.stages.get_stage(name).run(papers)`` in this process and
prints abstracts/s per stage and for all of them together. The default stages are the whole
non-keyword extraction (the issue's floor: 300 abstracts per CPU-second on one core); the
keyword stage is measured on its own (``--stages keywords``). A stage that reads another stage's
rows (methods and benchmarks read names, metrics reads benchmarks) gets them as in a build.
The first (untimed) call on a few papers loads vocabularies and compiles patterns, which a
build does once per process.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from extract.records import PaperText  # noqa: E402
from extract.stages import get_stage  # noqa: E402
from extract.text.normalize import clean_abstract, paper_id_for  # noqa: E402
from extract.workers import limit_threads  # noqa: E402

DEFAULT_CORPUS = ROOT.parent / "shared" / "corpora" / "paperlists"
DEFAULT_STAGES = "names,methods,techniques,benchmarks,sizes,metrics,results"


def load_papers(corpus: Path, limit: int | None) -> list[PaperText]:
    """Abstracts of every JSON list in ``corpus`` (sorted by file name), cleaned as ingest does."""
    papers: list[PaperText] = []
    for path in sorted(corpus.glob("*.json")):
        for rec in json.loads(path.read_text(encoding="utf-8")):
            text = (rec.get("abstract") or "").strip()
            if not text:
                continue
            clean = clean_abstract(text)
            papers.append(PaperText(paper_id_for(clean), clean, rec.get("title")))
            if limit and len(papers) >= limit:
                return papers
    return papers


def _rate(n: int, seconds: float) -> float:
    return n / seconds if seconds > 0 else float("inf")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--stages", default=DEFAULT_STAGES)
    args = ap.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})  # one core
    limit_threads()  # one BLAS thread, as in a build's worker (extract/workers.py)
    papers = load_papers(args.corpus, args.limit)
    if not papers:
        print(f"no abstracts found in {args.corpus}", file=sys.stderr)
        return 1
    names = [s.strip() for s in args.stages.split(",") if s.strip()]
    total = cpu_total = 0.0
    print(f"{len(papers)} abstracts, {len(names)} stages, one core")
    print(
        "wall: elapsed time; cpu: this process's CPU time (steadier when others share the machine)"
    )
    print(
        f"{'stage':<12} {'rows':>8} {'seconds':>8} {'abstracts/s':>12} {'cpu s':>8} "
        f"{'abstracts/cpu-s':>16}"
    )
    by_stage: dict[str, dict[str, list[dict]]] = {}  # rows per stage and paper, as a build has
    for name in names:
        stage = get_stage(name)
        # a stage that reads another stage's rows gets them, as in a build (when that stage ran)
        deps = {d: by_stage[d] for d in stage.depends_on if d in by_stage} or None
        stage.run(papers[:8], deps=deps)  # warm-up: load data files, compile patterns
        t0, c0 = time.perf_counter(), time.process_time()
        rows = stage.run(papers, deps=deps)
        dt, dc = time.perf_counter() - t0, time.process_time() - c0
        per_paper: dict[str, list[dict]] = {}
        for r in rows:
            per_paper.setdefault(r["paper_id"], []).append(r)
        by_stage[name] = per_paper
        total += dt
        cpu_total += dc
        print(
            f"{name:<12} {len(rows):>8} {dt:8.2f} {_rate(len(papers), dt):12.0f} {dc:8.2f} "
            f"{_rate(len(papers), dc):16.0f}"
        )
    print(
        f"{'combined':<12} {'':>8} {total:8.2f} {_rate(len(papers), total):12.0f} {cpu_total:8.2f} "
        f"{_rate(len(papers), cpu_total):16.0f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
