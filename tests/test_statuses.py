"""The `accepted` column: each status of the corpora maps as statuses.toml and the README say."""

import json
import re
import tomllib
from pathlib import Path

from extract.datafiles import DATA_DIR
from extract.ingest import Paper, ingest
from extract.readers.openreview import _ID_STATUS, _PRESENTATION

ROOT = Path(__file__).resolve().parents[1]
VALUES = {"true": True, "false": False, "NULL": None}


def _toml() -> dict:
    with open(DATA_DIR / "statuses.toml", "rb") as fh:
        return tomllib.load(fh)


def _readme_table() -> dict[str, bool | None]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("### Accepted papers", 1)[1].split("\n## ", 1)[0]
    out: dict[str, bool | None] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[1] in VALUES:
            for status in cells[0].split(", "):
                if status not in ("empty", "any other"):
                    out[status] = VALUES[cells[1]]
    return out


def _accepted(status: str | None) -> bool | None:
    return Paper("p", "x", status=status).accepted


def test_iclr_2023_decisions(tmp_path):
    abstract = ("We show that sharpness-aware minimization implicitly balances the layers of deep "
                "linear networks, and we propose a cheaper variant that keeps its generalization.")
    records = [
        {"title": f"Paper {i}", "abstract": f"{abstract} Variant {i} of the study.", "status": s}
        for i, s in enumerate(["Top-5%", "Top-25%", "Poster", "Reject", "Withdraw", "Unknown"])
    ]
    (tmp_path / "iclr2023.json").write_text(json.dumps(records), encoding="utf-8")
    papers = {p.title: p for p in ingest([tmp_path]).papers}
    got = [(papers[f"Paper {i}"].status, papers[f"Paper {i}"].accepted) for i in range(6)]
    assert got == [("Top-5%", True), ("Top-25%", True), ("Poster", True), ("Reject", False),
                   ("Withdraw", False), ("Unknown", None)]


def test_matching_ignores_case_and_surrounding_space():
    statuses = (" top-5% ", "TOP-25%", "Student Research Workshop")
    assert [_accepted(s) for s in statuses] == [True] * 3
    assert [_accepted(s) for s in ("Top-50%", "", None, "Under review")] == [None] * 4


def test_statuses_the_readers_write_are_mapped():
    with open(DATA_DIR / "anthology_volumes.toml", "rb") as fh:
        volumes = tomllib.load(fh)["kind"]
    assert {k["status"] for k in volumes} >= {"Long", "Student Research Workshop", "Tutorial"}
    assert all(_accepted(k["status"]) is True for k in volumes)
    assert _accepted("Findings") is True  # every volume of a *.findings collection
    assert all(_accepted(s) is True for s in _PRESENTATION.values()) and _accepted("Accept")
    assert {s: _accepted(s) for s in _ID_STATUS.values()} == {
        "Reject": False, "Desk Reject": False, "Withdraw": False, "Submitted": None}


def test_lists_are_disjoint_and_lower_case():
    data = _toml()
    lists = [data["accepted"], data["rejected"], data["unknown"]]
    every = [s for lst in lists for s in lst]
    assert len(every) == len(set(every))
    assert all(s == s.strip().lower() for s in every)
    assert all(_accepted(s) is None for s in data["unknown"])


def test_readme_table_is_the_mapping():
    table = _readme_table()
    data = _toml()
    expected = {s: True for s in data["accepted"]} | {s: False for s in data["rejected"]} | {
        s: None for s in data["unknown"]}
    assert {re.sub(r"\s+", " ", s.lower()): v for s, v in table.items()} == expected
