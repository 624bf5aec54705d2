"""Model sizes: parameter counts on a log axis by venue and theme, and the papers without one."""

import streamlit as st

from dashboard import analytics, charts, data, ui

st.title("Model sizes")
n, _ = ui.filter_caption()
if ui.no_papers():
    st.stop()

sizes = analytics.valid_sizes(data.filtered("model_sizes"))
summary = analytics.size_summary(sizes, n)
c = st.columns(4)
c[0].metric("Papers with a model size", f"{summary['with_size']:,}")
c[1].metric(
    "Papers with no size",
    f"{summary['without_size']:,}",
    help="Filtered papers whose abstract states no parameter count.",
)
c[2].metric("Sizes extracted", f"{summary['sizes']:,}")
c[3].metric("Median size", charts.human_params(summary["median"]))

if sizes.empty:
    st.info(
        ui.empty_table_note("model_sizes")
        or f"None of the {n:,} filtered papers states a parameter count in its abstract.",
        icon=":material/info:",
    )
    st.stop()

points = analytics.size_points(data.with_papers(sizes))

st.subheader("Parameter counts by venue")
st.caption(
    f"{summary['without_size']:,} of {n:,} filtered papers ({summary['without_share']:.0%}) "
    "state no size and are not plotted."
)
ui.chart(
    points,
    lambda d: charts.size_strip(d, "venue", "venue", data.venue_domain()),
    "model_sizes_by_venue",
    "No sizes.",
)

st.subheader("Parameter counts by theme")
ui.chart(
    analytics.sizes_by_tag(points, data.tag_table("theme"), "theme"),
    lambda d: charts.size_strip(d, "theme", "theme", [*data.theme_domain(), analytics.NO_THEME]),
    "model_sizes_by_theme",
    "No sizes.",
)

st.subheader("Largest and smallest models")
show = analytics.sizes_ranked(points)
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
