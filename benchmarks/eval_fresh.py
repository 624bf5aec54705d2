"""Scores on the fresh check sets: abstracts drawn and labelled after the rules were written.

    python benchmarks/eval_fresh.py [--devset benchmarks/devset/fresh2.jsonl]

Two sets in the format of ``names.jsonl`` (see ``benchmarks/eval_names.py``): every name in the
title and abstract with its type and role, and the table-level ``gold`` lists, techniques and
model sizes included. Both were labelled by helpers reading the abstracts, before any extractor
ran on them.

* ``fresh.jsonl`` (the default; 90 abstracts: 70 from ``recent/`` 2023-2025, 20 from
  ``paperlists/``; ``scripts/sample_names_devset.py --n 90 --recent 70 --seed 2026 --split fresh
  --exclude-devsets``) was a held-out set for one round of rules. Its errors were then read, and
  from the session that drew ``fresh2`` on it is a *tuning* set like the dev part.
* ``fresh2.jsonl`` (100 abstracts from ``recent/``; ``--n 100 --recent 100 --seed 2027 --split
  fresh2 --exclude-devsets``, no abstract of any dev set or audit) is the held-out set now: only
  its aggregate scores are looked at, never its errors.
* ``dev2.jsonl`` and ``dev3.jsonl`` (200 abstracts each from ``recent/``; seeds 2028 and 2029)
  were labelled the same way as tuning sets: their errors are read to write rules. Each was
  scored once before any rule was written on it (the figures in the closing notes).
* ``fresh3.jsonl`` (200, seed 2030) was a check set for one session and is a tuning set since.
* ``fresh4.jsonl`` (200, seed 2031) and ``fresh5.jsonl`` (200, seed 2033) are check sets like
  ``fresh2``: labelled blind, only their totals looked at.

Three abstracts of the set were also drawn by the corpus audits (``techniques_audit.jsonl``,
``names_audit.jsonl``), whose verdicts were used to tune rules; they are left out of the scores
(``--keep-audited`` keeps them).

The fresh labels also list names that only the title gives ("MergeKit: ..." with no MergeKit
in the abstract). The recogniser gives a proposed name that only the title's prefix gives as a
row without offsets; ``names.jsonl`` follows that convention for such proposed names only.
``--abstract-only`` drops the labels of names absent from the abstract, to score by the dev
sets' older convention.

Scores are the measures of ``eval_names.py`` (names per type and role, the ``methods`` table's
proposed and mentioned rows, ``benchmarks``, ``techniques`` and ``sizes``), micro-averaged over
(abstract, name) pairs.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's extract/, not an installed one
sys.path.insert(0, str(ROOT / "benchmarks"))

import eval_names as en  # noqa: E402  (its scoring and P/R/F1)

DEVSET = ROOT / "benchmarks" / "devset" / "fresh.jsonl"
AUDITS = ("techniques_audit.jsonl", "names_audit.jsonl")


def audited_sources(devset_dir: Path = DEVSET.parent) -> set[str]:
    """Sources of the abstracts whose rows a corpus audit judged (used to tune rules)."""
    out = set()
    for name in AUDITS:
        path = devset_dir / name
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    out.add(json.loads(line)["source"])
    return out


def load(path: Path = DEVSET, keep_audited: bool = False) -> list[dict]:
    """The fresh records, without those a tuning audit also judged unless ``keep_audited``."""
    recs = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
    if not keep_audited:
        seen = audited_sources(path.parent)
        recs = [r for r in recs if r["source"] not in seen]
    return recs


def abstract_only(recs: list[dict]) -> list[dict]:
    """The records with only the labelled names that occur in the abstract itself."""
    from extract.names.candidates import fold

    out = []
    for r in recs:
        folded = fold(r["text"])

        def inside(name: str, text: str = r["text"], folded: str = folded) -> bool:
            return name in text or en.key(name) in folded

        gold = dict(r["gold"])
        for k in ("proposed", "mentioned", "benchmarks"):
            gold[k] = [n for n in gold.get(k, []) if inside(n)]
        out.append({**r, "gold": gold, "names": [n for n in r["names"] if inside(n["name"])]})
    return out


def fresh_scores(recs: list[dict]) -> dict[str, tuple[float, float, float, int, int]]:
    """measure -> (P, R, F1, gold count, predicted count) on the fresh records."""
    counts = en.score(recs)
    return {k: (*en.prf(*v), v[0] + v[2], v[0] + v[1]) for k, v in counts.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--devset", default=str(DEVSET))
    ap.add_argument("--keep-audited", action="store_true", help="also score audited abstracts")
    ap.add_argument(
        "--abstract-only", action="store_true", help="drop labels of names only in the title"
    )
    args = ap.parse_args(argv)
    path = Path(args.devset)
    if not path.exists():
        print(f"eval_fresh: no such file: {path}", file=sys.stderr)
        return 2
    n = sum(1 for x in path.read_text(encoding="utf-8").splitlines() if x.strip())
    recs = load(path, args.keep_audited)
    if args.abstract_only:
        recs = abstract_only(recs)
    scores = fresh_scores(recs)
    labels = [
        "names",
        *(f"type={t}" for t in en.TYPES),
        "role=proposed",
        "role=used",
        *(f"table:{k}" for k in (*en.TABLE_KEYS, "sizes")),
    ]
    left = f", {n - len(recs)} also in a tuning audit left out" if len(recs) < n else ""
    only = "; labels of names only in a title dropped" if args.abstract_only else ""
    print(f"fresh check set: {len(recs)} of {n} abstracts scored ({path.name}{left}{only})")
    print(f"{'measure':<18}{'P':>6}{'R':>6}{'F1':>6}{'gold':>6}{'pred':>6}")
    for label in labels:
        p, r, f, g, k = scores.get(label, (0.0, 0.0, 0.0, 0, 0))
        if g + k == 0:
            print(f"{label:<18}{'-':>6}")
            continue
        print(f"{label:<18}{p:>6.2f}{r:>6.2f}{f:>6.2f}{g:>6}{k:>6}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
