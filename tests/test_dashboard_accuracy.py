"""benchmarks/accuracy_report.py scores whatever dev sets exist; the Data page shows the result."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from dashboard import analytics as an

ROOT = Path(__file__).resolve().parents[1]
DEVSET = ROOT / "benchmarks" / "devset"


@pytest.fixture(scope="module")
def report_module():
    spec = importlib.util.spec_from_file_location(
        "accuracy_report", ROOT / "benchmarks" / "accuracy_report.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _first(name: str, source_prefix: str, pid: str | None = None) -> dict:
    for line in (DEVSET / name).read_text(encoding="utf-8").splitlines():
        rec = json.loads(line)
        if rec["source"].startswith(source_prefix) and (pid is None or rec["id"] == pid):
            return rec
    raise AssertionError(f"no record {pid or source_prefix} in {name}")


def test_report_reads_every_devset_file_and_scores_by_gold_keys(tmp_path, report_module):
    # a seed abstract with two sizes ("a 454M model ... comparable to a 1.47B model")
    sizes = _first("numbers.jsonl", "seeds/", "pd276a663cbb2f9b")
    assert [s["text"] for s in sizes["gold"]["sizes"]] == ["454M", "1.47B"]
    names = _first("methods.jsonl", "seeds/", "pd276a663cbb2f9b")
    (tmp_path / "numbers_a.jsonl").write_text(json.dumps(sizes) + "\n", encoding="utf-8")
    # the same abstract with one gold size removed and marked held-out: one false positive
    held = dict(sizes, split="heldout", gold={**sizes["gold"], "sizes": sizes["gold"]["sizes"][:1]})
    (tmp_path / "numbers_b.jsonl").write_text(
        json.dumps(dict(sizes, split="dev")) + "\n" + json.dumps(held) + "\n", encoding="utf-8"
    )
    (tmp_path / "names.jsonl").write_text(json.dumps(names) + "\n", encoding="utf-8")
    (tmp_path / "other.jsonl").write_text(
        json.dumps({**names, "gold": {"relations": []}}) + "\n", encoding="utf-8"
    )
    report = report_module.measure(tmp_path)
    rows = {(r["table"], r["measure"], r["level"], r["part"]): r for r in report["rows"]}
    all_sizes = rows[("model_sizes", "sizes", "all", "all")]
    # 3 records x 2 extracted sizes; the held-out one labels only one of them
    assert (all_sizes["tp"], all_sizes["fp"], all_sizes["fn"]) == (5, 1, 0)
    assert all_sizes["abstracts"] == 3
    heldout = rows[("model_sizes", "sizes", "split", "heldout")]
    assert (heldout["tp"], heldout["fp"], heldout["precision"]) == (1, 1, 0.5)
    assert rows[("model_sizes", "sizes", "split", "seeds")]["tp"] == 2  # the file without splits
    # pooled per declared part: the seed abstract of numbers_a.jsonl counts for seeds, the
    # splits of numbers_b.jsonl (a file splits.toml does not list) for the parts they name
    assert rows[("model_sizes", "sizes", "part", "seeds")]["tp"] == 2
    assert rows[("model_sizes", "sizes", "part", "dev")]["abstracts"] == 1
    assert rows[("model_sizes", "sizes", "part", "heldout")]["fp"] == 1
    techniques = rows[("techniques", "techniques", "all", "all")]
    assert techniques["tp"] == 2  # State space/RNN and Long context
    assert any("relations" in s for s in report["not_scored"])
    assert report["has_split"]
    md = report_module.markdown(report)
    assert "| `model_sizes` | parameter counts (within 2%) | heldout | 1 | 0.50 [" in md


def test_blind_check_sets_are_pooled(tmp_path, report_module):
    sizes = _first("numbers.jsonl", "seeds/", "pd276a663cbb2f9b")
    for split in ("fresh2", "fresh4", "dev2"):
        (tmp_path / f"{split}.jsonl").write_text(
            json.dumps(dict(sizes, split=split)) + "\n", encoding="utf-8"
        )
    rows = {(r["measure"], r["level"], r["part"]): r
            for r in report_module.measure(tmp_path)["rows"]}
    blind = rows[("sizes", "part", "blind")]
    # fresh2 + fresh4, not the tuning set dev2: 2 abstracts x 2 sizes
    assert (blind["abstracts"], blind["tp"]) == (2, 4)
    assert sorted(blind["files"]) == ["fresh2.jsonl", "fresh4.jsonl"]
    assert rows[("sizes", "part", "dev")]["files"] == ["dev2.jsonl"]
    assert rows[("sizes", "all", "all")]["tp"] == 6
    assert ("sizes", "split", "blind") not in rows


def test_a_batch_counts_for_the_part_its_file_declares_per_label_kind(report_module):
    # phr18's phrase labels are dev, its technique tags held-out; fresh3's phrase labels are
    # held-out in phrases.jsonl and its name labels dev in fresh3.jsonl
    part = report_module.declared_part
    assert part("phrases.jsonl", {"split": "phr18"}, "phrases") == "dev"
    assert part("phrases.jsonl", {"split": "phr18"}, "techniques") == "heldout"
    assert part("phrases.jsonl", {"split": "fresh3"}, "phrases") == "heldout"
    assert part("fresh3.jsonl", {"split": "fresh3"}, "mentioned") == "dev"
    assert part("methods.jsonl", {"source": "seeds/000_x.txt"}, "mentioned") == "seeds"
    assert part("mine.jsonl", {"split": "fresh6"}, "sizes") == "blind"
    assert part("mine.jsonl", {"source": "recent/acl2024.json"}, "sizes") is None


def test_report_scores_entity_span_files(tmp_path, report_module):
    # a record in the format of sciproxy.jsonl: SciERC-style spans instead of gold lists
    text = (
        "We combine hidden Markov models (HMMs) with a Kalman filter and an attention module, "
        "and evaluate the approach on the Penn Treebank."
    )
    rec = {
        "id": "x",
        "source": "test",
        "title": "A test",
        "text": text,
        "split": "dev",
        "entities": [
            {"text": "hidden Markov models", "type": "Method"},
            {"text": "HMMs", "type": "Method"},
            {"text": "Kalman filter", "type": "Method"},
            {"text": "attention module", "type": "Method"},  # not name-like: not a target
            {"text": "approach", "type": "Generic"},
            {"text": "Penn Treebank", "type": "Material"},
        ],
    }
    (tmp_path / "spans.jsonl").write_text(json.dumps(rec) + "\n", encoding="utf-8")
    report = report_module.measure(tmp_path)
    got = {(e["measure"], e["part"]): (e["hits"], e["total"]) for e in report["entity_spans"]}
    assert got[("recall names exact", "dev")] == (3, 3)
    # every names row (HMM, Kalman filter, Penn Treebank) is an annotated span
    hits, total = got[("precision names exact", "all")]
    assert hits == total >= 3
    assert "## Names against SciERC-style entity spans" in report_module.markdown(report)


def test_entity_span_shares_are_printed_from_their_counts(tmp_path, report_module):
    # 134 / 229 = 0.58515...: stored rounded to 0.585, it printed as 0.58
    span = {"measure": "recall methods + phrases exact", "part": "all", "abstracts": 100,
            "hits": 134, "total": 229, "share": round(134 / 229, 3)}
    report = report_module.measure(tmp_path)  # no dev set: every other table empty
    report["entity_spans"] = [span]
    lines = [ln for ln in report_module.markdown(report).splitlines()
             if ln.startswith("| recall methods + phrases exact")]
    assert lines == ["| recall methods + phrases exact | all | 100 | 0.59 | 134 / 229 |"]


def test_accuracy_table_for_the_data_page():
    rows = [
        {
            "table": "metrics",
            "measure": "metrics",
            "part": "all",
            "abstracts": 99,
            "precision": 0.984,
            "recall": 0.969,
            "f1": 0.977,
            "precision_ci": [0.945, 0.996],
            "recall_ci": [0.924, 0.988],
        },
        {
            "table": "benchmarks",
            "measure": "benchmarks",
            "part": "corpus",
            "abstracts": 3,
            "precision": None,
            "recall": None,
            "f1": None,
            "precision_ci": None,
            "recall_ci": None,
        },
    ]
    out = an.accuracy_table(rows)
    assert out["precision"].tolist() == ["0.98 [0.94–1.00]", "–"]
    assert out["recall"].tolist()[0] == "0.97 [0.92–0.99]"
    # the page's main table: all abstracts and the pooled parts; batches in an expander
    rows[1]["level"] = "split"
    rows.append(dict(rows[0], part="blind", level="part", abstracts=40))
    assert an.accuracy_table(rows, ("all", "part"))["part"].tolist() == ["all", "blind"]
    assert an.accuracy_table(rows, ("split",))["part"].tolist() == ["corpus"]
    # a file written before rows had levels: its pooled blind row is a part, the rest splits
    assert [an.accuracy_level({"part": p}) for p in ("all", "blind", "dev2")] == [
        "all", "part", "split"]


def test_shipped_accuracy_file_matches_the_report_format():
    acc = json.loads((ROOT / "dashboard" / "accuracy.json").read_text(encoding="utf-8"))
    tables = {r["table"] for r in acc["rows"]}
    assert {"methods", "techniques", "benchmarks", "model_sizes", "metrics"} <= tables
    assert all(0 <= r["precision"] <= 1 for r in acc["rows"] if r["precision"] is not None)


def test_report_scores_tags_beside_phrases_and_the_methods_table_by_role(tmp_path, report_module):
    # a seed abstract: "The Transformer architecture ... its powerful self-attention mechanism
    # ... RNN-based LLMs have been proposed as alternatives ..."; its name labels (dev2.jsonl:
    # the file phrases.jsonl's name labels come from) and its phrase and tag labels
    names = dict(_first("methods.jsonl", "seeds/", "pd276a663cbb2f9b"), split="dev2")
    phrases = dict(_first("seeds_phrases.jsonl", "seeds/", "pd276a663cbb2f9b"), split="phr1")
    assert [p["phrase"] for p in phrases["phrases"] if p["role"] == "used"] == [
        "Transformer architecture", "self-attention", "RNN-based LLMs"]
    (tmp_path / "dev2.jsonl").write_text(json.dumps(names) + "\n", encoding="utf-8")
    (tmp_path / "phrases.jsonl").write_text(json.dumps(phrases) + "\n", encoding="utf-8")
    rows = {(r["measure"], r["level"], r["part"]): r
            for r in report_module.measure(tmp_path)["rows"]}
    # tags: the names file's gold and the phrase file's top-level labels, both found
    tags = rows[("techniques", "all", "all")]
    assert (tags["abstracts"], tags["tp"], tags["fp"], tags["fn"]) == (2, 4, 0, 0)
    assert rows[("techniques", "split", "phr1")]["abstracts"] == 1
    # mentioned: "Transformer architecture" and "self-attention" found as phrases, "RNN-based
    # LLMs" missed; the name rows "Transformer" and "RNN" are other concepts than the labels'
    mentioned = rows[("mentioned names + phrases", "all", "all")]
    assert (mentioned["abstracts"], mentioned["tp"], mentioned["fp"], mentioned["fn"]) == (
        1, 2, 2, 1)
    proposed = rows[("proposed names + phrases", "all", "all")]  # "state scaling" not found
    assert (proposed["tp"], proposed["fp"], proposed["fn"]) == (0, 0, 1)
    assert rows[("mentioned names + phrases", "part", "dev")]["abstracts"] == 1
