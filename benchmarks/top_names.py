"""The most frequent proposed and used (mentioned) names of a build's ``methods`` table.

    python benchmarks/top_names.py --db FILE [--top 30] [--markdown]

Counts papers per name and role (a paper counts once per name); ``forms``: distinct surface
strings (spellings with their long forms), so "APT 12 papers, 11 forms" is eleven different
methods that share an acronym. Build the full corpus first, e.g.
``paper-trends build ../shared/corpora/paperlists ../shared/corpora/recent --no-keywords
--db /tmp/k47.duckdb``.
"""

from __future__ import annotations

import argparse

import duckdb

_QUERY = """
SELECT name, count(DISTINCT paper_id) AS papers, mode(type) AS type,
       round(avg(confidence), 2) AS confidence, count(DISTINCT lower(surface)) AS forms
FROM methods WHERE role = ?
GROUP BY name ORDER BY papers DESC, name LIMIT ?
"""


def top(con: duckdb.DuckDBPyConnection, role: str, n: int) -> list[tuple]:
    """The ``n`` names of ``role`` in the most papers.

    (name, papers, most frequent type, mean confidence, distinct surface forms).
    """
    return [tuple(r) for r in con.execute(_QUERY, [role, n]).fetchall()]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", required=True)
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--markdown", action="store_true", help="print markdown tables")
    args = ap.parse_args(argv)
    con = duckdb.connect(args.db, read_only=True)
    papers = con.execute("SELECT count(*) FROM papers").fetchone()[0]
    print(f"{papers} papers in {args.db}")
    for role, label in (("proposed", "proposed"), ("mentioned", "used (mentioned)")):
        rows = top(con, role, args.top)
        print(f"\n{args.top} most frequent {label} names")
        if args.markdown:
            print("\n| # | name | papers | type | mean confidence | forms |")
            print("|---|---|---|---|---|---|")
            for i, (name, n, typ, conf, forms) in enumerate(rows, 1):
                print(f"| {i} | {name} | {n} | {typ} | {conf} | {forms} |")
        else:
            print(f"{'#':>3} {'name':<30} {'papers':>6} {'type':<8} conf  forms")
            for i, (name, n, typ, conf, forms) in enumerate(rows, 1):
                print(f"{i:>3} {name:<30} {n:>6} {typ:<8} {conf:<5} {forms}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
