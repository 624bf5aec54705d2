"""Small Streamlit helpers shared by the pages: charts with their data, empty states, captions."""

from __future__ import annotations

import importlib
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


@st.cache_data(show_spinner=False, ttl=data.CACHE_TTL, max_entries=256)
def _chart_spec(module: str, name: str, df: pd.DataFrame, args: tuple, kwargs: dict) -> dict:
    """The Vega-Lite spec of ``module.name(df, *args, **kwargs)`` (Altair's public ``to_dict``).

    Building and validating an Altair chart costs 0.1-0.3 s, and a page is redrawn on every
    widget change: the spec is cached by Streamlit (keyed on the chart function, the data and
    the arguments; a TTL and a bounded size) and drawn with ``st.vega_lite_chart``.
    """
    make = getattr(importlib.import_module(module), name)
    with alt.data_transformers.disable_max_rows():
        return make(df, *args, **kwargs).to_dict()


def chart(
    df: pd.DataFrame,
    make: Callable[..., alt.Chart],
    name: str,
    empty: str,
    *args,
    **kwargs,
) -> None:
    """Draw ``make(df, *args, **kwargs)`` with its data as a CSV download, or say why not.

    A module-level chart function (:mod:`dashboard.charts`) has its spec cached
    (:func:`_chart_spec`); anything else (a lambda) is drawn afresh on every run.
    """
    if df is None or df.empty:
        st.info(empty, icon=":material/info:")
        return
    module, qualname = getattr(make, "__module__", None), getattr(make, "__qualname__", "")
    if module and qualname.isidentifier():
        spec = _chart_spec(module, qualname, df, tuple(args), dict(kwargs))
        st.vega_lite_chart(spec=spec, width="stretch")
    else:
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
