"""Corpus audit of the names recogniser: random rows of the ``methods``/``benchmarks`` tables.

    python benchmarks/names_audit.py draw --batch 1 [--seed 121] > /tmp/audit_1.txt
    python benchmarks/names_audit.py score [--batch 1]

The dev set (84 abstracts) is small and the rules were written on it; the audit checks the
recogniser on abstracts nobody wrote rules for. ``draw`` reads every venue-year file of
``../shared/corpora/recent`` (2023-2025), draws ``--abstracts`` of them with a fixed seed
(skipping the abstracts of ``benchmarks/devset/names.jsonl`` and ``methods.jsonl``), runs the
recogniser and draws, with the same seed, ``--methods`` rows of role ``mentioned`` from the
``methods`` view, ``--benchmarks`` rows of the ``benchmarks`` view and ``--missed`` abstracts
whose names are to be checked for misses. It prints each row with its sentence, for a person to
judge.

Verdicts live in ``benchmarks/devset/names_audit.jsonl``, one JSON object per judged row:
``batch``, ``seed``, ``kind`` (``method``: a used-method row; ``benchmark``: a benchmark row;
``checked``: an abstract read whole for names the recogniser missed, with ``missed``: the
method and data-set names it did not output), ``source`` (``recent/<file>:record <i>``),
``name``, ``sentence``, ``verdict`` and an optional ``note``. For ``method`` rows the verdict
is ``correct`` (the name of a method, model, algorithm or architecture used or mentioned) or
what it is instead: ``dataset``, ``task``,
``metric``, ``other`` (hardware, software, organisation, language, ...), ``proposed`` (a name
the paper itself proposes), ``not-a-name``; for ``benchmark`` rows ``correct`` (a data set,
benchmark or environment) or the same alternatives (``method`` instead of ``dataset``).
A batch is drawn with the code of the time; batch 1 (seed 121) was judged on the code before
the audit fixes and used for tuning; batch 2 (seed 122) was drawn after the fixes and not used
for tuning (one later change, the new-sense rule for acronyms, was prompted by a case seen while
judging it); batch 3 (seed 123) was drawn on the code after that change and not used for tuning.
``P judged`` of batches 2 and 3 is the untuned precision of the code they were drawn on.

``score`` prints, per batch and kind, the precision as judged (``judged``: the rows drawn at the
time) and, for the judged rows, how the current code treats them (``now``: judged rows the
current code still outputs with the same table and role, and the precision among those; rows
the current code outputs that nobody judged are not counted).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from extract import names  # noqa: E402
from extract.names.candidates import fold  # noqa: E402
from extract.records import PaperText  # noqa: E402
from extract.stages import benchmarks, methods  # noqa: E402
from extract.text.sentences import sentences  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpora" / "recent"
AUDIT = ROOT / "benchmarks" / "devset" / "names_audit.jsonl"
SEEDS = {1: 121, 2: 122, 3: 123}


def _devset_texts() -> set[str]:
    out = set()
    for name in ("names.jsonl", "methods.jsonl"):  # never fresh.jsonl: an untouched check set
        for line in (ROOT / "benchmarks" / "devset" / name).read_text().splitlines():
            if line.strip():
                out.add(" ".join(json.loads(line)["text"].split()))
    return out


def sample_abstracts(seed: int, n: int) -> list[tuple[str, dict]]:
    """``n`` abstracts of ``recent/`` drawn with ``seed``, as (source, record)."""
    pool: list[tuple[str, dict]] = []
    for path in sorted(CORPUS.glob("*.json")):
        for i, rec in enumerate(json.loads(path.read_text(encoding="utf-8"))):
            if rec.get("abstract") and len(rec["abstract"].split()) >= 40:
                pool.append((f"recent/{path.name}:record {i}", rec))
    known = _devset_texts()
    rng = random.Random(seed)
    rng.shuffle(pool)
    return [(s, r) for s, r in pool if " ".join(r["abstract"].split()) not in known][:n]


def _sentence(text: str, start: int) -> str:
    for s0, sent in sentences(text):
        if s0 <= start < s0 + len(sent):
            return sent
    return text[max(0, start - 150) : start + 150]


def rows_of(source: str, rec: dict) -> dict[str, list[dict]]:
    """The paper's rows: ``names``, ``methods`` and ``benchmarks``."""
    paper = PaperText(source, rec["abstract"], rec.get("title"))
    rows = names.extract_rows(paper)
    return {
        "names": rows,
        "methods": methods.rows_from_names(source, rows),
        "benchmarks": benchmarks.rows_from_names(source, rows),
    }


def draw(batch: int, seed: int, n_abstracts: int, n_methods: int, n_bench: int, n_missed: int):
    """Print the rows of one audit batch for judging."""
    docs = sample_abstracts(seed, n_abstracts)
    mrows, brows = [], []
    for source, rec in docs:
        r = rows_of(source, rec)
        for row in r["methods"]:
            if row["role"] == "mentioned":
                mrows.append((source, rec, row))
        for row in r["benchmarks"]:
            brows.append((source, rec, row))
    rng = random.Random(seed)
    picks = {
        "method": rng.sample(mrows, min(n_methods, len(mrows))),
        "benchmark": rng.sample(brows, min(n_bench, len(brows))),
    }
    print(f"# batch {batch} seed {seed}: {len(docs)} abstracts, {len(mrows)} used-method rows, ")
    print(f"# {len(brows)} benchmark rows")
    for kind, rows in picks.items():
        for source, rec, row in rows:
            text = rec["abstract"]
            item = {
                "batch": batch,
                "seed": seed,
                "kind": kind,
                "source": source,
                "name": row["name"],
                "type": row.get("type", "dataset"),
                "surface": row["surface"],
                "sentence": " ".join(_sentence(text, row["start"]).split()),
            }
            print(json.dumps(item, ensure_ascii=False))
    for source, rec in rng.sample(docs, min(n_missed, len(docs))):
        rows = rows_of(source, rec)["names"]
        found = [f"{r['name']}/{r['type'][:3]}/{r['role'][:4]}" for r in rows]
        item = {"batch": batch, "seed": seed, "kind": "abstract", "source": source}
        item["found"] = found
        item["text"] = " ".join(rec["abstract"].split())
        print(json.dumps(item, ensure_ascii=False))


def _load() -> list[dict]:
    if not AUDIT.exists():
        return []
    return [json.loads(x) for x in AUDIT.read_text(encoding="utf-8").splitlines() if x.strip()]


def score(batches: list[int] | None) -> None:
    """Print judged and current precision per batch and kind."""
    verdicts = [v for v in _load() if batches is None or v["batch"] in batches]
    recs: dict[str, dict] = {}
    by_file: dict[str, set[int]] = defaultdict(set)
    for v in verdicts:
        f, i = v["source"].split(":record ")
        by_file[f].add(int(i))
    for f, idx in by_file.items():
        data = json.loads((ROOT.parent / "shared" / "corpora" / f).read_text(encoding="utf-8"))
        for i in idx:
            recs[f"{f}:record {i}"] = data[i]
    cache: dict[str, dict] = {}
    table = defaultdict(lambda: [0, 0, 0, 0])  # judged, judged correct, still output, still correct
    wrong: dict[tuple, Counter] = defaultdict(Counter)
    for v in verdicts:
        if v["kind"] not in ("method", "benchmark"):
            continue
        src = v["source"]
        if src not in cache:
            cache[src] = rows_of(src, recs[src])
        if v["kind"] == "method":
            now = {fold(r["name"]) for r in cache[src]["methods"] if r["role"] == "mentioned"}
        else:
            now = {fold(r["name"]) for r in cache[src]["benchmarks"]}
        c = table[(v["batch"], v["kind"])]
        ok = v["verdict"] == "correct"
        c[0] += 1
        c[1] += ok
        if fold(v["name"]) in now:
            c[2] += 1
            c[3] += ok
        if not ok:
            wrong[(v["batch"], v["kind"])][v["verdict"]] += 1
    print(f"{'batch':<6}{'kind':<11}{'judged':>7}{'P judged':>10}{'now out':>9}{'P now':>7}  wrong")
    for (b, kind), (n, ok, out, out_ok) in sorted(table.items()):
        p = ok / n if n else 0.0
        pn = out_ok / out if out else 0.0
        w = ", ".join(f"{k} {c}" for k, c in wrong[(b, kind)].most_common())
        print(f"{b:<6}{kind:<11}{n:>7}{p:>10.2f}{out:>9}{pn:>7.2f}  {w}")
    checked = [v for v in verdicts if v["kind"] == "checked"]
    for b in sorted({v["batch"] for v in checked}):
        vs = [v for v in checked if v["batch"] == b]
        miss = [m["name"] for v in vs for m in v["missed"]]
        print(f"batch {b}: {len(vs)} abstracts read for misses, {len(miss)} method/data-set names")
        print(f"  missed: {', '.join(miss) or '-'}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("draw")
    d.add_argument("--batch", type=int, required=True)
    d.add_argument("--seed", type=int, default=None, help="default: 120 + batch")
    d.add_argument("--abstracts", type=int, default=1500)
    d.add_argument("--methods", type=int, default=150)
    d.add_argument("--benchmarks", type=int, default=60)
    d.add_argument("--missed", type=int, default=30)
    s = sub.add_parser("score")
    s.add_argument("--batch", type=int, action="append", default=None)
    args = ap.parse_args(argv)
    if args.cmd == "draw":
        seed = args.seed if args.seed is not None else SEEDS.get(args.batch, 120 + args.batch)
        draw(args.batch, seed, args.abstracts, args.methods, args.benchmarks, args.missed)
    else:
        score(args.batch)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
