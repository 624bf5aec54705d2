"""Time each dashboard page under Streamlit's AppTest: first (cold) and warm renders.

    python benchmarks/render_times.py --db /tmp/corpus.duckdb [--repeat 3] [--json OUT]

Cold = empty ``st.cache_data``/``st.cache_resource`` (tables read from DuckDB, filters
computed); warm = the same
page rendered again (what a user sees on every interaction). The process start (imports,
first script run) is reported separately, and so is the process's peak resident memory (the
whole app process: AppTest runs the script in this process). ``--json OUT`` also writes the
figures to a file. Targets: warm <= 1 s per page, cold and start + first render <= 5 s, peak
RSS <= 2 GiB (at a million papers, ``benchmarks/make_scaled_db.py``).
"""

from __future__ import annotations

import argparse
import json
import resource
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = [
    "overview",
    "trends",
    "techniques",
    "model_sizes",
    "results",
    "leaderboards",
    "keywords",
    "emerging",
    "papers",
    "data",
]
WARM_TARGET, COLD_TARGET, RSS_TARGET_GIB = 1.0, 5.0, 2.0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--db", required=True, type=Path, help="DuckDB file built by `paper-trends build`"
    )
    ap.add_argument("--repeat", type=int, default=3, help="warm renders per page (median reported)")
    ap.add_argument("--pages", nargs="*", default=PAGES, choices=PAGES)
    ap.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = ap.parse_args()
    if not args.db.is_file():
        print(f"{args.db}: no such database", file=sys.stderr)
        return 2
    os.environ["PAPER_TRENDS_DB"] = str(args.db.resolve())
    sys.path.insert(0, str(ROOT))

    t0 = time.perf_counter()
    import streamlit as st
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=120).run()
    startup = time.perf_counter() - t0
    if at.exception:
        print(f"the app failed: {at.exception[0].value}", file=sys.stderr)
        return 1

    from dashboard import ui
    from extract import store

    con = store.connect(args.db)
    n = con.execute("SELECT count(*) FROM papers").fetchone()[0]
    con.close()
    print(
        f"{args.db}: {n:,} papers · process start + first render: {startup:.2f} s "
        f"(target <= {COLD_TARGET:.0f} s)"
    )
    print(f"{'page':<12} {'cold s':>8} {'warm s':>8}  ok")
    worst_warm, failed, rows = 0.0, [], []
    for page in args.pages:
        st.cache_data.clear()
        st.cache_resource.clear()
        if hasattr(ui, "clear_chart_cache"):  # older code kept its own chart-spec cache
            ui.clear_chart_cache()
        at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=120)
        at.switch_page(f"dashboard/app_pages/{page}.py")
        t = time.perf_counter()
        at.run()
        cold = time.perf_counter() - t
        warms = []
        for _ in range(args.repeat):
            t = time.perf_counter()
            at.run()
            warms.append(time.perf_counter() - t)
        warm = statistics.median(warms)
        if at.exception:
            failed.append(page)
        worst_warm = max(worst_warm, warm)
        ok = "yes" if warm <= WARM_TARGET and cold <= COLD_TARGET and not at.exception else "NO"
        print(f"{page:<12} {cold:>8.2f} {warm:>8.2f}  {ok}")
        rows.append({"page": page, "cold_s": round(cold, 3), "warm_s": round(warm, 3)})
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20  # KiB -> GiB
    print(f"worst warm render: {worst_warm:.2f} s (target <= {WARM_TARGET:.0f} s)")
    print(f"peak RSS of the process: {peak:.2f} GiB (target <= {RSS_TARGET_GIB:.0f} GiB)")
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "db": str(args.db),
                    "papers": n,
                    "start_first_render_s": round(startup, 3),
                    "pages": rows,
                    "worst_warm_s": round(worst_warm, 3),
                    "worst_cold_s": round(max(r["cold_s"] for r in rows), 3) if rows else None,
                    "peak_rss_gib": round(peak, 3),
                    "failed": failed,
                },
                indent=2,
            )
            + "\n",
            encoding="utf-8",
        )
    if failed:
        print(f"pages with an exception: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
