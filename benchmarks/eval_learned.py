"""The learned layer against the rules, per part: techniques, method phrases, mentioned and
proposed methods; and the reliability of each field's confidence.

    python benchmarks/eval_learned.py [--json OUT] [--parts dev,heldout,blind,seeds]

Parts come from ``benchmarks/devset/splits.toml`` (``benchmarks/splits.py``): models are
trained on ``dev`` only; ``heldout`` and ``blind`` are reported, never tuned on (blind sets are
read only as these totals).

* **techniques** (every labelled set with technique labels): ``rules`` = the taxonomy rules
  alone (:func:`extract.stages.techniques.rule_rows`), ``model`` = the learned tagger (what the
  stage ships), ``union`` = either.
* **phrases** (``phrases.jsonl``: dev2 + dev3 dev, fresh3 held out; ``fresh6.jsonl`` blind;
  ``seeds_phrases.jsonl``: the 48 seed abstracts, part ``seeds``, with the name labels of
  ``methods.jsonl``):
  generic method phrases, strict = same concept key (:mod:`extract.phrases.concepts`);
  ``rules`` = the dictionary baseline (:mod:`extract.phrases.dictionary`), ``model`` =
  :func:`extract.phrases.find_phrases`, ``union`` = either. ``phrases lenient`` (labelled as
  such) counts a predicted phrase right when it overlaps a labelled one and ends on the same word.
  ``phrases model (generic heads kept)`` is stricter than the concept key: a generic head
  ("method", "framework", "strategy") must match too, as every key required before the key
  dropped them ("policy gradient methods" is not "policy gradient" there).
* **mentioned** (same records; gold = used method names + used phrases): ``names`` = the name
  rows alone (before phrases), ``rules`` = names + dictionary phrases, ``model`` = the
  ``methods`` rows as shipped (names + model phrases). ``mentioned names`` scores the name rows
  against the name labels alone.
* **proposed**: proposed names (``gold.proposed``) against proposed name rows, and with proposed
  phrases added on both sides.
* **sizes** (every record of those sets whose sizes carry a labelled ``role``: own, baseline,
  threshold): a size matches within 2% of the parameter count; ``value + role`` needs the role
  too; ``own models`` scores the own-model sizes the charts use by default. These sets list
  each distinct size of a model once while the table has a row per mention, so a repeated
  mention is a false positive here; ``distinct`` compares the extractor's distinct sizes
  (``sizes.distinct_sizes``: same count, role and model) with the labels instead.
* **techniques swept by confidence**: per part, precision at the first confidence cut (highest
  first) of the shipped tags whose recall reaches 0.70, or "not reached".
* **reliability**: for techniques, phrases and mentioned rows, the confidence bins of the
  shipped output and the precision observed in each, on held-out and blind data.

Scores are micro-averaged; intervals are 95% Wilson intervals of precision and recall.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import splits  # noqa: E402

from extract import names as names_mod  # noqa: E402
from extract.phrases import find_phrases  # noqa: E402
from extract.phrases.concepts import concept_key, key_parts  # noqa: E402
from extract.phrases.dictionary import dictionary_phrases  # noqa: E402
from extract.records import PaperText  # noqa: E402
from extract.stages import methods, sizes, techniques  # noqa: E402
from extract.text.markup import clean_view  # noqa: E402

DEVSET = ROOT / "benchmarks" / "devset"
BINS = (0.0, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0001)


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


class Counts:
    def __init__(self) -> None:
        self.tp = self.fp = self.fn = 0

    def add(self, tp: int, fp: int, fn: int) -> None:
        self.tp += tp
        self.fp += fp
        self.fn += fn

    def summary(self) -> dict:
        p_n, r_n = self.tp + self.fp, self.tp + self.fn
        p = self.tp / p_n if p_n else None
        r = self.tp / r_n if r_n else None
        f = 2 * p * r / (p + r) if p and r else 0.0
        return {"tp": self.tp, "fp": self.fp, "fn": self.fn,
                "p": p, "p_ci": wilson(self.tp, p_n), "r": r, "r_ci": wilson(self.tp, r_n), "f1": f}


def _load(name: str, devset: Path = DEVSET) -> list[dict]:
    path = devset / name
    return [json.loads(line) for line in path.open(encoding="utf-8")] if path.exists() else []


# --- techniques ---------------------------------------------------------------------------------

def tag_records():
    for part, r, gold in splits.technique_records():
        yield part, r, {t.lower() for t in gold}


def eval_techniques(scores, rel) -> None:
    for part, r, gold in tag_records():
        paper = PaperText(r["id"], r["text"], r.get("title"))
        rule = {x["technique"].lower() for x in techniques.rule_rows(paper)}
        shipped = techniques.extract_rows(paper)
        model = {x["technique"].lower() for x in shipped}
        for name, pred in (("rules", rule), ("model", model), ("union", rule | model)):
            scores[part][f"techniques {name}"].add(len(pred & gold), len(pred - gold), len(gold - pred))
        for x in shipped:
            rel[part]["techniques"].append((x["confidence"], x["technique"].lower() in gold))


# --- phrases, mentioned, proposed -----------------------------------------------------------------

# phrase-label file -> the files holding its abstracts' name labels (None: the record itself)
NAME_LABELS = {"phrases.jsonl": ("dev2", "dev3", "fresh3"), "fresh6.jsonl": None,
               "seeds_phrases.jsonl": ("methods",)}


def name_records(file_name: str, devset: Path = DEVSET) -> dict[str, dict] | None:
    """id -> the record with name labels, for the abstracts of the phrase-label file
    ``file_name`` of ``devset`` (:data:`NAME_LABELS`); None when its records carry their own
    (a file not listed there too)."""
    files = NAME_LABELS.get(file_name)
    if files is None:
        return None
    return {r["id"]: r for f in files for r in _load(f"{f}.jsonl", devset)}


def phrase_records():
    """(part, record with 'phrases', the record with name labels or None) for every abstract
    with phrase labels."""
    for file_name in NAME_LABELS:
        originals = name_records(file_name)
        for r in _load(file_name):
            orig = r if originals is None else originals.get(r["id"])
            yield splits.part(file_name, r), r, orig


def _gold_keys(items) -> list[set[str]]:
    return [{k for k in keys if k} for keys in items]


def _phrase_labels(gold_phr: list[dict], role: str) -> list[set[str]]:
    """Key sets of the phrase labels of ``role``: the phrase's concept key and its acronym's."""
    return _gold_keys([{concept_key(p["phrase"]), concept_key(p.get("acronym") or "")}
                       for p in gold_phr if p["role"] == role])


def _merged(items: list[set[str]]) -> list[set[str]]:
    """Label key sets that share a key joined into one: the name labels and the phrase labels of
    a record may both list one concept ("ICL" as a name, "in-context learning" with the acronym
    ICL as a phrase), which is one thing the abstract mentions."""
    out: list[set[str]] = []
    for keys in items:
        keys = set(keys)
        for other in [o for o in out if o & keys]:
            keys |= other
            out.remove(other)
        out.append(keys)
    return out


def _match(gold: list[set[str]], pred: list[set[str]]) -> tuple[int, int, int, list[bool]]:
    """tp, fp, fn and, per predicted item, whether it matched (key sets intersect)."""
    gold_all = set().union(*gold) if gold else set()
    pred_all = set().union(*pred) if pred else set()
    hits = [bool(p & gold_all) for p in pred]
    tp = sum(1 for g in gold if g & pred_all)
    return tp, sum(1 for h in hits if not h), len(gold) - tp, hits


def _lenient(gold_phr: list[dict], pred: list, text: str) -> tuple[int, int, int]:
    def head(s: str) -> str:
        w = s.lower().replace("-", " ").split()
        return concept_key(w[-1]) if w else ""

    gold_spans = []
    for g in gold_phr:
        i = text.find(g["phrase"])
        gold_spans.append((i, i + len(g["phrase"]), head(g["phrase"]), concept_key(g["phrase"])))
    matched_gold = set()
    fp = 0
    for p in pred:
        ok = False
        for j, (s, e, h, k) in enumerate(gold_spans):
            if k == p.key or (s >= 0 and p.start + 0 < e and s < p.end and head(p.text) == h):
                matched_gold.add(j)
                ok = True
        fp += not ok
    return len(matched_gold), fp, len(gold_spans) - len(matched_gold)


def _heads_kept(text: str) -> str:
    """A concept key that keeps a generic head (:data:`extract.phrases.concepts.GENERIC_HEADS`),
    as every key did before heads were dropped."""
    return "".join(key_parts(text))


def _row_keys(row: dict) -> set[str]:
    keys = {concept_key(row["name"]), row.get("concept_key") or ""}
    if row.get("long_form"):
        keys.add(concept_key(row["long_form"]))
    for s in (row.get("surface") or "").split("|"):
        keys.add(concept_key(s.strip()))
    return keys


def eval_methods(scores, rel) -> None:
    for part, r, orig in phrase_records():
        title = r.get("title") or ""
        paper = PaperText(r["id"], r["text"], title)
        view = clean_view(r["text"]).text
        gold_phr = r["phrases"]
        full = f"{title}\n{view}" if title else view
        # phrases apart
        model = find_phrases(view, title)
        rules = dictionary_phrases(view, title)
        g = _gold_keys([{concept_key(p["phrase"])} for p in gold_phr])
        for name, pred in (("rules", rules), ("model", model),
                           ("union", model + [p for p in rules if p.key not in {m.key for m in model}])):
            tp, fp, fn, hits = _match(g, [{p.key} for p in pred])
            scores[part][f"phrases {name}"].add(tp, fp, fn)
            if name == "model":
                for p, h in zip(pred, hits):
                    rel[part]["phrases"].append((p.confidence, h))
        shifted = [type(p)(p.text, p.start + (len(title) + 1 if title else 0),
                           p.end + (len(title) + 1 if title else 0), p.concept, p.key, p.role,
                           p.confidence, p.acronym) for p in model]
        scores[part]["phrases model (lenient)"].add(*_lenient(gold_phr, shifted, full))
        # stricter: keys that keep a generic head ("policy gradient method" != "policy gradient")
        kept = _gold_keys([{_heads_kept(p["phrase"])} for p in gold_phr])
        tp, fp, fn, _ = _match(kept, [{_heads_kept(p.text)} for p in model])
        scores[part]["phrases model (generic heads kept)"].add(tp, fp, fn)
        gp = _gold_keys([{concept_key(p["phrase"])} for p in gold_phr if p["role"] == "proposed"])
        tp, fp, fn, _ = _match(gp, [{p.key} for p in model if p.role == "proposed"])
        scores[part]["phrases proposed (model)"].add(tp, fp, fn)
        if orig is None:  # phrase-only labels (phr1-3): no name labels to score names against
            continue
        got = names_and_phrases(paper, gold_phr, orig, [{p.key} for p in rules])
        for name, (counts, reliability) in got.items():
            scores[part][name].add(*counts)
            for field, pairs in reliability.items():
                rel[part][field].extend(pairs)


def names_and_phrases(paper: PaperText, gold_phr: list[dict], orig: dict,
                      dict_rows: list[set[str]] | None = None) -> dict:
    """The ``methods`` table (names and phrase rows) of ``paper`` scored by role against its
    name labels (``orig``) and phrase labels: measure -> ((tp, fp, fn), {reliability field:
    [(confidence, right)]}), the second for the shipped mentioned rows only ("mentioned name",
    "mentioned phrase"). ``dict_rows`` (the dictionary
    phrases' keys) adds the rules' measure. One item per concept: "ICL" (a name label) =
    "in-context learning (ICL)" (a phrase's)."""
    name_rows = names_mod.extract_rows(paper)
    m_names = methods.rows_from_names(paper.paper_id, name_rows)
    shipped = m_names + methods.phrase_rows(paper, m_names)
    gold_names = {n["name"] for n in orig.get("names", []) if n["role"] == "used"
                  and n["type"] == "method"} if "names" in orig else set(orig["gold"]["mentioned"])
    gm_names = _gold_keys([{concept_key(n)} for n in sorted(gold_names)])
    gold_m = _merged(gm_names + _phrase_labels(gold_phr, "used"))
    mentioned_names = [_row_keys(x) for x in m_names if x["role"] == "mentioned"]
    shipped_m = [x for x in shipped if x["role"] == "mentioned"]
    out: dict = {"mentioned names (names labels)": (_match(gm_names, mentioned_names)[:3], {})}
    preds = [("names", mentioned_names), ("model", [_row_keys(x) for x in shipped_m])]
    if dict_rows is not None:
        preds.insert(1, ("rules", mentioned_names + dict_rows))
    for name, pred in preds:
        tp, fp, fn, hits = _match(gold_m, pred)
        reliability: dict[str, list] = {}
        if name == "model":
            for x, h in zip(shipped_m, hits):
                field = f"mentioned {x['form']}"
                reliability.setdefault(field, []).append((x["confidence"], h))
        out[f"mentioned {name}"] = ((tp, fp, fn), reliability)
    gprop = _gold_keys([{concept_key(n)} for n in orig["gold"]["proposed"]])
    prop_names = [_row_keys(x) for x in m_names if x["role"] == "proposed"]
    out["proposed names"] = (_match(gprop, prop_names)[:3], {})
    prop_all = [_row_keys(x) for x in shipped if x["role"] == "proposed"]
    out["proposed names + phrases"] = (
        _match(_merged(gprop + _phrase_labels(gold_phr, "proposed")), prop_all)[:3], {})
    return out


def _size_match(gold: list[dict], pred: list[dict], role: bool) -> int:
    used: set[int] = set()
    tp = 0
    for g in gold:
        for i, p in enumerate(pred):
            if i in used or abs(p["params"] - g["params"]) > 0.02 * g["params"]:
                continue
            if role and p.get("role", "own") != g["role"]:
                continue
            used.add(i)
            tp += 1
            break
    return tp


def eval_sizes(scores, rel) -> None:
    """Model sizes with their role, on every record whose sizes carry a labelled role."""
    for part, r, _ in phrase_records():
        labelled = r["sizes"] if "sizes" in r else r["gold"]["sizes"]
        if any(not g.get("role") for g in labelled):
            continue  # sizes without roles: not part of this measure
        gold = [g for g in labelled if g.get("params")]
        pred = sizes.extract_rows(PaperText(r["id"], r["text"], r.get("title")))
        distinct = sizes.size_rows(r["id"], sizes.distinct_sizes(sizes.find_sizes(r["text"])))
        own_g = [g for g in gold if g["role"] == "own"]
        for suffix, rows in (("", pred), (", distinct", distinct)):
            tp = _size_match(gold, rows, False)
            scores[part][f"sizes (value{suffix})"].add(tp, len(rows) - tp, len(gold) - tp)
            tp = _size_match(gold, rows, True)
            scores[part][f"sizes (value + role{suffix})"].add(tp, len(rows) - tp, len(gold) - tp)
            own_p = [p for p in rows if p.get("role", "own") == "own"]
            tp = _size_match(own_g, own_p, False)
            scores[part][f"sizes (own models{suffix})"].add(tp, len(own_p) - tp, len(own_g) - tp)
        for p in pred:
            ok = any(abs(p["params"] - g["params"]) <= 0.02 * g["params"]
                     and p.get("role", "own") == g["role"] for g in gold)
            rel[part]["sizes (value + role)"].append((p.get("confidence", 1.0), ok))


def precision_at_recall(pairs: list[tuple[float, bool]], n_gold: int, recall: float = 0.70):
    """The shipped rows swept by confidence, highest first: (confidence, precision, recall) at the
    first cut whose recall reaches ``recall``, or None when the shipped rows never reach it (the
    issue's bar for techniques is precision >= 0.85 at recall >= 0.70)."""
    tp = 0
    for i, (c, ok) in enumerate(sorted(pairs, key=lambda x: -x[0])):
        tp += ok
        if n_gold and tp / n_gold >= recall:
            return c, tp / (i + 1), tp / n_gold
    return None


def reliability(pairs: list[tuple[float, bool]]) -> list[dict]:
    out = []
    for lo, hi in zip(BINS, BINS[1:]):
        got = [ok for c, ok in pairs if lo <= c < hi]
        if got:
            k = sum(got)
            out.append({"bin": f"{lo:.1f}-{min(hi, 1.0):.1f}", "n": len(got), "precision": k / len(got),
                        "ci": wilson(k, len(got))})
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", type=Path)
    ap.add_argument("--parts", default="dev,heldout,blind,seeds")
    ap.add_argument("--only", choices=("techniques", "methods", "sizes"))
    args = ap.parse_args(argv)
    parts = args.parts.split(",")
    scores: dict = defaultdict(lambda: defaultdict(Counts))
    rel: dict = defaultdict(lambda: defaultdict(list))
    if args.only in (None, "techniques"):
        eval_techniques(scores, rel)
    if args.only in (None, "methods"):
        eval_methods(scores, rel)
    if args.only in (None, "sizes"):
        eval_sizes(scores, rel)
    report = {"scores": {}, "reliability": {}}
    names_ = sorted({m for p in scores.values() for m in p})
    print("| measure | part | P [95% CI] | R [95% CI] | F1 | tp/fp/fn |")
    print("|---|---|---|---|---|---|")
    for m in names_:
        for part in parts:
            if m not in scores[part]:
                continue
            s = scores[part][m].summary()
            report["scores"].setdefault(m, {})[part] = s
            p = "-" if s["p"] is None else f"{s['p']:.3f} [{s['p_ci'][0]:.2f}, {s['p_ci'][1]:.2f}]"
            r = "-" if s["r"] is None else f"{s['r']:.3f} [{s['r_ci'][0]:.2f}, {s['r_ci'][1]:.2f}]"
            print(f"| {m} | {part} | {p} | {r} | {s['f1']:.3f} | {s['tp']}/{s['fp']}/{s['fn']} |")
    print()
    for part in parts:
        if "techniques model" not in scores[part]:
            continue
        shipped = scores[part]["techniques model"]  # its tp + fn: the labelled tags
        at = precision_at_recall(rel[part]["techniques"], shipped.tp + shipped.fn)
        report.setdefault("techniques_p_at_r70", {})[part] = at
        print(f"techniques model swept by confidence [{part}]: " + (
            "recall 0.70 not reached" if at is None else
            f"P {at[1]:.3f} at R {at[2]:.3f} (confidence >= {at[0]:.3f})"))
    for part in ("heldout", "blind"):
        for field, pairs in sorted(rel[part].items()):
            table = reliability(pairs)
            report["reliability"].setdefault(field, {})[part] = table
            cells = "; ".join(f"{b['bin']}: {b['precision']:.2f} (n={b['n']})" for b in table)
            print(f"reliability {field} [{part}]: {cells}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
