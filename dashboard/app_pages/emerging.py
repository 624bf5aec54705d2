"""Emerging topics: terms rising between two periods, ranked by log-odds with a Dirichlet prior."""

import streamlit as st

from dashboard import analytics, charts, data, ui, views

st.title("Emerging topics")
n, _ = ui.filter_caption()
if ui.no_papers():
    st.stop()
brief = views.in_view(ignore_tags=False)
years = brief["years"]
periods = analytics.default_periods(years)
if periods is None:
    st.info(
        f"Needs papers from at least two years; the current selection has {len(years)}. "
        "Widen the year filter."
    )
    st.stop()

kind = (
    st.segmented_control(
        "Terms",
        ["technique", "method", "dataset", "keyword"],
        default="technique",
        key="em_kind",
        help="technique tags, method/model names, benchmarks/datasets or keyphrases.",
    )
    or "technique"
)
c2, c3 = st.columns(2)
(a_lo, a_hi) = c2.select_slider(
    "Earlier period", years, value=(periods[0][0], periods[0][-1]), key="em_a"
)
(b_lo, b_hi) = c3.select_slider(
    "Later period", years, value=(periods[1][0], periods[1][-1]), key="em_b"
)
years_a = [y for y in years if a_lo <= y <= a_hi]
years_b = [y for y in years if b_lo <= y <= b_hi]
if set(years_a) & set(years_b):
    st.warning("The two periods overlap; pick disjoint year ranges.", icon=":material/warning:")
    st.stop()

c1, c2 = st.columns([3, 2])
same = c1.toggle(
    "Only venues with papers in both periods",
    value=True,
    key="em_same",
    help="Compare like with like: a venue present in one period only would make its topics "
    "look like they appear or vanish.",
)
min_papers = c2.number_input("Min. papers (both periods)", 1, 500, 5, key="em_min")
if kind == "keyword" and data.row_count("keywords") == 0:
    st.info(ui.empty_table_note("keywords"), icon=":material/info:")
    st.stop()
ranked, n_a, n_b, both = views.rising(kind, years_a, years_b, same, min_papers)
if same:
    left_out = sorted(set(brief["venues"]) - set(both))
    st.caption(
        f"Venues compared: {ui.md_escape(', '.join(both)) or 'none'}"
        + (f" · left out: {ui.md_escape(', '.join(left_out))}" if left_out else "")
    )
label_a, label_b = analytics.year_ranges(years_a), analytics.year_ranges(years_b)
st.caption(
    f"{n_a:,} papers in {label_a} and {n_b:,} in {label_b}. Terms are ranked by the z-score of "
    "their log-odds ratio with an informative Dirichlet prior (Monroe, Colaresi & Quinn 2008; "
    "prior: each term's pooled count in both periods): a rise from 1 to 3 papers weighs less "
    "than one from 10 to 30, so rare terms do not top the list by chance. Counts are papers."
)
if ranked.empty or not n_a or not n_b:
    st.info(
        f"No {kind} with at least {min_papers} papers in these periods"
        + (" and venues." if same else ".")
    )
    st.stop()

k = st.slider("How many", 5, 40, 15, key="em_k")
rising = ranked[ranked["z"] > 0].head(k)
falling = ranked[ranked["z"] < 0].tail(k).iloc[::-1]
left, right = st.columns(2)
with left:
    st.subheader("Rising")
    ui.chart(
        rising,
        charts.rising_terms,
        f"rising_{kind}_{label_a}_{label_b}",
        "Nothing rises between these periods.",
        "term",
        label_a,
        label_b,
    )
with right:
    st.subheader("Falling")
    ui.chart(
        falling,
        charts.rising_terms,
        f"falling_{kind}_{label_a}_{label_b}",
        "Nothing falls between these periods.",
        "term",
        label_a,
        label_b,
    )

st.subheader("Every term with its counts")
table = ranked.rename(
    columns={
        "term": kind,
        "papers_a": f"papers {label_a}",
        "papers_b": f"papers {label_b}",
        "share_a": f"% {label_a}",
        "share_b": f"% {label_b}",
    }
)
st.dataframe(
    table,
    hide_index=True,
    column_config={
        f"% {label_a}": st.column_config.NumberColumn(format="%.2f"),
        f"% {label_b}": st.column_config.NumberColumn(format="%.2f"),
        "delta": st.column_config.NumberColumn("log-odds Δ", format="%+.3f"),
        "z": st.column_config.NumberColumn("z", format="%+.2f"),
    },
    height=320,
)
ui.download(table, f"emerging_{kind}_{label_a}_{label_b}", "csv", label="Download (CSV)")
