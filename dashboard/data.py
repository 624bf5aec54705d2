"""All data access for the dashboard: one cached loader per table (placeholder, issue #6)."""

from __future__ import annotations

import os
from pathlib import Path

import pandas as pd
import streamlit as st

from extract import store

PROJECT_ROOT = Path(__file__).resolve().parents[1]


def db_path() -> Path:
    """The database the dashboard reads: ``$PAPER_TRENDS_DB`` or the default file."""
    return Path(os.environ.get("PAPER_TRENDS_DB", PROJECT_ROOT / store.DEFAULT_DB))


def ensure_db() -> Path:
    """Build ``seeds/`` into the database on first start."""
    db = db_path()
    if not db.is_file():
        from extract.pipeline import build

        with st.spinner(f"First start: building {db.name} from seeds/ ..."):
            build([PROJECT_ROOT / "seeds"], db)
    return db


@st.cache_data(show_spinner=False)
def _load(db: str, mtime: float, table: str) -> pd.DataFrame:
    return store.read_table(db, table)


def load_table(table: str) -> pd.DataFrame:
    """One table from the database (cached until the file changes)."""
    db = ensure_db()
    return _load(str(db), db.stat().st_mtime, table)
