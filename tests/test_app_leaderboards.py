"""The Leaderboards and Results pages under AppTest, on a build of real abstracts.

``tests/fixtures/leaderboards.json`` holds nine corpus abstracts (paperlists/iclr2017.json,
icml2017.json, iclr2018.json, icml2019.json, naacl2024.json; recent/acl2024.json,
emnlp2024.json, iclr2024.json) that report perplexities on Penn Treebank and WikiText-2 and
accuracies and reductions on GSM8K and MATH.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("streamlit")
from streamlit.testing.v1 import AppTest  # noqa: E402

from tests.conftest import database_env  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "streamlit_app.py"
FIXTURE = ROOT / "tests" / "fixtures" / "leaderboards.json"
TIMEOUT = 60


@pytest.fixture(scope="module", autouse=True)
def leaderboard_db(tmp_path_factory):
    from extract.pipeline import build

    db = tmp_path_factory.mktemp("leaderboards") / "lb.duckdb"
    assert build([FIXTURE], db, skip={"keywords"}).ok
    with database_env(db):
        yield db


def page(name: str, query_params: dict | None = None) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    # the fixture papers include 2017-2019 and a reject-free set: show every paper
    for k, v in (query_params or {}).items():
        at.query_params[k] = v
    at.run()
    at.switch_page(f"dashboard/app_pages/{name}.py").run()
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    return at


def test_leaderboard_lists_benchmarks_by_papers_and_ranks_the_scores():
    at = page("leaderboards")
    bench = at.selectbox(key="lb_bench")
    assert bench.options[0].startswith("Penn Treebank · 5 papers")
    assert bench.value == "Penn Treebank"
    assert at.selectbox(key="lb_metric").value == "perplexity"
    board = at.dataframe[0].value
    # lower perplexity is better: the 2019 paper leads, and each paper appears once
    assert board["score"].tolist() == sorted(board["score"].tolist())
    assert board["title"].is_unique and len(board) == 5
    assert board.iloc[0]["year"] == 2019
    assert "⟦" in board.iloc[0]["evidence"] and "⟧" in board.iloc[0]["evidence"]
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Papers with a score"] == "5"
    assert metrics["Better is"] == "lower"
    assert len(at.get("download_button")) >= 2  # the chart's data and the board
    charts = at.get("vega_lite_chart")
    assert len(charts) == 1
    assert "step-after" in charts[0].proto.spec  # the best so far, a step per year


def test_choosing_a_benchmark_shows_its_board_and_gains():
    at = page("leaderboards")
    at.selectbox(key="lb_bench").set_value("GSM8K").run()
    assert not at.exception
    assert at.selectbox(key="lb_metric").value == "accuracy"
    board = at.dataframe[0].value
    assert board["score"].tolist() == sorted(board["score"].tolist(), reverse=True)
    assert board.iloc[0]["method"] == "MuMath-Code"
    # the reduction in samples (-80.1%) is a gain, listed apart and never a score
    gains = at.dataframe[1].value
    assert gains["value"].tolist() == [-80.1]
    assert -80.1 not in board["score"].tolist()


def test_results_page_separates_kinds():
    at = page("results")
    kind = at.segmented_control(key="rs_kind")
    assert kind.value == "score"
    scores = at.dataframe[0].value
    assert len(scores) > 0
    at.segmented_control(key="rs_kind").set_value("delta").run()
    assert not at.exception
    deltas = at.dataframe[0].value
    assert -80.1 in deltas["value"].tolist()
    assert not set(deltas["value"]) & {52.8, 90.7}


def test_a_link_names_the_board():
    at = page("leaderboards", {"benchmark": "gsm8k", "metric": "accuracy"})
    assert at.selectbox(key="lb_bench").value == "GSM8K"
    assert at.selectbox(key="lb_metric").value == "accuracy"
