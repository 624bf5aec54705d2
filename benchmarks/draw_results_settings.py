"""Draw the "settings" batch of the results dev set (issue 23): abstracts that report results
with settings, subsets, baselines' numbers, speedups or error rates.

    python benchmarks/draw_results_settings.py > /tmp/draw.jsonl

For each of five regular expressions on the abstract (below), ``random.Random(23)`` picks 13
abstracts of ``../shared/corpora/{paperlists,recent}`` that match it and have a number with a
percent sign, a multiplier or "points", none already in any file of ``benchmarks/devset/`` (same
text after folding case and white space) nor drawn for an earlier expression. A third of the
draw is held out (``random.Random(2323)`` shuffles it; the first 21 are ``heldout``) before any
of it is labelled or run through the extractor. Records are printed with empty gold labels.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPORA = ROOT.parent / "shared" / "corpora"

CATEGORIES = {
    "setting": r"\b(?:zero|few|one|\d+)[- ]shot\b|\bfine-?tun(?:ed|ing)\b|\blinear[- ]prob|"
    r"\b(?:extra|additional|external) (?:training )?data\b",
    "subset": r"\bsubsets?\b|\btest-dev\b|\bsubtasks?\b|\bvalidation set\b|\btest set\b",
    "baseline": r"\bbaselines?\b[^.]{0,80}\d+(?:\.\d+)?\s?%|\bfrom \d+(?:\.\d+)?\s?%? to \d+|"
    r"\bcompared (?:to|with) [^.]{0,40}\d+(?:\.\d+)?\s?%",
    "speedup": r"\d+(?:\.\d+)?\s?(?:x|×|times)\s+(?:speed-?ups?|faster)\b|\bspeed-?ups? of (?:up to )?\d",
    "error": r"\berror rates?\b|\bWER\b|\bCER\b|\btop-1 error\b|\btest error\b",
}
RESULTY = re.compile(r"\d(?:\.\d+)?\s?(?:%|x\b|×|points?\b)")
PER_CATEGORY = 13
HELDOUT = 21


def _fold(text: str) -> str:
    return " ".join(text.lower().split())


def main() -> int:
    seen = set()
    for path in (ROOT / "benchmarks" / "devset").glob("*.jsonl"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                rec = json.loads(line)
                for key in ("text", "abstract"):
                    if isinstance(rec.get(key), str):
                        seen.add(_fold(rec[key]))
    pool = []
    for corpus in ("paperlists", "recent"):
        for path in sorted((CORPORA / corpus).glob("*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            for i, r in enumerate(data):
                if isinstance(r, dict) and r.get("abstract") and RESULTY.search(r["abstract"]):
                    pool.append((f"{corpus}/{path.name}:record {i}", r))
    rng = random.Random(23)
    drawn: list[tuple[str, str, dict]] = []
    for cat, pat in CATEGORIES.items():
        rx = re.compile(pat, re.I if cat != "error" else 0)
        cands = [(s, r) for s, r in pool if rx.search(r["abstract"])]
        rng.shuffle(cands)
        n = 0
        for s, r in cands:
            if _fold(r["abstract"]) in seen:
                continue
            seen.add(_fold(r["abstract"]))
            drawn.append((cat, s, r))
            n += 1
            if n == PER_CATEGORY:
                break
    order = list(range(len(drawn)))
    random.Random(2323).shuffle(order)
    held = set(order[:HELDOUT])
    for i, (cat, s, r) in enumerate(drawn):
        rec = {
            "id": "p" + hashlib.sha1(s.encode()).hexdigest()[:15],
            "source": s,
            "split": "heldout" if i in held else "dev",
            "batch": "settings",
            "drawn_for": cat,
            "year": r.get("year"),
            "title": r.get("title"),
            "text": r["abstract"],
            "gold": {"results": []},
        }
        print(json.dumps(rec, ensure_ascii=False))
    print(f"{len(drawn)} drawn, {len(held)} held out", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
