"""Probe: does a role head on the token tagger help the method-phrase selection and role?

    python scripts/train_phrase_tagger.py --role-head     # fold models, about 36 min
    python benchmarks/role_probe.py [--linear-cache F]     # about 7 min (1.5 with the cache)

The shipped role of a method phrase is the role regression's probability at the concept's best
candidate (``proposed_p``, cut at ``phrase_model.json``'s ``role_threshold``), and the token
tagger reads only O / B / I. ``--role-head`` trains the five fold taggers with a second head,
P(proposed) of each token inside a labelled phrase. This script rebuilds the concept
selection's dev out-of-fold examples (``scripts/train_phrase_model.py``: the same folds, the
linear models refitted out of fold at the shipped C) once with the shipped fold taggers'
probabilities (``scripts/.cache/phrase_tagger_oof.npz``) and once with the role-head ones
(``phrase_tagger_oof_role.npz``), and reports, out of fold on dev:

* the selection's concept F1 at its best threshold, with the shipped columns, and with the
  tagger's mean P(proposed) over the best candidate as one more column (``tag_role``);
* where the proposed concepts go wrong at the shipped cut-offs (with the shipped fold
  taggers): kept as proposed and labelled proposed, labelled used or not labelled; labelled
  proposed but without a candidate concept, not kept, or kept as used;
* the proposed concepts' F1 (role included, every labelled proposed phrase counted), at the
  best role threshold and ``proposed_floor`` (as ``train_phrase_model.proposed_floor``), for
  roles decided by: the role regression; the tagger's role; their mean logit; trees trained on
  the labelled concepts' rows (the selection's columns, with and without ``tag_role``).

Dev only (the labels the models learn from); ``--linear-cache F`` keeps the linear models'
out-of-fold scores in F between runs (not checked against the code: delete it after a change).
Needs the ``train`` extra.
"""

from __future__ import annotations

import argparse
import pickle
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import train_phrase_model as TPM  # noqa: E402
from train_phrase_tagger import OOF_FILE, ROLE_OOF_FILE  # noqa: E402

from extract.phrases import model as PM  # noqa: E402
from extract.phrases import select as PS  # noqa: E402
from extract.phrases import tagger as PT  # noqa: E402

SEED = 2034


def linear_oof(cache: Path | None):
    """(recs, docs, lengths, out-of-fold phrase and role probabilities, phrase_model.json)."""
    if cache is not None and cache.is_file():
        with cache.open("rb") as f:
            return pickle.load(f)
    recs = list(TPM.records("dev"))
    docs = TPM.examples(recs)
    _, meta = PM.models()
    oof, oof_role = TPM.out_of_fold(docs, meta["C"], SEED)
    out = (recs, docs, [len(r["text"]) for r in recs], oof, oof_role, meta)
    if cache is not None:
        with cache.open("wb") as f:
            pickle.dump(out, f)
    return out


def tagger_views(recs, path: Path):
    """Per dev abstract: the tagger's (placement, inside) scores of a span, and its mean
    P(proposed) over the span's tokens (0.5 without a role column or off token boundaries)."""
    if path == ROLE_OOF_FILE and not path.is_file():
        raise SystemExit(f"{path}: missing; run scripts/train_phrase_tagger.py --role-head first")
    views = []
    for toks, p, starts, shift in TPM.tagger_oof_arrays(recs, path):

        def placed(s, e, toks=toks, p=p, starts=starts, shift=shift):
            return PT.span_score(toks, p, starts, s + shift, e + shift)

        def role(s, e, toks=toks, p=p, starts=starts, shift=shift):
            i = starts.get(s + shift)
            if i is None or p.shape[1] < 4:
                return 0.5
            j = i
            while j < len(toks) and toks[j][1] + len(toks[j][0]) <= e + shift:
                j += 1
            return float(p[i:j, 3].mean()) if j > i else 0.5

        views.append((placed, role))
    return views


def concepts(docs, lengths, oof, oof_role, th, views):
    """The selection's rows (:data:`extract.phrases.select.SELECT_FEATURES`), whether each
    concept is labelled and labelled proposed, its abstract, and the tagger's role at its best
    candidate."""
    X, y, yp, at, tr = [], [], [], [], []
    placed = [v[0] for v in views]
    for d, gold, key, best, row in TPM.concept_rows(docs, lengths, oof, oof_role, th, placed):
        X.append(row)
        y.append(key in gold)
        yp.append(gold.get(key) == "proposed")
        at.append(d)
        tr.append(views[d][1](best.start, best.end))
    return (np.array(X), np.array(y, bool), np.array(yp, bool), np.array(at), np.array(tr))


class Probe:
    def __init__(self, docs, y, yp, at) -> None:
        self.y, self.yp = y, yp
        self.fold = (np.random.default_rng(SEED).permutation(len(docs)) % 5)[at]
        self.n_gold = sum(len(g) for _, g in docs)
        self.n_proposed = sum(1 for _, g in docs for v in g.values() if v == "proposed")

    def oof(self, X, target, among=None) -> np.ndarray:
        """Out-of-fold probabilities of selection-shaped trees for ``target`` (fitted on the
        rows ``among`` only, when given)."""
        return TPM.selector_oof(X, target, self.fold, SEED, among)

    def selection(self, q) -> tuple[float, float]:
        """(F1, threshold) of the selection's best threshold."""
        f, _, _, t = TPM.best_threshold(q, self.y, self.n_gold)
        return f, t

    def proposed(self, q, t, score) -> tuple[float, float, float, float]:
        """Best proposed F1 over role thresholds and floors: (F1, role-blind phrase F1 there,
        role threshold, floor)."""
        best = (0.0, 0.0, 0.0, 0.0)
        for rt in np.arange(0.30, 0.70, 0.02):
            for fl in np.arange(t, 0.91, 0.01):
                pf, af = TPM.floor_f1(q, t, score >= rt, fl, self.y, self.yp, self.n_gold,
                                      self.n_proposed)
                if pf > best[0] + 1e-12:
                    best = (pf, af, round(float(rt), 2), round(float(fl), 2))
        return best


def proposed_errors(probe: Probe, q, proposed_p, role_threshold: float, threshold: float,
                    floor: float) -> dict[str, int]:
    """Where the proposed concepts go wrong at given cut-offs (the shipped ones: the selection's
    ``threshold`` and ``proposed_floor``, the role model's ``role_threshold``)."""
    prop = proposed_p >= role_threshold
    kept = TPM.kept_concepts(q, threshold, prop, floor)
    y, yp = probe.y, probe.yp
    return {"kept as proposed": int((kept & prop).sum()),
            "of which labelled proposed": int((kept & prop & yp).sum()),
            "of which labelled used": int((kept & prop & y & ~yp).sum()),
            "of which not labelled": int((kept & prop & ~y).sum()),
            "labelled proposed": probe.n_proposed,
            "of which no concept among the candidates": probe.n_proposed - int(yp.sum()),
            "of which not kept": int((~kept & yp).sum()),
            "of which kept as used": int((kept & ~prop & yp).sum())}


def _logit(v):
    v = np.clip(v, 1e-4, 1 - 1e-4)
    return np.log(v / (1 - v))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--linear-cache", type=Path, default=None)
    args = ap.parse_args(argv)
    recs, docs, lengths, oof, oof_role, meta = linear_oof(args.linear_cache)
    th = meta["threshold"]
    col = PS.SELECT_FEATURES.index("proposed_p")
    for name, path in (("shipped tagger", OOF_FILE), ("role-head tagger", ROLE_OOF_FILE)):
        X, y, yp, at, tr = concepts(docs, lengths, oof, oof_role, th, tagger_views(recs, path))
        probe = Probe(docs, y, yp, at)
        q = probe.oof(X, y)
        f, t = probe.selection(q)
        print(f"{name}: {len(y)} concepts; selection F1 {f:.4f} (threshold {t})", flush=True)
        if path == OOF_FILE:
            spec = PS.selector()[1]
            errors = proposed_errors(probe, q, X[:, col], meta["role_threshold"],
                                     spec["threshold"], spec["proposed_floor"])
            print(f"  at the shipped cut-offs (selection {spec['threshold']}, proposed floor "
                  f"{spec['proposed_floor']}, role {meta['role_threshold']}; its own trees): "
                  + ", ".join(f"{k} {v}" for k, v in errors.items()), flush=True)
        roles = {"role regression": X[:, col],
                 "trees over the selection's columns": probe.oof(X, yp, among=y)}
        if path == ROLE_OOF_FILE:
            Xr = np.column_stack([X, tr])
            q = probe.oof(Xr, y)
            f, t = probe.selection(q)
            print(f"{name}: selection F1 with tag_role {f:.4f} (threshold {t})", flush=True)
            roles.update({
                "tagger role": tr,
                "mean logit of regression and tagger": 1 / (1 + np.exp(
                    -(_logit(X[:, col]) + _logit(tr)) / 2)),
                "trees with tag_role": probe.oof(Xr, yp, among=y)})
        for what, score in roles.items():
            pf, af, rt, fl = probe.proposed(q, t, score)
            print(f"  role by {what}: proposed F1 {pf:.4f} (phrase F1 {af:.4f}; role "
                  f"threshold {rt}, floor {fl})", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
