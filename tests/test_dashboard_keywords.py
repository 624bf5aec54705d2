"""Keyword spellings counted as one term on the Keywords page (dashboard/keyword_terms.py)."""

from __future__ import annotations

import shutil

import duckdb
import pytest

from dashboard.keyword_terms import term_map
from tests.conftest import database_env


def test_acronym_long_form_and_plain_spellings_are_one_term():
    kws = ["large language models (LLMs)"] * 3 + ["LLMs", "LLM", "large language models"]
    kws += ["large language model", "large-language models"]
    m = term_map(kws)
    assert {m[k] for k in kws} == {"large language models (LLMs)"}


def test_most_used_spelling_names_the_term_and_unrelated_terms_stay_apart():
    kws = ["graph neural networks"] * 3 + ["graph neural network", "Graph Neural Networks"]
    kws += ["neural networks", "retrieval", "retrieval-augmented generation"]
    m = term_map(kws)
    assert m["graph neural network"] == m["Graph Neural Networks"] == "graph neural networks"
    assert m["neural networks"] == "neural networks"
    assert m["retrieval"] == "retrieval"
    assert m["retrieval-augmented generation"] == "retrieval-augmented generation"


def test_an_acronym_defined_two_ways_is_left_alone():
    kws = ["reinforcement learning (RL)"] * 3 + ["representation learning (RL)", "RL"]
    m = term_map(kws)
    assert m["RL"] == "RL"  # 3 of 4 definitions agree: below the 80% needed
    assert m["representation learning (RL)"] == "representation learning (RL)"
    kws += ["reinforcement learning (RL)"]  # 4 of 5: now it joins
    assert term_map(kws)["RL"] == "reinforcement learning (RL)"


def test_a_capitalised_word_is_not_taken_for_an_acronym():
    m = term_map(["Transformer", "transformers", "transformer (TF)"])
    assert m["Transformer"] == m["transformers"] == "transformer (TF)"  # same words, not acronym
    assert term_map(["Adam", "adaptive moment estimation (ADAM)"])["Adam"] == "Adam"


@pytest.fixture()
def keywords_db(seeds_db, tmp_path):
    """The seeds database with hand-written keyword rows in several spellings."""
    db = tmp_path / "kw.duckdb"
    shutil.copy(seeds_db, db)
    with duckdb.connect(str(db)) as con:
        ids = [r[0] for r in con.execute("SELECT paper_id FROM papers ORDER BY 1").fetchall()]
        rows = [
            (ids[0], "LLMs"),
            (ids[1], "large language models (LLMs)"),
            (ids[2], "large language models"),
            (ids[2], "LLMs"),  # the same paper twice under one term counts once
            (ids[3], "retrieval"),
        ]
        con.executemany("INSERT INTO keywords VALUES (?, ?, 0.5, 1)", rows)
    return db, ids


def test_filtered_keywords_carry_terms(keywords_db):
    db, ids = keywords_db
    with database_env(db):
        from dashboard import data

        kw = data.keyword_terms()
    assert list(kw.columns) == ["paper_id", "keyword"]
    per_term = kw.groupby("keyword")["paper_id"].nunique().to_dict()
    assert per_term == {"large language models (LLMs)": 3, "retrieval": 1}


def test_keywords_page_renders_terms(keywords_db):
    from streamlit.testing.v1 import AppTest

    from tests.test_app_pages import APP, texts

    db, _ = keywords_db
    with database_env(db):
        at = AppTest.from_file(str(APP), default_timeout=60)
        at.run()
        at.switch_page("dashboard/app_pages/keywords.py").run()
    assert not at.exception, [e.value for e in at.exception]
    assert "Spellings of one term count together" in texts(at)
