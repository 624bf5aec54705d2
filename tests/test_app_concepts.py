"""Concepts on the dashboard (issue 24): adoption curves on Trends (``?concept=``), the concept
filter, and Rising techniques on Emerging topics, under Streamlit's AppTest.

The database is a real build of the seed abstracts relabelled over two years; what the pages
must show is counted here by plain SQL on that database, so the tests hold whatever concepts the
extraction finds (the phrase model may change).
"""

from __future__ import annotations

import json
from urllib.parse import quote_plus

import duckdb
import pytest

pytest.importorskip("streamlit")

from tests.conftest import database_env  # noqa: E402
from tests.test_app_pages import app, metric, sql  # noqa: E402


@pytest.fixture(scope="module")
def concepts_db(seeds_db, tmp_path_factory):
    """The seed abstracts as ACL 2023 and 2025 papers and a few ICLR 2023 ones: the papers of
    the most frequent concept go to 2025 (but two), the others alternate."""
    from extract.pipeline import build

    rows = sql(seeds_db, "SELECT paper_id, title, abstract FROM papers ORDER BY paper_id")
    top = sql(
        seeds_db,
        "SELECT concept_key FROM methods WHERE concept_key IS NOT NULL "
        "GROUP BY 1 ORDER BY count(DISTINCT paper_id) DESC, 1 LIMIT 1",
    )
    assert top, "the methods stage gave the seeds no concept"
    with_top = {
        r[0] for r in sql(seeds_db, "SELECT paper_id FROM methods WHERE concept_key = ?", top[0][0])
    }
    records, early = [], 0
    for i, (pid, title, abstract) in enumerate(rows):
        if pid in with_top and early >= 2:
            year = 2025
        else:
            early += pid in with_top
            year = 2023 if pid in with_top or i % 2 else 2025
        venue = "ICLR" if year == 2023 and i % 7 == 0 else "ACL"
        records.append(
            {"title": title, "abstract": abstract, "venue": venue, "year": year, "status": "Long"}
        )
    folder = tmp_path_factory.mktemp("concepts")
    (folder / "concepts.json").write_text(json.dumps(records), encoding="utf-8")
    db = folder / "concepts.duckdb"
    assert build([folder / "concepts.json"], db, skip={"keywords"}).ok
    with database_env(db):
        yield db


def _top_concept(db) -> tuple[str, str]:
    """The key and most frequent spelling of the concept on most papers."""
    key = sql(
        db,
        "SELECT concept_key FROM methods WHERE concept_key IS NOT NULL "
        "GROUP BY 1 ORDER BY count(DISTINCT paper_id) DESC, 1 LIMIT 1",
    )[0][0]
    label = sql(
        db,
        "SELECT concept FROM methods WHERE concept_key = ? GROUP BY 1 "
        "ORDER BY count(DISTINCT paper_id) DESC, 1 LIMIT 1",
        key,
    )[0][0]
    return key, label


def _papers_per_year(db, key: str) -> dict[int, int]:
    rows = sql(
        db,
        "SELECT p.year, count(DISTINCT p.paper_id) FROM papers p JOIN methods m "
        "ON m.paper_id = p.paper_id WHERE m.concept_key = ? GROUP BY 1",
        key,
    )
    return {int(y): int(n) for y, n in rows}


def _frame(at, column: str):
    found = [d.value for d in at.dataframe if column in d.value.columns]
    assert found, f"no table with a {column!r} column"
    return found[0]


def test_concept_link_charts_its_adoption_per_year(concepts_db):
    key, label = _top_concept(concepts_db)
    # another spelling of the same concept: upper case, hyphens for spaces
    at = app("trends", {"concept": label.upper().replace(" ", "-")})
    assert not at.warning or all("Unknown concept" not in w.value for w in at.warning)
    assert at.multiselect(key="concept").value == [label]
    table = _frame(at, "concept")
    assert set(table["concept"]) == {label}
    got = {int(r.year): int(r.papers) for r in table.itertuples()}
    want = _papers_per_year(concepts_db, key)
    assert got == {y: want.get(y, 0) for y in (2023, 2025)}
    totals = dict(sql(concepts_db, "SELECT year, count(*) FROM papers GROUP BY 1"))
    assert {int(r.year): int(r.total) for r in table.itertuples()} == {
        int(y): int(n) for y, n in totals.items()
    }
    assert got[2025] > got[2023]  # the fixture puts the concept's papers in 2025
    assert at.get("vega_lite_chart"), "no adoption chart"


def test_concept_lines_per_venue_keep_venue_totals(concepts_db):
    key, label = _top_concept(concepts_db)
    at = app("trends", {"concept": label})
    at.segmented_control(key="tr_concept_by").set_value("venue").run()
    assert not at.exception
    table = _frame(at, "concept")
    # the per-year table sums the venues: the same counts as one line for all papers
    want = _papers_per_year(concepts_db, key)
    assert {int(r.year): int(r.papers) for r in table.itertuples()} == {
        y: want.get(y, 0) for y in (2023, 2025)
    }


def test_trends_without_concept_says_how_to_pick_one(concepts_db):
    at = app("trends")
    assert any("?concept=" in i.value for i in at.info)
    assert not [d for d in at.dataframe if "concept" in d.value.columns]


def test_unknown_concept_in_link_is_reported(concepts_db):
    at = app("trends", {"concept": "zzqx unheard of technique"})
    assert any("Unknown concept" in w.value for w in at.warning)
    assert at.multiselect(key="concept").value == []


def test_concept_filters_papers_on_other_pages(concepts_db):
    key, label = _top_concept(concepts_db)
    n = sql(
        concepts_db, "SELECT count(DISTINCT paper_id) FROM methods WHERE concept_key = ?", key
    )[0][0]
    total = sql(concepts_db, "SELECT count(*) FROM papers")[0][0]
    assert 0 < n < total
    at = app(query_params={"concept": label})
    assert metric(at, "Papers") == n
    at.multiselect(key="concept").set_value([]).run()
    assert metric(at, "Papers") == total


def test_rising_techniques_counts_and_links(concepts_db):
    key, label = _top_concept(concepts_db)
    at = app("emerging")
    assert any("Rising techniques" == s.value for s in at.subheader)
    at.number_input(key="em_c_min").set_value(2).run()
    assert not at.exception
    table = _frame(at, "growth")
    assert (table["papers_b"] >= 2).all()
    assert table["growth"].is_monotonic_decreasing
    row = table[table["label"] == label]
    assert len(row) == 1, f"{label!r} not among the rising concepts"
    # ICLR has papers in 2023 only: the venues compared are ACL's
    con = duckdb.connect(str(concepts_db), read_only=True)
    try:
        per = dict(
            con.execute(
                "SELECT p.year, count(DISTINCT p.paper_id) FROM papers p JOIN methods m "
                "ON m.paper_id = p.paper_id WHERE m.concept_key = ? AND p.venue = 'ACL' "
                "GROUP BY 1",
                [key],
            ).fetchall()
        )
        n_acl = dict(
            con.execute(
                "SELECT year, count(*) FROM papers WHERE venue = 'ACL' GROUP BY 1"
            ).fetchall()
        )
    finally:
        con.close()
    assert int(row["papers_a"].iloc[0]) == per.get(2023, 0)
    assert int(row["papers_b"].iloc[0]) == per.get(2025, 0)
    a, b, na, nb = per.get(2023, 0), per.get(2025, 0), n_acl[2023], n_acl[2025]
    growth = ((b + 1) / (nb + 1)) / ((a + 1) / (na + 1))
    assert row["growth"].iloc[0] == pytest.approx(growth, abs=0.01)
    assert row["chart"].iloc[0] == "trends?concept=" + quote_plus(label)
    captions = "\n".join(c.value for c in at.caption)
    assert "Venues compared: ACL." in captions
    # a minimum above every count leaves nothing, and says so
    at.number_input(key="em_c_min").set_value(1000).run()
    assert any("No concept on at least 1000 papers" in i.value for i in at.info)


def test_top_concepts_script_agrees_with_the_page(concepts_db):
    from benchmarks.top_concepts import rising, sentence

    con = duckdb.connect(str(concepts_db), read_only=True)
    try:
        got, n_a, n_b, venues = rising(con, 2023, 2025, 2, 5)
        abstract, start, end = con.execute(
            "SELECT p.abstract, m.start, m.\"end\" FROM methods m JOIN papers p USING (paper_id) "
            "WHERE m.start IS NOT NULL ORDER BY p.paper_id, m.start LIMIT 1"
        ).fetchone()
    finally:
        con.close()
    assert venues == ["ACL"]
    at = app("emerging")
    at.number_input(key="em_c_min").set_value(2).run()
    table = _frame(at, "growth").head(len(got))
    assert [(r[2], r[3]) for r in got] == list(zip(table["papers_a"], table["papers_b"]))
    assert [round(r[4], 2) for r in got] == pytest.approx(list(table["growth"]), abs=0.01)
    ex = sentence(abstract, start, end)
    assert f"**{abstract[start:end]}**" in ex and len(ex) <= 230


def test_top_concepts_example_is_the_sentence_the_splitter_gives():
    from benchmarks.top_concepts import sentence

    # ICLR 2024, "Sign2GPT: Leveraging Large Language Models for Gloss-Free Sign Language
    # Translation", which glues its sentences without a space
    text = ("The lightweight adapters are crucial for sign language translation, due to the "
            "constraints imposed by limited dataset sizes and the computational requirements when "
            "training with long sign videos.We also propose a novel pretraining strategy that "
            "directs our encoder to learn sign representations from automatically extracted "
            "pseudo-glosses without requiring gloss order information or annotations.We evaluate "
            "our approach on two ")
    start = text.index("pretraining")
    assert sentence(text, start, start + len("pretraining")) == (
        "We also propose a novel **pretraining** strategy that directs our encoder to learn sign "
        "representations from automatically extracted pseudo-glosses without requiring gloss "
        "order information or annotations.")
