"""Where a dashboard page's cold render spends its time: every SQL query it runs (seconds each)
and the slowest project functions (cProfile, cumulative).

    python benchmarks/profile_page.py --db /tmp/lb1m.duckdb trends [papers ...] [--top 25]

Each page is rendered once with empty Streamlit caches (as ``benchmarks/render_times.py``'s
cold render), after one start-up render that is not profiled.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", required=True, type=Path)
    ap.add_argument("pages", nargs="+")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument(
        "--no-profile", action="store_true", help="only time the queries (cProfile slows Python)"
    )
    args = ap.parse_args()
    os.environ["PAPER_TRENDS_DB"] = str(args.db.resolve())
    sys.path.insert(0, str(ROOT))
    import streamlit as st
    from streamlit.testing.v1 import AppTest

    from dashboard import source

    timings: list[tuple[float, str]] = []
    run_on = source.run_on

    def timed(con, sql, params=(), frames=None):
        t = time.perf_counter()
        try:
            return run_on(con, sql, params, frames)
        finally:
            timings.append((time.perf_counter() - t, " ".join(sql.split())[:160]))

    source.run_on = timed
    # AppTest runs the script in its own thread: profile inside that thread
    from streamlit.testing.v1 import local_script_runner as lsr

    prof_box: list[cProfile.Profile] = []
    run_script = lsr.LocalScriptRunner._run_script

    def profiled(self, *a, **k):
        if not prof_box:
            return run_script(self, *a, **k)
        prof_box[0].enable()
        try:
            return run_script(self, *a, **k)
        finally:
            prof_box[0].disable()

    lsr.LocalScriptRunner._run_script = profiled
    AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=300).run()
    for page in args.pages:
        st.cache_data.clear()
        st.cache_resource.clear()
        timings.clear()
        at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=300)
        at.switch_page(f"dashboard/app_pages/{page}.py")
        prof = cProfile.Profile()
        prof_box[:] = [] if args.no_profile else [prof]
        t = time.perf_counter()
        at.run()
        prof_box.clear()
        total = time.perf_counter() - t
        print(f"\n=== {page}: cold {total:.2f} s, {len(timings)} queries "
              f"{sum(s for s, _ in timings):.2f} s"
              + (f" EXCEPTION {at.exception[0].value}" if at.exception else ""))
        for s, sql in sorted(timings, reverse=True)[:12]:
            print(f"  {s:6.2f}  {sql}")
        if args.no_profile:
            continue
        stats = pstats.Stats(prof)
        rows = []
        for (file, line, fn), (_, _, _, ct, _) in stats.stats.items():
            if ("/dashboard/" in file or "/extract/" in file) and ct > 0.05:
                rows.append((ct, f"{Path(file).parent.name}/{Path(file).name}:{line} {fn}"))
        for ct, name in sorted(rows, reverse=True)[: args.top]:
            print(f"  {ct:6.2f}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
