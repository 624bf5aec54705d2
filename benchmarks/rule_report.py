"""Precision per rule id on the labelled dev sets: how often each rule fires, and how often rightly.

    python benchmarks/rule_report.py [--kind taxonomy|passing|all] [--tag LoRA/PEFT]
                                     [--min-fires 1] [--sort fires|precision|id] [--heldout]

Rules with ids:

* **taxonomy** alternatives (``extract/data/taxonomy.toml``; id = tag, kind, alternative, as
  :func:`extract.stages.techniques.rule_labels` lists them). A rule *fires* on an abstract when
  it matches it the way the stage matches (:func:`~extract.stages.techniques.first_rule_spans`:
  case rule, word start; before passing mentions and evidence thresholds are weighed). It is
  *right* when the abstract's gold techniques hold the rule's tag, *wrong* otherwise. ``tagged``
  counts the firings on abstracts the stage does tag with that tag (the rule alone may not be
  what tagged it).
* **passing** cues (``extract/data/techniques_cues.toml``: each alternative of ``passing_cue``,
  id ``passing_cue:<alternative>``, and ``baseline_after``): a cue *fires* on every strong
  taxonomy match it turns into a passing mention ("such as RNNs"). Lowering is *right* when the
  tag is not in the abstract's gold techniques, *wrong* when it is and the stage misses the tag
  (the lowering may have cost it), and ``moot`` when the tag is gold and tagged anyway (other
  evidence); precision is right / (right + wrong). A mention lowered by several cues counts for
  each.

* **names** proposal and role cues (``extract/data/name_rules_*.toml``, ids such as
  ``proposals.cue.verbs``; :func:`extract.names.fired_rules` traces them): a cue *fires* on each
  name it marks as the paper's own; *right* when the name is one of the abstract's gold
  ``proposed`` names.

Labelled sets (see ``benchmarks/eval_techniques.py`` and ``benchmarks/eval_fresh.py``): the
tuning parts only, by default: ``techniques.jsonl`` and ``names.jsonl`` split ``dev``, the seed
abstracts of ``methods.jsonl``, ``fresh``, ``dev2``, ``dev3`` and ``fresh3``. ``--heldout`` adds
the held-out and blind parts (``heldout`` splits, ``fresh2``, ``fresh4``, ``fresh5``): per-rule
errors there are for a last check, not for writing rules.

The results stage's cue lists (``results_cues.toml``) have ids too, but they are parts of larger
patterns, not rules that decide a row on their own: they are not scored here.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from extract.results.cues import cue_entries  # noqa: E402
from extract.stages import techniques  # noqa: E402
from extract.text.markup import clean_view  # noqa: E402

DEVSET = ROOT / "benchmarks" / "devset"
TUNING = ("fresh", "dev2", "dev3", "fresh3")
BLIND = ("fresh2", "fresh4", "fresh5")


def _load(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def labelled(heldout: bool = False, devset: Path = DEVSET) -> dict[str, list[dict]]:
    """The labelled parts with technique gold, by part name (tuning parts unless ``heldout``)."""
    tech = _load(devset / "techniques.jsonl")
    names = _load(devset / "names.jsonl")
    parts = {
        "tech:dev": [r for r in tech if r.get("split") == "dev"],
        "names:dev": [r for r in names if r.get("split") == "dev"],
        "seeds": [r for r in _load(devset / "methods.jsonl") if r["source"].startswith("seeds/")],
    }
    parts |= {name: _load(devset / f"{name}.jsonl") for name in TUNING}
    if heldout:
        parts["tech:heldout"] = [r for r in tech if r.get("split") == "heldout"]
        parts["names:heldout"] = [r for r in names if r.get("split") == "heldout"]
        parts |= {name: _load(devset / f"{name}.jsonl") for name in BLIND}
    return {p: rs for p, rs in parts.items() if rs}


def _passing_cues() -> list[tuple[str, re.Pattern[str]]]:
    """(id, pattern) of each passing cue alone."""
    cue = next(c for c in cue_entries("techniques_cues.toml") if c["id"] == "passing_cue")
    return [(f"passing_cue:{alt}", techniques.passing_pattern(alt)) for alt in cue["alternatives"]]


def rule_counts(records: list[dict]) -> dict[str, dict[str, list[int]]]:
    """Per kind, per rule id: taxonomy [fires, right, wrong, tagged], passing [.., moot]."""
    labels = techniques.rule_labels()
    c = techniques._compiled()
    cues = _passing_cues()
    out: dict[str, dict[str, list[int]]] = {
        "taxonomy": {" | ".join(lab): [0, 0, 0, 0] for lab in labels},
        "passing": {cid: [0, 0, 0, 0] for cid, _ in cues} | {"baseline_after": [0, 0, 0, 0]},
    }
    for rec in records:
        gold = set(rec["gold"]["techniques"])
        text = clean_view(rec["text"]).text
        lower = text.lower()
        same = len(lower) == len(text)
        tagged = {t.tag for t, _ in techniques.evidence(text, rec.get("title") or "")}
        for i in techniques.first_rule_spans(text):
            tag = labels[i][0]
            row = out["taxonomy"][" | ".join(labels[i])]
            row[0] += 1
            row[1 if tag in gold else 2] += 1
            row[3] += tag in tagged
        for i in c.prefilter.candidates(lower):
            r = c.rules[i]
            if not r.strong:
                continue
            tag = labels[i][0]
            for s, e in techniques._rule_spans(r, text, lower, same, False):
                fired = []
                if techniques._BASELINE_AFTER.match(lower, e):
                    fired.append("baseline_after")
                lo = techniques.passing_window_start(text, s)
                fired += [cid for cid, pat in cues if pat.search(lower, lo, s)]
                for cid in fired:
                    row = out["passing"][cid]
                    row[0] += 1
                    row[1 if tag not in gold else 3 if tag in tagged else 2] += 1
    return out


def name_rule_counts(records: list[dict]) -> dict[str, list[int]]:
    """Per rule id of ``extract/data/name_rules_*.toml`` that marks a name as the paper's own
    (``proposals.*``, ``roles.*``, ``titles.*``): [fires, right, wrong, in gold names].

    A firing is right when the name it marked folds to one of the abstract's gold ``proposed``
    names, wrong otherwise; the fourth column counts wrong firings whose name is a gold mentioned
    name (the rule found a name, but gave it the wrong role). Type cues (``types.*``) and
    candidate shapes vote for a span without deciding a row alone: they are not scored.
    """
    from extract.names import fired_rules, rules
    from extract.names.candidates import fold
    from extract.records import PaperText

    scored = ("proposals.", "roles.", "titles.")
    out = {rid: [0, 0, 0, 0] for rid in sorted(rules.all_ids()) if rid.startswith(scored)}
    for rec in records:
        gold = rec.get("gold", {})
        if "proposed" not in gold:
            continue
        proposed = {fold(n) for n in gold.get("proposed", [])}
        mentioned = {fold(n) for n in gold.get("mentioned", [])}
        for rid, name in fired_rules(PaperText(rec.get("id", "x"), rec["text"], rec.get("title"))):
            if rid not in out:
                continue
            row = out[rid]
            row[0] += 1
            right = fold(name) in proposed
            row[1 if right else 2] += 1
            row[3] += (not right) and fold(name) in mentioned
    return out


def _precision(c: list[int]) -> float | None:
    return c[1] / (c[1] + c[2]) if c[1] + c[2] else None


def report(
    counts: dict[str, list[int]], min_fires: int, sort: str, tag: str | None, last: str
) -> list[str]:
    """Table lines for one kind of rule; ``last`` names the fourth column."""
    rows = [(rid, c) for rid, c in counts.items() if c[0] >= min_fires]
    if tag:
        rows = [(rid, c) for rid, c in rows if rid.split(" | ")[0] == tag]
    key = {
        "fires": lambda x: (-x[1][0], x[0]),
        "precision": lambda x: (_precision(x[1]) if x[1][1] + x[1][2] else 2.0, -x[1][0], x[0]),
        "id": lambda x: x[0],
    }[sort]
    lines = [f"{'fires':>6}{'right':>7}{'wrong':>7}{'prec':>7}{last:>8}  rule"]
    for rid, c in sorted(rows, key=key):
        p = _precision(c)
        prec = f"{p:.2f}" if p is not None else "-"
        lines.append(f"{c[0]:>6}{c[1]:>7}{c[2]:>7}{prec:>7}{c[3]:>8}  {rid}")
    fired = [c for c in counts.values() if c[0]]
    right = sum(c[1] for c in fired)
    total = sum(c[1] + c[2] for c in fired)
    lines.append(
        f"{len(counts)} rules, {len(fired)} fire, {len(counts) - len(fired)} never; "
        f"pooled precision {right}/{total}" + (f" = {right / total:.3f}" if total else "")
    )
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kind", choices=("taxonomy", "passing", "names", "all"), default="all")
    ap.add_argument("--tag", help="only the taxonomy rules of this tag")
    ap.add_argument("--min-fires", type=int, default=1, help="hide rules firing less often")
    ap.add_argument("--sort", choices=("fires", "precision", "id"), default="fires")
    ap.add_argument("--heldout", action="store_true", help="add the held-out and blind parts")
    ap.add_argument("--devset", type=Path, default=DEVSET)
    args = ap.parse_args(argv)
    parts = labelled(args.heldout, args.devset)
    records = [r for rs in parts.values() for r in rs]
    print("abstracts: " + ", ".join(f"{p} {len(rs)}" for p, rs in parts.items()))
    counts = rule_counts(records)
    heads = {
        "taxonomy": ("tagged", "right: the tag is gold; tagged: the stage tags it there"),
        "passing": ("moot", "right: the tag is not gold; wrong: gold and missed; moot: tagged"),
    }
    for kind, (last, legend) in heads.items():
        if args.kind in (kind, "all"):
            print(f"\n{kind} rules ({legend})")
            print("\n".join(report(counts[kind], args.min_fires, args.sort, args.tag, last)))
    if args.kind in ("names", "all"):
        print("\nnames rules: proposal and role cues (right: the name is a gold proposed name; "
              "mention: wrong, and a gold mentioned name)")
        print("\n".join(report(name_rule_counts(records), args.min_fires, args.sort, None,
                                "mention")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
