"""Trends: share of papers per technique or theme, by year and by venue."""

import pandas as pd
import streamlit as st

from dashboard import charts, data, ui

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
papers = papers.assign(venue=papers["venue"].fillna("unknown"))
tags = data.tag_table(level).merge(papers, on="paper_id")


def rates(by: list[str], keep: list[str] | None = None) -> pd.DataFrame:
    """Papers per (group, tag) with the group's total and the share in %."""
    if tags.empty:
        return pd.DataFrame()
    totals = papers.groupby(by, dropna=False).size().reset_index(name="total")
    counts = (
        tags.groupby([*by, level], dropna=False)["paper_id"].nunique().reset_index(name="papers")
    )
    if keep is not None:
        counts = counts[counts[level].isin(keep)]
    out = counts.merge(totals, on=by)
    out["share"] = (100 * out["papers"] / out["total"]).round(2)
    return out


if ui.no_papers():
    st.stop()
empty = ui.empty_table_note("techniques") or f"No {level} tags among the filtered papers."
top = charts.present_in(domain, tags[level])[:top_n]

st.subheader(f"{'Papers' if raw else 'Share of papers'} per {level}, by year")
by_year = rates(["year"], top)
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
    rates(["venue"], top),
    lambda d: charts.grouped_bars(d, "venue", level, domain, value, value_title),
    f"{level}_by_venue",
    empty,
)

st.subheader("Venue × theme heatmap")
themes = data.tag_table("theme").merge(papers, on="paper_id")
heat = pd.DataFrame()
if len(themes):
    heat = (
        themes.groupby(["venue_label", "theme"])["paper_id"]
        .nunique()
        .reset_index(name="papers")
        .merge(papers.groupby("venue_label").size().reset_index(name="total"), on="venue_label")
    )
    # every venue x theme cell, 0 where no paper has the theme (not a blank hole)
    grid = pd.MultiIndex.from_product(
        [papers["venue_label"].unique(), themes["theme"].unique()], names=["venue_label", "theme"]
    ).to_frame(index=False)
    heat = grid.merge(heat.drop(columns="total"), how="left").fillna({"papers": 0})
    heat = heat.merge(
        papers.groupby("venue_label").size().reset_index(name="total"), on="venue_label"
    )
    heat["papers"] = heat["papers"].astype(int)
    heat["share"] = (100 * heat["papers"] / heat["total"]).round(1)
theme_order = charts.present_in(data.theme_domain(), themes["theme"]) if len(themes) else []
ui.chart(
    heat,
    lambda d: charts.heatmap(d, "venue_label", "theme", value, value_title, y_sort=theme_order),
    "venue_theme_heatmap",
    ui.empty_table_note("techniques") or "No theme tags among the filtered papers.",
)

st.subheader("Compare techniques")
choices = charts.present_in(data.technique_domain(), data.tag_table("technique")["technique"])
picked = st.multiselect(
    "Techniques to compare",
    choices,
    default=choices[:3],
    key="tr_compare",
    placeholder="Pick techniques",
)
if picked:
    tech_tags = data.tag_table("technique").merge(papers, on="paper_id")
    tech_tags = tech_tags[tech_tags["technique"].isin(picked)]
    totals = papers.groupby("venue_label").size().reset_index(name="total")
    cmp_df = (
        tech_tags.groupby(["venue_label", "technique"])["paper_id"]
        .nunique()
        .reset_index(name="papers")
        .merge(totals, on="venue_label")
    )
    cmp_df["share"] = (100 * cmp_df["papers"] / cmp_df["total"]).round(2)
    order = (
        papers.drop_duplicates("venue_label").sort_values(["year", "venue"])["venue_label"].tolist()
    )
    ui.chart(
        cmp_df,
        lambda d: charts.trend_lines(
            d,
            "venue_label",
            "technique",
            data.technique_domain(),
            value,
            value_title,
            "venue and year",
            order,
        ),
        "compare_techniques",
        "None of the picked techniques occurs in the filtered papers.",
    )
elif choices:
    st.info("Pick one or more techniques to compare them as lines over venues and years.")
else:
    st.info(empty)
