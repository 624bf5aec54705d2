"""Leaderboards: the comparable boards of ``extract.leaderboards`` over the papers in view.

The same board as ``paper-trends leaderboard``: one benchmark, task and metric; by default only
the papers' own methods in the board's main setting, the other settings and other people's
models one toggle away, labelled; the scores no rule can place listed apart with the reason.
"""

import pandas as pd
import streamlit as st

from dashboard import analytics, charts, data, highlight, ui, views
from extract import leaderboards

TOP = 20  # rows shown with their whole evidence sentence

st.title("Leaderboards")
ui.filter_caption()
if ui.no_papers():
    st.stop()
if not data.filtered_rows("results"):
    st.info(
        ui.empty_table_note("results") or "No reported results among the filtered papers.",
        icon=":material/info:",
    )
    st.stop()

benches = views.leaderboard_benchmarks()
if benches.empty:
    st.info("No score in the filtered papers names a benchmark.", icon=":material/info:")
    st.stop()
names = dict(zip(benches["bench_id"], benches["bench"]))
papers_on = dict(zip(benches["bench_id"], benches["papers"]))


def _n_papers(n: int) -> str:
    return f"{n} paper{'s' if n != 1 else ''}"


def _linked_benchmark() -> int:
    # a link may name the board: ?benchmark=ImageNet-1K&metric=accuracy (any spelling or alias)
    asked = st.query_params.get("benchmark")
    if not asked:
        return 0
    try:
        bid = leaderboards.resolve_benchmark(asked, names.items())
    except leaderboards.BoardError:
        return 0
    return list(names).index(bid) if bid in names else 0


c1, c2 = st.columns([3, 2])
bench_id = c1.selectbox(
    "Benchmark",
    list(names),
    index=_linked_benchmark(),
    format_func=lambda b: f"{names[b]} · {_n_papers(papers_on[b])}",
    key="lb_bench",
    help="Benchmarks with a score, most papers with a placed score first (aliases are one "
    "benchmark: ImageNet = ImageNet-1K); type to search.",
)
bench = names[bench_id]
avail = views.leaderboard_boards(bench_id)
labels = [
    f"{m} · {t}" if isinstance(t, str) else m for m, t in zip(avail["metric"], avail["task"])
]
by_label = dict(zip(labels, zip(avail["metric_id"], avail["task"])))
shown_papers = dict(zip(labels, avail["papers"]))
linked = 0
if st.query_params.get("metric") and not avail.empty:
    try:
        pick = leaderboards.resolve_metric(st.query_params.get("metric"), bench_id, avail)
        linked = next(i for i, k in enumerate(by_label.values()) if k[0] == pick[0]
                      and (k[1] == pick[1] or (pd.isna(k[1]) and pd.isna(pick[1]))))
    except (leaderboards.BoardError, StopIteration):
        linked = 0
if avail.empty:
    # no placed score: the coverage line, the unplaced scores and the gains only
    lb = views.leaderboard(bench_id, None, None, False)
    st.caption(lb["coverage"])
    st.info(
        f"No score on {ui.md_escape(bench)} can be placed on a board; the unplaced list below "
        "says why.",
        icon=":material/info:",
    )
    label = metric_id = task = None
    all_settings = False
else:
    label = c2.selectbox(
        "Metric · task",
        labels,
        index=linked,
        format_func=lambda m: f"{m} · {_n_papers(shown_papers[m])}",
        key="lb_metric",
        help="Each metric and task is its own board (box AP and keypoint AP never share one); "
        "the count is of papers in the default view.",
    )
    metric_id, task = by_label[label]
    all_settings = st.toggle(
        "Show other settings and other people's models",
        key="lb_all",
        help="Baselines a paper compares against, models a benchmark paper evaluates, and "
        "other settings (zero-shot, robust, subsets, ...), each labelled in the whose and "
        "setting columns.",
    )
    lb = views.leaderboard(bench_id, metric_id, task, all_settings)


def _board() -> None:
    board, direction, metric = lb["board"], lb["direction"], lb["metric"]
    view = (
        "every setting and role, labelled"
        if all_settings
        else f"own methods in the main setting ({lb['main_setting']})"
    )
    task_name = task if isinstance(task, str) else "task unknown"
    st.markdown(
        f"**{ui.md_escape(bench)} · {ui.md_escape(task_name)} · {ui.md_escape(metric)}** "
        f"({direction or 'unknown'} is better) · {ui.md_escape(view)}"
    )
    st.caption(lb["coverage"])
    unit = board["unit"].dropna().mode().iloc[0] if board["unit"].notna().any() else ""

    if board.empty:
        st.info(
            f"No own-method score in the main setting of this board; the toggle above shows "
            f"{lb['all_rows']} score(s) of baselines, evaluated models and other settings.",
            icon=":material/info:",
        )
    else:
        top = board.iloc[0]
        a, b, c = st.columns(3)
        a.metric("Papers on this board", f"{board['paper_id'].nunique():,}")
        b.metric(
            "Best reported",
            f"{top['score']:,.4g}{unit if unit == '%' else (' ' + unit if unit else '')}",
            help=f"{top['method'] if isinstance(top['method'], str) else 'method not named'} · "
            f"{top['title']}",
        )
        c.metric("Better is", {"higher": "higher", "lower": "lower"}.get(direction, "unknown"))

        st.subheader("State of the art over time")
        st.caption(
            "Each point is one paper's best score on this board; the line is the best reported up "
            "to that year. Only placed scores are drawn: gains over a baseline are listed below, "
            "apart."
            + (" With the toggle on, the points mix settings and roles." if all_settings else "")
        )
        sota = analytics.state_of_the_art(board, direction)
        ui.chart(
            analytics.sota_frame(board, sota),
            charts.sota_steps,
            f"sota_{bench}_{metric}",
            "No score with a year to draw.",
            f"{metric}" + (f" [{unit}]" if unit else ""),
            direction == "lower",
        )

        st.subheader("Top entries")
        st.caption(
            f"The best {'score of each paper, setting and role' if all_settings else 'own score'}"
            f"{'' if all_settings else ' of each paper'} on this board, best first (the top "
            f"{min(TOP, len(board))} of {len(board)}), with the "
            "whole sentence behind it, the number highlighted."
        )

        def _marked(sentence: str, s: int, e: int, tip: str) -> str:
            spans = [highlight.Span(s, e, "result", tip)] if e > s else []
            return highlight.to_html(sentence, spans)

        # the setting as shown: ", extra data" when the sentence names extra training data (the
        # download keeps the setting and the extra_data flag apart)
        shown = board.assign(setting=[leaderboards.setting_shown(s, x) for s, x in
                                      zip(board["setting"], board["extra_data"])])
        st.html(analytics.board_html(shown.head(TOP), _marked))

        st.subheader("The whole board")
        st.caption(
            f"Sortable; the evidence is the sentence, the number between "
            f"{analytics.EVIDENCE_MARKS[0]} {analytics.EVIDENCE_MARKS[1]}."
        )
        table = shown.assign(role=shown["role"].map(lambda r: analytics.ROLE_LABELS.get(r, r)))
        cols = ["rank", "score", "method", "role", "setting", "title", "venue", "year", "evidence"]
        st.dataframe(
            table[cols],
            hide_index=True,
            column_config={
                "score": st.column_config.NumberColumn(f"score{f' ({unit})' if unit else ''}"),
                "role": st.column_config.TextColumn("whose"),
                "title": st.column_config.TextColumn("paper", width="medium"),
                "year": st.column_config.NumberColumn(format="%d"),
                "evidence": st.column_config.TextColumn(width="large"),
            },
        )
        ui.download(
            board.drop(columns=["start", "end", "score"]),
            f"leaderboard_{bench}_{metric}{'_all' if all_settings else ''}",
            "csv",
            label="Download this leaderboard (CSV)",
        )


if metric_id is not None:
    _board()


def rows_with_whose(rows):
    """A table of unplaced scores or gains, the role written out as whose number it is."""
    st.dataframe(
        rows.assign(role=rows["role"].map(lambda r: analytics.ROLE_LABELS.get(r, r)))
        .drop(columns=["paper_id"]),
        hide_index=True,
        column_config={
            "role": st.column_config.TextColumn("whose"),
            "title": st.column_config.TextColumn("paper", width="medium"),
            "year": st.column_config.NumberColumn(format="%d"),
            "evidence": st.column_config.TextColumn(width="large"),
        },
    )


st.subheader(f"Unplaced scores on {bench}")
unplaced = lb["unplaced"]
if unplaced.empty:
    st.caption("Every score on this benchmark is placed on a board.")
else:
    st.caption(
        f"{len(unplaced):,} score(s) on {ui.md_escape(bench)} that no rule can place on a board, "
        "with the reason (a change written at the number, a bound, no metric, another "
        "benchmark's number, a unit that does not fit, above the published record, ...)."
    )
    rows_with_whose(unplaced)
    ui.download(unplaced, f"unplaced_{bench}", "csv", label="Download the unplaced scores (CSV)")

st.subheader(f"Reported gains on {bench}")
gains = lb["gains"]
if gains.empty:
    st.caption("No paper in view reports a gain on this benchmark.")
else:
    st.caption(
        'Differences over a baseline ("+2.1 points", "by 3%"), in any metric: not scores, '
        "so never on a board."
    )
    rows_with_whose(gains)
    ui.download(gains, f"gains_{bench}", "csv", label="Download these gains (CSV)")
