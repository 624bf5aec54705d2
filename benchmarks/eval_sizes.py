"""Precision/recall/F1 of the sizes stage (model parameter counts) per split of a labelled set.

    python benchmarks/eval_sizes.py [--devset benchmarks/devset/sizes.jsonl] [-v] [--split dev]
    python benchmarks/eval_sizes.py --sample > /tmp/candidates.jsonl   # how the set was drawn

A predicted size matches a gold size when the parameter count is within 2% (one-to-one, greedy in
order of position). Printed per split (dev, heldout, all): P, R, F1, and the model-name accuracy
on matched gold sizes that name a model (exact string, and case-/punctuation-folded); then the
same for (value, role) pairs (a match needs the role too: ``own``, ``baseline`` or
``threshold``; a row without a role counts as ``own``, what every size was taken to be before
roles) and for own sizes only (gold and predicted sizes whose role is ``own``, matched by value:
what the size charts use by default). P and R come with 95% Wilson intervals.
``-v`` prints misses and false alarms; use it on the dev split only (the held-out part is not
for tuning).

``--sample`` reproduces the draw of the abstracts (without labels): from ``../shared/corpora``,
leaving out the seeds and every abstract already in another dev set, with ``random.Random(12)``:
80 abstracts with a number followed by a magnitude (K/M/B/T, thousand/million/billion/trillion)
or "parameters" after a number (70 from recent/, 10 from paperlists/), 20 "hard" ones (sizes in
lists or ranges, token/context/data counts with a magnitude, names with a size part), 20 without any
filter (15 recent/, 5 paperlists/); the split (a third held out) is drawn by the same generator
before any extraction is run.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from extract.records import PaperText  # noqa: E402
from extract.stages import sizes  # noqa: E402

CORPORA = ROOT.parent / "shared" / "corpora"
DEVSET = ROOT / "benchmarks" / "devset" / "sizes.jsonl"

_MAG = re.compile(
    r"\d(?:[KMBTkmbt]\b|[ -]?(?:thousand|million|billion|trillion)\b|[ -]?param)"
    r"|\b(?:billion|million|trillion)s?\s+(?:of\s+)?param"
)
_HARD = re.compile(
    r"\d+(?:\.\d+)?[BM]\s*(?:,|/|to|and|-)\s*\d+(?:\.\d+)?[BM]\b"  # lists, ranges
    r"|\d[KMBT]\s+(?:tokens|images|videos|samples|pairs|context)"  # data/context counts
    r"|\d+(?:\.\d+)?\s*(?:million|billion|[KMB])\s+(?:tokens|images|examples|instances)"
    r"|[A-Za-z]-\d+[MK]\b",  # names with a size part: Sports-1M
    re.I,
)


# The dev sets that existed when sizes.jsonl was drawn (commit 74cc8e7); the draw is
# reproducible while they keep their records.
_OTHER_SETS = ("methods.jsonl", "names.jsonl", "numbers.jsonl", "results.jsonl")


def _fold(s: str | None) -> str | None:
    return None if s is None else re.sub(r"[\W_]+", "", s).lower()


def _role(row: dict) -> str:
    return row.get("role") or "own"


def _match(gold: list[dict], pred: list[dict], role: bool = False) -> list[tuple[dict, dict]]:
    pairs, used = [], set()
    for g in gold:
        for i, p in enumerate(pred):
            if role and _role(p) != _role(g):
                continue
            if i not in used and abs(p["params"] - g["params"]) <= 0.02 * g["params"]:
                used.add(i)
                pairs.append((g, p))
                break
    return pairs


def _prf(tp: int, n_pred: int, n_gold: int) -> tuple[float, float, float]:
    p = tp / n_pred if n_pred else 1.0
    r = tp / n_gold if n_gold else 1.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def _ci(k: int, n: int) -> tuple[float, float] | None:
    from dashboard.analytics import wilson_interval

    return tuple(round(float(v), 3) for v in wilson_interval(k, n)) if n else None


def _scores(tp: int, n_pred: int, n_gold: int) -> dict:
    p, r, f = _prf(tp, n_pred, n_gold)
    return {
        "P": p, "R": r, "F1": f, "P_ci": _ci(tp, n_pred), "R_ci": _ci(tp, n_gold),
        "gold": n_gold, "pred": n_pred, "tp": tp,
    }


def evaluate(records: list[dict], verbose: bool = False) -> dict:
    """Scores for ``records``; prints misses, false alarms and wrong model names when verbose.

    Returns the size scores (``P``, ``R``, ``F1``, their counts and Wilson intervals, model-name
    accuracy) with ``role`` (value and role) and ``own`` (own sizes only) scores of the same form.
    """
    tp = n_pred = n_gold = named = exact = folded = 0
    rtp = otp = o_pred = o_gold = 0
    for rec in records:
        pred = sizes.extract_rows(PaperText(rec["id"], rec["text"]))
        gold = rec["gold"]["sizes"]
        pairs = _match(gold, pred)
        rtp += len(_match(gold, pred, role=True))
        own_g = [g for g in gold if _role(g) == "own"]
        own_p = [p for p in pred if _role(p) == "own"]
        otp += len(_match(own_g, own_p))
        o_pred, o_gold = o_pred + len(own_p), o_gold + len(own_g)
        if verbose:
            for g, p in pairs:
                if _role(g) != _role(p):
                    print(f"  ROLE  {rec['source']}: {g['text']!r} gold={_role(g)} got={_role(p)}")
        tp, n_pred, n_gold = tp + len(pairs), n_pred + len(pred), n_gold + len(gold)
        for g, p in pairs:
            if g["model"] is not None:
                named += 1
                exact += g["model"] == p["model"]
                folded += _fold(g["model"]) == _fold(p["model"])
                if verbose and _fold(g["model"]) != _fold(p["model"]):
                    print(
                        f"  MODEL {rec['source']}: {g['text']!r} gold={g['model']} got={p['model']}"
                    )
        if verbose:
            mg, mp = [id(g) for g, _ in pairs], [id(p) for _, p in pairs]
            for g in gold:
                if id(g) not in mg:
                    print(f"  MISS  {rec['source']}: {g}")
            for p in pred:
                if id(p) not in mp:
                    ctx = rec["text"][max(0, p["start"] - 50) : p["end"] + 40].replace("\n", " ")
                    print(f"  FALSE {rec['source']}: {p['text']!r} {p['params']:.3g} | {ctx}")
    return {
        **_scores(tp, n_pred, n_gold),
        "role": _scores(rtp, n_pred, n_gold),
        "own": _scores(otp, o_pred, o_gold),
        "named": named,
        "model_exact": exact / named if named else 1.0,
        "model_folded": folded / named if named else 1.0,
    }


def _load(path: Path) -> list[dict]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def _excluded() -> tuple[set[str], set[str]]:
    """Sources already in another dev set, and seed abstract texts."""
    sources: set[str] = set()
    for name in _OTHER_SETS:
        f = ROOT / "benchmarks" / "devset" / name
        for rec in _load(f):
            src = rec.get("source", "")
            sources.add(src if "/" in src.split(":")[0] else "paperlists/" + src)
    seed_lines = {
        line.strip() for f in (ROOT / "seeds").glob("*.txt") for line in f.read_text().splitlines()
    }
    return sources, seed_lines


def sample(seed: int = 12) -> list[dict]:
    """The abstracts of the labelled set, drawn as described in the module docstring."""
    rng = random.Random(seed)
    sources, seed_lines = _excluded()
    pools: dict[tuple[str, str], list[dict]] = {}
    for sub in ("recent", "paperlists"):
        for f in sorted((CORPORA / sub).glob("*.json")):
            for i, paper in enumerate(json.loads(f.read_text(encoding="utf-8"))):
                src = f"{sub}/{f.name}:record {i}"
                text = (paper.get("abstract") or "").strip()
                if src in sources or not text or text in seed_lines:
                    continue
                rec = {"id": f"{sub}-{f.stem}-{i}", "source": src, "text": text}
                kind = "hard" if _HARD.search(text) else "mag" if _MAG.search(text) else "plain"
                pools.setdefault((sub, kind), []).append(rec)
                pools.setdefault((sub, "any"), []).append(rec)
    chosen: list[dict] = []
    seen: set[str] = set()

    def take(keys: list[tuple[str, str]], n: int, why: str) -> None:
        pool = [r for k in keys for r in pools.get(k, []) if r["source"] not in seen]
        for rec in rng.sample(pool, n):
            seen.add(rec["source"])
            chosen.append({**rec, "drawn": why})

    take([("recent", "mag"), ("recent", "hard")], 70, "magnitude")
    take([("paperlists", "mag"), ("paperlists", "hard")], 10, "magnitude")
    take([("recent", "hard"), ("paperlists", "hard")], 20, "hard")
    take([("recent", "any")], 15, "random")
    take([("paperlists", "any")], 5, "random")
    order = list(range(len(chosen)))
    rng.shuffle(order)
    held = set(order[: len(chosen) // 3])
    for i, rec in enumerate(chosen):
        rec["split"] = "heldout" if i in held else "dev"
    return chosen


def main() -> None:
    """Print the scores per split (or the sample with --sample)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--devset", default=str(DEVSET))
    ap.add_argument("-v", "--verbose", action="store_true", help="misses and false alarms")
    ap.add_argument("--split", default=None, help="only this split (dev or heldout)")
    ap.add_argument("--sample", action="store_true", help="print the drawn abstracts as jsonl")
    args = ap.parse_args()
    if args.sample:
        for rec in sample():
            print(json.dumps(rec, ensure_ascii=False))
        return
    records = _load(Path(args.devset))
    splits = [args.split] if args.split else ["dev", "heldout", "all"]
    for name in splits:
        recs = records if name == "all" else [r for r in records if r["split"] == name]
        res = evaluate(recs, verbose=args.verbose and name != "all")
        print(
            f"{name:>8} ({len(recs)} abstracts) sizes P={res['P']:.3f} R={res['R']:.3f} "
            f"F1={res['F1']:.3f}  gold={res['gold']} pred={res['pred']} tp={res['tp']}  "
            f"model name on {res['named']} named: exact={res['model_exact']:.3f} "
            f"folded={res['model_folded']:.3f}"
        )
        for what, key in (("value+role", "role"), ("own only", "own")):
            s = res[key]
            print(
                f"{'':>8} {what:>12} P={s['P']:.3f} {list(s['P_ci'] or [])} "
                f"R={s['R']:.3f} {list(s['R_ci'] or [])} F1={s['F1']:.3f}  "
                f"gold={s['gold']} pred={s['pred']} tp={s['tp']}"
            )


if __name__ == "__main__":
    main()
