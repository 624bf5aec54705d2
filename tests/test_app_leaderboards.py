"""The Leaderboards and Results pages under AppTest, on a build of real abstracts.

``tests/fixtures/leaderboards.json`` holds ten corpus abstracts (paperlists/iclr2017.json,
icml2017.json, iclr2018.json, icml2018.json, icml2019.json, naacl2024.json; recent/acl2024.json,
emnlp2024.json, iclr2024.json) that report perplexities on Penn Treebank and WikiText-2 and
accuracies and reductions on GSM8K and MATH. The page shows the boards of
``extract.leaderboards`` (the same as ``paper-trends leaderboard``).
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
    for k, v in (query_params or {}).items():
        at.query_params[k] = v
    at.run()
    at.switch_page(f"dashboard/app_pages/{name}.py").run()
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    return at


def captions(at: AppTest) -> list[str]:
    return [c.value for c in at.caption]


def html(at: AppTest) -> str:
    return "".join(h.proto.body for h in at.get("html"))


def test_default_board_holds_the_papers_own_scores_in_the_main_setting():
    at = page("leaderboards")
    bench = at.selectbox(key="lb_bench")
    assert bench.options[0].startswith("Penn Treebank · 6 papers")
    assert at.selectbox(key="lb_metric").value == "perplexity · language modelling"
    assert at.toggle(key="lb_all").value is False
    # the coverage line: papers naming the benchmark, papers with a placeable score
    assert any(
        c.startswith("6 paper(s) in view name Penn Treebank; 6 report a placeable score")
        for c in captions(at)
    )
    board = at.dataframe[0].value
    # only the papers' own methods, in the board's main setting; lower perplexity is better
    assert set(board["role"]) == {"own method"} and set(board["setting"]) == {"standard"}
    assert board["score"].tolist() == [46.01, 47.69, 52.8, 65.4, 70.9]
    assert board["title"].is_unique and board.iloc[0]["year"] == 2019
    # the baseline of "improves word-level perplexity from 90.6 to 65.4" is not on it
    assert 90.6 not in board["score"].tolist()
    # the evidence is the whole sentence, the number marked, nothing cut off
    rhn = board[board["score"] == 65.4].iloc[0]["evidence"]
    assert rhn == (
        "On the Penn Treebank corpus, solely increasing the transition depth from 1 to 10 "
        "improves word-level perplexity from 90.6 to ⟦65.4⟧ using the same number of parameters."
    )
    # the top entries with the sentence highlighted
    shown = html(at)
    assert ">65.4</mark> using the same number of parameters." in shown
    assert "own method" in shown
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Papers on this board"] == "5" and metrics["Better is"] == "lower"
    assert len(at.get("download_button")) >= 3  # the chart's data, the board, the unplaced
    charts = at.get("vega_lite_chart")
    assert len(charts) == 1
    assert "step-after" in charts[0].proto.spec  # the best so far, a step per year


def test_the_toggle_shows_other_roles_and_settings_labelled():
    at = page("leaderboards")
    at.toggle(key="lb_all").set_value(True).run()
    assert not at.exception
    board = at.dataframe[0].value
    roles = dict(zip(board["score"], board["role"]))
    settings = dict(zip(board["score"], board["setting"]))
    assert roles[90.6] == "baseline"  # the A of "from 90.6 to 65.4"
    assert roles[65.4] == "own method"
    # "word-level perplexities ... and character-level cross-entropies" in one sentence: its
    # perplexity is read as another setting, shown only here and labelled
    assert settings[51.1] == "character-level"
    assert len(board) == 7
    assert "baseline" in html(at)


def test_unplaced_scores_are_listed_with_the_reason():
    at = page("leaderboards")
    unplaced = at.dataframe[1].value
    # "... on the text8 and Hutter Prize datasets (achieving 1.19 bits/char ...)": a number of
    # another benchmark, on no Penn Treebank board
    row = unplaced.iloc[0]
    assert row["value"] == 1.19 and "Hutter Prize" in row["reason"]
    assert row["title"] == "Dynamic Evaluation of Neural Sequence Models"
    assert 1.19 not in at.dataframe[0].value["score"].tolist()


def test_choosing_a_benchmark_shows_its_board_and_gains():
    at = page("leaderboards")
    at.selectbox(key="lb_bench").set_value("gsm8k").run()
    assert not at.exception
    assert at.selectbox(key="lb_metric").value == "accuracy · math reasoning"
    board = at.dataframe[0].value
    assert board["score"].tolist() == sorted(board["score"].tolist(), reverse=True)
    assert board.iloc[0]["method"] == "MuMath-Code"
    assert any(c.startswith("4 paper(s) in view name GSM8K") for c in captions(at))
    # the reduction in samples (-80.1%) is a gain, listed apart and never a score
    gains = at.dataframe[-1].value
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


def test_a_link_names_the_board_by_any_alias():
    at = page("leaderboards", {"benchmark": "gsm8k", "metric": "accuracy"})
    assert at.selectbox(key="lb_bench").value == "gsm8k"
    assert at.selectbox(key="lb_metric").value == "accuracy · math reasoning"
    at = page("leaderboards", {"benchmark": "PTB"})  # PTB = Penn Treebank
    assert at.selectbox(key="lb_bench").value == "penn-treebank"


def test_on_the_seeds_a_benchmark_with_only_unplaced_scores_lists_them(seeds_db):
    with database_env(seeds_db):
        at = page("leaderboards")
    assert at.selectbox(key="lb_bench").value == "safelawbench"
    assert any(c.startswith("1 paper(s) in view name SafeLawBench") for c in captions(at))
    unplaced = at.dataframe[0].value
    # "even leading SOTA models like Claude-3.5-Sonnet ... at most 80.5%": a bound of an
    # evaluated model, not a score
    assert unplaced["value"].tolist() == [80.5]
    assert unplaced.iloc[0]["reason"].startswith("a bound")
    assert unplaced.iloc[0]["role"] == "evaluated model"
