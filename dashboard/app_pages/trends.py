"""Trends: share of papers per technique or theme, by year and by venue."""

import streamlit as st

from dashboard import analytics, charts, data, ui

st.title("Trends")
n, _ = ui.filter_caption()

c1, c2, c3 = st.columns([2, 2, 3])
level = (
    c1.segmented_control("Group by", ["technique", "theme"], default="technique", key="tr_level")
    or "technique"
)
raw = c2.toggle(
    "Raw counts", key="tr_raw", help="Number of papers instead of % of the papers in each group."
)
top_n = c3.slider("Categories shown", 3, 20, 8, key="tr_top")

value, value_title = ("papers", "papers") if raw else ("share", "% of papers")
domain = data.technique_domain() if level == "technique" else data.theme_domain()
papers = data.filtered("papers")[["paper_id", "venue", "year", "venue_label"]]
papers = analytics.known_venue(papers)
tags = data.tag_table(level)

if ui.no_papers():
    st.stop()
empty = ui.empty_table_note("techniques") or f"No {level} tags among the filtered papers."
top = charts.present_in(domain, tags[level])[:top_n]

st.subheader(f"{'Papers' if raw else 'Share of papers'} per {level}, by year")
by_year = analytics.tag_rates(tags, papers, level, ["year"], keep=top)
if len(by_year) and by_year["year"].nunique() < 2:
    st.caption("Only one year in the current selection: each line is a single point.")
ui.chart(
    by_year,
    lambda d: charts.trend_lines(d, "year", level, domain, value, value_title, "year"),
    f"{level}_by_year",
    empty,
)

st.subheader(f"{'Papers' if raw else 'Share of papers'} per {level}, by venue")
ui.chart(
    analytics.tag_rates(tags, papers, level, ["venue"], keep=top),
    lambda d: charts.grouped_bars(d, "venue", level, domain, value, value_title),
    f"{level}_by_venue",
    empty,
)

st.subheader("Venue × theme heatmap")
heat = analytics.tag_grid(data.tag_table("theme"), papers, "theme", "venue_label")
theme_order = charts.present_in(data.theme_domain(), heat["theme"])
ui.chart(
    heat,
    lambda d: charts.heatmap(d, "venue_label", "theme", value, value_title, y_sort=theme_order),
    "venue_theme_heatmap",
    ui.empty_table_note("techniques") or "No theme tags among the filtered papers.",
)

st.subheader("Compare techniques")
tech_tags = data.tag_table("technique")
choices = charts.present_in(data.technique_domain(), tech_tags["technique"])
picked = st.multiselect(
    "Techniques to compare",
    choices,
    default=choices[:3],
    key="tr_compare",
    placeholder="Pick techniques",
)
if picked:
    ui.chart(
        analytics.tag_rates(tech_tags, papers, "technique", ["venue_label"], keep=picked),
        lambda d: charts.trend_lines(
            d,
            "venue_label",
            "technique",
            data.technique_domain(),
            value,
            value_title,
            "venue and year",
            analytics.venue_order(papers),
        ),
        "compare_techniques",
        "None of the picked techniques occurs in the filtered papers.",
    )
elif choices:
    st.info("Pick one or more techniques to compare them as lines over venues and years.")
else:
    st.info(empty)
