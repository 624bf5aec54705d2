"""The dashboard under Streamlit's AppTest, on a real build of seeds/ (the session fixture)."""

from __future__ import annotations

import re
from pathlib import Path

import duckdb
import pytest

pytest.importorskip("streamlit")
from streamlit.testing.v1 import AppTest  # noqa: E402

from tests.conftest import database_env  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "streamlit_app.py"
PAGES_DIR = ROOT / "dashboard" / "app_pages"
TIMEOUT = 60


@pytest.fixture(scope="module", autouse=True)
def seeds_env(seeds_db):
    with database_env(seeds_db):
        yield seeds_db


def sql(db: Path, query: str, *params):
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute(query, params).fetchall()
    finally:
        con.close()


def app(page: str | None = None, query_params: dict | None = None) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    for k, v in (query_params or {}).items():
        at.query_params[k] = v
    at.run()
    if page:
        at.switch_page(f"dashboard/app_pages/{page}.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def metric(at: AppTest, label: str) -> int:
    found = [m for m in at.metric if m.label == label]
    assert found, f"no metric {label!r}; have {[m.label for m in at.metric]}"
    return int(found[0].value.replace(",", ""))


def texts(at: AppTest) -> str:
    parts = []
    for kind in ("markdown", "caption", "info", "warning", "error", "title", "subheader", "code"):
        parts += [str(e.value) for e in getattr(at, kind)]
    return "\n".join(parts)


def _has_tech_or_note(at: AppTest) -> bool:
    return (
        bool(at.multiselect(key="tq_pick"))
        if "tq_pick" in [w.key for w in at.multiselect]
        else "techniques" in texts(at)
    )


# page -> (title, check of its key element)
PAGES = {
    "overview": ("paper-trends", lambda at: metric(at, "Papers") > 0),
    "trends": ("Trends", lambda at: at.segmented_control(key="tr_level").value == "technique"),
    "techniques": ("Techniques", _has_tech_or_note),
    "model_sizes": ("Model sizes", lambda at: metric(at, "Papers with no size") >= 0),
    "results": ("Results", lambda at: len(at.dataframe) > 0 or "results" in texts(at)),
    # the page itself is tested in tests/test_app_leaderboards.py
    "leaderboards": ("Leaderboards", lambda at: "Leaderboards" in texts(at)),
    "keywords": ("Keywords", lambda at: "Keywords" in texts(at)),
    # the seeds hold one year: the page says two are needed
    "emerging": ("Emerging topics", lambda at: "at least two years" in texts(at)),
    "papers": ("Papers", lambda at: at.selectbox(key="paper").value is not None),
    "data": ("Data", lambda at: len(at.get("download_button")) >= 2),
}


@pytest.mark.parametrize("page", list(PAGES))
def test_page_renders(page):
    at = app(page)
    title, check = PAGES[page]
    assert title in [t.value for t in at.title]
    assert check(at)
    assert not at.error, [e.value for e in at.error]


def test_every_page_file_is_registered():
    source = APP.read_text(encoding="utf-8")
    registered = set(re.findall(r'st\.Page\(\s*"dashboard/app_pages/(\w+)\.py"', source))
    files = {p.stem for p in PAGES_DIR.glob("*.py") if p.stem != "__init__"}
    assert files == registered
    assert files == set(PAGES), "every page needs a check in PAGES above"


def test_venue_filter_changes_paper_count(seeds_db):
    total = sql(seeds_db, "SELECT count(*) FROM papers")[0][0]
    icml = sql(seeds_db, "SELECT count(*) FROM papers WHERE venue = 'ICML'")[0][0]
    assert 0 < icml < total
    at = app()
    assert metric(at, "Papers") == total
    at.multiselect(key="venue").set_value(["ICML"]).run()
    assert not at.exception
    assert metric(at, "Papers") == icml == 19


def test_filters_from_url_query_string(seeds_db):
    acl = sql(seeds_db, "SELECT count(*) FROM papers WHERE venue = 'ACL'")[0][0]
    at = app(query_params={"venue": "ACL"})
    assert metric(at, "Papers") == acl
    assert at.multiselect(key="venue").value == ["ACL"]


def test_filters_apply_on_other_pages(seeds_db):
    icml = sql(seeds_db, "SELECT count(*) FROM papers WHERE venue = 'ICML'")[0][0]
    at = app()
    at.multiselect(key="venue").set_value(["ICML"]).run()
    at.switch_page("dashboard/app_pages/papers.py").run()
    assert not at.exception
    assert any(c.value.startswith(f"{icml} of ") for c in at.caption)


def test_text_search_changes_paper_count(seeds_db):
    n = sql(
        seeds_db,
        "SELECT count(*) FROM papers WHERE lower(coalesce(title, '') || ' ' || abstract) "
        "LIKE '%retrieval%'",
    )[0][0]
    at = app()
    at.text_input(key="q").set_value("Retrieval").run()
    assert metric(at, "Papers") == n


def _common_technique(seeds_db, prefer="RAG"):
    rows = sql(
        seeds_db,
        "SELECT technique, count(DISTINCT paper_id) n FROM techniques "
        "GROUP BY 1 ORDER BY (technique = ?) DESC, n DESC, 1 LIMIT 1",
        prefer,
    )
    assert rows, "the techniques stage produced no rows for the seeds"
    return rows[0]


def test_technique_filter_changes_paper_count(seeds_db):
    tech, n = _common_technique(seeds_db)
    at = app()
    at.multiselect(key="tag").set_value([tech]).run()
    assert not at.exception
    assert metric(at, "Papers") == n


def test_technique_all_of_filter(seeds_db):
    rows = sql(
        seeds_db,
        "SELECT technique FROM techniques GROUP BY 1 ORDER BY count(DISTINCT paper_id) DESC, 1 "
        "LIMIT 2",
    )
    assert len(rows) >= 2, "fewer than two techniques extracted from the seeds"
    a, b = rows[0][0], rows[1][0]
    any_n = sql(
        seeds_db, "SELECT count(DISTINCT paper_id) FROM techniques WHERE technique IN (?, ?)", a, b
    )[0][0]
    all_n = sql(
        seeds_db,
        "SELECT count(*) FROM (SELECT paper_id FROM techniques WHERE technique IN (?, ?) "
        "GROUP BY 1 HAVING count(DISTINCT technique) = 2)",
        a,
        b,
    )[0][0]
    at = app()
    at.multiselect(key="tag").set_value([a, b]).run()
    assert metric(at, "Papers") == any_n
    at.segmented_control(key="match").set_value("all").run()
    assert metric(at, "Papers") == all_n


def test_empty_selection_shows_message_not_error():
    at = app()
    at.text_input(key="q").set_value("zzzz-no-such-word-zzzz").run()
    assert metric(at, "Papers") == 0
    assert any("No paper matches" in w.value for w in at.warning)
    for page in PAGES:
        at.switch_page(f"dashboard/app_pages/{page}.py").run()
        assert not at.exception, (page, [e.value for e in at.exception])


def test_keywords_page_explains_empty_table(seeds_db):
    assert sql(seeds_db, "SELECT count(*) FROM keywords")[0][0] == 0  # seeds_db skips keywords
    at = app("keywords")
    assert "paper-trends build" in texts(at)


def test_paper_view_shows_provenance(seeds_db):
    pid, source = sql(
        seeds_db, "SELECT paper_id, source FROM sources ORDER BY source, locator LIMIT 1"
    )[0]
    at = app("papers")
    at.selectbox(key="paper").set_value(pid).run()
    assert not at.exception
    assert at.selectbox(key="paper").value == pid
    frames = [df.value for df in at.dataframe]
    assert any("source" in f.columns and source in set(f["source"]) for f in frames)


def test_uploaded_papers_join_the_view(seeds_db):
    from dashboard.data import UPLOADS_KEY
    from dashboard.upload import build_upload

    records = [
        {
            "title": f"Uploaded paper {i}",
            "venue": "EMNLP",
            "year": 2024,
            "abstract": f"We study topic number {i} with a retrieval-augmented model of 7B "
            "parameters "
            "and report a 5% accuracy gain on three benchmarks.",
        }
        for i in range(3)
    ]
    import json

    res = build_upload([("mine.json", json.dumps(records).encode())])
    assert res.error is None, res.problems
    total = sql(seeds_db, "SELECT count(*) FROM papers")[0][0]
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    at.session_state[UPLOADS_KEY] = [str(res.db)]
    at.run()
    assert not at.exception
    assert metric(at, "Papers") == total + 3
    at.multiselect(key="venue").set_value(["EMNLP"]).run()
    assert metric(at, "Papers") == 3
    at.switch_page("dashboard/app_pages/data.py").run()
    assert not at.exception
    assert any("upload" in c.value for c in at.caption)


@pytest.mark.parametrize("page", ["overview", "papers", "data"])
def test_page_runs_alone_with_filters_from_the_url(seeds_db, page):
    icml = sql(seeds_db, "SELECT count(*) FROM papers WHERE venue = 'ICML'")[0][0]
    at = AppTest.from_file(str(PAGES_DIR / f"{page}.py"), default_timeout=TIMEOUT)
    at.query_params["venue"] = "ICML"
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert any(c.value.startswith(f"{icml} of ") for c in at.caption)


def test_theme_filter(seeds_db):
    rows = sql(
        seeds_db,
        "SELECT theme, count(DISTINCT paper_id) FROM techniques "
        "GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1",
    )
    assert rows, "the techniques stage produced no rows for the seeds"
    theme, n = rows[0]
    at = app()
    at.multiselect(key="tag").set_value([f"theme:{theme}"]).run()
    assert metric(at, "Papers") == n


def test_upload_through_the_data_page(seeds_db):
    import json

    total = sql(seeds_db, "SELECT count(*) FROM papers")[0][0]
    records = [
        {
            "title": "An uploaded paper",
            "venue": "EMNLP",
            "year": 2023,
            "abstract": "We propose UpNet, a 1.3B parameter model that improves exact match by "
            "4 points on SQuAD through retrieval-augmented generation.",
        }
    ]
    at = app("data")
    at.get("file_uploader")[0].set_value(
        ("../../mine.json", json.dumps(records).encode(), "application/json")
    ).run()
    at.button(key="dt_build").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert any("Added 1 paper" in s.value for s in at.success), [e.value for e in at.error]
    assert "EMNLP" in at.multiselect(key="venue").options
    at.switch_page("dashboard/app_pages/overview.py").run()
    assert metric(at, "Papers") == total + 1


def test_bad_upload_shows_build_problems():
    at = app("data")
    at.get("file_uploader")[0].set_value(("junk.json", b"{not json", "application/json")).run()
    at.button(key="dt_build").click().run()
    assert not at.exception
    assert at.error and "No paper could be read" in at.error[0].value
    assert any("junk.json" in t.value for t in at.text)


def test_removing_uploads_deletes_their_temp_folder(seeds_db):
    import json

    from dashboard.data import UPLOADS_KEY
    from dashboard.upload import build_upload

    rec = [{"title": "T", "abstract": "We study a small question about uploads " * 3, "venue": "X"}]
    res = build_upload([("a.json", json.dumps(rec).encode())])
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    at.session_state[UPLOADS_KEY] = [str(res.db)]
    at.run()
    at.switch_page("dashboard/app_pages/data.py").run()
    at.button(key="dt_clear").click().run()
    assert not at.exception
    assert not res.db.parent.exists()
    assert metric_after_clear(at) == sql(seeds_db, "SELECT count(*) FROM papers")[0][0]


def metric_after_clear(at: AppTest) -> int:
    at.switch_page("dashboard/app_pages/overview.py").run()
    return metric(at, "Papers")


# --- issue 15: honest trends, names in links, accepted-only, similar papers ---


def _count(db, query, *params) -> int:
    return sql(db, query, *params)[0][0]


def test_link_tag_in_any_case_or_alias(seeds_db):
    lora = _count(
        seeds_db, "SELECT count(DISTINCT paper_id) FROM techniques WHERE technique = 'LoRA/PEFT'"
    )
    assert lora > 0
    at = app(query_params={"tag": "lora"})
    assert at.multiselect(key="tag").value == ["LoRA/PEFT"]
    assert metric(at, "Papers") == lora
    at = app(query_params={"technique": "rag", "venue": "acl"})
    assert at.multiselect(key="tag").value == ["RAG"]
    assert at.multiselect(key="venue").value == ["ACL"]
    assert not at.warning


def test_unknown_tag_in_link_warns_with_closest_matches():
    at = app(query_params={"tag": "quantisaton"})
    assert at.multiselect(key="tag").value == []
    warnings = [w.value for w in at.warning]
    assert any("quantisaton" in w and "Quantization" in w for w in warnings), warnings


def test_trends_shows_the_linked_technique_per_venue(seeds_db):
    lora = _count(
        seeds_db, "SELECT count(DISTINCT paper_id) FROM techniques WHERE technique = 'LoRA/PEFT'"
    )
    at = app("trends", query_params={"tag": "lora"})
    assert metric(at, "Papers with LoRA/PEFT") == lora
    assert at.text_input(key="tr_q_technique_LoRA/PEFT").value == "LoRA/PEFT"
    assert "Adoption of one term" in texts(at)


def test_trends_term_box_exact_name_wins(seeds_db):
    at = app("trends")
    box = [t for t in at.text_input if t.key.startswith("tr_q_technique")][0]
    box.set_value("RAG").run()
    assert not at.exception
    rag = _count(seeds_db, "SELECT count(DISTINCT paper_id) FROM techniques WHERE technique='RAG'")
    assert metric(at, "Papers with RAG") == rag
    assert not [s for s in at.selectbox if s.key.startswith("tr_pick_")]  # no fuzzy list


@pytest.fixture(scope="module")
def mixed_db(seeds_db, tmp_path_factory):
    """Seed abstracts relabelled over venues, years and decisions: ACL 2022 and 2024 (no 2023),
    ICLR 2022 with rejects, CVPR 2024."""
    import json

    from extract.pipeline import build

    rows = sql(seeds_db, "SELECT title, abstract FROM papers ORDER BY paper_id")
    labels = (
        [("ACL", 2022, "Long")] * 14
        + [("ACL", 2024, "Long")] * 14
        + [("ICLR", 2022, "Poster")] * 6
        + [("ICLR", 2022, "Reject")] * 4
        + [("CVPR", 2024, "Accept")] * (len(rows) - 38)
    )
    records = [
        {"title": t, "abstract": a, "venue": v, "year": y, "status": s}
        for (t, a), (v, y, s) in zip(rows, labels)
    ]
    folder = tmp_path_factory.mktemp("mixed")
    (folder / "mixed.json").write_text(json.dumps(records), encoding="utf-8")
    db = folder / "mixed.duckdb"
    assert build([folder / "mixed.json"], db, skip={"keywords"}).ok
    return db


def test_accepted_only_by_default_says_what_it_hides(mixed_db):
    with database_env(mixed_db):
        total = _count(mixed_db, "SELECT count(*) FROM papers")
        rejected = _count(mixed_db, "SELECT count(*) FROM papers WHERE NOT accepted")
        assert rejected == 4
        at = app()
        box = at.checkbox(key="accepted")
        assert box.value is True
        assert box.label == "Accepted only (hides 4 rejected or withdrawn)"
        assert metric(at, "Papers") == total - rejected
        box.uncheck().run()
        assert metric(at, "Papers") == total
        at = app(query_params={"accepted": "false"})
        assert metric(at, "Papers") == total


def test_trends_notes_the_changing_venue_mix(mixed_db):
    with database_env(mixed_db):
        at = app("trends")
        notes = [w.value for w in at.warning]
        assert any("venues differ" in w and "ICLR 2022" in w and "CVPR 2024" in w for w in notes)
        at.toggle(key="tr_full").set_value(True).run()
        assert not at.exception
        assert any("Left out" in c.value and "CVPR" in c.value for c in at.caption)


def test_emerging_topics_between_two_years(mixed_db):
    with database_env(mixed_db):
        at = app("emerging")
        assert not at.error
        captions = "\n".join(c.value for c in at.caption)
        # ACL is the only venue in both 2022 and 2024 (ICLR 2022 only, CVPR 2024 only)
        assert "Venues compared: ACL" in captions
        assert "papers in 2022 and" in captions


def test_similar_papers_only_with_embeddings(seeds_db, tmp_path):
    import shutil

    import numpy as np

    ids = [r[0] for r in sql(seeds_db, "SELECT paper_id FROM papers ORDER BY paper_id")]
    at = app("papers")
    at.selectbox(key="paper").set_value(ids[0]).run()
    assert "Similar papers" not in [s.value for s in at.subheader]

    db = tmp_path / "with_embeddings.duckdb"
    shutil.copy(seeds_db, db)
    rng = np.random.default_rng(0)
    vecs = rng.normal(size=(len(ids), 384)).astype(np.float32)
    vecs[5] = vecs[0] + 0.01 * rng.normal(size=384)  # paper 5 almost the same as paper 0
    con = duckdb.connect(str(db))
    con.execute("CREATE OR REPLACE TABLE paper_embeddings (paper_id VARCHAR, embedding FLOAT[384])")
    con.executemany("INSERT INTO paper_embeddings VALUES (?, ?)", list(zip(ids, vecs.tolist())))
    con.close()
    with database_env(db):
        at = app("papers")
        at.selectbox(key="paper").set_value(ids[0]).run()
        assert not at.exception
        assert "Similar papers" in [s.value for s in at.subheader]
        near = [
            df.value
            for df in at.dataframe
            if "cosine" in " ".join(map(str, df.value.columns)) or "similarity" in df.value.columns
        ]
        assert near, "no similar-papers table"
        title5 = sql(db, "SELECT coalesce(title, '') FROM papers WHERE paper_id = ?", ids[5])[0][0]
        assert near[0].iloc[0]["title"].startswith(title5[:30])


def test_paper_view_lists_names_only_the_title_gives(seeds_db):
    # a seed paper whose proposed name is only in its title ("DAM: Dynamic Attention Mask ...")
    rows = sql(seeds_db, "SELECT paper_id, name FROM methods WHERE start IS NULL "
                         "AND form = 'name' ORDER BY paper_id LIMIT 1")
    if not rows:
        pytest.skip("no title-only name in this build")
    pid, name = rows[0]
    at = app("papers")
    at.selectbox(key="paper").set_value(pid).run()
    assert not at.exception
    (caption,) = [c.value for c in at.caption if c.value.startswith("From the title:")]
    assert name in caption and "proposed method" in caption


def test_paper_view_lists_tags_only_the_title_gives(seeds_db):
    rows = sql(seeds_db, "SELECT paper_id, technique FROM techniques WHERE start IS NULL LIMIT 1")
    if not rows:
        pytest.skip("no title-only technique in this build")
    pid, technique = rows[0]
    at = app("papers")
    at.selectbox(key="paper").set_value(pid).run()
    assert not at.exception
    (caption,) = [c.value for c in at.caption if c.value.startswith("From the title:")]
    from dashboard.ui import md_escape

    assert md_escape(f"{technique} (technique: ") in caption


def test_paper_view_lists_method_phrases_only_the_title_gives(seeds_db):
    # a method phrase of a seed title that the abstract words otherwise has no span either
    rows = sql(seeds_db, "SELECT paper_id, name, role FROM methods WHERE start IS NULL "
                         "AND form = 'phrase' ORDER BY paper_id LIMIT 1")
    if not rows:
        pytest.skip("no title-only phrase in this build")
    pid, name, role = rows[0]
    at = app("papers")
    at.selectbox(key="paper").set_value(pid).run()
    assert not at.exception
    (caption,) = [c.value for c in at.caption if c.value.startswith("From the title:")]
    assert f"{name} ({role} method)" in caption.replace("\\", "")


def test_data_page_shows_accuracy_by_part_and_batches_apart(seeds_db):
    at = AppTest.from_file(str(PAGES_DIR / "data.py"), default_timeout=TIMEOUT)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    tables = [d.value for d in at.dataframe if "F1" in d.value.columns]
    by_part, by_batch = tables
    # the main table: all abstracts and the pooled parts, every measure on its blind part
    assert set(by_part["part"]) == {"all", "dev", "heldout", "blind", "seeds"}
    blind = by_part[by_part["part"] == "blind"]
    assert {"techniques", "proposed", "mentioned", "phrases"} <= set(blind["measure"])
    assert int(blind[blind["measure"] == "phrases"]["abstracts"].iloc[0]) >= 200
    # each labelled batch apart, in the expander
    assert {"dev2", "fresh6", "phr9"} <= set(by_batch["batch"])
    assert any(e.label.startswith("Per labelled batch") for e in at.expander)
