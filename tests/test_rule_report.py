"""Precision per rule id: the names rules' counts follow the labels."""

from __future__ import annotations

import importlib.util

from tests.conftest import ROOT

TEXT = ("Existing 3D face reconstruction methods rely on PCA models of facial appearance. "
        "We propose FitMe, a facial reflectance model and a differentiable rendering optimization "
        "pipeline, that can be used to acquire high-fidelity renderable human avatars from single "
        "or multiple images.")


def _report():
    spec = importlib.util.spec_from_file_location("rule_report", ROOT / "benchmarks" / "rule_report.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_a_proposal_cue_is_right_when_its_name_is_gold_proposed_and_wrong_otherwise():
    rr = _report()
    right = rr.name_rule_counts([{"text": TEXT, "gold": {"proposed": ["FitMe"], "mentioned": ["PCA"]}}])
    wrong = rr.name_rule_counts([{"text": TEXT, "gold": {"proposed": [], "mentioned": ["FitMe"]}}])
    fired = {rid for rid, c in right.items() if c[0]}
    assert fired, "no proposal rule fired on 'We propose FitMe'"
    assert all(right[r][1] == right[r][0] and right[r][2] == 0 for r in fired)
    assert all(wrong[r][2] == wrong[r][0] and wrong[r][3] == wrong[r][0] for r in fired)
    assert all(rid.startswith(("proposals.", "roles.", "titles.")) for rid in right)
