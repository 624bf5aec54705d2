"""extract.names: types and roles of names, on real sentences of ../shared/corpora abstracts.

Each sentence is quoted from the corpus abstract named in its comment (venue file: record).
"""

from __future__ import annotations

import pytest

from extract import names
from extract.names import candidates
from extract.records import PaperText
from extract.stages import methods


def _names(text: str, title: str | None = None) -> dict[str, tuple[str, str]]:
    return {n.name: (n.type, n.role) for n in names.recognise(text, title)}


@pytest.mark.parametrize(
    "text, name",
    [
        # acl2022:581 (naming after "that we call")
        (
            "We propose a simple, effective, and easy-to-implement decoding algorithm that we "
            "call MaskRepeat-Predict (MR-P).",
            "MR-P",
        ),
        # acl2021:380 (ownership: "our model X")
        (
            "On five popular open-domain QA datasets, our model DensePhrases improves over "
            "previous phrase retrieval models by 15%-25% absolute accuracy and matches the "
            "performance of state-of-the-art retriever-reader models.",
            "DensePhrases",
        ),
        # icml2023:908 (after the name: "(ESTM) we developed")
        (
            "IDI and CDI employ counterfactual reasoning based on the external states transition "
            "model (ESTM) we developed.",
            "ESTM",
        ),
        # iclr2024:240 (direct object after an appositive noun: a capitalised compound)
        (
            "To promote OFL, we introduce a novel framework, Co-Boosting, in which synthesized "
            "data and the ensemble model mutually enhance each other progressively.",
            "Co-Boosting",
        ),
    ],
)
def test_proposal_cues_around_any_name(text, name):
    assert _names(text)[name] == ("method", "proposed")


def test_our_name_is_proposed_and_the_compared_one_used():
    # acl2021:161
    text = (
        "Experiments on the multi-reference Reddit Dataset and DailyDialog Dataset demonstrate "
        "that our DialoFlow significantly outperforms the DialoGPT on the dialogue generation task."
    )
    got = _names(text)
    assert got["DialoFlow"] == ("method", "proposed")
    assert got["DialoGPT"] == ("method", "mentioned")


def test_a_title_prefix_is_proposed():
    # nips2016:466 (title "Short-Dot: Computing Large Linear Transforms ...")
    text = (
        "We demonstrate through probabilistic analysis as well as experiments on computing "
        "clusters that Short-Dot offers significant speed-up compared to existing techniques."
    )
    assert _names(text)["Short-Dot"][1] == "mentioned"
    title = "Short-Dot: Computing Large Linear Transforms Distributedly Using Coded Short Dot"
    assert _names(text, title)["Short-Dot"] == ("method", "proposed")


def test_an_established_long_form_or_an_action_is_not_a_proposal():
    # acl2022:271: "propose to employ" X is using X
    text = (
        "Specifically, we propose to employ Optimal Transport (OT) to induce structures of "
        "documents based on sentence-level syntactic structures and tailored to EAE task."
    )
    assert _names(text)["OT"] == ("method", "mentioned")
    # acl2024:1271: many corpus abstracts define OT as optimal transport; OT-MEL is the new name
    text = (
        "To mitigate this issue, we formulate the correlation assignment problem as an optimal "
        "transport (OT) problem, and propose a novel MEL framework, namely OT-MEL, with "
        "OT-guided correlation assignment."
    )
    got = _names(text)
    assert got["OT"][1] == "mentioned"
    assert got["OT-MEL"][1] == "proposed"


def test_a_group_is_one_name_and_never_proposed():
    # cvpr2024:345
    text = (
        "In response we introduce a novel score-based diffusion method applied to the SE(3) "
        "group marking the first application of diffusion models to SE(3) within the image "
        "domain specifically tailored for pose estimation tasks."
    )
    assert _names(text) == {"SE(3)": ("other", "mentioned")}


def test_a_widely_used_name_in_a_proposal_sentence_is_not_new():
    # acl2023:276: TV is in 50 corpus abstracts
    text = (
        "In this paper, we present Video-grounded Scene&Topic AwaRe dialogue (VSTAR) dataset, a "
        "large scale video-grounded dialogue understanding dataset based on 395 TV series."
    )
    got = _names(text)
    assert got["VSTAR"][1] == "proposed"
    assert got["TV"][1] == "mentioned"


@pytest.mark.parametrize(
    "text, name",
    [
        # iclr2017:25
        (
            "In particular, we tested PGQL on the full suite of Atari games and achieved "
            "performance exceeding that of both asynchronous advantage actor-critic (A3C) and "
            "Q-learning.",
            "Q-learning",
        ),
        # coling2025:323
        (
            "Our method extends the k-means algorithm with label supervision, cluster size "
            "constraints, and domain-specific discriminative subspace selection.",
            "k-means",
        ),
        # acl2021:556: EM is exact match in some abstracts, expectation maximization in most
        (
            "We propose a unified learning algorithm based on the expectation maximization (EM) "
            "algorithm.",
            "EM",
        ),
        # icml2017:47
        (
            "Our novel approach learns the latent structure with Gibbs sampling and constructs "
            "batched queries using determinantal point processes.",
            "Gibbs sampling",
        ),
        # nips2017:405
        (
            "In offline experiments with recorded neural data, we demonstrate significantly "
            "improved prediction of motion directions compared to the Kalman filter.",
            "Kalman filter",
        ),
    ],
)
def test_classic_method_names_are_used_methods(text, name):
    assert _names(text)[name] == ("method", "mentioned")
    assert name in [r["name"] for r in methods.extract_rows(_paper(text))]


def _paper(text: str):
    from extract.records import PaperText

    return PaperText("p", text)


def test_an_eponym_modifier_is_not_a_name():
    # icml2019:561: "Bayes’ rule" (curly apostrophe)
    text = (
        "We present a particle flow realization of Bayes’ rule, where an ODE-based neural "
        "operator is used to transport particles from a prior to its posterior after a new "
        "observation."
    )
    assert "Bayes" not in _names(text)


def test_a_list_after_datasets_including_is_all_datasets():
    # acl2022:828
    text = (
        "We evaluate our method on four common benchmark datasets including Laptop14, Rest14, "
        "Rest15, Rest16."
    )
    assert {n: t for n, (t, _) in _names(text).items()} == {
        "Laptop14": "dataset",
        "Rest14": "dataset",
        "Rest15": "dataset",
        "Rest16": "dataset",
    }


def test_a_list_before_robots_is_hardware_not_methods():
    # corl2024:172
    text = (
        "PoliFormer is a masterful navigator, producing state-of-the-art results across two "
        "distinct embodiments, the LoCoBot and Stretch RE-1 robots, and four navigation "
        "benchmarks."
    )
    got = _names(text)
    assert got["LoCoBot"][0] == "other"
    assert got["Stretch RE-1"][0] == "other"
    rows = methods.extract_rows(_paper(text))
    # the name rows (phrase rows come from the learned phrase model, scored in benchmarks/)
    assert [r["name"] for r in rows if r["form"] == "name"] == ["PoliFormer"]
    assert not [r for r in rows if "LoCoBot" in r["surface"] or "Stretch" in r["surface"]]


def test_a_vocabulary_name_inside_a_long_form_is_not_mentioned():
    # corl2024:172
    text = (
        "We present PoliFormer (Policy Transformer), an RGB-only indoor navigation agent trained "
        "end-to-end with reinforcement learning at scale."
    )
    got = _names(text)
    assert got["PoliFormer"] == ("method", "proposed")
    assert "Transformer" not in got


def test_subject_of_outperforms_is_a_method():
    # acl2021:219
    text = (
        "DynaEval significantly outperforms the state-of-the-art dialogue coherence model, and "
        "correlates strongly with human judgements across multiple dialogue evaluation aspects."
    )
    assert _names(text)["DynaEval"][0] == "method"


def test_every_row_has_a_confidence_in_unit_interval():
    # acl2021:161 and corl2024:172 together
    text = (
        "Experiments on the multi-reference Reddit Dataset and DailyDialog Dataset demonstrate "
        "that our DialoFlow significantly outperforms the DialoGPT on the dialogue generation "
        "task. PoliFormer is a masterful navigator, producing state-of-the-art results across two "
        "distinct embodiments, the LoCoBot and Stretch RE-1 robots."
    )
    rows = names.extract_rows(_paper(text))
    assert rows and all(0.0 <= r["confidence"] <= 1.0 for r in rows)


@pytest.mark.parametrize(
    "text, not_proposed",
    [
        # acl2022:221: a capitalised word starting a title-case long form is not the name
        (
            "We propose a Domain adaptation Learning Curve prediction (DaLC) model that predicts "
            "prospective DA performance based on in-domain monolingual samples in the source "
            "language.",
            "Domain",
        ),
        # acl2024:110: a compound modifier
        (
            "We propose an evaluation pipeline grounded in realistic human-AI interactions to "
            "probe value orientations, along with novel tasks for evaluating value orientations.",
            "human-AI",
        ),
        # neurips2023:2323
        (
            "We present a novel PAC-Bayesian risk bound for structured prediction wherein the rate "
            "of generalization scales not only with the number of structured examples but also "
            "with their size.",
            "PAC-Bayesian",
        ),
        # acl2025:348
        (
            "To enable the attack under the challenges of limited control and role-restricted "
            "communication format, we develop an LLM-powered adversarial agent with a reflection "
            "mechanism that generates contextually-aware malicious instructions.",
            "LLM-powered",
        ),
    ],
)
def test_modifiers_and_phrase_starts_are_not_proposed(text, not_proposed):
    got = {n.name: n.role for n in names.recognise(text, None)}
    assert got.get(not_proposed) != "proposed"


def test_a_measure_and_a_task_are_not_methods():
    # acl2021 "Psycholinguistic Tripartite Graph Network ...": FLOPS is a measure
    text = "Moreover, the flow GAT reduces the FLOPS and Memory measures by 38% and 32%."
    assert _names(text)["FLOPS"][0] == "metric"
    # acl2021 "End-to-End Training of Neural Retrievers ...": a "... Task" is a task
    text = (
        "We first propose an approach of unsupervised pre-training with the Inverse Cloze Task "
        "and masked salient spans, followed by supervised finetuning using question-context "
        "pairs."
    )
    assert _names(text)["Inverse Cloze Task"][0] == "task"
    assert [r["name"] for r in methods.extract_rows(_paper(text)) if r["form"] == "name"] == []


def test_a_preposition_between_name_and_dataset_is_not_a_dataset_cue():
    # cvpr2024:2711: "NeRFs through dataset updates" does not make NeRF a data set
    text = (
        "Neural radiance field (NeRF) is an emerging technique for 3D scene reconstruction and "
        "modeling. This paper fills the aforementioned gap by proposing a new language-driven "
        "method for object manipulation in NeRFs through dataset updates."
    )
    assert _names(text)["NeRF"] == ("method", "mentioned")


def test_the_surface_keeps_the_long_form_of_an_acronym():
    # acl2023:1017
    text = (
        "Thus, we propose Adaptive Prefix Tuning (APT) to adjust the prefix in terms of both "
        "fine-grained token level and coarse-grained layer level with a gate mechanism."
    )
    (apt,) = [n for n in names.recognise(text, None) if n.name == "APT"]
    assert (apt.role, apt.surface) == ("proposed", "Adaptive Prefix Tuning | APT")


def test_a_capitalised_compound_of_common_words_is_not_a_name():
    # cvpr2025:2625: "High-Quality" (2,400+ corpus abstracts write high-quality in lower case)
    text = (
        "**Small-Scale High-Quality GUI Instruction-Following Datasets** by careful data curation "
        "and employing a resampling strategy to address significant data type imbalances."
    )
    got = _names(text)
    assert "High-Quality" not in got and "Small-Scale" not in got


@pytest.mark.parametrize(
    "text, name, typ",
    [
        # nips2018:654: the noun after the acronym says what is proposed, not the long form's
        # head ("answering")
        (
            "Our neural-symbolic visual question answering (NS-VQA) system first recovers a "
            "structural scene representation from the image and a program trace from the "
            "question.",
            "NS-VQA",
            "method",
        ),
        # naacl2022:225 ("we assemble a ... dataset")
        (
            "To evaluate the capacity of SCQA systems in a dialogue-style interaction, we assemble "
            "a Spoken Conversational Question Answering (Spoken-CoQA) dataset with more than 40k "
            "question-answer pairs from 4k conversations.",
            "Spoken-CoQA",
            "dataset",
        ),
        # icml2023:976 ("a novel regularization technique, i.e., X")
        (
            "Accordingly, we propose a novel regularization technique, i.e., Calibrating "
            "Multimodal Learning (CML) regularization, to calibrate the predictive confidence of "
            "previous methods.",
            "CML",
            "method",
        ),
    ],
)
def test_an_acronym_proposed_with_a_noun_after_it(text, name, typ):
    assert _names(text)[name] == (typ, "proposed")


def test_rows_carry_the_long_form_that_tells_two_apts_apart():
    # acl2023 "Towards Adaptive Prefix Tuning ..." and icml2019 (automatic posterior
    # transformation): the same acronym, two contributions; a used acronym without a definition
    # here has no long form
    from extract.records import PaperText

    texts = (
        "Thus, we propose Adaptive Prefix Tuning (APT) to adjust the prefix in terms of both "
        "fine-grained token level and coarse-grained layer level with a gate mechanism.",
        "Here we present automatic posterior transformation (APT), a new sequential neural "
        "posterior estimation method for simulation-based inference.",
    )
    longs = []
    for i, text in enumerate(texts):
        (row,) = [r for r in names.extract_rows(PaperText(f"p{i}", text)) if r["name"] == "APT"]
        (mrow,) = [r for r in methods.extract_rows(PaperText(f"p{i}", text)) if r["name"] == "APT"]
        assert row["role"] == mrow["role"] == "proposed"
        assert row["long_form"] == mrow["long_form"]
        longs.append(row["long_form"])
    assert longs == ["Adaptive Prefix Tuning", "automatic posterior transformation"]
    text = "We compare with BERT and RoBERTa on GLUE."
    rows = names.extract_rows(PaperText("p3", text))
    assert rows and all(r["long_form"] is None for r in rows)


# Corpus audit batch 1 (benchmarks/names_audit.py, benchmarks/devset/names_audit.jsonl): classes
# of wrong used-method and benchmark rows, on the audited sentences.


def _methods_used(text: str) -> set[str]:
    from extract.records import PaperText

    rows = methods.extract_rows(PaperText("p", text))
    return {r["name"] for r in rows if r["role"] == "mentioned"}


def test_the_noun_after_an_acronym_definition_types_it():
    # acl2025:381
    text = (
        "We also measured the overlap between domains and dialects using the Maximum Mean "
        "Discrepancy (MMD) metric, and illustrated why certain NER models perform better on "
        "specific dialects and domains."
    )
    assert _names(text)["MMD"][0] == "metric"
    assert "MMD" not in _methods_used(text)


def test_the_head_of_a_long_form_comes_before_its_preposition():
    # acl2023:408: a task, not a data set
    text = (
        "Capturing complex contextual dependencies plays a vital role in Emotion Recognition in "
        "Conversations (ERC)."
    )
    assert _names(text)["ERC"][0] == "task"


@pytest.mark.parametrize(
    "text,name",
    [
        # lreccoling2024:1060: the corpus votes of PE are those of other senses
        (
            "Nested events involve a kind of Pivot Elements (PEs) that simultaneously act as "
            "arguments of outer-nest events and as triggers of inner-nest events, and thus "
            "connect them into nested structures.",
            "PE",
        ),
        # iclr2023:1590: a defined acronym with no type evidence
        (
            "Many existing tools rely on uniform convergence (UC), a property that, when it "
            "holds, guarantees that the test loss will be close to the training loss, uniformly "
            "over a class of candidate models.",
            "UC",
        ),
        # acl2025:412: a title-case phrase the corpus does not know, one weak cue
        (
            "In this paper, we address the evaluation of Hebrew NLI models by introducing "
            "LCHAIM, a dataset designed to evaluate these models on tasks involving long "
            "premises and complex reasoning.",
            "Hebrew NLI",
        ),
        # iccv2023:1421 and cvpr2025:1850: a view and a task, known as such (name_types.toml)
        (
            "However, we argue that there is a major domain gap between the LiDAR BEV features "
            "and the camera-based BEV features, as they have different characteristics and are "
            "derived from different sources.",
            "BEV",
        ),
        (
            "Through a self-supervised learning pipeline, ViLex generates tokens optimized for "
            "reconstructing input images using a frozen text-to-image (T2I) diffusion model, "
            "preserving the detailed information necessary for high-fidelity semantic-level "
            "reconstruction.",
            "T2I",
        ),
        # iccv2023, corl2025: classes of models, like LLM and VLM
        (
            "Large-scale pre-trained Vision & Language (VL) models have shown remarkable "
            "performance in many applications.",
            "VL",
        ),
        (
            "Vision-Language-Action (VLA) models, pre-trained on large-scale imitation learning "
            "datasets, have demonstrated remarkable capabilities in visuomotor control.",
            "VLA",
        ),
    ],
)
def test_concepts_tasks_and_views_are_not_used_methods(text, name):
    assert name not in _methods_used(text)


def test_a_name_the_corpus_writes_as_a_pre_modifier_is_a_task():
    # naacl2021: "GEC models" is a kind of model for a task (the corpus writes GEC before a noun
    # in 0.46 of its occurrences, BERT in 0.10); "Frank-Wolfe algorithms" names a method
    text = (
        "However, existing GEC models tend to produce spurious corrections or fail to detect "
        "lots of errors."
    )
    assert _names(text)["GEC"][0] == "task"
    assert "GEC" not in _methods_used(text)
    text = (
        "Conditional gradient algorithms (also often called Frank-Wolfe algorithms) are popular "
        "due to their simplicity of only requiring a linear optimization oracle."
    )
    assert "Frank-Wolfe" in _methods_used(text)


def test_a_proposed_acronym_takes_its_long_form_from_the_title():
    # icml2024 "APT: Adaptive Pruning and Tuning Pretrained Language Models for Efficient
    # Training and Inference": the abstract never spells APT out
    from extract.records import PaperText

    title = (
        "APT: Adaptive Pruning and Tuning Pretrained Language Models for Efficient Training and "
        "Inference"
    )
    text = (
        "To improve both training and inference efficiency, we introduce APT that adaptively "
        "*prunes* and *tunes* parameters for the LMs."
    )
    (row,) = [r for r in names.extract_rows(PaperText("p", text, title)) if r["name"] == "APT"]
    assert (row["role"], row["long_form"]) == ("proposed", "Adaptive Pruning and Tuning")
    # a title whose words do not spell the acronym gives none
    row = names.extract_rows(PaperText("p", text, "APT: Improving Specialist LLM Performance"))
    assert [r["long_form"] for r in row if r["name"] == "APT"] == [None]


@pytest.mark.parametrize(
    "text,name",
    [
        # coling2025 (FSL is few-shot learning in the priors) and acl2021 (SAR synthetic aperture
        # radar): an acronym defined here with a long form the corpus does not know is a new
        # sense, its priors and corpus votes do not hold
        (
            "To overcome the above challenges, we propose a Forgetting-Subdued Learning (FSL) "
            "model which solves the forgetting problem on old entity types from both intra-client "
            "and inter-client two aspects.",
            "FSL",
        ),
        (
            "In this paper, we propose a select-and-rerank (SAR) progressive framework based on "
            "Visual Entailment.",
            "SAR",
        ),
    ],
)
def test_an_acronym_with_a_new_long_form_is_a_new_sense(text, name):
    assert _names(text)[name] == ("method", "proposed")


# --- a name only the title gives ------------------------------------------------------------
# cvpr2024 and iclr2024 abstracts (first sentences): the abstract only says "we introduce an
# innovative watermarking method" / "we propose a benchmark system"; the title names it.
_WATERF = (
    "The advances in the Neural Radiance Fields (NeRF) research offer extensive applications in "
    "diverse domains but protecting their copyrights has not yet been researched in depth. In "
    "this work we introduce an innovative watermarking method that can be employed in both "
    "representations of NeRF."
)
_LOTA = (
    "Large language models (LLMs) have recently received considerable attention as alternative "
    "solutions for task planning. To address this, we propose a benchmark system for "
    "automatically quantifying performance of task planning for home-service embodied agents."
)


@pytest.mark.parametrize(
    "text,title,name,typ",
    [
        (
            _WATERF,
            "WateRF: Robust Watermarks in Radiance Fields for Protection of Copyrights",
            "WateRF",
            "method",
        ),
        (
            _LOTA,
            "LoTa-Bench: Benchmarking Language-oriented Task Planners for Embodied Agents",
            "LoTa-Bench",
            "dataset",
        ),
        # a possessive before the name, an acronym the title defines
        (
            _WATERF,
            "Arcee's MergeKit: A Toolkit for Merging Large Language Models",
            "MergeKit",
            "method",
        ),
        (
            _LOTA,
            "Surgical Robot Transformer (SRT): Imitation Learning for Surgical Tasks",
            "SRT",
            "method",
        ),
        # emnlp2023: a name written with LaTeX in the title
        (
            _LOTA,
            "Co$^2$PT: Mitigating Bias in Pre-trained Language Models through Counterfactual "
            "Contrastive Prompt Tuning",
            "Co2PT",
            "method",
        ),
    ],
)
def test_a_name_only_the_title_gives_is_proposed_without_offsets(text, title, name, typ):
    from extract.records import PaperText

    rows = [r for r in names.extract_rows(PaperText("p", text, title)) if r["start"] is None]
    assert [(r["name"], r["type"], r["role"], r["end"]) for r in rows] == [
        (name, typ, "proposed", None)
    ]
    proposed = [
        r for r in methods.rows_from_names("p", rows + names.extract_rows(PaperText("p", text)))
    ]
    assert proposed[-1]["name"] == name  # rows without offsets sort last


@pytest.mark.parametrize(
    "title",
    [
        "Fairwashing: the risk of rationalization",  # the abstract's word (below), not a name
        "Lazy Agents: A New Perspective on Solving Sparse Reward Problem",  # a phrase
        "BERT: Pre-training of Deep Bidirectional Transformers",  # a known name
        "WateRF: Robust Watermarks",  # the abstract proposes it by a longer spelling (below)
        "Position: Bayesian Deep Learning is Needed in the Age of Large-Scale AI",  # a genre
    ],
)
def test_titles_that_give_no_new_name(title):
    from extract.records import PaperText

    text = _WATERF.replace("an innovative watermarking method", "WateRF-Net, a watermarking method")
    text = text if title.startswith("WateRF") else _WATERF
    if title.startswith("Fairwashing"):  # ICML 2019: the abstract defines the word it studies
        text = ("While these techniques can be beneficial by providing interpretability, they can "
                "be used in a negative manner to perform fairwashing, which we define as promoting "
                "the false perception that a machine learning model respects some ethical values.")
    rows = names.extract_rows(PaperText("p", text, title))
    assert [r["name"] for r in rows if r["start"] is None] == []


def test_a_plain_word_the_abstract_never_writes_is_the_title_name():
    # CoRL 2025: "Fabrica" is a plain capitalised word, and the abstract never writes it
    from extract.records import PaperText

    title = ("Fabrica: Dual-Arm Assembly of General Multi-Part Objects via Integrated Planning "
             "and Learning")
    text = ("Multi-part assembly poses significant challenges for robotic systems to execute "
            "long-horizon, "
            "contact-rich manipulation with generalization across complex geometries. We present "
            "a dual-arm robotic system capable of end-to-end planning and control for autonomous "
            "assembly of general multi-part objects.")
    rows = [r for r in names.extract_rows(PaperText("fab", text, title)) if r["start"] is None]
    assert [(r["name"], r["role"]) for r in rows] == [("Fabrica", "proposed")]
    # the same word written in the abstract in lower case is the subject, not a name
    lower = text.replace("We present", "We study fabrica, and present")
    assert not [r for r in names.extract_rows(PaperText("fab", lower, title)) if r["start"] is None]


def test_a_title_name_the_abstract_uses_is_proposed():
    # emnlp2024: the abstract says "MergeKit is an open-source library"; the title starts with
    # "Arcee's MergeKit:"
    text = (
        "Advances in transfer learning have led to numerous task-specific models, which model "
        "merging can integrate into powerful multitask models without additional training. "
        "MergeKit is an open-source library designed to support this process with an efficient "
        "and extensible framework suitable for any hardware."
    )
    got = _names(text, "Arcee’s MergeKit: A Toolkit for Merging Large Language Models")
    assert got["MergeKit"][1] == "proposed"


# --- types from a name's shape and its appositive -------------------------------------------


@pytest.mark.parametrize(
    "text,name",
    [
        # iccv2023, iclr2024, iclr2018, icml2018: a coined name built on a known one (NeRF, GAN,
        # SGD)
        (
            "To address this issue, Mip-NeRF proposes a multiscale representation as a conical "
            "frustum to encode scale information.",
            "Mip-NeRF",
        ),
        (
            "Notably, LEAP performs on par with prior approaches that use ground-truth poses while "
            "running $400\\times$ faster than PixelNeRF.",
            "PixelNeRF",
        ),
        (
            "Specifically, whereas SeqGAN gains 0.42 improvement of NLL over MLE on synthetic "
            "data, our best model gains 3.02 improvement.",
            "SeqGAN",
        ),
        (
            "We show that Entropy-SGD (Chaudhari et al., 2017), when viewed as a learning "
            "algorithm, optimizes a PAC-Bayes bound on the risk of a Gibbs classifier.",
            "Entropy-SGD",
        ),
        # naacl2025: a version after a hyphen
        (
            "Even capable models like GPT-4 and Gemini-1.5 exhibit sensitivity to encoding, with "
            "deviations of about 60%.",
            "Gemini-1.5",
        ),
        # iclr2017: the appositive says what it is
        (
            "A prominent approach is to apply variants of Canonical Correlation Analysis (CCA), a "
            "classical method seeking correlated components between views.",
            "CCA",
        ),
        # corl2025: a capitalised phrase after "methods such as"
        (
            "Offline Imitation Learning (IL) methods such as Behavior Cloning are effective at "
            "acquiring complex robotic manipulation skills.",
            "Behavior Cloning",
        ),
    ],
)
def test_used_methods_typed_by_shape_appositive_or_list(text, name):
    assert name in _methods_used(text)


@pytest.mark.parametrize(
    "text,name",
    [
        # cvpr2023 and a sampled corpus sentence: the paper's own parts, not methods it uses
        (
            "To address this issue we propose an explicit Content Decoupling framework for IR "
            "dubbed CoDe to end-to-end model the restoration process.",
            "Content Decoupling",
        ),
        (
            "Through a modality-agnostic Patch Replacement scheme, these patches are preserved "
            "and combined to construct new samples.",
            "Patch Replacement",
        ),
    ],
)
def test_phrases_describing_the_papers_own_parts_are_not_used_methods(text, name):
    assert name not in _methods_used(text)


@pytest.mark.parametrize(
    "text,name,typ",
    [
        # acl2023: "an improved X" is an adjective, not "improved BLEU"; "X process" a model
        (
            "To better model the statistical dependencies between predicates and their arguments, "
            "we further conduct a hierarchical Pitman-Yor process. An improved Metropolis-Hastings "
            "merge-split sampler is proposed to speed up the mixing and convergence of Markov "
            "chains.",
            "Metropolis-Hastings",
            "method",
        ),
        (
            "To better model the statistical dependencies between predicates and their arguments, "
            "we further conduct a hierarchical Pitman-Yor process.",
            "Pitman-Yor",
            "method",
        ),
        # icml2024: group notation is not a method (the corpus counts E(3) with "model" cues)
        (
            "To be specific, GET consists of a bilevel attention module, a feed-forward module "
            "and a layer normalization module, where each module is E(3) equivariant and "
            "specialized for handling sets of variable sizes.",
            "E(3)",
            "other",
        ),
        # lreccoling2024: a copula says what the acronym is (the head "Coding" says method)
        (
            "Automated Medical Coding (AMC) is the task of automatically converting free-text "
            "medical documents into predefined codes according to a specific medical coding "
            "system.",
            "AMC",
            "task",
        ),
        # eacl2023: "Transformer-based" names the Transformer
        (
            "We demonstrate how the proposed dataset can be used to model the task of multimodal "
            "summarization by training a Transformer-based neural model.",
            "Transformer",
            "method",
        ),
        # emnlp2023: a model name with its size
        (
            "It surpasses conventional state-of-the-art (SOTA) instruction-tuned models like "
            "Vicuna-13B by 55.4% in challenging zero-shot reasoning benchmarks.",
            "Vicuna-13B",
            "method",
        ),
        # acl2025, iclr2023: long forms headed by "automation" or "problems" name tasks
        (
            "The integration of large language models (LLMs) into electronic design automation "
            "(EDA) has significantly advanced the field.",
            "EDA",
            "task",
        ),
        (
            "We propose an actor-critic framework for graph-based machine learning pipelines and "
            "apply it to repetitive combinatorial optimization problems (COPs) under hard "
            "constraints.",
            "COP",
            "task",
        ),
        # concepts named by their head noun, not methods
        (
            "Continual learning (CL) aims to learn from sequentially arriving tasks without "
            "catastrophic forgetting (CF).",
            "CF",
            "other",
        ),
        (
            "Unlearning matters in light of regulations such as the General Data Protection "
            "Regulation (GDPR).",
            "GDPR",
            "other",
        ),
        # cvpr2025: an acronym led by a dimension is a name, not a unit like 10GB
        (
            "Recent advances in scene modeling have made significant progress, with NeRF and 3DGS "
            "techniques emerging as powerful tools for reconstructing complex scenes.",
            "3DGS",
            "method",
        ),
    ],
)
def test_types_from_context_shape_and_priors(text, name, typ):
    assert _names(text)[name][0] == typ


# --- parts of the paper's own method; copulas; vocabulary types over long-form heads ------------


@pytest.mark.parametrize(
    "text,parts",
    [
        # iccv2023: "LGLA consists of ..." names the parts of the method the paper proposes
        (
            "To address these issues, we propose a novel Local and Global Logit Adjustments (LGLA) "
            "method that learns experts with full data covering all classes and enlarges the "
            "discrepancy among them by elaborated logit adjustments. LGLA consists of two core "
            "components: a Class-aware Logit Adjustment (CLA) strategy and an Adaptive Angular "
            "Weighted (AAW) loss.",
            ["CLA", "AAW"],
        ),
        # cvpr2024: "RMSIN incorporates ..."
        (
            "To address these challenges we introduce the Rotated Multi-Scale Interaction Network "
            "(RMSIN) an innovative approach designed for the unique demands of RRSIS. RMSIN "
            "incorporates an Intra-scale Interaction Module (IIM) to effectively address the "
            "fine-grained detail required at multiple scales and a Cross-scale Interaction Module "
            "(CIM) for integrating these details coherently across the network.",
            ["IIM", "CIM"],
        ),
        # cvpr2025: "a proposed X" is the paper's own
        (
            "To address these challenges, we introduce the Fully Sparse Hybrid Network (FSHNet). "
            "FSHNet incorporates a proposed SlotFormer block to enhance the long-range feature "
            "extraction capability of existing sparse encoders.",
            ["SlotFormer"],
        ),
    ],
)
def test_parts_of_the_papers_own_method_are_proposed(text, parts):
    got = _names(text)
    assert [got[p][1] for p in parts] == ["proposed"] * len(parts)


def test_a_comparison_after_has_is_not_a_part():
    # iclr2023: "DiffMimic has a better ... than existing methods (e.g., DeepMimic)"
    text = (
        "In this work, we leverage differentiable physics simulators (DPS) and propose an "
        "efficient motion mimicking method dubbed DiffMimic. Extensive experiments on standard "
        "benchmarks show that DiffMimic has a better sample "
        "efficiency and time efficiency than existing methods (e.g., DeepMimic)."
    )
    assert _names(text)["DeepMimic"][1] == "mentioned"


def test_a_vocabulary_name_only_in_lower_case_is_not_a_used_method():
    # icml2024: a generic term written in lower case (the labelling convention of the dev sets)
    text = (
        "In this paper, we introduce Sparse MetA-Tuning (SMAT), a method inspired by sparse "
        "mixture-of-experts approaches and trained to isolate subsets of pre-trained parameters "
        "automatically for meta-tuning on each task."
    )
    assert "MoE" not in _methods_used(text)


def test_a_vocabulary_type_outweighs_the_head_of_a_known_long_form():
    # iccv2023: the vocabulary types DA a task; the head "Adaptation" of its long form does not
    # make it a used method
    text = (
        "Conventional Domain Adaptation (DA) methods aim to learn domain-invariant feature "
        "representations to improve the target adaptation performance."
    )
    assert "DA" not in _methods_used(text)


@pytest.mark.parametrize(
    "text",
    [
        # iccv2023, cvpr2024: a plain vocabulary word inside a longer capitalised name
        "To delve into this problem, we propose a novel alignment-free network with a Semantics "
        "Consistent Transformer (SCTNet) with both spatial and channel attention modules in the "
        "network.",
        "In this paper, we propose a Topic-Driven Knowledge-Aware Transformer to handle the "
        "challenges above.",
    ],
)
def test_a_vocabulary_word_inside_a_longer_name_is_not_mentioned(text):
    assert "Transformer" not in _methods_used(text)


def test_a_vocabulary_word_on_its_own_is_mentioned():
    # cvpr2023: the Transformer itself, before a head noun
    text = (
        "Multimodal models are becoming increasingly effective, in part due to unified "
        "components, such as the Transformer architecture."
    )
    assert "Transformer" in _methods_used(text)


def test_a_full_stop_without_its_space_does_not_glue_a_word_to_a_name():
    # a corpus abstract (acl2025): "... behavior.BehaviorChain consists of ..."
    text = (
        "To address this gap, we introduce BehaviorChain, the first benchmark for evaluating "
        "LLMs’ ability to simulate continuous human behavior.BehaviorChain comprises diverse, "
        "high-quality, persona-based behavior chains, totaling 15,846 distinct behaviors."
    )
    assert {n.name for n in names.recognise(text)} == {"BehaviorChain"}


@pytest.mark.parametrize(
    "text,name",
    [
        # cvpr2024: a version after a multiword vocabulary name is part of the name
        (
            "This innovative strategy in turn enables a speedup factor of 2.3xfor Stable Diffusion "
            "v1.5 with only a 0.05 decline in CLIP Score and 4.1xfor LDM-4-G with a slight "
            "decrease of 0.22 in FID on ImageNet.",
            "Stable Diffusion v1.5",
        ),
        # cvpr2025: a class of models written as an acronym, like CNN and RNN
        (
            "Deep Neural Networks (DNNs) have achieved remarkable success in a variety of tasks, "
            "particularly in terms of prediction accuracy.",
            "DNN",
        ),
    ],
)
def test_versions_and_model_classes_are_used_methods(text, name):
    assert name in _methods_used(text)
    assert not any(n.startswith(("2.3x", "4.1x")) for n in _names(text))  # "2.3xfor": glued


@pytest.mark.parametrize(
    "text,name,typ",
    [
        # icml2024, corl2024, cvpr2024, acl2023: the head of a long form says what it is
        (
            "The risk measures we study include variance, Value-at-Risk (VaR), and Conditional "
            "Value-at-Risk (CVaR).",
            "CVaR",
            "metric",
        ),
        (
            "Ensuring the safety of autonomous vehicles (AVs) requires both accurate estimation of "
            "their performance and efficient discovery of potential failure cases.",
            "AV",
            "other",
        ),
        (
            "In the domain of compressive sensing (CS) deep unfolding networks (DUNs) have "
            "garnered attention for their good performance and certain degree of "
            "interpretability rooted in CS domain achieved by marrying traditional optimization "
            "solvers with deep networks.",
            "CS",
            "task",
        ),
        # the head is a name the vocabulary types (NMT, a task)
        (
            "Lexically-constrained NMT (LNMT) aims to incorporate user-provided terminology into "
            "translations.",
            "LNMT",
            "task",
        ),
    ],
)
def test_long_form_heads_type_acronyms(text, name, typ):
    assert _names(text)[name][0] == typ


@pytest.mark.parametrize(
    "text,name",
    [
        # cvpr2024, acl2025: a compound modifier ends a capitalised run; its name is used
        (
            "First We leverage the Fisher-Rao norm a geometrically invariant metric for model "
            "complexity to establish the non-trivial bounds of the Cross-Entropy Loss-based "
            "Rademacher complexity for a ReLU-activated Multi-Layer Perceptron.",
            "ReLU",
        ),
        (
            "Recent controversies, such as the Google Gemini-generated Pope image backlash, "
            "highlight the urgent need for robust alignment mechanisms.",
            "Gemini",
        ),
        # cvpr2024: coined names side by side are two names
        (
            "Our approach significantly outperforms various previous methods (e.g. Video-ChatGPT "
            "MovieChat) on four challenging open-ended video question answering benchmarks.",
            "Video-ChatGPT",
        ),
        # cvpr2024: a version after a hyphen
        (
            "FID estimates the distance between a distribution of Inception-v3 features of real "
            "images and those of images generated by the algorithm.",
            "Inception-v3",
        ),
        # icml2024: a decoding method whose long form ends in "Risk"
        (
            "Minimum Bayes Risk (MBR) decoding has been shown to be a powerful alternative to "
            "beam search decoding in a variety of text generation tasks.",
            "MBR",
        ),
    ],
)
def test_names_inside_capitalised_runs_and_versions(text, name):
    assert name in _methods_used(text)


@pytest.mark.parametrize(
    "text, name",
    [
        # a vocabulary alias written as one token and the canonical spelling: one row, not two
        (
            "Batch Normalization (BatchNorm) is a widely adopted technique that enables faster "
            "and more stable training of deep neural networks (DNNs). Despite its pervasiveness, "
            "the exact reasons for BatchNorm's effectiveness are still poorly understood.",
            "batch normalization",
        ),
        (
            "In this work, we have examined HORNNs for the language modeling task using two "
            "popular data sets, namely the Penn Treebank (PTB) and English text8.",
            "Penn Treebank",
        ),
    ],
)
def test_one_row_per_name_and_role(text, name):
    rows = names.extract_rows(PaperText("p", text))
    assert [(r["name"], r["role"]) for r in rows].count((name, "mentioned")) == 1


def test_spellings_of_dall_e_fold_to_one_key():
    from extract.names.candidates import fold

    assert fold("DALL·E 2") == fold("DALL-E 2") == fold("DALL•E 2") == fold("DALL-E2")


def test_acronym_defined_for_short():
    # acl2023: "(MLSM for short)" defines an acronym like "(MLSM)"
    text = (
        "We coin the proposed pre-training technique masked latent semantic modeling (MLSM for "
        "short). Our experimental results reveal that the models we pre-trained via MLSM are "
        "consistently better."
    )
    rows = {r["name"]: r for r in names.extract_rows(PaperText("p", text))}
    assert rows["MLSM"]["long_form"] == "masked latent semantic modeling"
    assert rows["MLSM"]["role"] == "proposed"


@pytest.mark.parametrize(
    "text, language",
    [
        # a language ending in -ian is a name (not an eponym adjective like Gaussian)
        ("We evaluate our model on English and German data, and on Italian.", "Italian"),
        # "Russian corpora" are corpora in Russian: not a data set named Russian
        ("Results on Russian and Persian corpora improve by 3 points.", "Russian"),
        ("We collect Indonesian and Italian datasets for named entity recognition.", "Italian"),
    ],
)
def test_languages_are_other_and_never_benchmarks(text, language):
    from extract.stages import benchmarks

    rows = names.extract_rows(PaperText("p", text))
    assert {r["name"]: r["type"] for r in rows}[language] == "other"
    assert language not in [r["name"] for r in benchmarks.rows_from_names("p", rows)]


@pytest.mark.parametrize(
    "text, kb",
    [
        # knowledge bases are data a method draws on, not methods it mentions (a capitalised
        # coined word alone was typed method before)
        ("We enrich the encoder with commonsense knowledge from ConceptNet and WordNet.",
         "ConceptNet"),
        ("Our agent retrieves triples from Wikidata and answers questions over them.", "Wikidata"),
        ("We propose MedLink, which links clinical mentions to UMLS concepts.", "UMLS"),
    ],
)
def test_knowledge_bases_are_data_sets_not_mentioned_methods(text, kb):
    rows = names.extract_rows(PaperText("p", text))
    assert {r["name"]: r["type"] for r in rows}[kb] == "dataset"
    assert kb not in [r["name"] for r in methods.rows_from_names("p", rows)]


@pytest.mark.parametrize(
    "text, expected",
    [
        # a known two-word data set is one name, and "MS" of "MS COCO" is not a second one
        ("Experiments on PASCAL VOC and MS COCO show consistent gains.", ["PASCAL VOC", "COCO"]),
        ("We evaluate on Tanks and Temples and DTU.", ["Tanks and Temples", "DTU"]),
    ],
)
def test_multiword_data_sets_are_one_name(text, expected):
    from extract.stages import benchmarks

    rows = names.extract_rows(PaperText("p", text))
    assert [r["name"] for r in benchmarks.rows_from_names("p", rows)] == expected


def test_a_year_or_version_after_a_known_data_set_is_part_of_its_name():
    from extract.stages import benchmarks

    text = (
        "We evaluate on the Atari 2600 games and on DAVIS-2017, and train on COCO 5 times faster."
    )
    rows = names.extract_rows(PaperText("p", text))
    got = [r["name"] for r in benchmarks.rows_from_names("p", rows)]
    assert "Atari 2600" in got and "DAVIS-2017" in got
    assert "COCO" in got  # "COCO 5 times" is a count, not a version


@pytest.mark.parametrize(
    "text, used",
    [
        # icml2024, iclr2023, cvpr2023: a list after a class of methods, or an apposition to one
        (
            "However, existing stochastic multi-objective gradient methods and its variants (e.g., "
            "MGDA, PCGrad, CAGrad, etc.) all adopt a biased noisy gradient direction.",
            ["MGDA", "PCGrad", "CAGrad"],
        ),
        (
            "Our experiments show that we outperform the current SOTA method DualPrompt on "
            "established benchmarks by as much as 4.5% in average final accuracy.",
            ["DualPrompt"],
        ),
        (
            "Building upon the previous variance-reduced algorithm SpiderBoost, we propose a novel "
            "framework that employs two types of gradient oracles.",
            ["SpiderBoost"],
        ),
    ],
)
def test_names_listed_after_or_beside_a_class_of_methods_are_used_methods(text, used):
    assert [n for n in used if n in _methods_used(text)] == used


def test_an_acronym_defined_by_a_vocabulary_name_is_that_name():
    # iclr2017: "Gumbel-Softmax (GS)" ... "GS": one row, the vocabulary's name, both spellings
    text = (
        "We leverage the recently proposed Gumbel-Softmax (GS) approximation to the discrete "
        "distribution. With GS, the generator is trained end to end."
    )
    rows = names.extract_rows(PaperText("p", text))
    assert [(r["name"], r["surface"]) for r in rows] == [("Gumbel-softmax", "Gumbel-Softmax | GS")]


# --- rules as data: extract/data/name_rules_*.toml ----------------------------------------------


def _rule_ids_in_code() -> set[str]:
    """String constants of extract/names/*.py shaped like a rule id ("roles.cue.own")."""
    import ast
    import re
    from pathlib import Path

    from extract.names import rules

    prefixes = "|".join(
        re.escape(f.removeprefix("name_rules_").removesuffix(".toml")) for f in rules.RULE_FILES
    )
    shape = re.compile(rf"(?:{prefixes}|recogniser|titles)\.[a-z_]+(?:\.[a-z_]+)*")
    out = set()
    for path in Path(names.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if shape.fullmatch(node.value):
                    out.add(node.value)
    return out


def test_every_rule_id_is_declared_once_and_used_by_the_code():
    from extract.names import rules

    declared = rules.all_ids()  # raises on an id in two files
    lists = {i for f in rules.RULE_FILES for i in rules.rule_lists(f).lists}
    in_code = _rule_ids_in_code()
    # every word list is read when the recogniser is imported, every rule is noted somewhere
    assert lists <= rules.used_ids()
    assert set(declared) - lists <= in_code
    # and the code names no rule the data files do not declare
    assert in_code <= set(declared)


def test_rule_lists_are_regex_alternatives_in_order():
    import re

    from extract.names import roles, rules

    for f in rules.RULE_FILES:
        rl = rules.rule_lists(f)
        for rule_id, alts in rl.lists.items():
            if "pairs" in rl.entries[rule_id]:
                continue  # word pairs (types.head_pairs)
            assert alts and len(set(alts)) == len(alts), rule_id
            for a in alts:
                re.compile(a)  # each entry is a regular expression on its own
            if "words" in rl.entries[rule_id]:
                assert all(re.fullmatch(r"[\w-]+", w) for w in alts), rule_id  # plain words
    # the pattern is the alternation of the list, in the order written
    words = rules.rule_lists("name_rules_roles.toml").words("roles.not_new")
    assert words[:3] == ("recently proposed", "existing", "previous")
    assert "|".join(words) in roles._NOT_NEW.pattern
    assert roles._NOT_NEW.search("a well-known model") and not roles._NOT_NEW.search("our model")


@pytest.mark.parametrize(
    "text, title, fired",
    [
        # acl2022:581 (naming after "that we call"): the introduction cue finds it first
        (
            "We propose a simple, effective, and easy-to-implement decoding algorithm that we "
            "call MaskRepeat-Predict (MR-P).",
            None,
            [("proposals.cue.verbs", "MR-P")],
        ),
        # acl2021:380: "our model X" and "QA datasets"
        (
            "On five popular open-domain QA datasets, our model DensePhrases improves over "
            "previous phrase retrieval models by 15%-25% absolute accuracy and matches the "
            "performance of state-of-the-art retriever-reader models.",
            None,
            [("types.after.dataset", "QA"), ("roles.cue.own", "DensePhrases")],
        ),
        # icml2023:908: "(ESTM) we developed"
        (
            "IDI and CDI employ counterfactual reasoning based on the external states transition "
            "model (ESTM) we developed.",
            None,
            [("roles.cue.we_after", "ESTM")],
        ),
    ],
)
def test_fired_rules_name_the_rule_and_the_name(text, title, fired):
    paper = PaperText("p", text, title)
    before = names.extract_rows(paper)
    got = names.fired_rules(paper)
    assert all(f in got for f in fired), got
    assert names.extract_rows(paper) == before  # tracing changes no row
    names.recognise.cache_clear()
    assert names.extract_rows(paper) == before


@pytest.mark.parametrize(
    "text",
    [
        # corpus sentences (recent/ and paperlists/): F1 is shaped like "x2" or "7B"
        "Our experiments show that IndicNER achieves an F1 score of more than 80 for 7 out of 9 "
        "test languages.",
        "Experiments show improvements ranging from +3.5% to +10.5% in terms of F1 and Micro-F1 "
        "scores.",
        "Compared with pre-trained counterparts (about 1% improvement in F1-score) and other "
        "existing approaches, it is data-efficient.",
    ],
)
def test_a_metric_the_type_list_knows_is_a_name_though_shaped_like_a_unit(text):
    got = _names(text)
    assert got["F1"] == ("metric", "mentioned")
    # the shape still keeps sizes and factors out: no name for "7", "9", "3.5%" or "1%"
    assert all(not n[0].isdigit() for n in got)


def test_unit_shaped_tokens_no_type_list_knows_stay_out():
    text = "A 7B model with x2 upsampling runs at 5Hz on the A100 and reaches 40.1 on T1."
    got = _names(text)
    assert not {"7B", "x2", "5Hz", "T1"} & set(got)


def test_a_name_the_abstract_links_as_its_code_repository_is_proposed():
    # dev3 (recent/ 2025): "ConvAug" is only written after the paper's own framework and in its
    # code link; without the link it read as mentioned
    text = (
        "In this work, we propose a framework for generalizing Conversational dense retrieval "
        "via LLM-cognition data Augmentation (ConvAug). Extensive experiments conducted on four "
        "public datasets demonstrate the effectiveness, generalizability, and applicability of "
        "ConvAug. The code is released at https://github.com/haon-chen/ConvAug."
    )
    assert _names(text)["ConvAug"] == ("method", "proposed")
    # a path inside another's repository is not the paper's own: BMTrain stays used
    text = (
        "We implement H3T based on an open-source toolkit BMTrain and then use H3T to train the "
        "Transformer. The code is available at https://github.com/OpenBMB/BMTrain/tree/h3t."
    )
    assert _names(text)["BMTrain"][1] == "mentioned"


def test_repository_keys_read_the_repository_part_of_code_links():
    from extract.names.roles import repository_keys

    text = (
        "Code: https://github.com/haon-chen/ConvAug. Models at huggingface.co/datasets/org/"
        "MyData-v2 and github.com/a/SCTNet.git; a branch: github.com/OpenBMB/BMTrain/tree/h3t; "
        "not a host: https://example.org/u/Other."
    )
    assert repository_keys(text) == {"convaug", "mydatav2", "sctnet"}


def test_a_title_name_the_abstract_only_links_is_the_papers_own():
    # iclr2023 "Scaleformer: Iterative Multi-scale Refining Transformers for Time Series
    # Forecasting": the abstract writes the name only in its code link, in lower case
    title = ("Scaleformer: Iterative Multi-scale Refining Transformers for Time Series "
             "Forecasting")
    text = (
        "We propose a general multi-scale framework that can be applied to state-of-the-art "
        "transformer-based time series forecasting models. Our code is publicly available in "
        "https://github.com/BorealisAI/scaleformer."
    )
    assert _names(text, title)["Scaleformer"] == ("method", "proposed")
    # written in the abstract, in lower case, the word is not a name of the paper's own
    text = "We study scaleformer layers in general. Code: https://github.com/x/y."
    assert "Scaleformer" not in _names(text, title)


def test_a_possessive_with_a_curly_apostrophe_reads_as_one_with_a_straight_one():
    # icml2017:90: "Montezuma’s Revenge" is a game, not a name "Revenge"
    text = (
        "This pseudo-count was used to generate an exploration bonus for a DQN agent and "
        "combined with a mixed Monte Carlo update was sufficient to achieve state of the art "
        "on the Atari 2600 game Montezuma’s Revenge."
    )
    got = _names(text)
    assert "Revenge" not in got
    assert "Montezuma's Revenge" in got
    assert got == _names(text.replace("’", "'"))


@pytest.mark.parametrize(
    "text, name, not_name",
    [
        # acl2023:1882 (an organisation's model)
        ("For pretrained language models such as Google’s BERT, recent research designs several "
         "input-adaptive inference mechanisms.", "BERT", "Google's BERT"),
        # corl2024:53 (a straight apostrophe)
        ("We train and test our policy, ASA, and state-of-the-art policies utilizing NVIDIA's "
         "Isaac Gym.", "Isaac Gym", "NVIDIA's Isaac Gym"),
        # acl2024:763 (a score after the possessive is not a version)
        ("Our findings indicate that with DPO, we can surpass the instruction-following "
         "capabilities of the language model, achieving a 6.73 score on MT-Bench, compared to "
         "Vicuna’s 6.57 and LLaVA’s 5.99.", "Vicuna", "Vicuna's 6.57"),
    ],
)
def test_an_owner_s_possessive_is_not_part_of_the_name(text, name, not_name):
    got = _names(text)
    assert name in got
    assert not_name not in got


def test_a_version_after_a_multiword_name_belongs_to_it():
    # nips2017:155
    text = (
        "We introduce Deep Voice 2, which is based on a similar pipeline with Deep Voice 1, but "
        "constructed with higher performance building blocks and demonstrates a significant "
        "audio quality improvement over Deep Voice 1."
    )
    got = _names(text)
    assert got["Deep Voice 2"][1] == "proposed"
    assert "Deep Voice 1" in got and "Deep Voice" not in got
    # a factor is not a version (iclr2018:298)
    rows = {r["name"] for r in names.extract_rows(PaperText(
        "p", "On all tasks we match Hyperband. We also outperform Random Search $8\\times$."))}
    assert "Random Search" in rows and "Random Search 8" not in rows


@pytest.mark.parametrize(
    "abstract, not_names, name",
    [
        # iclr2023:2423: a fraction in a proposal sentence's bound
        ("In the theoretical perspective, we present the improved convergence rates $\\small "
         "\\mathcal{O}\\big(\\frac{1}{T}+\\frac{1}{T^2(1-\\lambda)^2}\\big)$ in the stochastic "
         "non-convex setting for DFedSAM.", ("frac1T", "frac1T+"), "DFedSAM"),
        # naacl2025:388: an arrow between languages
        ("This paper introduces two parallel datasets of sentences containing idiomatic "
         "expressions for Persian$\\rightarrow$English and English$\\rightarrow$Persian "
         "translations.", ("rightarrowEnglish", "rightarrowPersian"), None),
        # nips2017:647: a slanted name keeps its argument
        ("In this paper, we introduce a robust algorithm, \\textsl{TranSync}, for the 1D "
         "translation synchronization problem.", ("textslTranSync",), "TranSync"),
    ],
)
def test_latex_commands_are_not_names(abstract, not_names, name):
    rows = {r["name"] for r in names.extract_rows(PaperText("p", abstract))}
    assert not rows & set(not_names)
    if name:
        assert name in rows


def test_an_abbreviation_of_initials_is_not_a_mentioned_name():
    # naacl2024:476 ("U.S" was a mentioned method of 45 papers of the corpus)
    text = (
        "We collect over 100,000 laws for 52 U.S. states and territories using 20 scrapers we "
        "built, and apply our trained models to 6,000 laws using U.S. Census population numbers."
    )
    assert not {n for n in _names(text) if n.startswith("U.S")}
    # naacl2025:1144: a paper's own name spelled with stops is still proposed
    text = ("Furthermore, we introduce a novel approach, C.L.E.A.R to strengthen LLM capabilities "
            "in this domain.")
    assert _names(text)["C.L.E.A.R"] == ("method", "proposed")


def test_a_common_word_whose_capitals_spell_an_acronym_is_not_a_name():
    # iclr2017:185 and eacl2024:226: "MAchine", "COmprehension", "EXtraction" were method names
    # (144 such rows in the corpus, e.g. "MOdel", "DAta", "REtrieval")
    text = ("This paper presents our recent work on the design and development of a new, large "
            "scale dataset, which we name MS MARCO, for MAchine Reading COmprehension.")
    found = _names(text, "MS MARCO: A Human-Generated MAchine Reading COmprehension Dataset")
    assert not {"MAchine", "COmprehension"} & set(found)
    assert "MS MARCO" in found
    text = ("pyTLEX is an implementation of the TimeLine EXtraction algorithm (TLEX; Finlayson "
            "et al.,2021) that enables users to work with TimeML annotations.")
    found = _names(text, "pyTLEX: A Python Library for TimeLine EXtraction")
    assert "EXtraction" not in found and "TimeML" in found
    # a coined word of the same shape whose lower case is no common word stays a name
    # (the corpus abstracts of "Admeta" and "BERTTune")
    text = ("SGD and Adam are two classical and effective optimizers on which researchers have "
            "proposed many variants, such as SGDM and RAdam.")
    assert "RAdam" in _names(text)
    text = ("To amend this form of overfitting, in this paper we propose fine-tuning the models "
            "with a novel training objective based on the recently-proposed BERTScore evaluation "
            "metric.")
    assert "BERTScore" in _names(text)
    # eacl2024:150: the title's own name of that shape is the paper's
    text = ("The output structure of database-like tables can cover a wide range of NLP tasks. "
            "Following this constatation, we propose a framework for text-to-table neural models.")
    assert _names(text, "STable: Table Generation Framework for Encoder-Decoder Models")[
        "STable"] == ("method", "proposed")


def test_a_noun_after_that_is_not_the_noun_of_a_copula():
    # cvpr2024 "Hash3D": "Hash3D is the observation that images ..." made the method a dataset
    text = (
        "In this paper, we introduce Hash3D, a universal acceleration for 3D score distillation "
        "sampling (SDS) without model training. Central to Hash3D is the observation that images "
        "rendered from similar camera positions and diffusion time-steps often have redundant "
        "feature maps."
    )
    assert _names(text, "Hash3D: Training-free Acceleration for 3D Generation")["Hash3D"] == (
        "method", "proposed")


def test_a_letter_and_a_count_is_the_acronym_of_words_repeating_that_letter():
    # neurips2023 "S4WM": S4 was lost and its long form was the name; emnlp2023: T5
    text = (
        "In particular, we investigate the effectiveness of Transformers and Structured State "
        "Space Sequence (S4) models, motivated by their remarkable ability to capture long-range "
        "dependencies."
    )
    (s4,) = [n for n in names.recognise(text) if n.name == "S4"]
    assert (s4.type, s4.role, s4.long_form) == ("method", "mentioned",
                                                "Structured State Space Sequence")
    text = ("We utilize the Text-to-Text Transfer Transformer (T5) model as the backbone for our "
            "experiments.")
    assert _names(text)["T5"] == ("method", "mentioned")
    # a long form that does not repeat the letter often enough is not read as one
    assert candidates.long_form_for("S2", "we split the data into some sequences") is None
