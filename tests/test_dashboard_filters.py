import pandas as pd
import pytest

from dashboard.filter_model import Filters, apply, options, where_sql

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


CASES = [
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
]


@pytest.mark.parametrize("f,expected", CASES)
def test_apply(f, expected):
    assert apply(f, PAPERS, TECH) == expected


def _sql_ids(f: Filters) -> list[str]:
    import duckdb

    con = duckdb.connect(":memory:")
    con.register("papers", PAPERS.assign(authors=[None, "Ann Lee", None, None]))
    con.register("techniques", TECH)
    cond, params = where_sql(f, "p", "techniques")
    rows = con.execute(f"SELECT p.paper_id FROM papers p WHERE {cond}", params).fetchall()
    return [r[0] for r in rows]


@pytest.mark.parametrize("f,expected", CASES)
def test_where_sql_keeps_the_papers_apply_keeps(f, expected):
    assert _sql_ids(f) == expected


def test_where_sql_passes_every_chosen_value_as_a_parameter():
    f = Filters(venues=("ACL' OR 1=1 --",), query="lee", tags=("x'y",))
    cond, params = where_sql(f)
    assert "ACL" not in cond and "lee" not in cond and "x'y" not in cond
    assert params[0] == "ACL' OR 1=1 --" and "lee" in params and "x'y" in params
    assert _sql_ids(f) == []
    assert _sql_ids(Filters(query="ann lee")) == ["b"]  # author names are searched too


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


# concepts: the methods rows' concept_key, matched whatever the spelling of the filter's value
METHODS = pd.DataFrame(
    {
        "paper_id": ["a", "b", "c", "d"],
        "concept": ["LLM-as-a-judge", "LLM judge", "speculative decoding", "RAG"],
        "concept_key": ["llmjudge", "llmjudge", "speculativedecoding", "rag"],
    }
)
CONCEPT_CASES = [
    (Filters(concepts=("LLM judges",)), ["a", "b"]),
    (Filters(concepts=("Speculative-Decoding",)), ["c"]),
    (Filters(concepts=("LLM as a judge", "speculative decoding")), ["a", "b", "c"]),
    (Filters(concepts=("LLM judges",), years=("2025",)), ["b"]),
    (Filters(concepts=("beam search",)), []),
    # the long form the corpus always gives the vocabulary acronym RAG finds its concept
    (Filters(concepts=("Retrieval-Augmented Generation",)), ["d"]),
    (Filters(concepts=("RAG",)), ["d"]),
]


@pytest.mark.parametrize("f,expected", CONCEPT_CASES)
def test_concept_filter(f, expected):
    import duckdb

    assert apply(f, PAPERS, TECH, METHODS) == expected
    con = duckdb.connect(":memory:")
    con.register("papers", PAPERS.assign(authors=[None] * 4))
    con.register("techniques", TECH)
    con.register("methods", METHODS)
    cond, params = where_sql(f, "p", "techniques")
    rows = con.execute(f"SELECT p.paper_id FROM papers p WHERE {cond} ORDER BY 1", params)
    assert [r[0] for r in rows.fetchall()] == expected
    assert Filters.from_tuple(f.as_tuple()) == f and f.active
    assert "with concept" in f.describe()


def test_concept_filter_needs_the_methods_rows():
    with pytest.raises(ValueError):
        apply(Filters(concepts=("beam search",)), PAPERS, TECH)
