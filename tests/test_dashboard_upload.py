import json
from pathlib import Path

import duckdb
import pytest

from dashboard.upload import UPLOAD_PREFIX, build_upload, safe_name

SEEDS = Path(__file__).resolve().parents[1] / "seeds"


@pytest.mark.parametrize(
    "name,expected",
    [
        ("../../etc/passwd", "passwd"),
        ("..\\..\\boot.ini", "boot.ini"),
        (".bashrc", "bashrc"),
        ("acl 2025 (final).json", "acl_2025_final_.json"),
        ("", "upload_0"),
        ("/", "upload_0"),
    ],
)
def test_safe_name(name, expected):
    assert safe_name(name) == expected


def test_upload_builds_papers_in_a_temp_folder(tmp_path):
    records = [
        {
            "title": "A paper",
            "abstract": "We propose a retrieval-augmented method that improves "
            "accuracy by 5% on eight question answering benchmarks with a 7B model.",
            "venue": "EMNLP",
            "year": 2024,
        }
    ]
    res = build_upload([("../../evil.json", json.dumps(records).encode())])
    assert res.error is None and res.papers == 1
    assert "paper-trends-upload-" in str(res.db)
    assert not (tmp_path.parent / "evil.json").exists()
    assert (res.db.parent / "inputs" / "evil.json").is_file()
    con = duckdb.connect(str(res.db), read_only=True)
    assert con.execute("SELECT venue FROM papers").fetchall() == [("EMNLP",)]
    con.close()


def _upload_folders() -> set[Path]:
    import tempfile

    return set(Path(tempfile.gettempdir()).glob(UPLOAD_PREFIX + "*"))


def test_bad_upload_reports_build_problems():
    before = _upload_folders()
    res = build_upload([("junk.json", b"\x00\x01\x02 not a paper list \xff" * 10)])
    assert res.db is None and res.error
    assert res.problems and "junk.json" in res.problems[0]
    assert _upload_folders() == before  # a failed upload leaves no temp folder behind


def test_good_upload_keeps_its_folder_until_removed():
    before = _upload_folders()
    rec = [{"title": "T", "abstract": "We fine-tune a 7B model with LoRA adapters.", "venue": "X"}]
    res = build_upload([("a.json", json.dumps(rec).encode())])
    assert res.db is not None and _upload_folders() == before | {res.db.parent}


def test_upload_size_limit():
    res = build_upload([("big.txt", b"x" * 2048)], max_mb=0.001)
    assert res.error and "limit" in res.error
