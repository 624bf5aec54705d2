"""extract.names.roles: proposal cues around a name, on real sentences of corpus abstracts.

Each text is quoted from the ``../shared/corpora`` abstract named in its comment
(venue file: record). The positive cases were found by ``benchmarks/proposed_audit.py flips``
and read; the negative ones are near misses of the same cues.
"""

from __future__ import annotations

import pytest

from extract import names
from extract.names import roles as R


def _roles(text: str, title: str | None = None) -> dict[str, str]:
    return {n.name: n.role for n in names.recognise(text, title)}


def _types(text: str) -> dict[str, str]:
    return {n.name: n.type for n in names.recognise(text)}


@pytest.mark.parametrize(
    "text, expected",
    [
        # recent/icml2023:908 (named parts after a count, "i.e.")
        (
            "Based on definitions, we provide two intrinsic rewards to motivate agents, i.e., "
            "individual diligence intrinsic motivation (IDI) and collaborative diligence "
            "intrinsic motivation (CDI). IDI and CDI employ counterfactual reasoning.",
            ("IDI", "CDI"),
        ),
        # recent/iclr2024:878 ("consists of three components:")
        (
            "Our PDF mainly consists of three components: multi-periodic decoupling block (MDB), "
            "dual variations modeling block (DVMB), and variations aggregation block (VAB).",
            ("MDB", "DVMB", "VAB"),
        ),
        # recent/acl2023:792 ("consists of two modules:", names without a long form)
        (
            "Our framework consists of two modules: PairRanker and GenFuser, addressing the "
            "observation that optimal LLMs for different examples can significantly vary.",
            ("PairRanker", "GenFuser"),
        ),
        # recent/acl2025:1238 ("which includes components like the ...", a long list)
        (
            "In response, we propose the Financial Bias Indicators (FBI) framework, which "
            "includes components like the Bias Unveiler, Bias Detective, Bias Tracker, and Bias "
            "Antidote, designed to identify, detect, analyze, and mitigate financial biases.",
            ("Bias Unveiler", "Bias Antidote"),
        ),
        # paperlists/naacl2022:301 ("we release the <Phrase> dataset")
        (
            "Toward building and evaluating language models for Hanja, we release the Hanja "
            "Understanding Evaluation dataset consisting of chronological attribution, topic "
            "classification, named entity recognition, and summary retrieval tasks.",
            ("Hanja Understanding Evaluation",),
        ),
        # recent/iccv2023:1532 ("we propose the <Phrase> method")
        (
            "Moreover, we propose the Class Center Contrast method to jointly utilize the labeled "
            "and unlabeled data.",
            ("Class Center Contrast",),
        ),
        # paperlists/iclr2017:48 ("which we refer to as X")
        (
            "To obtain repeated rapid convergence, we leverage recent work on cyclic learning rate "
            "schedules. The resulting technique, which we refer to as Snapshot Ensembling, is "
            "simple, yet surprisingly effective.",
            ("Snapshot Ensembling",),
        ),
        # recent/iclr2023:1141 ("our proposed variants, A and B")
        (
            "To show the usefulness of TTLM, we perform a principled experimental evaluation on "
            "language modeling tasks, showing that our proposed variants, TTLM-large and "
            "TTLM-Tiny, can be more effective than Vanilla RNN while TTLM-Tiny has the half of "
            "the model size.",
            ("TTLM-Tiny",),
        ),
        # paperlists/icml2018:432 ("a new algorithm, X,")
        (
            "Next, we give a new algorithm, UCB-GT, that exploits historical data and "
            "time-varying feedback graphs.",
            ("UCB-GT",),
        ),
        # paperlists/acl2021:692 ("a newly created evaluation dataset, X," in a sentence of ours)
        (
            "We experiment with a newly created evaluation dataset, Politi-Prov, based on "
            "fact-checking articles from www.politifact.com; our experimental results show that "
            "our solution leads to a significant improvement over baselines.",
            ("Politi-Prov",),
        ),
        # recent/naacl2025:291 ("we introduce the <Title-Case Name>," the head noun inside it)
        (
            "To overcome these limitations, we introduce the BiGGen Bench, a principled "
            "generation benchmark designed to thoroughly evaluate nine distinct capabilities of "
            "LMs across 77 diverse tasks.",
            ("BiGGen Bench",),
        ),
        # recent/emnlp2024:718 ("we propose the <Capitalised-Compound>,")
        (
            "To address the dropped tokens and padding, we propose the Rectify-Router, comprising "
            "the Intra-GPU Rectification and the Fill-in Rectification.",
            ("Rectify-Router",),
        ),
        # recent/cvpr2024:2302 (the cue's sentence runs on past "i.e.": the one splitter's
        # sentence, not the text after the last ". ")
        (
            "Furthermore we introduce two new benchmark datasets i.e. UnrealEgo2 and UnrealEgo-RW "
            "(RealWorld). UnrealEgo2 is a large-scale in-the-wild dataset captured in synthetic 3D "
            "scenes. UnrealEgo-RW is a real-world dataset captured with our newly developed device.",
            ("UnrealEgo2", "UnrealEgo-RW"),
        ),
    ],
)
def test_proposed(text: str, expected: tuple[str, ...]) -> None:
    got = _roles(text)
    for name in expected:
        assert got.get(name) == "proposed", (name, got)


@pytest.mark.parametrize(
    "text, name",
    [
        # recent/cvpr2024:1378 (a list item "based on X" is not a part of ours)
        (
            "To train and evaluate our model we have constructed two text-annotated listening "
            "head datasets based on ViCo and RealTalk which provide text-video paired labels.",
            "RealTalk",
        ),
        # recent/iclr2024:539 ("a novel FCD method" is a method of the class FCD, used before)
        (
            "This discrepancy has motivated the development of federated causal discovery (FCD) "
            "approaches. However, existing FCD methods may be limited by their potentially "
            "restrictive assumptions. In this paper, we propose a novel FCD method attempting to "
            "accommodate arbitrary causal models and heterogeneous data.",
            "FCD",
        ),
        # recent/cvpr2023:1744 (a count list of data sets the paper runs on, not builds)
        (
            "To validate our approaches, we conduct extensive experiments on four REC benchmarks, "
            "i.e., RefCOCO, RefCOCO+, RefCOCOg and ReferItGame.",
            "ReferItGame",
        ),
        # recent/neurips2023:2796 ("formulate" is not a cue: an existing model)
        (
            "Additionally, we formulate a Markov Random Field to simulate a more natural and "
            "realistic garment deformation.",
            "Markov Random Field",
        ),
    ],
)
def test_not_proposed(text: str, name: str) -> None:
    assert _roles(text).get(name) != "proposed"


def test_part_list_needs_our_sentence() -> None:
    # recent/iclr2024:878, the subject replaced by a prior method's: the cue needs "our"/"we"/"it"
    text = (
        "Our PDF mainly consists of three components: multi-periodic decoupling block (MDB), "
        "dual variations modeling block (DVMB), and variations aggregation block (VAB)."
    )
    i = text.index("dual variations")
    j = i + len("dual variations modeling block")
    assert R.proposal_cue(text, i, j) > 0
    other = text.replace("Our PDF mainly", "Prior work")
    i = other.index("dual variations")
    assert R.proposal_cue(other, i, i + len("dual variations modeling block")) == 0


def test_article_name_needs_a_phrase_new_here() -> None:
    # paperlists/acl2022:206: "we propose a Cross-Modal Code Matching objective"
    text = (
        "Beyond the shared embedding space, we propose a Cross-Modal Code Matching objective "
        "that forces the representations from different views (modalities) to have a similar "
        "distribution over the discrete embedding space."
    )
    i = text.index("Cross-Modal")
    j = i + len("Cross-Modal Code Matching")
    assert R.proposal_cue(text, i, j) > 0
    earlier = "Cross-Modal Code Matching was studied before. " + text
    k = earlier.index("Cross-Modal", 10)
    assert R.proposal_cue(earlier, k, k + len("Cross-Modal Code Matching")) == 0


@pytest.mark.parametrize(
    "text,name",
    [
        # acl2024, iclr2024: what the paper's own method is based on is not its contribution
        (
            "This paper introduces an integrated detection-correction structure, named DeCoGLM, "
            "based on the General Language Model (GLM).",
            "GLM",
        ),
        (
            "To overcome the limitations of DT, we propose a novel action sequence predictor, "
            "named Decision ConvFormer (DC), based on the architecture of MetaFormer, which is a "
            "general structure to process multiple entities in parallel.",
            "MetaFormer",
        ),
    ],
)
def test_what_a_proposal_is_based_on_is_used(text, name):
    assert _roles(text)[name] == "mentioned"


@pytest.mark.parametrize(
    "text,title,name",
    [
        # icml2024: an explicit name in lower case
        (
            "We propose a white-box PGD-like attack method named sparse-PGD to effectively and "
            "efficiently generate such perturbations.",
            None,
            "sparse-PGD",
        ),
        # emnlp2024: "the self-constructed benchmark X" is the paper's own
        (
            "We conduct experiments on the self-constructed benchmark Challenge-WMT, consisting "
            "of samples that are prone to mistranslation.",
            None,
            "Challenge-WMT",
        ),
        # cvpr2024: the stops of "i.e." do not end the sentence of the cue
        (
            "Furthermore we introduce two new benchmark datasets i.e. UnrealEgo2 and "
            "UnrealEgo-RW (RealWorld).",
            None,
            "UnrealEgo2",
        ),
        # acl2024: a plain word the title names and the abstract introduces
        (
            "We introduce Selene in this paper, which is the first project-level automated proof "
            "benchmark constructed based on the real-world industrial-level operating system "
            "microkernel, seL4.",
            "Selene: Pioneering Automated Proof in Software Verification",
            "Selene",
        ),
        # iclr2024: a long description before the appositive name
        (
            "We propose a novel functional relative position encoding with progressive "
            "interpolation, FIRE, to improve Transformer generalization to longer contexts.",
            None,
            "FIRE",
        ),
        # cvpr2024: a size variant of the paper's own model
        (
            "To this end we introduce ViTamin a new vision models tailored for VLMs. ViTamin-L "
            "significantly outperforms ViT-L by 2.0% ImageNet zero-shot accuracy when using the "
            "same publicly available DataComp-1B dataset and the same OpenCLIP training scheme.",
            None,
            "ViTamin-L",
        ),
        # icml2024: a long form that reads as a task, presented "as a ... framework"
        (
            "We propose Counterfactual Analysis for Programming Concept Predicates (CACP) as a "
            "counterfactual testing framework to evaluate whether Large Code Models understand "
            "programming concepts. With only black-box access to the model, we use CACP to "
            "evaluate ten popular Large Code Models for four different programming concepts.",
            None,
            "CACP",
        ),
        # cvpr2025: "the first method ..., called <long form> (ACR)"
        (
            "In this work, we propose the first method to this important yet unresolved issue, "
            "called Training data Provenance Verification (TrainProVe). The rationale behind "
            "TrainProVe is grounded in the principle of generalization error bound.",
            None,
            "TrainProVe",
        ),
        # emnlp2024: the paper's own name joined to another name
        (
            "We introduce the Buffered Linear Toeplitz (BLT) mechanism for multi-participation "
            "scenarios. We evaluate the BLT-DP-FTRL algorithm on the StackOverflow dataset.",
            None,
            "BLT-DP-FTRL",
        ),
        # iccv2023: the parts a proposed model leverages
        (
            "To achieve this, the FcaFormer leverages two innovative components: learnable scale "
            "factors (LSFs) and a token merge and enhancement module (TME). The LSFs enable "
            "efficient processing of cross tokens, while the TME generates representative cross "
            "tokens. By integrating these components, the proposed FcaFormer enhances the "
            "interactions of tokens across blocks with potentially different semantics, and "
            "encourages more information flows to the lower levels.",
            None,
            "TME",
        ),
    ],
)
def test_names_the_paper_presents_as_its_own(text, title, name):
    assert _roles(text, title)[name] == "proposed"


def test_a_link_after_a_cue_names_nothing():
    # acl2023: the repository path in a release sentence is not a proposed name
    text = (
        "To this end, we establish a new benchmark by validating scaled NAT models on the scaled "
        "dataset, which can be regarded as a strong baseline for future works. We release code "
        "and system outputs at https://github.com/DeepLearnXMU/Scaling4NAT."
    )
    assert "Scaling4NAT" not in _roles(text)


def test_a_context_match_does_not_cross_a_sentence_end():
    # acl2023 (JWSign): "...: JWSign. The dataset consists of ..."
    text = (
        "In this work we introduce a new large and highly multilingual dataset for sign language "
        "translation: JWSign. The dataset consists of 2,530 hours of Bible translations in 98 "
        "sign languages."
    )
    assert set(_roles(text)) == {"JWSign"}


def test_a_proposal_named_as_a_method_is_a_method_even_if_its_long_form_reads_as_a_task():
    # cvpr2025: "Training data Provenance Verification" ends like a task; the sentence says method
    text = (
        "In this work, we propose the first method to this important yet unresolved issue, "
        "called Training data Provenance Verification (TrainProVe). The rationale behind "
        "TrainProVe is grounded in the principle of generalization error bound."
    )
    assert _types(text)["TrainProVe"] == "method"
    # a task's acronym followed by "method" is a modifier: the task stays a task
    task = (
        "Automatic few-shot font generation (AFFG), aiming at generating new fonts with only a "
        "few glyph references, reduces the labor cost of manually designing fonts. We show that "
        "the AFFG method improves with better references."
    )
    assert _types(task).get("AFFG", "task") == "task"
