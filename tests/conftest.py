"""Shared fixtures. Keep module-specific fixtures in the test module that uses them."""

from __future__ import annotations

import os
import re
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT / "seeds"
CORPORA = ROOT.parent / "shared" / "corpora" / "paperlists"


def seed_paragraphs(name_prefix: str) -> list[str]:
    """Blank-line-separated paragraphs of the seed file whose name starts with ``name_prefix``."""
    path = next(SEEDS.glob(f"{name_prefix}*"))
    return [p.strip() for p in re.split(r"\n\s*\n", path.read_text(encoding="utf-8")) if p.strip()]


@contextmanager
def database_env(db: Path):
    """Set ``$PAPER_TRENDS_DB`` to ``db`` for the block (any fixture scope), then restore it."""
    old = os.environ.get("PAPER_TRENDS_DB")
    os.environ["PAPER_TRENDS_DB"] = str(db)
    try:
        yield db
    finally:
        if old is None:
            os.environ.pop("PAPER_TRENDS_DB", None)
        else:
            os.environ["PAPER_TRENDS_DB"] = old


@pytest.fixture(scope="session", autouse=True)
def _no_database_in_the_checkout(tmp_path_factory):
    """Point the default database at a temp file, so no test writes data/ into the repo."""
    with database_env(tmp_path_factory.mktemp("default_db") / "paper_trends.duckdb"):
        yield


@pytest.fixture(scope="session", autouse=True)
def _temp_files_in_pytest_basetemp(tmp_path_factory):
    """Point ``tempfile``'s folder at one under pytest's basetemp for the session, so what the
    code under test writes to tempdir (upload databases, fetch caches) is pruned with it."""
    import tempfile

    old = tempfile.tempdir
    tempfile.tempdir = str(tmp_path_factory.mktemp("tempdir"))
    try:
        yield
    finally:
        tempfile.tempdir = old


@pytest.fixture(scope="session")
def seeds_dir() -> Path:
    return SEEDS


@pytest.fixture(scope="session")
def seeds_db(tmp_path_factory) -> Path:
    """The seeds built once per session with every stage except keywords (fast)."""
    from extract.pipeline import build

    db = tmp_path_factory.mktemp("seeds_db") / "seeds.duckdb"
    report = build([SEEDS], db, skip={"keywords"})
    assert report.ok
    return db


@pytest.fixture(scope="session")
def blank_nlp():
    from extract.keywords.nlp import blank_nlp

    return blank_nlp()
