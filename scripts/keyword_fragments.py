"""Find keyword fragments: phrases that a corpus uses almost only inside a longer compound.

"large language" is a candidate cut from "large language models" (a cut before a generic head
word is allowed, so that "reinforcement learning methods" gives "reinforcement learning"). When
a corpus almost never uses the cut form on its own, it is a modifier, not a term. This script
counts, per candidate, the papers that use it at all and the papers that use it on its own, and
prints the ``fragments`` list for ``extract/data/keyword_stopwords.toml``.

    python scripts/keyword_fragments.py ../shared/corpora/paperlists seeds [--min-papers 20]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from extract.ingest import ingest  # noqa: E402
from extract.keywords import _text, keyword_nlp  # noqa: E402
from extract.keywords.candidates import doc_candidates, load_stoplist  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    """Count whole and cut uses of every candidate; print the fragments found."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="+", help="files or folders, as for paper-trends build")
    ap.add_argument("--min-papers", type=int, default=20, help="papers using the phrase at all")
    ap.add_argument(
        "--max-whole-share", type=float, default=0.05, help="at most this share on its own"
    )
    args = ap.parse_args(argv)
    papers = ingest(args.paths).papers
    stoplist = replace(load_stoplist(), fragments=frozenset())  # see every cut candidate
    used: Counter[str] = Counter()
    whole: Counter[str] = Counter()
    spelling: dict[str, str] = {}  # key -> the first spelling seen, lower-case
    texts = [_text(p) for p in papers]
    tag = keyword_nlp()
    for i, (text, n) in enumerate(texts, 1):
        for c in doc_candidates(tag(text), title_chars=n, stoplist=stoplist, text=text):
            used[c.key] += 1
            whole[c.key] += c.whole
            spelling.setdefault(c.key, c.display.lower())
        if i % 1000 == 0:
            print(f"{i:,} / {len(papers):,} papers", file=sys.stderr)
    limit = args.max_whole_share
    found = sorted(
        (k for k, n in used.items() if n >= args.min_papers and whole[k] <= limit * n),
        key=lambda k: -used[k],
    )
    print(
        f"# {len(papers):,} papers; used in >= {args.min_papers} papers, "
        f"on its own in <= {args.max_whole_share:.0%} of them"
    )
    for k in found:
        print(f"#   {spelling[k]!r}: {used[k]} papers, {whole[k]} on its own")
    print("fragments = [" + ", ".join(f'"{spelling[k]}"' for k in found) + "]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
