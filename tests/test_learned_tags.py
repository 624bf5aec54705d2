"""The learned technique tagger (extract/learned/tags.py) in the techniques stage.

Abstracts are from the corpus (NeurIPS 2016, CoRL 2025) and seeds-like sentences.
"""

from __future__ import annotations

from extract.learned import tags as learned
from extract.records import PaperText
from extract.stages import techniques

GP_TITLE = ("A scalable end-to-end Gaussian process adapter for irregularly sampled time series "
            "classification")
GP = ("We present a general framework for classification of sparse and irregularly-sampled time "
      "series. The properties of such time series can result in substantial uncertainty about the "
      "values of the underlying temporal processes, while making the data difficult to deal with "
      "using standard classification methods that assume fixed-dimensional feature spaces. To "
      "address these challenges, we propose an uncertainty-aware classification framework based "
      "on a special computational layer we refer to as the Gaussian process adapter that can "
      "connect irregularly sampled time series data to any black-box classifier learnable using "
      "gradient descent. We show how to scale up the required computations based on combining "
      "the structured kernel interpolation framework and the Lanczos approximation method, and "
      "how to discriminatively train the Gaussian process adapter in combination with a number of "
      "classifiers end-to-end using backpropagation.")
VOL_TITLE = ("Agreement Volatility: A Second-Order Metric for Uncertainty Quantification in "
             "Surgical Robot Learning")
VOL = ("Autonomous surgical robots are a promising solution to the increasing demand for surgery "
       "amid a shortage of surgeons. To address this challenge, we propose a novel second-order "
       "metric for uncertainty quantification, agreement volatility, that enables successful and "
       "efficient collaborative handoffs between a human operator and a robot during soft-tissue "
       "manipulation. Our experimental results demonstrate that our proposed agreement volatility "
       "metric improves system success rates and leads to a 10% lower reliance on human "
       "interventions compared to a variance-only baseline.")
LORA = ("We propose a parameter-efficient fine-tuning method that extends low-rank adaptation "
        "(LoRA) with learned rank allocation. Fine-tuning LLaMA-7B with our adapters matches full "
        "fine-tuning while training 0.5% of the parameters.")


def tags(paper: PaperText) -> dict[str, dict]:
    return {r["technique"]: r for r in techniques.extract_rows(paper)}


# a real kind of abstract with none of the taxonomy's wording (a combinatorics paper, written for
# this test): the rules find no evidence for any tag
PLAIN_TITLE = "Abelian sandpiles on random regular graphs"
PLAIN = ("We study the abelian sandpile model on random regular graphs. We show that the "
         "number of topplings needed to stabilise a configuration concentrates around its "
         "mean, and we bound the mixing time of the associated random walk on recurrent "
         "configurations. Our proofs combine spectral bounds with a coupling argument.")


def test_volatility_of_a_robot_metric_is_not_finance():
    got = tags(PaperText("v", VOL, VOL_TITLE))
    assert "Finance" not in got
    assert "Calibration/Uncertainty" in got


def test_a_lora_paper_is_tagged_at_its_evidence_with_a_probability():
    paper = PaperText("l", LORA, "Learned rank allocation for LoRA")
    row = tags(paper)["LoRA/PEFT"]
    assert LORA[row["start"] : row["end"]] == row["evidence"]
    assert learned.stack_model()["threshold"] <= row["confidence"] <= 1.0


def test_passing_mentions_are_never_tagged():
    """The rules' "no" stands for passing mentions however high the text classifiers score the
    abstract; a tag without any taxonomy wording is not gated but left to the no-wording
    classifier, whose threshold is its own."""
    passing = ("Our results demonstrate that HiFT achieves comparable performance with "
               "parameter-efficient fine-tuning and standard FPFT.")
    assert "LoRA/PEFT" not in tags(PaperText("h", passing))
    assert not learned.gated(None)
    assert learned.threshold(None) == learned.stack_model()["no_wording"]["threshold"]
    assert learned.threshold(None) != learned.stack_model()["threshold"]


RETRO_TITLE = ("Surface-Based Retrieval Reduces Perplexity of Retrieval-Augmented Language "
               "Models")
RETRO = ("Augmenting language models with a retrieval mechanism has been shown to significantly "
         "improve their performance while keeping the number of parameters low. "
         "Retrieval-augmented models commonly rely on a semantic retrieval mechanism based on the "
         "similarity between dense representations of the query chunk and potential neighbors. In "
         "this paper, we study the state-of-the-art Retro model and observe that its performance "
         "gain is better explained by surface-level similarities, such as token overlap. Inspired "
         "by this, we replace the semantic retrieval in Retro with a surface-level method based on "
         "BM25, obtaining a significant reduction in perplexity. As full BM25 retrieval can be "
         "computationally costly for large datasets, we also apply it in a re-ranking scenario, "
         "gaining part of the perplexity reduction with minimal computational overhead.")


BITFIT_TITLE = ("BitFit: Simple Parameter-efficient Fine-tuning for Transformer-based Masked "
                "Language-models")
BITFIT = ("We introduce BitFit, a sparse-finetuning method where only the bias-terms of the model "
          "(or a subset of them) are being modified. We show that with small-to-medium training "
          "data, applying BitFit on pre-trained BERT models is competitive with (and sometimes "
          "better than) fine-tuning the entire model. For larger data, the method is competitive "
          "with other sparse fine-tuning methods.")


def test_a_tag_only_the_title_names_is_scored_and_has_no_abstract_offsets():
    """ACL 2022: the title says "Parameter-efficient Fine-tuning", the abstract only "sparse
    fine-tuning"; the rules alone see no LoRA/PEFT evidence, the tagger scores the title's."""
    paper = PaperText("b", BITFIT, BITFIT_TITLE)
    assert "LoRA/PEFT" not in {r["technique"] for r in techniques.rule_rows(paper)}
    assert "LoRA/PEFT" not in {r["technique"] for r in techniques.rule_rows(PaperText("b", BITFIT))}
    row = tags(paper)["LoRA/PEFT"]
    assert (row["start"], row["end"]) == (None, None)
    assert row["evidence"] == "Parameter-efficient Fine-tuning"
    assert "LoRA/PEFT" not in tags(PaperText("b", BITFIT))  # without the title: no tag
    rows = techniques.extract_rows(paper)
    assert rows[-1]["technique"] == "LoRA/PEFT"  # rows without offsets come last, as in `methods`


def test_weak_wording_in_the_title_is_a_feature():
    """"Surface-Based Retrieval ...": the weak word "retrieval" of Retrieval/IR in the title."""
    from extract.taxonomy.rules import evidence

    evs = {t.tag: ev for t, ev in evidence(RETRO, RETRO_TITLE, keep_rejected=True)}
    assert evs["Retrieval/IR"].weak_in_title and not evs["Retrieval/IR"].in_title
    x = dict(zip(learned.FEATURES, learned.pair_features(RETRO, evs["Retrieval/IR"], 0.0, 0.0)))
    assert x["weak_title"] == 1.0
    untitled = {t.tag: ev for t, ev in evidence(RETRO, "", keep_rejected=True)}
    assert not untitled["Retrieval/IR"].weak_in_title


def test_text_features_are_words_and_unbroken_pairs_in_first_order():
    from extract.learned import bag

    feats = bag.features("We fine-tune LLaMA-2 with LoRA adapters, then evaluate LoRA adapters.")
    assert feats[:4] == ["we", "fine-tune", "we fine-tune", "llama-2"]
    assert "with lora" in feats and "lora adapters" in feats
    assert "adapters then" not in feats  # the comma breaks the pair
    assert feats.count("lora") == 1 and feats.index("lora") < feats.index("then")


DISREX_TITLE = "DiS-ReX: A Multilingual Dataset for Distantly Supervised Relation Extraction"
DISREX = ("Our goal is to study the novel task of distant supervision for multilingual relation "
          "extraction (Multi DS-RE). Research in Multi DS-RE has remained limited due to the "
          "absence of a reliable benchmarking dataset. The only available dataset for this task, "
          "RELX-Distant (Köksal and Özgür, 2020), displays several unrealistic characteristics, "
          "leading to a systematic overestimation of model performance. To alleviate these "
          "concerns, we release a new benchmark dataset for the task, named DiS-ReX. We also "
          "modify the widely-used bag attention models using an mBERT encoder and provide the "
          "first baseline results on the proposed task. We show that DiS-ReX serves as a more "
          "challenging dataset than RELX-Distant, leaving ample room for future research in "
          "this domain.")


def test_the_supervised_classifier_learned_that_a_new_dataset_is_evaluation_work():
    """ACL 2022 DiS-ReX (no labelled set holds it) is a dataset paper: the classifier trained on
    the dev labels scores it as Evaluation/Benchmark, the BitFit method paper not."""
    from extract.learned import bag

    sup = learned.sup_model()
    k = sup.labels.index("Evaluation/Benchmark")
    dataset = sup.decision(bag.features(DISREX_TITLE + "\n" + DISREX))[k]
    method = sup.decision(bag.features(BITFIT_TITLE + "\n" + BITFIT))[k]
    assert dataset > 0 > method


def test_both_text_classifiers_score_in_one_pass_as_they_do_apart():
    import numpy as np

    from extract.learned import bag

    feats = bag.features(DISREX_TITLE + "\n" + DISREX)
    both = learned.text_models().decision(feats)
    n = len(learned.text_model().labels)
    assert both.shape == (2 * n,)
    assert np.array_equal(both[:n], learned.text_model().decision(feats))
    assert np.array_equal(both[n:], learned.sup_model().decision(feats))


def test_the_encoder_vector_classifier_ranks_what_each_abstract_is_about_first():
    """Three abstracts no labelled set holds, scored by the classifier over their static-encoder
    vectors alone: a dataset paper is Evaluation/Benchmark work, BitFit parameter-efficient
    fine-tuning, the retrieval-augmented language model retrieval."""
    from extract.learned import bag

    labels, _, _ = learned.emb_model()
    for title, text, tag in ((DISREX_TITLE, DISREX, "Evaluation/Benchmark"),
                             (BITFIT_TITLE, BITFIT, "LoRA/PEFT"),
                             (RETRO_TITLE, RETRO, "Retrieval/IR")):
        scores = learned.emb_scores(learned.doc_vector(bag.features(title + "\n" + text))[None, :])
        assert labels[int(scores[0].argmax())] == tag
    # the stacker reads the score as evidence for the tag, not against it
    assert learned.stack_model()["weights"]["embedding"] > 0


def test_the_encoder_vector_score_is_a_clipped_stacker_feature():
    from extract.taxonomy.rules import evidence

    evs = {t.tag: ev for t, ev in evidence(RETRO, RETRO_TITLE, keep_rejected=True)}
    for logit, feature in ((1.5, 0.3), (25.0, 2.0), (-40.0, -2.0)):
        x = dict(zip(learned.FEATURES,
                     learned.pair_features(RETRO, evs["Retrieval/IR"], 0.0, 0.0, logit)))
        assert abs(x["embedding"] - feature) < 1e-9
        none = dict(zip(learned.FEATURES, learned.pair_features(RETRO, None, 0.0, 0.0, logit)))
        assert abs(none["embedding"] - feature) < 1e-9 and none["no_evidence"] == 1.0


def test_a_batch_gives_the_rows_its_papers_give_one_by_one():
    """The stage's batch path encodes the words of all its papers first; the rows are the
    same as paper by paper."""
    papers = [PaperText("a", RETRO, RETRO_TITLE), PaperText("b", BITFIT, BITFIT_TITLE),
              PaperText("c", DISREX, DISREX_TITLE), PaperText("d", PLAIN, PLAIN_TITLE)]
    batch = techniques.extract_batch(papers)
    assert batch == [r for p in papers for r in techniques.extract_rows(p)]
    assert ("b", "LoRA/PEFT") in {(r["paper_id"], r["technique"]) for r in batch}


def test_a_paper_far_from_every_tag_gets_no_rows():
    """A combinatorics abstract has none of the taxonomy's wording and nothing the text
    classifiers tie to a tag."""
    from extract.taxonomy.rules import evidence

    assert evidence(PLAIN, PLAIN_TITLE, keep_rejected=True) == []
    assert techniques.extract_batch([PaperText("d", PLAIN, PLAIN_TITLE)]) == []


DECOMPX_TITLE = "DecompX: Explaining Transformers Decisions by Propagating Token Decomposition"
DECOMPX = ("An emerging solution for explaining Transformer-based models is to use vector-based "
           "analysis on how the representations are formed. However, providing a faithful "
           "vector-based explanation for a multi-layer model could be challenging in three "
           "aspects: (1) Incorporating all components into the analysis, (2) Aggregating the "
           "layer dynamics to determine the information flow and mixture throughout the entire "
           "model, and (3) Identifying the connection between the vector-based analysis and the "
           "model's predictions. In this paper, we present DecompX to tackle these challenges. "
           "DecompX is based on the construction of decomposed token representations and their "
           "successive propagation throughout the model without mixing them in between layers. "
           "According to the standard faithfulness evaluations, DecompX consistently outperforms "
           "existing gradient-based and vector-based approaches on various datasets.")


def test_a_tag_without_taxonomy_wording_is_given_by_the_no_wording_classifier():
    """ACL 2023 DecompX (no labelled set holds it) explains a model's decisions but never uses
    the taxonomy's Interpretability wording: the rules find no evidence at all, the no-wording
    classifier gives the tag at the abstract's word that raised the text classifiers' score
    most."""
    from extract.taxonomy.rules import evidence

    paper = PaperText("x", DECOMPX, DECOMPX_TITLE)
    assert "Interpretability" not in {t.tag for t, _ in evidence(DECOMPX, DECOMPX_TITLE,
                                                                  keep_rejected=True)}
    row = tags(paper)["Interpretability"]
    assert learned.threshold(None) <= row["confidence"] <= 1.0
    assert DECOMPX[row["start"] : row["end"]] == row["evidence"]
    assert row["evidence"].lower().startswith("expla")
    # a title alone, or one sentence, is too little to go on without the taxonomy's wording
    assert tags(PaperText("t", "", DECOMPX_TITLE)) == {}
    first = DECOMPX.split(". ")[0] + "."
    assert "Interpretability" not in tags(PaperText("s", first, DECOMPX_TITLE))
