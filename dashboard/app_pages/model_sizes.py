"""Model sizes: parameter counts on a log axis by venue and theme, and the papers without one."""

import streamlit as st

from dashboard import analytics, charts, data, ui, views

st.title("Model sizes")
n, _ = ui.filter_caption()
if ui.no_papers():
    st.stop()

page = views.sizes(n)  # cached per filters
summary = page["summary"]
c = st.columns(4)
c[0].metric("Papers with a model size", f"{summary['with_size']:,}")
c[1].metric(
    "Papers with no size",
    f"{summary['without_size']:,}",
    help="Filtered papers whose abstract states no parameter count.",
)
c[2].metric("Sizes extracted", f"{summary['sizes']:,}")
c[3].metric("Median size", charts.human_params(summary["median"]))

if page["empty"]:
    st.info(
        ui.empty_table_note("model_sizes")
        or f"None of the {n:,} filtered papers states a parameter count in its abstract.",
        icon=":material/info:",
    )
    st.stop()

points = page["points"]

st.subheader("Model sizes over time")
by = (
    st.segmented_control(
        "Per",
        ["group", "venue"],
        default="group",
        key="ms_by",
        format_func=lambda b: "venue group" if b == "group" else b,
    )
    or "group"
)
trend = views.size_trend(by)
domain = data.venue_domain() if by == "venue" else data.group_domain()
st.caption(
    "Median parameter count per year (a paper counts once, with the largest size it states); "
    "the bar spans the middle half of the papers (25th–75th percentile), the dot grows with the "
    f"papers that state a size. {summary['without_size']:,} of {n:,} papers "
    f"({analytics.pct_label(summary['without_share'])}) state none: the tooltip gives both "
    "counts per point, and the CSV has every series-year."
)
ui.chart(
    trend if trend["with_size"].sum() else trend.iloc[:0],
    charts.size_trend,
    f"model_sizes_by_year_per_{by}",
    "No sizes with a known year.",
    by,
    domain,
)

st.subheader("Parameter counts by venue")
st.caption(
    f"{summary['without_size']:,} of {n:,} filtered papers ({summary['without_share']:.0%}) "
    "state no size and are not plotted."
)
ui.chart(
    points,
    charts.size_strip,
    "model_sizes_by_venue",
    "No sizes.",
    "venue",
    "venue",
    data.venue_domain(),
)

st.subheader("Parameter counts by theme")
ui.chart(
    page["by_theme"],
    charts.size_strip,
    "model_sizes_by_theme",
    "No sizes.",
    "theme",
    "theme",
    [*data.theme_domain(), analytics.NO_THEME],
)

st.subheader("Largest and smallest models")
show = page["ranked"]
cfg = {
    "params": st.column_config.NumberColumn("parameters", format="%.4g"),
    "label": "model / as written",
    "venue_label": "venue",
}
k = st.slider("How many", 3, 25, 10, key="ms_k")
left, right = st.columns(2)
left.markdown("**Largest**")
left.dataframe(show.head(k), hide_index=True, column_config=cfg)
right.markdown("**Smallest**")
right.dataframe(show.tail(k).iloc[::-1], hide_index=True, column_config=cfg)
ui.download(show, "model_sizes", "csv", label="Download all sizes (CSV)")
