"""Draw the abstracts of the names dev set (benchmarks/devset/names.jsonl) from ../shared/corpora.

    python scripts/sample_names_devset.py [--n 126] [--seed 12] > /tmp/names_sample.jsonl

The second held-out set (``benchmarks/devset/fresh.jsonl``, split ``fresh``) was drawn after the
rules of the first had been written, and labelled before any extractor ran on it:

    python scripts/sample_names_devset.py --n 90 --recent 70 --seed 2026 --split fresh \
        --exclude-devsets

The third (``benchmarks/devset/fresh2.jsonl``, split ``fresh2``) was drawn the same way once the
first fresh set had been read for tuning, skipping every abstract of the dev sets and audits:

    python scripts/sample_names_devset.py --n 100 --recent 100 --seed 2027 --split fresh2 \
        --exclude-devsets

The tuning sets ``dev2.jsonl`` and ``dev3.jsonl`` were drawn the same way after it (``--n 200
--recent 200 --seed 2028 --split dev2`` and ``--seed 2029 --split dev3``, ``--exclude-devsets``).
``fresh3.jsonl`` (``--seed 2030 --split fresh3``), ``fresh4.jsonl`` (``--seed 2031 --split
fresh4``) and ``fresh5.jsonl`` (``--seed 2033 --split fresh5``; 200 abstracts each) are the later
blind check sets; ``fresh3`` became a tuning set once ``fresh4`` was labelled.

The SciERC-style entity set (``benchmarks/devset/sciproxy.jsonl``) comes from the older
NeurIPS/ICML/ICLR lists, closer to the 1980-2016 abstracts of public scientific-IE sets:

    python scripts/sample_names_devset.py --n 100 --recent 0 --max-year 2019 --seed 2032 \
        --split sciproxy --exclude-devsets

Draws ``n`` abstracts with a fixed seed: half from ``recent/`` (2023-2025, every venue-year
file in turn) and half from ``paperlists/`` (2016-2025), skipping abstracts already in
``benchmarks/devset/methods.jsonl`` and abstracts under 40 words. Each record gets a ``split``
("dev" or "heldout", a third held out) drawn with the same seed before any labelling or tuning,
so the held-out part was never looked at while the rules were written. Labels are added by hand
afterwards (see ``benchmarks/eval_names.py`` for the format).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPORA = ROOT.parent / "shared" / "corpora"


def main(argv: list[str] | None = None) -> int:
    """Run the script; returns the exit status."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=126)
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--corpora", default=str(CORPORA))
    ap.add_argument(
        "--recent", type=int, default=None, help="how many from recent/ (default: half, rounded up)"
    )
    ap.add_argument(
        "--split",
        default=None,
        help="give every record this split instead of a dev/heldout draw (e.g. 'fresh')",
    )
    ap.add_argument(
        "--exclude-devsets",
        action="store_true",
        help="also skip abstracts already in any benchmarks/devset/*.jsonl",
    )
    ap.add_argument(
        "--max-year",
        type=int,
        default=None,
        help="only files whose name ends in a year up to this one (iclr2017.json: 2017)",
    )
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    skip = sorted((ROOT / "benchmarks/devset").glob("*.jsonl"))
    if not args.exclude_devsets:
        skip = [ROOT / "benchmarks/devset/methods.jsonl"]
    known: set[str] = set()
    seen_sources: set[str] = set()
    for path in skip:
        for line in path.read_text().splitlines():
            if not line.strip():
                continue
            rec = json.loads(line)
            if rec.get("text"):
                known.add(" ".join(rec["text"].split()))
            # audit files name their abstracts by source ("recent/acl2023.json:record 7")
            seen_sources.update([rec["source"]] if rec.get("source") else rec.get("sources", []))
    n_recent = args.n - args.n // 2 if args.recent is None else args.recent
    out = []
    for folder, share in (("recent", n_recent), ("paperlists", args.n - n_recent)):
        files = sorted((Path(args.corpora) / folder).glob("*.json"))
        if args.max_year is not None:
            files = [f for f in files if int(re.search(r"(\d{4})$", f.stem)[1]) <= args.max_year]
        per_file = {f: json.loads(f.read_text(encoding="utf-8")) for f in files}
        order = list(files)
        rng.shuffle(order)
        i = 0
        picked = 0
        while picked < share:
            f = order[i % len(order)]
            i += 1
            recs = per_file[f]
            rec = recs[rng.randrange(len(recs))]
            text = rec.get("abstract") or ""
            source = f"{folder}/{f.name}:record {recs.index(rec)}"
            if len(text.split()) < 40 or " ".join(text.split()) in known or source in seen_sources:
                continue
            known.add(" ".join(text.split()))
            rid = "n" + hashlib.sha1(text.encode()).hexdigest()[:15]
            out.append(
                {
                    "id": rid,
                    "source": source,
                    "title": rec.get("title"),
                    "text": text,
                }
            )
            picked += 1
    splits = ["heldout"] * (len(out) // 3) + ["dev"] * (len(out) - len(out) // 3)
    rng.shuffle(splits)
    if args.split:
        splits = [args.split] * len(out)
    for rec, split in zip(out, splits):
        rec["split"] = split
        sys.stdout.write(json.dumps(rec, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
