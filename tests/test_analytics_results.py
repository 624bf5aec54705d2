"""The results of dashboard/analytics/results.py,
on small hand-built frames.
"""

from __future__ import annotations

import pandas as pd

from dashboard import analytics as an


# --- Results ---

METRICS = pd.DataFrame(
    {
        "paper_id": ["p1", "p1", "p2", "p3", "p5", "p5"],
        "title": ["A", "A", "B", "C", "D", "D"],
        "text": ["77% accuracy", "2x faster", "+3 points", "80% accuracy", "30x", "1%"],
        "value": [77.0, 2.0, 3.0, 80.0, 30.0, 1.0],
        "unit": ["%", "x", "points", "%", "x", "%"],
        "metric": ["accuracy", "speedup", None, "accuracy", "speedup", "accuracy"],
        "benchmark": ["MMLU", None, "MMLU", "GSM8K", None, "MMLU"],
    }
)


def test_result_selection_measures_and_distribution():
    m = an.with_measures(METRICS)
    assert m["measure"].tolist()[:3] == ["accuracy [%]", "speedup [x]", "(unclear) [points]"]
    assert len(an.select_results(m, metric=["accuracy"])) == 3
    assert len(an.select_results(m, metric=["accuracy"], benchmark=["MMLU"])) == 2
    assert len(an.select_results(m)) == 6
    assert an.units_by_frequency(m) == ["%", "x", "points"]
    dist = an.value_distribution(m, "%")
    assert sorted(dist["value"]) == [1.0, 77.0, 80.0]
    assert set(an.value_distribution(m, "x")["measure"]) == {"speedup [x]"}


def test_skew_and_benchmark_values():
    assert an.is_skewed(pd.Series([1.0, 2.0, 3.0, 100.0]))  # 100 > 20 x median 2.5
    assert not an.is_skewed(pd.Series([10.0, 20.0, 30.0]))
    assert not an.is_skewed(pd.Series([], dtype=float))
    m = an.with_measures(METRICS)
    assert an.benchmarks_by_frequency(m) == ["MMLU", "GSM8K"]
    mmlu = an.benchmark_results(m, "MMLU")
    assert mmlu["value"].tolist() == [77.0, 3.0, 1.0]
    assert list(mmlu.columns) == ["title", "value", "measure", "text", "paper_id"]
