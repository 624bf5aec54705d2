"""OpenReview API notes reader, on notes built from ICLR 2018 OpenReview records.

The fixture holds five ICLR 2018 submissions (title, abstract, authors, keywords and forum id as
in the public paperlists iclr2018.json) in the API v2 note shape: content fields wrapped as
``{"value": ...}``, ``venue``/``venueid`` as OpenReview writes them for accepted, rejected and
withdrawn papers, and the paged ``{"notes": [...], "count": N}`` object.
"""

import json
import shutil
from pathlib import Path

import pytest

from extract.ingest import ingest
from extract.readers import detect_format, read_file
from extract.readers.openreview import parse_venue_id, read
from extract.records import InputError

FIX = Path(__file__).parent / "fixtures" / "sources" / "openreview" / "iclr2018_notes.json"
NOTES = json.loads(FIX.read_text(encoding="utf-8"))["notes"]


def test_paged_object_reads_every_note_with_decisions():
    records, problems = read_file(FIX, FIX.name)
    assert problems == []
    assert [(r.locator, r.venue, r.year, r.track, r.status) for r in records] == [
        ("note B1QRgziT-", "ICLR", 2018, "main", "Oral"),
        ("note B14TlG-RW", "ICLR", 2018, "main", "Poster"),
        ("note BJ8vJebC-", "ICLR", 2018, "main", "Oral"),
        ("note B16yEqkCZ", "ICLR", 2018, "main", "Reject"),
        ("note B11bwYgfM", "ICLR", 2018, "main", "Withdraw"),
    ]
    assert {r.fmt for r in records} == {"openreview"}


def test_title_authors_keywords_and_forum_link():
    records, _ = read_file(FIX, FIX.name)
    qanet = records[1]
    assert qanet.title.startswith("QANet: Combining Local Convolution with Global Self-Attention")
    assert qanet.authors[:3] == ["Adams Wei Yu", "David Dohan", "Minh-Thang Luong"]
    assert qanet.url == "https://openreview.net/forum?id=B14TlG-RW"
    assert qanet.author_keywords[:2] == ["squad", "stanford question answering dataset"]
    assert qanet.abstract.startswith("Current end-to-end machine reading and question answering")


def test_a_plain_list_of_notes(tmp_path):
    path = tmp_path / "notes.json"
    path.write_text(json.dumps(NOTES[:2]), encoding="utf-8")
    assert detect_format(path.read_text(), path) == "openreview"
    records, _ = read_file(path, path.name)
    assert [r.status for r in records] == ["Oral", "Poster"]


def test_notes_one_per_line(tmp_path):
    path = tmp_path / "notes.jsonl"
    path.write_text("\n".join(json.dumps(n) for n in NOTES[:3]), encoding="utf-8")
    assert detect_format(path.read_text(), path) == "openreview"
    assert len(read_file(path, path.name)[0]) == 3


def test_api_v1_notes_with_bare_values(tmp_path):
    note = NOTES[3]
    v1 = {
        "id": note["id"],
        "forum": note["forum"],
        "invitation": "ICLR.cc/2018/Conference/-/Blind_Submission",
        "content": {k: v["value"] for k, v in note["content"].items()},
    }
    path = tmp_path / "v1.json"
    path.write_text(json.dumps({"notes": [v1], "count": 1}), encoding="utf-8")
    (rec,), _ = read_file(path, path.name)
    assert (rec.venue, rec.year, rec.status) == ("ICLR", 2018, "Reject")
    assert rec.authors[0] == "Zachary C. Lipton"


@pytest.mark.parametrize(
    "venue_id,expected",
    [
        ("ICLR.cc/2025/Conference", ("ICLR", 2025, "main", None)),
        ("ICLR.cc/2024/Conference/Rejected_Submission", ("ICLR", 2024, "main", "Reject")),
        ("ICLR.cc/2024/Conference/Withdrawn_Submission", ("ICLR", 2024, "main", "Withdraw")),
        ("ICLR.cc/2024/Conference/Desk_Rejected_Submission", ("ICLR", 2024, "main", "Desk Reject")),
        ("ICLR.cc/2025/Conference/Submission", ("ICLR", 2025, "main", "Submitted")),
        (
            "NeurIPS.cc/2024/Datasets_and_Benchmarks_Track",
            ("NeurIPS", 2024, "Datasets and Benchmarks Track", None),
        ),
        ("colmweb.org/COLM/2024/Conference", ("COLM", 2024, "main", None)),
        ("TMLR", ("TMLR", None, None, None)),
        ("", (None, None, None, None)),
    ],
)
def test_venue_ids(venue_id, expected):
    assert parse_venue_id(venue_id) == expected


@pytest.mark.parametrize(
    "venue,venue_id,status",
    [
        ("ICLR 2024 oral", "ICLR.cc/2024/Conference", "Oral"),
        ("ICLR 2024 spotlight", "ICLR.cc/2024/Conference", "Spotlight"),
        ("NeurIPS 2024 poster", "NeurIPS.cc/2024/Conference", "Poster"),
        ("COLM 2024", "colmweb.org/COLM/2024/Conference", "Accept"),
        ("Submitted to ICLR 2025", "ICLR.cc/2025/Conference/Submission", "Submitted"),
        ("Submitted to ICLR 2024", "ICLR.cc/2024/Conference/Rejected_Submission", "Reject"),
    ],
)
def test_status_from_venue_string_and_id(venue, venue_id, status):
    note = json.loads(json.dumps(NOTES[0]))
    note["content"]["venue"]["value"], note["content"]["venueid"]["value"] = venue, venue_id
    (rec,), _ = read(json.dumps([note]), "x.json", Path("x.json"))
    assert rec.status == status


def test_paperlists_json_is_not_taken_for_notes():
    paperlists = (
        Path(__file__).parent / "fixtures" / "sources" / "paperlists" / "colm" / "colm2024.json"
    )
    assert detect_format(paperlists.read_text(encoding="utf-8"), paperlists) == "json"


def test_detected_from_content_not_extension(tmp_path):
    renamed = tmp_path / "download.txt"
    shutil.copy(FIX, renamed)
    assert detect_format(renamed.read_text(encoding="utf-8"), renamed) == "openreview"


def test_a_note_without_content_or_abstract_is_a_warning(tmp_path):
    bad = [{"id": "abc", "forum": "abc", "invitations": []}, dict(NOTES[0])]
    no_abstract = json.loads(json.dumps(NOTES[1]))
    del no_abstract["content"]["abstract"]
    records, problems = read(json.dumps({"notes": [*bad, no_abstract]}), "n.json", Path("n.json"))
    assert len(records) == 1
    assert [(p.locator, p.message) for p in problems] == [
        ("note abc", "not an OpenReview note (no content); skipped"),
        ("note B14TlG-RW", "record has no abstract; skipped"),
    ]


@pytest.mark.parametrize(
    "text,message",
    [
        ('{"notes": [', "malformed JSON at line 1"),
        ('{"notes": {"a": 1}, "count": 1}', "holds no notes"),
    ],
)
def test_bad_json_is_one_clear_error(text, message):
    with pytest.raises(InputError, match=message):
        read(text, "n.json", Path("n.json"))


def test_accepted_copy_wins_over_the_withdrawn_one_with_its_link(tmp_path):
    withdrawn = json.loads(json.dumps(NOTES[4]))
    accepted = json.loads(json.dumps(NOTES[4]))
    accepted["forum"] = accepted["id"] = "Bz3aXmPlE"
    accepted["content"]["venue"]["value"] = "ICML 2018"
    accepted["content"]["venueid"]["value"] = "ICML.cc/2018/Conference"
    (tmp_path / "a.json").write_text(json.dumps({"notes": [withdrawn]}), encoding="utf-8")
    (tmp_path / "b.json").write_text(json.dumps({"notes": [accepted]}), encoding="utf-8")
    (paper,) = ingest([tmp_path]).papers
    assert (paper.venue_label, paper.status) == ("ICML 2018", "Accept")
    assert paper.url == "https://openreview.net/forum?id=Bz3aXmPlE"
    assert paper.authors[0] == "Mo Yu"
