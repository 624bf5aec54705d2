"""Small hand-built frames shared by the tests of dashboard/analytics/ (test_analytics_*.py)."""

from __future__ import annotations

import pandas as pd

# Six papers: ACL 2023 (p1, p2), ACL 2024 (p3, p4), ICML 2024 (p5), no venue 2024 (p6).
PAPERS = pd.DataFrame(
    {
        "paper_id": ["p1", "p2", "p3", "p4", "p5", "p6"],
        "title": ["Retrieval one", None, "Parsing", "LoRA study", "Scaling", "Misc"],
        "abstract": [
            "We study retrieval.",
            "A model for retrieval and parsing.",
            "Parsing trees.",
            "Low-rank adapters.",
            "Scaling laws for retrieval models.",
            "Other things.",
        ],
        "venue": ["ACL", "ACL", "ACL", "ACL", "ICML", None],
        "year": [2023, 2023, 2024, 2024, 2024, 2024],
        "venue_label": ["ACL 2023", "ACL 2023", "ACL 2024", "ACL 2024", "ICML 2024", "unknown"],
    }
)
# technique -> theme: RAG -> Retrieval, LoRA/PEFT -> Efficiency, Parsing -> Syntax
TECH = pd.DataFrame(
    [
        ("p1", "RAG", "Retrieval", "retrieval"),
        ("p2", "RAG", "Retrieval", "retrieval"),
        ("p2", "Parsing", "Syntax", "parsing"),
        ("p3", "Parsing", "Syntax", "Parsing"),
        ("p3", "Parsing", "Syntax", "trees"),
        ("p4", "LoRA/PEFT", "Efficiency", "Low-rank adapters"),
        ("p5", "RAG", "Retrieval", "retrieval"),
    ],
    columns=["paper_id", "technique", "theme", "evidence"],
)


def tags(level: str) -> pd.DataFrame:
    return TECH[["paper_id", level]].drop_duplicates().reset_index(drop=True)


def cells(df: pd.DataFrame, keys: list[str], value: str) -> dict:
    return {tuple(r[k] for k in keys): r[value] for r in df.to_dict("records")}


GROUPS = {"ACL": "NLP", "ICML": "ML"}
