"""Data: download every table (filtered), read the schema, add your own or a fetched list."""

import streamlit as st

from dashboard import analytics, data, export, filters, ui, upload
from extract.schema import TABLES

st.title("Data")
n, _ = ui.filter_caption()

st.subheader("Download")
st.caption(
    "Every table, restricted to the papers passing the sidebar filters. CSV cells that a "
    "spreadsheet would run as a formula (starting with = + - @) get a leading apostrophe."
)
c1, c2, c3 = st.columns([2, 2, 3])
table = c1.selectbox(
    "Table",
    list(TABLES),
    key="dt_table",
)
fmt = c2.segmented_control("Format", list(export.FORMATS), default="csv", key="dt_fmt") or "csv"
f = filters.current()
suffix = "filtered" if f.active else "all"
with c3:
    st.write("")
    ui.download(
        lambda: data.filtered(table, f),  # read when clicked
        f"{table}_{suffix}",
        fmt,
        label=f"Download {table}.{fmt} ({data.filtered_rows(table, f):,} rows)",
        key="dt_one",
    )


# The zip is made when the button is clicked, outside this script run: the filters and the
# database are taken now, so it holds exactly the papers in view. A filtered view leaves out
# the tables about the build itself (extract_runs, build_problems).
zipped, read_tables = data.export_tables(f)
st.download_button(
    f"Download every table ({fmt}, zip)",
    data=lambda: export.zip_tables(read_tables(), fmt),
    file_name=f"paper_trends_{suffix}_{fmt}.zip",
    mime="application/zip",
    on_click="ignore",
    key="dt_zip",
    icon=":material/folder_zip:",
    help=None
    if len(zipped) == len(TABLES)
    else "The tables about the papers in view; the build's own tables ("
    + ", ".join(t for t in TABLES if t not in zipped)
    + ") come with an unfiltered view.",
)
with st.expander(f"Preview: {table}"):
    st.dataframe(data.filtered(table, f, limit=200), hide_index=True)

st.subheader("How far to trust each table")
acc = data.accuracy()
if acc is None:
    st.info(
        "No accuracy figures yet: `python benchmarks/accuracy_report.py` measures them on the "
        "labelled dev sets (benchmarks/devset/).",
        icon=":material/info:",
    )
else:
    st.caption(
        "Precision (of the rows extracted, the share a person also labelled) and recall (of "
        "what a person labelled, the share extracted), on the hand-labelled abstracts of "
        f"{len(acc['devsets'])} files in benchmarks/devset/ ({acc['generated']}, commit "
        f"{acc['commit']}). Parts, pooled over the files: *dev* was tuned on; *heldout* is "
        "scored but never tuned on; *blind* was labelled by people who never saw the "
        "extractor's output and is read only as totals (the fairest figure for new papers); "
        "*seeds* are the bundled demo abstracts. In `methods`, *proposed* and *mentioned* "
        "score method names alone, *phrases* method phrases alone, *names + phrases* the whole "
        "table by role (one item per concept). Brackets: 95% Wilson interval. Regenerate "
        "with `python benchmarks/accuracy_report.py`; details in docs/ACCURACY.md."
    )
    columns = {
        "measure": st.column_config.TextColumn(width="medium"),  # "mentioned names + phrases"
        "precision": st.column_config.TextColumn("precision [95% CI]"),
        "recall": st.column_config.TextColumn("recall [95% CI]"),
        "F1": st.column_config.NumberColumn(format="%.2f"),
    }
    acc_rows = analytics.accuracy_table(acc["rows"], ("all", "part"))
    st.dataframe(
        acc_rows,
        hide_index=True,
        height=35 * (len(acc_rows) + 1) + 3,  # every row, no inner scrolling
        column_config=columns,
    )
    batches = analytics.accuracy_table(acc["rows"], ("split",))
    if len(batches):
        with st.expander(f"Per labelled batch ({len(batches)} rows)"):
            st.caption(
                "Each batch of labelled abstracts apart, as its records' `split` names it "
                "(without one: *seeds*, or *corpus* for abstracts of the conference lists). "
                "benchmarks/devset/splits.toml declares the part each batch counts for."
            )
            st.dataframe(batches.rename(columns={"part": "batch"}), hide_index=True,
                         column_config=columns)

st.subheader("Schema")
st.caption("From `extract/schema.py`; extraction tables join to `papers` on `paper_id`.")
counts = data.row_counts()
for t in TABLES.values():
    rows = counts[t.name]
    stage = f" · filled by the `{t.stage}` stage" if t.stage else ""
    with st.expander(f"`{t.name}` · {rows:,} rows{stage}"):
        st.write(t.description)
        st.dataframe(analytics.column_table(t), hide_index=True)

st.subheader("Add your own paper list")
st.caption(
    f"JSON, JSON Lines, CSV/TSV, BibTeX or raw text (format detected from content), up to "
    f"{upload.MAX_UPLOAD_MB} MB in all. The papers are extracted with every stage except "
    "keywords (too slow for an upload) and added to your view for this session only; the "
    "database on disk is not changed."
)
files = st.file_uploader(
    "Paper list files",
    accept_multiple_files=True,
    key="dt_upload",
    max_upload_size=upload.MAX_UPLOAD_MB,
)
RESULT_KEY = "dt_upload_result"  # this page's own note of the last upload, shown after the rerun


def _clear() -> None:
    data.clear_uploads()
    st.session_state.pop(RESULT_KEY, None)


if st.button("Extract and add to my view", disabled=not files, key="dt_build", type="primary"):
    with st.spinner("Reading and extracting ..."):
        res = upload.build_upload([(f.name, f.getvalue()) for f in files])
    st.session_state[RESULT_KEY] = res
    if not res.error:
        data.add_upload(res.db)
        st.rerun()  # so the sidebar's venue/year/technique choices include the new papers
st.subheader("Fetch a paper list from its source")
st.caption(
    "Downloads a conference-year (the app's only network use, and only on this button) into "
    "the `raw/` folder beside the database, then adds it to your view like an upload: "
    "`paperlists/<conf><year>` (e.g. paperlists/iclr2025), `anthology/<collection>` (e.g. "
    "anthology/2024.acl) or `openreview/<venue id>` (e.g. openreview/ICLR.cc/2025/Conference). "
    "Same as `paper-trends fetch SOURCE --add`, without changing the database."
)
f1, f2 = st.columns([3, 2])
spec = f1.text_input("Source", key="dt_fetch_src", placeholder="paperlists/iclr2025").strip()
mirror = f2.text_input(
    "Mirror (optional)", key="dt_fetch_mirror", placeholder="base URL replacing the public one"
).strip()
if st.button("Fetch and add to my view", disabled=not spec, key="dt_fetch"):
    bar = st.progress(0.0, text=f"Fetching {spec} ...")

    def _progress(done: int, total: int | None) -> None:
        unit = "notes" if spec.startswith("openreview/") else "bytes"
        share = min(done / total, 1.0) if total else 0.0
        of = f" of {total:,}" if total else ""
        bar.progress(share, text=f"Fetching {spec}: {done:,}{of} {unit}")

    res = upload.build_fetched(
        spec, upload.fetch_cache_dir(data.db_path()), mirror=mirror or None, progress=_progress
    )
    bar.empty()
    st.session_state[RESULT_KEY] = res
    if not res.error:
        data.add_upload(res.db)
        st.rerun()
res = st.session_state.get(RESULT_KEY)
if res is not None:
    if res.error:
        st.error(ui.md_escape(res.error))
    else:
        st.success(
            f"Added {res.papers:,} paper(s) to your view. Every page now includes them "
            "(papers already in the database keep their stored rows)."
        )
    if res.problems:
        with st.expander(
            f"{len(res.problems)} problem(s) reading the upload", expanded=bool(res.error)
        ):
            st.text("\n".join(res.problems[:200]))
if data.uploaded_dbs():
    st.caption(f"{len(data.uploaded_dbs())} upload(s) in your view.")
    st.button("Remove my uploaded papers", on_click=_clear, key="dt_clear")

problems = data.load_table("build_problems")
st.subheader("Build problems")
if problems.empty:
    st.caption("The last build read every input without problems.")
else:
    st.dataframe(problems, hide_index=True)
