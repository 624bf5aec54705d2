"""Keywords: top keyphrases per venue or theme, and keyphrases rising or falling between years."""

import streamlit as st

from dashboard import analytics, charts, data, ui, views

st.title("Keywords")
n, _ = ui.filter_caption()
if data.row_count("keywords") == 0:
    st.info(ui.empty_table_note("keywords"), icon=":material/info:")
    st.code(ui.rebuild_command(), language="bash")
    st.stop()
if ui.no_papers():
    st.stop()

brief = views.keyword_overview()  # cached per filters
if not brief["has_keywords"]:
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
counts = views.keyword_group_sizes(by)
if counts.empty:
    st.info(ui.empty_table_note("techniques") or "No themes among the filtered papers.")
else:
    group = c2.selectbox(
        by.capitalize(),
        counts.index.tolist(),
        key=f"kw_group_{by}",
        help="Ordered by number of papers.",
    )
    k = c4.slider("How many", 5, 40, 15, key="kw_k")
    st.caption(
        f"{counts[group]:,} papers in {ui.md_escape(group)}. Spellings of one term count "
        'together ("LLMs", "large language models" and "large language models (LLMs)"); '
        "the keywords table on the Data page keeps each paper's own spelling."
    )
    top = views.keyword_top(by, group, k, rank)
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
years = brief["years"]
if len(years) < 2:
    st.info(
        "Needs papers from at least two years; the current selection has "
        f"{len(years)}. Widen the year filter."
    )
    st.stop()
default = brief["default"] or (years[0], years[-1])
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
shift = views.keyword_shift(a, b, min_papers, same)
if same:
    both, left_out = shift["both"], shift["left_out"]
    st.caption(
        f"Venues compared: {ui.md_escape(', '.join(map(str, both))) or 'none'}"
        + (f" · left out: {ui.md_escape(', '.join(map(str, left_out)))}" if left_out else "")
    )
elif shift["warning"]:
    st.warning(ui.md_escape(shift["warning"]), icon=":material/compare_arrows:")
ui.chart(
    shift["moves"],
    charts.keyword_change,
    f"keywords_{a}_{b}",
    f"No keyword with at least {min_papers} papers changed between {a} and {b}"
    + (" in the venues of both years." if same else "."),
    str(a),
    str(b),
)
