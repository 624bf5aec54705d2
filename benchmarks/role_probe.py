"""Probe: the role tagger against the other ways of reading a method phrase's role.

    python scripts/train_phrase_tagger.py --oof-only          # fold models, about 30 min
    python scripts/train_phrase_tagger.py --role --oof-only   # the role tagger's, 36 min
    python benchmarks/role_probe.py [--linear-cache F]   # about 7 min (1.5 with the cache)

The shipped role of a method phrase mixes the role regression's probability at the concept's
best candidate (``proposed_p``) with the role tagger's there
(:func:`extract.phrases.select.mixed_role`): the token tagger's network trained with a second
head, P(proposed) of each token inside a labelled phrase, a quarter of its loss. This script
rebuilds the concept selection's dev out-of-fold examples (``scripts/train_phrase_model.py``:
the same folds, the linear models refitted out of fold at the shipped C) and reports, out of
fold on dev:

* the selection's concept F1 at its best threshold, with the placement columns from the role
  tagger's O / B / I and from the shipped token tagger's (trained without the second head),
  and with the role tagger's mean P(proposed) over the best candidate as one more column;
* where the proposed concepts go wrong at the shipped cut-offs: kept as proposed and labelled
  proposed, labelled used or not labelled; labelled proposed but without a candidate concept,
  not kept, or kept as used;
* per labelling round (:data:`ROUNDS`: the first dev abstracts, dev2, dev3 and phr1-6, list
  fewer proposed phrases per abstract than phr7 on), the proposed and role-blind F1 at the
  shipped cut-offs and at each proposed floor, and the floor each round alone would choose;
* the proposed concepts' F1 (role included, every labelled proposed phrase counted), at the
  best role threshold and ``proposed_floor`` (``train_phrase_model.role_cutoffs``), on the
  shipped selection, for roles decided by: the role regression; trees trained on the labelled
  concepts' rows (the selection's columns); the role tagger; their mean logit (shipped); trees
  with the role tagger's column.

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

SEED = 2034
# The dev abstracts' labelling rounds (``split`` of benchmarks/devset/phrases.jsonl): the first
# (phrases added to the name-labelled dev2 and dev3, then phr1-6) and the later ones (phr7 on,
# labelled by eight to sixteen helpers per batch with 16 calibration records of phr4-6).
ROUNDS = {"first (dev2, dev3, phr1-6)": {"dev2", "dev3", *(f"phr{i}" for i in range(1, 7))}}
FLOORS = (0.34, 0.38, 0.42, 0.46, 0.48, 0.50, 0.54, 0.60)


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


class Probe:
    def __init__(self, docs, y, yp, at) -> None:
        self.y, self.yp, self.at = y, yp, at
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
        """Best proposed F1 over role thresholds and floors (``train_phrase_model.role_cutoffs``):
        (F1, role-blind phrase F1 there, role threshold, floor)."""
        rt, fl, pf, sweep = TPM.role_cutoffs(q, score, self.y, self.yp, self.n_gold,
                                             self.n_proposed, t)
        return pf, sweep[fl]["phrase_f1"], rt, fl


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


def by_round(recs, docs, probe: Probe, q, mixed, spec) -> None:
    """Proposed and role-blind F1 of the dev abstracts of each labelling round (:data:`ROUNDS`,
    the rest as "later"), at the shipped role threshold and selection threshold and at each of
    :data:`FLOORS` as the proposed floor; and each round's own best floor."""
    rounds = np.array([next((k for k, v in ROUNDS.items() if r.get("split") in v),
                            "later (phr7 on)") for r in recs])
    concept_round = rounds[probe.at]
    prop = mixed >= spec["role_threshold"]
    for name in [*ROUNDS, "later (phr7 on)"]:
        sel = concept_round == name
        in_round = rounds == name
        n_gold = sum(len(docs[d][1]) for d in np.flatnonzero(in_round))
        n_prop = sum(1 for d in np.flatnonzero(in_round) for v in docs[d][1].values()
                     if v == "proposed")
        cells = []
        for fl in (spec["proposed_floor"], *FLOORS):
            pf, af = TPM.floor_f1(np.where(sel, q, 0.0), spec["threshold"], prop, fl,
                                  probe.y & sel, probe.yp & sel, n_gold, n_prop)
            cells.append((fl, pf, af))
        best = max(cells[1:], key=lambda c: c[1])
        n = int(in_round.sum())
        print(f"  round {name}: {n} abstracts, {n_prop / max(n, 1):.2f} labelled proposed "
              f"phrases each; proposed / role-blind F1 at the shipped floor "
              f"{cells[0][0]}: {cells[0][1]:.4f} / {cells[0][2]:.4f}; best floor {best[0]}: "
              f"{best[1]:.4f} / {best[2]:.4f}; per floor: "
              + ", ".join(f"{fl}: {pf:.3f}/{af:.3f}" for fl, pf, af in cells[1:]), flush=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--linear-cache", type=Path, default=None)
    args = ap.parse_args(argv)
    recs, docs, lengths, oof, oof_role, meta = linear_oof(args.linear_cache)
    th = meta["threshold"]
    col = PS.SELECT_FEATURES.index("proposed_p")
    for name, path in (("the role tagger's", ROLE_OOF_FILE), ("the token tagger's (shipped)",
                                                               OOF_FILE)):
        X, y, at, yp, tr = TPM.concept_examples(docs, lengths, oof, oof_role, th,
                                                *TPM.tagger_oof(recs, path))
        probe = Probe(docs, y, yp, at)
        q = probe.oof(X, y)
        f, t = probe.selection(q)
        print(f"placement by {name} O / B / I: {len(y)} concepts; selection F1 {f:.4f} "
              f"(threshold {t})", flush=True)
        if path == ROLE_OOF_FILE:
            continue
        mixed = TPM.mixed_roles(X, tr)
        spec = PS.selector()[1]
        errors = proposed_errors(probe, q, mixed, spec["role_threshold"], spec["threshold"],
                                 spec["proposed_floor"])
        print(f"  at the shipped cut-offs (selection {spec['threshold']}, proposed floor "
              f"{spec['proposed_floor']}, mixed role {spec['role_threshold']}; its own trees): "
              + ", ".join(f"{k} {v}" for k, v in errors.items()), flush=True)
        by_round(recs, docs, probe, q, mixed, spec)
        Xr = np.column_stack([X, tr])
        fr, tt = probe.selection(probe.oof(Xr, y))
        print(f"  selection F1 with the role tagger's P(proposed) as a column {fr:.4f} "
              f"(threshold {tt})", flush=True)
        roles = {"the role regression": X[:, col],
                 "trees over the selection's columns": probe.oof(X, yp, among=y),
                 "the role tagger": tr,
                 "mean logit of the regression and the role tagger (shipped)": mixed,
                 "trees over the columns and the role tagger's": probe.oof(Xr, yp, among=y)}
        for what, score in roles.items():
            pf, af, rt, fl = probe.proposed(q, t, score)
            print(f"  role by {what}: proposed F1 {pf:.4f} (phrase F1 {af:.4f}; role "
                  f"threshold {rt}, floor {fl})", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
