"""Every distinct paper-list status in some input folders, with counts and today's mapping.

Reads the files with the project's readers (so a status is what ``papers.status`` would hold
before deduplication) and prints one Markdown table row per status: the status, its count, the
files it occurs in and the ``accepted`` value ``data/statuses.toml`` gives it (NULL: unknown).
Used to derive ``data/statuses.toml``; for example::

    python scripts/list_statuses.py ../shared/corpora seeds tests/fixtures
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict

from extract.ingest import Paper, iter_input_files
from extract.readers import read_file


def main(argv: list[str] | None = None) -> int:
    """Print the status table for the folders given."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="+", help="files or folders")
    args = ap.parse_args(argv)
    counts: Counter[str] = Counter()
    where: dict[str, set[str]] = defaultdict(set)
    for path, name, problem in iter_input_files(args.paths):
        if problem is not None or path is None:
            continue
        try:
            records, _problems = read_file(path, name)
        except Exception:  # an unreadable file has no statuses to list
            continue
        for rec in records:
            status = (rec.status or "").strip()
            counts[status] += 1
            where[status].add(path.name)
    print("| status | papers | accepted | files |")
    print("|---|---:|---|---|")
    for status, n in sorted(counts.items(), key=lambda kv: (kv[0].lower(), kv[0])):
        acc = Paper("x", "x", status=status or None).accepted
        shown = {True: "true", False: "false", None: "NULL"}[acc]
        files = ", ".join(sorted(where[status])[:4]) + (" ..." if len(where[status]) > 4 else "")
        print(f"| {status or '(empty)'} | {n} | {shown} | {files} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
