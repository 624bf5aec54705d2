"""Train the keywords stage's ranker (``extract/data/keyword_ranker.json``) on author keywords.

Reads the *tuned* author-keyword sets of ``benchmarks/keywords_bench.py`` (ICLR 2017/2018/2023,
CoRL 2024) from ``../shared/corpora``, leaving out the papers that benchmark samples
(``--per-set 100``, seed 0) so its tuned rows stay out of sample; the held-out sets are never
read. Each candidate of :mod:`extract.keywords` is labelled 1 when it matches one of the
paper's author keywords after the benchmark's ``normalise`` and described by
:data:`extract.keywords.rank.FEATURES`. A histogram gradient-boosted tree model
(scikit-learn, fixed seed) is fitted and written as plain trees that
:class:`extract.keywords.rank.Ranker` walks with numpy. scikit-learn is needed only here:
``pip install -c constraints.txt -e ".[train]"`` (the pinned version, since the export reads the
fitted trees' arrays). Same inputs, same file: the seed is fixed.

    python scripts/train_keyword_ranker.py            # 5-fold CV figures, then fit and write
    python scripts/train_keyword_ranker.py --no-cv    # fit and write only
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from keywords_bench import CORPORA, SETS, f1_at, load, normalise  # noqa: E402

import extract.keywords as keywords  # noqa: E402
from extract.datafiles import DATA_DIR  # noqa: E402
from extract.keywords.rank import FEATURES, RANKER_FILE, Ranker, select  # noqa: E402

SEED = 0
PARAMS = dict(max_iter=40, learning_rate=0.2, max_depth=5, min_samples_leaf=40)
# (bench sample of the tuned sets, F1@5: 200 trees of 15 leaves 0.188; 40 trees of depth 5 0.189
# and fourteen times fewer node visits; 60 of depth 4 0.187; 100 of depth 3 0.176)
DIVERSITIES = (0.0, 0.25, 0.5, 1.0)
TIE = 0.0005


def training_papers(per_set: int = 100, seed: int = 0):
    """Tuned-set papers outside the benchmark's sample, with their normalised gold keywords."""
    papers, gold = [], []
    for fname, role in SETS:
        if role != "tuned":
            continue
        ps, gs = load(CORPORA / fname)
        sample = (
            set(random.Random(seed).sample(range(len(ps)), per_set)) if len(ps) > per_set else
            set(range(len(ps)))
        )
        papers += [p for i, p in enumerate(ps) if i not in sample]
        gold += [g for i, g in enumerate(gs) if i not in sample]
    return papers, gold


def fit(x: np.ndarray, y: np.ndarray):
    """Gradient-boosted trees on features ``x`` and labels ``y`` (fixed seed)."""
    try:
        from sklearn.ensemble import HistGradientBoostingClassifier
    except ImportError:
        raise SystemExit(
            'train_keyword_ranker: scikit-learn is not installed; '
            'pip install -c constraints.txt -e ".[train]"'
        ) from None

    return HistGradientBoostingClassifier(random_state=SEED, **PARAMS).fit(x, y)


def export(model, diversity: float) -> dict:
    """The fitted trees as lists (feature, threshold, children, leaf value) per node."""
    trees = []
    for (predictor,) in model._predictors:
        nodes = predictor.nodes
        if nodes["is_categorical"].any():
            raise ValueError("categorical splits are not supported")
        trees.append({
            "feature": nodes["feature_idx"].tolist(),
            "threshold": [float(t) for t in nodes["num_threshold"]],
            "left": nodes["left"].tolist(),
            "right": nodes["right"].tolist(),
            "value": [round(float(v), 6) for v in nodes["value"]],
            "leaf": [bool(b) for b in nodes["is_leaf"]],
            "depth": int(nodes["depth"].max()),
        })
    return {
        "about": "scripts/train_keyword_ranker.py: gradient-boosted trees over FEATURES, "
        "trained on tuned author-keyword sets (ICLR 2017/2018/2023, CoRL 2024)",
        "params": PARAMS,
        "features": list(FEATURES),
        "bias": float(np.ravel(model._baseline_prediction)[0]),
        "diversity": diversity,
        "trees": trees,
    }


def f1s(done, gold, scores, diversity: float) -> tuple[float, float]:
    """F1@5 and F1@10 of the selection by ``scores`` (the benchmark's matching)."""
    preds = []
    for (cs, _, emb, _), s in zip(done, scores):
        picked = sorted(select(cs, s, emb, 10, diversity), key=lambda j: (-s[j], j))
        preds.append([cs[j].display for j in picked])
    return f1_at(preds, gold, 5), f1_at(preds, gold, 10)


def main(argv=None) -> int:
    """Featurise, cross-validate, fit on all training papers, write the ranker."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--no-cv", action="store_true")
    ap.add_argument("--folds", type=int, default=5)
    args = ap.parse_args(argv)
    t = time.perf_counter()
    papers, gold = training_papers()
    done = []
    model, nlp = keywords.load_model(), keywords.keyword_nlp()
    for i in range(0, len(papers), keywords.CHUNK):
        done += keywords.featurise(papers[i : i + keywords.CHUNK], model, nlp)
    labels = [
        np.array([normalise(c.display) in set(g) for c in cs], dtype=bool)
        for (cs, _, _, _), g in zip(done, gold)
    ]
    n_gold = sum(len(g) for g in gold)
    n_found = sum(
        len(set(g) & {normalise(c.display) for c in cs}) for (cs, _, _, _), g in zip(done, gold)
    )
    print(f"{len(papers)} papers, {sum(len(d[0]) for d in done)} candidates, "
          f"{n_found / n_gold:.1%} of {n_gold} author keywords among the candidates "
          f"({time.perf_counter() - t:.0f}s)")
    diversity = 0.0
    if not args.no_cv:
        order = list(range(len(papers)))
        random.Random(SEED).shuffle(order)
        fold = np.empty(len(papers), dtype=int)
        fold[order] = np.arange(len(papers)) % args.folds
        scores: list[np.ndarray] = [np.zeros(0)] * len(papers)
        for k in range(args.folds):
            tr = [i for i in range(len(papers)) if fold[i] != k and len(done[i][0])]
            x_tr = np.concatenate([done[i][1] for i in tr])
            m = fit(x_tr, np.concatenate([labels[i] for i in tr]))
            ranker = Ranker(export(m, 0.0))
            for i in np.flatnonzero(fold == k):
                scores[i] = ranker.score(done[i][1])
        results = {}
        for div in DIVERSITIES:
            results[div] = f1s(done, gold, scores, div)
            print(f"cv diversity {div}: F1@5 {results[div][0]:.4f} F1@10 {results[div][1]:.4f}")
        # the most diverse setting within TIE of the best: MMR spreads the keyphrases over the
        # paper's topics where it costs no measurable F1
        top = max(f5 for f5, _ in results.values())
        diversity = max(d for d, (f5, _) in results.items() if f5 >= top - TIE)
    x = np.concatenate([d[1] for d in done if len(d[0])])
    y = np.concatenate([lab for d, lab in zip(done, labels) if len(d[0])])
    spec = export(fit(x, y), diversity)
    out = DATA_DIR / RANKER_FILE
    out.write_text(json.dumps(spec, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {out} ({out.stat().st_size // 1024} KiB, {len(spec['trees'])} trees, "
          f"diversity {diversity}) in {time.perf_counter() - t:.0f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
