"""The ``paper-trends`` command: build, add, remove, fetch, export, info, schema, leaderboard,
serve."""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path

from extract import leaderboards, store
from extract.distributed import EngineError
from extract.stages import REGISTRY, STAGE_NAMES, Stage, version_of
from extract.workers import WorkerError, usable_cores

PROJECT_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_INPUTS = [PROJECT_ROOT / "seeds"]
MAX_WARNINGS_SHOWN = 20


def _print_problems(res, out=None) -> None:
    out = out or sys.stderr
    errors = [p for p in res.problems if p.severity == "error"]
    warnings = [p for p in res.problems if p.severity != "error"]
    for p in errors:
        print(f"paper-trends: skipped {p}", file=out)
    if warnings:
        print(f"{len(warnings)} record warning(s):", file=out)
        for p in warnings[:MAX_WARNINGS_SHOWN]:
            print(f"  warning: {p}", file=out)
        if len(warnings) > MAX_WARNINGS_SHOWN:
            print(f"  ... {len(warnings) - MAX_WARNINGS_SHOWN} more in the build_problems table", file=out)


def _print_report(report, out=None) -> None:
    out = out or sys.stdout
    res = report.ingest
    by_venue = Counter(p.venue_label for p in res.papers)
    if report.previous_papers:
        records = res.records_read - report.previous_papers
        new = len(res.papers) - report.previous_papers
        print(f"Added to {report.db}: {new} new papers from {res.files_read} file(s) ({records} records, "
              f"{records - new} already present or duplicates); {len(res.papers)} papers in all.", file=out)
    else:
        print(f"Built {report.db}: {len(res.papers)} papers from {res.files_read} file(s) "
              f"({res.records_read} records, {res.duplicates_merged} duplicates merged).", file=out)
    for label, n in sorted(by_venue.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"  {label:<16} {n:>6}", file=out)
    for st in report.stages:
        state = "skipped" if st.skipped else f"{st.extracted} extracted, {st.reused} cached"
        if st.refreshed:
            state += f"; {st.refreshed} refreshed because the code changed"
        print(f"  stage {st.name:<10} {st.rows:>7} rows  ({state}, {st.seconds:.1f}s)", file=out)


def _stage_options(args: argparse.Namespace) -> set[str] | None:
    skip = set(args.skip or [])
    if args.no_keywords:
        skip.add("keywords")
    unknown = skip - set(STAGE_NAMES)
    if unknown:
        print(f"paper-trends: unknown stage(s) {', '.join(sorted(unknown))}; "
              f"stages are {', '.join(STAGE_NAMES)}", file=sys.stderr)
        return None
    return skip


def _run_build(args: argparse.Namespace, paths: list[str], add: bool) -> int:
    from extract.pipeline import BuildRefused, build

    skip = _stage_options(args)
    if skip is None:
        return 2
    runner = None
    if args.engine == "dask":
        from extract.distributed import dask_runner

        store.check_writable_db(args.db)  # before connecting to a cluster
        runner = dask_runner(args.scheduler, partitions=args.partitions, show_progress=not args.quiet)
    elif getattr(args, "workers", None) != 1:
        from extract.workers import PRESTART_BYTES, input_bytes, process_runner

        runner = process_runner(getattr(args, "workers", None), show_progress=not args.quiet,
                                skip=skip)
        if input_bytes(paths) >= PRESTART_BYTES:
            store.check_writable_db(args.db)  # before starting processes
            runner.start()  # the workers start while the inputs are read
    try:
        report = build(paths, args.db, skip=skip, runner=runner, show_progress=not args.quiet,
                       use_cache=not args.no_cache, keep_going=args.keep_going, add=add,
                       wait=args.wait)
    except BuildRefused as exc:
        print(f"paper-trends: {exc}", file=sys.stderr)
        return 1
    finally:
        if runner is not None:
            runner.close()
    if report.written:
        _print_report(report)
    _print_problems(report.ingest)
    if not report.written:
        print(f"paper-trends: {args.db} left unchanged because {len(report.ingest.files_skipped)} "
              "input(s) could not be read; fix them, or pass --keep-going to write the rest",
              file=sys.stderr)
        return 1
    if not report.ok:
        return 1
    if args.strict and report.ingest.problems:
        return 1
    return 0


def cmd_build(args: argparse.Namespace) -> int:
    """Rebuild the database from exactly these files and folders."""
    return _run_build(args, args.paths or [str(p) for p in DEFAULT_INPUTS], add=False)


def cmd_add(args: argparse.Namespace) -> int:
    """Add papers to an existing database; only the new ones are extracted."""
    return _run_build(args, args.paths, add=True)


def cmd_remove(args: argparse.Namespace) -> int:
    """Drop the papers that came only from sources matching a pattern."""
    from extract.pipeline import BuildRefused, remove_sources

    try:
        rep = remove_sources(args.db, args.source, wait=args.wait)
    except BuildRefused as exc:
        print(f"paper-trends: {exc}", file=sys.stderr)
        return 1
    print(f"{rep.db}: removed {rep.papers_removed} paper(s) and {rep.sources_removed} source row(s) "
          f"matching {args.source!r}; {rep.papers_left} papers left.")
    return 0


def cmd_fetch(args: argparse.Namespace) -> int:
    """Download paper lists from their sources into the cache; ``--add`` adds them to the db."""
    from extract import fetch

    for spec in args.sources:  # every source is checked before any download
        try:
            fetch.parse_source(spec)
        except fetch.FetchError as exc:
            print(f"paper-trends: fetch: {exc}", file=sys.stderr)
            return 1
    if args.add:
        store.check_writable_db(args.db)
    paths = []
    for spec in args.sources:
        bar = fetch.tqdm_progress(f"{spec[:30]:>12}", enabled=not args.quiet)
        try:
            res = fetch.fetch(spec, cache=args.cache, mirror=args.mirror, progress=bar,
                              delay=args.delay)
        except fetch.FetchError as exc:
            kept = f"; {args.db} unchanged" if args.add else ""
            print(f"paper-trends: fetch {spec}: {exc}{kept}", file=sys.stderr)
            return 1
        finally:
            bar.close()
        print(f"{res.source.spec}: {res.status}, {res.path} ({res.bytes:,} bytes, {res.papers:,} "
              f"papers, sha256 {res.sha256[:12]})")
        paths.append(str(res.path))
    if not args.add:
        return 0
    if not Path(args.db).is_file():
        print(f"{args.db}: no database yet; building it from the fetched files")
        return _run_build(args, paths, add=False)
    return _run_build(args, paths, add=True)


def cmd_export(args: argparse.Namespace) -> int:
    """Export every table as CSV, Parquet or JSON."""
    store.connect(args.db).close()  # a missing or foreign database fails before --out is touched
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
    print("stages (in build order):")
    status = _stage_status(args.db)
    for spec in REGISTRY:
        reads = f" reads {', '.join(spec.depends_on)};" if spec.depends_on else ""
        model = Stage(spec.name).model_id()
        print(f"  {spec.name:<11} {version_of(spec.name):<12} -> {', '.join(spec.tables)};{reads}"
              f" inputs: {', '.join(spec.reads)}; data: {', '.join(spec.data_files) or '-'}"
              + (f"; model: {model}" if model else "") + f"; rows: {status.get(spec.name, 'none')}")
    return 0


def _stage_status(db: Path) -> dict[str, str]:
    """Per stage: do the database's rows come from the installed code? (``current``, ``stale``)."""
    try:
        runs = store.read_table(db, "extract_runs")
    except Exception:  # no cache table: nothing to compare
        return {}
    out: dict[str, str] = {}
    if "input_hash" not in runs.columns:
        return {name: "stale (built before code versions; the next build re-extracts)"
                for name in STAGE_NAMES}
    for name in STAGE_NAMES:
        versions = runs.loc[runs["stage"] == name, "version"]
        if versions.empty:
            continue
        n_old = int((versions != version_of(name)).sum())
        out[name] = ("current" if not n_old else
                     f"stale: {n_old} of {len(versions)} inputs extracted by other code or data; "
                     "`build` or `add` refreshes them")
    return out


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
    """Build the default data set if needed, then start the Streamlit dashboard.

    SIGTERM and SIGINT stop the app too: they are passed on to the Streamlit process, which is
    also told by the kernel to stop if this process dies.
    """
    db = Path(args.db)
    if not db.is_file() or args.rebuild:
        paths = args.paths or [str(p) for p in DEFAULT_INPUTS]
        print(f"Building {db} from {', '.join(paths)} ...")
        rc = cmd_build(argparse.Namespace(
            paths=paths, db=db, skip=[], no_keywords=False, engine="local", scheduler=None,
            partitions=None, quiet=False, no_cache=False, strict=False, keep_going=False,
            wait=store.DEFAULT_WAIT,
        ))
        if not db.is_file():
            return rc or 1
    else:
        store.connect(db).close()  # a foreign file fails here, not inside the app
    env = dict(os.environ, PAPER_TRENDS_DB=str(db.resolve()))
    cmd = streamlit_command(args.port, "--server.address", args.host)
    where = ("this machine only; --host 0.0.0.0 shares it on the network"
             if args.host in ("127.0.0.1", "localhost", "::1") else
             f"every machine that reaches {args.host}")
    print(f"Serving http://{'localhost' if args.host in ('127.0.0.1', '::1') else args.host}:{args.port} "
          f"({where})", flush=True)
    print("Starting:", " ".join(cmd), flush=True)
    return run_child(cmd, env=env, cwd=PROJECT_ROOT)


def streamlit_command(port: int, *options: str) -> list[str]:
    """The command that runs the dashboard headless on ``port``, without usage statistics.

    ``options``: more Streamlit options (``"--server.address", "127.0.0.1"``). ``serve`` runs it;
    so do the browser tests and ``scripts/screenshot.py``.
    """
    return [sys.executable, "-m", "streamlit", "run", str(PROJECT_ROOT / "streamlit_app.py"),
            "--server.port", str(port), "--server.headless", "true",
            "--browser.gatherUsageStats", "false", *options]


def _die_with_parent() -> None:  # pragma: no cover - runs in the child between fork and exec
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def run_child(cmd: list[str], env: dict | None = None, cwd: Path | None = None) -> int:
    """Run ``cmd`` until it exits; SIGTERM/SIGINT/SIGHUP sent to us are passed on to it."""
    proc = subprocess.Popen(cmd, env=env, cwd=cwd,
                            preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None)

    def forward(signum, _frame) -> None:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM if signum == signal.SIGHUP else signum)

    old = {sig: signal.signal(sig, forward) for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)}
    try:
        while True:
            try:
                rc = proc.wait(timeout=5 if proc.poll() is None else None)
                break
            except subprocess.TimeoutExpired:
                continue
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
    return 0 if rc in (-signal.SIGTERM, -signal.SIGINT) else rc


def _positive_int(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, got {text!r}")
    return n


def make_parser() -> argparse.ArgumentParser:
    """The argument parser (exposed for tests and docs)."""
    parser = argparse.ArgumentParser(prog="paper-trends", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    def db_arg(p: argparse.ArgumentParser) -> None:
        p.add_argument("--db", type=Path, default=Path(os.environ.get("PAPER_TRENDS_DB", store.DEFAULT_DB)),
                       help="DuckDB file (default: $PAPER_TRENDS_DB or %(default)s)")

    def wait_arg(p: argparse.ArgumentParser) -> None:
        p.add_argument("--wait", type=float, default=store.DEFAULT_WAIT, metavar="SECONDS",
                       help="how long to wait while another paper-trends process writes the "
                            "database (default %(default)g s), then give up with exit status 1")

    def keywords_arg(p: argparse.ArgumentParser) -> None:
        p.add_argument("--keywords", choices=["learned", "keybert"],
                       help="keyphrase ranker (default: $PAPER_TRENDS_KEYWORDS or learned); "
                            "switching re-runs the keyword stage only")

    def build_args(p: argparse.ArgumentParser) -> None:
        db_arg(p)
        wait_arg(p)
        p.add_argument("--skip", action="append", metavar="STAGE", choices=list(STAGE_NAMES),
                       help="do not run this extraction stage (repeatable); cached rows are kept")
        p.add_argument("--no-keywords", action="store_true", help="skip the (slow) keyword stage")
        keywords_arg(p)
        p.add_argument("--no-cache", action="store_true", help="re-extract every paper")
        p.add_argument("--keep-going", action="store_true",
                       help="write the papers that could be read even when an input is skipped "
                            "(default: leave the database unchanged and exit 1)")
        p.add_argument("--engine", choices=["local", "dask"], default="local",
                       help="where extraction runs (default: local)")
        p.add_argument("--scheduler", help="Dask scheduler address, e.g. tcp://10.0.0.5:8786 (with --engine dask)")
        p.add_argument("--partitions", type=int, default=None, help="papers are split into this many tasks (dask)")
        p.add_argument("--workers", type=_positive_int, default=None, metavar="N",
                       help="extraction processes on this machine, with --engine local (default: "
                            f"the usable cores, {usable_cores()} here; 1: no extra process)")
        p.add_argument("--quiet", action="store_true", help="no progress bars")
        p.add_argument("--strict", action="store_true", help="exit non-zero on record-level warnings too")

    b = sub.add_parser(
        "build", help="rebuild the database from exactly these inputs",
        description="Rebuild the database from exactly these files and folders: papers of earlier "
                    "builds that are not in them are dropped (use `add` to keep them). Unchanged "
                    "abstracts reuse their cached rows. The database is replaced only when every "
                    "input was read.")
    b.add_argument("paths", nargs="*", help="files or folders (default: the bundled seeds/)")
    build_args(b)
    b.set_defaults(func=cmd_build)

    a = sub.add_parser(
        "add", help="add papers from these inputs to the existing database",
        description="Add the papers of these files and folders to an existing database, "
                    "deduplicated against the papers already there; only new papers are extracted.")
    a.add_argument("paths", nargs="+", help="files or folders to add")
    build_args(a)
    a.set_defaults(func=cmd_add)

    r = sub.add_parser(
        "remove", help="drop the papers that came only from matching sources",
        description="Drop the papers whose every source matches PATTERN (a shell pattern on the "
                    "`sources.source` column, e.g. 'acl2022.json' or 'iclr*'). Papers also found "
                    "elsewhere stay, without the matching source rows.")
    r.add_argument("--source", required=True, metavar="PATTERN", help="shell pattern, e.g. 'iclr*.json'")
    db_arg(r)
    wait_arg(r)
    r.set_defaults(func=cmd_remove)

    f = sub.add_parser(
        "fetch", help="download paper lists from their sources (the one command using the network)",
        description="Download paper lists into a cache folder: paperlists/<conf><year> "
                    "(papercopilot/paperlists), anthology/<collection> (ACL Anthology XML, e.g. "
                    "2024.acl) or openreview/<venue-id> (OpenReview API v2 notes, e.g. "
                    "ICLR.cc/2025/Conference). Cached files are revalidated (ETag/Last-Modified), "
                    "interrupted downloads resume, and a failed fetch leaves the cache and the "
                    "database unchanged.")
    f.add_argument("sources", nargs="+", metavar="SOURCE",
                   help="paperlists/<conf><year>, anthology/<collection> or openreview/<venue-id>")
    f.add_argument("--mirror", metavar="BASE",
                   help="base URL replacing the public one: BASE/<conf>/<conf><year>.json, "
                        "BASE/<collection>.xml or BASE/notes?...")
    f.add_argument("--cache", type=Path, default=Path("data/raw"),
                   help="folder for the downloaded files and .manifest.json (default: %(default)s)")
    f.add_argument("--delay", type=float, default=1.0, metavar="SECONDS",
                   help="pause between OpenReview requests (default: %(default)s)")
    f.add_argument("--add", action="store_true",
                   help="then add the fetched papers to the database (as `paper-trends add`)")
    build_args(f)
    f.set_defaults(func=cmd_fetch)

    e = sub.add_parser("export", help="write every table as csv, parquet or json")
    db_arg(e)
    e.add_argument("--format", choices=store.EXPORT_FORMATS, required=True)
    e.add_argument("--out", type=Path, required=True, help="output folder (one file per table)")
    e.set_defaults(func=cmd_export)

    i = sub.add_parser("info", help="row counts per table, papers per venue, the stages")
    db_arg(i)
    keywords_arg(i)
    i.set_defaults(func=cmd_info)

    s = sub.add_parser("schema", help="print the table schema as Markdown")
    s.add_argument("--out", type=Path, help="write to this file instead of stdout")
    s.set_defaults(func=cmd_schema)

    lb = sub.add_parser("leaderboard", help="print a benchmark's leaderboard (table, csv, json)")
    leaderboards.add_arguments(lb)
    db_arg(lb)
    lb.set_defaults(func=leaderboards.run)

    v = sub.add_parser("serve", help="build seeds/ on first start, then run the dashboard")
    v.add_argument("paths", nargs="*", help="inputs for the first build (default: seeds/)")
    db_arg(v)
    v.add_argument("--port", type=int, default=8501)
    v.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default %(default)s: this machine only; "
                        "0.0.0.0 serves every network interface)")
    v.add_argument("--rebuild", action="store_true", help="rebuild even if the database exists")
    v.set_defaults(func=cmd_serve)
    return parser


def _keep_the_databases_ranker(db: Path) -> None:
    """``add`` (and ``info``) without ``--keywords`` (and no ``$PAPER_TRENDS_KEYWORDS``) keeps the
    keyphrase ranker the database was built with, found by the keyword stage version its rows carry, so
    adding papers does not re-rank every paper with the default ranker."""
    from extract.keywords import choice
    from extract.stages import version_of

    if os.environ.get(choice.ENV):
        return
    try:
        runs = store.read_table(db, "extract_runs")
    except Exception:  # no database or no cache: the default applies
        return
    if "version" not in runs.columns:
        return
    built = set(runs.loc[runs["stage"] == "keywords", "version"])
    for ranker in choice.RANKERS:
        os.environ[choice.ENV] = ranker
        if version_of("keywords") in built:
            return
    os.environ.pop(choice.ENV, None)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``paper-trends`` console script.

    Exit status: 0 done, 1 bad input, a refused build, a failed worker process or another
    writer holding the database past ``--wait`` (the database is unchanged), 2 usage (argparse)
    or an unusable database/output path, 130 interrupted. Every error is one line on stderr,
    never a traceback.
    """
    args = make_parser().parse_args(argv)
    if getattr(args, "keywords", None):  # read by extract.keywords.choice, in workers too
        os.environ["PAPER_TRENDS_KEYWORDS"] = args.keywords
    elif args.command in ("add", "info") or (args.command == "fetch" and getattr(args, "add", False)):
        _keep_the_databases_ranker(args.db)
    try:
        return args.func(args)
    except store.LockTimeout as exc:
        print(f"paper-trends: {exc}", file=sys.stderr)
        return 1
    except (store.StoreError, EngineError) as exc:
        print(f"paper-trends: {exc}", file=sys.stderr)
        return 2
    except WorkerError as exc:
        print(f"paper-trends: {exc}; the database is unchanged", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("paper-trends: interrupted; the previous database is unchanged", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `paper-trends info | head`
        return 0


if __name__ == "__main__":
    sys.exit(main())
