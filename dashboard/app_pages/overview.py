"""Overview: how many papers, from where, how much was extracted, and the top techniques."""

import streamlit as st

from dashboard import aggregates, analytics, charts, data, ui, views

st.title("paper-trends")
st.caption("Trends in NLP/ML conference papers, extracted from titles and abstracts.")
n, _ = ui.filter_caption()

nums = aggregates.overview_numbers()  # one query on the database


pct = analytics.pct_label  # "0.4%", never "0%" for a share that is not zero


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
        st.subheader("Coverage: papers per venue and year")
        cov, note = views.coverage(ignore_tags=False)
        ui.chart(
            cov,
            charts.coverage_heatmap,
            "coverage_venue_year",
            "No paper has a year.",
            data.group_domain(),
        )
        if note:
            st.caption(
                ":material/compare_arrows: "
                + ui.md_escape(note)
                + " The Trends page compares venues (or venue groups) year by year."
            )
        unknown_year = nums["unknown_year"]
        if unknown_year:
            st.caption(f"{unknown_year:,} paper(s) without a year are not in the matrix.")
    with right:
        st.subheader("Top techniques")
        ui.chart(
            views.every_tag("technique").head(15),
            charts.top_categories,
            "top_techniques",
            ui.empty_table_note("techniques") or "No technique tags among the filtered papers.",
            "technique",
            data.technique_domain(),
        )

    problems = data.load_table("build_problems")
    if len(problems):
        with st.expander(f"{len(problems)} input problem(s) during the last build"):
            st.dataframe(problems, hide_index=True)
