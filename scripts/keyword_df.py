"""Document frequencies of keyword candidates (``extract/data/keyword_df.tsv``) from the corpus.

Reads every abstract of ``../shared/corpora`` (both folders, deduplicated by abstract), except
the papers ``benchmarks/keywords_bench.py`` samples from its author-keyword sets (``--per-set
100``, seed 0), finds each paper's candidates with :func:`extract.keywords.paper_candidates` and
counts, per candidate key (its folded words: lower case, singular, hyphens split), the papers it
occurs in. Keys seen in fewer than ``--min-df`` papers are left out (a key missing from the table
counts as seen once). The first data line is ``n<TAB>papers``. TF-IDF
(:func:`extract.keywords.rank.tfidf`) reads it. No labels are used.

    python scripts/keyword_df.py            # writes extract/data/keyword_df.tsv
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from keywords_bench import CORPORA, SETS, load  # noqa: E402

import extract.keywords as keywords  # noqa: E402
from extract.datafiles import DATA_DIR  # noqa: E402
from extract.keywords.rank import DF_FILE  # noqa: E402


def bench_abstracts(per_set: int = 100, seed: int = 0) -> set[str]:
    """Abstracts of the papers the benchmark samples (kept out of the counts)."""
    out: set[str] = set()
    for fname, _ in SETS:
        ps, _ = load(CORPORA / fname)
        idx = random.Random(seed).sample(range(len(ps)), per_set) if len(ps) > per_set else \
            range(len(ps))
        out |= {ps[i].abstract for i in idx}
    return out


def main(argv=None) -> int:
    """Count and write."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--min-df", type=int, default=3)
    args = ap.parse_args(argv)
    t = time.perf_counter()
    skip = bench_abstracts()
    papers, seen = [], set(skip)
    for f in sorted(CORPORA.glob("paperlists/*.json")) + sorted(CORPORA.glob("recent/*.json")):
        for p in load(f, labelled=False)[0]:
            if p.abstract not in seen:
                seen.add(p.abstract)
                papers.append(p)
    nlp = keywords.keyword_nlp()
    df: Counter[str] = Counter()
    for i in range(0, len(papers), keywords.CHUNK):
        for cs in keywords.paper_candidates(papers[i : i + keywords.CHUNK], nlp=nlp):
            df.update({" ".join(c.folded or (c.key,)) for c in cs})
    out = DATA_DIR / DF_FILE
    with open(out, "w", encoding="utf-8") as fh:
        fh.write(f"# made by scripts/keyword_df.py from {len(papers)} corpus abstracts "
                 f"(benchmark samples excluded), keys in >= {args.min_df} papers\n")
        fh.write(f"n\t{len(papers)}\n")
        for k, v in sorted(df.items(), key=lambda kv: (-kv[1], kv[0])):
            if v >= args.min_df and "\t" not in k:
                fh.write(f"{k}\t{v}\n")
    print(f"{len(papers)} papers, {len(df)} keys; wrote {out} "
          f"({out.stat().st_size // 1024} KiB) in {time.perf_counter() - t:.0f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
