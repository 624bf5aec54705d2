"""Precision/recall/F1 of the methods, techniques and benchmarks stages on the labelled dev set.

    python3 benchmarks/eval_methods.py [--devset benchmarks/devset/methods.jsonl] [--errors]

The dev set has one JSON object per line: ``id``, ``source``, ``title`` (may be null), ``text``
and ``gold`` with lists ``proposed``, ``mentioned``, ``techniques`` and ``benchmarks``.
Names match case-insensitively with Markdown/LaTeX markup removed; scores are micro-averaged
over (abstract, name) pairs. ``--source-prefix seeds`` scores only the seed abstracts.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from extract.records import PaperText  # noqa: E402
from extract.stages import benchmarks, methods, techniques  # noqa: E402

CATEGORIES = ("proposed", "mentioned", "techniques", "benchmarks")


def norm(name: str) -> str:
    """Case- and markup-insensitive key for a name."""
    return methods.clean_view(name).text.strip().lower()


def predict(paper: PaperText) -> dict[str, set[str]]:
    """Predicted names per category for one abstract (the name rows of ``methods``: these labels
    predate method phrases, which ``benchmarks/eval_learned.py`` scores)."""
    m = [r for r in methods.extract_rows(paper) if r.get("form", "name") == "name"]
    return {
        "proposed": {norm(r["name"]) for r in m if r["role"] == "proposed"},
        "mentioned": {norm(r["name"]) for r in m if r["role"] == "mentioned"},
        "techniques": {norm(r["technique"]) for r in techniques.extract_rows(paper)},
        "benchmarks": {norm(r["name"]) for r in benchmarks.extract_rows(paper)},
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--devset", default=str(ROOT / "benchmarks" / "devset" / "methods.jsonl"))
    ap.add_argument(
        "--errors", action="store_true", help="print false positives/negatives per abstract"
    )
    ap.add_argument(
        "--source-prefix", default="", help="only abstracts whose source starts with this"
    )
    args = ap.parse_args(argv)

    counts = {c: [0, 0, 0] for c in CATEGORIES}  # tp, fp, fn
    n = 0
    for line in Path(args.devset).read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        item = json.loads(line)
        if not item["source"].startswith(args.source_prefix):
            continue
        n += 1
        pred = predict(PaperText(item["id"], item["text"], item.get("title")))
        for c in CATEGORIES:
            gold = {norm(x) for x in item["gold"].get(c, [])}
            tp, fp, fn = len(gold & pred[c]), pred[c] - gold, gold - pred[c]
            counts[c][0] += tp
            counts[c][1] += len(fp)
            counts[c][2] += len(fn)
            if args.errors and (fp or fn):
                print(f"{item['source']} [{c}] FP={sorted(fp)} FN={sorted(fn)}")
    print(f"{n} abstracts from {args.devset}")
    print(f"{'category':<12} {'P':>6} {'R':>6} {'F1':>6} {'tp':>5} {'fp':>5} {'fn':>5}")
    for c, (tp, fp, fn) in counts.items():
        p = tp / (tp + fp) if tp + fp else 0.0
        r = tp / (tp + fn) if tp + fn else 0.0
        f = 2 * p * r / (p + r) if p + r else 0.0
        print(f"{c:<12} {p:6.3f} {r:6.3f} {f:6.3f} {tp:5d} {fp:5d} {fn:5d}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
