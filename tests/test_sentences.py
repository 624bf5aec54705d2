"""The one sentence splitter (extract.text.sentences) and the stages that read it."""

from __future__ import annotations

import pytest

from extract.stages import metrics
from extract.text.normalize import repair_repeated_opening
from extract.text.sentences import (
    at_clause_start,
    first_sentence,
    sentence_ends,
    sentence_start,
    sentences,
)

# Sentences from abstracts of the paperlists corpus (ACL, EMNLP, ICLR).
CAMERINI = (
    "In this paper, we provide a simplification of the K-best spanning tree algorithm of "
    "Camerini et al. (1980). Our simplification allows us to obtain a constant time speed-up "
    "over the original algorithm."
)
ROCSTORIES = (
    "In this work, we equip dialog models with ‘background stories’ related to a persona by "
    "leveraging fictional narratives from existing story datasets (e.g. ROCStories). Since "
    "current dialog datasets do not contain such narratives as responses, we perform an "
    "unsupervised adaptation of a retrieved story."
)
SCORES = (
    "Our model achieves an F1 score of 54.53% for temporal and causal relations in protocols "
    "from our corpus, which is a significant improvement over previous models - "
    "DyGIE++:28.17%; spERT:27.81%. We make our annotated WLP-MSTG corpus available to the "
    "research community."
)


def _texts(text: str) -> list[str]:
    return [s for _, s in sentences(text)]


def test_real_abstract_splits_at_sentence_ends_only():
    assert _texts(CAMERINI) == [
        "In this paper, we provide a simplification of the K-best spanning tree algorithm of "
        "Camerini et al. (1980).",
        "Our simplification allows us to obtain a constant time speed-up over the original "
        "algorithm.",
    ]
    assert len(_texts(ROCSTORIES)) == 2
    assert _texts(ROCSTORIES)[1].startswith("Since current dialog datasets")


def test_offsets_point_into_the_text():
    for text in (CAMERINI, ROCSTORIES, SCORES):
        for offset, sent in sentences(text):
            assert text[offset : offset + len(sent)] == sent


@pytest.mark.parametrize(
    "text",
    [
        # "e.g." / "i.e." before a lowercase word, a name or an acronym
        "Existing methods for learning word alignment include statistical word aligners "
        "(e.g. GIZA++) and recently neural word alignment models.",
        "Annotation based on our guidelines achieved a high inter-annotator agreement i.e. "
        "Fleiss’ kappa score of 0.72 on the test data.",
        "We fine-tune small models, e.g. the 7B variant, on synthetic data.",
        "Models fail to differentiate meaningfully different symbols (e.g., AND vs. OR), "
        "suggesting a limitation.",
        # decimal numbers and versions
        "Accuracy improves from 71.3% to 84.5% with 2.5x fewer FLOPs on Llama 3.1 and v1.2.3.",
        # figure, equation and citation abbreviations before a number or a bracket
        "As shown in Fig. 3, the loss in Eq. (2) decreases faster than in Sec. 4.",
        "We follow Smith et al. (2020) and Jones et al. 2021 in our setup.",
    ],
)
def test_no_break_inside_a_sentence(text):
    assert _texts(text) == [text]
    assert sentence_ends(text) == []
    assert first_sentence(text) == text


def test_breaks_after_numbers_and_before_digits_quotes_and_markup():
    assert _texts(SCORES)[0].endswith("spERT:27.81%.")
    assert len(_texts(SCORES)) == 2
    text = "We quantize weights to 4 bits. 8-bit activations keep 99.1% of the accuracy."
    assert _texts(text) == [
        "We quantize weights to 4 bits.",
        "8-bit activations keep 99.1% of the accuracy.",
    ]
    assert len(_texts('It works. "Why?" we ask. **MPIFA** is new! $k$ grows.')) == 4


def test_etc_ends_a_sentence():
    text = (
        "Such scores are affected by word frequencies, sentence structures, etc. These "
        "distracting factors may mislead the model."
    )
    assert len(_texts(text)) == 2


def test_a_lowercase_word_after_a_period_does_not_start_a_sentence():
    assert len(_texts("The approx. cost is low. we keep going.")) == 1


def test_two_sentences_glued_without_a_space_are_two():
    # ACL 2025, "Exploring Knowledge Filtering for Retrieval-Augmented Discriminative Tasks":
    # 1,709 of the 47,754 corpus abstract records glue two sentences like this
    text = ("Retrieval-augmented methods have achieved remarkable advancements in alleviating the "
            "hallucination of large language models.Nevertheless, the introduction of external "
            "knowledge does not always lead to the expected improvement in model performance, "
            "as irrelevant or harmful information present in the retrieved knowledge can "
            "compromise the prediction process.")
    assert _texts(text) == [
        "Retrieval-augmented methods have achieved remarkable advancements in alleviating the "
        "hallucination of large language models.",
        "Nevertheless, the introduction of external knowledge does not always lead to the "
        "expected improvement in model performance, as irrelevant or harmful information present "
        "in the retrieved knowledge can compromise the prediction process."]
    assert first_sentence(text).endswith("models.")
    # after an acronym's plural, a bracket, a percentage or a model's version number (ACL 2024,
    # "Math-Shepherd": the scores of the last sentence belong to GSM8K and MATH in that order,
    # not to MATH, the last benchmark of the sentence before)
    text = ("For instance, process RL with Math-shepherd significantly enhances Mistral-7B "
            "(77.9%$\\to$84.1% on GSM8K and 28.6%$\\to$33.0% on MATH).The accuracy can be "
            "further improved to 89.1% and 43.5% on two benchmarks with verification of "
            "Math-shepherd.We believe that automatic process supervision holds significant "
            "potential for the future evolution of LLMs.")
    assert [s[:16] for s in _texts(text)] == ["For instance, pr", "The accuracy can",
                                              "We believe that "]
    for glued in ("retrieval-augmented LLMs.We show that", "decreasing memory usage by "
                  "52.6%.Besides, LoRAPrune", "models like ChatGPT and GPT-4.However, the",
                  "Natural Language Processing (NLP).Here, we explore"):
        assert len(_texts(glued)) == 2, glued
    # not inside a version, an abbreviation or an initial
    for kept in ("We use Qwen2.5 and node.js here.", "Results of Smith et al.The end.",
                 "The U.S.A. lead (e.g.BERT) here.", "Written by J.Smith and A.Jones.",
                 "Four languages from Mr.TyDi and Dr. Smith's set."):
        assert len(_texts(kept)) == 1, kept


def test_sentence_ends_agree_with_sentences():
    for text in (CAMERINI, ROCSTORIES, SCORES):
        sents = sentences(text)
        assert sentence_ends(text) == [o + len(s) for o, s in sents[:-1]]
    assert sentence_ends("") == [] and sentences("") == ()


def test_first_sentence_is_what_the_scrape_repair_compares():
    assert first_sentence(CAMERINI).endswith("Camerini et al. (1980).")
    # a truncated copy glued in front of the abstract is dropped
    glued = first_sentence(CAMERINI) + " Our simplification allows us " + CAMERINI
    assert repair_repeated_opening(glued) == CAMERINI


def test_clause_start():
    assert at_clause_start("") and at_clause_start(". ") and at_clause_start("e: ")
    assert at_clause_start("(") and at_clause_start("s; ")
    assert not at_clause_start("he ") and not at_clause_start("s, ")


def test_metrics_keep_a_result_and_its_benchmark_in_one_sentence_across_e_g():
    text = (
        "On MMLU, strong models (e.g. GPT-4) reach 86.4% accuracy. Smaller ones stay below "
        "50% on GSM8K."
    )
    spans = [(text.index("MMLU"), text.index("MMLU") + 4, "MMLU")]
    spans.append((text.index("GSM8K"), text.index("GSM8K") + 5, "GSM8K"))
    found = metrics.find_metrics(text, spans)
    assert [(m.value, m.benchmark) for m in found] == [(86.4, "MMLU"), (50.0, "GSM8K")]


def test_sentence_start_is_where_the_sentence_of_an_offset_starts():
    for text in (CAMERINI, ROCSTORIES, SCORES):
        for offset, sent in sentences(text):
            for i in (offset, offset + len(sent) // 2, offset + len(sent) - 1):
                assert sentence_start(text, i) == offset
    # "e.g. ROCStories" does not start a sentence, so the sentence of "ROCStories" starts at 0
    assert sentence_start(ROCSTORIES, ROCSTORIES.index("ROCStories")) == 0
