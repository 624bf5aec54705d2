"""The ``paper-trends`` command: build, export, info, schema, serve."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

from extract import store
from extract.distributed import EngineError
from extract.stages import STAGE_MODULES

PROJECT_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_INPUTS = [PROJECT_ROOT / "seeds"]
MAX_WARNINGS_SHOWN = 20


def _print_report(report, out=None) -> None:
    out = out or sys.stdout
    res = report.ingest
    by_venue = Counter(p.venue_label for p in res.papers)
    print(f"Built {report.db}: {len(res.papers)} papers from {res.files_read} file(s) "
          f"({res.records_read} records, {res.duplicates_merged} duplicates merged).", file=out)
    for label, n in sorted(by_venue.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"  {label:<16} {n:>6}", file=out)
    for st in report.stages:
        state = "skipped" if st.skipped else f"{st.extracted} extracted, {st.reused} cached"
        print(f"  stage {st.name:<10} {st.rows:>7} rows  ({state}, {st.seconds:.1f}s)", file=out)
    errors = [p for p in res.problems if p.severity == "error"]
    warnings = [p for p in res.problems if p.severity != "error"]
    if errors:
        print(f"{len(errors)} input(s) skipped:", file=out)
        for p in errors:
            print(f"  error: {p}", file=out)
    if warnings:
        print(f"{len(warnings)} record warning(s):", file=out)
        for p in warnings[:MAX_WARNINGS_SHOWN]:
            print(f"  warning: {p}", file=out)
        if len(warnings) > MAX_WARNINGS_SHOWN:
            print(f"  ... {len(warnings) - MAX_WARNINGS_SHOWN} more in the build_problems table", file=out)


def cmd_build(args: argparse.Namespace) -> int:
    """Build the database from files and folders."""
    from extract.pipeline import build

    skip = set(args.skip or [])
    if args.no_keywords:
        skip.add("keywords")
    unknown = skip - set(STAGE_MODULES)
    if unknown:
        print(f"paper-trends: unknown stage(s) {', '.join(sorted(unknown))}; "
              f"stages are {', '.join(STAGE_MODULES)}", file=sys.stderr)
        return 2
    paths = args.paths or [str(p) for p in DEFAULT_INPUTS]
    runner = None
    if args.engine == "dask":
        from extract.distributed import dask_runner

        runner = dask_runner(args.scheduler, partitions=args.partitions, show_progress=not args.quiet)
    try:
        report = build(paths, args.db, skip=skip, runner=runner, show_progress=not args.quiet,
                       use_cache=not args.no_cache)
    finally:
        if runner is not None:
            runner.close()
    _print_report(report)
    if not report.ok:
        return 1
    if args.strict and report.ingest.problems:
        return 1
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    """Export every table as CSV, Parquet or JSON."""
    written = store.export(args.db, args.format, args.out)
    for p in written:
        print(p)
    return 0


def cmd_info(args: argparse.Namespace) -> int:
    """Print row counts per table and papers per venue."""
    con = store.connect(args.db)
    try:
        present = store.table_names(con)
        print(f"{args.db}")
        for t in present:
            n = con.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0]
            print(f"  {t:<16} {n:>8} rows")
        if "papers" in present:
            print("papers per venue:")
            rows = con.execute(
                "SELECT venue_label, count(*) n FROM papers GROUP BY 1 ORDER BY n DESC, 1"
            ).fetchall()
            for label, n in rows:
                print(f"  {label:<16} {n:>8}")
    finally:
        con.close()
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    """Print (or write) the table schema as Markdown."""
    from extract.schema import markdown

    text = markdown()
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        print(text)
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    """Build the default data set if needed, then start the Streamlit dashboard."""
    db = Path(args.db)
    if not db.is_file() or args.rebuild:
        print(f"Building {db} from {', '.join(args.paths or [str(p) for p in DEFAULT_INPUTS])} ...")
        rc = cmd_build(argparse.Namespace(
            paths=args.paths, db=db, skip=[], no_keywords=False, engine="local", scheduler=None,
            partitions=None, quiet=False, no_cache=False, strict=False,
        ))
        if not db.is_file():
            return rc or 1
    env = dict(os.environ, PAPER_TRENDS_DB=str(db.resolve()))
    cmd = [sys.executable, "-m", "streamlit", "run", str(PROJECT_ROOT / "streamlit_app.py"),
           "--server.port", str(args.port), "--server.headless", "true",
           "--browser.gatherUsageStats", "false"]
    print("Starting:", " ".join(cmd))
    return subprocess.call(cmd, env=env, cwd=PROJECT_ROOT)


def make_parser() -> argparse.ArgumentParser:
    """The argument parser (exposed for tests and docs)."""
    parser = argparse.ArgumentParser(prog="paper-trends", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    def db_arg(p: argparse.ArgumentParser) -> None:
        p.add_argument("--db", type=Path, default=Path(os.environ.get("PAPER_TRENDS_DB", store.DEFAULT_DB)),
                       help="DuckDB file (default: $PAPER_TRENDS_DB or %(default)s)")

    b = sub.add_parser("build", help="ingest files/folders and extract into the database")
    b.add_argument("paths", nargs="*", help="files or folders (default: the bundled seeds/)")
    db_arg(b)
    b.add_argument("--skip", action="append", metavar="STAGE", choices=list(STAGE_MODULES),
                   help="do not run this extraction stage (repeatable); cached rows are kept")
    b.add_argument("--no-keywords", action="store_true", help="skip the (slow) keyword stage")
    b.add_argument("--no-cache", action="store_true", help="re-extract every paper")
    b.add_argument("--engine", choices=["local", "dask"], default="local",
                   help="where extraction runs (default: local)")
    b.add_argument("--scheduler", help="Dask scheduler address, e.g. tcp://10.0.0.5:8786 (with --engine dask)")
    b.add_argument("--partitions", type=int, default=None, help="papers are split into this many tasks (dask)")
    b.add_argument("--quiet", action="store_true", help="no progress bars")
    b.add_argument("--strict", action="store_true", help="exit non-zero on record-level warnings too")
    b.set_defaults(func=cmd_build)

    e = sub.add_parser("export", help="write every table as csv, parquet or json")
    db_arg(e)
    e.add_argument("--format", choices=store.EXPORT_FORMATS, required=True)
    e.add_argument("--out", type=Path, required=True, help="output folder (one file per table)")
    e.set_defaults(func=cmd_export)

    i = sub.add_parser("info", help="row counts per table and papers per venue")
    db_arg(i)
    i.set_defaults(func=cmd_info)

    s = sub.add_parser("schema", help="print the table schema as Markdown")
    s.add_argument("--out", type=Path, help="write to this file instead of stdout")
    s.set_defaults(func=cmd_schema)

    v = sub.add_parser("serve", help="build seeds/ on first start, then run the dashboard")
    v.add_argument("paths", nargs="*", help="inputs for the first build (default: seeds/)")
    db_arg(v)
    v.add_argument("--port", type=int, default=8501)
    v.add_argument("--rebuild", action="store_true", help="rebuild even if the database exists")
    v.set_defaults(func=cmd_serve)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``paper-trends`` console script."""
    args = make_parser().parse_args(argv)
    try:
        return args.func(args)
    except (store.StoreError, EngineError) as exc:
        print(f"paper-trends: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("paper-trends: interrupted; the previous database is unchanged", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
