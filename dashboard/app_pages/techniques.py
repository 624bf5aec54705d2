"""Techniques: papers tagged with chosen techniques, with evidence, venues and co-occurrences."""

import streamlit as st

from dashboard import analytics, charts, data, filters, ui

st.title("Techniques")
n, _ = ui.filter_caption()
tech = data.filtered("techniques")
domain = data.technique_domain()
if ui.no_papers():
    st.stop()
if tech.empty:
    st.info(
        ui.empty_table_note("techniques") or "No technique tags among the filtered papers.",
        icon=":material/info:",
    )
    st.stop()

present = charts.present_in(domain, tech["technique"])
c1, c2 = st.columns([3, 2])
picked = c1.multiselect(
    "Techniques",
    present,
    # start from the techniques chosen in the sidebar, if any
    default=[t for t in filters.current().tags if t in present] or present[:1],
    key="tq_pick",
    placeholder="Pick techniques",
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

ids = analytics.papers_tagged(tech, picked, mode)
st.metric("Matching papers", len(ids), help=f"{len(ids) / max(n, 1):.1%} of the filtered papers")
if not ids:
    st.info("No paper carries all the chosen techniques; try **any of them**.")
    st.stop()

titles = data.with_papers(data.filtered("papers")[["paper_id"]], ("title", "venue_label"))
table = analytics.technique_evidence(tech, ids, picked, titles)

st.subheader("Papers and the text that matched")
st.dataframe(
    table,
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
        analytics.papers_per(table, "venue_label"),
        lambda d: charts.plain_bars(d, "venue_label"),
        "technique_papers_per_venue",
        "No venue to count.",
    )
with right:
    st.subheader("Co-occurring techniques")
    ui.chart(
        analytics.co_occurring(tech, ids, picked),
        lambda d: charts.top_categories(d, "technique", domain),
        "co_occurring_techniques",
        "These papers carry no other technique tag.",
    )
