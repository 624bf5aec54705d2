"""Papers: search the filtered papers and read one with its extracted spans highlighted."""

import html

import streamlit as st

from dashboard import aggregates, analytics, data, highlight, ui

MAX_OPTIONS = 2000
MAX_LISTED = 5000  # rows sent to the table; the download holds them all

st.title("Papers")
n, _ = ui.filter_caption()
if ui.no_papers():
    st.stop()

q = st.text_input(
    "Search within the filtered papers",
    key="pp_q",
    placeholder="words in the title, abstract or author names",
)
n_found = data.paper_list_count(q)
papers = data.paper_list(q, limit=MAX_LISTED)  # a query on the database, cached
shown = f" (the first {MAX_LISTED:,} listed)" if n_found > MAX_LISTED else ""
st.caption(f"{n_found:,} paper(s){shown}")
if papers.empty:
    st.info("No paper matches this search.")
    st.stop()

cols = ["display_title", "authors", "venue_label", "status", "url", "paper_id"]
optional = ("authors", "url")  # shown when some listed paper has them
cols = [c for c in cols if c in papers.columns and (c not in optional or papers[c].notna().any())]
renamed = {"display_title": "title", "venue_label": "venue"}
listing = papers[cols].rename(columns=renamed)
st.dataframe(
    listing,
    hide_index=True,
    height=240,
    column_config={
        "title": st.column_config.TextColumn("title", width="large"),
        "url": st.column_config.LinkColumn("link", display_text="open"),
    },
)
ui.download(
    (lambda: data.paper_list(q)[cols].rename(columns=renamed)) if shown else listing,
    "papers_list",
    "csv",
    label="Download this list (CSV)",
)

options = papers["paper_id"].tolist()[:MAX_OPTIONS]
head = papers.iloc[:MAX_OPTIONS]
titles = dict(zip(head["paper_id"], head["display_title"] + " · " + head["venue_label"]))
if len(papers) > MAX_OPTIONS:
    st.caption(f"The picker lists the first {MAX_OPTIONS:,}; search to narrow down.")
# a link may name the paper by its id (?paper=p…, as Trends' "open" links do); the binding
# alone only knows the displayed labels, so select it here on the link's first run
linked = st.query_params.get("paper")
if "paper" not in st.session_state and linked in titles:
    st.session_state["paper"] = linked
pid = st.selectbox(
    "Paper", options, key="paper", bind="query-params", format_func=lambda p: titles.get(p, p)
)
if pid is None:
    st.stop()

found = data.paper_rows("papers", pid)
if found.empty:  # a link to a paper not in this database
    st.stop()
paper = found.iloc[0].copy()
listed = papers.loc[papers["paper_id"] == pid, "display_title"]
paper["display_title"] = listed.iloc[0] if len(listed) else str(paper["title"])
st.divider()
# paper text is escaped and rendered as HTML (never as Markdown or raw HTML)
st.html(f"<h3 style='margin-bottom:0'>{html.escape(str(paper['display_title']))}</h3>")
meta = [str(paper["venue_label"])]
for col in ("track", "status"):
    if isinstance(paper[col], str) and paper[col]:
        meta.append(f"{col}: {paper[col]}")
st.caption(ui.md_escape(" · ".join(meta)) + f" · id `{pid}`")
authors, url = paper.get("authors"), paper.get("url")
if isinstance(authors, str) and authors:
    st.markdown(ui.md_escape(authors.replace("; ", ", ")))
if isinstance(url, str) and url.lower().startswith(("https://", "http://")):
    st.link_button("Paper page", url, icon=":material/open_in_new:")

tables = {t: data.paper_rows(t, pid) for t in data.SPAN_TABLES}  # this paper's rows
spans = highlight.valid_spans(str(paper["abstract"]), highlight.paper_spans(pid, tables))
kinds = [k for k in highlight.KINDS if k in {s.kind for s in spans}]
if spans:
    st.html(highlight.legend_html(kinds))
else:
    missing = [t for t in data.SPAN_TABLES if data.row_count(t) == 0]
    st.caption(
        "Nothing was extracted from this abstract"
        + (f" (empty tables in this database: {', '.join(missing)})." if missing else ".")
    )
st.html(highlight.to_html(str(paper["abstract"]), spans))
if from_title := [*analytics.title_only_names(tables["methods"], pid),
                  *analytics.title_only_tags(tables["techniques"], pid)]:
    st.caption("From the title: " + ui.md_escape(", ".join(from_title)))

tabs = st.tabs(["Extracted", "Keywords", "Provenance"])
with tabs[0]:
    rows = analytics.span_rows(str(paper["abstract"]), spans)
    if len(rows):
        st.dataframe(rows, hide_index=True)
    else:
        st.info("No spans extracted from this abstract.")
with tabs[1]:
    kw = analytics.paper_rows(data.paper_rows("keywords", pid), "keywords", pid)
    if isinstance(paper["author_keywords"], str) and paper["author_keywords"]:
        st.markdown("**Author keywords**")
        st.text(paper["author_keywords"])
    if len(kw):
        st.markdown("**Extracted keyphrases**")
        st.dataframe(kw[["rank", "keyword", "score"]], hide_index=True)
    elif data.row_count("keywords") == 0:
        st.info(ui.empty_table_note("keywords"))
    else:
        st.info("No keyphrases for this paper.")
with tabs[2]:
    src = analytics.paper_rows(data.paper_rows("sources", pid), "sources", pid)
    st.caption(f"Found in {len(src)} place(s).")
    st.dataframe(src[["source", "locator", "format"]], hide_index=True)

# similar papers: only when the keyword stage stored document embeddings (paper_embeddings)
if aggregates.has_embeddings():
    st.subheader("Similar papers")
    near = aggregates.similar_papers(pid, k=10)  # one DuckDB scan of the embeddings, cached
    if near.empty:
        st.caption("This paper has no stored embedding (it was added after the keyword stage ran).")
    else:
        near = data.with_papers(near, ("title", "venue_label"))
        near["open"] = "papers?paper=" + near["paper_id"]
        st.caption(
            "Nearest by cosine similarity of the document embeddings the keyword stage computes "
            "(all papers in the database, whatever the filters)."
        )
        st.dataframe(
            near[["title", "venue_label", "similarity", "open"]],
            hide_index=True,
            column_config={
                "title": st.column_config.TextColumn("title", width="large"),
                "venue_label": "venue",
                "similarity": st.column_config.NumberColumn("cosine", format="%.3f"),
                "open": st.column_config.LinkColumn("paper", display_text="open"),
            },
        )
