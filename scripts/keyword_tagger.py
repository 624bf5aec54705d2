"""Distil the keyword stage's part-of-speech look-up table from the bundled spaCy tagger.

The keyword stage needs part-of-speech tags only to find noun phrases, and spaCy's tagger (a CNN)
was its slowest step (about 60 abstracts/s on 2 cores). This script tags a corpus with that
tagger once and keeps, per word, the label (``TAG|POS``) spaCy gives it most often, plus the
label after a given previous tag where that differs, and a label per word ending and shape for
unknown words. :mod:`extract.lexicon.tagger` tags with these tables by look-up, about 50 times
faster; on held-out abstracts 94-95% of tokens get spaCy's exact label and most disagreements do
not change a noun phrase (NOUN vs PROPN, the ``-`` of a compound).

    python scripts/keyword_tagger.py ../shared/corpora/paperlists ../shared/corpora/recent \
        --exclude iclr2024 neurips2023 corl2025        # writes extract/data/keyword_pos.tsv

The held-out sets of ``benchmarks/keywords_bench.py`` are excluded so that they stay unseen.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

OUT = ROOT / "extract" / "data" / "keyword_pos.tsv"


def main(argv: list[str] | None = None) -> int:
    """Tag the corpus with spaCy, count labels, write the table."""
    from extract.ingest import ingest
    from extract.lexicon import tagger
    from extract.keywords.nlp import tagger_nlp

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="+", help="files or folders, as for paper-trends build")
    ap.add_argument("--exclude", nargs="*", default=[], help="skip files whose name contains these")
    ap.add_argument("--min-count", type=int, default=2, help="occurrences for a word entry")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    files = [
        p
        for path in map(Path, args.paths)
        for p in (sorted(path.rglob("*.json")) if path.is_dir() else [path])
        if not any(x in p.name for x in args.exclude)
    ]
    papers = ingest(files).papers
    texts = [f"{p.title}. {p.abstract}" if p.title else p.abstract for p in papers]
    print(f"{len(files)} files, {len(texts):,} abstracts", file=sys.stderr)

    words: defaultdict[str, Counter[str]] = defaultdict(Counter)
    after: defaultdict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    t = time.perf_counter()
    docs = []
    for i, doc in enumerate(tagger_nlp().pipe(texts, batch_size=64), 1):
        toks = [(tok.text, f"{tok.tag_}|{tok.pos_}") for tok in doc]
        docs.append(toks)
        prev = tagger.START
        for text, label in toks:
            key = tagger.word_key(text)
            words[key][label] += 1
            after[key, prev][label] += 1
            prev = label.split("|")[0]
        if i % 2000 == 0:
            print(f"{i:,} tagged ({i / (time.perf_counter() - t):.0f}/s)", file=sys.stderr)
    total = {k: sum(c.values()) for k, c in words.items()}
    rare: defaultdict[str, Counter[str]] = defaultdict(Counter)  # unknown words look like rare ones
    for toks in docs:
        for text, label in toks:
            if total[tagger.word_key(text)] <= args.min_count and not text.isspace():
                rare[tagger.shape_key(text)][label] += 1
    kept = {k for k, n in total.items() if n >= args.min_count and not any(c.isspace() for c in k)}
    best = {k: words[k].most_common(1)[0][0] for k in kept}
    n_tokens = sum(total.values())
    lines = [
        f"# made by scripts/keyword_tagger.py from {len(texts):,} abstracts; "
        "see extract/lexicon/tagger.py",
        f"n\t{n_tokens}",
    ]
    lines += [f"w\t{k}\t{best[k]}\t{total[k]}" for k in sorted(kept)]
    n_ctx = 0
    for (k, prev), c in sorted(after.items()):
        if k in kept and sum(c.values()) >= 3:
            label = c.most_common(1)[0][0]
            if label != best[k]:
                lines.append(f"c\t{k}\t{prev}\t{label}")
                n_ctx += 1
    lines += [f"s\t{k}\t{c.most_common(1)[0][0]}" for k, c in sorted(rare.items())]
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(
        f"{args.out}: {len(kept):,} words, {n_ctx:,} context entries, {len(rare):,} shapes, "
        f"{args.out.stat().st_size / 2**20:.1f} MiB",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
