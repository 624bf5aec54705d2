"""Acronyms the corpus defines one way (``extract/data/acronym_concepts.tsv``), no labels.

Reads every abstract of ``../shared/corpora`` (both folders, deduplicated by abstract), finds
the acronyms it defines ("long form (ACR)": :func:`extract.lexicon.words.find_acronyms`) and
counts, per (acronym without a plural "s", concept key of the long form), the abstracts that
define it. A pair is kept when at least ``--min-abstracts`` abstracts define it, it is at least
``--min-share`` of the definitions of its acronym (so "SSL", half self-supervised and half
semi-supervised learning, is left out) and of its long form. The long form is written as the
corpus writes it most often. :mod:`extract.lexicon.acronyms` reads the table.

    python scripts/acronym_concepts.py [--corpora ../shared/corpora]   # about 5 seconds
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from taxonomy_counts import corpus_texts  # noqa: E402

from extract.datafiles import DATA_DIR  # noqa: E402
from extract.lexicon.acronyms import ACRONYMS_FILE, singular_acronym  # noqa: E402
from extract.lexicon.words import find_acronyms  # noqa: E402
from extract.phrases.concepts import concept_key  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpora", type=Path, default=ROOT.parent / "shared" / "corpora")
    ap.add_argument("--out", type=Path, default=DATA_DIR / ACRONYMS_FILE)
    ap.add_argument("--min-abstracts", type=int, default=5)
    ap.add_argument("--min-share", type=float, default=0.8)
    args = ap.parse_args(argv)
    t0 = time.time()
    # (acronym, long-form key) -> how often each spelling of the long form defines it
    written: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    n_docs = 0
    for text in corpus_texts(args.corpora):
        n_docs += 1
        for acronym, long_form in find_acronyms(text).items():
            pair = (singular_acronym(acronym), concept_key(long_form))
            if pair[1]:
                written[pair][long_form] += 1
    pairs = {pair: sum(forms.values()) for pair, forms in written.items()}
    of_acronym: Counter[str] = Counter()
    of_key: Counter[str] = Counter()
    for (acronym, key), n in pairs.items():
        of_acronym[acronym] += n
        of_key[key] += n
    kept = sorted(
        (pair for pair, n in pairs.items()
         if n >= args.min_abstracts and n >= args.min_share * of_acronym[pair[0]]
         and n >= args.min_share * of_key[pair[1]]),
        key=lambda p: (-pairs[p], p))
    with args.out.open("w", encoding="utf-8") as fh:
        fh.write(f"# made by scripts/acronym_concepts.py from {n_docs} corpus abstracts: acronyms "
                 f"defined by >= {args.min_abstracts} abstracts, in >= {args.min_share:.0%} of the "
                 f"definitions of the acronym and of the long form\n"
                 "# acronym\tlong-form concept key\tlong form as most often written\tabstracts\t"
                 "share of the acronym's definitions\n")
        for acronym, key in kept:
            n = pairs[acronym, key]
            # most often written; ties by the first spelling in sorted order (deterministic)
            form = min(written[acronym, key].items(), key=lambda kv: (-kv[1], kv[0]))[0]
            fh.write(f"{acronym}\t{key}\t{form}\t{n}\t{n / of_acronym[acronym]:.2f}\n")
    print(f"{n_docs} abstracts, {len(pairs)} (acronym, long form) pairs, {len(kept)} kept -> "
          f"{args.out} ({time.time() - t0:.0f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
