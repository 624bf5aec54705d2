"""How the BibTeX reader's time grows with the number of entries (it must stay linear).

    python benchmarks/reader_scaling.py [--sizes 10000,50000,100000]

Writes synthetic files of N well-formed entries and of N never-closed entries (each one a
reported problem) and prints seconds and microseconds per entry for each N. Counting line
numbers from the top for every entry once made 100k entries take minutes; a flat per-entry time
across sizes is the check.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from extract.readers import read_file  # noqa: E402

ABSTRACT = "We propose a method and evaluate it on three benchmarks with strong baselines."


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="10000,50000,100000")
    args = ap.parse_args(argv)
    print(f"{'kind':<8} {'entries':>8} {'seconds':>8} {'us/entry':>9}")
    with tempfile.TemporaryDirectory() as tmp:
        for n in (int(x) for x in args.sizes.split(",")):
            good = Path(tmp) / f"good{n}.bib"
            good.write_text("".join(f"@misc{{k{i},\n  title = {{T{i}}},\n  abstract = {{{ABSTRACT} {i}}}\n}}\n"
                                    for i in range(n)), encoding="utf-8")
            broken = Path(tmp) / f"broken{n}.bib"
            broken.write_text("@misc{x,\n" * n + "@misc{k,\n  abstract = {" + ABSTRACT + "}\n}\n",
                              encoding="utf-8")
            for kind, path in (("good", good), ("broken", broken)):
                t0 = time.perf_counter()
                read_file(path, path.name)
                dt = time.perf_counter() - t0
                print(f"{kind:<8} {n:>8} {dt:>8.2f} {dt / n * 1e6:>9.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
