import pandas as pd
import pytest

from dashboard.filters import Filters, apply, options

PAPERS = pd.DataFrame(
    {
        "paper_id": ["a", "b", "c", "d"],
        "title": ["RAG for QA", None, "Quantized LLMs", "Other"],
        "abstract": [
            "retrieval augmented generation",
            "Low-rank adapters and retrieval",
            "int4 quantization",
            "x y",
        ],
        "venue": ["ACL", "ACL", "ICML", None],
        "year": [2024, 2025, 2025, None],
        "accepted": [True, None, False, None],
    }
)
TECH = pd.DataFrame(
    {
        "paper_id": ["a", "b", "b", "c"],
        "technique": ["RAG", "RAG", "LoRA/PEFT", "Quantization"],
        "theme": ["Retrieval", "Retrieval", "Efficiency", "Efficiency"],
    }
)


@pytest.mark.parametrize(
    "f,expected",
    [
        (Filters(), ["a", "b", "c", "d"]),
        (Filters(venues=("ACL",)), ["a", "b"]),
        (Filters(venues=("unknown",)), ["d"]),
        (Filters(years=("2025",)), ["b", "c"]),
        (Filters(tags=("RAG",)), ["a", "b"]),
        (Filters(tags=("RAG", "LoRA/PEFT"), match="all"), ["b"]),
        (Filters(tags=("RAG", "Quantization"), match="any"), ["a", "b", "c"]),
        (Filters(tags=("theme:Efficiency",)), ["b", "c"]),
        (Filters(accepted_only=True), ["a", "b", "d"]),
        (Filters(query="Retrieval"), ["a", "b"]),
        (Filters(query="rag qa"), ["a"]),
        (Filters(venues=("ICML",), tags=("RAG",)), []),
    ],
)
def test_apply(f, expected):
    assert apply(f, PAPERS, TECH) == expected


def test_options_and_round_trip():
    opts = options(PAPERS, TECH)
    assert opts["venue"] == ["ACL", "ICML", "unknown"]
    assert opts["year"] == ["2024", "2025", "unknown"]
    assert opts["tag"] == [
        "LoRA/PEFT",
        "Quantization",
        "RAG",
        "theme:Efficiency",
        "theme:Retrieval",
    ]
    f = Filters(venues=("ACL",), tags=("RAG",), match="all", query="x")
    assert Filters.from_tuple(f.as_tuple()) == f
    assert "ACL" in f.describe() and Filters().describe() == "all papers"


def test_empty_techniques_table():
    empty = pd.DataFrame(columns=["paper_id", "technique", "theme"])
    assert options(PAPERS, empty)["tag"] == []
    assert apply(Filters(tags=("RAG",)), PAPERS, empty) == []


@pytest.mark.parametrize(
    "value,expected",
    [(None, True), ("", True), ("true", True), ("false", False), ("0", False), ("No", False)],
)
def test_accepted_only_is_on_unless_the_link_turns_it_off(value, expected):
    from dashboard.filters import accepted_from_url

    assert accepted_from_url(value) is expected
