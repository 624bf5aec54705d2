"""Results: the reported metrics, filterable, their distributions and the values per benchmark."""

import pandas as pd
import streamlit as st

from dashboard import charts, data, ui

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

metrics = data.with_papers(metrics, ("title", "venue_label"))
metrics["metric"] = metrics["metric"].fillna("(unclear)")
metrics["measure"] = metrics["metric"] + " [" + metrics["unit"].fillna("?") + "]"

c1, c2, c3 = st.columns(3)
m_pick = c1.multiselect(
    "Metric", sorted(metrics["metric"].unique()), key="rs_metric", placeholder="All metrics"
)
u_pick = c2.multiselect(
    "Unit", sorted(metrics["unit"].dropna().unique()), key="rs_unit", placeholder="All units"
)
benches = sorted(metrics["benchmark"].dropna().unique())
b_pick = c3.multiselect("Benchmark", benches, key="rs_bench", placeholder="All benchmarks")
view = metrics
if m_pick:
    view = view[view["metric"].isin(m_pick)]
if u_pick:
    view = view[view["unit"].isin(u_pick)]
if b_pick:
    view = view[view["benchmark"].isin(b_pick)]

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
dist = view[["measure", "metric", "unit", "value", "text", "title", "paper_id"]].dropna(
    subset=["value"]
)
units = dist["unit"].fillna("?").value_counts().index.tolist()
if units:
    # values in different units do not share an axis: one unit at a time
    unit = st.segmented_control("Unit", units, default=units[0], key="rs_dist_unit") or units[0]
    dist = dist[dist["unit"].fillna("?") == unit]
top_measures = dist["measure"].value_counts().head(15).index
dist = dist[dist["measure"].isin(top_measures)]
vals = dist["value"].abs()
skewed = bool(len(vals)) and vals.max() > 20 * max(vals.median(), 1e-9)
log = st.toggle(
    "Log scale", value=skewed, key="rs_log", help="On by default when a few values dwarf the rest."
)
ui.chart(
    dist,
    lambda d: charts.metric_distribution(d, log),
    "metric_distribution",
    "No values to plot for this selection.",
)

st.subheader("Values per benchmark")
with_bench = view.dropna(subset=["benchmark"])
if with_bench.empty:
    st.info("No result in this selection names a benchmark.")
else:
    order = with_bench["benchmark"].value_counts().index.tolist()
    bench = st.selectbox(
        "Benchmark",
        order,
        key="rs_bench_one",
        help="Benchmarks named next to a reported value, most reported first.",
    )
    st.caption(
        f"{(with_bench['benchmark'] == bench).sum()} value(s) reported on {ui.md_escape(bench)}."
    )
    per = with_bench[with_bench["benchmark"] == bench][
        ["title", "value", "measure", "text", "paper_id"]
    ]
    ui.chart(
        pd.DataFrame(per),
        charts.benchmark_values,
        f"benchmark_{bench}",
        "No values on this benchmark.",
    )
