"""Precision/recall/F1 of the names recogniser per type and role: dev, held-out and seed sets.

    python benchmarks/eval_names.py [--devset benchmarks/devset/names.jsonl]
                                    [--seeds benchmarks/devset/methods.jsonl] [--errors PART]

``names.jsonl`` (hand-labelled corpus abstracts, ``scripts/sample_names_devset.py``) has, per
abstract, ``names``: every name with its ``type`` (method, dataset, metric, task, other) and
``role`` (``proposed``: the paper presents it as its own; ``used``: anything else), and ``gold``
with the table-level lists ``proposed`` (all types), ``mentioned`` (used methods/models),
``benchmarks`` (datasets, any role), ``techniques`` and ``sizes``. ``split`` is ``dev`` (looked
at while writing rules) or ``heldout`` (a random third, never looked at).

Names match on their fold key (case, spaces, hyphens, an acronym's plural "s" ignored:
"HMMs" = "HMM", "Llama 3" = "LLaMA-3"; :func:`extract.names.candidates.fold`), by the row's name
or by any of its spellings in the abstract (``surface``: a row "ViT" spelt "Vision Transformers"
matches the label "Vision Transformers"; a row counts once). Scores are micro-averaged over
(abstract, name) pairs:

* ``names``: found as a name at all (type and role ignored);
* ``type=T``: names of type T (a name found with another type is a miss and a false positive);
* ``role=R``: names of role R, any type;
* table rows, as ``benchmarks/eval_methods.py`` scores them: ``proposed`` and ``mentioned``
  from the ``methods`` table, ``benchmarks``, ``techniques``; ``sizes`` as
  ``benchmarks/eval_numbers.py`` (within 2%).

Names only the title gives were not labelled at first. Since the recogniser reports the name a
title starts with ("BitextEdit: Automatic Bitext Editing ...") as proposed, every title with a
colon was read again and the five that name the paper's own method without the abstract naming
it (Query-OPT, BitextEdit, VaeDiff-DocRE, Diet Networks; MESSAGENET in the held-out part) carry
that name as ``proposed`` with ``"where": "title"``.

The seeds (``methods.jsonl``, labelled before this recogniser with the vocabulary's notion of a
mentioned method) only have the table-level lists.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from extract import names  # noqa: E402
from extract.names.candidates import fold  # noqa: E402
from extract.records import PaperText  # noqa: E402
from extract.stages import benchmarks, methods, sizes, techniques  # noqa: E402
from extract.text.markup import clean_view  # noqa: E402

TYPES = ("method", "dataset", "metric", "task", "other")
TABLE_KEYS = ("proposed", "mentioned", "benchmarks", "techniques")


def key(name: str) -> str:
    """Fold key of a name, markup removed."""
    return fold(clean_view(name).text.strip())


def keys(row: dict) -> tuple[str, ...]:
    """Fold keys a row answers to: its name's first, then each spelling in the abstract."""
    out = [key(row["name"])]
    out += [k for s in (row.get("surface") or "").split("|") if (k := key(s)) and k not in out]
    return tuple(out)


def resolve(pred: list[tuple[str, ...]], gold: set[str]) -> set[str]:
    """One key per predicted row: a spelling the gold labels use if it has one, else its name's.

    "ViT" with the spelling "Vision Transformers" matches a label "Vision Transformers".
    """
    return {next((k for k in ks if k in gold), ks[0]) for ks in pred}


def table_sets(k: str, gold: list[str], pred: dict) -> tuple[set[str], set[str]]:
    """Gold and predicted keys of table ``k`` for one abstract, as the scores match them.

    Names by fold key through :func:`resolve`; techniques by their lower-cased tag.
    """
    if k == "techniques":
        return {x.lower() for x in gold}, pred[k]
    g = {key(x) for x in gold}
    return g, resolve(pred[k], g)


def predict(paper: PaperText) -> dict:
    """The recogniser's names and the table rows for one abstract (rows as their fold keys)."""
    rows = names.extract_rows(paper)
    m = methods.rows_from_names(paper.paper_id, rows)
    return {
        "names": [
            (keys(r), r["type"], "used" if r["role"] == "mentioned" else r["role"]) for r in rows
        ],
        "proposed": [keys(r) for r in m if r["role"] == "proposed"],
        "mentioned": [keys(r) for r in m if r["role"] == "mentioned"],
        "benchmarks": [keys(r) for r in benchmarks.rows_from_names(paper.paper_id, rows)],
        "techniques": {r["technique"].lower() for r in techniques.extract_rows(paper)},
        "sizes": sizes.extract_rows(paper),
    }


def _add(counts: dict, label: str, gold: set, pred: set, errors: list | None, src: str) -> None:
    c = counts[label]
    c[0] += len(gold & pred)
    c[1] += len(pred - gold)
    c[2] += len(gold - pred)
    if errors is not None and (pred - gold or gold - pred):
        errors.append(f"{src} [{label}] FP={sorted(pred - gold)} FN={sorted(gold - pred)}")


def score(records: list[dict], errors: list | None = None) -> dict[str, list[int]]:
    """tp, fp, fn per measure over ``records``."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for rec in records:
        pred = predict(PaperText(rec["id"], rec["text"], rec.get("title")))
        src = rec["source"]
        if "names" in rec:
            gold_names = [(key(n["name"]), n["type"], n["role"]) for n in rec["names"]]
            all_gold = {g[0] for g in gold_names}
            pred_names = [(resolve([ks], all_gold).pop(), t, r) for ks, t, r in pred["names"]]
            _add(counts, "names", all_gold, {p[0] for p in pred_names}, errors, src)
            for t in TYPES:
                _add(
                    counts,
                    f"type={t}",
                    {g[0] for g in gold_names if g[1] == t},
                    {p[0] for p in pred_names if p[1] == t},
                    errors,
                    src,
                )
            for r in ("proposed", "used"):
                _add(
                    counts,
                    f"role={r}",
                    {g[0] for g in gold_names if g[2] == r},
                    {p[0] for p in pred_names if p[2] == r},
                    errors,
                    src,
                )
        gold = rec["gold"]
        for k in TABLE_KEYS:
            if k in gold:
                g, got = table_sets(k, gold[k], pred)
                _add(counts, f"table:{k}", g, got, errors, src)
        if "sizes" in gold:
            en = _eval_numbers()
            tp = len(en._match(gold["sizes"], pred["sizes"], en._same_size))
            c = counts["table:sizes"]
            c[0] += tp
            c[1] += len(pred["sizes"]) - tp
            c[2] += len(gold["sizes"]) - tp
    return counts


def _eval_numbers():
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "eval_numbers", ROOT / "benchmarks" / "eval_numbers.py"
    )
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def prf(tp: int, fp: int, fn: int) -> tuple[float, float, float]:
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--devset", default=str(ROOT / "benchmarks" / "devset" / "names.jsonl"))
    ap.add_argument("--seeds", default=str(ROOT / "benchmarks" / "devset" / "methods.jsonl"))
    ap.add_argument("--errors", default="", help="print errors of this part (dev, heldout, seeds)")
    ap.add_argument(
        "--parts",
        default="dev,heldout,seeds",
        help="parts to score, comma-separated (dev,seeds while tuning: held-out stays unseen)",
    )
    args = ap.parse_args(argv)
    recs = [
        json.loads(x)
        for x in Path(args.devset).read_text(encoding="utf-8").splitlines()
        if x.strip()
    ]
    seeds = [
        json.loads(x)
        for x in Path(args.seeds).read_text(encoding="utf-8").splitlines()
        if x.strip() and json.loads(x)["source"].startswith("seeds/")
    ]
    parts = {
        "dev": [r for r in recs if r["split"] == "dev"],
        "heldout": [r for r in recs if r["split"] == "heldout"],
        "seeds": seeds,
    }
    parts = {k: v for k, v in parts.items() if k in args.parts.split(",")}
    results = {}
    for part, rs in parts.items():
        errors: list[str] | None = [] if args.errors == part else None
        results[part] = score(rs, errors)
        if errors:
            print("\n".join(errors))
    labels = [
        *(["names"] + [f"type={t}" for t in TYPES] + ["role=proposed", "role=used"]),
        *(f"table:{k}" for k in (*TABLE_KEYS, "sizes")),
    ]
    print("abstracts: " + ", ".join(f"{k} {len(v)}" for k, v in parts.items()))
    print(f"{'measure':<18}" + "".join(f"{p:>24}" for p in parts))
    print(f"{'':<18}" + "".join(f"{'P    R    F1   (n)':>24}" for _ in parts))
    for label in labels:
        line = f"{label:<18}"
        for part in parts:
            tp, fp, fn = results[part].get(label, [0, 0, 0])
            if tp + fp + fn == 0:
                line += f"{'-':>24}"
                continue
            p, r, f = prf(tp, fp, fn)
            line += f"{p:>8.2f} {r:.2f} {f:.2f} ({tp + fn:>3})"
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
