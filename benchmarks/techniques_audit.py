"""Corpus precision audit of the technique tags: judged tags on random recent abstracts.

    python benchmarks/techniques_audit.py draw --batch 1 [--seed 4101] [--n 1500] [--per-tag 12]
    python benchmarks/techniques_audit.py show --batch 1 [--tag TAG] [--blind]
    python benchmarks/techniques_audit.py score [--batch 1] [--per-tag]

``draw`` samples ``--n`` abstracts of ``../shared/corpora/recent`` (a fixed seed, the same
number from every venue-year file; none in a dev set of ``benchmarks/devset`` nor drawn for an
earlier batch), runs the tagger over them, and for every tag that fires draws up to
``--per-tag`` of its abstracts at random (fixed seed). The items are appended to
``benchmarks/devset/techniques_audit.jsonl`` without a verdict; ``show`` prints them (the
abstract with the evidence marked, or with ``--blind`` the abstract and the tag only) to be
judged by reading: ``yes`` when the paper's own method or study uses or is about the technique
(as the tag's comments in ``extract/data/taxonomy.toml`` define it), ``no`` for a passing
mention, related work or a word that means something else. Verdicts are written into the file
(``verdict`` field) by hand or with ``set``.

``score`` re-runs the current tagger on the audited abstracts: per tag, the precision of the
audited (abstract, tag) pairs it still emits, and the frequency-weighted precision (each tag's
precision weighted by how often the current tagger emits it on the batch's whole sample = the
expected precision of an emitted row). ``lost`` counts judged-correct pairs it no longer emits
(a recall cost); ``new`` counts tags it now emits on audited abstracts that were not judged.

Batch 1 (seed 4101) is the tuning set; batch 2 (seed 4102, judged blind, after the rules were
fixed) is the honest figure and is never tuned on.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import textwrap
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from extract.records import PaperText  # noqa: E402
from extract.stages import techniques  # noqa: E402
from extract.text.markup import clean_view  # noqa: E402

CORPORA = ROOT.parent / "shared" / "corpora"
DEVSET = ROOT / "benchmarks" / "devset"
AUDIT = DEVSET / "techniques_audit.jsonl"
# each batch's sampled abstracts, written when first drawn, so that records added to the dev
# sets later do not shift a batch
SAMPLES = DEVSET / "techniques_audit_samples.jsonl"
# the dev sets whose abstracts a batch leaves out (those in the repository when batch 1 was
# drawn; fresh.jsonl, a check set labelled by another engineer, is never opened here)
EXCLUDED_DEVSETS = ("methods", "names", "numbers", "results", "sizes", "techniques")
SEEDS = {1: 4101, 2: 4102}


def _load(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


_CORPUS: dict[str, list[dict]] = {}


def _record(source: str) -> dict:
    """The corpus record of ``recent/<file>:record <i>``."""
    name, i = source.split(":record ")
    if name not in _CORPUS:
        _CORPUS[name] = json.loads((CORPORA / name).read_text(encoding="utf-8"))
    return _CORPUS[name][int(i)]


def _rows(source: str) -> list[dict]:
    rec = _record(source)
    return techniques.extract_rows(PaperText(source, rec["abstract"], rec.get("title") or ""))


def sample_sources(batch: int, n: int) -> list[str]:
    """The batch's abstracts (as saved in :data:`SAMPLES` when first drawn)."""
    for rec in _load(SAMPLES):
        if rec["batch"] == batch and rec["n"] == n:
            return rec["sources"]
    out = draw_sources(batch, n)
    with SAMPLES.open("a", encoding="utf-8") as f:
        f.write(json.dumps({"batch": batch, "n": n, "seed": SEEDS[batch], "sources": out}) + "\n")
    return out


def draw_sources(batch: int, n: int) -> list[str]:
    """n / (number of files) abstracts per recent/ venue-year file, fixed seed; none in a dev
    set of :data:`EXCLUDED_DEVSETS`, none in an earlier batch's sample."""
    used: set[str] = set()
    for name in EXCLUDED_DEVSETS:
        used |= {r.get("source", "") for r in _load(DEVSET / f"{name}.jsonl")}
    for b in range(1, batch):
        used |= set(sample_sources(b, n))
    files = sorted((CORPORA / "recent").glob("*.json"))
    per_file = n // len(files)
    rng = random.Random(SEEDS[batch])
    out = []
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        order = list(range(len(data)))
        rng.shuffle(order)
        k = 0
        for i in order:
            if k == per_file:
                break
            src = f"recent/{path.name}:record {i}"
            if src in used or len((data[i].get("abstract") or "").split()) < 40:
                continue
            out.append(src)
            k += 1
    return out


def draw(args: argparse.Namespace) -> int:
    existing = _load(AUDIT)
    split = f"batch{args.batch}"
    if any(r["split"] == split for r in existing):
        print(f"{split} already drawn", file=sys.stderr)
        return 1
    by_tag: dict[str, list[tuple[str, dict]]] = defaultdict(list)
    for src in sample_sources(args.batch, args.n):
        for row in _rows(src):
            by_tag[row["technique"]].append((src, row))
    rng = random.Random(SEEDS[args.batch] + 1)
    items = []
    for tag in sorted(by_tag):
        hits = by_tag[tag]
        for src, row in rng.sample(hits, min(args.per_tag, len(hits))):
            items.append(
                {
                    "source": src,
                    "title": _record(src).get("title", ""),
                    "tag": tag,
                    "evidence": row["evidence"],
                    "confidence": row["confidence"],
                    "split": split,
                    "verdict": None,
                }
            )
    with AUDIT.open("a", encoding="utf-8") as f:
        for it in items:
            f.write(json.dumps(it, ensure_ascii=False) + "\n")
    print(f"{split}: {len(items)} items, {len(by_tag)} tags, seed {SEEDS[args.batch]}")
    return 0


def draw_bucket(args: argparse.Namespace) -> int:
    """``draw-bucket --batch 1 --bucket weak --k 30``: rows of one evidence bucket drawn at random
    from the batch's sample (none already judged) as split ``batch<N>-<bucket>``, to measure
    the bucket's precision for the emission rule."""
    existing = _load(AUDIT)
    split = f"batch{args.batch}-{args.bucket}"
    if any(r["split"] == split for r in existing):
        print(f"{split} already drawn", file=sys.stderr)
        return 1
    judged = {(r["source"], r["tag"]) for r in existing}
    pool = []
    for src in sample_sources(args.batch, args.n):
        rec = _record(src)
        view = clean_view(rec["abstract"])
        for tech, ev in techniques.evidence(view.text, rec.get("title") or ""):
            if ev.bucket == args.bucket and (src, tech.tag) not in judged:
                pool.append((src, tech.tag))
    rng = random.Random(SEEDS[args.batch] + 2)
    with AUDIT.open("a", encoding="utf-8") as f:
        for src, tag in rng.sample(pool, min(args.k, len(pool))):
            row = next(r for r in _rows(src) if r["technique"] == tag)
            it = {"source": src, "title": _record(src).get("title", ""), "tag": tag,
                  "evidence": row["evidence"], "confidence": row["confidence"], "split": split,
                  "verdict": None}
            f.write(json.dumps(it, ensure_ascii=False) + "\n")
    print(f"{split}: {min(args.k, len(pool))} of {len(pool)} rows")
    return 0


def show(args: argparse.Namespace) -> int:
    items = [r for r in _load(AUDIT) if r["split"] == (args.split or f"batch{args.batch}")]
    for k, it in enumerate(items):
        if args.tag and it["tag"] != args.tag:
            continue
        if args.pending and it["verdict"] is not None:
            continue
        text = " ".join(_record(it["source"])["abstract"].split())
        if not args.blind:
            row = next((r for r in _rows(it["source"]) if r["technique"] == it["tag"]), None)
            if row is not None:
                rec = _record(it["source"])["abstract"]
                text = " ".join(
                    (rec[: row["start"]] + "[[" + rec[row["start"] : row["end"]] + "]]"
                     + rec[row["end"] :]).split()
                )
        print(f"### {k} | {it['tag']} | {it['title']}")
        print(textwrap.fill(text, 160) if args.blind else text)
        print()
    return 0


def set_verdicts(args: argparse.Namespace) -> int:
    """``set --batch 1 3=yes 4=no ...``: verdicts by the item number ``show`` prints."""
    rows = _load(AUDIT)
    idx = [i for i, r in enumerate(rows) if r["split"] == (args.split or f"batch{args.batch}")]
    for a in args.verdicts:
        k, v = a.split("=")
        assert v in ("yes", "no"), a
        rows[idx[int(k)]]["verdict"] = v
    AUDIT.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8"
    )
    return 0


def score_batch(batch: int, n: int, per_tag: bool) -> None:
    items = [
        r for r in _load(AUDIT) if r["split"] == f"batch{batch}" and r["verdict"] is not None
    ]
    if not items:
        return
    freq: dict[str, int] = defaultdict(int)
    emitted_total = 0
    for src in sample_sources(batch, n):
        for row in _rows(src):
            freq[row["technique"]] += 1
            emitted_total += 1
    judged = {(it["source"], it["tag"]): it["verdict"] == "yes" for it in items}
    now = {src: {r["technique"] for r in _rows(src)} for src in {it["source"] for it in items}}
    stats: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])  # correct, kept, lost
    for (src, tag), ok in judged.items():
        s = stats[tag]
        if tag in now[src]:
            s[0] += ok
            s[1] += 1
        else:
            s[2] += ok
    new = sum(1 for src, tags in now.items() for t in tags if (src, t) not in judged)
    wsum = wp = 0.0
    c_all = k_all = lost = 0
    lines = []
    for tag in sorted(stats, key=lambda t: (-freq[t], t)):
        c, k, lo = stats[tag]
        c_all += c
        k_all += k
        lost += lo
        p = c / k if k else None
        if p is not None:
            wsum += freq[tag]
            wp += freq[tag] * p
        lines.append(
            f"  {tag[:30]:<31}{freq[tag]:>6}{f'{c}/{k}':>9}"
            f"{(f'{p:.2f}' if p is not None else '-'):>7}{lo:>6}"
        )
    print(f"batch{batch}: {len(judged)} judged pairs, {emitted_total} rows on {n} abstracts; "
          f"weighted precision {wp / wsum:.3f}, pooled {c_all}/{k_all} = {c_all / k_all:.3f}, "
          f"lost correct {lost}, unjudged new {new}")
    if per_tag:
        print(f"  {'tag':<31}{'rows':>6}{'correct':>9}{'P':>7}{'lost':>6}")
        print("\n".join(lines))


def score(args: argparse.Namespace) -> int:
    for b in [args.batch] if args.batch else sorted(SEEDS):
        score_batch(b, args.n, args.per_tag)
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name in ("draw", "draw-bucket", "show", "set", "score"):
        sp = sub.add_parser(name)
        sp.add_argument("--batch", type=int, default=0 if name == "score" else 1)
        sp.add_argument("--n", type=int, default=1500)
        if name in ("show", "set"):
            sp.add_argument("--split", default="", help="default batch<N>; e.g. batch1-weak")
        if name == "draw-bucket":
            sp.add_argument("--bucket", default="weak", choices=list(techniques.CONFIDENCE))
            sp.add_argument("--k", type=int, default=30)
        if name == "draw":
            sp.add_argument("--per-tag", type=int, default=12)
        if name == "show":
            sp.add_argument("--tag", default="")
            sp.add_argument("--blind", action="store_true")
            sp.add_argument("--pending", action="store_true")
        if name == "set":
            sp.add_argument("verdicts", nargs="+")
        if name == "score":
            sp.add_argument("--per-tag", action="store_true")
    args = ap.parse_args(argv)
    cmds = {"draw": draw, "draw-bucket": draw_bucket, "show": show, "set": set_verdicts}
    return (cmds | {"score": score})[args.cmd](args)


if __name__ == "__main__":
    raise SystemExit(main())
