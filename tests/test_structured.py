"""Structured readers: paperlists JSON, JSON Lines, CSV and BibTeX, on small fixtures."""

import shutil
import textwrap
from pathlib import Path

import pytest

from extract.ingest import ingest
from extract.readers import detect_format, read_file

FIX = Path(__file__).parent / "fixtures"


def _read(name):
    return read_file(FIX / name, name)


def test_paperlists_json_keeps_track_status_keywords_and_takes_venue_from_file_name():
    records, problems = _read("icml2025.json")
    assert [(r.venue, r.year, r.status, r.track) for r in records] == [
        ("ICML", 2025, "Poster", "main"),
        ("ICML", 2025, "Reject", "main"),
    ]
    assert records[1].author_keywords == ["speculative decoding", "kv cache", "quantization"]
    assert [str(p) for p in problems] == ["icml2025.json:record 2: record has no abstract; skipped"]


def test_paperlists_venue_and_year_from_bibtex_field():
    (rec,), _ = _read("anthology_export.json")
    assert (rec.venue, rec.year) == ("ACL", 2022)


def test_jsonl_skips_bad_lines_with_their_line_numbers():
    records, problems = _read("papers.jsonl")
    assert [r.title for r in records] == ["CoSyn", "ScaleBiO"]
    assert [(r.venue, r.year) for r in records] == [("ACL", 2025), ("ACL", 2025)]
    assert [p.locator for p in problems] == ["line 2", "line 4"]
    assert "malformed JSON" in problems[0].message


def test_csv_reads_case_insensitive_columns():
    records, problems = _read("papers.csv")
    assert [(r.title, r.venue, r.year, r.status) for r in records] == [
        ("SAIL-VL", "EMNLP", 2025, "Long"),
        ("CoSyn (CSV copy)", "ACL", 2025, None),
    ]
    assert [p.locator for p in problems] == ["line 4"]


def test_bibtex_reads_abstract_title_venue_and_findings_track():
    records, problems = _read("anthology.bib")
    assert [r.title for r in records] == [
        "ScaleBiO: Scalable Bilevel Optimization for LLM Data Reweighting",
        "SafeRoute: Adaptive Model Selection for Efficient and Accurate Safety Guardrails in Large Language Models",
    ]
    assert [(r.venue, r.year, r.track) for r in records] == [("ACL", 2025, None), ("ACL", 2025, "Findings")]
    assert records[0].abstract.startswith("Bilevel optimization has shown its utility")
    assert [(p.locator, p.message) for p in problems] == [("line 19", "record has no abstract; skipped")]


@pytest.mark.parametrize(
    "name,fmt",
    [("icml2025.json", "json"), ("papers.jsonl", "jsonl"), ("papers.csv", "csv"), ("anthology.bib", "bibtex")],
)
def test_format_is_detected_from_content_not_extension(tmp_path, name, fmt):
    renamed = tmp_path / "upload.txt"
    shutil.copy(FIX / name, renamed)
    assert detect_format(renamed.read_text(encoding="utf-8"), renamed) == fmt


def test_same_abstract_across_formats_is_one_paper_with_every_source(seeds_dir):
    result = ingest([seeds_dir, FIX / "papers.jsonl", FIX / "papers.csv", FIX / "anthology.bib"])
    by_start = {p.abstract[:40]: p for p in result.papers}
    cosyn = by_start["Reasoning about images with rich text, s"]
    assert [s[:2] for s in cosyn.sources] == [
        ("000_7ef0b9c4a55fd6de.txt", "line 5"),
        ("papers.jsonl", "line 1"),
        ("papers.csv", "line 3"),
    ]
    assert cosyn.title == "CoSyn"  # the seed gives none; the first title found is kept
    scalebio = by_start["Bilevel optimization has shown its utili"]
    assert {s[0] for s in scalebio.sources} == {"000_7ef0b9c4a55fd6de.txt", "papers.jsonl", "anthology.bib"}
    assert len(result.papers) == 48  # every fixture abstract is also a seed abstract


@pytest.mark.parametrize("line_end", ["", "\\"])  # "\\": the LaTeX control space at a line end
def test_bibtex_strings_concatenation_latex_and_line_numbers(tmp_path, line_end):
    bib = tmp_path / "library.bib"
    bib.write_text(
        textwrap.dedent(
            r"""
            @string{acl = "Proceedings of the 60th Annual Meeting of the Association for Computational Linguistics"}
            @comment{ignored, with {nested} braces}
            @inproceedings{a,
              title = "M{\"u}ller and Caf\'e: {A}ttention \& More",
              booktitle = acl # " (Volume 1: Long Papers)",
              year = 2022,
              note = {ends in a LaTeX line break\\},
              howpublished = {one line<END>
            and another},
              abstract = {First abstract, broken \\
            over two lines.},
            }

            @ article{b,
              journal = {Transactions of the Association for Computational Linguistics},
              year = {2023},
              abstract = "Second abstract."
            }
            @misc{a,
              abstract = {Same key as the first entry: kept, papers are deduplicated by abstract.}
            }
            """
        ).lstrip().replace("<END>", line_end),
        encoding="utf-8",
    )
    records, problems = read_file(bib, "library.bib")
    assert problems == []
    assert [(r.locator, r.title, r.venue, r.year) for r in records] == [
        ("line 3", "Müller and Café: Attention & More", "ACL", 2022),
        ("line 14", None, "TACL", 2023),
        ("line 19", None, None, None),
    ]
    assert records[0].abstract == r"First abstract, broken \\ over two lines."


def test_bibtex_malformed_entry_is_reported_with_its_line_and_the_rest_is_read(tmp_path):
    good = "@misc{{k{0},\n  title = {{Paper {0}}},\n  abstract = {{Abstract number {0}.}}\n}}\n"
    bib = tmp_path / "broken.bib"
    bib.write_text(
        good.format(1)
        + "@misc{bad,\n  abstract = {never closed\n"  # line 5
        + good.format(2)  # line 7
        + "@misc{worse,,\n  abstract = {double comma}\n}\n"  # line 11
        + good.format(3),  # line 14
        encoding="utf-8",
    )
    records, problems = read_file(bib, "broken.bib")
    assert [(r.locator, r.title) for r in records] == [
        ("line 1", "Paper 1"), ("line 7", "Paper 2"), ("line 14", "Paper 3")
    ]
    assert [(p.locator, p.severity) for p in problems] == [("line 5", "warning"), ("line 11", "warning")]
    assert problems[0].message == "unclosed brace in @misc entry starting at line 5; skipped"
    assert problems[1].message.startswith("malformed @misc entry starting at line 11 (")
