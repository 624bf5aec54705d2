"""Blind audit of proposed names: abstracts read by a person, then scored against the recogniser.

    python benchmarks/proposed_audit.py sample --batch 1 > /tmp/proposed_batch1.jsonl
    python benchmarks/proposed_audit.py score [--batch 1] [--errors] [--roles REV]
    python benchmarks/proposed_audit.py flips --old REV [--n 3000] [--show 15]

``sample`` draws abstracts of ``../shared/corpora/recent`` (2023-2025) with a fixed seed per
batch (batch 1: 1201, 40 abstracts, 2 per venue-year file; batch 2: 1202, 20 abstracts, 1 per
venue-year file; batch 3: 1203, 40 abstracts, 2 per file; none in an earlier batch), skipping
every abstract of ``benchmarks/devset/*.jsonl`` (by text and by source, the untouched check set
``fresh.jsonl`` included: its abstracts are only read to be left out, never printed or scored).
It prints one JSON object per abstract with an empty ``proposed`` list and does not run the
recogniser: a person reads each abstract and lists the names it proposes before seeing what the
recogniser says.

Labels live in ``benchmarks/devset/proposed_audit.jsonl``: ``batch``, ``source``
(``recent/<file>:record <i>``), ``title``, ``text`` and ``proposed``: the names the abstract
presents as the paper's own (its method or model, their named components, a data set or benchmark
it builds, a metric it defines; merely defining an acronym for a known thing is not proposing it).
A label may list spellings separated by ``|`` ("LPD|local parameter disentanglement"): any of them
matches. Batch 1 is for tuning; batches 2 and 3 were labelled blind and are not used for tuning
(batch 3 was drawn and labelled after the roles.py cues of this audit were written).

``score`` runs :func:`extract.names.extract_rows` on each labelled abstract and prints proposed
P/R/F1 per batch (names matched on their fold key, :func:`extract.names.candidates.fold`; a
predicted acronym also matches through the long form this abstract gives it).

``score --roles REV`` scores with ``extract/names/roles.py`` of git revision ``REV`` and the
rest of the code as it is (before/after figures of a change to the proposal cues).

``flips`` checks a change of the proposal cues against the corpus: it runs the recogniser on
``--n`` random corpus abstracts (``paperlists`` and ``recent``, seed 7, dev-set and audit
abstracts left out) with the current ``extract/names/roles.py`` and with the one of git
revision ``--old``, counts the names whose role flips and prints ``--show`` random flips with
their sentence, for a person to judge.
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
BATCHES = {1: (1201, 2), 2: (1202, 1), 3: (1203, 2)}  # batch -> (seed, abstracts per venue-year)


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


def in_abstract(label: str, text: str) -> bool:
    """True when a spelling of ``label`` occurs in the abstract (not only in the title)."""
    low = " ".join(text.split()).lower()
    return any(s.strip().lower() in low for s in label.split("|"))


def score(batches: list[int] | None, errors: bool) -> dict[object, tuple[int, int, int]]:
    """P/R/F1 per batch; rows "<b>/abs" count only the labels the abstract itself spells out.

    eval_names.py's dev set labels names in the abstract only; a name only the title gives
    ("NOPE: Novel Object Pose Estimation ...") is in the "<b>" rows, not in "<b>/abs".
    """
    counts: dict[object, list[int]] = defaultdict(lambda: [0, 0, 0])
    for rec in _load(batches):
        pred = predicted(rec)
        for key, gold in (
            (rec["batch"], rec["proposed"]),
            (f"{rec['batch']}/abs", [g for g in rec["proposed"] if in_abstract(g, rec["text"])]),
        ):
            tp, fps, fns = match(gold, pred)
            c = counts[key]
            c[0] += tp
            c[1] += len(fps)
            c[2] += len(fns)
            if errors and (fps or fns) and key == rec["batch"]:
                print(f"{rec['source']}  FP={fps} FN={fns}")
    print(f"{'batch':<7}{'docs':>5}{'gold':>6}{'tp':>5}{'fp':>5}{'fn':>5}{'P':>7}{'R':>7}{'F1':>7}")
    docs = defaultdict(int)
    for rec in _load(batches):
        docs[rec["batch"]] += 1
    for b, (tp, fp, fn) in sorted(counts.items(), key=lambda kv: str(kv[0])):
        p = tp / (tp + fp) if tp + fp else 0.0
        r = tp / (tp + fn) if tp + fn else 0.0
        f = 2 * p * r / (p + r) if p + r else 0.0
        n = docs[int(str(b).split("/")[0])]
        print(f"{b!s:<7}{n:>5}{tp + fn:>6}{tp:>5}{fp:>5}{fn:>5}{p:>7.2f}{r:>7.2f}{f:>7.2f}")
    return {b: tuple(c) for b, c in counts.items()}


def _corpus_sample(n: int) -> list[tuple[str, dict]]:
    texts, sources = _excluded()
    if AUDIT.exists():
        texts |= {_norm(r["text"]) for r in _load(None)}
    pool = []
    for path in sorted((ROOT.parent / "shared" / "corpora").glob("*/*.json")):
        for i, rec in enumerate(json.loads(path.read_text(encoding="utf-8"))):
            src = f"{path.parent.name}/{path.name}:record {i}"
            a = rec.get("abstract") or ""
            if len(a.split()) >= 40 and src not in sources and _norm(a) not in texts:
                pool.append((src, rec))
    random.Random(7).shuffle(pool)
    return pool[:n]


def _roles_of(docs: list[tuple[str, dict]]) -> dict[tuple[str, str], tuple[str, str]]:
    from extract import names
    from extract.records import PaperText

    names.recognise.cache_clear()
    out = {}
    for src, rec in docs:
        for r in names.extract_rows(PaperText(src, rec["abstract"], rec.get("title"))):
            out[(src, r["name"])] = (r["role"], r["type"])
    return out


def roles_of_revision(rev: str):
    """The module ``extract/names/roles.py`` as of git revision ``rev``."""
    import importlib.util
    import subprocess
    import tempfile

    src = subprocess.run(
        ["git", "show", f"{rev}:extract/names/roles.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(src)
    spec = importlib.util.spec_from_file_location("roles_old", f.name)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def use_roles(rev: str) -> None:
    """Make the recogniser use ``roles.py`` of ``rev`` (the rest of the code as it is now)."""
    from extract.names import recogniser

    recogniser.R = roles_of_revision(rev)
    recogniser.recognise.cache_clear()


def flips(old_rev: str, n: int, show: int) -> None:
    """Names whose role differs between ``roles.py`` of ``old_rev`` and the current one."""
    from extract.names import recogniser, roles

    docs = _corpus_sample(n)
    new = _roles_of(docs)
    recogniser.R = roles_of_revision(old_rev)
    try:
        old = _roles_of(docs)
    finally:
        recogniser.R = roles
        recogniser.recognise.cache_clear()
    recs = dict(docs)
    changed = [k for k in new.keys() | old.keys() if new.get(k, ("-",))[0] != old.get(k, ("-",))[0]]
    to_prop = [k for k in changed if new.get(k, ("-",))[0] == "proposed"]
    n_old = sum(v[0] == "proposed" for v in old.values())
    n_new = sum(v[0] == "proposed" for v in new.values())
    print(
        f"{len(docs)} abstracts; proposed names old {n_old}, new {n_new}; flips {len(changed)} "
        f"({len(to_prop)} to proposed, {len(changed) - len(to_prop)} away from it)"
    )
    rng = random.Random(11)
    for k in rng.sample(sorted(changed), min(show, len(changed))):
        text = _norm(recs[k[0]]["abstract"])
        name = k[1]
        i = text.find(name)
        ctx = text[max(0, i - 200) : i + 120] if i >= 0 else text[:300]
        print(f"\n{k[0]} | {name}: {old.get(k, ('-', ''))} -> {new.get(k, ('-', ''))}")
        print(f"  title: {recs[k[0]].get('title')}")
        print(f"  ...{ctx}...")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("sample", help="print the abstracts of a batch, unlabelled")
    s.add_argument("--batch", type=int, required=True, choices=sorted(BATCHES))
    c = sub.add_parser("score", help="proposed P/R/F1 against the labels")
    c.add_argument("--batch", type=int, action="append", help="default: every batch")
    c.add_argument("--errors", action="store_true", help="print each abstract's FP and FN")
    c.add_argument("--roles", help="score with extract/names/roles.py of this git revision")
    fl = sub.add_parser("flips", help="role flips against roles.py of a git revision")
    fl.add_argument("--old", required=True, help="git revision of the old roles.py")
    fl.add_argument("--n", type=int, default=3000)
    fl.add_argument("--show", type=int, default=15)
    a = ap.parse_args(argv)
    if a.cmd == "flips":
        flips(a.old, a.n, a.show)
    elif a.cmd == "sample":
        for rec in sample(a.batch):
            print(json.dumps(rec, ensure_ascii=False))
    else:
        if a.roles:
            use_roles(a.roles)
        score(a.batch, a.errors)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
