"""Where the phrase finder loses each labelled method phrase, per part and role.

    python benchmarks/phrase_misses.py [--parts dev] [--examples 20]

For every labelled phrase of ``benchmarks/devset/`` (the records of
``eval_learned.phrase_records``), the first step of :func:`extract.phrases.find_phrases` that
loses its concept key:

* ``no candidate``: no candidate span of title + abstract has the key (the noun runs cut it
  elsewhere, the look-up tagger gives its last word a tag that cannot end a phrase: "Dirichlet
  prior", "evidence lower bound", or it is not written as labelled);
* ``below floor``: a candidate has it, scored under the selection's floor;
* ``not selected``: scored at the floor or above, but the selection trees drop the concept
  (or it is read as proposed under the selection's ``proposed_floor``);
* ``kept, other role`` / ``kept``: in the output, with the other role or the labelled one.

Dev is in-sample for the models, so its shares say where the finder's limits are, not how well
it generalises. About 2 minutes for dev on one core.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from eval_learned import phrase_records  # noqa: E402

from extract.phrases import model as M  # noqa: E402
from extract.phrases.candidates import spans  # noqa: E402
from extract.phrases.concepts import concept_key  # noqa: E402
from extract.phrases.select import selector  # noqa: E402
from extract.text.markup import clean_view  # noqa: E402

STEPS = ("no candidate", "below floor", "not selected", "kept, other role", "kept")


def losses(text: str, title: str, labels: list[dict]) -> list[str]:
    """The step (:data:`STEPS`) at which each of ``labels`` ({"phrase", "role"}) is lost, in
    order, for the abstract ``text`` (raw; read through the markup view as a build does)."""
    view = clean_view(text).text
    doc = M._document(view, title)
    every = {concept_key(doc.full[sp.start:sp.end]) for sp in spans(doc.full)}
    floor = selector()[1]["floor"]
    scored = {concept_key(doc.full[sp.start:sp.end])
              for _, sp, _ in M.scored_candidates(doc, floor)}
    found = {p.key: p.role for p in M.find_phrases(view, title)}
    out = []
    for label in labels:
        key = concept_key(label["phrase"])
        if key in found:
            out.append("kept" if found[key] == label["role"] else "kept, other role")
        elif key in scored:
            out.append("not selected")
        elif key in every:
            out.append("below floor")
        else:
            out.append("no candidate")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--parts", default="dev", help="comma-separated parts (splits.toml)")
    ap.add_argument("--examples", type=int, default=20, help="examples shown per lost step")
    ap.add_argument("--seed", type=int, default=2034)
    args = ap.parse_args(argv)
    parts = set(args.parts.split(","))
    counts: Counter = Counter()
    examples: defaultdict = defaultdict(list)
    for part, r, _ in phrase_records():
        if part not in parts:
            continue
        for label, step in zip(r["phrases"], losses(r["text"], r.get("title") or "", r["phrases"])):
            counts[label["role"], step] += 1
            examples[label["role"], step].append(label["phrase"])
    print(f"| role | {' | '.join(STEPS)} | labels |")
    print(f"|---|{'---|' * (len(STEPS) + 1)}")
    for role in ("used", "proposed"):
        n = sum(counts[role, s] for s in STEPS)
        cells = " | ".join(f"{counts[role, s]} ({counts[role, s] / max(n, 1):.1%})" for s in STEPS)
        print(f"| {role} | {cells} | {n} |")
    rng = random.Random(args.seed)
    for key in sorted(examples):
        if key[1] != "kept" and args.examples:
            pool = examples[key]
            shown = rng.sample(pool, min(args.examples, len(pool)))
            print(f"\n{key[0]}, {key[1]}: " + "; ".join(shown))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
