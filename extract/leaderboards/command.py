"""`paper-trends leaderboard`: reading a database and printing one board as a table, CSV or JSON.

Part of :mod:`extract.leaderboards` (see its docstring for what a board is).
"""

from __future__ import annotations

from collections.abc import Iterable
import pandas as pd
from extract.leaderboards.catalogue import _benchmark_keys, benchmark_of, benchmarks, fold
from extract.leaderboards import query
from extract.leaderboards.boards import BoardError, annotate, board, boards, coverage, coverage_line, main_setting, resolve_benchmark, resolve_metric, setting_shown, unplaced

# --- reading a database and the command --------------------------------------------------------


def _known_benchmarks(con) -> pd.DataFrame:
    """Benchmark spellings with scores in the database: ``benchmark``, ``bench_id``, ``papers``."""
    frame = con.execute(
        "SELECT benchmark, count(DISTINCT paper_id) AS papers FROM results "
        "WHERE benchmark IS NOT NULL AND kind = 'score' GROUP BY benchmark"
    ).df()
    frame["bench_id"] = frame["benchmark"].map(lambda n: benchmark_of(n).id)
    return frame


def _has_column(con, table: str, column: str) -> bool:
    return bool(con.execute(
        "SELECT count(*) FROM information_schema.columns WHERE table_name = ? AND column_name = ?",
        [table, column]).fetchone()[0])


def load(db, bench_id: str | None = None, spellings: Iterable[str] | None = None) -> dict:
    """The frames :func:`annotate` needs, read from a database, for one benchmark or all.

    Args:
        db: The DuckDB file.
        bench_id: Only this benchmark's rows (with ``spellings``, its names in ``results``).
        spellings: The ``results.benchmark`` values of ``bench_id``.

    Returns:
        ``results``, ``papers``, ``methods``, ``names``, ``benchmarks`` frames.
    """
    from extract import store

    con = store.connect(db)
    try:
        tables = set(store.table_names(con))
        if bench_id is None:
            con.execute("CREATE TEMP TABLE want AS SELECT DISTINCT paper_id FROM results "
                        "WHERE benchmark IS NOT NULL")
            results = con.execute("SELECT * FROM results WHERE benchmark IS NOT NULL").df()
        else:
            names = pd.DataFrame({"benchmark": list(spellings) if spellings is not None else []})
            con.register("spell", names)
            results = con.execute(
                "SELECT r.* FROM results r JOIN spell s ON r.benchmark = s.benchmark"
            ).df()
            con.execute("CREATE TEMP TABLE want AS SELECT DISTINCT paper_id FROM results r "
                        "JOIN spell s ON r.benchmark = s.benchmark")
        papers = con.execute(
            "SELECT p.paper_id, title, venue, year, abstract FROM papers p "
            "JOIN want USING (paper_id)"
        ).df()
        out = {"results": results, "papers": papers}
        for t, cols in (("methods", "paper_id, name, role, start, type"),
                        ("names", "paper_id, name, role, start, type")):
            # methods: its name rows only (a database built before method phrases has no form)
            form = (" AND coalesce(form, 'name') = 'name'"
                    if t == "methods" and _has_column(con, t, "form") else "")
            out[t] = (
                con.execute(f"SELECT {cols} FROM {t} JOIN want USING (paper_id) "
                            f"WHERE role = 'proposed'{form}").df()
                if t in tables else None
            )
        out["benchmarks"] = (
            con.execute("SELECT paper_id, name, role FROM benchmarks").df()
            if "benchmarks" in tables else None
        )
        return out
    finally:
        con.close()


def annotate_db(db, bench_id: str | None = None, spellings: Iterable[str] | None = None):
    """:func:`annotate` over a database (one benchmark or all) and its ``benchmarks`` rows."""
    f = load(db, bench_id, spellings)
    return annotate(f["results"], f["papers"], f["methods"], f["names"], f["benchmarks"]), \
        f["benchmarks"]


def add_arguments(p) -> None:
    """The options of ``paper-trends leaderboard`` (``--db`` is added by the CLI)."""
    p.add_argument("benchmark", help="benchmark, any spelling or alias (ImageNet-1K = ImageNet)")
    p.add_argument("--metric", help="metric or alias (default: the benchmark's main one)")
    p.add_argument("--setting", help="a setting instead of the board's main one (zero-shot, "
                                     "robust, ...)")
    p.add_argument("--all-settings", action="store_true",
                   help="every setting and role (baselines, evaluated models), each labelled")
    p.add_argument("--top", type=int, default=20,
                   help="rows to print (default %(default)s; 0: all)")
    p.add_argument("--format", choices=["table", "csv", "json"], default="table")
    p.add_argument("--unplaced", action="store_true",
                   help="list the benchmark's scores no rule places on a board, with the reason")


JSON_FIELDS = [
    "rank", "value", "unit", "metric", "task", "setting", "method", "role", "paper_id", "title",
    "venue", "year", "evidence", "shot", "extra_data", "robust", "selective", "subset", "split",
    "size",
]


def run(args, out=None, err=None) -> int:
    """``paper-trends leaderboard``: print a board; exit 2 with one line on an unknown name."""
    import sys

    from extract import store

    out = out or sys.stdout
    err = err or sys.stderr
    con = store.connect(args.db)
    try:
        run_sql = query.runner(con)
        stored = query.has_board_fields(run_sql, "SELECT * FROM results")
        if stored:
            pairs = query.known_benchmarks(run_sql)
        else:
            known = _known_benchmarks(con)
            pairs = sorted(
                {(b, benchmarks()[b].name if b in benchmarks() else n)
                 for b, n in zip(known["bench_id"], known["benchmark"])}
            )
        listed = _benchmark_keys().get(fold(args.benchmark))
        if listed and listed not in {b for b, _ in pairs}:
            # a listed benchmark the build spells only as its stem ("MMLU-Pro" read as "MMLU"):
            # its rows are among the stem's, re-identified by the sentence
            pairs.append((listed, benchmarks()[listed].name))
        try:
            bid = resolve_benchmark(args.benchmark, pairs)
        except BoardError as exc:
            print(f"paper-trends: {exc}", file=err)
            return 2
        if stored:
            # the board fields the results stage stored, read with SQL (extract.leaderboards.query)
            ann = query.benchmark_rows(run_sql, "SELECT * FROM results", [], bid)
            tables = set(store.table_names(con))
            bench_rows = (
                query.naming_rows(run_sql, "SELECT * FROM benchmarks", [], bid)
                if "benchmarks" in tables else None
            )
    finally:
        con.close()
    if not stored:  # a build made before the results stage stored the board fields
        stem = fold(benchmarks()[bid].name) if bid in benchmarks() else None

        def is_stem(n: str) -> bool:
            b = benchmark_of(n)
            return bool(stem) and b.listed and stem.startswith(fold(b.name))

        stems = known["benchmark"].map(is_stem)
        spellings = known.loc[(known["bench_id"] == bid) | stems, "benchmark"]
        ann, bench_rows = annotate_db(args.db, bid, spellings)
    name = benchmarks()[bid].name if bid in benchmarks() else ann["bench"].iloc[0]
    ann = ann[ann["bench_id"] == bid]
    if args.unplaced:
        rows = unplaced(ann, bid)
        return _print(rows, args.format, out, ["value", "unit", "metric", "reason", "method",
                                               "role", "year", "title", "evidence"])
    avail = boards(ann)
    try:
        mid, task = resolve_metric(args.metric, bid, avail)
    except BoardError as exc:
        print(f"paper-trends: {exc}", file=err)
        return 2
    rows = board(ann, bid, mid, task, args.setting, args.all_settings, args.top or None)
    if args.setting and rows.empty:
        sets = sorted(set(ann.loc[ann["placed"] & (ann["metric_id"] == mid), "setting"]))
        print(f"paper-trends: no {args.setting!r} scores on this board; its settings: "
              f"{', '.join(sets)}", file=err)
        return 2
    if args.format != "table":
        return _print(rows, args.format, out, JSON_FIELDS)
    g = ann[ann["placed"] & (ann["metric_id"] == mid)]
    metric_name = g["metric"].iloc[0] if len(g) else mid
    direction = g["direction"].iloc[0] if len(g) else None
    shown = args.setting or ("all settings and roles" if args.all_settings else
                             f"{main_setting(g[g['task'] == task])}, own methods")
    print(f"{name} · {task} · {metric_name} ({direction or 'unknown'} is better) · {shown}",
          file=out)
    print(coverage_line(coverage(ann, bid, bench_rows, mid), name), file=out)
    if rows.empty:
        others = board(ann, bid, mid, task, all_settings=True)
        print(f"No own-method score in the main setting; --all-settings shows {len(others)} "
              "score(s) of baselines, evaluated models and other settings.", file=out)
    for r in rows.itertuples(index=False):
        unit = "" if not isinstance(r.unit, str) else r.unit if r.unit == "%" else f" {r.unit}"
        method = r.method if isinstance(r.method, str) else "(unnamed)"
        print(f"{r.rank:>3}. {r.value:g}{unit}  {method} [{r.role}; "
              f"{setting_shown(r.setting, r.extra_data)}]  {r.venue} "
              f"{int(r.year) if pd.notna(r.year) else ''}  "
              f"{r.title}", file=out)
        print(f"     {r.evidence}", file=out)
    return 0


def _print(rows: pd.DataFrame, fmt: str, out, cols: list[str]) -> int:
    import json

    rows = rows.reindex(columns=cols)
    if fmt == "json":
        recs = rows.astype(object).where(rows.notna(), None).to_dict("records")
        json.dump(recs, out, ensure_ascii=False, indent=1, default=str)
        out.write("\n")
    elif fmt == "csv":
        from extract.export import formula_safe

        formula_safe(rows).to_csv(out, index=False)
    else:
        for r in rows.to_dict("records"):
            print(" · ".join(str(r[c]) for c in cols if c != "evidence" and r[c] is not None),
                  file=out)
            print(f"     {r.get('evidence', '')}", file=out)
    return 0
