"""Word clusters of the corpus (``extract/data/word_clusters.tsv``), no labels; fixed seed.

Reads every abstract of ``../shared/corpora`` (both folders, deduplicated by abstract), lower-cases
and singularises its words (:func:`extract.lexicon.words.fold_plural`, as the phrase model's word
features do), and counts which words stand within two words of which. Each word seen at least
``--min-count`` times gets a vector: the positive pointwise mutual information of its neighbours,
reduced to ``--dims`` dimensions by a truncated SVD (seeded) and L2-normalised; k-means (seeded)
then groups the vectors twice, coarse and fine. Words used alike share a cluster ("decoding",
"distillation" and "fine-tuning"; "lora", "mamba" and "vit"), so the phrase model can
weigh a word it never saw in training by the words it did see that the corpus uses the same way.
:mod:`extract.lexicon.clusters` reads the table.

    python scripts/word_clusters.py [--corpora ../shared/corpora]   # 25 s; needs the train extra
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from taxonomy_counts import corpus_texts  # noqa: E402

from extract.datafiles import DATA_DIR  # noqa: E402
from extract.lexicon.clusters import CLUSTERS_FILE  # noqa: E402
from extract.lexicon.words import fold_plural  # noqa: E402

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*")
WINDOW = 2


def words(text: str) -> list[str]:
    return [fold_plural(w) for w in _WORD.findall(text)]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpora", type=Path, default=ROOT.parent / "shared" / "corpora")
    ap.add_argument("--out", type=Path, default=DATA_DIR / CLUSTERS_FILE)
    ap.add_argument("--min-count", type=int, default=5)
    ap.add_argument("--contexts", type=int, default=10_000, help="most frequent words as contexts")
    ap.add_argument("--dims", type=int, default=100)
    ap.add_argument("--coarse", type=int, default=128)
    ap.add_argument("--fine", type=int, default=1024)
    ap.add_argument("--seed", type=int, default=2034)
    args = ap.parse_args(argv)
    from scipy import sparse
    from sklearn.cluster import MiniBatchKMeans
    from sklearn.decomposition import TruncatedSVD

    t0 = time.time()
    docs = [words(t) for t in corpus_texts(args.corpora)]
    freq = Counter(w for d in docs for w in d)
    vocab = sorted((w for w, n in freq.items() if n >= args.min_count), key=lambda w: (-freq[w], w))
    index = {w: i for i, w in enumerate(vocab)}
    n_ctx = min(args.contexts, len(vocab))
    rows, cols = [], []
    for d in docs:
        ids = np.array([index.get(w, -1) for w in d], dtype=np.int64)
        for off in range(1, WINDOW + 1):
            a, b = ids[:-off], ids[off:]
            for x, y in ((a, b), (b, a)):
                keep = (x >= 0) & (y >= 0) & (y < n_ctx)
                rows.append(x[keep])
                cols.append(y[keep])
    r, c = np.concatenate(rows), np.concatenate(cols)
    M = sparse.coo_matrix((np.ones(len(r), dtype=np.float64), (r, c)),
                          shape=(len(vocab), n_ctx)).tocsr()
    M.sum_duplicates()
    total = M.sum()
    row_sum = np.asarray(M.sum(axis=1)).ravel()
    col_sum = np.asarray(M.sum(axis=0)).ravel() ** 0.75  # context distribution smoothing
    col_sum = col_sum / col_sum.sum() * total
    M = M.tocoo()
    pmi = np.log(M.data * total / (row_sum[M.row] * col_sum[M.col]))
    keep = pmi > 0
    P = sparse.csr_matrix((pmi[keep], (M.row[keep], M.col[keep])), shape=M.shape)
    vecs = TruncatedSVD(args.dims, random_state=args.seed).fit_transform(P)
    vecs /= np.maximum(np.linalg.norm(vecs, axis=1, keepdims=True), 1e-9)
    labels = []
    for k in (args.coarse, args.fine):
        km = MiniBatchKMeans(k, random_state=args.seed, n_init=3, batch_size=4096)
        labels.append(km.fit_predict(vecs))
    with args.out.open("w", encoding="utf-8") as fh:
        fh.write(f"# made by scripts/word_clusters.py from {len(docs)} corpus abstracts: word "
                 f"(lower-case, singular), coarse cluster (of {args.coarse}), fine cluster (of "
                 f"{args.fine}); words seen >= {args.min_count} times\n")
        for w, a, b in sorted(zip(vocab, labels[0], labels[1])):
            fh.write(f"{w}\t{a}\t{b}\n")
    print(f"{len(docs)} abstracts, {len(vocab)} words -> {args.out} ({time.time() - t0:.0f} s)",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
