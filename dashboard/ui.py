"""Small Streamlit helpers shared by the pages: charts with their data, empty states, captions."""

from __future__ import annotations

import re
from collections.abc import Callable

import altair as alt
import pandas as pd
import streamlit as st

from dashboard import data, export, filters
from extract.schema import TABLES

STAGE_OF = {t.name: t.stage for t in TABLES.values() if t.stage}  # table -> stage filling it


_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$:])")


def md_escape(text: object) -> str:
    """``text`` with Markdown syntax escaped, for data shown inside Markdown elements."""
    return _MD_SPECIAL.sub(r"\\\1", str(text))


def slug(text: str) -> str:
    """A file-name-safe version of ``text``."""
    return re.sub(r"[^A-Za-z0-9]+", "_", text).strip("_").lower() or "data"


def download(
    df: pd.DataFrame | Callable[[], pd.DataFrame],
    name: str,
    fmt: str = "csv",
    label: str | None = None,
    key: str | None = None,
) -> None:
    """A download button for ``df`` (bytes made only when clicked; CSV is formula-safe).

    ``df`` may be a function returning the frame: it then runs only when clicked.
    """
    st.download_button(
        label or f"Download {fmt.upper()}",
        data=lambda: export.to_bytes(df() if callable(df) else df, fmt),
        file_name=f"{slug(name)}.{fmt}",
        mime=export.FORMATS[fmt],
        key=key or f"dl_{slug(name)}_{fmt}",
        on_click="ignore",
        icon=":material/download:",
    )


def chart(
    df: pd.DataFrame,
    make: Callable[..., alt.Chart],
    name: str,
    empty: str,
    *args,
    **kwargs,
) -> None:
    """Draw ``make(df, *args, **kwargs)`` with its data as a CSV download, or say why not.

    The frame is what a cached query or view returned; the chart is built on each run (no
    private Streamlit API, no chart cache of our own).
    """
    if df is None or df.empty:
        st.info(empty, icon=":material/info:")
        return
    st.altair_chart(make(df, *args, **kwargs), width="stretch")
    download(df, name, "csv", label="Data behind this chart (CSV)", key=f"chartdata_{slug(name)}")


@st.cache_data(show_spinner=False, ttl=data.CACHE_TTL, max_entries=8)
def _rebuild_command(key: tuple) -> str:
    seeds = data.PROJECT_ROOT / "seeds"
    names = set(data.distinct("sources", "source"))
    from_seeds = bool(names) and all((seeds / n).is_file() for n in names)
    inputs = "" if from_seeds else " <the files or folders it was built from>"
    return f"paper-trends build{inputs} --db {data.db_path()}"


def rebuild_command() -> str:
    """The command that rebuilds the current database with every stage (keywords included)."""
    return _rebuild_command(data.source_key())


def empty_table_note(table: str) -> str:
    """Why an extraction table has no rows and how to fill it ("" when it has rows)."""
    if data.row_count(table):
        return ""
    stage = STAGE_OF.get(table, table)
    extra = (
        " It was probably built with `--no-keywords`; rebuilding without that flag runs only "
        "the (slow) keyword stage, unchanged papers keep their cached rows."
        if table == "keywords"
        else ""
    )
    return (
        f"The `{table}` table of this database is empty: the `{stage}` extraction stage has not "
        f"produced rows.{extra} To fill it: `{rebuild_command()}`"
    )


def filter_caption() -> tuple[int, int]:
    """Show "N of M papers: <filters>" and return (N, M)."""
    f = filters.current()
    n, total = data.filtered_count(f), data.paper_count()
    uploads = len(data.uploaded_dbs())
    extra = f" · includes {uploads} uploaded file set(s)" if uploads else ""
    st.caption(f"{n:,} of {total:,} papers · {md_escape(f.describe())}{extra}")
    return n, total


def no_papers() -> bool:
    """Say so and return True when the filters leave no paper."""
    if not data.filtered_count():
        st.warning(
            "No paper matches the current filters. Loosen them in the sidebar "
            "(or press **Reset filters**).",
            icon=":material/filter_alt_off:",
        )
        return True
    return False


def filtered_or_stop(table: str, none_left: str) -> pd.DataFrame:
    """The filtered rows of ``table``; when there are none, say why and stop the page.

    The note names the stage to (re)run when the table is empty in the whole database, else
    ``none_left`` (the filters removed every row).
    """
    rows = data.filtered(table)
    if rows.empty:
        st.info(empty_table_note(table) or none_left, icon=":material/info:")
        st.stop()
    return rows
