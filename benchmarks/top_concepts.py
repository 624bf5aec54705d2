"""The most frequent method-phrase concepts of a build and the fastest-rising concepts, as
Markdown tables with one example sentence each.

    python benchmarks/top_concepts.py --db FILE [--top 30] [--rising 15] [--from 2023 --to 2025]
        [--min-papers 10]

``methods`` rows (branch phrases) carry ``form`` (``name`` or ``phrase``), ``concept`` and
``concept_key``. The first table counts papers per ``concept_key`` over the rows of
``form = 'phrase'`` (shown as their most frequent spelling). The second ranks every concept
(names and phrases together) as the Emerging topics page does by default: papers not rejected,
only the venues with papers in both years, concepts on at least ``--min-papers`` papers of the
later year, by the add-one smoothed growth of their share
(:func:`dashboard.analytics.growth_factor`). The example is the sentence of the abstract
holding the concept's first occurrence in one paper (the first by paper id with an offset; of
the later year for the rising table), the occurrence in ``**``. Build first, e.g.
``paper-trends build ../shared/corpora/paperlists ../shared/corpora/recent --no-keywords
--db /tmp/concepts47k.duckdb``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import duckdb

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dashboard.analytics.keywords import growth_factor  # noqa: E402
from extract.text.sentences import sentences  # noqa: E402

_LABEL = """
SELECT concept_key, concept FROM (
    SELECT concept_key, concept, row_number() OVER (
        PARTITION BY concept_key ORDER BY count(DISTINCT paper_id) DESC, concept) AS i
    FROM methods WHERE concept_key IS NOT NULL AND concept_key <> '' {extra}
    GROUP BY 1, 2) WHERE i = 1
"""


def sentence(abstract: str, start: int, end: int, width: int = 220) -> str:
    """The sentence of ``abstract`` holding ``[start, end)``, that span in ``**``, cut to about
    ``width`` characters around it."""
    lo, hi = 0, len(abstract)
    for at, sent in sentences(abstract):  # the project's one splitter
        if at <= start:
            lo, hi = at, max(at + len(sent), end)
    text = f"{abstract[lo:start]}**{abstract[start:end]}**{abstract[end:hi]}".strip()
    text = " ".join(text.split())
    if len(text) > width:
        at = text.index("**")
        a = max(0, at - width // 2)
        text = ("…" if a else "") + text[a : a + width] + "…"
    return text.replace("|", "\\|")


def example(con: duckdb.DuckDBPyConnection, key: str, form: str | None, year: int | None) -> str:
    """One sentence naming concept ``key`` (see the module docstring)."""
    sql = (
        "SELECT p.abstract, m.start, m.\"end\" FROM methods m JOIN papers p USING (paper_id) "
        "WHERE m.concept_key = ? AND m.start IS NOT NULL"
    )
    params: list = [key]
    if form:
        sql += " AND m.form = ?"
        params.append(form)
    if year is not None:
        sql += " AND p.year = ?"
        params.append(year)
    row = con.execute(sql + " ORDER BY p.paper_id LIMIT 1", params).fetchone()
    return sentence(*row) if row else ""


def top_phrases(con: duckdb.DuckDBPyConnection, n: int) -> list[tuple]:
    """(label, key, papers, example) of the ``n`` phrase concepts on most papers."""
    labels = _LABEL.format(extra="AND form = 'phrase'")
    rows = con.execute(
        f"WITH l AS ({labels}) "
        "SELECT l.concept, m.concept_key, count(DISTINCT m.paper_id) AS papers FROM methods m "
        "JOIN l USING (concept_key) WHERE m.form = 'phrase' GROUP BY 1, 2 "
        "ORDER BY papers DESC, 1 LIMIT ?",
        [n],
    ).fetchall()
    return [(c, k, p, example(con, k, "phrase", None)) for c, k, p in rows]


def rising(
    con: duckdb.DuckDBPyConnection, year_a: int, year_b: int, min_b: int, n: int
) -> tuple[list[tuple], int, int, list[str]]:
    """The ``n`` fastest-rising concepts: (label, forms, papers a, papers b, growth, example),
    the papers of each year and the venues compared."""
    papers = (
        "SELECT paper_id, CAST(year AS BIGINT) AS y, venue FROM papers "
        "WHERE coalesce(accepted, TRUE) AND year IN (?, ?)"
    )
    venues = [
        r[0]
        for r in con.execute(
            f"SELECT venue FROM ({papers}) WHERE venue IS NOT NULL GROUP BY 1 "
            "HAVING count(DISTINCT y) = 2 ORDER BY 1",
            [year_a, year_b],
        ).fetchall()
    ]
    view = f"SELECT paper_id, y FROM ({papers}) WHERE venue IN (SELECT unnest(?::VARCHAR[]))"
    params = [year_a, year_b, venues]
    n_a, n_b = con.execute(
        f"SELECT count(*) FILTER (WHERE y = ?), count(*) FILTER (WHERE y = ?) FROM ({view})",
        [year_a, year_b, *params],
    ).fetchone()
    rows = con.execute(
        f"WITH v AS ({view}), c AS (SELECT DISTINCT m.paper_id, m.concept_key, m.form "
        "FROM methods m WHERE m.concept_key IS NOT NULL AND m.concept_key <> '' "
        "AND m.paper_id IN (SELECT paper_id FROM v)) "
        "SELECT c.concept_key, count(DISTINCT c.paper_id) FILTER (WHERE v.y = ?) AS a, "
        "count(DISTINCT c.paper_id) FILTER (WHERE v.y = ?) AS b, "
        "string_agg(DISTINCT c.form, ' + ' ORDER BY c.form) AS forms "
        "FROM c JOIN v USING (paper_id) GROUP BY 1 HAVING b >= ?",
        [*params, year_a, year_b, min_b],
    ).fetchall()
    ranked = sorted(
        ((growth_factor(a, n_a, b, n_b), b, k, a, f) for k, a, b, f in rows),
        key=lambda r: (-r[0], -r[1], r[2]),
    )[:n]
    keys = [r[2] for r in ranked]
    labels = dict(
        con.execute(
            _LABEL.format(extra="AND concept_key IN (SELECT unnest(?::VARCHAR[]))"), [keys]
        ).fetchall()
    )
    out = [
        (labels.get(k, k), f, a, b, g, example(con, k, None, year_b))
        for g, b, k, a, f in ranked
    ]
    return out, n_a, n_b, venues


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", required=True, help="a build's DuckDB file")
    ap.add_argument("--top", type=int, default=30, help="phrase concepts listed (30)")
    ap.add_argument("--rising", type=int, default=15, help="rising concepts listed (15)")
    ap.add_argument("--from", dest="year_a", type=int, default=2023, help="earlier year (2023)")
    ap.add_argument("--to", dest="year_b", type=int, default=2025, help="later year (2025)")
    ap.add_argument("--min-papers", type=int, default=10, help="in the later year (10)")
    args = ap.parse_args(argv)
    con = duckdb.connect(args.db, read_only=True)
    try:
        n_phr = con.execute(
            "SELECT count(*), count(DISTINCT paper_id), count(DISTINCT concept_key) "
            "FROM methods WHERE form = 'phrase'"
        ).fetchone()
        print(f"## The {args.top} most frequent method-phrase concepts (form = 'phrase')\n")
        print(f"{n_phr[0]:,} phrase rows on {n_phr[1]:,} papers, {n_phr[2]:,} concepts.\n")
        print("| # | concept | key | papers | example |")
        print("|---|---|---|---:|---|")
        for i, (c, k, p, ex) in enumerate(top_phrases(con, args.top), 1):
            print(f"| {i} | {c} | `{k}` | {p:,} | {ex} |")
        got, n_a, n_b, venues = rising(
            con, args.year_a, args.year_b, args.min_papers, args.rising
        )
        print(
            f"\n## The {args.rising} fastest-rising concepts {args.year_a} → {args.year_b}\n\n"
            f"Names and phrases by concept key; {n_a:,} papers in {args.year_a} and {n_b:,} in "
            f"{args.year_b} (not rejected) of the venues in both years ({', '.join(venues)}); "
            f"at least {args.min_papers} papers in {args.year_b}; growth = add-one smoothed "
            "ratio of the shares.\n"
        )
        print(f"| # | concept | as | {args.year_a} | {args.year_b} | growth × | example |")
        print("|---|---|---|---:|---:|---:|---|")
        for i, (c, f, a, b, g, ex) in enumerate(got, 1):
            print(f"| {i} | {c} | {f} | {a} | {b} | {g:.1f} | {ex} |")
    finally:
        con.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
