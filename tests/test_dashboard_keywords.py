"""Keyword spellings counted as one term on the Keywords page (dashboard/keyword_terms.py) and
their ranking per group (dashboard/analytics/keywords.py)."""

from __future__ import annotations

import shutil

import duckdb
import pandas as pd
import pytest

from dashboard.analytics import top_terms
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


def test_an_acronym_without_long_form_keeps_its_most_used_spelling():
    assert term_map(["BERT", "BERT", "bert"])["bert"] == "BERT"
    assert term_map(["BERT", "bert", "bert"])["BERT"] == "bert"


def test_a_rare_acronym_form_does_not_rename_a_common_term():
    kws = ["fine-tuning"] * 5 + ["fine-tuning (FT)"]
    assert term_map(kws)["fine-tuning (FT)"] == "fine-tuning"


def test_a_capitalised_word_is_not_taken_for_an_acronym():
    m = term_map(["Transformer", "transformers", "transformer (TF)"])
    assert m["Transformer"] == m["transformers"] == "transformer (TF)"  # same words, not acronym
    assert term_map(["Adam", "adaptive moment estimation (ADAM)"])["Adam"] == "Adam"


def _kw_frame() -> pd.DataFrame:
    """40 papers: 20 at "acl" (a1..a20, two without keywords), 20 elsewhere (b1..b20)."""
    rows = [(f"a{i}", "learning") for i in range(1, 19)]  # everywhere
    rows += [(f"b{i}", "learning") for i in range(1, 21)]
    rows += [(f"a{i}", "machine translation") for i in range(1, 6)]  # only at acl
    rows += [(f"a{i}", "parsing") for i in range(1, 3)] + [("b1", "parsing")]  # rare
    rows += [(f"b{i}", "bandits") for i in range(1, 9)]
    return pd.DataFrame(rows, columns=["paper_id", "keyword"])


def test_top_terms_by_papers_and_by_distinctiveness():
    kw = _kw_frame()
    acl = [f"a{i}" for i in range(1, 21)]
    by_papers = top_terms(kw, acl, 10, n_papers=40)
    assert by_papers["keyword"].tolist() == ["learning", "machine translation", "parsing"]
    assert by_papers["papers"].tolist() == [18, 5, 2]
    assert by_papers["% of papers"].tolist() == [90.0, 25.0, 10.0]
    # learning: 18/20 here vs 38/40 overall; machine translation: 5/20 vs 5/40
    assert by_papers.set_index("keyword")["x overall"].to_dict() == pytest.approx(
        {"learning": 0.95, "machine translation": 2.0, "parsing": 1.33}
    )
    distinctive = top_terms(kw, acl, 10, rank="distinctive", n_papers=40)
    # parsing (2 papers) is below the 3-paper floor; bandits is not in the group at all
    assert distinctive["keyword"].tolist() == ["machine translation", "learning"]
    assert top_terms(kw, acl, 1, "distinctive")["keyword"].tolist() == ["machine translation"]
    with pytest.raises(ValueError, match="rank must be one of"):
        top_terms(kw, acl, 5, rank="tf-idf")


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
        from dashboard import aggregates, data

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
        at.segmented_control(key="kw_rank").set_value("distinctive").run()
    assert not at.exception, [e.value for e in at.exception]
    assert "in at least 3 papers" in texts(at)  # 1 or 2 papers per term in this tiny set


@pytest.fixture()
def mixed_years_db(seeds_db, tmp_path):
    """Seeds papers moved to NeurIPS 2016 (8), ACL 2020 (8) and ACL/ICML 2025 (the rest)."""
    db = tmp_path / "mix.duckdb"
    shutil.copy(seeds_db, db)
    with duckdb.connect(str(db)) as con:
        ids = [r[0] for r in con.execute("SELECT paper_id FROM papers ORDER BY 1").fetchall()]
        move = "UPDATE papers SET venue = ?, year = ? WHERE paper_id = ?"
        con.executemany(move, [("NeurIPS", 2016, pid) for pid in ids[:8]])
        con.executemany(move, [("ACL", 2020, pid) for pid in ids[8:16]])
        con.execute("UPDATE papers SET accepted = NULL")
        rows = [(pid, "transformers") for pid in ids] + [(pid, "kernels") for pid in ids[:8]]
        con.executemany("INSERT INTO keywords VALUES (?, ?, 0.5, 1)", rows)
    return db


def test_rising_and_falling_defaults_to_comparable_venues_and_warns_on_a_mix(mixed_years_db):
    from streamlit.testing.v1 import AppTest

    from tests.test_app_pages import APP, texts

    with database_env(mixed_years_db):
        at = AppTest.from_file(str(APP), default_timeout=60)
        at.run()
        at.switch_page("dashboard/app_pages/keywords.py").run()
        assert not at.exception, [e.value for e in at.exception]
        # not 2016 (NeurIPS alone) -> 2025: the earliest year sharing a venue with 2025
        assert (at.selectbox(key="kw_a").value, at.selectbox(key="kw_b").value) == (2020, 2025)
        assert at.toggle(key="kw_same").value is True
        assert "Venues compared: ACL · left out: ICML" in texts(at)
        assert not at.warning
        at.selectbox(key="kw_a").set_value(2016).run()
        assert "Venues compared: none" in texts(at)
        at.toggle(key="kw_same").set_value(False).run()
        assert not at.exception, [e.value for e in at.exception]
    warnings = [w.value.replace("\\", "") for w in at.warning]  # markdown-escaped
    assert any("only in 2016: NeurIPS" in w and "venue mix" in w for w in warnings), warnings


def test_keyword_counts_by_sql_match_the_pandas_terms(mixed_years_db):
    from dashboard import analytics as an
    from dashboard import aggregates, data
    from dashboard.filter_model import Filters

    f = Filters()
    with database_env(mixed_years_db):
        kw = data.keyword_terms(f)
        papers = an.known_venue(data.filtered("papers", f, ("paper_id", "venue", "year")))
        overall = aggregates.keyword_counts(f)
        per_term = kw.groupby("keyword")["paper_id"].nunique().to_dict()
        assert overall.sort_index().to_dict() == per_term
        acl = papers.loc[papers["venue"] == "ACL", "paper_id"]
        for rank in ("papers", "distinctive"):
            inside, every = aggregates.keyword_counts_in_group("venue", "ACL", f)
            # the whole view's counts of the group's terms ("kernels" is NeurIPS 2016's only)
            assert every.sort_index().to_dict() == {t: per_term[t] for t in inside.index}
            assert set(per_term) - set(every.index) == {"kernels"}
            in_acl = aggregates.keyword_counts(f, venue="ACL")
            assert inside.sort_index().to_dict() == in_acl.to_dict()
            got = an.top_terms_from_counts(inside, overall, len(acl), len(papers), 5, rank)
            pd.testing.assert_frame_equal(got, top_terms(kw, acl, 5, rank, len(papers)))
        counts = aggregates.keyword_counts_per_year((2016, 2025), f)
        assert counts[2016].to_dict() == aggregates.keyword_counts(f, years=(2016,)).to_dict()
        totals = {y: int((papers["year"] == y).sum()) for y in (2016, 2025)}
        pd.testing.assert_frame_equal(
            an.keyword_shift_from_counts(counts, totals, 2016, 2025, 1),
            an.keyword_shift(kw, papers, 2016, 2025, 1),
            check_dtype=False,
        )
        assert aggregates.has_keywords(f) and not aggregates.has_keywords(Filters(query="zzzqqq"))


def test_the_top_keywords_by_papers_count_only_the_terms_that_can_make_the_top(
    seeds_db, tmp_path
):
    """keyword_counts_in_group(top=k) keeps the terms on at least as many papers as the k-th
    (ties kept): the top k ranked by papers are those of the full counts."""
    from dashboard import analytics as an
    from dashboard import aggregates
    from dashboard.filter_model import Filters

    db = tmp_path / "top.duckdb"
    shutil.copy(seeds_db, db)
    with duckdb.connect(str(db)) as con:
        ids = [r[0] for r in con.execute("SELECT paper_id FROM papers ORDER BY 1").fetchall()]
        con.execute("UPDATE papers SET venue = 'ACL', accepted = NULL")
        con.execute("DELETE FROM keywords")
        spread = {"agents": 6, "kernels": 4, "diffusion": 4, "pruning": 2, "graphs": 1}
        rows = [(pid, kw) for kw, n in spread.items() for pid in ids[:n]]
        con.executemany("INSERT INTO keywords VALUES (?, ?, 0.5, 1)", rows)
    f = Filters()
    with database_env(db):
        inside, every = aggregates.keyword_counts_in_group("venue", "ACL", f)
        assert inside.to_dict() == spread
        for k, kept in ((1, {"agents"}), (2, {"agents", "kernels", "diffusion"})):
            few, few_every = aggregates.keyword_counts_in_group("venue", "ACL", f, top=k)
            assert set(few.index) == set(few_every.index) == kept
            got = an.top_terms_from_counts(few, few_every, len(ids), len(ids), k, "papers")
            full = an.top_terms_from_counts(inside, every, len(ids), len(ids), k, "papers")
            pd.testing.assert_frame_equal(got, full)
