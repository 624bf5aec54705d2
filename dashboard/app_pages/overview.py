"""Overview: how many papers, from where, how much was extracted, and the top techniques."""

import streamlit as st

from dashboard import analytics, charts, data, ui

st.title("paper-trends")
st.caption("Trends in NLP/ML conference papers, extracted from titles and abstracts.")
n, _ = ui.filter_caption()

papers = data.filtered("papers")
nums = analytics.overview_numbers(
    papers, data.filtered("model_sizes"), data.filtered("metrics"), data.filtered("methods")
)


def pct(share: float | None) -> str:
    return "–" if share is None else f"{share:.0%}"


c = st.columns(6)
c[0].metric("Papers", f"{nums['papers']:,}")
c[1].metric("Venues", nums["venues"])
c[2].metric("Years", nums["years"])
c[3].metric(
    "With a model size",
    pct(nums["with_size"]),
    help="Share of the papers with at least one parameter count extracted.",
)
c[4].metric(
    "With a metric",
    pct(nums["with_metric"]),
    help="Share of papers with at least one reported result extracted.",
)
c[5].metric(
    "Proposing a method",
    pct(nums["proposing"]),
    help="Share of papers whose abstract names a method it proposes.",
)

if not ui.no_papers():
    left, right = st.columns([3, 2])
    with left:
        st.subheader("Papers per venue and year")
        ui.chart(
            analytics.papers_per_venue_year(papers),
            lambda d: charts.papers_per_venue_year(d, data.venue_domain()),
            "papers_per_venue_year",
            "No papers to count.",
        )
    with right:
        st.subheader("Top techniques")
        ui.chart(
            analytics.top_tags(data.tag_table("technique"), "technique", n),
            lambda d: charts.top_categories(d, "technique", data.technique_domain()),
            "top_techniques",
            ui.empty_table_note("techniques") or "No technique tags among the filtered papers.",
        )

    problems = data.load_table("build_problems")
    if len(problems):
        with st.expander(f"{len(problems)} input problem(s) during the last build"):
            st.dataframe(problems, hide_index=True)
