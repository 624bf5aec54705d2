"""Small Streamlit helpers shared by the pages: charts with their data, empty states, captions."""

from __future__ import annotations

import hashlib
import re
import threading
from collections import OrderedDict
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


_SPECS: OrderedDict[tuple, dict] = OrderedDict()  # chart spec cache (see chart), per process
_SPECS_LOCK = threading.Lock()
MAX_SPECS = 256


def frame_key(df: pd.DataFrame) -> str:
    """A content hash of ``df`` (columns, dtypes and values)."""
    h = hashlib.blake2b(digest_size=16)
    h.update(repr([(str(c), str(t)) for c, t in df.dtypes.items()]).encode())
    h.update(pd.util.hash_pandas_object(df, index=False).to_numpy().tobytes())
    return h.hexdigest()


def clear_chart_cache() -> None:
    """Forget every cached chart spec (benchmarks measure cold renders with it)."""
    with _SPECS_LOCK:
        _SPECS.clear()


def _hashable(value: object) -> object:
    if isinstance(value, (list, tuple)):
        return tuple(_hashable(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((str(k), _hashable(v)) for k, v in value.items()))
    return value


def _vega_spec(make: Callable[..., alt.Chart], df: pd.DataFrame, args, kwargs) -> dict:
    """The Vega-Lite spec (data as Arrow) of ``make(df, *args, **kwargs)``, cached.

    Building and validating an Altair chart costs 0.1-0.3 s; a page redrawn on every widget
    change would pay it for every chart. The spec depends only on the chart function, the
    data and the arguments, so it is kept (LRU) and handed to ``st.vega_lite_chart``.
    """
    from streamlit.elements.vega_charts import _convert_altair_to_vega_lite_spec

    key = (
        make.__module__,
        make.__qualname__,
        frame_key(df),
        _hashable(list(args)),
        _hashable(kwargs),
    )
    with _SPECS_LOCK:
        spec = _SPECS.get(key)
        if spec is not None:
            _SPECS.move_to_end(key)
    if spec is None:
        spec = _convert_altair_to_vega_lite_spec(make(df, *args, **kwargs))
        with _SPECS_LOCK:
            _SPECS[key] = spec
            while len(_SPECS) > MAX_SPECS:
                _SPECS.popitem(last=False)
    # streamlit moves "datasets" out of the spec it is given: hand it a copy
    out = dict(spec)
    if "datasets" in spec:
        out["datasets"] = dict(spec["datasets"])
    return out


def chart(
    df: pd.DataFrame,
    make: Callable[..., alt.Chart],
    name: str,
    empty: str,
    *args,
    **kwargs,
) -> None:
    """Draw ``make(df, *args, **kwargs)`` with its data as a CSV download, or say why not.

    With a chart function of :mod:`dashboard.charts` and plain arguments, the chart's spec is
    cached (:func:`_vega_spec`); a lambda (``make(df)`` only) is drawn afresh on every run.
    """
    if df is None or df.empty:
        st.info(empty, icon=":material/info:")
        return
    if make.__name__ == "<lambda>" and not args and not kwargs:
        st.altair_chart(make(df), width="stretch")
    else:
        st.vega_lite_chart(spec=_vega_spec(make, df, args, kwargs), width="stretch")
    download(df, name, "csv", label="Data behind this chart (CSV)", key=f"chartdata_{slug(name)}")


@st.cache_resource(show_spinner=False, max_entries=8)
def _rebuild_command(key: tuple) -> str:
    seeds = data.PROJECT_ROOT / "seeds"
    names = set(data.load_table("sources")["source"].dropna().unique())
    from_seeds = bool(names) and all((seeds / n).is_file() for n in names)
    inputs = "" if from_seeds else " <the files or folders it was built from>"
    return f"paper-trends build{inputs} --db {data.db_path()}"


def rebuild_command() -> str:
    """The command that rebuilds the current database with every stage (keywords included)."""
    return _rebuild_command(data.source_key())


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
