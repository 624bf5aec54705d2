"""Keywords: top keyphrases per venue or theme, and keyphrases rising or falling between years."""

import streamlit as st

from dashboard import analytics, charts, data, ui

st.title("Keywords")
n, _ = ui.filter_caption()
if data.row_count("keywords") == 0:
    st.info(ui.empty_table_note("keywords"), icon=":material/info:")
    st.code(ui.rebuild_command(), language="bash")
    st.stop()
if ui.no_papers():
    st.stop()

kw = data.keyword_terms()  # "LLMs" and "large language models (LLMs)" count as one term
papers = analytics.known_venue(data.filtered("papers", columns=("paper_id", "venue", "year")))
if kw.empty:
    st.info("The filtered papers have no keywords.")
    st.stop()

st.subheader("Top keywords")
c1, c2, c3, c4 = st.columns([2, 3, 2, 3])
by = c1.segmented_control("Per", ["venue", "theme"], default="venue", key="kw_by") or "venue"
rank = (
    c3.segmented_control(
        "Rank by",
        list(analytics.RANKINGS),
        default="papers",
        key="kw_rank",
        help="papers: most papers first. distinctive: keywords whose share of papers here is "
        "highest relative to all papers in view (at least 3 papers and 1% of the group).",
    )
    or "papers"
)
groups_df = papers[["paper_id", "venue"]] if by == "venue" else data.tag_table("theme")
if groups_df.empty:
    st.info(ui.empty_table_note("techniques") or "No themes among the filtered papers.")
else:
    counts = analytics.group_sizes(groups_df, by)
    group = c2.selectbox(
        by.capitalize(),
        counts.index.tolist(),
        key=f"kw_group_{by}",
        help="Ordered by number of papers.",
    )
    k = c4.slider("How many", 5, 40, 15, key="kw_k")
    members = analytics.group_members(groups_df, by, group)
    st.caption(
        f"{counts[group]:,} papers in {ui.md_escape(group)}. Spellings of one term count "
        'together ("LLMs", "large language models" and "large language models (LLMs)"); '
        "the keywords table on the Data page keeps each paper's own spelling."
    )
    top = analytics.top_terms(kw, members, k, rank, n_papers=len(papers))
    value, title = ("papers", "papers") if rank == "papers" else ("x overall", "× share overall")
    ui.chart(
        top,
        charts.plain_bars,
        f"top_keywords_{group}_{rank}",
        f"No keywords for {ui.md_escape(group)}"
        + (" in at least 3 papers." if rank == "distinctive" else "."),
        "keyword",
        value=value,
        value_title=title,
    )

st.subheader("Rising and falling keywords")
years = analytics.years(papers)
if len(years) < 2:
    st.info(
        "Needs papers from at least two years; the current selection has "
        f"{len(years)}. Widen the year filter."
    )
    st.stop()
default = analytics.comparable_years(papers) or (years[0], years[-1])
c1, c2, c3, c4 = st.columns([2, 2, 2, 3])
a = c1.selectbox("From year", years, index=years.index(default[0]), key="kw_a")
b = c2.selectbox("To year", years, index=years.index(default[1]), key="kw_b")
min_papers = c3.number_input("Min. papers (either year)", 1, 100, 5, key="kw_min")
same = c4.toggle(
    "Only venues with papers in both years",
    value=True,
    key="kw_same",
    help="Compare like with like (as on Emerging topics): a venue present in one year only "
    "would make its keywords look like they rise or fall. By default the years compared are "
    "the last one and the earliest sharing a venue with it.",
)
if a == b:
    st.info("Pick two different years.")
    st.stop()
shift_papers = papers
if same:
    both = analytics.venues_in_both(papers, [a], [b])
    left_out = sorted(set(papers.loc[papers["year"].isin([a, b]), "venue"]) - set(both))
    st.caption(
        f"Venues compared: {ui.md_escape(', '.join(map(str, both))) or 'none'}"
        + (f" · left out: {ui.md_escape(', '.join(map(str, left_out)))}" if left_out else "")
    )
    shift_papers = papers[papers["venue"].isin(both)]
elif note := analytics.venue_mix_warning(papers, a, b):
    st.warning(ui.md_escape(note), icon=":material/compare_arrows:")
ui.chart(
    analytics.biggest_moves(analytics.keyword_shift(kw, shift_papers, a, b, min_papers)),
    charts.keyword_change,
    f"keywords_{a}_{b}",
    f"No keyword with at least {min_papers} papers changed between {a} and {b}"
    + (" in the venues of both years." if same else "."),
    str(a),
    str(b),
)
