"""benchmarks/eval_sciproxy.py: names against SciERC-style entity spans (its lenient overlap)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
OVERLAP = "precision names overlap, same kind (lenient)"


@pytest.fixture(scope="module")
def es():
    spec = importlib.util.spec_from_file_location(
        "eval_sciproxy", ROOT / "benchmarks" / "eval_sciproxy.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _first_dev_record() -> dict:
    for line in (ROOT / "benchmarks" / "devset" / "sciproxy.jsonl").read_text().splitlines():
        rec = json.loads(line)
        if rec.get("split") == "dev":
            return rec
    raise AssertionError("no dev record")


def test_overlap_precision_needs_a_span_of_the_rows_kind(es):
    # a real abstract with its real labels (ICML 2017, count-based exploration: DQN, PixelCNN)
    rec = _first_dev_record()
    got = es.score([rec])
    hits, total = got[OVERLAP]
    assert 0 < hits <= total
    # the same spans typed OtherScientificTerm: the method rows now overlap no span of their
    # kind, so they count wrong (the old any-type overlap kept them all right)
    other = {**rec, "entities": [{**e, "type": "OtherScientificTerm"} for e in rec["entities"]]}
    moved = es.score([other])
    assert moved[OVERLAP][0] < hits
    # the strict exact figure looks at the text only
    assert moved["precision names exact"] == got["precision names exact"]


def test_overlap_precision_fails_rows_no_span_covers(es):
    # the same abstract with no span annotated: none of its six names rows counts right
    rec = _first_dev_record()
    without = {**rec, "entities": []}
    assert es.score([without])[OVERLAP][0] == 0
    assert es.score([without])["precision names exact"][0] == 0


def test_every_overlap_figure_is_labelled_lenient(es):
    keys = list(es.score([]))
    assert [k for k in keys if "overlap" in k and "lenient" not in k] == []
    assert "precision names exact" in keys and "recall names exact" in keys


def test_the_whole_table_recall_adds_phrase_rows_to_the_names(es):
    # the dev part: the methods table with its phrase rows finds every name-like span its name
    # rows find, and more; the same spans typed Task leave its rows no Method span to be
    recs = [json.loads(x) for x in (ROOT / "benchmarks" / "devset" / "sciproxy.jsonl")
            .read_text().splitlines() if json.loads(x).get("split") == "dev"][:20]
    got = es.score(recs)
    names_hit, total = got["recall methods exact"]
    whole_hit, whole_total = got["recall methods + phrases exact"]
    assert whole_total == total > 0 and whole_hit > names_hit
    prec = "precision methods + phrases as Method spans exact"
    assert 0 < got[prec][0] < got[prec][1]
    tasks = [{**r, "entities": [{**e, "type": "Task"} for e in r["entities"]]} for r in recs]
    assert es.score(tasks)[prec][0] == 0
