"""Hostile paper text (HTML, Markdown, spreadsheet formulas) through a real build and the app."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.conftest import database_env

ROOT = Path(__file__).resolve().parents[1]
TITLE = '<script>alert("x")</script> =HYPERLINK("http://evil") **bold** <img src=x onerror=y>'
ABSTRACT = (
    "<b>We</b> propose EvilNet, a retrieval-augmented generation model with 7B parameters that "
    "improves accuracy by 12% on MMLU while <script>alert(1)</script> staying efficient."
)


@pytest.fixture(scope="module")
def hostile_db(tmp_path_factory):
    from extract.pipeline import build

    folder = tmp_path_factory.mktemp("hostile")
    records = [{"title": TITLE, "abstract": ABSTRACT, "venue": "ACL", "year": 2025}]
    (folder / "acl2025.json").write_text(json.dumps(records), encoding="utf-8")
    db = folder / "hostile.duckdb"
    build([folder / "acl2025.json"], db, skip={"keywords"})
    with database_env(db):
        yield db


def test_paper_view_escapes_title_and_abstract(hostile_db):
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60).run()
    at.switch_page("dashboard/app_pages/papers.py").run()
    assert not at.exception, [e.value for e in at.exception]
    html_bodies = [h.proto.body for h in at.get("html")]
    assert html_bodies, "the paper view renders title and abstract with st.html"
    joined = "\n".join(html_bodies)
    assert "<script>" not in joined and "<img" not in joined and "<b>We</b>" not in joined
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in joined
    assert "&lt;b&gt;We&lt;/b&gt;" in joined
    # the abstract's text survives the highlighting unchanged (apart from escaping)
    assert "staying efficient." in joined


def test_csv_of_hostile_titles_is_neutralised(hostile_db):
    import io

    import pandas as pd

    from dashboard import export
    from extract import store

    papers = store.read_table(hostile_db, "papers")
    csv_text = export.to_csv(papers[["title", "abstract"]]).decode()
    row = pd.read_csv(io.StringIO(csv_text))
    assert row.loc[0, "title"].startswith("<script>")  # not a formula start: left alone
    papers.loc[0, "title"] = "=HYPERLINK(1)"
    assert "'=HYPERLINK(1)" in export.to_csv(papers[["title"]]).decode()
