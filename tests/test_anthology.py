"""ACL Anthology XML reader on records copied from acl-org/acl-anthology data/xml files."""

import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from extract.ingest import ingest
from extract.readers import detect_format, read_file
from extract.readers.anthology import read
from extract.records import InputError

FIX = Path(__file__).parent / "fixtures" / "sources" / "anthology"


def _read(name):
    return read_file(FIX / name, name)


def test_whole_event_reads_every_volume_with_venue_year_status_and_track():
    records, problems = _read("2024.acl.xml")
    assert [(r.locator, r.venue, r.year, r.status, r.track) for r in records] == [
        ("paper 2024.acl-long.1", "ACL", 2024, "Long", "main"),
        ("paper 2024.acl-long.3", "ACL", 2024, "Long", "main"),
        ("paper 2024.acl-long.6", "ACL", 2024, "Long", "main"),
        ("paper 2024.acl-tutorials.6", "ACL", 2024, "Tutorial", "tutorial"),
    ]
    assert {r.fmt for r in records} == {"anthology"}
    # the frontmatter is no paper; the <event> element is ignored; a removed paper is reported
    assert [(p.locator, p.message, p.severity) for p in problems] == [
        ("paper 2024.acl-long.99", "paper removed from the Anthology; skipped", "warning")
    ]


def test_findings_volume_keeps_findings_as_track_and_its_venue_from_the_volume_id():
    records, problems = _read("2024.findings.xml")
    assert [(r.venue, r.year, r.track, r.status) for r in records] == [
        ("EACL", 2024, "Findings", "Findings"),
    ] * 4
    assert problems == []


def test_authors_in_order_and_landing_page():
    records, _ = _read("2024.acl.xml")
    qst = records[0]
    assert qst.authors == [
        "Zhengxin Zhang",
        "Dan Zhao",
        "Xupeng Miao",
        "Gabriele Oliaro",
        "Zhihao Zhang",
        "Qing Li",
        "Yong Jiang",
        "Zhihao Jia",
    ]
    assert qst.url == "https://aclanthology.org/2024.acl-long.1/"
    assert records[3].authors == ["Xuandong Zhao", "Yu-Xiang Wang", "Lei Li"]


@pytest.mark.parametrize(
    "index,field,expected",
    [
        # <fixed-case> is flattened in titles
        (1, "title", "MAGE: Machine-generated Text Detection in the Wild"),
        # <tex-math> becomes $...$, as LaTeX in the other formats
        (0, "abstract", "speed up the finetuning process by up to 3$\\times$ while achieving"),
        # <b> inside words leaves the words whole
        (
            2,
            "abstract",
            "which utilizes a Chain-of-Thought(CoT) method for Multi-modal Metaphor Detection.",
        ),
        # <url> keeps the address as text
        (2, "abstract", "publicly available at https://github.com/xyz189411yt/C4MMD."),
    ],
)
def test_markup_is_cleaned(index, field, expected):
    records, _ = _read("2024.acl.xml")
    value = getattr(records[index], field)
    assert expected in value
    assert "<" not in value and "fixed-case" not in value


def test_italics_and_escaped_characters_in_findings_abstracts():
    records, _ = _read("2024.findings.xml")
    assert "We observe that (1) IPT does not always outperform PT" in records[3].abstract
    assert "for in-dataset settings (>99.5 F1)." in records[2].abstract
    assert records[2].authors == ["Rob van der Goot"]


def test_findings_title_with_fixed_case_and_curly_apostrophe():
    records, _ = _read("2024.findings.xml")
    assert records[1].title == (
        "FlexiQA: Leveraging LLM’s Evaluation Capabilities for Flexible Knowledge Selection in "
        "Open-domain Question Answering"
    )
    assert records[0].authors[-1] == "Heng Ji"


def test_older_numbered_volume_takes_venue_from_the_booktitle():
    (rec,), problems = _read("P19.xml")
    assert (rec.venue, rec.year, rec.status, rec.track) == ("ACL", 2019, None, None)
    assert rec.url == "https://aclanthology.org/P19-1009/"
    assert rec.title == "AMR Parsing as Sequence-to-Graph Transduction"
    assert rec.authors == ["Sheng Zhang", "Xutai Ma", "Kevin Duh", "Benjamin Van Durme"]


def test_a_single_volume_file(tmp_path):
    root = ET.parse(FIX / "2024.findings.xml").getroot()
    vol = tmp_path / "findings-eacl.xml"
    vol.write_bytes(ET.tostring(root.find("volume"), encoding="utf-8"))
    records, _ = read_file(vol, vol.name)
    assert [(r.venue, r.year, r.track) for r in records] == [("EACL", 2024, "Findings")] * 4
    assert records[0].url == "https://aclanthology.org/2024.findings-eacl.1/"

    long_volume = ET.parse(FIX / "2024.acl.xml").getroot().find("volume")
    vol.write_bytes(b"<?xml version='1.0' encoding='UTF-8'?>\n" + ET.tostring(long_volume))
    records, _ = read_file(vol, vol.name)
    assert [(r.venue, r.year, r.status) for r in records] == [("ACL", 2024, "Long")] * 3


@pytest.mark.parametrize("name", ["2024.acl.xml", "P19.xml"])
def test_detected_from_content_not_extension(tmp_path, name):
    renamed = tmp_path / "upload.txt"
    shutil.copy(FIX / name, renamed)
    assert detect_format(renamed.read_text(encoding="utf-8"), renamed) == "anthology"


def test_an_html_page_is_still_a_text_dump():
    html = "<!DOCTYPE html>\n<html><body><p>ACL 2025 papers</p></body></html>\n"
    assert detect_format(html) == "text"


BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE collection [
  <!ENTITY lol "lol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<collection id="2024.acl"><volume id="long"><paper id="1"><title>&lol3;</title>
<abstract>&lol3;</abstract></paper></volume></collection>
"""

EXTERNAL_ENTITY = """<?xml version="1.0"?>
<!DOCTYPE volume [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
<volume id="long"><paper id="1"><abstract>&secret;</abstract></paper></volume>
"""


@pytest.mark.parametrize("text", [BILLION_LAUGHS, EXTERNAL_ENTITY])
def test_entity_declarations_are_refused_before_parsing(tmp_path, text):
    path = tmp_path / "evil.xml"
    path.write_text(text, encoding="utf-8")
    assert detect_format(text, path) == "anthology"
    with pytest.raises(InputError, match="DOCTYPE or ENTITY declaration refused"):
        read_file(path, path.name)


@pytest.mark.parametrize(
    "text,message",
    [
        (
            "<?xml version='1.0'?>\n<collection id='2024.acl'><volume id='long'><paper>",
            "malformed XML: no element found: line 2",
        ),
        (
            "<?xml version='1.0'?>\n<rss><channel/></rss>",
            "XML root is <rss>; expected an ACL Anthology <collection> or <volume>",
        ),
        ("<collection id='2024.acl'></collection>", "ACL Anthology XML without any <volume>"),
    ],
)
def test_bad_xml_is_one_clear_error(text, message):
    with pytest.raises(InputError, match=message.replace("(", r"\(")):
        read(text, "x.xml", Path("x.xml"))


def test_ingest_records_format_and_locator(tmp_path):
    result = ingest([FIX])
    assert result.files_read == 3
    by_title = {p.title: p for p in result.papers}
    mage = by_title["MAGE: Machine-generated Text Detection in the Wild"]
    assert mage.sources == [("2024.acl.xml", "paper 2024.acl-long.3", "anthology")]
    assert mage.authors[0] == "Yafu Li" and mage.venue_label == "ACL 2024"
    assert len(result.papers) == 9
