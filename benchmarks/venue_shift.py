"""How the learned models hold up on venues they were not trained on: leave-venue-out figures.

    python benchmarks/venue_shift.py [--part techniques|phrases|both] [--phrase-groups family|venue]

The issue's hidden checks read abstracts of a venue not in ``../shared``; every held-out and
blind figure of ``benchmarks/eval_learned.py`` is of venues the models were trained on. This
refits the models on the DEV labels as their training scripts do (same C, features and
thresholds as shipped, fixed seed) with the abstracts of one venue (or venue family) left out of
training, predicts that venue's dev abstracts, and puts the figure beside the one from random
folds (the venue seen in training, as ``dev_out_of_fold`` in the model files). A venue is the
conference of a record's ``source`` (``recent/emnlp2023.json`` -> ``emnlp``, all its years
together); a family groups related venues (:data:`FAMILY`: ACL-like NLP, CV, ML, robotics).

* ``techniques`` (about 4.5 min): the technique tags' stacker (``scripts/train_tag_model.py``).
  The supervised text classifier is cross-fitted and the stacker fitted on the training
  script's folds (shipped), or with the held-out venue out of both; recall at precision >= 0.85
  (the issue's bar, the threshold chosen on the pooled out-of-fold scores) and precision /
  recall at the shipped threshold. Then the same with the no-wording classifier (the pairs
  without any taxonomy wording, ``no_wording`` in ``tag_model.json``) refitted beside the
  stacker, each venue or family left out of both (recall at precision >= 0.85 with both
  thresholds chosen together on the pooled scores; precision / recall at both shipped
  thresholds).
* ``phrases`` (about 8 min with families): the phrase span model
  (``scripts/train_phrase_model.py``'s two logistic regressions, decoded greedily at the
  shipped threshold, concept-level F1; not the selection trees and tagger on top, whose own
  fits would need the left-out venue's out-of-fold tagger). Five random folds against one fit
  per left-out group. ``--phrase-groups venue`` leaves out each venue with at least 400 dev
  abstracts instead (10 venues, about 17 min).

Needs the ``train`` extra. Prints one table per part; the README's accuracy section quotes them.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "scripts"))

import splits  # noqa: E402

SEED = 2034
# venue -> family (the conferences of ../shared/corpora)
FAMILY = {
    "acl": "nlp", "naacl": "nlp", "eacl": "nlp", "emnlp": "nlp", "coling": "nlp",
    "lreccoling": "nlp", "cvpr": "cv", "iccv": "cv", "iclr": "ml", "icml": "ml",
    "neurips": "ml", "nips": "ml", "corl": "robotics",
}
MIN_PHRASE_VENUE = 400  # dev abstracts of a venue left out on its own (``--phrase-groups venue``)


def venue_of(source: str | None) -> str:
    """``recent/emnlp2023.json:record 12`` -> ``emnlp``."""
    name = (source or "").split("/")[-1].split(".")[0].split(":")[0]
    return name.rstrip("0123456789") or "?"


def family_of(source: str | None) -> str:
    v = venue_of(source)
    return FAMILY.get(v, v)


def _pr(oof: np.ndarray, y: np.ndarray, th: float, mask: np.ndarray | None = None):
    m = np.ones(len(y), bool) if mask is None else mask
    pred = (oof >= th) & m
    tp = int((pred & (y == 1)).sum())
    return tp / max(int(pred.sum()), 1), tp / max(int((y[m] == 1).sum()), 1)


def techniques() -> None:
    import json

    import train_tag_model as TT
    from sklearn.linear_model import LogisticRegression

    from extract.datafiles import DATA_DIR
    from extract.learned import tags as LT

    spec = json.loads((DATA_DIR / LT.STACK_MODEL).read_text(encoding="utf-8"))
    c_sup, c_stack, th = spec["supervised_C"], spec["C"], spec["threshold"]
    model = LT.text_model()
    records = list(splits.technique_records("dev"))
    venues = np.array([venue_of(r.get("source")) for _, r, _ in records])
    families = np.array([family_of(r.get("source")) for _, r, _ in records])
    feats = TT.record_features(records)
    Y = TT.label_matrix(records, model.labels)
    print(f"techniques: {len(records)} dev abstracts, {len(set(venues))} venues, "
          f"{len(set(families))} families; supervised C={c_sup}, stacker C={c_stack}, "
          f"threshold {th}")

    def cross_fit(split=None) -> np.ndarray:
        return TT.cross_fit_sup(feats, Y, model.labels, c_sup, SEED, split)

    def group_split(groups: np.ndarray):
        return [(np.where(groups != g)[0], np.where(groups == g)[0]) for g in sorted(set(groups))]

    def rows(sup: np.ndarray):
        X, y, ab, tags, gate = TT.pair_rows(records, feats, model, sup)
        return TT.with_tag_columns(X, tags, model.labels), y.astype(int), ab, gate, X, tags

    X_rand, y, ab, gate, raw_rand, tags = rows(cross_fit())  # the training script's folds

    def stack_oof(X_train: np.ndarray, X_test: np.ndarray, folds: np.ndarray) -> np.ndarray:
        oof = np.zeros(len(y))
        for f in sorted(set(folds)):
            te = folds == f
            tr = ~te & ~gate
            clf = LogisticRegression(C=c_stack, max_iter=5000, random_state=SEED)
            oof[te] = clf.fit(X_train[tr], y[tr]).predict_proba(X_test[te])[:, 1]
        oof[gate] = 0.0
        return oof

    print("| training | R at P >= .85 | threshold | P at shipped th | R at shipped th |")
    print("|---|---|---|---|---|")

    def line(name: str, oof: np.ndarray) -> None:
        t, _, r = TT.best_threshold(oof, y)
        p0, r0 = _pr(oof, y, th)
        print(f"| {name} | {r:.3f} | {t:.2f} | {p0:.3f} | {r0:.3f} |")

    rand = TT.out_of_fold(X_rand, y, ab, gate, c_stack, SEED)  # the shipped folds
    line("random folds (every venue seen; as shipped)", rand)
    per_group = {}
    for label, groups in (("venue", venues), ("family", families)):
        X_out, *_, raw_out, _ = rows(cross_fit(group_split(groups)))
        g_of_pair = groups[ab]
        folds = np.unique(g_of_pair, return_inverse=True)[1]
        oof = stack_oof(X_rand, X_out, folds)
        line(f"{label} left out (its abstracts scored by a supervised classifier and a stacker "
             f"fitted without it)", oof)
        per_group[label] = (g_of_pair, oof, folds, raw_out)
    g_of_pair, oof, _, _ = per_group["family"]
    print("\nper family, at the shipped threshold: P / R with the family seen (random folds) "
          "-> left out")
    for g in sorted(set(g_of_pair)):
        m = g_of_pair == g
        p0, r0 = _pr(rand, y, th, m)
        p1, r1 = _pr(oof, y, th, m)
        print(f"  {g:<9} {len(set(ab[m])):>5} abstracts  P {p0:.3f} -> {p1:.3f}   "
              f"R {r0:.3f} -> {r1:.3f}")
    if "no_wording" in spec:
        no_wording(spec, raw_rand, tags, y, ab, rand, per_group)


def no_wording(spec: dict, raw_rand: np.ndarray, tags: list[str], y: np.ndarray,
               ab: np.ndarray, rand: np.ndarray, per_group: dict) -> None:
    """The stacker's tags with the no-wording classifier's beside them, on the random folds and
    with each venue or family left out of the supervised classifier, the stacker and it."""
    import train_tag_model as TT
    from sklearn.model_selection import GroupKFold

    from extract.learned import tags as LT

    labels = LT.text_model().labels
    nw, th = spec["no_wording"], spec["threshold"]
    none = raw_rand[:, LT.FEATURES.index("no_evidence")] == 1.0

    def nw_oof(raw_train: np.ndarray, raw_test: np.ndarray, splits) -> np.ndarray:
        return TT.no_wording_oof(TT.no_wording_matrix(raw_train, tags, labels),
                                 TT.no_wording_matrix(raw_test, tags, labels), y, none, splits,
                                 nw["C"], SEED)

    print(f"\nwith the no-wording classifier (C={nw['C']}; shipped thresholds: stacker {th}, "
          f"no-wording {nw['threshold']})")
    print("| training | R at P >= .85 (stacker alone) | R at P >= .85 (both) | thresholds | "
          "P / R at shipped thresholds (alone -> both) |")
    print("|---|---|---|---|---|")

    def line(name: str, stack: np.ndarray, extra: np.ndarray) -> None:
        r0 = TT.best_threshold(stack, y)[2]
        t1, t2, _, r1 = TT.joint_thresholds(stack, extra, y)
        pred0 = stack >= th
        pred1 = pred0 | (extra >= nw["threshold"])
        pr = [(int((p & (y == 1)).sum()) / max(int(p.sum()), 1),
               int((p & (y == 1)).sum()) / max(int(y.sum()), 1)) for p in (pred0, pred1)]
        print(f"| {name} | {r0:.3f} | {r1:.3f} | {t1:.2f} / {t2:.2f} | "
              f"{pr[0][0]:.3f} / {pr[0][1]:.3f} -> {pr[1][0]:.3f} / {pr[1][1]:.3f} |")

    folds = list(GroupKFold(n_splits=5).split(raw_rand, y, ab))  # the training script's
    line("random folds (every venue seen; as shipped)", rand,
         nw_oof(raw_rand, raw_rand, folds))
    for label, (_, oof, group_folds, raw_out) in per_group.items():
        splits = [(np.where(group_folds != f)[0], np.where(group_folds == f)[0])
                  for f in sorted(set(group_folds))]
        line(f"{label} left out", oof, nw_oof(raw_rand, raw_out, splits))


def phrases(group_by: str) -> None:
    import train_phrase_model as TP

    from extract.phrases import model as PM

    t0 = time.time()
    _, meta = PM.models()
    th, C = meta["threshold"], meta["C"]
    recs = list(TP.records("dev"))
    docs = TP.examples(recs)
    key = family_of if group_by == "family" else venue_of
    groups = np.array([key(r.get("source")) for r in recs])
    print(f"\nphrases: {len(recs)} dev abstracts; span model C={C}, threshold {th} "
          f"(examples in {time.time() - t0:.0f} s)")
    oof, _ = TP.out_of_fold(docs, C, SEED)
    print("| left out | abstracts | random folds F1 (P / R) | left out F1 (P / R) |")
    print("|---|---|---|---|")
    names = sorted(set(groups))
    if group_by == "venue":
        names = [g for g in names if (groups == g).sum() >= MIN_PHRASE_VENUE]
    for g in names:
        idx = np.where(groups == g)[0]
        part = [docs[i] for i in idx]
        f0, p0, r0 = TP.f1(part, [oof[i] for i in idx], th)
        m = TP.fit([docs[i] for i in np.where(groups != g)[0]], C, SEED)
        probs = [TP.predict(m, d[0])[:, 0] for d in part]
        f1, p1, r1 = TP.f1(part, probs, th)
        print(f"| {g} | {len(idx)} | {f0:.3f} ({p0:.3f} / {r0:.3f}) | "
              f"{f1:.3f} ({p1:.3f} / {r1:.3f}) |", flush=True)
    print(f"({time.time() - t0:.0f} s)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--part", choices=("techniques", "phrases", "both"), default="both")
    ap.add_argument("--phrase-groups", choices=("family", "venue"), default="family")
    args = ap.parse_args(argv)
    if args.part in ("techniques", "both"):
        techniques()
    if args.part in ("phrases", "both"):
        phrases(args.phrase_groups)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
