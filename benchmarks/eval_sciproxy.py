"""Name recall and precision against SciERC-style entity spans (``devset/sciproxy.jsonl``).

    python benchmarks/eval_sciproxy.py [--devset F] [--errors]

The issue's outside check is SciERC: 500 abstracts of AI papers with every scientific entity
annotated (Task, Method, Metric, Material, OtherScientificTerm, Generic). The rules forbid
fetching it, so ``sciproxy.jsonl`` is a stand-in annotated the same way: 100 abstracts of
NeurIPS/ICML/ICLR 2016-2019 (the oldest in ``../shared``; ``scripts/sample_names_devset.py
--n 100 --recent 0 --max-year 2019 --seed 2032 --split sciproxy --exclude-devsets``), each
entity span labelled by helpers who read the abstracts under the SciERC scheme and never saw
the extractors' output. Each distinct span is listed once per abstract, as ``{"text", "type"}``.
Every other abstract is ``dev`` (its errors may be read, ``--errors``), the rest ``heldout``
(only its totals are looked at).

Measures (the issue's two):

* **name-like Method recall**: of the Method spans that look like names, the share the
  extractor reports. A span is *name-like* when one of its words has a capital after its first
  letter (HMMs, ResNet), mixes letters and digits (word2vec, GPT-2), or is capitalised away
  from the start of a sentence (Naive Bayes, Adam); "support vector machines" is not.
  Reported for the ``methods`` table (both roles) and for every ``names`` row, matched
  *exactly* (a spelling of the row folds to the span: HMMs = HMM) or by *overlap* (a spelling's
  occurrence overlaps the span's in the text). SciERC spans take the head noun ("DQN agent",
  "MapReduce framework") where a name does not, so exact recall is also given for the spans
  that are wholly a name (every word capitalised or name-shaped: "HMMs", "Naive Bayes", "Deep
  Voice 2"; not "DQN agent" or "Kalman filter").
* **precision of names as entity spans**: of the ``names`` rows found in the abstract, the
  share with a spelling that is an annotated span of any type but Generic, exactly (the strict
  figure); and, lenient, the share whose own span (its offsets in the abstract) overlaps an
  annotated span of the matching kind: a ``method`` row a Method span, ``dataset`` Material,
  ``metric`` Metric, ``task`` Task, ``other`` OtherScientificTerm. A row on a word no span
  covers, or typed as another kind than the span it overlaps, counts wrong. (The earlier overlap
  figure took any spelling's occurrence overlapping any span of any type: 0.99, it could hardly
  fail.)

* **name-like Method recall of the whole table**: the same recall for the ``methods`` table
  with its method-phrase rows (a phrase row "DQN agent" holds the span), and the precision of
  all its rows (names and phrases) as Method spans, exactly.

* **all Method spans** (the issue's second recall): of every Method span, name-like or not
  ("support vector machines", "beam search"), the share the ``methods`` table reports, by its
  name rows alone and with its method-phrase rows (``form = 'phrase'``); and the precision of
  the phrase rows as Method spans.

Every overlap figure is labelled *lenient* beside the strict exact one: an overlap counts a
name that is only part of a span ("DQN" in "DQN agent") or holds more than it.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's extract/, not an installed one
sys.path.insert(0, str(ROOT / "benchmarks"))

from eval_names import key  # noqa: E402

from extract import names  # noqa: E402
from extract.records import PaperText  # noqa: E402
from extract.stages import methods  # noqa: E402

DEVSET = ROOT / "benchmarks" / "devset" / "sciproxy.jsonl"
_SENTENCE_START = re.compile(r"(?:^|[.!?:]\s+|\n\s*)$")


def name_like(span: str, text: str) -> bool:
    """True when a span looks like a name (see the module docstring)."""
    pos = text.find(span)
    at_start = pos >= 0 and bool(_SENTENCE_START.search(text[max(0, pos - 3) : pos]))
    for i, word in enumerate(span.split()):
        w = word.strip("()[],;:.")
        if not w:
            continue
        if any(c.isupper() for c in w[1:]):
            return True
        if any(c.isdigit() for c in w) and any(c.isalpha() for c in w):
            return True
        if w[0].isupper() and not (i == 0 and at_start):
            return True
    return False


_CONNECTORS = frozenset("of for and the a an with in on to via".split())


def whole_name(span: str) -> bool:
    """True when every word of a span is capitalised or name-shaped: "HMMs", "Naive Bayes",
    "Deep Voice 2", not "DQN agent" or "Kalman filter" (connectors such as "of" aside)."""
    words = [w.strip("()[],;:.") for w in span.split()]
    words = [w for w in words if w and w.lower() not in _CONNECTORS]
    return bool(words) and all(
        w[0].isupper() or w[0].isdigit() or any(c.isupper() for c in w[1:]) for w in words
    )


def _occurrences(needle: str, text: str) -> list[tuple[int, int]]:
    if not needle:
        return []
    return [(m.start(), m.end()) for m in re.finditer(re.escape(needle), text)]


def _overlaps(a: list[tuple[int, int]], b: list[tuple[int, int]]) -> bool:
    return any(s < e2 and s2 < e for s, e in a for s2, e2 in b)


# the SciERC type a names row of each type should overlap
KIND = {
    "method": "Method",
    "dataset": "Material",
    "metric": "Metric",
    "task": "Task",
    "other": "OtherScientificTerm",
}


def _spellings(row: dict) -> list[str]:
    return [s.strip() for s in (row.get("surface") or row["name"]).split("|") if s.strip()]


def score(records: list[dict], errors: list[str] | None = None) -> dict[str, list[int]]:
    """Counts per measure: [hits, total]."""
    c: dict[str, list[int]] = {
        k: [0, 0]
        for k in (
            "recall methods exact",
            "recall methods overlap (lenient)",
            "recall methods exact, whole-name spans",
            "recall methods + phrases exact",
            "precision methods + phrases as Method spans exact",
            "recall names exact",
            "recall names overlap (lenient)",
            "recall names exact, whole-name spans",
            "precision names exact",
            "precision names overlap, same kind (lenient)",
            "recall all Method spans, names only exact",
            "recall all Method spans, names + phrases exact",
            "recall all Method spans, names + phrases overlap (lenient)",
            "precision phrase rows as Method spans exact",
            "precision phrase rows overlap a Method span (lenient)",
        )
    }
    for rec in records:
        text = rec["text"]
        rows = names.extract_rows(PaperText(rec["id"], text, rec.get("title")))
        in_text = [r for r in rows if r["start"] is not None]
        table = methods.rows_from_names(rec["id"], rows)
        ents = [e for e in rec["entities"] if e["type"] != "Generic"]
        method_spans = [e["text"] for e in ents if e["type"] == "Method"]
        mkeys = {key(t) for t in method_spans}
        targets = [t for t in method_spans if name_like(t, text)]
        # the whole methods table, names and method phrases; the spans are annotated in the
        # abstract, so a row only the title gives is no candidate
        full = [r for r in methods.extract_rows(PaperText(rec["id"], text, rec.get("title")),
                                                {"names": rows}) if r["start"] is not None]
        full_keys = {key(s) for r in full for s in _spellings(r)}
        for t in targets:
            c["recall methods + phrases exact"][0] += key(t) in full_keys
            c["recall methods + phrases exact"][1] += 1
        for r in full:
            c["precision methods + phrases as Method spans exact"][0] += any(
                key(s) in mkeys for s in _spellings(r))
            c["precision methods + phrases as Method spans exact"][1] += 1
        for label, pred in (("methods", table), ("names", in_text)):
            spell = [s for r in pred for s in _spellings(r)]
            pkeys = {key(s) for s in spell}
            pocc = [o for s in spell for o in _occurrences(s, text)]
            for t in targets:
                exact = key(t) in pkeys
                c[f"recall {label} exact"][0] += exact
                overlap = exact or _overlaps(_occurrences(t, text), pocc)
                c[f"recall {label} overlap (lenient)"][0] += overlap
                c[f"recall {label} exact"][1] += 1
                c[f"recall {label} overlap (lenient)"][1] += 1
                if whole_name(t):
                    c[f"recall {label} exact, whole-name spans"][0] += exact
                    c[f"recall {label} exact, whole-name spans"][1] += 1
                if errors is not None and label == "names" and not exact:
                    errors.append(f"{rec['source']} MISS {t!r}")
        # every Method span (not only name-like ones) against the methods table with phrases
        phrase_rows = [r for r in full if r.get("form") == "phrase"]
        name_keys = {key(sp) for r in table for sp in _spellings(r)}
        all_keys = name_keys | {key(r["name"]) for r in phrase_rows}
        all_occ = [o for r in full for sp in _spellings(r) for o in _occurrences(sp, text)]
        for t in method_spans:
            c["recall all Method spans, names only exact"][0] += key(t) in name_keys
            c["recall all Method spans, names + phrases exact"][0] += key(t) in all_keys
            c["recall all Method spans, names + phrases overlap (lenient)"][0] += (
                key(t) in all_keys or _overlaps(_occurrences(t, text), all_occ))
            for k in ("names only exact", "names + phrases exact",
                      "names + phrases overlap (lenient)"):
                c[f"recall all Method spans, {k}"][1] += 1
        m_occ = [o for t in method_spans for o in _occurrences(t, text)]
        for r in phrase_rows:
            c["precision phrase rows as Method spans exact"][0] += key(r["name"]) in mkeys
            c["precision phrase rows overlap a Method span (lenient)"][0] += _overlaps(
                [(r["start"], r["end"])], m_occ)
            c["precision phrase rows as Method spans exact"][1] += 1
            c["precision phrase rows overlap a Method span (lenient)"][1] += 1
        ekeys = {key(e["text"]) for e in ents}
        by_kind: dict[str, list[tuple[int, int]]] = {}
        kind_keys: dict[str, set[str]] = {}
        for e in ents:
            by_kind.setdefault(e["type"], []).extend(_occurrences(e["text"], text))
            kind_keys.setdefault(e["type"], set()).add(key(e["text"]))
        for r in in_text:
            spell = _spellings(r)
            exact = any(key(s) in ekeys for s in spell)
            kind = KIND.get(r["type"], "")
            typed = any(key(s) in kind_keys.get(kind, ()) for s in spell) or _overlaps(
                [(r["start"], r["end"])], by_kind.get(kind, [])
            )
            c["precision names exact"][0] += exact
            c["precision names overlap, same kind (lenient)"][0] += typed
            c["precision names exact"][1] += 1
            c["precision names overlap, same kind (lenient)"][1] += 1
            if errors is not None and not exact:
                errors.append(f"{rec['source']} EXTRA {r['name']!r} ({r['type']}, {r['role']})")
    return c


def main(argv: list[str] | None = None) -> int:
    """Print the measures; ``--errors`` also lists misses and extra rows."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--devset", default=str(DEVSET))
    ap.add_argument(
        "--errors", action="store_true", help="list misses and unannotated rows of the dev part"
    )
    args = ap.parse_args(argv)
    path = Path(args.devset)
    records = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
    parts = sorted({r.get("split", "all") for r in records}) + ["all"]
    counts = {}
    for part in parts:
        recs = [r for r in records if part == "all" or r.get("split", "all") == part]
        errors: list[str] | None = [] if args.errors and part == "dev" else None
        counts[part] = score(recs, errors)
        for e in errors or ():
            print(e)
    print(
        f"{path.name}: {len(records)} abstracts; name-like Method spans per part: "
        + ", ".join(f"{p} {counts[p]['recall names exact'][1]}" for p in parts)
    )
    print(f"{'measure':46s} " + " ".join(f"{p:>16s}" for p in parts))
    for k in counts["all"]:
        cells = []
        for p in parts:
            hit, tot = counts[p][k]
            cells.append(f"{hit / tot if tot else 0:.2f} ({hit:>3d}/{tot:<3d})")
        print(f"{k:46s} " + " ".join(f"{x:>16s}" for x in cells))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
