"""Build wall time with 1 and N worker processes (``paper-trends build --workers N``).

Usage:
    python benchmarks/workers_bench.py [--corpus DIR ...] [--workers 1 2] [--repeat 1]
        [--keywords] [--keep-db PATH] [--json OUT]

Each build is a fresh ``paper-trends build --no-cache --quiet`` of the corpus folders in a
subprocess run under ``/usr/bin/time -v`` (when present). The runs alternate between the worker
counts (1, 2, 1, 2, ...) so that other jobs on a shared machine weigh on both alike. Printed per
run: wall time, CPU time (user + system, every process), ``/usr/bin/time``'s maximum resident set
(the largest single process), the peak of the summed resident memory of the build's whole
process tree (sampled every 0.2 s) and the 1-minute load average before and after. Then each
worker count's best wall time as a share of the first count's, and a check that every table of
every database equals the first run's (the rows must not depend on the worker count).

Examples (the figures of the README's "Builds on every core")::

    python benchmarks/workers_bench.py --workers 1 2 --repeat 2
    python benchmarks/workers_bench.py --corpus ../shared/corpora/paperlists \\
        --corpus ../shared/corpora/recent --keywords --workers 2 --keep-db /tmp/full47k.duckdb
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = ROOT.parent / "shared" / "corpora" / "paperlists"


def tree_rss(pid: int) -> int:
    """Summed resident memory (bytes) of ``pid`` and every descendant, from ``/proc``."""
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as fh:
                stat = fh.read()
            with open(f"/proc/{entry}/statm") as fh:
                pages = int(fh.read().split()[1])
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry))
        rss[int(entry)] = pages * os.sysconf("SC_PAGE_SIZE")
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        total += rss.get(p, 0)
        todo.extend(children.get(p, []))
    return total


def load() -> float:
    """The 1-minute load average."""
    return os.getloadavg()[0]


def run_build(corpora: list[str], db: Path, workers: int, keywords: bool) -> dict:
    """One build in a subprocess; its figures."""
    cmd = [sys.executable, "-m", "extract.cli", "build", *corpora, "--db", str(db), "--no-cache",
           "--quiet", "--workers", str(workers)]
    if not keywords:
        cmd.append("--no-keywords")
    timed = shutil.which("time") or ("/usr/bin/time" if Path("/usr/bin/time").exists() else None)
    full = [timed, "-v", *cmd] if timed else cmd
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    before = load()
    peak = 0
    t0 = time.perf_counter()
    proc = subprocess.Popen(full, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, tree_rss(proc.pid))
            time.sleep(0.2)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    out, err = proc.communicate()
    wall = time.perf_counter() - t0
    done.set()
    sampler.join()
    if proc.returncode != 0:
        raise SystemExit(f"build failed ({proc.returncode}):\n{err[-3000:]}")
    res = {"workers": workers, "wall_s": round(wall, 2), "load_before": round(before, 2),
           "load_after": round(load(), 2), "tree_rss_peak_mib": round(peak / 2**20)}
    fields = {"Elapsed (wall clock) time": "time_wall", "User time (seconds)": "user_s",
              "System time (seconds)": "sys_s", "Maximum resident set size (kbytes)": "maxrss_kib"}
    for line in err.splitlines():
        key, _, value = line.strip().rpartition(": ")
        for prefix, name in fields.items():
            if key.startswith(prefix):
                res[name] = value
    if "time_wall" in res:  # h:mm:ss or m:ss.cc
        parts = [float(x) for x in res.pop("time_wall").split(":")]
        res["wall_s"] = round(sum(x * 60 ** i for i, x in enumerate(reversed(parts))), 2)
    if "user_s" in res:
        res["cpu_s"] = round(float(res.pop("user_s")) + float(res.pop("sys_s")), 1)
    if "maxrss_kib" in res:
        res["max_process_rss_mib"] = round(int(res.pop("maxrss_kib")) / 1024)
    res["stages"] = {m.group(1): float(m.group(2))
                     for m in re.finditer(r"stage (\w+)\s+\d+ rows\s+\(.*?, ([\d.]+)s\)", out)}
    papers = re.search(r": (\d+) papers from", out)
    res["papers"] = int(papers.group(1)) if papers else None
    return res


def same_tables(a: Path, b: Path) -> list[str]:
    """Tables whose contents differ between databases ``a`` and ``b``."""
    import pandas as pd

    from extract import store

    con = store.connect(a)
    try:
        names = store.table_names(con)
    finally:
        con.close()
    differ = []
    for table in names:
        x, y = store.read_table(a, table), store.read_table(b, table)
        try:
            pd.testing.assert_frame_equal(x, y, obj=table)
        except AssertionError:
            differ.append(table)
    return differ


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", action="append",
                    help="input folder (repeatable; default: paperlists)")
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--keywords", action="store_true", help="run the keyword stage too")
    ap.add_argument("--keep-db", type=Path, help="keep the last database built here")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    args = ap.parse_args(argv)
    corpora = args.corpus or [str(DEFAULT_CORPUS)]
    tmp = Path(tempfile.mkdtemp(prefix="workers_bench_"))
    runs, dbs = [], []
    try:
        for r in range(args.repeat):
            for w in args.workers:
                db = tmp / f"w{w}_r{r}.duckdb"
                res = run_build(corpora, db, w, args.keywords)
                runs.append(res)
                dbs.append(db)
                stages = " ".join(f"{k} {v:.1f}" for k, v in res["stages"].items() if v >= 0.5)
                print(f"workers {w}: {res['wall_s']:7.1f} s wall, {res.get('cpu_s', '?')} s CPU, "
                      f"max process RSS {res.get('max_process_rss_mib', '?')} MiB, process tree "
                      f"{res['tree_rss_peak_mib']} MiB; load {res['load_before']} -> "
                      f"{res['load_after']}; {res['papers']} papers; stages: {stages}", flush=True)
        best = {w: min(r["wall_s"] for r in runs if r["workers"] == w) for w in args.workers}
        base = best[args.workers[0]]
        for w, t in best.items():
            print(f"best wall time, {w} worker(s): {t:.1f} s = {t / base:.2f}x of "
                  f"{args.workers[0]}")
        differ = {str(db.name): same_tables(dbs[0], db) for db in dbs[1:]}
        bad = {k: v for k, v in differ.items() if v}
        print("tables identical across runs" if not bad else f"TABLES DIFFER: {bad}")
        if args.keep_db:
            shutil.copyfile(dbs[-1], args.keep_db)
            print(f"kept {args.keep_db}")
        if args.json:
            args.json.write_text(json.dumps({"corpora": corpora, "keywords": args.keywords,
                                             "runs": runs, "best_wall_s": best,
                                             "tables_differ": bad}, indent=2))
        return 1 if bad else 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
