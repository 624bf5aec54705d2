"""Precision/recall/F1 of extract.sizes and extract.metrics on the hand-labelled dev set.

    python benchmarks/eval_numbers.py [--devset benchmarks/devset/numbers.jsonl] [-v]

Sizes match a gold size when the parameter count is within 2%; metrics match when value and
unit agree. Matching is one-to-one and greedy in order of position. Also printed: agreement of
the metric name (and qualifier) on matched metrics, and of the model name on matched sizes.
Results are printed for the seed abstracts, the corpus abstracts and all of them.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from extract.records import PaperText  # noqa: E402
from extract.stages import metrics, sizes  # noqa: E402


def _match(gold: list[dict], pred: list[dict], same) -> list[tuple[dict, dict]]:
    pairs, used = [], set()
    for g in gold:
        for i, p in enumerate(pred):
            if i not in used and same(g, p):
                used.add(i)
                pairs.append((g, p))
                break
    return pairs


def _same_size(g: dict, p: dict) -> bool:
    return abs(p["params"] - g["params"]) <= 0.02 * g["params"]


def _same_metric(g: dict, p: dict) -> bool:
    return g["unit"] == p["unit"] and abs(float(p["value"]) - float(g["value"])) <= 1e-6 * max(
        1.0, abs(g["value"])
    )


def _prf(tp: int, n_pred: int, n_gold: int) -> tuple[float, float, float]:
    p = tp / n_pred if n_pred else 1.0
    r = tp / n_gold if n_gold else 1.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return p, r, f


def evaluate(records: list[dict], verbose: bool = False) -> dict[str, dict[str, float]]:
    """Scores for ``records`` (dev-set lines); prints misses and false alarms when verbose."""
    c = dict(s_tp=0, s_pred=0, s_gold=0, s_model=0, m_tp=0, m_pred=0, m_gold=0, m_name=0, m_qual=0)
    for rec in records:
        paper = PaperText(rec["id"], rec["text"])
        ps, pm = sizes.extract_rows(paper), metrics.extract_rows(paper)
        gs, gm = rec["gold"]["sizes"], rec["gold"]["metrics"]
        sp, mp = _match(gs, ps, _same_size), _match(gm, pm, _same_metric)
        c["s_tp"] += len(sp)
        c["s_pred"] += len(ps)
        c["s_gold"] += len(gs)
        c["s_model"] += sum(g["model"] == p["model"] for g, p in sp)
        c["m_tp"] += len(mp)
        c["m_pred"] += len(pm)
        c["m_gold"] += len(gm)
        c["m_name"] += sum(g["metric"] == p["metric"] for g, p in mp)
        c["m_qual"] += sum(g["qualifier"] == p["qualifier"] for g, p in mp)
        if verbose:
            matched_p = [id(p) for _, p in sp + mp]
            matched_g = [id(g) for g, _ in sp + mp]
            for g in gs + gm:
                if id(g) not in matched_g:
                    print(f"  MISS  {rec['source']}: {g}")
            for p in ps + pm:
                if id(p) not in matched_p:
                    fields = {k: p[k] for k in p if k not in ("paper_id", "start", "end")}
                    print(f"  FALSE {rec['source']}: {fields}")
            for g, p in mp:
                if g["metric"] != p["metric"]:
                    print(
                        f"  NAME  {rec['source']}: {g['text']!r} gold={g['metric']} got={p['metric']}"
                    )
    s = _prf(c["s_tp"], c["s_pred"], c["s_gold"])
    m = _prf(c["m_tp"], c["m_pred"], c["m_gold"])
    return {
        "sizes": {
            "P": s[0],
            "R": s[1],
            "F1": s[2],
            "gold": c["s_gold"],
            "pred": c["s_pred"],
            "model_agree": c["s_model"] / c["s_tp"] if c["s_tp"] else 1.0,
        },
        "metrics": {
            "P": m[0],
            "R": m[1],
            "F1": m[2],
            "gold": c["m_gold"],
            "pred": c["m_pred"],
            "name_agree": c["m_name"] / c["m_tp"] if c["m_tp"] else 1.0,
            "qualifier_agree": c["m_qual"] / c["m_tp"] if c["m_tp"] else 1.0,
        },
    }


def main() -> None:
    """Print the scores per subset."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--devset", default=str(ROOT / "benchmarks/devset/numbers.jsonl"))
    ap.add_argument("-v", "--verbose", action="store_true", help="print misses and false alarms")
    args = ap.parse_args()
    records = [
        json.loads(line)
        for line in Path(args.devset).read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    subsets = {
        "seeds": [r for r in records if r["source"].startswith("seeds/")],
        "corpus": [r for r in records if not r["source"].startswith("seeds/")],
        "all": records,
    }
    for name, recs in subsets.items():
        if verbose_here := (args.verbose and name != "all"):
            print(f"--- {name}: misses and false alarms")
        res = evaluate(recs, verbose=verbose_here)
        s, m = res["sizes"], res["metrics"]
        print(f"{name:>6} ({len(recs)} abstracts)")
        print(
            f"   sizes   P={s['P']:.3f} R={s['R']:.3f} F1={s['F1']:.3f}  gold={s['gold']} pred={s['pred']}"
            f"  model-name agreement={s['model_agree']:.3f}"
        )
        print(
            f"   metrics P={m['P']:.3f} R={m['R']:.3f} F1={m['F1']:.3f}  gold={m['gold']} pred={m['pred']}"
            f"  metric-name agreement={m['name_agree']:.3f}  qualifier agreement={m['qualifier_agree']:.3f}"
        )


if __name__ == "__main__":
    main()
