"""Overview: how many papers, from where, how much was extracted, and the top techniques."""

import streamlit as st

from dashboard import charts, data, ui

st.title("paper-trends")
st.caption("Trends in NLP/ML conference papers, extracted from titles and abstracts.")
n, _ = ui.filter_caption()

papers = data.filtered("papers")
ids = set(papers["paper_id"])


def share(table: str, mask=None) -> str:
    df = data.filtered(table)
    if mask is not None and len(df):
        df = df[mask(df)]
    if not n:
        return "–"
    return f"{100 * df['paper_id'].nunique() / n:.0f}%"


c = st.columns(6)
c[0].metric("Papers", f"{n:,}")
c[1].metric("Venues", papers["venue"].nunique())
c[2].metric("Years", papers["year"].nunique())
c[3].metric(
    "With a model size",
    share("model_sizes"),
    help="Share of the papers with at least one parameter count extracted.",
)
c[4].metric(
    "With a metric",
    share("metrics"),
    help="Share of papers with at least one reported result extracted.",
)
c[5].metric(
    "Proposing a method",
    share("methods", lambda d: d["role"] == "proposed"),
    help="Share of papers whose abstract names a method it proposes.",
)

if not ui.no_papers():
    left, right = st.columns([3, 2])
    with left:
        st.subheader("Papers per venue and year")
        pv = (
            papers.assign(venue=papers["venue"].fillna("unknown"))
            .groupby(["venue", "year", "venue_label"], dropna=False)
            .size()
            .reset_index(name="papers")
        )
        ui.chart(
            pv,
            lambda d: charts.papers_per_venue_year(d, data.venue_domain()),
            "papers_per_venue_year",
            "No papers to count.",
        )
    with right:
        st.subheader("Top techniques")
        tags = data.tag_table("technique")
        top = tags.groupby("technique")["paper_id"].nunique().reset_index(name="papers")
        top = top.sort_values(["papers", "technique"], ascending=[False, True]).head(15)
        top["% of papers"] = (100 * top["papers"] / n).round(1)
        ui.chart(
            top,
            lambda d: charts.top_categories(d, "technique", data.technique_domain()),
            "top_techniques",
            ui.empty_table_note("techniques") or "No technique tags among the filtered papers.",
        )

    problems = data.load_table("build_problems")
    if len(problems):
        with st.expander(f"{len(problems)} input problem(s) during the last build"):
            st.dataframe(problems, hide_index=True)
