"""Turning tables into files: CSV (formula-safe), Parquet and JSON.

The one export path of paper-trends: the dashboard's downloads and ``paper-trends export`` both
write CSV through :func:`to_csv`, so a title starting with ``=`` never opens as a formula.
"""

from __future__ import annotations

import io
from collections.abc import Mapping

import pandas as pd

FORMATS = {
    "csv": "text/csv",
    "parquet": "application/vnd.apache.parquet",
    "json": "application/json",
}
# A spreadsheet treats a cell starting with one of these as a formula (CSV/formula injection);
# tab and carriage return are included as OWASP recommends.
FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")


def neutralise(value: object) -> object:
    """``value`` with a leading ``'`` when it is text a spreadsheet would run as a formula."""
    if isinstance(value, str) and value.startswith(FORMULA_PREFIXES):
        return "'" + value
    return value


def formula_safe(df: pd.DataFrame) -> pd.DataFrame:
    """A copy of ``df`` whose text cells cannot start a spreadsheet formula (numbers untouched)."""
    out = df.copy()
    for col in out.columns:
        if out[col].dtype == object or isinstance(out[col].dtype, pd.StringDtype):
            out[col] = out[col].map(neutralise, na_action="ignore")
    return out


def to_csv(df: pd.DataFrame) -> bytes:
    """CSV with a header row, UTF-8, formula-injection safe."""
    return formula_safe(df).to_csv(index=False).encode("utf-8")


def to_parquet(df: pd.DataFrame) -> bytes:
    """Parquet bytes (column types kept)."""
    buf = io.BytesIO()
    df.reset_index(drop=True).to_parquet(buf, index=False)
    return buf.getvalue()


def to_json(df: pd.DataFrame) -> bytes:
    """A JSON array of records."""
    return df.to_json(orient="records", force_ascii=False, indent=1).encode("utf-8")


def to_bytes(df: pd.DataFrame, fmt: str) -> bytes:
    """``df`` in ``fmt`` (one of :data:`FORMATS`)."""
    if fmt == "csv":
        return to_csv(df)
    if fmt == "parquet":
        return to_parquet(df)
    if fmt == "json":
        return to_json(df)
    raise ValueError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")


def zip_tables(frames: Mapping[str, pd.DataFrame], fmt: str) -> bytes:
    """A zip with one ``<table>.<fmt>`` file per frame of ``frames`` (:func:`to_bytes`)."""
    import zipfile

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, df in frames.items():
            zf.writestr(f"{name}.{fmt}", to_bytes(df, fmt))
    return buf.getvalue()
