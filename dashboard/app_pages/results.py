"""Results: the reported metrics, filterable, their distributions and the values per benchmark."""

import streamlit as st

from dashboard import analytics, charts, data, ui

st.title("Results")
n, _ = ui.filter_caption()
if ui.no_papers():
    st.stop()
metrics = data.filtered("metrics")
if metrics.empty:
    st.info(
        ui.empty_table_note("metrics") or "No reported results among the filtered papers.",
        icon=":material/info:",
    )
    st.stop()

metrics = analytics.with_measures(data.with_papers(metrics, ("title", "venue_label")))

c1, c2, c3 = st.columns(3)
m_pick = c1.multiselect(
    "Metric", sorted(metrics["metric"].unique()), key="rs_metric", placeholder="All metrics"
)
u_pick = c2.multiselect(
    "Unit", sorted(metrics["unit"].dropna().unique()), key="rs_unit", placeholder="All units"
)
benches = sorted(metrics["benchmark"].dropna().unique())
b_pick = c3.multiselect("Benchmark", benches, key="rs_bench", placeholder="All benchmarks")
view = analytics.select_results(metrics, m_pick, u_pick, b_pick)

st.metric("Reported results", f"{len(view):,}", help=f"from {view['paper_id'].nunique():,} papers")
cols = [
    "title",
    "metric",
    "value",
    "unit",
    "qualifier",
    "benchmark",
    "text",
    "venue_label",
    "paper_id",
]
st.dataframe(
    view[cols],
    hide_index=True,
    column_config={
        "title": st.column_config.TextColumn("paper", width="large"),
        "venue_label": "venue",
        "text": "as written",
    },
)
ui.download(view[cols], "metrics", "csv", label="Download this table (CSV)")

st.subheader("Distribution per metric type")
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
    "metric_distribution",
    "No values to plot for this selection.",
    log,
)

st.subheader("Values per benchmark")
order = analytics.benchmarks_by_frequency(view)
if not order:
    st.info("No result in this selection names a benchmark.")
else:
    bench = st.selectbox(
        "Benchmark",
        order,
        key="rs_bench_one",
        help="Benchmarks named next to a reported value, most reported first.",
    )
    per = analytics.benchmark_results(view, bench)
    st.caption(f"{len(per)} value(s) reported on {ui.md_escape(bench)}.")
    ui.chart(
        per,
        charts.benchmark_values,
        f"benchmark_{bench}",
        "No values on this benchmark.",
    )
