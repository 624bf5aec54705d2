"""Emerging topics: terms rising between two periods, ranked by log-odds with a Dirichlet prior;
rising techniques (concepts: names and method phrases) ranked by the growth of their share."""

from urllib.parse import quote_plus

import streamlit as st

from dashboard import aggregates, analytics, charts, data, ui, views

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


def terms_section() -> None:
    """The technique, method, dataset or keyword terms ranked by log-odds."""
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
        return

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
        return
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
        return

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


def concepts_section() -> None:
    """Rising techniques: concepts (names and phrases by concept_key) by growth of their share."""
    st.subheader("Rising techniques")
    if not aggregates.has_concepts():
        st.info(
            "This database has no concepts (`methods.concept_key`): it was built before them. "
            f"Rebuild it: `{ui.rebuild_command()}`",
            icon=":material/info:",
        )
        return
    b_default = years[-1]
    a_default = b_default - 2 if b_default - 2 in years else years[0]
    c1, c2, c3, c4 = st.columns([2, 2, 3, 2])
    year_a = c1.selectbox("From year", years[:-1], index=years.index(a_default), key="em_ca")
    later = [y for y in years if y > year_a]
    year_b = c2.selectbox(
        "To year",
        later,
        index=later.index(b_default) if b_default in later else len(later) - 1,
        key="em_cb",
    )
    same_c = c3.toggle(
        "Only venues with papers in both years",
        value=True,
        key="em_c_same",
        help="Compare like with like (as above).",
    )
    min_b = c4.number_input(
        f"Min. papers in {year_b}", 1, 1000, 10, key="em_c_min",
        help="Leave out concepts on fewer papers of the later year.",
    )
    got = views.rising_concepts(year_a, year_b, same_c, min_b)
    ranked, n_a, n_b = got["ranked"], got["n_a"], got["n_b"]
    st.caption(
        f"Techniques in any spelling (a method name or a method phrase, grouped by concept "
        f"key: `LLM judges` = `LLM-as-a-judge`) ranked by how many times their share of papers "
        f"grew from {year_a} ({n_a:,} papers) to {year_b} ({n_b:,} papers): "
        f"(papers {year_b} + 1) / ({n_b:,} + 1) ÷ (papers {year_a} + 1) / ({n_a:,} + 1), so a "
        f"concept absent in {year_a} gets a finite growth; only concepts on at least {min_b} "
        f"papers of {year_b}."
        + (
            f" Venues compared: {ui.md_escape(', '.join(got['both'])) or 'none'}."
            if got["both"] is not None
            else ""
        )
    )
    if ranked.empty or not n_a or not n_b:
        st.info(f"No concept on at least {min_b} papers of {year_b} in these venues.")
        return
    table = ranked.assign(chart="trends?concept=" + ranked["label"].map(quote_plus))[
        ["label", "papers_a", "papers_b", "share_a", "share_b", "growth", "forms", "chart"]
    ]
    st.dataframe(
        table,
        hide_index=True,
        key="em_concepts",
        column_config={
            "label": st.column_config.TextColumn("concept", width="medium"),
            "papers_a": st.column_config.NumberColumn(f"papers {year_a}", format="%d"),
            "papers_b": st.column_config.NumberColumn(f"papers {year_b}", format="%d"),
            "share_a": st.column_config.NumberColumn(f"% {year_a}", format="%.2f"),
            "share_b": st.column_config.NumberColumn(f"% {year_b}", format="%.2f"),
            "growth": st.column_config.NumberColumn("growth ×", format="%.1f"),
            "forms": st.column_config.TextColumn(
                "as", help="name: a method name; phrase: a method phrase"
            ),
            "chart": st.column_config.LinkColumn("adoption", display_text="chart"),
        },
        height=420,
    )
    ui.download(
        table.drop(columns=["chart"]),
        f"rising_concepts_{year_a}_{year_b}",
        "csv",
        label="Download (CSV)",
    )


terms_section()
concepts_section()
