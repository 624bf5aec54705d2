"""Techniques: papers tagged with chosen techniques, with evidence, venues and co-occurrences."""

import streamlit as st

from dashboard import charts, data, filters, ui

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

sets = [set(tech.loc[tech["technique"] == t, "paper_id"]) for t in picked]
ids = set.union(*sets) if mode == "any" else set.intersection(*sets)
st.metric("Matching papers", len(ids), help=f"{len(ids) / max(n, 1):.1%} of the filtered papers")
if not ids:
    st.info("No paper carries all the chosen techniques; try **any of them**.")
    st.stop()

hits = tech[tech["paper_id"].isin(ids) & tech["technique"].isin(picked)]
evidence = (
    hits.groupby("paper_id")
    .agg(
        techniques=("technique", lambda s: ", ".join(dict.fromkeys(s))),
        evidence=("evidence", lambda s: " · ".join(dict.fromkeys(s.astype(str)))),
    )
    .reset_index()
)
table = data.with_papers(evidence)[["title", "venue_label", "techniques", "evidence", "paper_id"]]
table = table.sort_values(["venue_label", "title"]).reset_index(drop=True)

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
    per_venue = table.groupby("venue_label").size().reset_index(name="papers")
    ui.chart(
        per_venue,
        lambda d: charts.plain_bars(d, "venue_label"),
        "technique_papers_per_venue",
        "No venue to count.",
    )
with right:
    st.subheader("Co-occurring techniques")
    co = tech[tech["paper_id"].isin(ids) & ~tech["technique"].isin(picked)]
    co = co.groupby("technique")["paper_id"].nunique().reset_index(name="papers")
    co = co.sort_values("papers", ascending=False).head(20)
    ui.chart(
        co,
        lambda d: charts.top_categories(d, "technique", domain),
        "co_occurring_techniques",
        "These papers carry no other technique tag.",
    )
