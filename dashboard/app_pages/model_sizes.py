"""Model sizes: parameter counts on a log axis by venue and theme, and the papers without one.

Own models by default: each size has a role (the paper's own model, a baseline it compares
against, a threshold or range); a control adds the others.
"""

import streamlit as st

from dashboard import analytics, charts, data, ui, views

st.title("Model sizes")
n, _ = ui.filter_caption()
if ui.no_papers():
    st.stop()

counts = views.size_roles()
picked = st.pills(
    "Sizes of",
    list(analytics.SIZE_ROLES),
    selection_mode="multi",
    default=["own"],
    key="ms_roles",
    format_func=lambda r: analytics.SIZE_ROLE_LABELS[r],
    help=(
        "Each size has a role read from its sentence: the paper's own model (\"we finetune "
        "LLaMA-2 (7B and 70B)\"; a size with no cue counts as own), a baseline it compares "
        "against (\"outperforms the 540B PaLM\"), a threshold or range that is no model's "
        "size (\"models exceeding 100 billion parameters\") or the parameters a method trains "
        "or adds (\"only 0.1M trainable parameters\")."
    ),
)
roles = tuple(r for r in analytics.SIZE_ROLES if r in (picked or [])) or ("own",)
st.caption(
    "; ".join(
        f"{analytics.SIZE_ROLE_LABELS[r]}: {counts.get(r, {}).get('sizes', 0):,} sizes in "
        f"{counts.get(r, {}).get('papers', 0):,} papers"
        for r in analytics.SIZE_ROLES
    )
    + (". Nothing picked: the papers' own models are shown." if not picked else ".")
)

page = views.sizes(n, roles)  # cached per filters and roles
summary = page["summary"]
c = st.columns(4)
c[0].metric("Papers with a model size", f"{summary['with_size']:,}")
c[1].metric(
    "Papers with no size",
    f"{summary['without_size']:,}",
    help="Filtered papers whose abstract states no parameter count of the kinds picked above.",
)
c[2].metric(
    "Sizes extracted",
    f"{summary['sizes']:,}",
    help="Parameter counts per paper: a size the abstract writes twice, or two of its models "
    "share, counts once.",
)
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
trend = views.size_trend(by, roles)
domain = data.venue_domain() if by == "venue" else data.group_domain()
st.caption(
    "Median parameter count per year (a paper counts once, with the largest size of the kinds "
    "picked above); the bar spans the middle half of the papers (25th–75th percentile), the dot "
    f"grows with the papers that state a size. A median of fewer than "
    f"{analytics.MIN_TREND_PAPERS} papers is a hollow point, not joined by the line. "
    f"{summary['without_size']:,} of {n:,} papers "
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
    "role": "role",
    "venue_label": "venue",
}
k = st.slider("How many", 3, 25, 10, key="ms_k")
left, right = st.columns(2)
left.markdown("**Largest**")
left.dataframe(show.head(k), hide_index=True, column_config=cfg)
right.markdown("**Smallest**")
right.dataframe(show.tail(k).iloc[::-1], hide_index=True, column_config=cfg)
ui.download(show, "model_sizes", "csv", label="Download all sizes (CSV)")
