"""Techniques: every tag, papers tagged with chosen techniques, evidence, venues, co-occurrences."""

import streamlit as st

from dashboard import analytics, charts, data, filters, ui, views

MAX_SHOWN = 5000  # rows sent to the table

st.title("Techniques")
n, _ = ui.filter_caption()
domain = data.technique_domain()
if ui.no_papers():
    st.stop()
every = views.every_tag("technique")
if every.empty:
    st.info(
        ui.empty_table_note("techniques") or "No technique tags among the filtered papers.",
        icon=":material/info:",
    )
    st.stop()

present = charts.present_in(domain, every["technique"])
with st.expander(f"Every technique tag ({len(present)}), by papers", expanded=True):
    ui.chart(
        every,
        charts.top_categories,
        "every_technique",
        "No technique tags among the filtered papers.",
        "technique",
        domain,
    )
c1, c2 = st.columns([3, 2])
picked = c1.multiselect(
    "Techniques",
    present,
    # start from the techniques chosen in the sidebar, if any
    default=[t for t in filters.current().tags if t in present] or present[:1],
    key="tq_pick",
    placeholder="Pick techniques",
    select_all=False,  # Enter picks the best match, not every fuzzy one
)
mode = (
    c2.segmented_control(
        "Papers with",
        ["any", "all"],
        default="any",
        key="tq_mode",
        format_func=lambda m: f"{m} of them",
    )
    or "any"
)
if not picked:
    st.info("Pick one or more techniques above.")
    st.stop()

found = views.technique_papers(picked, mode)
st.metric(
    "Matching papers",
    found["n"],
    help=f"{analytics.pct_label(found['n'] / max(n, 1))} of the filtered papers",
)
if not found["n"]:
    st.info("No paper carries all the chosen techniques; try **any of them**.")
    st.stop()

table = found["table"]
st.subheader("Papers and the text that matched")
if len(table) > MAX_SHOWN:
    st.caption(f"The first {MAX_SHOWN:,} papers; the download holds all {len(table):,}.")
st.dataframe(
    table.head(MAX_SHOWN),
    hide_index=True,
    column_config={
        "title": st.column_config.TextColumn("title", width="large"),
        "venue_label": "venue",
        "evidence": st.column_config.TextColumn("evidence", width="large"),
    },
)
ui.download(table, "technique_papers", "csv", label="Download these papers (CSV)")

left, right = st.columns(2)
with left:
    st.subheader("Papers per venue")
    ui.chart(
        found["per_venue"],
        charts.plain_bars,
        "technique_papers_per_venue",
        "No venue to count.",
        "venue_label",
    )
with right:
    st.subheader("Co-occurring techniques")
    ui.chart(
        found["co"],
        charts.top_categories,
        "co_occurring_techniques",
        "These papers carry no other technique tag.",
        "technique",
        domain,
    )
