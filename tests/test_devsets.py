"""The dev sets' parts are declared in one file, and every labelled record has one."""

from __future__ import annotations

import json

import pytest

from benchmarks import splits
from tests.conftest import ROOT

FILES = sorted(p.name for p in splits.DEVSET.glob("*.jsonl"))


def test_every_devset_file_is_declared_and_nothing_else():
    assert sorted(splits.declared()) == FILES


@pytest.mark.parametrize("name", FILES)
def test_every_record_has_a_declared_part(name):
    for line in (splits.DEVSET / name).read_text(encoding="utf-8").splitlines():
        if line.strip():
            assert splits.part(name, json.loads(line)) in splits.PARTS


def test_the_accuracy_report_pools_exactly_the_declared_blind_sets():
    assert splits.blind_splits() == ("fresh2", "fresh4", "fresh5", "fresh6")
    assert splits.part("fresh4.jsonl", {"split": "fresh4"}) == "blind"
    assert splits.part("dev2.jsonl", {"split": "dev2"}) == "dev"
    assert splits.part("methods.jsonl", {"source": "seeds/000_x.txt"}) == "seeds"
    with pytest.raises(KeyError):
        splits.part("dev2.jsonl", {"split": "fresh9"})


def test_a_batch_can_be_dev_for_phrases_and_heldout_for_its_technique_tags():
    assert splits.part("phrases.jsonl", {"split": "phr18"}) == "dev"
    assert splits.part("phrases.jsonl", {"split": "phr18"}, "techniques") == "heldout"
    assert splits.part("phrases.jsonl", {"split": "phr17"}, "techniques") == "dev"
    # the tagger trains on the dev technique records: none of them is from a batch whose
    # technique labels are declared held-out (phr18)
    held_batches = set(splits.declared()["phrases.jsonl"]["technique_splits"])
    assert held_batches == {"phr18"}
    dev = [r for _, r, _ in splits.technique_records("dev")]
    held = [r for _, r, _ in splits.technique_records("heldout")]
    assert not any(r.get("split") in held_batches for r in dev)
    assert sum(r.get("split") == "phr18" for r in held) == 1600
    assert sum(r.get("split") == "phr17" for r in dev) == 1600


def test_the_shipped_accuracy_report_was_measured_on_the_installed_code():
    """The dashboard shows dashboard/accuracy.json: it must describe the code that builds the
    tables. Regenerate it with ``python benchmarks/accuracy_report.py`` after changing a stage."""
    from extract.stages import version_of

    report = json.loads((ROOT / "dashboard" / "accuracy.json").read_text(encoding="utf-8"))
    measured = report.get("stage_versions")
    assert measured, "accuracy.json names no stage versions: regenerate it"
    stale = {n: v for n, v in measured.items() if version_of(n) != v}
    assert not stale, f"accuracy.json was measured on other code for {sorted(stale)}: regenerate it"


def test_every_labelled_venue_has_a_family_for_the_venue_shift_benchmark():
    # benchmarks/venue_shift.py leaves a venue or a venue family out of training; a venue of a
    # new labelled batch without a family would be a family of its own there
    from benchmarks.venue_shift import FAMILY, family_of, venue_of

    assert venue_of("recent/emnlp2023.json:record 962") == "emnlp"
    assert venue_of("paperlists/nips2016.json:record 365") == "nips"
    assert venue_of("recent/lreccoling2024.json:record 3") == "lreccoling"
    assert family_of("recent/lreccoling2024.json:record 3") == "nlp"
    venues = set()
    for _, r, _ in splits.technique_records():
        venues.add(venue_of(r.get("source")))
    for line in (ROOT / "benchmarks" / "devset" / "phrases.jsonl").open(encoding="utf-8"):
        venues.add(venue_of(json.loads(line).get("source")))
    assert venues - set(FAMILY) == set()
    assert len(venues) >= 10


def test_the_seeds_phrase_labels_are_the_seed_abstracts_of_the_name_labels():
    # benchmarks/eval_learned.py scores the seeds' mentioned methods with the name labels of
    # methods.jsonl and the phrase labels of seeds_phrases.jsonl: the same 48 abstracts, same text
    def load(name):
        return [json.loads(line) for line in (splits.DEVSET / name).open(encoding="utf-8")]

    names = {r["id"]: r for r in load("methods.jsonl") if r["source"].startswith("seeds/")}
    phrases = load("seeds_phrases.jsonl")
    assert sorted(r["id"] for r in phrases) == sorted(names)
    for r in phrases:
        assert r["text"] == names[r["id"]]["text"]
        assert splits.part("seeds_phrases.jsonl", r) == "seeds"
        for p in r["phrases"]:
            assert p["phrase"] in r["text"] or p["phrase"] in (r["title"] or ""), p
            assert p["role"] in ("proposed", "used")


def test_the_technique_sweep_stops_at_the_first_cut_reaching_the_recall():
    from benchmarks.eval_learned import precision_at_recall

    rows = [(0.9, True), (0.8, False), (0.7, True), (0.6, True), (0.5, False)]
    # 4 labelled tags: recall 0.75 is first reached at confidence 0.6, with 3 of 4 rows right
    assert precision_at_recall(rows, 4, 0.70) == (0.6, 0.75, 0.75)
    assert precision_at_recall(rows, 10, 0.70) is None
