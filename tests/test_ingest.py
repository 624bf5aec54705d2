"""Building seeds/: every distinct abstract once, right venues, titles, stable ids."""

import pandas as pd

from extract import store
from extract.pipeline import build
from extract.text.normalize import dedup_key
from tests.conftest import seed_paragraphs


def _seed_abstract_keys():
    keys = set()
    for prefix in ("000", "003", "004"):
        for para in seed_paragraphs(prefix):
            if len(para) > 600 and not para.startswith(("#", "Message from")):
                keys.add(dedup_key(para)[:200])
    return keys


def test_every_distinct_seed_abstract_once(seeds_db):
    papers = store.read_table(seeds_db, "papers")
    assert papers["paper_id"].is_unique
    got = {dedup_key(a)[:200] for a in papers["abstract"]}
    expected = _seed_abstract_keys()
    # the repaired abstract starts later than its broken paragraph
    repaired = {k for k in expected if k.startswith("large language models llms have revolutionized")}
    assert len(repaired) == 1
    assert got - expected == {dedup_key(a)[:200] for a in papers["abstract"] if "peripheral component" in a}
    assert expected - got == repaired
    assert len(papers) == 48


def test_venues_per_file(seeds_db):
    papers = store.read_table(seeds_db, "papers")
    sources = store.read_table(seeds_db, "sources")
    merged = sources.merge(papers, on="paper_id")
    per_file = merged.groupby("source")["venue_label"].unique().to_dict()
    assert {k: list(v) for k, v in per_file.items()} == {
        "000_7ef0b9c4a55fd6de.txt": ["ACL 2025"],
        "003_69bbe06adc9bc736.txt": ["ACL 2025"],
        "004_b4a7fc0537445921.txt": ["ICML 2025"],
    }
    assert papers["venue_label"].value_counts().to_dict() == {"ACL 2025": 29, "ICML 2025": 19}


def test_duplicate_across_files_is_merged_with_both_sources(seeds_db):
    papers = store.read_table(seeds_db, "papers")
    sources = store.read_table(seeds_db, "sources")
    dup = papers[papers["n_sources"] > 1]
    assert list(dup["title"]) == ["Scaling Laws for Multilingual Language Models"]
    assert list(dup["author_keywords"]) == ["scaling laws; large language models; multilingual language models"]
    where = sources[sources["paper_id"] == dup["paper_id"].iloc[0]]
    assert sorted(zip(where["source"], where["locator"])) == [
        ("000_7ef0b9c4a55fd6de.txt", "line 7"),
        ("003_69bbe06adc9bc736.txt", "line 3"),
    ]
    assert len(sources) == 49


def test_titles_only_where_the_page_gives_them(seeds_db):
    papers = store.read_table(seeds_db, "papers")
    assert papers["title"].notna().sum() == 10


def test_building_twice_gives_identical_tables_and_ids(tmp_path, seeds_dir):
    a, b = tmp_path / "a.duckdb", tmp_path / "b.duckdb"
    build([seeds_dir], a, skip={"keywords"})
    build([seeds_dir], b, skip={"keywords"}, use_cache=False)
    for table in ("papers", "sources", "methods", "techniques", "benchmarks", "model_sizes", "metrics"):
        pd.testing.assert_frame_equal(store.read_table(a, table), store.read_table(b, table))


def test_ids_do_not_depend_on_file_order(tmp_path, seeds_dir):
    files = sorted(seeds_dir.iterdir())
    build(files, tmp_path / "fwd.duckdb", skip={"keywords"})
    build(files[::-1], tmp_path / "rev.duckdb", skip={"keywords"})
    fwd = store.read_table(tmp_path / "fwd.duckdb", "papers").set_index("paper_id")
    rev = store.read_table(tmp_path / "rev.duckdb", "papers").set_index("paper_id")
    assert set(fwd.index) == set(rev.index)
    assert (fwd.loc[rev.index, "venue_label"] == rev["venue_label"]).all()


def test_accepted_copy_wins_the_venue(tmp_path):
    abstract = " ".join(["Orthogonal recurrent networks with a scaled Cayley transform keep gradients stable."] * 3)
    (tmp_path / "iclr2018.jsonl").write_text(
        '{"title": "ORNN", "abstract": "%s", "status": "Reject"}\n' % abstract, encoding="utf-8")
    (tmp_path / "icml2018.jsonl").write_text(
        '{"title": "ORNN", "abstract": "%s", "status": "Oral"}\n' % abstract, encoding="utf-8")
    build([tmp_path], tmp_path / "out.duckdb", skip={"keywords"})
    papers = store.read_table(tmp_path / "out.duckdb", "papers")
    assert list(zip(papers["venue_label"], papers["status"], papers["accepted"], papers["n_sources"])) == [
        ("ICML 2018", "Oral", True, 2)
    ]
