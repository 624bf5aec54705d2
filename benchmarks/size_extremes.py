"""The smallest and largest parameter counts the sizes stage finds over the corpora, with context.

    python benchmarks/size_extremes.py [-n 20] [--corpora ../shared/corpora]

Runs ``extract.stages.sizes.find_sizes`` on every abstract of ``paperlists/*.json`` and
``recent/*.json`` and prints the ``n`` smallest and ``n`` largest distinct (params, text)
matches with the sentence part around them, plus the count of matches and of papers with one,
and the time taken. Junk (data set sizes, token counts, names of data sets) collects at the ends.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from extract.stages import sizes  # noqa: E402


def scan(corpora: Path) -> tuple[list[tuple[float, str, str, str]], int, int]:
    """Every match as (params, text, model, context, source); papers scanned; papers with one."""
    rows, n_papers, n_with = [], 0, 0
    for sub in ("paperlists", "recent"):
        for f in sorted((corpora / sub).glob("*.json")):
            for i, paper in enumerate(json.loads(f.read_text(encoding="utf-8"))):
                text = (paper.get("abstract") or "").replace("\n", " ")
                n_papers += 1
                found = sizes.find_sizes(text)
                n_with += bool(found)
                for s in found:
                    ctx = text[max(0, s.start - 60) : s.end + 50]
                    rows.append((s.params, s.text, s.model, ctx, f"{sub}/{f.name}:{i}"))
    return rows, n_papers, n_with


def main() -> None:
    """Print the extremes."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=20)
    ap.add_argument("--corpora", default=str(ROOT.parent / "shared" / "corpora"))
    args = ap.parse_args()
    t0 = time.perf_counter()
    rows, n_papers, n_with = scan(Path(args.corpora))
    dt = time.perf_counter() - t0
    print(f"{len(rows)} sizes in {n_with} of {n_papers} abstracts ({dt:.1f}s)")
    rows.sort(key=lambda r: r[0])
    for title, part in (("smallest", rows[: args.n]), ("largest", rows[::-1][: args.n])):
        print(f"--- {args.n} {title}")
        for params, text, model, ctx, src in part:
            print(f"{params:10.3g} {text!r:14} model={model} | {ctx} [{src}]")


if __name__ == "__main__":
    main()
