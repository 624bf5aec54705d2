"""Leaderboard computations of dashboard.analytics on hand-built ``results`` frames.

The abstracts are shortened from real ones (paperlists/iclr2018.json "Regularizing and
Optimizing LSTM Language Models", icml2019.json "Improving Neural Language Modeling via
Adversarial Training", recent/acl2024.json "MathGenie").
"""

from __future__ import annotations

import pandas as pd
import pytest

from dashboard import analytics as an

AWD = (
    "We propose ways to regularize LSTMs. We achieve an even lower state-of-the-art perplexity "
    "of 52.8 on Penn Treebank and 52.0 on WikiText-2. We also explore the QRNN."
)
ADV = (
    "We propose adversarial training for language models. We achieve test perplexity scores of "
    "46.01 and 38.65 on Penn Treebank (PTB) and Wikitext-2, respectively."
)
MATH = "MathGenie-InternLM2 achieves an accuracy of 87.7% on GSM8K and 55.7% on MATH."


def _span(text: str, needle: str) -> tuple[int, int]:
    start = text.index(needle)
    return start, start + len(needle)


def row(pid, abstract, needle, bench, metric, value, unit=None, kind="score", method=None):
    start, end = _span(abstract, needle)
    direction = {"perplexity": "lower", "accuracy": "higher"}.get(metric)
    return {
        "paper_id": pid, "method": method, "benchmark": bench, "metric": metric, "value": value,
        "unit": unit, "kind": kind, "direction": direction, "qualifier": None, "setting": None,
        "start": start, "end": end, "confidence": 0.9,
    }  # fmt: skip


@pytest.fixture()
def frames():
    papers = pd.DataFrame(
        [
            ("awd", "AWD-LSTM", "ICLR", 2018, AWD),
            ("adv", "Adv", "ICML", 2019, ADV),
            ("old", "Old", "ICLR", 2017, ADV),
            ("mg", "MathGenie", "ACL", 2024, MATH),
        ],
        columns=["paper_id", "title", "venue", "year", "abstract"],
    )
    results = pd.DataFrame(
        [
            row("awd", AWD, "52.8", "Penn Treebank", "perplexity", 52.8, method="AWD-LSTM"),
            row("awd", AWD, "52.0", "WikiText-2", "perplexity", 52.0, method="AWD-LSTM"),
            row("adv", ADV, "46.01", "Penn Treebank", "perplexity", 46.01),
            row("adv", ADV, "38.65", "Wikitext2", "perplexity", 38.65),
            # a worse score of the same paper and a year with no record
            row("old", ADV, "46.01", "Penn Treebank", "perplexity", 60.0),
            row("old", ADV, "38.65", "Penn Treebank", "perplexity", 58.0),
            # a gain is never a score
            row("awd", AWD, "52.0", "Penn Treebank", "perplexity", 3.6, kind="delta"),
            row("mg", MATH, "87.7%", "GSM8K", "accuracy", 87.7, "%", method="MathGenie"),
            # 0.5 written as a fraction of a 0-100 metric: shown as 50%
            row("mg", MATH, "55.7%", "GSM8K", "accuracy", 0.5, None),
            row("mg", MATH, "55.7%", "MATH", "accuracy", 55.7, "%"),
        ]
    )
    return results, papers


def test_fold_name_merges_spellings():
    assert an.fold_name("WikiText-2") == an.fold_name("Wikitext2") == "wikitext2"


def test_benchmarks_ranked_by_papers_with_one_spelling(frames):
    results, _ = frames
    out = an.leaderboard_benchmarks(results)
    assert out["benchmark"].tolist() == ["Penn Treebank", "WikiText-2", "GSM8K", "MATH"]
    assert out["papers"].tolist() == [3, 2, 1, 1]
    # "WikiText-2" and "Wikitext2" are one benchmark; ties keep the alphabetical spelling
    assert out.loc[out["benchmark"] == "WikiText-2", "scores"].item() == 2


def test_metrics_of_a_benchmark(frames):
    results, _ = frames
    out = an.leaderboard_metrics(results, "penn treebank")
    assert out.to_dict("records") == [{"metric": "perplexity", "papers": 3, "direction": "lower"}]
    assert an.leaderboard_metrics(results, "no such benchmark").empty


def test_leaderboard_keeps_each_papers_best_in_the_metrics_direction(frames):
    results, papers = frames
    board, unit = an.leaderboard(results, papers, "Penn Treebank", "perplexity", percent=False)
    assert unit == ""
    # lower is better: the 2017 paper's best is 58.0, not 60.0; the gain 3.6 is not a score
    assert board[["rank", "title", "score"]].values.tolist() == [
        [1, "Adv", 46.01],
        [2, "AWD-LSTM", 52.8],
        [3, "Old", 58.0],
    ]
    assert board.loc[0, "evidence"] == (
        "We achieve test perplexity scores of ⟦46.01⟧ and 38.65 on Penn Treebank (PTB) and "
        "Wikitext-2, respectively."
    )
    assert board.loc[1, "method"] == "AWD-LSTM" and board.loc[1, "year"] == 2018


def test_percent_metrics_share_one_axis(frames):
    results, papers = frames
    board, unit = an.leaderboard(results, papers, "GSM8K", "accuracy", percent=True)
    assert unit == "%"
    assert board["score"].tolist() == [87.7]  # 0.5 -> 50% is the same paper's worse score
    results = results[results["value"] != 87.7]
    board, _ = an.leaderboard(results, papers, "GSM8K", "accuracy", percent=True)
    assert board["score"].tolist() == [50.0]


def test_state_of_the_art_is_the_best_so_far(frames):
    results, papers = frames
    board, _ = an.leaderboard(results, papers, "Penn Treebank", "perplexity", percent=False)
    sota = an.state_of_the_art(board, "lower")
    assert sota[["year", "best", "year_best", "record"]].values.tolist() == [
        [2017, 58.0, 58.0, True],
        [2018, 52.8, 52.8, True],
        [2019, 46.01, 46.01, True],
    ]
    assert sota["title"].tolist() == ["Old", "AWD-LSTM", "Adv"]
    # higher is better: a worse later year keeps the record
    up = pd.DataFrame(
        {"year": [2020, 2021, 2022], "score": [70.0, 65.0, 80.0], "method": ["a", "b", "c"],
         "title": ["A", "B", "C"]}
    )  # fmt: skip
    sota = an.state_of_the_art(up, "higher")
    assert sota["best"].tolist() == [70.0, 70.0, 80.0]
    assert sota["record"].tolist() == [True, False, True]
    assert sota["method"].tolist() == ["a", "a", "c"]
    frame = an.sota_frame(up.assign(venue="X"), sota)
    assert frame["series"].value_counts().to_dict() == {"paper": 3, "best so far": 3}


def test_gains_are_listed_apart(frames):
    results, papers = frames
    gains = an.reported_gains(results, papers, "Penn Treebank")
    assert gains[["value", "title"]].values.tolist() == [[3.6, "AWD-LSTM"]]
    assert "⟦52.0⟧" in gains.loc[0, "evidence"]
    assert an.reported_gains(results, papers, "GSM8K").empty


def test_kinds_and_span_text(frames):
    results, papers = frames
    assert an.kind_counts(results) == {"score": 9, "delta": 1, "relative": 0, "other": 0}
    assert len(an.results_of_kind(results, "delta")) == 1
    with pytest.raises(ValueError):
        an.results_of_kind(results, "scores")
    texts = an.with_span_text(results.head(2), papers)["text"].tolist()
    assert texts == ["52.8", "52.0"]


def test_evidence_is_the_sentence_of_the_number():
    start, end = _span(AWD, "52.0")
    assert an.evidence(AWD, start, end, ("[", "]")) == (
        "We achieve an even lower state-of-the-art perplexity of 52.8 on Penn Treebank and [52.0] "
        "on WikiText-2."
    )
    sentence, s, e = an.evidence_span(AWD, start, end)
    assert sentence[s:e] == "52.0"
    assert an.evidence(None, 1, 2) == ""


def test_bounds_and_approximations_stay_off_the_board(frames):
    results, papers = frames
    over = row("mg", MATH, "87.7%", "GSM8K", "accuracy", 95.0, "%") | {"qualifier": "over"}
    just = row("mg", MATH, "55.7%", "GSM8K", "accuracy", 91.0, "%") | {"qualifier": "just"}
    more = pd.concat([results, pd.DataFrame([over, just])], ignore_index=True)
    board, _ = an.leaderboard(more, papers, "GSM8K", "accuracy", percent=True)
    assert board["score"].tolist() == [91.0]  # "over 95%" is a bound; "only 91%" is exact


def test_a_link_picks_a_board_in_any_spelling():
    options = ["ImageNet", "Penn Treebank", "WikiText-2"]
    assert an.pick_index(options, "penn treebank") == 1
    assert an.pick_index(options, "Wikitext2") == 2
    assert an.pick_index(options, "no such") == 0 and an.pick_index(options, None) == 0


def test_a_score_off_the_boards_scale_is_left_out(frames):
    # paperlists/iclr2017.json "Neural Architecture Search ...": a character-level "perplexity
    # of 1.214" on PTB among word-level perplexities of 46-60
    results, papers = frames
    nas = row("mg", MATH, "87.7%", "Penn Treebank", "perplexity", 1.214)
    more = pd.concat([results, pd.DataFrame([nas])], ignore_index=True)
    board, _ = an.leaderboard(more, papers, "Penn Treebank", "perplexity", percent=False)
    assert 1.214 not in board["score"].tolist() and len(board) == 3
    assert an.off_scale_scores(more, "Penn Treebank", "perplexity", False)["value"].tolist() == [
        1.214
    ]
    # with fewer than four papers there is no median to judge by
    few = more[more["paper_id"].isin(["mg", "awd"])]
    board, _ = an.leaderboard(few, papers, "Penn Treebank", "perplexity", percent=False)
    assert board["score"].tolist() == [1.214, 52.8]
