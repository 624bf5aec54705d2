"""benchmarks/phrase_misses.py: the step of the phrase finder that loses a labelled phrase."""

from __future__ import annotations

import pytest

# ICLR 2024, "Gradual Domain Adaptation via Gradient Flow" (two sentences of its abstract)
TITLE = "Gradual Domain Adaptation via Gradient Flow"
TEXT = ("We employ the Wasserstein gradient flow in Kullback\u2013Leibler divergence to transport "
        "samples from the source to the target domain. To simulate the dynamics, we utilize the "
        "Langevin algorithm.")


@pytest.fixture(scope="module")
def misses():
    from benchmarks import phrase_misses

    return phrase_misses


def test_each_label_is_lost_at_its_own_step(misses):
    labels = [
        {"phrase": "Wasserstein gradient flow", "role": "used"},  # found, as used
        {"phrase": "Kullback-Leibler divergence", "role": "used"},  # the same concept key
        {"phrase": "Wasserstein gradient flow", "role": "proposed"},  # found, other role
        # "in" ends a noun run: no candidate spans it
        {"phrase": "gradient flow in Kullback\u2013Leibler divergence", "role": "used"},
        {"phrase": "target domain", "role": "used"},  # a candidate the finder does not keep
    ]
    steps = misses.losses(TEXT, TITLE, labels)
    assert steps[:4] == ["kept", "kept", "kept, other role", "no candidate"]
    assert steps[4] in ("below floor", "not selected")
