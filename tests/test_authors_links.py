"""Authors and landing pages: read from every format, merged, stored, searched."""

import csv
import json
from pathlib import Path

import pandas as pd
import pytest

from dashboard.analytics import search
from dashboard.filters import Filters, apply
from extract.ingest import ingest
from extract.readers import read_file
from extract.readers.common import as_authors, as_url, bibtex_names
from extract.schema import TABLES
from extract.tables import papers_frame, papers_from_frames, sources_frame

FIX = Path(__file__).parent / "fixtures"
COLM = FIX / "sources" / "paperlists" / "colm" / "colm2024.json"
RECORDS = json.loads(COLM.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "value,expected",
    [
        # paperlists: ";" with or without a space (colm2024.json, acl2022.json)
        (
            "Yiming Zhang;Nicholas Carlini;Daphne Ippolito",
            ["Yiming Zhang", "Nicholas Carlini", "Daphne Ippolito"],
        ),
        (
            "Omer Goldman; David Guriel; Reut Tsarfaty",
            ["Omer Goldman", "David Guriel", "Reut Tsarfaty"],
        ),
        # a few paperlists records separate with commas (icml2017.json)
        ("Tasha Nagamine, Nima Mesgarani", ["Tasha Nagamine", "Nima Mesgarani"]),
        # BibTeX style "Last, First and ..." (Anthology exports)
        (
            "Goldman, Omer  and Guriel, David  and Tsarfaty, Reut",
            ["Omer Goldman", "David Guriel", "Reut Tsarfaty"],
        ),
        # BibTeX style "First Last and ..." (OpenReview exports)
        (
            "Yujia Hu and Zhiqiang Hu and Chun Wei Seah and Roy Ka-Wei Lee",
            ["Yujia Hu", "Zhiqiang Hu", "Chun Wei Seah", "Roy Ka-Wei Lee"],
        ),
        (
            ["Adams Wei Yu", {"first": "David", "last": "Dohan"}, {"name": "Minh-Thang Luong"}],
            ["Adams Wei Yu", "David Dohan", "Minh-Thang Luong"],
        ),
        ("", []),
        (None, []),
    ],
)
def test_author_strings_and_lists(value, expected):
    assert as_authors(value) == expected


def test_bibtex_names_keep_a_single_last_first_name_whole():
    assert bibtex_names("Koo, Heejoon") == ["Heejoon Koo"]
    assert bibtex_names("Pan, Rui  and Zhang, Tong and others") == ["Rui Pan", "Tong Zhang"]


@pytest.mark.parametrize(
    "value,expected",
    [
        (
            "https://aclanthology.org/2022.acl-short.96/",
            "https://aclanthology.org/2022.acl-short.96/",
        ),
        (
            "https://openreview.net/forum?id=0o95CVdNuz",
            "https://openreview.net/forum?id=0o95CVdNuz",
        ),
        ("/pdf?id=0o95CVdNuz", None),  # relative: no landing page
        ("javascript:alert(1)", None),
        ("", None),
    ],
)
def test_only_http_addresses_are_links(value, expected):
    assert as_url(value) == expected


def test_paperlists_author_and_site():
    records, _ = read_file(COLM, COLM.name)
    assert records[0].authors == ["Yujia Hu", "Zhiqiang Hu", "Chun Wei Seah", "Roy Ka-Wei Lee"]
    assert records[0].url == "https://openreview.net/forum?id=0UK8c2kg7c"


def test_bibtex_author_and_url(tmp_path):
    records, _ = read_file(FIX / "anthology.bib", "anthology.bib")
    assert records[0].authors == ["Rui Pan", "Tong Zhang"]
    assert records[0].url is None and records[1].authors == []
    bib = tmp_path / "one.bib"
    bib.write_text(
        "@inproceedings{goldman-etal-2022-un,\n"
        '    title = "(Un)solving Morphological Inflection",\n'
        '    author = "Goldman, Omer  and\n      Guriel, David  and\n      Tsarfaty, Reut",\n'
        '    booktitle = "Proceedings of the 60th Annual Meeting of the Association for '
        'Computational Linguistics (Volume 2: Short Papers)",\n'
        '    year = "2022",\n'
        '    url = "https://aclanthology.org/2022.acl-short.96/",\n'
        f'    abstract = "{RECORDS[2]["abstract"][:400]}"\n}}\n',
        encoding="utf-8",
    )
    (rec,), _ = read_file(bib, bib.name)
    assert rec.authors == ["Omer Goldman", "David Guriel", "Reut Tsarfaty"]
    assert rec.url == "https://aclanthology.org/2022.acl-short.96/"


def test_csv_and_jsonl_authors_and_url_columns(tmp_path):
    path = tmp_path / "colm2024.csv"
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["title", "abstract", "authors", "url"])
        for r in RECORDS:
            w.writerow([r["title"], r["abstract"], r["author"], r["site"]])
    records, _ = read_file(path, path.name)
    assert [r.authors[-1] for r in records] == ["Roy Ka-Wei Lee", "Yang Liu", "Daphne Ippolito"]
    assert [r.url for r in records] == [r["site"] for r in RECORDS]
    jl = tmp_path / "colm2024.jsonl"
    jl.write_text(
        "\n".join(
            json.dumps(
                {
                    "title": r["title"],
                    "abstract": r["abstract"],
                    "authors": r["author"].split(";"),
                    "url": r["site"],
                }
            )
            for r in RECORDS
        ),
        encoding="utf-8",
    )
    records, _ = read_file(jl, jl.name)
    assert (
        records[1].authors[:2] == ["Zonghan Yang", "Peng Li"]
        and records[1].url == RECORDS[1]["site"]
    )


def test_merge_fills_gaps_and_keeps_the_first_authors(tmp_path):
    r = RECORDS[0]
    (tmp_path / "a.jsonl").write_text(json.dumps({"title": r["title"], "abstract": r["abstract"]}))
    (tmp_path / "b.jsonl").write_text(
        json.dumps({"abstract": r["abstract"], "authors": "A; B", "url": "https://example.org/b"})
    )
    (tmp_path / "c.jsonl").write_text(
        json.dumps({"abstract": r["abstract"], "authors": "C", "url": "https://example.org/c"})
    )
    (paper,) = ingest([tmp_path]).papers
    assert paper.authors == ["A", "B"] and paper.url == "https://example.org/b"
    assert paper.title == r["title"] and len(paper.sources) == 3


def test_columns_are_last_in_papers_and_round_trip():
    cols = TABLES["papers"].column_names
    assert cols[-2:] == ["authors", "url"]
    papers = ingest([COLM]).papers
    frame = papers_frame(papers)
    assert frame.loc[2, "authors"] == "Yiming Zhang; Nicholas Carlini; Daphne Ippolito"
    back = papers_from_frames(frame, sources_frame(papers))
    assert [(p.authors, p.url) for p in back] == [(p.authors, p.url) for p in papers]
    assert (
        papers_from_frames(frame.drop(columns=["authors", "url"]), sources_frame(papers))[0].authors
        == []
    )


def test_a_text_search_matches_an_author():
    frame = papers_frame(ingest([COLM]).papers)
    assert list(search(frame, "carlini")["title"]) == [
        "Effective Prompt Extraction from Language Models"
    ]
    assert list(search(frame, "prompt ippolito")["title"]) == [
        "Effective Prompt Extraction from Language Models"
    ]
    assert search(frame, "carlini agents").empty
    ids = apply(
        Filters(query="Zonghan"), frame, pd.DataFrame(columns=["paper_id", "technique", "theme"])
    )
    assert ids == [frame.loc[1, "paper_id"]]
    older = frame.drop(columns=["authors", "url"])  # a database built before the columns
    assert search(older, "carlini").empty and len(search(older, "adversary")) == 1


def test_a_database_built_before_the_columns_still_adds_and_removes(seeds_db, tmp_path):
    import shutil

    import duckdb

    from extract import store
    from extract.cli import main

    db = tmp_path / "old.duckdb"
    shutil.copy(seeds_db, db)
    con = duckdb.connect(str(db))
    con.execute("ALTER TABLE papers DROP COLUMN authors")
    con.execute("ALTER TABLE papers DROP COLUMN url")
    con.close()
    assert main(["add", str(COLM), "--db", str(db), "--no-keywords", "--quiet"]) == 0
    papers = store.read_table(db, "papers")
    assert papers["authors"].notna().sum() == 3 and papers["url"].notna().sum() == 3
    con = duckdb.connect(str(db))
    con.execute("ALTER TABLE papers DROP COLUMN url")
    con.close()
    assert main(["remove", "--source", "colm2024.json", "--db", str(db)]) == 0
    assert store.read_table(db, "papers")["url"].isna().all()
