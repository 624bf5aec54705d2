"""Boards read with SQL from the board fields the results stage stores.

The results stage stores on every row what a board needs (:data:`extract.leaderboards.STAGE_FIELDS`:
``bench_id``, ``task``, ``metric_id``, ``board_metric``, ``board_direction``, ``board_score``,
``board_unit``, ``board_setting``, ``role``, ``method``, ``unplaced``, ...), so a board is a query
over ``results`` and ``papers`` instead of re-reading every row's sentence
(:func:`extract.leaderboards.annotate`). Only two things come from elsewhere: a listed
benchmark's name (``data/benchmark_aliases.toml``; an unlisted one shows its most used spelling
among the rows in view, as :func:`~extract.leaderboards.annotate` does) and the evidence
sentence, cut from the abstract for the rows of the one benchmark asked for.

Every function takes ``run(sql, params, frames)`` (a DuckDB query returning a pandas frame; see
:func:`runner`) and ``results_sql``: the ``results`` rows in view as a SELECT (``?`` parameters
in ``params``), so the dashboard passes its filtered rows and the command the whole table. The
frame :func:`benchmark_rows` returns has the columns of :data:`~extract.leaderboards.ANNOTATED`,
so the pure board functions (:func:`~extract.leaderboards.boards`,
:func:`~extract.leaderboards.board`, :func:`~extract.leaderboards.unplaced`,
:func:`~extract.leaderboards.coverage`) give the page and ``paper-trends leaderboard`` the same
boards as before.
"""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd

from extract.leaderboards.boards import ANNOTATED
from extract.leaderboards.catalogue import EVIDENCE_MARKS, benchmark_of, benchmarks
from extract.leaderboards.reading import _sentence

Run = Callable[..., pd.DataFrame]

# stored columns the SQL path reads (the results stage writes them; an older build lacks them)
STORED = ("bench_id", "metric_id", "board_direction", "board_score", "board_unit",
          "board_setting", "model_size")

# the rows a board is read from: as annotate(), a benchmark, a span and a value
_ROWS = ("SELECT * FROM ({sql}) WHERE benchmark IS NOT NULL AND start IS NOT NULL "
         "AND \"end\" IS NOT NULL AND value IS NOT NULL")

PLAIN_TITLE = "p.title"


def runner(con) -> Run:
    """``run(sql, params, frames)`` on a DuckDB connection (frames registered on a cursor)."""

    def run(sql: str, params=(), frames: dict | None = None) -> pd.DataFrame:
        cur = con.cursor()
        try:
            for name, frame in (frames or {}).items():
                cur.register(name, frame)
            return cur.execute(sql, list(params)).df()
        finally:
            cur.close()

    return run


def catalogue() -> pd.DataFrame:
    """Listed benchmarks: ``bench_id``, ``name``, ``parent`` (a small table for joins)."""
    bs = benchmarks().values()
    return pd.DataFrame({
        "bench_id": [b.id for b in bs], "name": [b.name for b in bs],
        "parent": [b.parent for b in bs],
    }, columns=["bench_id", "name", "parent"]).astype(object)


def has_board_fields(run: Run, results_sql: str, params=()) -> bool:
    """True when every row with a benchmark has its stored ``bench_id`` (a build made before the
    stage stored it reads as NULL: then only :func:`extract.leaderboards.annotate` can read it)."""
    import duckdb

    try:
        got = run(
            f"SELECT count(*) AS n FROM ({results_sql}) WHERE benchmark IS NOT NULL "
            "AND bench_id IS NULL", params,
        )
    except duckdb.BinderException:  # the table has no such column
        return False
    return int(got["n"].iloc[0]) == 0


def _names_sql(rows: str) -> str:
    # the shown name: a listed benchmark's, else the most used spelling (ties: the first)
    return (
        f"spell AS (SELECT bench_id, benchmark, count(*) AS n FROM {rows} GROUP BY ALL), "
        "named AS (SELECT s.bench_id, coalesce(any_value(c.name), "
        "first(s.benchmark ORDER BY s.n DESC, s.benchmark)) AS bench, "
        "any_value(c.parent) AS parent FROM spell s LEFT JOIN lb_catalogue c ON c.bench_id = s.bench_id GROUP BY s.bench_id)"
    )


def benchmark_list(run: Run, results_sql: str, params=()) -> pd.DataFrame:
    """Benchmarks with a score, most papers with a placed score first.

    Returns:
        ``bench_id``, ``bench`` (its name), ``scored`` (papers with a score, placed or not),
        ``papers`` (papers with a placed score in any setting or role).
    """
    rows = _ROWS.format(sql=results_sql)
    sql = (
        f"WITH r AS ({rows}), {_names_sql('r')} "
        "SELECT r.bench_id, n.bench, "
        "count(DISTINCT r.paper_id) FILTER (WHERE r.kind = 'score') AS scored, "
        "count(DISTINCT r.paper_id) FILTER (WHERE r.unplaced IS NULL) AS papers "
        "FROM r JOIN named n USING (bench_id) "
        "WHERE r.paper_id IN (SELECT paper_id FROM papers) "
        "GROUP BY r.bench_id, n.bench HAVING scored > 0 "
        "ORDER BY papers DESC, scored DESC, n.bench, r.bench_id"
    )
    out = run(sql, params, {"lb_catalogue": catalogue()})
    for c in ("scored", "papers"):
        out[c] = out[c].astype(int)
    return out[["bench_id", "bench", "scored", "papers"]].reset_index(drop=True)


def evidence(abstract: str, start: int, end: int) -> str:
    """The sentence holding the span, the number between :data:`EVIDENCE_MARKS` (as
    :func:`extract.leaderboards.read_row` writes it)."""
    off, sent = _sentence(abstract, start, end)
    s, e = start - off, min(end, off + len(sent)) - off
    return f"{sent[:s]}{EVIDENCE_MARKS[0]}{sent[s:e]}{EVIDENCE_MARKS[1]}{sent[e:]}".strip()


def benchmark_rows(
    run: Run, results_sql: str, params, bench_id: str, title_sql: str = PLAIN_TITLE
) -> pd.DataFrame:
    """One benchmark's rows with their board fields (:data:`ANNOTATED`), by paper and offset.

    Args:
        title_sql: The title's SQL over ``papers p`` (the dashboard's falls back to the
            abstract's start when a paper has none).
    """
    rows = _ROWS.format(sql=results_sql) + " AND bench_id = ?"
    sql = (
        f"WITH r AS ({rows}), {_names_sql('r')} "
        f"SELECT r.paper_id, {title_sql} AS title, p.venue, p.year, r.bench_id, n.bench, "
        "n.parent, r.task, r.metric_id, r.board_metric AS metric, r.board_direction AS direction, "
        "r.board_score AS score, r.board_unit AS unit, r.value, r.norm_value, r.norm_unit, "
        "r.shot, r.extra_data, r.robust, r.selective, r.subset, r.split, r.model_size AS size, "
        "r.board_setting AS setting, r.role, r.method, r.unplaced IS NULL AS placed, "
        "r.unplaced AS reason, r.kind, r.start, r.\"end\", p.abstract AS _abstract "
        "FROM r JOIN papers p ON p.paper_id = r.paper_id "
        "JOIN named n ON n.bench_id = r.bench_id "
        "ORDER BY r.paper_id, r.start, r.\"end\""
    )
    got = run(sql, [*params, bench_id], {"lb_catalogue": catalogue()})
    got["evidence"] = [
        evidence(str(a), int(s), int(e))
        for a, s, e in zip(got["_abstract"], got["start"], got["end"], strict=True)
    ]
    got["placed"] = got["placed"].astype(bool)
    for c in ("start", "end"):
        got[c] = got[c].astype(int)
    return got.reindex(columns=ANNOTATED).reset_index(drop=True)


def naming_rows(run: Run, bench_sql: str, params, bench_id: str) -> pd.DataFrame:
    """The ``benchmarks``-stage rows (``paper_id``, ``name``, ``role``) in view that name
    ``bench_id`` in any spelling, for :func:`extract.leaderboards.coverage`.

    Args:
        bench_sql: The ``benchmarks`` rows in view as a SELECT.
    """
    names = run(f"SELECT DISTINCT name FROM ({bench_sql}) WHERE name IS NOT NULL", params)
    mine = [n for n in names["name"] if benchmark_of(n).id == bench_id]
    return run(
        f"SELECT paper_id, name, role FROM ({bench_sql}) WHERE name IN (SELECT name FROM lb_mine)",
        params, {"lb_mine": pd.DataFrame({"name": pd.Series(mine, dtype=object)})},
    )


def known_benchmarks(run: Run, results_sql: str = "SELECT * FROM results", params=()) -> list:
    """(bench_id, name) pairs of the benchmarks with a score, for
    :func:`extract.leaderboards.resolve_benchmark`: a listed benchmark's name, else each
    spelling."""
    got = run(
        f"SELECT DISTINCT bench_id, benchmark FROM ({results_sql}) WHERE benchmark IS NOT NULL "
        "AND kind = 'score' AND bench_id IS NOT NULL", params,
    )
    listed = benchmarks()
    return sorted({(b, listed[b].name if b in listed else n)
                   for b, n in zip(got["bench_id"], got["benchmark"])})
