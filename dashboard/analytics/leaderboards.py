"""Leaderboards and results by kind: benchmarks and metrics, the best score per paper,
evidence sentences, off-scale scores, the state of the art over time, reported gains.

Pure functions, no Streamlit (see :mod:`dashboard.analytics`).
"""

from __future__ import annotations

from collections.abc import Iterable

import pandas as pd



# --- Leaderboards and results by kind (issue 13) ----------------------------------------------
# Frames follow the ``results`` table (extract/schema.py): one row per reported number with
# ``benchmark``, ``metric``, ``value``, ``unit``, ``kind``, ``direction``, ``method``,
# ``setting``, ``qualifier``, ``start``/``end`` into the paper's abstract.

RESULT_KINDS = {
    "score": "Scores",
    "delta": "Gains (differences)",
    "relative": "Ratios (x faster, x smaller)",
    "other": "Counts",
}
EVIDENCE_MARKS = ("⟦", "⟧")  # around the number in a plain-text evidence sentence
# A leaderboard ranks reported scores: "over 95%", "up to 80%", "about 70%" are bounds or
# approximations, not scores, and stay off it ("only 45%" is exact).
EXACT_QUALIFIERS = (None, "just")


def fold_name(name: object) -> str:
    """``name`` lower-cased with only letters and digits: "WikiText-2" and "Wikitext2" agree."""
    return "".join(ch for ch in str(name).lower() if ch.isalnum())


def _with_bench_key(results: pd.DataFrame) -> pd.DataFrame:
    rows = results.dropna(subset=["benchmark"])
    return rows.assign(bench_key=rows["benchmark"].map(fold_name))


def _spellings(rows: pd.DataFrame) -> pd.Series:
    """The most used spelling of each benchmark key (ties: alphabetical)."""
    counts = rows.groupby(["bench_key", "benchmark"]).size().reset_index(name="n")
    counts = counts.sort_values(["bench_key", "n", "benchmark"], ascending=[True, False, True])
    return counts.drop_duplicates("bench_key").set_index("bench_key")["benchmark"]


def leaderboard_benchmarks(results: pd.DataFrame) -> pd.DataFrame:
    """Benchmarks with reported scores, the one with most papers first.

    Spellings that differ only in case and punctuation ("WikiText-2", "Wikitext2") count as one
    benchmark, shown in its most used spelling.

    Returns:
        ``benchmark``, ``papers`` (with a score on it), ``scores``, ``key`` (folded name).
    """
    cols = ["benchmark", "papers", "scores", "key"]
    rows = _with_bench_key(results[results["kind"] == "score"])
    if rows.empty:
        return pd.DataFrame(columns=cols)
    per = rows.groupby("bench_key").agg(papers=("paper_id", "nunique"), scores=("value", "size"))
    per["benchmark"] = _spellings(rows)
    per = per.reset_index(names="key")
    per = per.sort_values(["papers", "scores", "benchmark"], ascending=[False, False, True])
    return per[cols].reset_index(drop=True)


def _on_benchmark(results: pd.DataFrame, benchmark: str) -> pd.DataFrame:
    key = fold_name(benchmark)
    rows = results.dropna(subset=["benchmark"])
    return rows[rows["benchmark"].map(fold_name) == key]


def leaderboard_metrics(results: pd.DataFrame, benchmark: str) -> pd.DataFrame:
    """Metrics of the scores reported on ``benchmark``, the one with most papers first.

    Returns:
        ``metric``, ``papers``, ``direction`` (``higher``/``lower``/None).
    """
    rows = _on_benchmark(results[results["kind"] == "score"], benchmark).dropna(subset=["metric"])
    if rows.empty:
        return pd.DataFrame(columns=["metric", "papers", "direction"])
    per = rows.groupby("metric").agg(
        papers=("paper_id", "nunique"), direction=("direction", "first")
    )
    per = per.reset_index().sort_values(["papers", "metric"], ascending=[False, True])
    return per.reset_index(drop=True)


def score_axis(rows: pd.DataFrame, percent: bool) -> tuple[pd.DataFrame, str]:
    """Scores of one metric on one axis: the rows that fit, with ``score``, and the axis unit.

    A 0-100 metric (``percent``: accuracy, F1, ...) is shown in %: "72.4%" and a bare "72.4"
    as written, a bare "0.724" times 100. Any other metric keeps its most used unit; rows in
    other units are left out (they would not share the axis).
    """
    rows = rows.dropna(subset=["value"])
    unit = rows["unit"].fillna("")
    if percent:
        fits = unit.isin(["%", ""])
        share = (unit == "") & (rows["value"].abs() < 1)
        score = rows["value"].where(~share, rows["value"] * 100)
        return rows[fits].assign(score=score[fits]), "%"
    if rows.empty:
        return rows.assign(score=pd.Series(dtype=float)), ""
    common = unit.value_counts().index[0]
    fits = unit == common
    return rows[fits].assign(score=rows.loc[fits, "value"]), common


def _sentence_of(abstract: str, start: int, end: int) -> tuple[str, int, int]:
    from extract.text.sentences import sentences

    for off, sent in sentences(abstract):
        if off <= start < off + len(sent):
            return sent, start - off, min(end, off + len(sent)) - off
    return abstract, start, end


def evidence(abstract: object, start: object, end: object, marks: tuple[str, str] = EVIDENCE_MARKS):
    """The sentence of ``abstract`` holding ``[start, end)``, the number between ``marks``."""
    if not isinstance(abstract, str) or pd.isna(start) or pd.isna(end):
        return ""
    sent, s, e = _sentence_of(abstract, int(start), int(end))
    return f"{sent[:s]}{marks[0]}{sent[s:e]}{marks[1]}{sent[e:]}".strip()


def evidence_span(abstract: str, start: int, end: int) -> tuple[str, int, int]:
    """The sentence holding ``[start, end)`` and the span's offsets inside it (for highlighting)."""
    return _sentence_of(abstract, int(start), int(end))


def _best_per_paper(rows: pd.DataFrame, direction: str | None) -> pd.DataFrame:
    lower = direction == "lower"
    rows = rows.sort_values(["paper_id", "score", "start"], ascending=[True, lower, True])
    return rows.drop_duplicates("paper_id")


def leaderboard(
    results: pd.DataFrame, papers: pd.DataFrame, benchmark: str, metric: str, percent: bool
) -> tuple[pd.DataFrame, str]:
    """The best score each paper reports on ``benchmark`` in ``metric``, best first.

    Only ``score`` rows count (gains and ratios never share the score axis), only exact ones
    (:data:`EXACT_QUALIFIERS`: no "over", "up to", "about") and none off the board's scale
    (:func:`off_scale`). A paper's best is its highest
    value, or its lowest for a metric where lower is better (perplexity, WER, FID).

    Args:
        results: ``results`` rows.
        papers: ``paper_id``, ``title``, ``venue``, ``year``, ``abstract``.
        benchmark: A benchmark name (any spelling of it).
        metric: A canonical metric.
        percent: The metric is on a 0-100 scale (see :func:`score_axis`).

    Returns:
        The board (``rank``, ``score``, ``unit``, ``method``, ``title``, ``venue``, ``year``,
        ``setting``, ``evidence``, ``value``, ``qualifier``, ``paper_id``, ``start``, ``end``)
        and the unit of its scores.
    """
    cols = [
        "rank",
        "score",
        "unit",
        "method",
        "title",
        "venue",
        "year",
        "setting",
        "evidence",
        "value",
        "qualifier",
        "paper_id",
        "start",
        "end",
    ]
    rows = _on_benchmark(results[results["kind"] == "score"], benchmark)
    exact = rows["qualifier"].isna() | rows["qualifier"].isin([q for q in EXACT_QUALIFIERS if q])
    rows = rows[(rows["metric"] == metric) & exact]
    rows, unit = score_axis(rows, percent)
    if rows.empty:
        return pd.DataFrame(columns=cols), unit
    direction = rows["direction"].dropna().iloc[0] if rows["direction"].notna().any() else None
    rows = rows[~off_scale(rows)]
    best = _best_per_paper(rows, direction)
    info = papers[["paper_id", "title", "venue", "year", "abstract"]]
    best = best.merge(info, on="paper_id", how="left")
    best["evidence"] = [
        evidence(a, s, e) for a, s, e in zip(best["abstract"], best["start"], best["end"])
    ]
    best = best.sort_values(
        ["score", "year", "title"], ascending=[direction == "lower", True, True], na_position="last"
    )
    best["rank"] = range(1, len(best) + 1)
    best["unit"] = unit or None
    return best[cols].reset_index(drop=True), unit


OFF_SCALE = 10  # a score this many times above or below the board's median is off its scale
OFF_SCALE_MIN_PAPERS = 4  # fewer papers: no median to judge by


def off_scale(rows: pd.DataFrame) -> pd.Series:
    """True for scores ten times above or below the median of their board.

    Such a score is in another scale or setting the abstract does not name: a character-level
    "perplexity of 1.214" among word-level perplexities of 50-70 on Penn Treebank.
    """
    score = rows["score"].astype(float)
    median = score.median()
    if rows["paper_id"].nunique() < OFF_SCALE_MIN_PAPERS or not median > 0:
        return pd.Series(False, index=rows.index)
    return (score > OFF_SCALE * median) | (score < median / OFF_SCALE)


def off_scale_scores(
    results: pd.DataFrame, benchmark: str, metric: str, percent: bool
) -> pd.DataFrame:
    """The scores :func:`leaderboard` leaves out as off its scale: ``value``, ``paper_id``."""
    rows = _on_benchmark(results[results["kind"] == "score"], benchmark)
    exact = rows["qualifier"].isna() | rows["qualifier"].isin([q for q in EXACT_QUALIFIERS if q])
    rows, _ = score_axis(rows[(rows["metric"] == metric) & exact], percent)
    if rows.empty:
        return rows
    return rows[off_scale(rows)][["value", "paper_id"]].reset_index(drop=True)


def state_of_the_art(board: pd.DataFrame, direction: str | None) -> pd.DataFrame:
    """The best score reported so far, year by year, from a :func:`leaderboard`.

    Returns:
        One row per year with a score: ``year``, ``best`` (best so far), ``year_best`` (best
        reported that year), ``record`` (True when that year set a new best), and ``method``
        and ``title`` of the paper holding the best so far.
    """
    cols = ["year", "best", "year_best", "record", "method", "title"]
    rows = board.dropna(subset=["year", "score"])
    if rows.empty:
        return pd.DataFrame(columns=cols)
    lower = direction == "lower"
    rows = rows.sort_values(["year", "score"], ascending=[True, lower])
    per_year = rows.drop_duplicates("year")
    out, best, holder = [], None, (None, None)
    for r in per_year.itertuples(index=False):
        better = best is None or (r.score < best if lower else r.score > best)
        if better:
            best, holder = r.score, (r.method, r.title)
        out.append(
            {
                "year": int(r.year),
                "best": best,
                "year_best": r.score,
                "record": better,
                "method": holder[0],
                "title": holder[1],
            }
        )
    return pd.DataFrame(out, columns=cols)


def reported_gains(
    results: pd.DataFrame, papers: pd.DataFrame, benchmark: str, metric: str | None = None
) -> pd.DataFrame:
    """Differences reported on ``benchmark`` ("+2.2 points", "by 3.1%"), largest first.

    ``metric`` None: every metric. These are gains over a baseline, not scores: they are
    listed apart and never drawn on a score axis.

    Returns:
        ``value``, ``unit``, ``metric``, ``method``, ``title``, ``venue``, ``year``,
        ``evidence``, ``paper_id``.
    """
    cols = ["value", "unit", "metric", "method", "title", "venue", "year", "evidence", "paper_id"]
    rows = _on_benchmark(results[results["kind"] == "delta"], benchmark)
    if metric is not None:
        rows = rows[rows["metric"] == metric]
    if rows.empty:
        return pd.DataFrame(columns=cols)
    rows = rows.merge(papers[["paper_id", "title", "venue", "year", "abstract"]], on="paper_id")
    rows["evidence"] = [
        evidence(a, s, e) for a, s, e in zip(rows["abstract"], rows["start"], rows["end"])
    ]
    rows = rows.sort_values("value", ascending=False, key=lambda v: v.abs())
    return rows[cols].reset_index(drop=True)


def results_of_kind(results: pd.DataFrame, kind: str) -> pd.DataFrame:
    """The rows of one kind (``score``, ``delta``, ``relative`` or ``other``)."""
    if kind not in RESULT_KINDS:
        raise ValueError(f"unknown kind {kind!r}; one of {', '.join(RESULT_KINDS)}")
    return results[results["kind"] == kind]


def kind_counts(results: pd.DataFrame) -> dict[str, int]:
    """Number of rows per kind, every kind listed."""
    counts = results["kind"].value_counts()
    return {k: int(counts.get(k, 0)) for k in RESULT_KINDS}


def with_span_text(rows: pd.DataFrame, papers: pd.DataFrame) -> pd.DataFrame:
    """``rows`` with ``text``: the span of each row as written in its abstract."""
    abstracts = papers.set_index("paper_id")["abstract"]
    text = [
        str(abstracts.get(p, ""))[int(s) : int(e)] if pd.notna(s) and pd.notna(e) else ""
        for p, s, e in zip(rows["paper_id"], rows["start"], rows["end"])
    ]
    return rows.assign(text=text)


def sota_frame(board: pd.DataFrame, sota: pd.DataFrame) -> pd.DataFrame:
    """One frame for :func:`dashboard.charts.sota_steps`: papers' best scores and the record line.

    Returns:
        ``series`` ("paper" or "best so far"), ``year``, ``score``, ``best``, ``method``,
        ``title``, ``venue``.
    """
    cols = ["series", "year", "score", "best", "method", "title", "venue"]
    pts = board.dropna(subset=["year", "score"]).assign(series="paper", best=None)
    line = sota.assign(series="best so far", score=None, venue=None)
    out = pd.concat([pts.reindex(columns=cols), line.reindex(columns=cols)], ignore_index=True)
    return out.astype({"year": int, "score": float, "best": float})


def percent_metric(metric: str | None) -> bool:
    """True for a metric usually written on a 0-100 scale (from the results vocabulary)."""
    from extract.stages.results import metric_is_percent

    return metric_is_percent(metric)


def pick_index(options: Iterable[str], wanted: str | None) -> int:
    """Position of ``wanted`` among ``options`` in any spelling ("penn treebank"), else 0."""
    if wanted:
        key = fold_name(wanted)
        for i, option in enumerate(options):
            if fold_name(option) == key:
                return i
    return 0
