"""benchmarks/role_probe.py: the counts behind its selection and proposed F1."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def probe_module():
    spec = importlib.util.spec_from_file_location("role_probe",
                                                  ROOT / "benchmarks" / "role_probe.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_proposed_f1_counts_every_labelled_proposed_phrase(probe_module):
    # one abstract labelled with two proposed phrases and one used; three candidate concepts:
    # a right proposed one, a labelled used one, and an unlabelled one under the threshold
    docs = [([], {"specdecod": "proposed", "beamsearch": "used", "draftmodel": "proposed"})]
    y = np.array([True, True, False])
    yp = np.array([True, False, False])
    probe = probe_module.Probe(docs, y, yp, np.zeros(3, dtype=int))
    q = np.array([0.9, 0.8, 0.245])
    f, t = probe.selection(q)
    assert (round(f, 4), t) == (0.8, 0.25)  # 2 right of 2 kept, 3 labelled
    pf, af, rt, fl = probe.proposed(q, 0.5, np.array([0.9, 0.1, 0.9]))
    # one proposed concept kept and right; the missed "draftmodel" counts: 2 * 1 / (1 + 2)
    assert (round(pf, 4), round(af, 4), rt, fl) == (0.6667, 0.8, 0.3, 0.5)
    # a floor over the proposed concept's probability drops it: no better F1, so not chosen
    assert probe.proposed(np.array([0.55, 0.8, 0.245]), 0.5, np.array([0.9, 0.1, 0.9]))[3] == 0.5


def test_proposed_errors_split_the_misses_by_cause(probe_module):
    # four labelled phrases, three of them proposed; "draftmodel" has no candidate concept
    docs = [([], {"specdecod": "proposed", "beamsearch": "used", "draftmodel": "proposed",
                  "tokentree": "proposed"})]
    y = np.array([True, True, False, True])
    yp = np.array([True, False, False, True])
    probe = probe_module.Probe(docs, y, yp, np.zeros(4, dtype=int))
    q = np.array([0.9, 0.8, 0.6, 0.45])
    role = np.array([0.9, 0.7, 0.8, 0.2])  # beam search read as proposed, token tree as used
    errors = probe_module.proposed_errors(probe, q, role, 0.44, 0.34, 0.41)
    assert errors == {"kept as proposed": 3, "of which labelled proposed": 1,
                      "of which labelled used": 1, "of which not labelled": 1,
                      "labelled proposed": 3, "of which no concept among the candidates": 1,
                      "of which not kept": 0, "of which kept as used": 1}
    # a floor over the unlabelled concept's probability drops it: no longer kept
    assert probe_module.proposed_errors(probe, q, role, 0.44, 0.34, 0.7)["kept as proposed"] == 2
