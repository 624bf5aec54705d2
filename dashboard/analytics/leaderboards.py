"""Leaderboards and results by kind: the state of the art over time, the evidence sentence
of a board row, result kinds.

The boards themselves (which numbers are comparable, whose they are, what is unplaced and why)
come from :mod:`extract.leaderboards`; this module only shapes them for the page. Pure
functions, no Streamlit (see :mod:`dashboard.analytics`).
"""

from __future__ import annotations

import html

import pandas as pd

# --- Leaderboards and results by kind (issues 13 and 23) ---------------------------------------
# Frames follow the ``results`` table (extract/schema.py) and the boards of
# ``extract.leaderboards.board`` (``rank``, ``value``, ``setting``, ``role``, ``evidence``, ...).

RESULT_KINDS = {
    "score": "Scores",
    "delta": "Gains (differences)",
    "relative": "Ratios (x faster, x smaller)",
    "other": "Counts",
}
EVIDENCE_MARKS = ("⟦", "⟧")  # around the number in a plain-text evidence sentence
ROLE_LABELS = {
    "own": "own method",
    "baseline": "baseline",
    "evaluated": "evaluated model",
}


def split_evidence(
    evidence: object, marks: tuple[str, str] = EVIDENCE_MARKS
) -> tuple[str, int, int]:
    """An evidence sentence without its ``marks`` and the offsets of the marked number in it.

    Returns:
        The sentence and ``start``, ``end`` of the number (both 0 when nothing is marked).
    """
    text = "" if evidence is None or (isinstance(evidence, float) and pd.isna(evidence)) \
        else str(evidence)
    s = text.find(marks[0])
    e = text.find(marks[1], s + 1) if s >= 0 else -1
    if s < 0 or e < 0:
        return text, 0, 0
    sentence = text[:s] + text[s + len(marks[0]) : e] + text[e + len(marks[1]) :]
    return sentence, s, e - len(marks[0])


def _cell(value: object) -> str:
    if value is None or (isinstance(value, float) and pd.isna(value)):
        return ""
    if isinstance(value, float):
        return f"{int(value)}" if value.is_integer() else f"{value:g}"
    return html.escape(str(value))


def board_html(board: pd.DataFrame, marked) -> str:
    """The rows of a board as an HTML table, each with its WHOLE evidence sentence.

    Args:
        board: Rows of ``extract.leaderboards.board``.
        marked: A function (sentence, start, end, label) -> HTML of the sentence with the
            number highlighted (``dashboard.highlight``), which escapes the text.
    """
    head = ("#", "score", "method", "whose", "setting", "paper", "evidence")
    out = ['<table style="width:100%;border-collapse:collapse;font-size:0.9rem">', "<tr>"]
    out += [f'<th style="text-align:left;border-bottom:1px solid #ccc;padding:4px">{h}</th>'
            for h in head]
    out.append("</tr>")
    for r in board.to_dict("records"):
        unit = r.get("unit") if isinstance(r.get("unit"), str) else ""
        score = _cell(r["value"]) + html.escape(unit if unit == "%" else f" {unit}" if unit else "")
        sentence, s, e = split_evidence(r.get("evidence"))
        label = f"{score} {r.get('metric') or ''}".strip()
        year = _cell(r.get("year"))
        where = f"({_cell(r.get('venue'))} {year})"
        paper = f'{_cell(r.get("title"))} <span style="color:#777">{where}</span>'
        cells = (
            _cell(r.get("rank")), score, _cell(r.get("method")) or "<i>(unnamed)</i>",
            html.escape(ROLE_LABELS.get(r.get("role"), str(r.get("role") or ""))),
            _cell(r.get("setting")), paper, marked(sentence, s, e, label),
        )
        out.append("<tr>" + "".join(
            f'<td style="vertical-align:top;border-bottom:1px solid #eee;padding:4px">{c}</td>'
            for c in cells
        ) + "</tr>")
    out.append("</table>")
    return "".join(out)


def state_of_the_art(board: pd.DataFrame, direction: str | None) -> pd.DataFrame:
    """The best score reported so far, year by year, from a board (``score``, ``year``,
    ``method``, ``title``).

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
