"""The most frequent proposed and used (mentioned) names of a build's ``methods`` table.

    python benchmarks/top_names.py --db FILE [--top 30] [--markdown]

Counts papers per name and role (a paper counts once per name). A proposed acronym is counted
per (name, long form key): "APT" defined as "Adaptive Prefix Tuning" in one paper and as
"Advanced Persistent Threat" in another are two different contributions, so the proposed list
shows names that several papers really propose, each with the long form they share
(:func:`extract.names.candidates.long_key` folds case, spaces, hyphens and a final plural "s").
``forms``: distinct surface strings (spellings with their long forms); ``senses`` (used names):
distinct long forms the name has across papers, so "CD 40 papers, 9 senses" is an ambiguous
acronym. Build the full corpus first, e.g.
``paper-trends build ../shared/corpora/paperlists ../shared/corpora/recent --no-keywords
--db /tmp/k47.duckdb``.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

import duckdb

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from extract.names.candidates import long_key  # noqa: E402

_ROWS = """
SELECT paper_id, name, type, confidence, surface, {long_form}
FROM methods WHERE role = ?
"""


def top(con: duckdb.DuckDBPyConnection, role: str, n: int) -> list[tuple]:
    """The ``n`` (name, long form) pairs of ``role`` in the most papers.

    Rows: (name, long form or None, papers, most frequent type, mean confidence, distinct
    surface forms, distinct long forms of the name). Proposed names are keyed by (name, long form
    key); used names by name alone (their long forms are counted as ``senses``).
    """
    cols = {r[0] for r in con.execute("DESCRIBE methods").fetchall()}
    long_col = "long_form" if "long_form" in cols else "NULL AS long_form"
    papers: dict[tuple, set[str]] = defaultdict(set)
    types: dict[tuple, Counter] = defaultdict(Counter)
    confs: dict[tuple, list[float]] = defaultdict(list)
    forms: dict[tuple, set[str]] = defaultdict(set)
    longs: dict[tuple, Counter] = defaultdict(Counter)
    senses: dict[tuple, set[str]] = defaultdict(set)
    for pid, name, typ, conf, surface, long in con.execute(
        _ROWS.format(long_form=long_col), [role]
    ).fetchall():
        lk = long_key(long) if long else ""
        k = (name, lk) if role == "proposed" else (name, "")
        papers[k].add(pid)
        types[k][typ] += 1
        confs[k].append(conf)
        forms[k].add((surface or "").lower())
        if long:
            longs[k][long] += 1
            senses[k].add(lk)
    ranked = sorted(papers, key=lambda k: (-len(papers[k]), k))[:n]
    out = []
    for k in ranked:
        long = longs[k].most_common(1)[0][0] if role == "proposed" and longs[k] else None
        out.append(
            (
                k[0],
                long,
                len(papers[k]),
                types[k].most_common(1)[0][0],
                round(sum(confs[k]) / len(confs[k]), 2),
                len(forms[k]),
                len(senses[k]),
            )
        )
    return out


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
            print("\n| # | name | long form | papers | type | mean confidence | forms | senses |")
            print("|---|---|---|---|---|---|---|---|")
            for i, (name, long, n, typ, conf, nforms, nsenses) in enumerate(rows, 1):
                print(
                    f"| {i} | {name} | {long or ''} | {n} | {typ} | {conf} | {nforms} | {nsenses} |"
                )
        else:
            print(
                f"{'#':>3} {'name':<22} {'long form':<40} {'papers':>6} {'type':<8} "
                "conf  forms senses"
            )
            for i, (name, long, n, typ, conf, nforms, nsenses) in enumerate(rows, 1):
                print(
                    f"{i:>3} {name[:22]:<22} {(long or '')[:40]:<40} {n:>6} {typ:<8} {conf:<5} "
                    f"{nforms:>5} {nsenses:>6}"
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
