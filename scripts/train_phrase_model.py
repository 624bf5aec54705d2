"""Train the method-phrase model (``extract/phrases/model.py``) on the dev labels; fixed seed.

    python scripts/train_phrase_model.py [--seed 2034] [--select-only]

Training data: the DEV parts of ``benchmarks/devset/phrases.jsonl`` (``benchmarks/splits.py``;
12,607 abstracts labelled by hand with every generic method phrase and its role).
Every candidate span (:mod:`extract.phrases.candidates`) whose concept key equals a labelled
phrase's is a positive. Two logistic regressions over the candidate features: ``phrase``
(is it a method phrase) and ``proposed`` (its role, trained on the positives, with the document
features of :func:`extract.phrases.model.role_features` too). C and the
decision threshold are chosen by 5-fold cross-validation grouped by abstract, on the concept-level
F1 after decoding (:func:`extract.phrases.select.decode`'s greedy non-overlapping choice).
Then the concept selection: gradient-boosted trees over the concepts of each abstract's
candidates (:func:`extract.phrases.select.concept_table`, from the two models' out-of-fold
probabilities at the chosen C), whether the concept is labelled; its threshold is the best F1 of
its own out-of-fold probabilities on the same folds. A kept concept's role mixes the role
regression's probability at its best candidate with the role tagger's there
(:func:`extract.phrases.select.mixed_role`; the role tagger's out-of-fold probabilities are
``scripts/train_phrase_tagger.py --role``'s); the selection's ``role_threshold`` on that mix and
its ``proposed_floor`` (the least probability at which a concept read as proposed is kept) are
the best out-of-fold F1 of the proposed concepts.
Writes ``extract/data/phrase_model.npz``, ``phrase_model.json`` and ``phrase_select.json``.
Needs the ``train`` extra.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import splits  # noqa: E402

from extract.datafiles import DATA_DIR  # noqa: E402
from extract.learned.linear import Linear, feature_matrix  # noqa: E402
from extract.learned.trees import export_trees  # noqa: E402
from extract.phrases import model as PM  # noqa: E402
from extract.phrases import select as PS  # noqa: E402
from extract.phrases import tagger as PT  # noqa: E402
from extract.phrases.concepts import concept_key  # noqa: E402

DEVSET = ROOT / "benchmarks" / "devset" / "phrases.jsonl"
# Candidates scored below the floor take no part in the concept selection. Floor and trees were
# chosen on the selection's dev out-of-fold F1 and its cost: floor 0.1 and 200 trees (depth up
# to 11) gave 0.7108, floor 0.15 and 100 trees of depth 6 or less 0.7106 with fewer candidates
# and a third of the tree walk; floor 0.05 to 0.2 and 60 to 400 trees all fell within 0.001.
SELECT_FLOOR = 0.15
SELECT_PARAMS = {"max_iter": 100, "learning_rate": 0.1, "max_leaf_nodes": 15, "max_depth": 6,
                 "min_samples_leaf": 40}


def records(part: str):
    for line in DEVSET.open(encoding="utf-8"):
        r = json.loads(line)
        if splits.part(DEVSET.name, r) == part:
            yield r


def examples(recs):
    """Per abstract: its candidates, and the labelled phrases' keys and roles.

    A candidate is (span, features, is a phrase, is proposed, concept key, role features:
    :func:`extract.phrases.model.role_features`; the role model is fitted on the labelled ones,
    and scores every candidate with them, as :func:`extract.phrases.model.find_phrases` does).
    """
    out = []
    for r in recs:
        gold = {concept_key(p["phrase"]): p["role"] for p in r["phrases"]}
        full_title = r.get("title") or ""
        doc = PM._document(r["text"], full_title)
        full, shift = doc.full, doc.shift
        rows = []
        for sp, feats, _ in PM.document_candidates(doc):
            key = concept_key(full[sp.start + shift : sp.end + shift])
            role = PM.role_features(doc, sp.start + shift, sp.end + shift)
            rows.append((sp, feats, key in gold, gold.get(key) == "proposed", key, role))
        out.append((rows, gold))
    return out


def decode(rows, probs, th):
    """Concept keys chosen for one abstract: greedy best-first, no overlaps
    (:func:`extract.phrases.select.decode`)."""
    return PS.decode([PS.Cand(row[0].start, row[0].end, row[4], float(q), 0)
                      for row, q in zip(rows, probs)], th)


def f1(docs, probs_per_doc, th):
    tp = fp = fn = 0
    for (rows, gold), probs in zip(docs, probs_per_doc):
        pred = decode(rows, probs, th)
        tp += len(pred & set(gold))
        fp += len(pred - set(gold))
        fn += len(set(gold) - pred)
    p = tp / max(tp + fp, 1)
    r = tp / max(tp + fn, 1)
    return 2 * p * r / max(p + r, 1e-9), p, r


def fit(docs, C, seed, min_count=2):
    from sklearn.linear_model import LogisticRegression

    counts: dict[str, int] = {}
    role_counts: dict[str, int] = {}
    for rows, _ in docs:
        for row in rows:
            for f in row[1]:
                counts[f] = counts.get(f, 0) + 1
            if row[2]:  # the role model learns from the labelled phrases alone
                for f in row[5]:
                    role_counts[f] = role_counts.get(f, 0) + 1
    vocab = sorted(f for f, n in counts.items() if n >= min_count)
    vocab += sorted(f for f, n in role_counts.items() if n >= min_count and f not in counts)
    index = {f: i for i, f in enumerate(vocab)}
    flat = [row for rows, _ in docs for row in rows]
    X = feature_matrix([row[1] for row in flat], index)
    y = np.array([row[2] for row in flat])
    span = LogisticRegression(C=C, max_iter=3000, random_state=seed).fit(X, y)
    pos = np.where(y)[0]
    yr = np.array([flat[i][3] for i in pos])
    # the role model also reads the document features of its candidates (the phrase model's
    # columns of those features stay zero: they are role-only)
    Xr = feature_matrix([[*flat[i][1], *flat[i][5]] for i in pos], index)
    role = LogisticRegression(C=C, max_iter=3000, random_state=seed).fit(Xr, yr)
    W = np.stack([span.coef_[0], role.coef_[0]], axis=1).astype(np.float32)
    b = np.array([span.intercept_[0], role.intercept_[0]], dtype=np.float32)
    return Linear(index, ("phrase", "proposed"), W, b)


def predict(model: Linear, rows):
    if not rows:
        return np.zeros((0, 2))
    d = np.array([model.decision([*row[1], *row[5]]) for row in rows])
    return 1 / (1 + np.exp(-d))


def out_of_fold(docs, C: float, seed: int) -> tuple[list, list]:
    """Per abstract, the phrase and role probabilities of its candidates from the fit on the
    other four of five folds (abstracts assigned to folds at random with ``seed``)."""
    n = len(docs)
    fold = np.random.default_rng(seed).permutation(n) % 5
    oof: list = [None] * n
    oof_role: list = [None] * n
    for k in range(5):
        m = fit([d for d, f in zip(docs, fold) if f != k], C, seed)
        for i in np.where(fold == k)[0]:
            pr = predict(m, docs[i][0])
            oof[i] = pr[:, 0] if len(pr) else np.zeros(0)
            oof_role[i] = pr[:, 1] if len(pr) else np.zeros(0)
    return oof, oof_role


def _oof_file(path: Path, n: int, script: str) -> tuple[np.ndarray, np.ndarray]:
    """(tokens per abstract, probabilities of every token) of the fold models' file ``path``
    (written by ``script``); stops when it is missing or does not hold ``n`` abstracts."""
    if not path.is_file():
        raise SystemExit(f"{path}: missing; run `python {script}` first (the concept selection "
                         "reads its out-of-fold probabilities)")
    with np.load(path) as z:
        lengths, probs = z["lengths"], z["probs"]
    if len(lengths) != n:
        raise SystemExit(f"{path}: {len(lengths)} abstracts, not the {n} dev abstracts of now; "
                         f"rerun {script}")
    return lengths, probs


def tagger_oof_arrays(recs, path=None):
    """Per dev abstract, its tokens ((word, offset) of :func:`extract.phrases.tagger.
    token_features`), the fold models' out-of-fold probabilities of each token (a row per token),
    the token index by offset and the title's shift, from ``path`` (default: the fold models of
    ``scripts/train_phrase_tagger.py``, run it first); stops when the file does not hold the dev
    abstracts of now."""
    from train_phrase_tagger import OOF_FILE

    path = path or OOF_FILE
    lengths, probs = _oof_file(path, len(recs), "scripts/train_phrase_tagger.py")
    ends = np.cumsum(lengths)
    for r, end, n in zip(recs, ends, lengths):
        doc = PM._document(r["text"], r.get("title") or "")
        toks, _ = PT.token_features(doc.full)
        if len(toks) != n:
            raise SystemExit(f"{path}: the tokens of {r['id']} changed; rerun "
                             "scripts/train_phrase_tagger.py")
        yield toks, probs[end - n : end], {off: i for i, (_, off) in enumerate(toks)}, doc.shift


def tagger_oof(recs, path=None, role_path=None) -> tuple[list, list]:
    """Per dev abstract, two functions of a span (offsets into the abstract, title negative):
    the token tagger's out-of-fold scores (:func:`extract.phrases.tagger.span_score`, from
    :func:`tagger_oof_arrays` of ``path``) and the role tagger's out-of-fold P(proposed)
    (:func:`extract.phrases.tagger.span_role`, from ``role_path``, default the fold models of
    ``scripts/train_phrase_tagger.py --role``)."""
    from train_phrase_tagger import ROLE_OOF_FILE

    role_path = role_path or ROLE_OOF_FILE
    lengths, role_probs = _oof_file(role_path, len(recs), "scripts/train_phrase_tagger.py --role")
    if role_probs.shape[1] < 4:
        raise SystemExit(f"{role_path}: no role column; rerun scripts/train_phrase_tagger.py "
                         "--role")
    ends = np.cumsum(lengths)
    placed, roles = [], []
    for d, (toks, p, starts, shift) in enumerate(tagger_oof_arrays(recs, path)):
        if lengths[d] != len(toks):
            raise SystemExit(f"{role_path}: the tokens of {recs[d]['id']} changed; rerun "
                             "scripts/train_phrase_tagger.py --role")
        r = role_probs[ends[d] - lengths[d] : ends[d]]
        placed.append(lambda s, e, toks=toks, p=p, starts=starts, shift=shift:
                      PT.span_score(toks, p, starts, s + shift, e + shift))
        roles.append(lambda s, e, toks=toks, r=r, starts=starts, shift=shift:
                     PT.span_role(toks, r, starts, s + shift, e + shift))
    return placed, roles


def concept_examples(docs, lengths, oof, oof_role, th, tagged, tag_roles=None):
    """The selection's examples: per concept of each abstract's candidates scored at
    :data:`SELECT_FLOOR` or above (out of fold), its row of
    :data:`extract.phrases.select.SELECT_FEATURES`, whether it is labelled, the abstract's
    index, whether it is labelled proposed, and the tagger's P(proposed) at its best candidate
    (0.5 without ``tag_roles``). ``tagged``, ``tag_roles``: :func:`tagger_oof`."""
    X, y, at, yp, tr = [], [], [], [], []
    for d, gold, key, best, row in concept_rows(docs, lengths, oof, oof_role, th, tagged):
        X.append(row)
        y.append(key in gold)
        yp.append(gold.get(key) == "proposed")
        at.append(d)
        tr.append(tag_roles[d](best.start, best.end) if tag_roles else 0.5)
    return (np.array(X, dtype=np.float64).reshape(-1, len(PS.SELECT_FEATURES)), np.array(y, bool),
            np.array(at, dtype=int), np.array(yp, bool), np.array(tr, dtype=np.float64))


def concept_rows(docs, lengths, oof, oof_role, th, tagged):
    """Per concept of each abstract's candidates scored at :data:`SELECT_FLOOR` or above (out of
    fold): the abstract's index, its labelled phrases (concept key -> role), the concept key,
    its best candidate (:class:`extract.phrases.select.Cand`) and its row of
    :data:`extract.phrases.select.SELECT_FEATURES` (``proposed_p``: the role model's
    out-of-fold probability at the best candidate)."""
    col = PS.SELECT_FEATURES.index("proposed_p")
    for d, ((rows, gold), p, pr, length) in enumerate(zip(docs, oof, oof_role, lengths)):
        keep = [i for i in range(len(rows)) if p[i] >= SELECT_FLOOR]
        cands = [PS.Cand(rows[i][0].start, rows[i][0].end, rows[i][4], float(p[i]),
                         len(rows[i][0].units)) for i in keep]
        keys, best, table = PS.concept_table(cands, th, length, tagged[d])
        for key, b, row in zip(keys, best, table):
            row[col] = float(pr[keep[b]])
            yield d, gold, key, cands[b], row


def fit_selector(X, y, seed):
    from sklearn.ensemble import HistGradientBoostingClassifier

    return HistGradientBoostingClassifier(random_state=seed, **SELECT_PARAMS).fit(X, y)


def selector_oof(X, target, fold, seed, among=None) -> np.ndarray:
    """Out-of-fold probabilities of selection trees for ``target`` on the folds ``fold`` of the
    rows (fitted on the rows ``among`` only, when given)."""
    q = np.zeros(len(target))
    for k in range(5):
        fit = fold != k if among is None else (fold != k) & among
        m = fit_selector(X[fit], target[fit], seed)
        q[fold == k] = m.predict_proba(X[fold == k])[:, 1]
    return q


def best_threshold(q, y, n_gold) -> tuple[float, float, float, float]:
    """(F1, precision, recall, threshold) of the best F1 of the concepts kept at 0.20 to 0.69
    (the first of equals), counting ``n_gold`` labelled phrases."""
    best = None
    for t in np.arange(0.2, 0.7, 0.01):
        pred = q >= t
        tp = int((pred & y).sum())
        p, r = tp / max(int(pred.sum()), 1), tp / max(n_gold, 1)
        f = 2 * p * r / max(p + r, 1e-9)
        if best is None or f > best[0]:
            best = (f, p, r, float(round(t, 2)))
    return best


def kept_concepts(q, threshold, proposed, floor) -> np.ndarray:
    """The concepts the selection keeps, as :func:`extract.phrases.model.find_phrases` does:
    probability ``q`` at ``threshold`` or above, and from ``floor`` up when read as proposed."""
    return (q >= threshold) & ~(proposed & (q < floor))


def floor_f1(q, threshold, proposed, floor, y, yp, n_gold, n_proposed) -> tuple[float, float]:
    """F1 of the proposed concepts (role included) and role-blind F1 of all of them, kept by
    :func:`kept_concepts`, counting every labelled (proposed) phrase."""
    kept = kept_concepts(q, threshold, proposed, floor)
    pp = kept & proposed
    pf = 2 * int((pp & yp).sum()) / max(int(pp.sum()) + n_proposed, 1)
    af = 2 * int((kept & y).sum()) / max(int(kept.sum()) + n_gold, 1)
    return pf, af


def proposed_floor(q, proposed, y, yp, n_gold, n_proposed, t) -> tuple[float, float, dict]:
    """The least selection probability (from ``t`` up) at which a concept read as proposed
    (``proposed``, per concept) is kept: the best out-of-fold F1 of the proposed concepts (role
    included), the first of equals; (floor, its F1, F1s per floor). A proposed concept under it
    is dropped, which costs the role-blind phrase F1 its right ones; both are given per floor."""
    best, sweep = None, {}
    for f in np.arange(t, 0.91, 0.01):
        f = float(round(f, 2))
        pf, af = floor_f1(q, t, proposed, f, y, yp, n_gold, n_proposed)
        sweep[f] = {"proposed_f1": round(pf, 4), "phrase_f1": round(af, 4)}
        if best is None or pf > best[0] + 1e-12:
            best = (pf, f)
    return best[1], best[0], sweep


ROLE_THRESHOLDS = np.arange(0.30, 0.70, 0.02)


def mixed_roles(X, tag_role) -> np.ndarray:
    """Each concept's mixed P(proposed) (:func:`extract.phrases.select.mixed_role`) from its
    row's ``proposed_p`` and the role tagger's ``tag_role``."""
    col = PS.SELECT_FEATURES.index("proposed_p")
    return np.array([PS.mixed_role(a, b) for a, b in zip(X[:, col], tag_role)])


def role_cutoffs(q, role, y, yp, n_gold, n_proposed, t) -> tuple[float, float, float, dict]:
    """The role threshold (0.30 to 0.68) on the concepts' mixed P(proposed) ``role``
    (:func:`extract.phrases.select.mixed_role`) and the proposed floor (:func:`proposed_floor`)
    of the best out-of-fold F1 of the proposed concepts, the first of equals: (role threshold,
    floor, F1, the floor's sweep at that threshold)."""
    best = None
    for rt in ROLE_THRESHOLDS:
        floor, pf, sweep = proposed_floor(q, role >= rt, y, yp, n_gold, n_proposed, t)
        if best is None or pf > best[2] + 1e-12:
            best = (float(round(rt, 2)), floor, pf, sweep)
    return best


def train_selector(docs, lengths, oof, oof_role, th, seed, tagger, role_th) -> dict:
    """Fit the concept selection on the out-of-fold phrase and tagger scores; its threshold is
    the best F1 of its own out-of-fold probabilities (same folds), counting every labelled
    phrase; its ``role_threshold`` and ``proposed_floor`` (:func:`role_cutoffs`) the best F1 of
    the proposed ones, the role read as the regression's and the tagger's mixed
    (``tagger``: :func:`tagger_oof`). ``role_th``: the regression's own threshold, for the
    figure of the role read from the regression alone."""
    tagged, tag_roles = tagger
    X, y, at, yp, tr = concept_examples(docs, lengths, oof, oof_role, th, tagged, tag_roles)
    fold = (np.random.default_rng(seed).permutation(len(docs)) % 5)[at]
    q = selector_oof(X, y, fold, seed)
    n_gold = sum(len(g) for _, g in docs)
    best = best_threshold(q, y, n_gold)
    trees, bias = export_trees(fit_selector(X, y, seed))
    f, p, r, t = best
    n_proposed = sum(1 for _, g in docs for role in g.values() if role == "proposed")
    col = PS.SELECT_FEATURES.index("proposed_p")
    alone = proposed_floor(q, X[:, col] >= role_th, y, yp, n_gold, n_proposed, t)
    mixed = mixed_roles(X, tr)
    rt, floor, pf, sweep = role_cutoffs(q, mixed, y, yp, n_gold, n_proposed, t)
    print(f"role threshold {rt}, proposed floor {floor}: proposed F1 {pf:.4f} (the regression "
          f"alone at {role_th}: {alone[1]:.4f} at floor {alone[0]}); per floor: " + ", ".join(
              f"{k}: {v['proposed_f1']}/{v['phrase_f1']}" for k, v in sweep.items() if k <= 0.7),
          file=sys.stderr)
    return {
        "about": "scripts/train_phrase_model.py: gradient-boosted trees choosing an abstract's "
        "method-phrase concepts from the phrase model's out-of-fold scores on dev "
        "(extract.phrases.select.concept_table)",
        "features": list(PS.SELECT_FEATURES), "floor": SELECT_FLOOR, "threshold": t,
        "params": SELECT_PARAMS, "seed": seed, "concepts": int(len(y)),
        "dev_out_of_fold": {"f1": round(f, 4), "precision": round(p, 4), "recall": round(r, 4),
                            "proposed_f1": sweep[t]["proposed_f1"],
                            "at_proposed_floor": sweep[floor],
                            "proposed_f1_regression_role": round(alone[1], 4)},
        "role_threshold": rt, "proposed_floor": floor,
        "bias": bias, "trees": trees,
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=2034)
    ap.add_argument("--select-only", action="store_true",
                    help="keep phrase_model.*: refit only the concept selection, from the "
                    "out-of-fold scores at its C and threshold (the file a full run writes, "
                    "in about a third of the time)")
    args = ap.parse_args(argv)
    recs = list(records("dev"))
    docs = examples(recs)
    lengths = [len(r["text"]) for r in recs]
    n = len(docs)
    print(f"{n} dev abstracts, {sum(len(r) for r, _ in docs)} candidates, "
          f"{sum(len(g) for _, g in docs)} labelled phrases", file=sys.stderr)
    if args.select_only:
        _, meta = PM.models()
        oof, oof_role = out_of_fold(docs, meta["C"], args.seed)
        return write_selector(docs, lengths, oof, oof_role, meta["threshold"], args.seed,
                              tagger_oof(recs), meta["role_threshold"])
    best = None
    for C in (0.1, 0.3, 1.0, 3.0):
        oof, oof_role = out_of_fold(docs, C, args.seed)
        for th in np.arange(0.2, 0.8, 0.02):
            f, p, r = f1(docs, oof, th)
            if best is None or f > best[0]:
                best = (f, p, r, C, float(round(th, 2)), oof, oof_role)
        print(f"  C={C}: best so far F1 {best[0]:.3f} (P {best[1]:.3f} R {best[2]:.3f}) at C={best[3]} "
              f"th={best[4]}", file=sys.stderr)
    f, p, r, C, th, oof, oof_role = best
    # role threshold: best out-of-fold accuracy on the positive candidates
    ys, ps = [], []
    for (rows, _), pr in zip(docs, oof_role):
        for row, q in zip(rows, pr):
            if row[2]:
                ys.append(row[3])
                ps.append(q)
    ys, ps = np.array(ys), np.array(ps)
    role_th, role_f = 0.5, -1.0
    for t in np.arange(0.2, 0.8, 0.02):
        pred = ps >= t
        tp = (pred & ys).sum()
        rf = 2 * tp / max(pred.sum() + ys.sum(), 1)
        if rf > role_f:
            role_th, role_f = float(round(t, 2)), float(rf)
    model = fit(docs, C, args.seed)
    used = np.abs(model.weights).max(axis=1) >= 1e-3
    vocab = [v for v, u in zip(sorted(model.index, key=model.index.get), used) if u]
    model = Linear({v: i for i, v in enumerate(vocab)}, model.labels, model.weights[used],
                   model.bias)
    model.save(DATA_DIR / PM.MODEL_FILE)
    meta = {
        "threshold": th, "role_threshold": role_th, "C": C, "seed": args.seed,
        "dev_out_of_fold": {"f1": round(f, 4), "precision": round(p, 4), "recall": round(r, 4),
                            "proposed_f1": round(role_f, 4)},
        "trained_on": "dev parts of benchmarks/devset/phrases.jsonl", "abstracts": n,
        "features": len(vocab),
    }
    (DATA_DIR / PM.META_FILE).write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(meta), file=sys.stderr)
    return write_selector(docs, lengths, oof, oof_role, th, args.seed, tagger_oof(recs),
                          role_th)


def write_selector(docs, lengths, oof, oof_role, th, seed, tagger, role_th) -> int:
    spec = train_selector(docs, lengths, oof, oof_role, th, seed, tagger, role_th)
    (DATA_DIR / PS.SELECT_FILE).write_text(json.dumps(spec) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in spec.items() if k != "trees"}), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
