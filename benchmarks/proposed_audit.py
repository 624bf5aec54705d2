"""Blind audit of proposed names: abstracts read by a person, then scored against the recogniser.

    python benchmarks/proposed_audit.py sample --batch 1 > /tmp/proposed_batch1.jsonl
    python benchmarks/proposed_audit.py score [--batch 1] [--errors]

``sample`` draws abstracts of ``../shared/corpora/recent`` (2023-2025) with a fixed seed per
batch (batch 1: 1201, 40 abstracts, 2 per venue-year file; batch 2: 1202, 20 abstracts, 1 per
venue-year file, none of batch 1), skipping every abstract of ``benchmarks/devset/*.jsonl``
(by text and by source, the untouched check set ``fresh.jsonl`` included: its abstracts are only
read to be left out, never printed or scored). It prints one JSON object per abstract with an
empty ``proposed`` list and does not run the recogniser: a person reads each abstract and lists
the names it proposes before seeing what the recogniser says.

Labels live in ``benchmarks/devset/proposed_audit.jsonl``: ``batch``, ``source``
(``recent/<file>:record <i>``), ``title``, ``text`` and ``proposed``: the names the abstract
presents as the paper's own (its method or model, their named components, a data set or benchmark
it builds, a metric it defines; merely defining an acronym for a known thing is not proposing it).
A label may list spellings separated by ``|`` ("LPD|local parameter disentanglement"): any of them
matches. Batch 1 is for tuning; batch 2 was labelled blind and is not used for tuning.

``score`` runs :func:`extract.names.extract_rows` on each labelled abstract and prints proposed
P/R/F1 per batch (names matched on their fold key, :func:`extract.names.candidates.fold`; a
predicted acronym also matches through the long form this abstract gives it).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CORPUS = ROOT.parent / "shared" / "corpora" / "recent"
DEVSET = ROOT / "benchmarks" / "devset"
AUDIT = DEVSET / "proposed_audit.jsonl"
BATCHES = {1: (1201, 2), 2: (1202, 1)}  # batch -> (seed, abstracts per venue-year file)


def _norm(text: str) -> str:
    return " ".join(text.split())


def _excluded() -> tuple[set[str], set[str]]:
    """Texts and sources of every dev-set abstract (this audit's own file left out)."""
    texts: set[str] = set()
    sources: set[str] = set()
    for path in sorted(DEVSET.glob("*.jsonl")):
        if path == AUDIT:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            rec = json.loads(line)
            if isinstance(rec.get("text"), str):
                texts.add(_norm(rec["text"]))
            for s in [rec.get("source"), *(rec.get("sources") or [])]:
                if isinstance(s, str):
                    sources.add(s)
    return texts, sources


def sample(batch: int) -> list[dict]:
    """The abstracts of ``batch``: ``per_file`` random abstracts of each venue-year file."""
    texts, sources = _excluded()
    taken: set[str] = set()
    for b in sorted(BATCHES):
        if b < batch:
            taken |= {r["source"] for r in _draw(b, texts, sources, set())}
    return _draw(batch, texts, sources, taken)


def _draw(batch: int, texts: set[str], sources: set[str], taken: set[str]) -> list[dict]:
    seed, per_file = BATCHES[batch]
    rng = random.Random(seed)
    out = []
    for path in sorted(CORPUS.glob("*.json")):
        recs = json.loads(path.read_text(encoding="utf-8"))
        idx = list(range(len(recs)))
        rng.shuffle(idx)
        n = 0
        for i in idx:
            rec = recs[i]
            src = f"recent/{path.name}:record {i}"
            abstract = rec.get("abstract") or ""
            if (
                len(abstract.split()) < 40
                or src in sources
                or src in taken
                or _norm(abstract) in texts
            ):
                continue
            out.append(
                {
                    "batch": batch,
                    "source": src,
                    "title": rec.get("title") or "",
                    "text": abstract,
                    "proposed": [],
                }
            )
            n += 1
            if n == per_file:
                break
    return out


def _load(batches: list[int] | None) -> list[dict]:
    recs = [json.loads(x) for x in AUDIT.read_text(encoding="utf-8").splitlines() if x.strip()]
    return [r for r in recs if batches is None or r["batch"] in batches]


def predicted(rec: dict) -> list[dict]:
    """The recogniser's proposed rows for a labelled abstract."""
    from extract import names
    from extract.records import PaperText

    rows = names.extract_rows(PaperText(rec["source"], rec["text"], rec.get("title")))
    return [r for r in rows if r["role"] == "proposed"]


def match(gold: list[str], pred: list[dict]) -> tuple[int, list[str], list[str]]:
    """True positives, false positives (names) and false negatives (labels)."""
    from extract.names.candidates import fold

    gkeys = [{fold(s.strip()) for s in g.split("|")} for g in gold]
    used: set[int] = set()
    fps = []
    tp = 0
    for r in pred:
        keys = {fold(r["name"])} | {fold(s.strip()) for s in r["surface"].split("|")}
        if r.get("long_form"):
            keys.add(fold(r["long_form"]))
        hit = next((i for i, g in enumerate(gkeys) if i not in used and g & keys), None)
        if hit is None:
            if not any(g & keys for g in gkeys):  # a second row for a matched label is not an FP
                fps.append(r["name"])
        else:
            used.add(hit)
            tp += 1
    fns = [g for i, g in enumerate(gold) if i not in used]
    return tp, fps, fns


def score(batches: list[int] | None, errors: bool) -> dict[int, tuple[int, int, int]]:
    counts: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])
    for rec in _load(batches):
        tp, fps, fns = match(rec["proposed"], predicted(rec))
        c = counts[rec["batch"]]
        c[0] += tp
        c[1] += len(fps)
        c[2] += len(fns)
        if errors and (fps or fns):
            print(f"{rec['source']}  FP={fps} FN={fns}")
    print(f"{'batch':<7}{'docs':>5}{'gold':>6}{'tp':>5}{'fp':>5}{'fn':>5}{'P':>7}{'R':>7}{'F1':>7}")
    docs = defaultdict(int)
    for rec in _load(batches):
        docs[rec["batch"]] += 1
    for b, (tp, fp, fn) in sorted(counts.items()):
        p = tp / (tp + fp) if tp + fp else 0.0
        r = tp / (tp + fn) if tp + fn else 0.0
        f = 2 * p * r / (p + r) if p + r else 0.0
        print(f"{b:<7}{docs[b]:>5}{tp + fn:>6}{tp:>5}{fp:>5}{fn:>5}{p:>7.2f}{r:>7.2f}{f:>7.2f}")
    return {b: tuple(c) for b, c in counts.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("sample", help="print the abstracts of a batch, unlabelled")
    s.add_argument("--batch", type=int, required=True, choices=sorted(BATCHES))
    c = sub.add_parser("score", help="proposed P/R/F1 against the labels")
    c.add_argument("--batch", type=int, action="append", help="default: every batch")
    c.add_argument("--errors", action="store_true", help="print each abstract's FP and FN")
    a = ap.parse_args(argv)
    if a.cmd == "sample":
        for rec in sample(a.batch):
            print(json.dumps(rec, ensure_ascii=False))
    else:
        score(a.batch, a.errors)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
