"""The typed names and one term's adoption of dashboard/analytics/terms.py,
on small hand-built frames.
"""

from __future__ import annotations

from dashboard import analytics as an
from tests.analytics_frames import GROUPS, PAPERS, TECH


# --- Names: aliases and matching ---

TAXONOMY = {
    "technique": [
        {
            "tag": "LoRA/PEFT",
            "theme": "Efficiency",
            "acronyms": ["PEFT"],
            "tokens": [{"pattern": r"\w*LoRA", "contains": "LoRA"}],
            "phrases": ["adapters", {"pattern": "prefix[- ]tuning", "key": "prefix"}],
        },
        {"tag": "RAG", "theme": "Retrieval & knowledge", "acronyms": ["RAG", "RALM"]},
        {"tag": "Chain-of-Thought/Reasoning", "theme": "Reasoning", "acronyms": ["CoT"]},
        {"tag": "Calibration/Uncertainty", "theme": "Safety & trust", "acronyms": ["ECE"]},
        {"tag": "Quantization", "theme": "Efficiency", "phrases": ["low-bit"]},
        {"tag": "Pruning", "theme": "Efficiency", "phrases": ["low-bit"]},
    ]
}
TAG_OPTIONS = [e["tag"] for e in TAXONOMY["technique"]] + ["theme:Efficiency", "theme:Reasoning"]


def test_tag_aliases_are_derived_from_the_taxonomy():
    al = an.tag_aliases(TAXONOMY)
    assert al["lora"] == "LoRA/PEFT"  # a part of the tag (and the token literal)
    assert al["peft"] == "LoRA/PEFT" and al["adapters"] == "LoRA/PEFT"
    assert al["rag"] == "RAG" and al["ralm"] == "RAG"
    assert al["cot"] == "Chain-of-Thought/Reasoning"
    assert al["reasoning"] == "theme:Reasoning"  # a theme's name beats a part of a tag
    assert "low-bit" not in al  # claimed by two tags: ambiguous
    assert "prefix[- ]tuning" not in al  # regex patterns are not names


def test_real_taxonomy_aliases_lora_and_rag():
    from extract.datafiles import load_toml

    al = an.tag_aliases(load_toml("taxonomy.toml"))
    assert al["lora"] == "LoRA/PEFT" and al["rag"] == "RAG"


def test_exact_match_wins_over_fuzzy_ones():
    assert an.match_terms("RAG", TAG_OPTIONS) == [("RAG", "exact")]
    assert an.match_terms("rag", TAG_OPTIONS) == [("RAG", "exact")]
    lora = an.match_terms("LoRA", TAG_OPTIONS, an.tag_aliases(TAXONOMY))
    assert lora[0] == ("LoRA/PEFT", "alias")
    assert "Calibration/Uncertainty" not in [t for t, _ in lora]


def test_match_terms_prefix_contains_and_similar():
    got = an.match_terms("chain", TAG_OPTIONS)
    assert got[0] == ("Chain-of-Thought/Reasoning", "prefix")
    assert an.match_terms("uncertain", TAG_OPTIONS) == [("Calibration/Uncertainty", "contains")]
    assert an.match_terms("Quantisation", TAG_OPTIONS)[0] == ("Quantization", "similar")
    assert an.match_terms("   ", TAG_OPTIONS) == []


def test_resolve_names_from_a_link():
    al = an.tag_aliases(TAXONOMY)
    resolved, unknown = an.resolve_names(
        ["lora", "RAG", "rag", "Efficiency (theme)", "theme:reasoning", "quantisaton", "zzzz"],
        TAG_OPTIONS,
        al,
    )
    assert resolved == ["LoRA/PEFT", "RAG", "theme:Efficiency", "theme:Reasoning"]
    assert unknown["quantisaton"][0] == "Quantization"
    assert unknown["zzzz"] == []


# --- Adoption of one term ---


def test_first_seen_and_term_papers():
    papers = an.with_groups(PAPERS, GROUPS)
    hits = TECH[TECH["technique"] == "RAG"].rename(columns={"evidence": "text"})
    first = an.first_seen(hits, papers)
    assert first == {"year": 2023, "venues": ["ACL"], "papers": 2, "total": 3}
    assert an.first_seen(hits.iloc[:0], papers) is None
    top = an.term_papers(hits, papers)
    # p1's title names the match ("Retrieval one"), so it comes first; then the earliest
    assert top["paper_id"].tolist() == ["p1", "p2", "p5"]
    assert top["in_title"].tolist() == [True, False, False]
    assert top["text"].tolist() == ["retrieval"] * 3
