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
    df: pd.DataFrame, name: str, fmt: str = "csv", label: str | None = None, key: str | None = None
) -> None:
    """A download button for ``df`` (bytes made only when clicked; CSV is formula-safe)."""
    st.download_button(
        label or f"Download {fmt.upper()}",
        data=lambda: export.to_bytes(df, fmt),
        file_name=f"{slug(name)}.{fmt}",
        mime=export.FORMATS[fmt],
        key=key or f"dl_{slug(name)}_{fmt}",
        on_click="ignore",
        icon=":material/download:",
    )


def chart(
    df: pd.DataFrame, make: Callable[[pd.DataFrame], alt.Chart], name: str, empty: str
) -> None:
    """Draw ``make(df)`` with a "data behind this chart" download, or say why there is nothing."""
    if df is None or df.empty:
        st.info(empty, icon=":material/info:")
        return
    st.altair_chart(make(df), width="stretch")
    download(df, name, "csv", label="Data behind this chart (CSV)", key=f"chartdata_{slug(name)}")


def rebuild_command() -> str:
    """The command that rebuilds the current database with every stage (keywords included)."""
    seeds = data.PROJECT_ROOT / "seeds"
    names = set(data.load_table("sources")["source"].dropna())
    from_seeds = bool(names) and all((seeds / n).is_file() for n in names)
    inputs = "" if from_seeds else " <the files or folders it was built from>"
    return f"paper-trends build{inputs} --db {data.db_path()}"


def empty_table_note(table: str) -> str:
    """Why an extraction table has no rows and how to fill it ("" when it has rows)."""
    if len(data.load_table(table)):
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
    n, total = len(data.filtered_ids()), len(data.load_table("papers"))
    uploads = len(data.uploaded_dbs())
    extra = f" · includes {uploads} uploaded file set(s)" if uploads else ""
    st.caption(f"{n:,} of {total:,} papers · {md_escape(f.describe())}{extra}")
    return n, total


def no_papers() -> bool:
    """Say so and return True when the filters leave no paper."""
    if not data.filtered_ids():
        st.warning(
            "No paper matches the current filters. Loosen them in the sidebar "
            "(or press **Reset filters**).",
            icon=":material/filter_alt_off:",
        )
        return True
    return False
