"""Leaderboards: per benchmark and metric, each paper's best reported score and the record."""

import streamlit as st

from dashboard import analytics, charts, data, highlight, ui, views

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
papers_on = dict(zip(benches["benchmark"], benches["papers"]))
# a link may name the board: ?benchmark=Penn+Treebank&metric=perplexity (any spelling)
asked = analytics.pick_index(benches["benchmark"], st.query_params.get("benchmark"))

c1, c2 = st.columns([3, 2])
bench = c1.selectbox(
    "Benchmark",
    benches["benchmark"],
    index=asked,
    format_func=lambda b: f"{b} · {papers_on[b]} paper{'s' if papers_on[b] != 1 else ''}",
    key="lb_bench",
    help="Benchmarks with a reported score, most papers first; type to search.",
)
metrics = views.leaderboard_metrics(bench)
if metrics.empty:
    st.info(
        f"The scores on {ui.md_escape(bench)} name no metric; the Results page lists them.",
        icon=":material/info:",
    )
    st.stop()
metric_papers = dict(zip(metrics["metric"], metrics["papers"]))
metric = c2.selectbox(
    "Metric",
    metrics["metric"],
    index=analytics.pick_index(metrics["metric"], st.query_params.get("metric")),
    format_func=lambda m: f"{m} · {metric_papers[m]} paper{'s' if metric_papers[m] != 1 else ''}",
    key="lb_metric",
)
direction = metrics.set_index("metric")["direction"].get(metric)

lb = views.leaderboard(bench, metric)
board, unit = lb["board"], lb["unit"]
if board.empty:
    st.info(f"No {metric} score on {ui.md_escape(bench)} fits one axis.", icon=":material/info:")
    st.stop()
sota = analytics.state_of_the_art(board, direction)
left_out = lb["left_out"]

top = board.iloc[0]
a, b, c = st.columns(3)
a.metric("Papers with a score", f"{len(board):,}")
b.metric(
    "Best reported",
    f"{top['score']:,.4g}{unit if unit == '%' else (' ' + unit if unit else '')}",
    help=f"{top['method'] or 'method not named'} · {top['title']}",
)
c.metric("Better is", {"higher": "higher", "lower": "lower"}.get(direction, "unknown"))

st.subheader("State of the art over time")
st.caption(
    "Each point is one paper's best score; the line is the best reported up to that year. "
    "Only scores are drawn: gains over a baseline are listed below, apart."
)
axis = f"{metric}" + (f" [{unit}]" if unit else "")
ui.chart(
    analytics.sota_frame(board, sota),
    charts.sota_steps,
    f"sota_{bench}_{metric}",
    "No score with a year to draw.",
    axis,
    direction == "lower",
)

st.subheader("Reported scores")
st.caption(
    f"The best score each paper reports on {ui.md_escape(bench)} in {ui.md_escape(metric)}; "
    f"the evidence is the sentence, the number between {analytics.EVIDENCE_MARKS[0]} "
    f"{analytics.EVIDENCE_MARKS[1]}."
)
cols = ["rank", "score", "method", "title", "venue", "year", "setting", "evidence"]
if len(left_out):
    st.caption(
        f"Left out: {len(left_out)} score(s) ten times above or below the median of this board "
        f"({', '.join(f'{v:g}' for v in left_out['value'].head(5))}), probably another scale or "
        "setting; the Results page lists them."
    )
st.dataframe(
    board[cols],
    hide_index=True,
    column_config={
        "score": st.column_config.NumberColumn(f"score{f' ({unit})' if unit else ''}"),
        "title": st.column_config.TextColumn("paper", width="medium"),
        "year": st.column_config.NumberColumn(format="%d"),
        "evidence": st.column_config.TextColumn(width="large"),
    },
)
ui.download(
    board.drop(columns=["start", "end"]),
    f"leaderboard_{bench}_{metric}",
    "csv",
    label="Download this leaderboard (CSV)",
)
with st.expander("Evidence of the top ten, highlighted"):
    abstracts = lb["abstracts"]
    for row in board.head(10).itertuples(index=False):
        sentence, s, e = analytics.evidence_span(str(abstracts[row.paper_id]), row.start, row.end)
        label = f"result: {row.score:g} {metric}"
        st.markdown(f"**{row.rank}.** {ui.md_escape(row.title)} ({row.venue} {row.year:.0f})")
        st.html(highlight.to_html(sentence, [highlight.Span(s, e, "result", label)]))

st.subheader(f"Reported gains on {bench}")
gains = lb["gains"]
if gains.empty:
    st.caption("No paper in view reports a gain on this benchmark.")
else:
    st.caption(
        'Differences over a baseline ("+2.1 points", "by 3%"), in any metric: not scores, '
        "so never on the score axis."
    )
    st.dataframe(
        gains.drop(columns=["paper_id"]),
        hide_index=True,
        column_config={
            "title": st.column_config.TextColumn("paper", width="medium"),
            "year": st.column_config.NumberColumn(format="%d"),
            "evidence": st.column_config.TextColumn(width="large"),
        },
    )
    ui.download(gains, f"gains_{bench}", "csv", label="Download these gains (CSV)")
