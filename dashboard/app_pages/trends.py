"""Trends: coverage, any term's adoption per venue, top techniques per venue group, by venue."""

import streamlit as st

from dashboard import charts, data, filters, ui, views

st.title("Trends")
n, _ = ui.filter_caption()
f = filters.current()
if not views.in_view()["n"]:
    ui.no_papers()
    st.stop()
st.caption(
    "Shares are of the papers passing the sidebar filters except *Technique / theme* and "
    "*Concept*, which pick the terms charted here. Each point is one venue (or venue group) "
    "in one year, with "
    "its 95% Wilson interval as a vertical bar and its n in the tooltip; a line never crosses "
    "a year in which its venue has no papers."
)

# --- coverage -----------------------------------------------------------------------------------
st.subheader("Coverage: papers per venue and year")
cov, note = views.coverage()
ui.chart(
    cov,
    charts.coverage_heatmap,
    "coverage_venue_year",
    "No paper has a known year.",
    data.group_domain(),
)
if note:
    st.warning(ui.md_escape(note), icon=":material/compare_arrows:")

full = st.toggle(
    "Only venues present in every selected year",
    key="tr_full",
    help="Drop the venues missing from any year in view, so every year has the same venues.",
)
if full:
    kept = views.in_view(full=True)
    dropped = kept["dropped"]
    if not kept["n"]:
        st.info("No venue has papers in every selected year; narrow the year filter.")
        st.stop()
    if dropped:
        st.caption(f"Left out (missing from some year): {ui.md_escape(', '.join(dropped))}.")

venue_domain = data.venue_domain()
group_domain = data.group_domain()

# --- one term -----------------------------------------------------------------------------------
st.subheader("Adoption of one term")
c1, c2 = st.columns([4, 3])
kind = (
    c1.segmented_control(
        "Kind",
        list(data.TERM_KINDS),
        default="technique",
        key="tr_kind",
        help="; ".join(f"{k}: {v}" for k, v in data.TERM_HELP.items()),
    )
    or "technique"
)
names = data.term_names(kind)
picked_tags = [t for t in f.tags if t.startswith(filters.THEME_PREFIX) == (kind == "theme")]
default = ""
if kind in ("technique", "theme") and picked_tags:
    default = picked_tags[0].removeprefix(filters.THEME_PREFIX)
elif names:
    default = names[0]
query = c2.text_input(
    "Name",
    value=default,
    key=f"tr_q_{kind}_{default}",
    placeholder="e.g. LoRA, RAG, MMLU, Llama",
    help="Case-insensitive; acronyms of technique tags work (lora, rag, cot). An exact name "
    "wins over partial matches.",
)
matches = data.match_term(kind, query)
if not names:
    st.info(
        ui.empty_table_note({"technique": "techniques", "theme": "techniques"}.get(kind, ""))
        if kind in ("technique", "theme")
        else f"No {kind} names in this database.",
        icon=":material/info:",
    )
elif not matches:
    st.warning(f"No {kind} matches “{ui.md_escape(query)}”.", icon=":material/search_off:")
else:
    term = matches[0][0]
    if len(matches) > 1 or matches[0][1] not in ("exact", "alias"):
        how = dict(matches)
        term = st.selectbox(
            f"{len(matches)} {kind}s match; showing",
            [m for m, _ in matches],
            key=f"tr_pick_{kind}_{query}",
            format_func=lambda m: f"{m}  ({how[m]})",
        )
    found = views.adoption(kind, term, full)
    rates, first = found["rates"], found["first"]
    if first is None:
        st.info(f"No paper in view has {ui.md_escape(term)}.")
    else:
        c = st.columns(3)
        c[0].metric(f"Papers with {term}", f"{first['total']:,}")
        c[1].metric("First seen", first["year"])
        c[2].metric(
            "First venues",
            ", ".join(first["venues"]),
            help=f"{first['papers']} paper(s) in {first['year']}",
        )
        st.markdown(f"**{ui.md_escape(term)}: % of papers per venue and year**")
        ui.chart(
            rates,
            charts.rate_panels,
            f"adoption_{kind}_{term}",
            "No papers.",
            "group",
            "venue",
            venue_domain,
            columns=2,
            facet_sort=group_domain,
        )
        st.markdown("**Top papers** (the term in the title first, then the earliest)")
        top = found["top"].assign(open="papers?paper=" + found["top"]["paper_id"])
        st.dataframe(
            top.drop(columns=["paper_id"]),
            hide_index=True,
            column_config={
                "title": st.column_config.TextColumn("title", width="large"),
                "venue_label": "venue",
                "year": st.column_config.NumberColumn("year", format="%d"),
                "text": "as written",
                "in_title": "in title",
                "open": st.column_config.LinkColumn("paper", display_text="open"),
            },
            height=260,
        )

# --- concepts ------------------------------------------------------------------------------------
st.subheader("Adoption of concepts")
if not f.concepts:
    st.info(
        "Pick one or more concepts in the sidebar's **Concept** box (or link "
        "`?concept=speculative+decoding`) to chart them here. A concept is a technique in any "
        "spelling, a method name or a method phrase: `LLM-as-a-judge` and `LLM judges` are one. "
        "Emerging topics lists the rising ones.",
        icon=":material/timeline:",
    )
else:
    c_by = (
        st.segmented_control(
            "Lines per",
            views.CONCEPT_SERIES,
            default="all",
            key="tr_concept_by",
            format_func=lambda b: {"all": "all papers in view", "group": "venue group"}.get(b, b),
            help="all papers in view: one line per concept; venue group or venue: one panel "
            "per concept, one line per group or venue.",
        )
        or "all"
    )
    crates = views.concept_trends(list(f.concepts), c_by, full)
    shown = list(dict.fromkeys(crates["concept"])) if not crates.empty else []
    found = views.concept_labels(list(f.concepts))
    missing = [c for c in f.concepts if not set(filters.concept_keys([c])) & set(found)]
    if missing:
        st.warning(
            "Not in this database: " + ui.md_escape(", ".join(missing)) + ".",
            icon=":material/search_off:",
        )
    if shown:
        # from the year before the first paper with any of them: new techniques would
        # otherwise be a long run of zeros
        years_in = sorted(crates["year"].unique())
        seen = crates.loc[crates["papers"] > 0, "year"]
        if len(seen):
            first = years_in.index(seen.min())
            crates = crates[crates["year"] >= years_in[max(first - 1, 0)]]
        st.markdown(
            "**"
            + ui.md_escape(", ".join(shown))
            + f": % of papers per year** from {crates['year'].min()}"
            + (" (all venues in view together)" if c_by == "all" else "")
        )
        if c_by == "all":
            ui.chart(
                crates,
                charts.rate_panels,
                "concepts_by_year",
                "No papers.",
                "all",
                "concept",
                shown,
                columns=1,
                width=560,
                height=260,
            )
        else:
            ui.chart(
                crates,
                charts.rate_panels,
                f"concepts_by_year_per_{c_by}",
                "No papers.",
                "concept",
                c_by,
                venue_domain if c_by == "venue" else group_domain,
                columns=3,
                facet_sort=shown,
            )
        per_year = (
            crates.groupby(["concept", "year"], as_index=False)[["papers", "total"]]
            .sum()
            .assign(share=lambda d: (100 * d["papers"] / d["total"]).round(2))
        )
        st.dataframe(
            per_year,
            hide_index=True,
            key="tr_concept_table",
            column_config={
                "year": st.column_config.NumberColumn("year", format="%d"),
                "papers": "papers with it",
                "total": "papers in view",
                "share": st.column_config.NumberColumn("% of papers", format="%.2f"),
            },
            height=min(36 * (len(per_year) + 1) + 3, 320),
        )

# --- techniques per venue group -----------------------------------------------------------------
st.subheader("Techniques and themes by year")
c1, c2, c3, c4 = st.columns([2, 2, 2, 3])
level = (
    c1.segmented_control("Tags", ["technique", "theme"], default="technique", key="tr_level")
    or "technique"
)
by = (
    c2.segmented_control(
        "Lines per",
        ["group", "venue"],
        default="group",
        key="tr_by",
        format_func=lambda b: "venue group" if b == "group" else b,
        help="venue group: NLP, ML, CV, robotics (extract/data/venue_groups.toml).",
    )
    or "group"
)
raw = c3.toggle("Raw counts", key="tr_raw", help="Papers instead of % of papers.")
value = "papers" if raw else "share"
domain = data.technique_domain() if level == "technique" else data.theme_domain()
present = views.present_tags(level, full)
chosen = [
    t.removeprefix(filters.THEME_PREFIX)
    for t in f.tags
    if t.startswith(filters.THEME_PREFIX) == (level == "theme")
]
if not present:
    st.info(ui.empty_table_note("techniques") or f"No {level} tags among these papers.")
else:
    top_n = c4.slider(
        f"{level.capitalize()}s shown (most frequent)",
        1,
        len(present),
        min(9, len(present)),
        key=f"tr_top_{level}",
        disabled=bool(chosen),
        help="The techniques chosen in the sidebar, if any; else the most frequent.",
    )
    keep = [t for t in chosen if t in present] or present[:top_n]
    series_domain = venue_domain if by == "venue" else group_domain
    by_year, per_venue = views.tag_trends(level, by, keep, full)
    ui.chart(
        by_year,
        charts.rate_panels,
        f"{level}_by_year_per_{by}",
        f"No {level} tags among these papers.",
        level,
        by,
        series_domain,
        value=value,
        columns=3,
        facet_sort=keep,
    )

    st.subheader(f"Share of papers per {level}, by venue")
    ui.chart(
        per_venue,
        charts.grouped_bars,
        f"{level}_by_venue",
        f"No {level} tags among these papers.",
        "venue",
        level,
        domain,
        value,
        "papers" if raw else "% of papers",
    )

st.subheader("Venue × theme heatmap")
heat = views.theme_grid(full)
theme_order = charts.present_in(data.theme_domain(), heat["theme"])
ui.chart(
    heat,
    charts.heatmap,
    "venue_theme_heatmap",
    ui.empty_table_note("techniques") or "No theme tags among these papers.",
    "venue_label",
    "theme",
    value,
    "papers" if raw else "% of papers",
    y_sort=theme_order,
)
