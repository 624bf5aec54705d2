"""Write a K-times larger copy of a paper-trends database, for dashboard benchmarks at scale.

    python benchmarks/make_scaled_db.py --from /tmp/p10k.duckdb --copies 100 --out /tmp/p1m.duckdb

Every table with a ``paper_id`` column is copied ``K`` times: copy 0 keeps the ids, copy ``k``
suffixes them with ``~k`` (``acl2022_123~7``), so papers, their extraction rows and their
embeddings stay joined and every copy is a distinct paper with the same text. Tables without
``paper_id`` (``sources``, ``extract_runs``, ``build_problems``) are copied once: their rows
describe abstracts (by content hash) and files, which the copies share. The source is opened
read-only; the output is written beside ``--out`` and renamed into place.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import duckdb


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def scale(src: Path, copies: int, out: Path) -> dict[str, int]:
    """Copy every table of ``src`` into a new database ``out``, papers ``copies`` times.

    Returns:
        Rows written per table.
    """
    if copies < 1:
        raise ValueError("--copies must be at least 1")
    tmp = out.with_name(out.name + f".tmp-{os.getpid()}")
    tmp.unlink(missing_ok=True)
    con = duckdb.connect(str(tmp))
    counts: dict[str, int] = {}
    try:
        con.execute(f"ATTACH '{src}' AS src (READ_ONLY)")
        tables = con.execute(
            "SELECT table_name FROM duckdb_tables() WHERE database_name = 'src' ORDER BY 1"
        ).fetchall()
        for (table,) in tables:
            cols = [
                r[0]
                for r in con.execute(
                    "SELECT column_name FROM duckdb_columns() "
                    "WHERE database_name = 'src' AND table_name = ? ORDER BY column_index",
                    [table],
                ).fetchall()
            ]
            # an empty copy first keeps the column types (FLOAT[384], ...) exactly
            con.execute(f"CREATE TABLE {_q(table)} AS SELECT * FROM src.{_q(table)} LIMIT 0")
            if "paper_id" in cols:
                select = ", ".join(
                    "CASE WHEN c.k = 0 THEN t.paper_id ELSE t.paper_id || '~' || c.k END"
                    if col == "paper_id"
                    else f"t.{_q(col)}"
                    for col in cols
                )
                con.execute(
                    f"INSERT INTO {_q(table)} SELECT {select} "
                    f"FROM range({copies}) c(k), src.{_q(table)} t ORDER BY c.k"
                )
            else:
                con.execute(f"INSERT INTO {_q(table)} SELECT * FROM src.{_q(table)}")
            counts[table] = con.execute(f"SELECT count(*) FROM {_q(table)}").fetchone()[0]
        con.execute("DETACH src")
        con.execute("CHECKPOINT")
    finally:
        con.close()
    os.replace(tmp, out)
    return counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--from", dest="src", required=True, type=Path, help="database to copy")
    ap.add_argument("--copies", required=True, type=int, help="how many copies of every paper")
    ap.add_argument("--out", required=True, type=Path, help="database to write (replaced)")
    args = ap.parse_args(argv)
    if not args.src.is_file():
        print(f"{args.src}: no such database", file=sys.stderr)
        return 2
    if args.out.resolve() == args.src.resolve():
        print("--out must differ from --from", file=sys.stderr)
        return 2
    t = time.perf_counter()
    counts = scale(args.src, args.copies, args.out)
    for table, n in counts.items():
        print(f"{table:<20} {n:>12,}")
    size = args.out.stat().st_size / 2**20
    print(f"{args.out}: {counts.get('papers', 0):,} papers, {size:,.0f} MiB, "
          f"{time.perf_counter() - t:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
