"""Precision and recall of every extracted table on the labelled dev sets, written for people.

    python benchmarks/accuracy_report.py [--devset-dir benchmarks/devset] [--check]

Reads every ``*.jsonl`` dev set in the folder (others are adding abstracts and files), scores
each with the logic of the existing evaluation scripts and writes two files:

* ``docs/ACCURACY.md``: the table a reader checks before trusting a chart;
* ``dashboard/accuracy.json``: the same figures for the Data page.

What is scored depends on a file's ``gold`` keys: ``proposed``/``mentioned``/``techniques``/
``benchmarks`` as in ``benchmarks/eval_names.py`` (a name matches by its fold key, through the
row's name or any of its spellings in the abstract), ``sizes``/``metrics`` as in
``benchmarks/eval_numbers.py`` (a size within 2%, a metric with the same value and unit,
matched one to one), ``results`` as in ``benchmarks/eval_results.py`` (complete rows; skipped,
and said so, while that script or its stage does not load). Scores are
micro-averaged: counts are summed over the abstracts of every file, then P = tp / (tp + fp),
R = tp / (tp + fn).

Each table is reported at three levels (a row's ``level``): ``all`` abstracts; each ``part``
declared in ``benchmarks/devset/splits.toml`` (dev: tuned on; heldout: never tuned on; blind:
labelled without seeing the extractor's output, read only as totals; seeds: the bundled
abstracts), pooled over every file; and each ``split``, a labelled batch as a record's ``split``
field names it (e.g. ``dev2``, ``phr9``), else where the record comes from (``seeds``, or
``corpus``: abstracts from ../shared/corpora). ``--check`` prints the figures without writing
anything.
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib.util
import json
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import splits  # noqa: E402
from extract.stages import REGISTRY, STAGE_NAMES, version_of  # noqa: E402

DEVSET_DIR = ROOT / "benchmarks" / "devset"
OUT_MD = ROOT / "docs" / "ACCURACY.md"
OUT_JSON = ROOT / "dashboard" / "accuracy.json"

# (gold key, table it measures, what is compared)
NAME_KEYS = {
    "proposed": ("methods", "names of methods a paper proposes (role `proposed`)"),
    "mentioned": ("methods", "names of methods a paper mentions (role `mentioned`)"),
    "techniques": ("techniques", "technique tags"),
    "benchmarks": ("benchmarks", "benchmark and dataset names"),
}
NUMBER_KEYS = {
    "sizes": ("model_sizes", "parameter counts (within 2%)"),
    "metrics": ("metrics", "reported values (same value and unit)"),
}
RESULT_KEYS = {
    "results": ("results", "result rows (benchmark, metric, value and kind all agree)"),
}
# per-record labels outside ``gold``: method phrases (phrases.jsonl, fresh6.jsonl); with the
# abstract's name labels (``eval_learned.name_records``), the whole methods table by role
PHRASE_KEYS = {
    "phrases": ("methods", "generic method phrases (`form` = `phrase`; same concept key)"),
    "mentioned names + phrases": (
        "methods", "method names and phrases a paper mentions (role `mentioned`, by concept)"),
    "proposed names + phrases": (
        "methods", "method names and phrases a paper proposes (role `proposed`, by concept)"),
}


def _split_parts() -> dict[str, str]:
    """split value -> part, over the gold-labelled files of benchmarks/devset/splits.toml (not
    the audits' verdicts), for the values that name one part wherever they are declared: the
    part of a record in a file splits.toml does not list (a test's dev set)."""
    seen: dict[str, set[str]] = {}
    for decl in splits.declared().values():
        for value, part in decl.get("splits", {}).items():
            if part not in ("audit", "agreement"):
                seen.setdefault(value, set()).add(part)
    return {value: parts.pop() for value, parts in seen.items() if len(parts) == 1}


SPLIT_PARTS = _split_parts()
LEVELS = ("all", "part", "split")
# tables in the order of their stages' declarations (extract/data/stages/*.toml)
ORDER = [t for spec in REGISTRY if spec.evaluation for t in spec.tables]
ALL_KEYS = {**NAME_KEYS, **NUMBER_KEYS, **RESULT_KEYS, **PHRASE_KEYS}


@lru_cache(maxsize=None)
def _load(name: str):
    """The benchmark script ``benchmarks/<name>.py`` as a module (loaded once)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def part_of(record: dict, has_split: bool) -> str:
    """The labelled batch a record belongs to, its row at the ``split`` level: its split, else
    seeds or corpus by its source (:func:`declared_part` gives the part it counts for)."""
    if has_split:
        return str(record.get("split") or "unsplit")
    return "seeds" if str(record.get("source", "")).startswith("seeds/") else "corpus"


def declared_part(file_name: str, record: dict, key: str) -> str | None:
    """The part (:data:`benchmarks.splits.PARTS`) the labels ``key`` of ``record`` in
    ``file_name`` count for: the part splits.toml declares (technique tags may have their own);
    for a file it does not list, the part of the record's split value in another file, else
    ``seeds`` for a bundled abstract; None when nothing says."""
    try:
        return splits.part(file_name, record, "techniques" if key == "techniques" else None)
    except KeyError:
        if record.get("split") is not None:
            return SPLIT_PARTS.get(str(record["split"]))
        return "seeds" if str(record.get("source", "")).startswith("seeds/") else None


def score_names(records: list[dict], keys: list[str]) -> dict[str, list[int]]:
    """tp, fp, fn and abstracts scored per gold key with ``eval_names``' prediction and
    matching, over the records that carry that key's labels.

    A name matches by its fold key, through its canonical name or any of its spellings in the
    abstract; techniques by their lower-cased tag.
    """
    en = _load("eval_names")
    from extract.records import PaperText
    from extract.stages import techniques

    counts = {k: [0, 0, 0, 0] for k in keys}
    for rec in records:
        mine = [k for k in keys if k in rec.get("gold", {})]
        paper = PaperText(rec["id"], rec["text"], rec.get("title"))
        if mine == ["techniques"]:  # tag labels only (phrases.jsonl): the one stage they need
            pred = {"techniques": {r["technique"].lower() for r in techniques.extract_rows(paper)}}
        elif mine:
            pred = en.predict(paper)
        for k in mine:
            gold, got = en.table_sets(k, rec["gold"][k], pred)
            counts[k][0] += len(gold & got)
            counts[k][1] += len(got - gold)
            counts[k][2] += len(gold - got)
            counts[k][3] += 1
    return counts


def score_numbers(records: list[dict], keys: list[str]) -> dict[str, list[int]]:
    """tp, fp, fn for sizes and metrics with ``eval_numbers``' one-to-one matching."""
    en = _load("eval_numbers")
    from extract.records import PaperText
    from extract.stages import metrics, sizes

    counts = {k: [0, 0, 0, 0] for k in keys}
    for rec in records:
        paper = PaperText(rec["id"], rec["text"])
        pred = {"sizes": sizes.extract_rows(paper), "metrics": metrics.extract_rows(paper)}
        same = {"sizes": en._same_size, "metrics": en._same_metric}
        for k in keys:
            if k not in rec.get("gold", {}):
                continue
            gold = rec["gold"][k]
            tp = len(en._match(gold, pred[k], same[k]))
            counts[k][0] += tp
            counts[k][1] += len(pred[k]) - tp
            counts[k][2] += len(gold) - tp
            counts[k][3] += 1
    return counts


def score_results(records: list[dict], keys: list[str]) -> dict[str, list[int]]:
    """tp, fp, fn of complete result rows with ``eval_results``' matching."""
    er = _load("eval_results")
    counts = {k: [0, 0, 0, 0] for k in keys}
    for rec in records:
        if "results" not in rec.get("gold", {}):
            continue
        pred = er.predict(rec)
        gold = rec["gold"]["results"]
        tp = len(er.match(gold, pred, er.complete))
        counts["results"][0] += tp
        counts["results"][1] += len(pred) - tp
        counts["results"][2] += len(gold) - tp
        counts["results"][3] += 1
    return counts


def _source(path: Path, records: list[dict]) -> dict:
    """A dev set file read, as the report lists it (relative to the checkout when inside it)."""
    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    return {"file": shown.as_posix(), "abstracts": len(records)}


def score_spans(path: Path, records: list[dict]) -> list[dict]:
    """``eval_sciproxy``'s measures (name-like Method recall, names as entity spans) per part."""
    es = _load("eval_sciproxy")
    parts = sorted({str(r.get("split", "all")) for r in records})
    out = []
    for part in ["all", *[p for p in parts if p != "all"]]:
        recs = [r for r in records if part == "all" or str(r.get("split", "all")) == part]
        for measure, (hit, total) in es.score(recs).items():
            out.append(
                {
                    "file": path.name,
                    "part": part,
                    "abstracts": len(recs),
                    "measure": measure,
                    "hits": hit,
                    "total": total,
                    "share": round(hit / total, 3) if total else None,
                }
            )
    return out


def _results_scorer_missing() -> str | None:
    """Why result rows cannot be scored (no eval script or results stage), else None."""
    if not (ROOT / "benchmarks" / "eval_results.py").is_file():
        return "benchmarks/eval_results.py not found"
    try:
        _load("eval_results")
    except Exception as exc:  # a stage being written may not import yet
        return f"benchmarks/eval_results.py does not load ({type(exc).__name__}: {exc})"
    return None


def prf(tp: int, fp: int, fn: int) -> tuple[float | None, float | None, float | None]:
    """Precision, recall, F1 (None where undefined)."""
    p = tp / (tp + fp) if tp + fp else None
    r = tp / (tp + fn) if tp + fn else None
    f = 2 * p * r / (p + r) if p and r else (0.0 if p is not None and r is not None else None)
    return p, r, f


def score_phrases(records: list[dict], originals: dict[str, dict] | None) -> dict[str, list[int]]:
    """tp, fp, fn and abstracts scored of the method phrases
    (:func:`extract.phrases.find_phrases`) by concept key, and of the whole ``methods`` table by
    role (names and phrases, one item per concept) on the abstracts with name labels (the
    record's own, else its record in ``originals``), as ``benchmarks/eval_learned.py`` scores
    them."""
    el = _load("eval_learned")
    from extract.phrases import find_phrases
    from extract.phrases.concepts import concept_key
    from extract.records import PaperText
    from extract.text.markup import clean_view

    counts = {k: [0, 0, 0, 0] for k in PHRASE_KEYS}
    for rec in records:
        gold = {concept_key(p["phrase"]) for p in rec["phrases"]}
        pred = {p.key for p in find_phrases(clean_view(rec["text"]).text, rec.get("title") or "")}
        for i, n in enumerate((len(gold & pred), len(pred - gold), len(gold - pred), 1)):
            counts["phrases"][i] += n
        orig = rec if originals is None else originals.get(rec["id"])
        if orig is None or "proposed" not in orig.get("gold", {}):
            continue  # phrase labels only
        paper = PaperText(rec["id"], rec["text"], rec.get("title"))
        got = el.names_and_phrases(paper, rec["phrases"], orig)
        for key, measure in (("mentioned names + phrases", "mentioned model"),
                             ("proposed names + phrases", "proposed names + phrases")):
            for i, n in enumerate((*got[measure][0], 1)):
                counts[key][i] += n
    return {k: c for k, c in counts.items() if c[3]}


def measure(devset_dir: Path) -> dict:
    """Score every dev set of ``devset_dir``: one entry per (table, measure, part)."""
    files = sorted(devset_dir.glob("*.jsonl"))
    per: dict[tuple[str, str, str], dict] = {}
    sources, skipped, any_split = [], [], False
    spans: list[dict] = []
    for path in files:
        records = [
            json.loads(line)
            for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()
        ]
        if not records:
            continue
        if path.stem in splits.TECHNIQUE_FILES:  # tag labels beside the phrases (phrases.jsonl)
            records = [{**r, "gold": {"techniques": r["techniques"]}}
                       if "gold" not in r and r.get("techniques") is not None else r
                       for r in records]
        if set(splits.declared().get(path.name, {}).get("splits", {}).values()) == {"agreement"}:
            continue  # a second labelling of abstracts of another file: benchmarks/agreement.py
        if all("entities" in r for r in records):
            # SciERC-style entity spans (sciproxy.jsonl): their own measures, see below
            spans.extend(score_spans(path, records))
            sources.append(_source(path, records))
            continue
        gold_keys = set().union(*(r.get("gold", {}).keys() for r in records))
        phrase_keys = ["phrases"] if all("phrases" in r for r in records) else []
        names = [k for k in NAME_KEYS if k in gold_keys]
        numbers = [k for k in NUMBER_KEYS if k in gold_keys]
        result_keys = [k for k in RESULT_KEYS if k in gold_keys]
        if result_keys and (why := _results_scorer_missing()):
            skipped.append(f"{path.name}: result rows not scored: {why}")
            result_keys = []
        unknown = sorted(gold_keys - set(ALL_KEYS))
        if unknown:
            skipped.append(f"{path.name}: no scorer for gold keys {', '.join(unknown)}")
        if not names and not numbers and not result_keys and not phrase_keys:
            continue
        has_split = any("split" in r for r in records)
        any_split |= has_split
        parts: dict[str, list[dict]] = {}
        for r in records:
            parts.setdefault(part_of(r, has_split), []).append(r)
        sources.append(_source(path, records))
        # the phrase-label records' name labels, read once per file (not once per part)
        originals = _load("eval_learned").name_records(path.name, devset_dir) if phrase_keys \
            else None
        # each record scored once, in its split; the file's "all" row is the sum of its splits'
        scored = {
            part: {
                **(score_names(recs, names) if names else {}),
                **(score_numbers(recs, numbers) if numbers else {}),
                **(score_results(recs, result_keys) if result_keys else {}),
                **(score_phrases(recs, originals) if phrase_keys else {}),
            }
            for part, recs in sorted(parts.items())
        }
        total: dict[str, list[int]] = {}
        for by_key in scored.values():
            for key, counts in by_key.items():
                total[key] = [a + b for a, b in zip(total.get(key, [0, 0, 0, 0]), counts)]
        for part, by_key in [("all", total), *scored.items()]:
            level = "all" if part == "all" else "split"
            recs = records if part == "all" else parts[part]
            for key, counts in by_key.items():
                # a split's records share their split (or, without one, their kind of source):
                # one declared part per split and gold key
                pooled = None if level == "all" else declared_part(path.name, recs[0], key)
                for lvl, name in ((level, part), ("part", pooled)):
                    if name is None or not counts[3]:
                        continue
                    _add(per, key, lvl, name, counts[3], counts[:3], path.name)
    from dashboard.analytics import wilson_interval

    rows = []
    for entry in per.values():
        tp, fp, fn = entry["tp"], entry["fp"], entry["fn"]
        p, r, f = prf(tp, fp, fn)
        p_ci = [round(float(v), 3) for v in wilson_interval(tp, tp + fp)] if tp + fp else None
        r_ci = [round(float(v), 3) for v in wilson_interval(tp, tp + fn)] if tp + fn else None
        rows.append(
            {**entry, "precision": p, "recall": r, "f1": f, "precision_ci": p_ci, "recall_ci": r_ci}
        )
    part_rank = {p: i for i, p in enumerate(splits.PARTS)}
    rows.sort(
        key=lambda e: (
            ORDER.index(e["table"]) if e["table"] in ORDER else 99,
            list(ALL_KEYS).index(e["measure"]),
            LEVELS.index(e["level"]),
            part_rank.get(e["part"], len(part_rank)) if e["level"] == "part" else 0,
            e["part"],
        )
    )
    return {
        "generated": dt.date.today().isoformat(),
        "commit": _commit(),
        # the code the figures describe: tests fail when the installed stages differ
        "stage_versions": {n: version_of(n) for n in STAGE_NAMES if n != "keywords"},
        "devsets": sources,
        "not_scored": skipped,
        "has_split": any_split,
        "rows": rows,
        "entity_spans": spans,
    }


def _add(per: dict, key: str, level: str, part: str, abstracts: int, counts: list[int],
         file_name: str) -> None:
    """Add one file's counts (tp, fp, fn) of gold key ``key`` over ``abstracts`` abstracts to the
    entry of (table, key, level, part) in ``per``."""
    table, what = ALL_KEYS[key]
    entry = per.setdefault(
        (table, key, level, part),
        {"table": table, "measure": key, "what": what, "level": level, "part": part,
         "abstracts": 0, "tp": 0, "fp": 0, "fn": 0, "files": []},
    )
    entry["abstracts"] += abstracts
    for i, k in enumerate(("tp", "fp", "fn")):
        entry[k] += counts[i]
    if file_name not in entry["files"]:
        entry["files"].append(file_name)


def _commit() -> str:
    try:
        out = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(ROOT), "status", "--porcelain", "--", "extract"],
            capture_output=True,
            text=True,
        ).stdout.strip()
        return out + (" + uncommitted changes to extract/" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def _fmt(x: float | None) -> str:
    return "–" if x is None else f"{x:.2f}"


def _ci(ci: list[float] | None) -> str:
    return "" if ci is None else f"[{ci[0]:.2f}–{ci[1]:.2f}]"


def _row_table(rows: list[dict], part_header: str) -> list[str]:
    """Markdown table lines of report rows."""
    lines = [
        f"| table | what is compared | {part_header} | abstracts | precision | recall | F1 | tp "
        "| fp | fn |",
        "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for e in rows:
        lines.append(
            f"| `{e['table']}` | {e['what']} | {e['part']} | {e['abstracts']} | "
            f"{_fmt(e['precision'])} {_ci(e['precision_ci'])} | "
            f"{_fmt(e['recall'])} {_ci(e['recall_ci'])} | {_fmt(e['f1'])} | "
            f"{e['tp']} | {e['fp']} | {e['fn']} |"
        )
    return lines


def markdown(report: dict) -> str:
    """``docs/ACCURACY.md`` for ``report``."""
    lines = [
        "# How accurate are the extracted tables?",
        "",
        "Generated by `python benchmarks/accuracy_report.py` (do not edit by hand) on "
        f"{report['generated']} at commit {report['commit']}. It scores the extractors (rules and "
        "trained models, as a build runs them) on "
        "every hand-labelled dev set in `benchmarks/devset/` and writes this file and "
        "`dashboard/accuracy.json` (shown on the dashboard's Data page).",
        "",
        "Precision: of the rows the extractor wrote, the share a person also labelled. Recall: of "
        "what a person labelled, the share the extractor found. Counts are summed over "
        "abstracts (micro-average). Small counts mean wide uncertainty: the brackets give the "
        "95% Wilson interval of each precision and recall.",
        "",
        "Each table is scored on *all* labelled abstracts, then per **part**, pooled over every "
        "file as `benchmarks/devset/splits.toml` declares it: *dev* (tuned on: rules, "
        "vocabularies and models were changed looking at its errors), *heldout* (scored, never "
        "tuned on), *blind* (drawn and labelled by helpers who never saw the extractors' "
        "output; only their totals are ever looked at: the fairest figures for papers nobody "
        "here has read) and *seeds* (the bundled demo abstracts, tuned on). The last table "
        "gives each labelled **batch** apart (a record's `split`, e.g. *dev2* or *phr9*; "
        "without one, *seeds* or *corpus*, abstracts of `../shared/corpora`). One batch can "
        "count for different parts in different files (fresh3's name labels are dev, its "
        "phrase labels held-out) and for its technique tags (phr18). "
        "`benchmarks/eval_fresh.py --devset F` scores a names file per name type and role.",
        "",
        "## By part",
        "",
        *_row_table([e for e in report["rows"] if e["level"] != "split"], "part"),
        "",
        "## By labelled batch",
        "",
        *_row_table([e for e in report["rows"] if e["level"] == "split"], "batch"),
    ]
    if report.get("entity_spans"):
        lines += [
            "",
            "## Names against SciERC-style entity spans",
            "",
            "`benchmarks/devset/sciproxy.jsonl`: 100 NeurIPS/ICML/ICLR abstracts of 2016-2019 with "
            "every scientific entity span annotated blind under the SciERC scheme (the issue's "
            "outside check, which the rules forbid fetching). *Recall*: of the Method spans that "
            "look like names, the share the `methods` table or any `names` row gives, exactly "
            "(a spelling folds to the span) or overlapping it; SciERC spans carry head nouns "
            '("DQN agent") that names leave out, so exact recall is also given on spans that are '
            "wholly a name, and for the whole `methods` table with its method-phrase rows (a phrase "
            'row "DQN agent" holds the span), with the precision of all its rows as Method spans. '
            "*Precision*, strict: of the `names` rows in the abstract, the share that "
            "are exactly an annotated span of any type but Generic; *lenient* (labelled so): the "
            "share whose own span overlaps an annotated span of its kind (method-Method, "
            "dataset-Material, metric-Metric, task-Task, other-OtherScientificTerm). Overlap "
            "figures are lenient throughout. *dev* errors have been read; *heldout* "
            "only in total. `python benchmarks/eval_sciproxy.py` prints the same figures.",
            "",
            "| measure | part | abstracts | share | hits / total |",
            "| --- | --- | ---: | ---: | ---: |",
        ]
        for e in report["entity_spans"]:
            lines.append(
                # from the counts: the stored share is rounded to 3 places, and rounding that
                # again gave 0.58 for 134 / 229 (0.585...)
                f"| {e['measure']} | {e['part']} | {e['abstracts']} | "
                f"{_fmt(e['hits'] / e['total'] if e['total'] else None)} | "
                f"{e['hits']} / {e['total']} |"
            )
    lines += [
        "",
        "Not measured here: `keywords` (no labelled dev set; `benchmarks/keywords_bench.py` "
        "compares it with ICLR author keywords, see the README) and the `papers`/`sources` "
        "tables, which are read, not extracted.",
        "",
        "Dev sets read:",
        "",
        *[f"- `{d['file']}`: {d['abstracts']} abstracts" for d in report["devsets"]],
    ]
    if report["not_scored"]:
        lines += ["", "Not scored:", "", *[f"- {s}" for s in report["not_scored"]]]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--devset-dir", type=Path, default=DEVSET_DIR)
    ap.add_argument("--check", action="store_true", help="print only, write nothing")
    args = ap.parse_args(argv)
    if not args.devset_dir.is_dir():
        print(f"{args.devset_dir}: no such folder", file=sys.stderr)
        return 2
    report = measure(args.devset_dir)
    if not report["rows"]:
        print(f"{args.devset_dir}: no dev set with gold labels to score", file=sys.stderr)
        return 1
    print(f"{'table':<12} {'measure':<11} {'level':<5} {'part':<9} {'n':>5} {'P':>5} {'R':>5} "
          f"{'F1':>5}")
    for e in report["rows"]:
        print(
            f"{e['table']:<12} {e['measure']:<11} {e['level']:<5} {e['part']:<9} "
            f"{e['abstracts']:>5} "
            f"{_fmt(e['precision']):>5} {_fmt(e['recall']):>5} {_fmt(e['f1']):>5}"
        )
    if not args.check:
        OUT_MD.write_text(markdown(report), encoding="utf-8")
        OUT_JSON.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {OUT_MD.relative_to(ROOT)} and {OUT_JSON.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
