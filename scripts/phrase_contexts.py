"""Corpus contexts of phrase candidates (``extract/data/phrase_contexts.tsv``), no labels.

Reads every abstract of ``../shared/corpora`` (both folders, deduplicated by abstract), finds
its phrase candidates (:func:`extract.phrases.candidates.spans`, as the phrase model does) and
counts per concept key: occurrences, a method noun right after (:data:`NEXT_WORDS`), a use cue
right before (:data:`PREV_WORDS`), and occurrences as a whole noun phrase. Keys seen fewer than
``MIN_COUNT`` times are left out. :mod:`extract.phrases.contexts` reads the table.

    python scripts/phrase_contexts.py [--corpora ../shared/corpora]   # about 2 minutes
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from taxonomy_counts import corpus_texts  # noqa: E402

from extract.datafiles import DATA_DIR  # noqa: E402
from extract.phrases.candidates import spans  # noqa: E402
from extract.phrases.concepts import concept_key  # noqa: E402
from extract.phrases.contexts import CONTEXTS_FILE, MIN_COUNT, counts_of  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpora", type=Path, default=ROOT.parent / "shared" / "corpora")
    ap.add_argument("--out", type=Path, default=DATA_DIR / CONTEXTS_FILE)
    args = ap.parse_args(argv)
    t0 = time.time()
    stats: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    n_docs = 0
    for text in corpus_texts(args.corpora):
        n_docs += 1
        for sp in spans(text):
            s = stats[concept_key(" ".join(sp.words))]
            s[0] += 1
            for i, v in enumerate(counts_of(sp.prev, sp.prev2, sp.next,
                                            sp.left == 0 and sp.right == 0), start=1):
                s[i] += v
    kept = sorted((k, v) for k, v in stats.items() if k and v[0] >= MIN_COUNT)
    with args.out.open("w", encoding="utf-8") as fh:
        fh.write(f"# made by scripts/phrase_contexts.py from {n_docs} corpus abstracts; key, "
                 f"occurrences, method noun after, use cue before, whole noun phrase; keys seen "
                 f">= {MIN_COUNT} times\n")
        for k, v in kept:
            fh.write(f"{k}\t{v[0]}\t{v[1]}\t{v[2]}\t{v[3]}\n")
    print(f"{n_docs} abstracts, {len(kept)} of {len(stats)} keys kept -> {args.out} "
          f"({time.time() - t0:.0f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
