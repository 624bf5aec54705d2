"""Results: reported figures by kind (scores, gains, ratios), filterable, one unit per axis."""

import streamlit as st

from dashboard import analytics, charts, ui, views

MAX_SHOWN = 5000  # rows sent to the table

st.title("Results")
ui.filter_caption()
if ui.no_papers():
    st.stop()
counts = views.result_kind_counts()
if not sum(counts.values()):
    st.info(
        ui.empty_table_note("results") or "No reported results among the filtered papers.",
        icon=":material/info:",
    )
    st.stop()

kind = (
    st.segmented_control(
        "Kind of figure",
        list(analytics.RESULT_KINDS),
        format_func=lambda k: f"{analytics.RESULT_KINDS[k]} ({counts[k]:,})",
        default="score",
        key="rs_kind",
    )
    or "score"
)
st.caption(
    'Scores are values of a metric ("72.4% accuracy"); gains are differences over a baseline '
    '("+2.1 points", "by 3%"); ratios compare two systems ("2x faster"). They are never '
    "mixed in one chart. Per benchmark leaderboards: the Leaderboards page."
)
view = views.results_view(kind)  # one query, cached per filters and kind
if view.empty:
    st.info(f"No {analytics.RESULT_KINDS[kind].lower()} among the filtered papers.")
    st.stop()

c1, c2, c3 = st.columns(3)
m_pick = c1.multiselect(
    "Metric", sorted(view["metric"].unique()), key="rs_metric", placeholder="All metrics"
)
u_pick = c2.multiselect(
    "Unit", sorted(view["unit"].dropna().unique()), key="rs_unit", placeholder="All units"
)
benches = sorted(view["benchmark"].dropna().unique())
b_pick = c3.multiselect("Benchmark", benches, key="rs_bench", placeholder="All benchmarks")
view = analytics.select_results(view, m_pick, u_pick, b_pick)

st.metric(
    f"Reported {analytics.RESULT_KINDS[kind].lower()}",
    f"{len(view):,}",
    help=f"from {view['paper_id'].nunique():,} papers",
)
cols = [
    "title",
    "method",
    "metric",
    "value",
    "unit",
    "qualifier",
    "benchmark",
    "setting",
    "text",
    "venue_label",
    "paper_id",
]
if len(view) > MAX_SHOWN:
    st.caption(f"The first {MAX_SHOWN:,} rows; the download holds all {len(view):,}.")
st.dataframe(
    view[cols].head(MAX_SHOWN),
    hide_index=True,
    column_config={
        "title": st.column_config.TextColumn("paper", width="large"),
        "venue_label": "venue",
        "text": "as written",
    },
)
ui.download(view[cols], f"results_{kind}", "csv", label="Download this table (CSV)")

st.subheader("Distribution per metric")
units = analytics.units_by_frequency(view)
unit = None
if units:
    # values in different units do not share an axis: one unit at a time
    unit = st.segmented_control("Unit", units, default=units[0], key="rs_dist_unit") or units[0]
dist = analytics.value_distribution(view, unit)
log = st.toggle(
    "Log scale",
    value=analytics.is_skewed(dist["value"]),
    key="rs_log",
    help="On by default when a few values dwarf the rest.",
)
ui.chart(
    dist,
    charts.metric_distribution,
    f"{kind}_distribution",
    "No values to plot for this selection.",
    log,
)

st.subheader("Values per benchmark")
order = analytics.benchmarks_by_frequency(view)
if not order:
    st.info("No figure in this selection names a benchmark.")
else:
    bench = st.selectbox(
        "Benchmark",
        order,
        key="rs_bench_one",
        help="Benchmarks named next to a reported value, most reported first.",
    )
    on_bench = view[view["benchmark"] == bench]
    bench_units = analytics.units_by_frequency(on_bench)
    b_unit = bench_units[0] if bench_units else None
    if len(bench_units) > 1:
        b_unit = (
            st.segmented_control("Unit", bench_units, default=bench_units[0], key="rs_bench_unit")
            or bench_units[0]
        )
    per = analytics.benchmark_results(
        on_bench[on_bench["unit"].fillna("?") == b_unit] if b_unit else on_bench, bench
    )
    st.caption(
        f"{len(per)} value(s) reported on {ui.md_escape(bench)}"
        + (f", in {ui.md_escape(b_unit)}" if b_unit and b_unit != "?" else "")
        + "."
    )
    ui.chart(
        per,
        charts.benchmark_values,
        f"{kind}_benchmark_{bench}_{b_unit}",
        "No values on this benchmark.",
    )
