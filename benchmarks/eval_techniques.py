"""Precision/recall/F1 of the technique tags per split, micro-averaged and per tag.

    python benchmarks/eval_techniques.py [--heldout] [--devset benchmarks/devset/techniques.jsonl]
                                         [--names benchmarks/devset/names.jsonl]
                                         [--errors dev] [--top 12]
    python benchmarks/eval_techniques.py --buckets      # dev precision per evidence bucket
    python benchmarks/eval_techniques.py --thresholds   # P/R/F1 per confidence threshold (dev)
    python benchmarks/eval_techniques.py --thresholds --heldout   # once the rule is chosen
    python benchmarks/eval_techniques.py sample [--n-recent 4] [--n-old 14] [--seed 1201]

``techniques.jsonl`` holds corpus abstracts drawn at random (``sample``: a fixed seed, so many
per ``recent/`` venue-year file and a few from ``paperlists/``, none already in a dev set; batch 1
``--seed 1201``, 94 abstracts; batch 2 ``--seed 1202 --n-recent 3 --n-old 0``, 60 abstracts)
and labelled by reading each abstract with the taxonomy tags that truly apply: the paper's own
method or study uses or is about the technique, not a passing "such as X". ``split`` is ``dev``
(errors looked at while changing rules) or ``heldout`` (a random third, fixed when sampling,
before the tagger ran on it; never looked at). The ``techniques`` lists of ``names.jsonl`` are
scored too (same splits), and the seed abstracts of ``methods.jsonl``.

Scores are micro-averaged over (abstract, tag) pairs; per tag for the most frequent gold tags.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from extract.records import PaperText  # noqa: E402
from extract.stages import techniques  # noqa: E402
from extract.text.markup import clean_view  # noqa: E402

CORPORA = ROOT.parent / "shared" / "corpora"
DEVSET = ROOT / "benchmarks" / "devset"


def predict(rec: dict) -> set[str]:
    paper = PaperText(rec["id"], rec["text"], rec.get("title"))
    return {r["technique"] for r in techniques.extract_rows(paper)}


def scored(rec: dict) -> dict[str, tuple[float, str, bool]]:
    """tag -> (confidence, evidence bucket, own) of every tag found, whatever the threshold."""
    view = clean_view(rec["text"])
    return {
        t.tag: (techniques.confidence(ev), ev.bucket, techniques.in_own_sentence(view.text, ev))
        for t, ev in techniques.evidence(view.text, rec.get("title") or "")
    }


def _load(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def prf(tp: int, fp: int, fn: int) -> tuple[float, float, float]:
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def score(records: list[dict], errors: list | None = None) -> dict[str, list[int]]:
    """tp, fp, fn: ``"micro"`` and per tag."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for rec in records:
        gold = set(rec["gold"]["techniques"])
        pred = predict(rec)
        for label, g, p in [("micro", gold, pred)] + [
            (t, {t} & gold, {t} & pred) for t in gold | pred
        ]:
            c = counts[label]
            c[0] += len(g & p)
            c[1] += len(p - g)
            c[2] += len(g - p)
        if errors is not None and gold != pred:
            errors.append(
                f"{rec['source']} {(rec.get('title') or '')[:70]!r}\n"
                f"    FP={sorted(pred - gold)} FN={sorted(gold - pred)}"
            )
    return counts


def _line(label: str, c: list[int]) -> str:
    tp, fp, fn = c
    if tp + fp + fn == 0:
        return f"{'-':>26}"
    p, r, f = prf(tp, fp, fn)
    return f"{p:>8.2f} {r:.2f} {f:.2f} ({tp + fn:>3}/{tp + fp:>3})"


BUCKETS = tuple(techniques.CONFIDENCE)


def buckets(parts: dict[str, list[dict]]) -> None:
    """Precision of the tags found per evidence bucket, over the dev parts (calibration)."""
    counts = {b: [0, 0] for b in BUCKETS}  # correct, found
    by_own: dict[tuple[str, bool], list[int]] = defaultdict(lambda: [0, 0])
    for part in ("tech:dev", "names:dev"):
        for rec in parts[part]:
            gold = set(rec["gold"]["techniques"])
            for tag, (_, b, own) in scored(rec).items():
                for c in (counts[b], by_own[b, own]):
                    c[0] += tag in gold
                    c[1] += 1
    print("evidence buckets on tech:dev + names:dev (found tags, whatever the threshold)")
    print(f"{'bucket':<14}{'correct/found':>15}{'precision':>11}{'(c+1)/(n+2)':>13}{'now':>7}")
    for b in BUCKETS:
        c, n = counts[b]
        p = f"{c / n:.3f}" if n else "-"
        conf = techniques.CONFIDENCE[b]
        print(f"{b:<14}{f'{c}/{n}':>15}{p:>11}{(c + 1) / (n + 2):>13.3f}{conf:>7.2f}")
    print("a strong mention in a sentence about the paper's own work (we/our/this paper/novel):")
    for b in BUCKETS[1:]:
        row = [f"{'own' if own else 'elsewhere'} {by_own[b, own][0]}/{by_own[b, own][1]}"
               for own in (True, False)]
        print(f"{b:<14}" + "   ".join(row))


def thresholds(parts: dict[str, list[dict]]) -> None:
    """P/R/F1 per split when only tags with confidence >= t are emitted, t = each level."""
    levels = sorted(set(techniques.CONFIDENCE.values()))
    cache = {p: [(set(r["gold"]["techniques"]), scored(r)) for r in rs] for p, rs in parts.items()}
    print(f"P R F1 (gold/emitted) by threshold (emit confidence >= t); "
          f"MIN_CONFIDENCE = {techniques.MIN_CONFIDENCE}")
    print(f"{'t':<8}" + "".join(f"{p:>26}" for p in parts))
    for t in [0.0, *levels]:
        line = f"{t:<8.3f}"
        for p in parts:
            tp = fp = fn = 0
            for gold, found in cache[p]:
                pred = {tag for tag, (conf, _, _) in found.items() if conf >= t}
                tp += len(gold & pred)
                fp += len(pred - gold)
                fn += len(gold - pred)
            line += _line("", [tp, fp, fn])
        print(line)


def evaluate(args: argparse.Namespace) -> int:
    tech = _load(Path(args.devset))
    names = _load(Path(args.names))
    seeds = [r for r in _load(Path(args.seeds)) if r["source"].startswith("seeds/")]
    parts = {
        "tech:dev": [r for r in tech if r["split"] == "dev"],
        "tech:heldout": [r for r in tech if r["split"] == "heldout"],
        "names:dev": [r for r in names if r["split"] == "dev"],
        "names:heldout": [r for r in names if r["split"] == "heldout"],
        "seeds": seeds,
    }
    if args.buckets:
        buckets(parts)
        return 0
    if args.thresholds:
        shown = {"dev (both)": parts["tech:dev"] + parts["names:dev"]}
        if args.heldout:
            shown["heldout (both)"] = parts["tech:heldout"] + parts["names:heldout"]
        shown |= {p: rs for p, rs in parts.items() if args.heldout or "heldout" not in p}
        thresholds(shown)
        return 0
    if not args.heldout:  # the held-out parts are scored once the rules are fixed
        parts = {p: rs for p, rs in parts.items() if "heldout" not in p}
    results = {}
    for part, rs in parts.items():
        errors: list[str] | None = [] if args.errors == part else None
        results[part] = score(rs, errors)
        if errors:
            print("\n".join(errors))
    print("abstracts: " + ", ".join(f"{p} {len(rs)}" for p, rs in parts.items()))
    print("P R F1 (gold/predicted)")
    print(f"{'tag':<28}" + "".join(f"{p:>26}" for p in parts))
    freq: dict[str, int] = defaultdict(int)
    for part in ("tech:dev", "tech:heldout", "names:dev", "names:heldout"):
        for label, c in results.get(part, {}).items():
            if label != "micro":
                freq[label] += c[0] + c[2]
    top = sorted(freq, key=lambda t: (-freq[t], t))[: args.top]
    for label in ["micro", *top]:
        print(
            f"{label[:27]:<28}"
            + "".join(_line(label, results[p].get(label, [0, 0, 0])) for p in parts)
        )
    return 0


def _used_sources() -> set[str]:
    out = set()
    for path in DEVSET.glob("*.jsonl"):  # this set too: a later batch adds new abstracts only
        out |= {r.get("source", "") for r in _load(path)}
    return out


def sample(args: argparse.Namespace) -> int:
    """Print unlabelled records (gold empty) drawn at random with a fixed seed."""
    rng = random.Random(args.seed)
    used = _used_sources()
    picked: list[dict] = []

    def draw(path: Path, k: int, folder: str) -> None:
        data = json.loads(path.read_text(encoding="utf-8"))
        order = list(range(len(data)))
        rng.shuffle(order)
        n = 0
        for i in order:
            if n == k:
                break
            src = f"{folder}/{path.name}:record {i}"
            text = (data[i].get("abstract") or "").strip()
            if src in used or len(text.split()) < 40:
                continue
            picked.append({"source": src, "title": data[i].get("title", ""), "text": text})
            n += 1

    for path in sorted((CORPORA / "recent").glob("*.json")):
        draw(path, args.n_recent, "recent")
    old = sorted((CORPORA / "paperlists").glob("*.json"))
    for path in rng.sample(old, min(args.n_old, len(old))):
        draw(path, 1, "paperlists")
    rng.shuffle(picked)
    for i, rec in enumerate(picked):
        rec["id"] = "t" + hashlib.sha1(rec["source"].encode()).hexdigest()[:15]
        rec["split"] = "heldout" if i % 3 == 2 else "dev"
        rec["gold"] = {"techniques": []}
        out = {k: rec[k] for k in ("id", "source", "split", "title", "text", "gold")}
        print(json.dumps(out, ensure_ascii=False))
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd")
    sp = sub.add_parser("sample", help="draw unlabelled abstracts (fixed seed) to stdout")
    sp.add_argument("--n-recent", type=int, default=4, help="per recent/ venue-year file")
    sp.add_argument("--n-old", type=int, default=14, help="paperlists/ files, one abstract each")
    sp.add_argument("--seed", type=int, default=1201)
    ap.add_argument("--devset", default=str(DEVSET / "techniques.jsonl"))
    ap.add_argument("--names", default=str(DEVSET / "names.jsonl"))
    ap.add_argument("--seeds", default=str(DEVSET / "methods.jsonl"))
    ap.add_argument("--errors", default="", help="print errors of this part (e.g. tech:dev)")
    ap.add_argument(
        "--buckets", action="store_true", help="precision per evidence bucket on the dev parts"
    )
    ap.add_argument(
        "--thresholds", action="store_true", help="P/R/F1 per confidence threshold per split"
    )
    ap.add_argument(
        "--heldout", action="store_true", help="score the held-out parts too (once, at the end)"
    )
    ap.add_argument("--top", type=int, default=14, help="per-tag rows for the most frequent tags")
    args = ap.parse_args(argv)
    return sample(args) if args.cmd == "sample" else evaluate(args)


if __name__ == "__main__":
    raise SystemExit(main())
