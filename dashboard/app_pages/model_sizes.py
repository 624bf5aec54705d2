"""Model sizes: parameter counts on a log axis by venue and theme, and the papers without one."""

import pandas as pd
import streamlit as st

from dashboard import charts, data, ui

st.title("Model sizes")
n, _ = ui.filter_caption()
if ui.no_papers():
    st.stop()

sizes = data.filtered("model_sizes")
sizes = sizes[pd.to_numeric(sizes["params"], errors="coerce") > 0]
with_size = sizes["paper_id"].nunique()
c = st.columns(4)
c[0].metric("Papers with a model size", f"{with_size:,}")
c[1].metric(
    "Papers with no size",
    f"{n - with_size:,}",
    help="Filtered papers whose abstract states no parameter count.",
)
c[2].metric("Sizes extracted", f"{len(sizes):,}")
c[3].metric("Median size", charts.human_params(sizes["params"].median()) if len(sizes) else "–")

if sizes.empty:
    st.info(
        ui.empty_table_note("model_sizes")
        or f"None of the {n:,} filtered papers states a parameter count in its abstract.",
        icon=":material/info:",
    )
    st.stop()

sizes = data.with_papers(sizes)
sizes["label"] = sizes.apply(
    lambda r: (
        f"{r['model']} ({r['text']})" if isinstance(r["model"], str) and r["model"] else r["text"]
    ),
    axis=1,
)
sizes["venue"] = sizes["venue"].fillna("unknown")

st.subheader("Parameter counts by venue")
st.caption(
    f"{n - with_size:,} of {n:,} filtered papers ({(n - with_size) / n:.0%}) state no size "
    "and are not plotted."
)
cols = ["venue", "params", "label", "title", "paper_id"]
ui.chart(
    sizes[cols],
    lambda d: charts.size_strip(d, "venue", "venue", data.venue_domain()),
    "model_sizes_by_venue",
    "No sizes.",
)

st.subheader("Parameter counts by theme")
themes = data.tag_table("theme")
by_theme = sizes[cols].merge(themes, on="paper_id", how="left")
by_theme["theme"] = by_theme["theme"].fillna("(no theme)")
ui.chart(
    by_theme,
    lambda d: charts.size_strip(d, "theme", "theme", [*data.theme_domain(), "(no theme)"]),
    "model_sizes_by_theme",
    "No sizes.",
)

st.subheader("Largest and smallest models")
show = sizes[["params", "label", "title", "venue_label", "paper_id"]].sort_values(
    "params", ascending=False
)
show.insert(1, "size", show["params"].map(charts.human_params))
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
