"""Train the keywords stage's ranker (``extract/data/keyword_ranker.json``), selected across venues.

Reads every author-keyword venue-year of ``benchmarks/keywords_bench.py`` (``SETS``: ICLR
2017/2018/2023/2024, NeurIPS 2023, CoRL 2024/2025) from ``../shared/corpora``, leaving out the
papers that benchmark samples (``--per-set 100``, seed 0) so its rows stay out of sample. Each
venue contributes at most ``--cap`` papers (seeded sample) and the same total weight, so the
large ICLR sets do not teach their habits to the others. Each candidate of
:mod:`extract.keywords` is labelled 1 when it matches one of the paper's author keywords after
the benchmark's ``normalise`` and described by :data:`extract.keywords.rank.FEATURES`.

Selection is leave-one-venue-out (LOVO): for each venue-year, fit on the others and score F1@5
on it; a choice is judged by the *mean* of the per-venue F1@5, not the pooled one:

1. model size (``SIZES``), with every feature;
2. permutation importance of each feature on each held-out venue (F1@5 lost when the
   feature's column is shuffled among that venue's candidates); a feature is dropped when its
   loss is not positive on at least ``--hold`` of the venues (its gain does not hold), and the
   reduced set is kept if its mean LOVO F1@5 is within ``TIE`` of the full set's;
3. MMR diversity (``DIVERSITIES``), the most diverse within ``TIE`` of the best.

The plain TF-IDF ranking (:func:`extract.keywords.rank.tfidf`) is scored on the same held-out
venues for comparison. The final model (histogram gradient-boosted trees, scikit-learn, fixed
seed) is fitted on all venues and written as plain trees that
:class:`extract.keywords.rank.Ranker` walks with numpy, with the LOVO figures in its ``lovo``
entry. scikit-learn is needed only here: ``pip install -c constraints.txt -e ".[train]"`` (the
pinned version, since the export reads the fitted trees' arrays). Same inputs, same file.

    python scripts/train_keyword_ranker.py                 # select, then fit and write
    python scripts/train_keyword_ranker.py --no-select     # fit the current choice and write
    python scripts/train_keyword_ranker.py --lovo-out /tmp/keyword_lovo  # + held-out models
"""

from __future__ import annotations

import argparse
import json
import pickle
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
from extract.learned.trees import export_trees  # noqa: E402
from extract.keywords.rank import FEATURES, RANKER_FILE, Ranker, select, tfidf  # noqa: E402

SEED = 0
SIZES = {  # name -> HistGradientBoostingClassifier parameters
    "40x5": dict(max_iter=40, learning_rate=0.2, max_depth=5, min_samples_leaf=40),
    "60x3": dict(max_iter=60, learning_rate=0.2, max_depth=3, min_samples_leaf=40),
    "30x3": dict(max_iter=30, learning_rate=0.2, max_depth=3, min_samples_leaf=80),
    "100x4": dict(max_iter=100, learning_rate=0.1, max_depth=4, min_samples_leaf=40),
}
DIVERSITIES = (0.0, 0.25, 0.5, 1.0)
TIE = 0.002
EVAL_CAP = 400  # held-out papers per venue scored in the permutation test
CACHE = Path("/tmp/keyword_ranker_features.pkl")


def venue_papers(cap: int, per_set: int = 100, seed: int = 0):
    """Per venue-year: papers outside the benchmark's sample (at most ``cap``), and their gold."""
    out = {}
    for fname, _ in SETS:
        ps, gs = load(CORPORA / fname)
        sample = (
            set(random.Random(seed).sample(range(len(ps)), per_set)) if len(ps) > per_set else
            set(range(len(ps)))
        )
        rest = [i for i in range(len(ps)) if i not in sample]
        if cap and len(rest) > cap:
            rest = sorted(random.Random(seed).sample(rest, cap))
        out[Path(fname).stem] = ([ps[i] for i in rest], [gs[i] for i in rest])
    return out


def featurise_venues(venues):
    """Per venue: ``(candidates, features, vectors)`` per paper and the candidate labels."""
    model, nlp = keywords.load_model(), keywords.keyword_nlp()
    data = {}
    for name, (papers, gold) in venues.items():
        done = []
        for i in range(0, len(papers), keywords.CHUNK):
            done += keywords.featurise(papers[i : i + keywords.CHUNK], model, nlp)
        labels = [
            np.array([normalise(c.display) in set(g) for c in cs], dtype=bool)
            for (cs, _, _, _), g in zip(done, gold)
        ]
        data[name] = ([(cs, x, emb) for cs, x, emb, _ in done], labels, gold)
    return data


def fit(x: np.ndarray, y: np.ndarray, w: np.ndarray, size: str):
    """Gradient-boosted trees on features ``x``, labels ``y``, weights ``w`` (fixed seed)."""
    try:
        from sklearn.ensemble import HistGradientBoostingClassifier
    except ImportError:
        raise SystemExit(
            'train_keyword_ranker: scikit-learn is not installed; '
            'pip install -c constraints.txt -e ".[train]"'
        ) from None

    return HistGradientBoostingClassifier(random_state=SEED, **SIZES[size]).fit(
        x, y, sample_weight=w
    )


def export(model, features: list[str], diversity: float, size: str) -> dict:
    """The fitted trees as lists (feature, threshold, children, leaf value) per node."""
    trees, bias = export_trees(model)
    return {
        "about": "scripts/train_keyword_ranker.py: gradient-boosted trees over the features "
        "named here, trained on the author keywords of every venue-year of "
        "benchmarks/keywords_bench.py (benchmark samples left out), chosen leave-one-venue-out",
        "name": "learned",
        "params": {"size": size, **SIZES[size]},
        "features": features,
        "bias": bias,
        "diversity": diversity,
        "trees": trees,
    }


def f1_5(items, gold, scores, diversity: float, k: int = 5) -> float:
    """F1@k of the selection by ``scores`` (the benchmark's matching)."""
    preds = []
    for (cs, _, emb), s in zip(items, scores):
        picked = sorted(select(cs, s, emb, k, diversity), key=lambda j: (-s[j], j))
        preds.append([cs[j].display for j in picked])
    return f1_at(preds, gold, k)


def training_set(data, names, cols):
    """Stacked features, labels and per-venue-equal weights of the venues ``names``."""
    xs, ys, ws = [], [], []
    for name in names:
        items, labels, _ = data[name]
        rows = sum(len(cs) for cs, _, _ in items)
        for (cs, x, _), lab in zip(items, labels):
            if len(cs):
                xs.append(x[:, cols])
                ys.append(lab)
                ws.append(np.full(len(cs), 1e5 / rows, dtype=np.float64))
    return np.concatenate(xs), np.concatenate(ys), np.concatenate(ws)


def lovo(data, features, size, diversities=(0.0,), permute=False):
    """Per held-out venue: F1@5 per diversity, and (``permute``) F1@5 lost per shuffled feature."""
    cols = [FEATURES.index(f) for f in features]
    out = {}
    for held in data:
        x, y, w = training_set(data, [n for n in data if n != held], cols)
        ranker = Ranker(export(fit(x, y, w, size), features, 0.0, size))
        items, _, gold = data[held]
        scores = [ranker.score(xi) for _, xi, _ in items]
        res = {"f1": {d: f1_5(items, gold, scores, d) for d in diversities}}
        if permute:
            rng = np.random.default_rng(SEED)
            ev = items[:EVAL_CAP]
            base = f1_5(ev, gold[:EVAL_CAP], scores[:EVAL_CAP], diversities[0])
            loss = {}
            for f in features:
                c = FEATURES.index(f)
                xs = [xi.copy() for _, xi, _ in ev]
                allv = np.concatenate([xi[:, c] for xi in xs])
                perm = rng.permutation(allv)
                at = 0
                for xi in xs:
                    xi[:, c] = perm[at : at + len(xi)]
                    at += len(xi)
                s2 = [ranker.score(xi) for xi in xs]
                loss[f] = base - f1_5(ev, gold[:EVAL_CAP], s2, diversities[0])
            res["loss"] = loss
        out[held] = res
    return out


def tfidf_lovo(data) -> dict[str, float]:
    """F1@5 of the plain TF-IDF ranking per venue (no training: every venue is held out)."""
    return {
        name: f1_5(items, gold, [tfidf(cs) for cs, _, _ in items], 0.0)
        for name, (items, _, gold) in data.items()
    }


def mean(d) -> float:
    return float(np.mean(list(d)))


def main(argv=None) -> int:
    """Featurise, select leave-one-venue-out, fit on every venue, write the ranker."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--no-select", action="store_true", help="fit the shipped choice only")
    ap.add_argument("--cap", type=int, default=1000, help="training papers per venue (0: all)")
    ap.add_argument("--hold", type=float, default=0.7,
                    help="share of held-out venues on which a feature must help to be kept")
    ap.add_argument("--cache", action="store_true", help=f"reuse featurised papers ({CACHE})")
    ap.add_argument("--sizes", default=",".join(SIZES), help="model sizes to try (SIZES)")
    ap.add_argument("--known", action="append", default=[], metavar="SIZE=F1",
                    help="a size's mean LOVO F1@5 from an earlier run of the same data")
    ap.add_argument("--lovo-out", type=Path,
                    help="also write the chosen model trained without each venue-year there "
                         "(lovo_<set>.json, for benchmarks/keywords_bench.py --lovo)")
    args = ap.parse_args(argv)
    t = time.perf_counter()
    if args.cache and CACHE.is_file():
        data = pickle.loads(CACHE.read_bytes())
    else:
        data = featurise_venues(venue_papers(args.cap))
        if args.cache:
            CACHE.write_bytes(pickle.dumps(data))
    for name, (items, labels, gold) in data.items():
        n_gold = sum(len(g) for g in gold)
        n_found = sum(int(lab.sum()) for lab in labels)
        print(f"{name:<12} {len(items):>5} papers, {sum(len(i[0]) for i in items):>6} candidates,"
              f" {n_found / n_gold:.1%} of {n_gold} author keywords among them")
    print(f"featurised in {time.perf_counter() - t:.0f}s")
    shipped = json.loads((DATA_DIR / RANKER_FILE).read_text(encoding="utf-8"))
    features = list(FEATURES)
    size = shipped.get("params", {}).get("size", "40x5")
    diversity = float(shipped.get("diversity", 0.0))
    report: dict = {}
    if not args.no_select:
        tf = tfidf_lovo(data)
        report["tfidf"] = tf
        print("tfidf        " + " ".join(f"{n} {v:.4f}" for n, v in tf.items())
              + f" | mean {mean(tf.values()):.4f}")
        best = None
        for known in args.known:
            s, m = known.split("=")
            print(f"size {s:<6} mean {float(m):.4f} (earlier run)")
            best = max(best or (float(m), s), (float(m), s))
        for s in args.sizes.split(","):
            if any(k.startswith(f"{s}=") for k in args.known):
                continue
            r = lovo(data, features, s)
            m = mean(v["f1"][0.0] for v in r.values())
            print(f"size {s:<6} " + " ".join(f"{n} {v['f1'][0.0]:.4f}" for n, v in r.items())
                  + f" | mean {m:.4f}  ({time.perf_counter() - t:.0f}s)", flush=True)
            if best is None or m > best[0] + 1e-9:
                best = (m, s)
        size = best[1]
        r = lovo(data, features, size, permute=True)
        full = mean(v["f1"][0.0] for v in r.values())
        print(f"permutation importance (F1@5 lost on the held-out venue), size {size}:")
        drop = []
        for f in features:
            losses = [v["loss"][f] for v in r.values()]
            held = sum(x > 0 for x in losses) / len(losses)
            print(f"  {f:<16} mean {np.mean(losses):+.4f}  helps on {held:.0%}  "
                  + " ".join(f"{x:+.3f}" for x in losses))
            if held < args.hold:
                drop.append(f)
        report["importance"] = {
            f: {n: round(v["loss"][f], 4) for n, v in r.items()} for f in features
        }
        kept = [f for f in features if f not in drop]
        r2 = lovo(data, kept, size, diversities=DIVERSITIES)
        reduced = mean(v["f1"][0.0] for v in r2.values())
        print(f"drop {drop}: mean LOVO F1@5 {full:.4f} -> {reduced:.4f}")
        if reduced >= full - TIE:
            features, r = kept, r2
            report["dropped"] = drop
        else:
            r = lovo(data, features, size, diversities=DIVERSITIES)
            report["dropped"] = []
        by_div = {d: mean(v["f1"][d] for v in r.values()) for d in DIVERSITIES}
        top = max(by_div.values())
        diversity = max(d for d, m in by_div.items() if m >= top - TIE)
        for d, m in by_div.items():
            print(f"diversity {d}: mean LOVO F1@5 {m:.4f}")
        report["lovo_f1_5"] = {n: round(v["f1"][diversity], 4) for n, v in r.items()}
        report["lovo_mean"] = round(by_div[diversity], 4)
        report["tfidf"] = {n: round(v, 4) for n, v in tf.items()}
        print(f"chosen: size {size}, {len(features)} features, diversity {diversity}, "
              f"mean LOVO F1@5 {by_div[diversity]:.4f} (TF-IDF {mean(tf.values()):.4f})")
    else:
        features = list(shipped["features"])
        report = shipped.get("lovo", {})
    cols = [FEATURES.index(f) for f in features]
    if args.lovo_out:
        args.lovo_out.mkdir(parents=True, exist_ok=True)
        for held in data:
            x, y, w = training_set(data, [n for n in data if n != held], cols)
            spec = export(fit(x, y, w, size), features, diversity, size)
            spec["about"] += f"; leave-one-venue-out: {held} left out"
            (args.lovo_out / f"lovo_{held}.json").write_text(json.dumps(spec), encoding="utf-8")
    x, y, w = training_set(data, list(data), cols)
    spec = export(fit(x, y, w, size), features, diversity, size)
    spec["lovo"] = report
    out = DATA_DIR / RANKER_FILE
    out.write_text(json.dumps(spec, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {out} ({out.stat().st_size // 1024} KiB, {len(spec['trees'])} trees, "
          f"diversity {diversity}) in {time.perf_counter() - t:.0f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
