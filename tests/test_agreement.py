"""benchmarks/agreement.py: a second labelling scored against the first, as eval_learned scores."""

from __future__ import annotations

import copy
import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def ag():
    spec = importlib.util.spec_from_file_location("agreement", ROOT / "benchmarks" / "agreement.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# a real abstract (ICLR 2024, "Pushing Mixture of Experts to the Limit"), first labels as a
# labeller would write them
TEXT = (
    "The Mixture of Experts (MoE) is a widely known neural architecture where  an ensemble of "
    "specialized sub-models optimizes overall performance with a constant computational cost. "
    "However, conventional MoEs pose challenges at scale due to the need to store all experts in "
    "memory. In this paper, we push MoE to the limit. We propose extremely parameter-efficient MoE "
    "by uniquely combining MoE architecture with lightweight experts.Our MoE architecture "
    "outperforms standard parameter-efficient fine-tuning (PEFT) methods and is on par with full "
    "fine-tuning by only updating the lightweight experts -- less than 1\\% of an 11B parameters "
    "model. Furthermore, our method generalizes to unseen tasks as it does not depend on any prior "
    "task knowledge. Our research underscores the versatility of the mixture of experts "
    "architecture, showcasing its ability to deliver robust performance even when subjected to "
    "rigorous parameter constraints."
)
FIRST = {
    "id": "t1", "split": "phr9", "text": TEXT,
    "title": "Pushing Mixture of Experts to the Limit: Extremely Parameter Efficient MoE for "
             "Instruction Tuning",
    "phrases": [
        {"phrase": "Mixture of Experts", "role": "used", "acronym": "MoE"},
        {"phrase": "parameter-efficient fine-tuning", "role": "used", "acronym": "PEFT"},
        {"phrase": "extremely parameter-efficient MoE", "role": "proposed", "acronym": None},
        {"phrase": "full fine-tuning", "role": "used", "acronym": None},
        {"phrase": "lightweight experts", "role": "used", "acronym": None},
    ],
    "techniques": ["Mixture of experts", "LoRA/PEFT", "Instruction tuning/SFT"],
    "sizes": [{"text": "11B", "params": 11e9, "model": None, "role": "own"}],
}


def test_identical_labels_agree_fully(ag):
    s = ag.score([(FIRST, copy.deepcopy(FIRST))])
    for name in ("phrases", "phrases (lenient)", "techniques", "sizes (value + role)"):
        assert s[name].summary()["f1"] == pytest.approx(1.0), name


def test_differences_count_as_eval_learned_counts_them(ag):
    second = copy.deepcopy(FIRST)
    second["phrases"] = [
        # the same concept in another spelling: a strict match (same concept key)
        {"phrase": "mixture of experts", "role": "used", "acronym": None},
        {"phrase": "parameter-efficient fine-tuning", "role": "used", "acronym": "PEFT"},
        # the proposed technique seen as used: the phrase agrees, its role does not
        {"phrase": "extremely parameter-efficient MoE", "role": "used", "acronym": None},
        # a longer span ending on the same word: a lenient match only
        {"phrase": "MoE architecture with lightweight experts", "role": "used", "acronym": None},
        # "full fine-tuning" left out, "neural architecture" added
        {"phrase": "neural architecture", "role": "used", "acronym": None},
    ]
    second["techniques"] = ["Mixture of experts", "LoRA/PEFT"]
    second["sizes"] = [{"text": "11B", "params": 11e9, "model": None, "role": "baseline"}]
    s = ag.score([(FIRST, second)])
    strict = s["phrases"]
    assert (strict.tp, strict.fp, strict.fn) == (3, 2, 2)
    lenient = s["phrases (lenient)"]
    assert (lenient.tp, lenient.fp, lenient.fn) == (4, 1, 1)
    proposed = s["phrases proposed"]
    assert (proposed.tp, proposed.fp, proposed.fn) == (0, 0, 1)
    t = s["techniques"]
    assert (t.tp, t.fp, t.fn) == (2, 0, 1)
    assert s["sizes"].tp == 1 and s["sizes (value + role)"].tp == 0


def test_pairs_refuse_a_second_label_of_another_text(ag, tmp_path, monkeypatch):
    first = tmp_path / "phrases.jsonl"
    second = tmp_path / "phrases_second.jsonl"
    first.write_text(json.dumps(FIRST) + "\n")
    other = dict(copy.deepcopy(FIRST), split="agree1", text=TEXT.replace("11B", "13B"))
    second.write_text(json.dumps(other) + "\n")
    with pytest.raises(AssertionError):
        list(ag.pairs(second, first))
    second.write_text(json.dumps(dict(copy.deepcopy(FIRST), split="agree1")) + "\n")
    assert [b["split"] for _, b in ag.pairs(second, first)] == ["agree1"]
