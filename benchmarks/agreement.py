"""How far two people agree: a second, independent labelling of abstracts labelled before.

    python benchmarks/agreement.py [--json OUT]

``devset/phrases_second.jsonl`` holds a second labelling, by someone who saw neither the first
labels nor any extractor output, of abstracts whose first labels are in ``devset/phrases.jsonl``
(part ``agreement`` in ``splits.toml``). It is scored with the measures of
``benchmarks/eval_learned.py``, the first labels as gold and the second as predictions (F1 is
symmetric, so the F1 is the same either way round):

* ``phrases``: generic method phrases, strict = same concept key; ``phrases (lenient)`` counts
  overlapping phrases that end on the same word as one;
* ``phrases used`` / ``phrases proposed``: the phrases of each role, role included;
* ``techniques``: the taxonomy tags;
* ``sizes``: model parameter counts within 2%; ``sizes (value + role)`` with the same role.

This is the ceiling of the phrase and technique figures: a model that agrees with one labeller
as well as a second labeller does has learned what the labels can teach.

``--oof`` (needs the ``train`` extra) also scores the models on the same abstracts, out of fold:
both models are refitted five times on the dev labels as their training scripts do (same folds,
same C and threshold as shipped), and each abstract is predicted by the fit that did not see it;
those predictions are scored against the first and against the second labels.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import splits  # noqa: E402
from eval_learned import Counts, _gold_keys, _lenient, _match, _size_match  # noqa: E402

from extract.phrases.concepts import concept_key  # noqa: E402

DEVSET = ROOT / "benchmarks" / "devset"
SECOND = "phrases_second.jsonl"
FIRST = "phrases.jsonl"


def pairs(second: Path = DEVSET / SECOND, first: Path = DEVSET / FIRST):
    """(first labels, second labels) of every abstract labelled twice."""
    firsts = {}
    for line in first.open(encoding="utf-8"):
        r = json.loads(line)
        firsts[r["id"]] = r
    for line in second.open(encoding="utf-8"):
        b = json.loads(line)
        assert splits.part(second.name, b) == "agreement", b.get("split")
        a = firsts[b["id"]]
        assert a["text"] == b["text"], b["id"]
        yield a, b


def _keys(phrases: list[dict], role: str | None = None) -> list[set[str]]:
    return _gold_keys([{concept_key(p["phrase"])} for p in phrases
                       if role is None or p["role"] == role])


def _as_predictions(phrases: list[dict], full: str) -> list[SimpleNamespace]:
    """Labelled phrases shaped as model phrases (text, start, end, key) for the lenient match."""
    out = []
    for p in phrases:
        i = full.find(p["phrase"])
        out.append(SimpleNamespace(text=p["phrase"], start=i, end=i + len(p["phrase"]),
                                   key=concept_key(p["phrase"])))
    return out


def score(records) -> dict[str, Counts]:
    scores: dict[str, Counts] = defaultdict(Counts)
    for a, b in records:
        title = a.get("title") or ""
        full = f"{title}\n{a['text']}" if title else a["text"]
        tp, fp, fn, _ = _match(_keys(a["phrases"]), _keys(b["phrases"]))
        scores["phrases"].add(tp, fp, fn)
        second = _as_predictions(b["phrases"], full)
        scores["phrases (lenient)"].add(*_lenient(a["phrases"], second, full))
        for role in ("used", "proposed"):
            tp, fp, fn, _ = _match(_keys(a["phrases"], role), _keys(b["phrases"], role))
            scores[f"phrases {role}"].add(tp, fp, fn)
        if a.get("techniques") is not None and b.get("techniques") is not None:
            ga = {t.lower() for t in a["techniques"]}
            gb = {t.lower() for t in b["techniques"]}
            scores["techniques"].add(len(ga & gb), len(gb - ga), len(ga - gb))
        sa, sb = a.get("sizes") or [], b.get("sizes") or []
        for role, name in ((False, "sizes"), (True, "sizes (value + role)")):
            tp = _size_match(sa, sb, role)
            scores[name].add(tp, len(sb) - tp, len(sa) - tp)
    return scores


def oof_predictions(ids: set[str]) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Out-of-fold phrase concept keys and technique tags (lower-case) of the dev abstracts
    ``ids``, from refits of both models on the other folds of their dev labels."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import train_phrase_model as TP
    import train_tag_model as TT

    from extract.learned import tags as LT
    from extract.phrases import model as PM

    meta = PM.models()[1]
    recs = list(TP.records("dev"))
    docs = TP.examples(recs)
    oof, _ = TP.out_of_fold(docs, meta["C"], meta["seed"])
    phrases = {r["id"]: TP.decode(rows, probs, meta["threshold"])
               for r, (rows, _), probs in zip(recs, docs, oof) if r["id"] in ids}
    stack = LT.stack_model()
    records = list(splits.technique_records("dev"))
    labels = LT.text_model().labels
    # the dev-label text classifier's scores, cross-fitted as in training (its C from the stacker)
    feats = TT.record_features(records)
    sup = TT.cross_fit_sup(feats, TT.label_matrix(records, labels), labels, stack["supervised_C"],
                           2034)
    X, y, groups, tags, gate = TT.pair_rows(records, feats, LT.text_model(), sup)
    X = TT.with_tag_columns(X, tags, LT.text_model().labels)
    prob = TT.out_of_fold(X, y, groups, gate, stack["C"], seed=2034)
    techniques: dict[str, set[str]] = {}
    for g, tag, p in zip(groups, tags, prob):
        rid = records[g][1]["id"]
        if rid in ids:
            got = techniques.setdefault(rid, set())
            if p >= stack["threshold"]:
                got.add(tag.lower())
    return phrases, techniques


def score_oof(records) -> dict[str, Counts]:
    """The out-of-fold model predictions (:func:`oof_predictions`) against each labelling."""
    phrases, techniques = oof_predictions({b["id"] for _, b in records})
    scores: dict[str, Counts] = defaultdict(Counts)
    for a, b in records:
        for who, labels in (("first", a), ("second", b)):
            pred = [{k} for k in sorted(phrases[a["id"]])]
            tp, fp, fn, _ = _match(_keys(labels["phrases"]), pred)
            scores[f"model phrases vs {who} labels"].add(tp, fp, fn)
            if labels.get("techniques") is not None and a["id"] in techniques:
                gold = {t.lower() for t in labels["techniques"]}
                pred = techniques[a["id"]]
                scores[f"model techniques vs {who} labels"].add(
                    len(gold & pred), len(pred - gold), len(gold - pred))
    return scores


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", type=Path, help="also write the figures with Wilson intervals here")
    ap.add_argument("--oof", action="store_true",
                    help="also score both models out of fold on the same abstracts (train extra)")
    args = ap.parse_args(argv)
    records = list(pairs())
    scores = score(records)
    if args.oof:
        scores.update(score_oof(records))
    print(f"{len(records)} abstracts labelled twice ({SECOND} against {FIRST})\n")
    print("| measure | P [95% CI] | R [95% CI] | F1 | tp/fp/fn |")
    print("|---|---|---|---|---|")
    out = {}
    for name, s in scores.items():
        if not s.tp + s.fp + s.fn:
            continue  # nothing labelled on either side (no sizes in these abstracts)
        d = s.summary()
        out[name] = d
        p = "-" if d["p"] is None else f"{d['p']:.3f}"
        r = "-" if d["r"] is None else f"{d['r']:.3f}"
        print(f"| {name} | {p} [{d['p_ci'][0]:.2f}, {d['p_ci'][1]:.2f}] | "
              f"{r} [{d['r_ci'][0]:.2f}, {d['r_ci'][1]:.2f}] | {d['f1']:.3f} | "
              f"{d['tp']}/{d['fp']}/{d['fn']} |")
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
