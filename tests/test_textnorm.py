import pytest

from extract.text.normalize import clean_abstract, dedup_key, paper_id_for, repair_repeated_opening
from tests.conftest import seed_paragraphs


def test_repeated_opening_is_repaired_on_the_seed_artefact():
    # 004_b4a7…: the peripheral-memory abstract starts with a cut-off copy of itself.
    broken = next(p for p in seed_paragraphs("004") if "peripheral component" in p)
    fixed = repair_repeated_opening(broken)
    assert fixed.startswith(
        "Large Language Models (LLMs) have revolutionized various natural language processing "
        "tasks with their remarkable capabilities. However, a challenge persists"
    )
    assert fixed.count("have revolutionized various natural language processing") == 1
    assert fixed.endswith("effectiveness and efficiency of our peripheral memory.")


@pytest.mark.parametrize("prefix", ["000", "003", "004"])
def test_clean_abstracts_are_left_alone(prefix):
    for para in seed_paragraphs(prefix):
        if "peripheral component" in para or len(para) < 300:
            continue
        assert repair_repeated_opening(para) == para


def test_phrase_reuse_is_not_a_repeated_opening():
    text = "Short opener. Large models are great at many things and we like them a lot. Large models again."
    assert repair_repeated_opening(text) == text


@pytest.mark.parametrize(
    "a,b",
    [
        ("We propose **RO**bust **P**reference **O**ptimization (**ROPO**).",
         "We propose RObust Preference Optimization (ROPO)."),
        ("we introduce $\\textit{TEDUO}$, a novel pipeline", "We introduce TEDUO, a novel pipeline"),
        ("This paper introduces _ScaleBiO_ ,  focusing", "this paper introduces ScaleBiO, focusing"),
        ("speculative&nbsp;decoding is fast", "speculative decoding is fast"),
        ("naïve split-by-form", "naive split by form"),
    ],
)
def test_markup_case_and_spacing_do_not_change_the_dedup_key(a, b):
    assert dedup_key(a) == dedup_key(b)
    assert paper_id_for(a) == paper_id_for(b)


def test_different_abstracts_get_different_ids():
    paras = [p for p in seed_paragraphs("000") if len(p) > 300]
    assert len({paper_id_for(p) for p in paras}) == len(paras)


def test_clean_abstract_folds_whitespace_and_entities():
    assert clean_abstract("  a&amp;b \n\t c\u00a0d  ") == "a&b c d"
