"""Leaderboard computations of dashboard.analytics on hand-built ``results`` frames.

The abstracts are shortened from real ones (paperlists/iclr2018.json "Regularizing and
Optimizing LSTM Language Models", icml2019.json "Improving Neural Language Modeling via
Adversarial Training", recent/acl2024.json "MathGenie").
"""

from __future__ import annotations

import pandas as pd
import pytest

from dashboard import analytics as an
from extract import leaderboards

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


def test_state_of_the_art_is_the_best_so_far(frames):
    results, papers = frames
    # the page's board: extract.leaderboards over the same frames, ``score`` = the board value
    ann = leaderboards.annotate(results, papers)
    board = leaderboards.board(ann, "penn-treebank", "perplexity")
    board = board.assign(score=board["value"])
    # lower is better: the 2017 paper's best is 58.0, not 60.0; the gain 3.6 is not a score
    assert board[["title", "score"]].values.tolist() == [
        ["Adv", 46.01], ["AWD-LSTM", 52.8], ["Old", 58.0],
    ]  # fmt: skip
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


def test_kinds_and_span_text(frames):
    results, papers = frames
    assert an.kind_counts(results) == {"score": 9, "delta": 1, "relative": 0, "other": 0}
    assert len(an.results_of_kind(results, "delta")) == 1
    with pytest.raises(ValueError):
        an.results_of_kind(results, "scores")
    texts = an.with_span_text(results.head(2), papers)["text"].tolist()
    assert texts == ["52.8", "52.0"]


def test_an_evidence_sentence_is_split_at_its_marks():
    evidence = (
        "We achieve an even lower state-of-the-art perplexity of 52.8 on Penn Treebank and "
        "⟦52.0⟧ on WikiText-2."
    )
    sentence, s, e = an.split_evidence(evidence)
    assert sentence == AWD.split(". ")[1] + "."
    assert sentence[s:e] == "52.0"
    assert an.split_evidence("no mark here") == ("no mark here", 0, 0)
    assert an.split_evidence(None) == ("", 0, 0)


def test_board_rows_as_html_keep_the_whole_sentence_escaped():
    board = pd.DataFrame([{
        "rank": 1, "value": 87.7, "unit": "%", "metric": "accuracy", "method": "MathGenie<b>",
        "role": "baseline", "setting": "standard", "title": "MathGenie", "venue": "ACL",
        "year": 2024, "evidence": "MathGenie-InternLM2 achieves an accuracy of ⟦87.7%⟧ on GSM8K "
        "and 55.7% on MATH.",
    }])  # fmt: skip
    seen = []

    def marked(sentence, s, e, label):
        seen.append((sentence[s:e], label))
        return f"{sentence[:s]}<mark>{sentence[s:e]}</mark>{sentence[e:]}"

    out = an.board_html(board, marked)
    assert seen == [("87.7%", "87.7% accuracy")]
    assert "<mark>87.7%</mark> on GSM8K and 55.7% on MATH." in out
    assert "MathGenie&lt;b&gt;" in out and "MathGenie<b>" not in out
    assert ">baseline<" in out and "(ACL 2024)" in out
