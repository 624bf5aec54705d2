"""Precision/recall/F1 of the results stage on the hand-labelled dev set.

    python benchmarks/eval_results.py [--devset benchmarks/devset/results.jsonl] [-v] [--part dev]
    python benchmarks/eval_results.py --speed 5000   # abstracts/s on corpus abstracts

The dev set: 132 abstracts of ``../shared/corpora`` (none of the seeds), drawn at random
(``random.Random(13)``) from those with a number next to a percent sign, points, a multiplier or
a score name, 60 from 2023-2025 and 60 from earlier years, then 12 more from 2023-2025; a third
of each draw held out at random (``random.Random(2024)``, ``random.Random(2025)``) before the
stage was written. Labelled by hand: one row per reported number that is a result, with its
benchmark (as named in the abstract), metric (canonical, ``extract/data/results_vocab.toml``),
value (as written, a range gives both ends), kind and the method when the abstract names it.

Scoring, per abstract, one to one (greedy in gold order):

* a *complete row* matches when benchmark, metric, value and kind all agree;
* a *value* match needs only the value (for the per-field accuracies below);
* for scores alone: the share of predicted ``score`` rows whose value matches a gold score,
  and the share of gold scores found with benchmark, metric and value all right.

The "settings" batch (records with ``"batch": "settings"``): 65 more abstracts of the same corpora
drawn by ``benchmarks/draw_results_settings.py`` (``random.Random(23)``) among those whose
abstract mentions a setting (zero/few-shot, fine-tuned, extra data), a subset or test split,
baselines' numbers, a speedup or an error rate, none already in a dev set; a third held out
(``random.Random(2323)``) before labelling. Labelled by hand before the extractor was run on
them, each row also has the fields a leaderboard needs: ``task``, ``unit``, ``shot``
(zero-shot, few-shot, k-shot, fine-tuned, linear probe), ``extra_data``, ``robust``,
``selective``, ``subset``, ``split`` (test, val, test-dev, ...) and ``role`` (own, baseline,
evaluated). On these records a *complete+ row* also needs every one of those setting fields,
the role and the method (where the gold names one) to agree: shot exactly, extra data /
robust / selective as flags (unset = false), subset both set or both unset (a named subset
must match a named one), split after dropping "set" and mapping "validation"/"val2017"/
"minival" to "val", the method folded. The older records have no such labels: complete+ is
reported for the settings batch only, and every part is reported for old and new records.

Values agree when their absolute values are equal (a reduction "by -90%" is 90% either way).
Benchmarks agree when equal after folding case and dropping everything but letters and digits
("WikiText-2" = "Wikitext2"), or when one is a vocabulary alias of the other. Metrics agree when
equal after mapping both through the metric aliases; a missing benchmark or metric agrees only
with a missing one. Per-field accuracies are over value-matched pairs: benchmark, metric, kind,
and method (method only where the gold names one).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from extract.records import PaperText  # noqa: E402
from extract.stages import results  # noqa: E402

DEVSET = ROOT / "benchmarks" / "devset" / "results.jsonl"
FIELDS = ("benchmark", "metric", "kind", "method")
# the fields of the settings batch, compared by ``complete_plus``
SETTING_FIELDS = ("shot", "extra_data", "robust", "selective", "subset", "split", "role", "method")


def _fold(name: str | None) -> str | None:
    if name is None:
        return None
    return re.sub(r"[^a-z0-9]", "", name.lower())


def _bench_aliases() -> dict[str, str]:
    try:
        from extract.stages import benchmarks

        return {_fold(k): _fold(v) for k, v in benchmarks.benchmark_names().items()}
    except (ImportError, AttributeError):
        return {}


_ALIASES: dict[str, str] | None = None


def same_benchmark(a: str | None, b: str | None) -> bool:
    """Benchmark names agree (folded, or through a vocabulary alias)."""
    global _ALIASES
    if a is None or b is None:
        return a is None and b is None
    if _ALIASES is None:
        _ALIASES = _bench_aliases()
    fa, fb = _fold(a), _fold(b)
    return fa == fb or _ALIASES.get(fa, fa) == _ALIASES.get(fb, fb)


def same_metric(a: str | None, b: str | None) -> bool:
    """Metric names agree after canonicalisation."""
    if a is None or b is None:
        return a is None and b is None
    ca = results.canonical_metric(a) or a
    cb = results.canonical_metric(b) or b
    return ca.lower() == cb.lower()


def same_value(g: dict, p: dict) -> bool:
    """Values agree (absolute values equal)."""
    return abs(abs(float(g["value"])) - abs(float(p["value"]))) <= 1e-6 * max(1.0, abs(g["value"]))


def complete(g: dict, p: dict) -> bool:
    """Benchmark, metric, value and kind all agree."""
    return (
        same_value(g, p)
        and g["kind"] == p["kind"]
        and same_metric(g["metric"], p["metric"])
        and same_benchmark(g["benchmark"], p["benchmark"])
    )


def _split(v: str | None) -> str | None:
    if not v:
        return None
    v = re.sub(r"\s*set$", "", v.strip().lower())
    return {"validation": "val", "val2017": "val", "minival": "val"}.get(v, v)


def _shot(v: str | None) -> str | None:
    return {"one-shot": "1-shot"}.get(v, v) if v else None


def same_setting_field(f: str, g: dict, p: dict) -> bool:
    """One setting field of a settings-batch gold row agrees with the prediction's."""
    gv, pv = g.get(f), p.get(f)
    if f in ("extra_data", "robust", "selective"):
        return bool(gv) == bool(pv)
    if f == "shot":
        return _shot(gv) == _shot(pv)
    if f == "split":
        return _split(gv) == _split(pv)
    if f == "subset":
        if not gv or not pv:
            return not gv and not pv
        return pv == "subset" or _fold(gv) in _fold(pv) or _fold(pv) in _fold(gv)
    if f == "method":
        return gv is None or _fold(gv) == _fold(pv)
    return gv == pv


def complete_plus(g: dict, p: dict) -> bool:
    """A complete row whose setting fields, role and method also agree (settings batch)."""
    return complete(g, p) and all(same_setting_field(f, g, p) for f in SETTING_FIELDS)


def match(gold: list[dict], pred: list[dict], same) -> list[tuple[dict, dict]]:
    """Greedy one-to-one pairs (gold order) for which ``same(gold, pred)`` holds."""
    pairs, used = [], set()
    for g in gold:
        for i, p in enumerate(pred):
            if i not in used and same(g, p):
                used.add(i)
                pairs.append((g, p))
                break
    return pairs


def predict(rec: dict) -> list[dict]:
    """The stage's rows for one dev-set abstract."""
    return results.extract_rows(PaperText(rec["id"], rec["text"], rec.get("title")))


def evaluate(records: list[dict], verbose: bool = False) -> dict:
    """Counts and scores for ``records``; prints every miss and false alarm when verbose."""
    c = {"tp": 0, "pred": 0, "gold": 0, "v_tp": 0, "s_pred": 0, "s_ok": 0, "s_gold": 0, "s_bmv": 0}
    field_ok = dict.fromkeys(FIELDS, 0)
    field_n = dict.fromkeys(FIELDS, 0)
    # the settings batch: complete+ rows and the setting fields on value-matched pairs
    c.update({"plus_tp": 0, "plus_pred": 0, "plus_gold": 0})
    set_ok = dict.fromkeys(SETTING_FIELDS, 0)
    set_n = dict.fromkeys(SETTING_FIELDS, 0)
    for rec in records:
        gold = rec["gold"]["results"]
        pred = predict(rec)
        full = match(gold, pred, complete)
        if rec.get("batch") == "settings":
            c["plus_tp"] += len(match(gold, pred, complete_plus))
            c["plus_pred"] += len(pred)
            c["plus_gold"] += len(gold)
            for g, p in match(gold, pred, same_value):
                for f in SETTING_FIELDS:
                    if f == "method" and g.get("method") is None:
                        continue
                    set_n[f] += 1
                    set_ok[f] += same_setting_field(f, g, p)
        vals = match(gold, pred, same_value)
        c["tp"] += len(full)
        c["pred"] += len(pred)
        c["gold"] += len(gold)
        c["v_tp"] += len(vals)
        # scores alone: predicted score rows matching a gold score's value, and gold scores
        # whose benchmark, metric and value are all found
        g_scores = [g for g in gold if g["kind"] == "score"]
        p_scores = [p for p in pred if p["kind"] == "score"]
        c["s_pred"] += len(p_scores)
        c["s_ok"] += len(match(p_scores, g_scores, lambda p, g: same_value(g, p)))
        c["s_gold"] += len(g_scores)
        c["s_bmv"] += len(match(g_scores, pred, _same_bmv))
        for g, p in vals:
            for f in FIELDS:
                if f == "method" and g["method"] is None:
                    continue
                field_n[f] += 1
                field_ok[f] += _field_ok(f, g, p)
        if verbose:
            got = {id(p) for _, p in full}
            hit = {id(g) for g, _ in full}
            for g in gold:
                if id(g) not in hit:
                    print(f"  MISS  {rec['source']}: {_show(g)}")
            for p in pred:
                if id(p) not in got:
                    snippet = rec["text"][max(0, p["start"] - 40) : p["end"] + 30].replace(
                        "\n", " "
                    )
                    print(f"  FALSE {rec['source']}: {_show(p)}  «{snippet}»")
    p = c["tp"] / c["pred"] if c["pred"] else 0.0
    r = c["tp"] / c["gold"] if c["gold"] else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    vp = c["v_tp"] / c["pred"] if c["pred"] else 0.0
    vr = c["v_tp"] / c["gold"] if c["gold"] else 0.0
    acc = {k: (field_ok[k] / field_n[k] if field_n[k] else None) for k in FIELDS}
    pp = c["plus_tp"] / c["plus_pred"] if c["plus_pred"] else 0.0
    pr = c["plus_tp"] / c["plus_gold"] if c["plus_gold"] else 0.0
    return {
        "plus_P": pp,
        "plus_R": pr,
        "plus_F1": 2 * pp * pr / (pp + pr) if pp + pr else 0.0,
        "setting_accuracy": {k: (set_ok[k] / set_n[k] if set_n[k] else None) for k in SETTING_FIELDS},
        "setting_n": set_n,
        "abstracts": len(records),
        **c,
        "P": p,
        "R": r,
        "F1": f,
        "value_P": vp,
        "value_R": vr,
        "field_accuracy": acc,
        "field_n": field_n,
        # predicted score rows that match a gold score (by value)
        "score_precision": c["s_ok"] / c["s_pred"] if c["s_pred"] else None,
        # gold scores with benchmark, metric and value all right
        "score_bmv": c["s_bmv"] / c["s_gold"] if c["s_gold"] else None,
    }


def _same_bmv(g: dict, p: dict) -> bool:
    return (
        same_value(g, p)
        and same_metric(g["metric"], p["metric"])
        and same_benchmark(g["benchmark"], p["benchmark"])
    )


def _field_ok(f: str, g: dict, p: dict) -> bool:
    if f == "benchmark":
        return same_benchmark(g["benchmark"], p["benchmark"])
    if f == "metric":
        return same_metric(g["metric"], p["metric"])
    if f == "kind":
        return g["kind"] == p["kind"]
    return (p["method"] or "").lower() == (g["method"] or "").lower()


def _show(row: dict) -> str:
    keys = ("benchmark", "metric", "value", "kind", "method")
    return " | ".join(f"{row.get(k)}" for k in keys)


def speed(n: int, corpora: Path) -> None:
    """Abstracts per second of the results stage on ``n`` corpus abstracts (every 9th record).

    The benchmarks and methods rows it reads are computed first, as a build hands them over;
    the metrics stage is timed on the same abstracts in the same run, for comparison.
    """
    from extract.records import PaperText as P
    from extract.stages import benchmarks, methods, metrics

    texts = []
    for path in sorted(corpora.glob("*/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        texts += [r["abstract"] for r in data if isinstance(r, dict) and r.get("abstract")]
    papers = [P(f"p{i}", t) for i, t in enumerate(texts[::9][:n])]
    deps = [
        {"benchmarks": benchmarks.extract_rows(p), "methods": methods.extract_rows(p)}
        for p in papers
    ]
    results.extract_rows(papers[0], deps[0])  # compile the patterns first
    t = time.perf_counter()
    rows = sum(len(results.extract_rows(p, d)) for p, d in zip(papers, deps))
    dt = time.perf_counter() - t
    t = time.perf_counter()
    for p, d in zip(papers, deps):
        metrics.extract_rows(p, d)
    dm = time.perf_counter() - t
    print(
        f"results stage: {len(papers) / dt:,.0f} abstracts/s ({len(papers):,} abstracts, "
        f"{rows:,} rows, {dt:.1f} s); metrics stage on the same: {len(papers) / dm:,.0f}/s"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--devset", type=Path, default=DEVSET)
    ap.add_argument("--part", choices=("dev", "heldout"), help="score only this part")
    ap.add_argument("-v", "--verbose", action="store_true", help="print misses and false alarms")
    ap.add_argument("--speed", type=int, metavar="N", help="time the stage on N corpus abstracts")
    ap.add_argument("--corpora", type=Path, default=ROOT.parent / "shared" / "corpora")
    args = ap.parse_args(argv)
    if args.speed:
        speed(args.speed, args.corpora)
        return 0
    if not args.devset.is_file():
        print(f"{args.devset}: no such file", file=sys.stderr)
        return 2
    records = [
        json.loads(x) for x in args.devset.read_text(encoding="utf-8").splitlines() if x.strip()
    ]
    parts = [args.part] if args.part else ["dev", "heldout"]
    print(
        f"{'part':<12} {'n':>4} {'gold':>5} {'pred':>5} {'P':>5} {'R':>5} {'F1':>5}   "
        f"{'valP':>5} {'valR':>5}   field accuracy on value-matched rows"
    )
    groups = []
    for part in parts:
        recs = [r for r in records if r.get("split") == part]
        old = [r for r in recs if r.get("batch") != "settings"]
        new = [r for r in recs if r.get("batch") == "settings"]
        if old and new:
            groups += [(f"{part}-old", old), (f"{part}-new", new)]
        groups.append((part, recs))
    for part, recs in groups:
        t = time.perf_counter()
        s = evaluate(recs, args.verbose and "-" not in part if len(groups) > len(parts) else args.verbose)
        dt = time.perf_counter() - t
        acc = "  ".join(
            f"{k} {s['field_accuracy'][k]:.2f} (n={s['field_n'][k]})"
            for k in FIELDS
            if s["field_accuracy"][k] is not None
        )
        print(
            f"{part:<12} {s['abstracts']:>4} {s['gold']:>5} {s['pred']:>5} {s['P']:>5.2f} "
            f"{s['R']:>5.2f} {s['F1']:>5.2f}   {s['value_P']:>5.2f} {s['value_R']:>5.2f}   {acc}"
        )
        print(
            f"{'':<8} score rows: {s['score_precision']:.2f} of the predicted match a gold score; "
            f"{s['score_bmv']:.2f} of the gold scores found with benchmark, metric and value"
        )
        if s["plus_gold"]:
            sacc = "  ".join(
                f"{k} {v:.2f}" for k, v in s["setting_accuracy"].items() if v is not None
            )
            print(
                f"{'':<8} settings batch ({s['plus_gold']} gold, {s['plus_pred']} pred): "
                f"complete+ P {s['plus_P']:.2f} R {s['plus_R']:.2f} F1 {s['plus_F1']:.2f}; "
                f"on value-matched rows: {sacc}"
            )
        print(
            f"{'':<8} ({s['abstracts'] / dt:,.0f} abstracts/s, the benchmarks and methods stages "
            "included)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
