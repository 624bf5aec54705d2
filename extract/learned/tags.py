"""Technique tags, learned: the taxonomy rules' evidence and three text classifiers, combined.

Four trained parts, all shipped in ``extract/data`` and rebuilt by
``scripts/train_tag_model.py`` (fixed seed):

* ``tag_text_model.npz`` -- one logistic regression per tag over the words and word pairs of
  title + abstract (:mod:`extract.learned.bag`), trained on the unlabelled corpus with the rules
  as weak labels: papers with strong rule evidence for the tag are positives, papers with no
  evidence of any kind negatives. It scores how much the whole abstract is about the tag.
* ``tag_sup_model.npz`` -- the same kind of classifier trained on the DEV labels themselves
  (words and pairs of at least three dev abstracts): it learns how the labels use a tag ("a
  dataset paper is Evaluation/Benchmark") where the rules' weak labels cannot. The stacker is
  trained on its out-of-fold scores (cross-fitted by abstract), so it never sees a score of a
  model that was trained on the same abstract.
* ``tag_emb_model.npz`` -- per tag, a logistic regression over the abstract's vector from the
  bundled static encoder (:mod:`extract.keywords.encoder`: the mean of the vectors of the
  distinct words of title + abstract, :func:`doc_vector`), trained on the DEV labels and
  cross-fitted for the stacker as the supervised classifier is: a dense view of what the
  abstract is about, which also scores abstracts whose words the labelled ones never used. Out
  of fold on dev it raised recall at precision 0.85 from 0.739 to 0.744
  (``scripts/train_tag_model.py``).
* ``tag_model.json`` -- a logistic regression over (paper, tag) pairs trained on the DEV parts of
  the labelled sets (``benchmarks/devset/splits.toml``): the rules' evidence for the tag (accepted
  or turned down and why, strong and weak mentions, a strong or a weak alternative in the title),
  the three classifiers' scores and a per-tag bias (``tag_bias``: how often the labels give a tag
  without its wording). Its
  probability is the row's confidence; a tag is given at ``threshold`` or above (chosen on dev by
  cross-validation: the best recall at precision 0.85 or more).

The rules keep the last word when there is no taxonomy wording at all, on passing mentions and
on a tag's context (:data:`GATED`): the model re-scores the rules' evidence, accepting weak
evidence the rules turned down and dropping accepted evidence it finds unconvincing. A tag is
reported at the rules' first evidence when there is some, else at the words that raised
the text classifier's score most.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache

import numpy as np

from extract.datafiles import DATA_DIR
from extract.learned import bag
from extract.learned.linear import Linear
from extract.taxonomy.rules import (
    Evidence,
    Technique,
    confidence,
    evidence,
    in_own_sentence,
)

TEXT_MODEL = "tag_text_model.npz"
SUP_MODEL = "tag_sup_model.npz"
STACK_MODEL = "tag_model.json"
EMB_MODEL = "tag_emb_model.npz"

REJECTED = ("context", "weak", "passing", "weak_context", "title_only")
FEATURES = (
    "accepted", "rule_confidence", "strong", "weak", "title", "own_sentence",
    *(f"rejected_{r}" for r in REJECTED), "no_evidence", "text", "text_no_evidence",
    "text_accepted", "weak_title", "supervised", "embedding",
)


@lru_cache(maxsize=1)
def text_model() -> Linear:
    return Linear.load(DATA_DIR / TEXT_MODEL)


@lru_cache(maxsize=1)
def sup_model() -> Linear:
    return Linear.load(DATA_DIR / SUP_MODEL)


@lru_cache(maxsize=1)
def text_models() -> Linear:
    """Both text classifiers as one model (:meth:`Linear.side_by_side`): the corpus classifier's
    scores, then the supervised one's, each in :data:`text_model`'s label order."""
    text, sup = text_model(), sup_model()
    if sup.labels != text.labels:
        raise ValueError(f"{SUP_MODEL} and {TEXT_MODEL} differ in their tags: retrain both")
    return Linear.side_by_side(text, sup)


@lru_cache(maxsize=1)
def emb_model() -> tuple[tuple[str, ...], np.ndarray, np.ndarray]:
    """The encoder-vector classifier: (tags, weights dims x tags, bias per tag), its tags in
    :data:`text_model`'s order."""
    with np.load(DATA_DIR / EMB_MODEL, allow_pickle=False) as z:
        labels = tuple(str(t) for t in z["labels"])
        weights, bias = z["weights"].astype(np.float32), z["bias"].astype(np.float32)
    if labels != text_model().labels:
        raise ValueError(f"{EMB_MODEL} and {TEXT_MODEL} differ in their tags: retrain both")
    return labels, weights, bias


def doc_vector(features: list[str]) -> np.ndarray:
    """What the encoder-vector classifier reads of a text with :func:`bag.features`
    ``features``: the normalised mean of the static encoder's vectors of its distinct words
    (:func:`extract.keywords.encoder.mean_word_vector`; each word encoded once per process)."""
    from extract.keywords.encoder import mean_word_vector

    return mean_word_vector([f for f in features if " " not in f])


def text_features(text: str, title: str = "") -> list[str]:
    """The words and word pairs of title + abstract that the text classifiers read (and whose
    words :func:`doc_vector` reads)."""
    return bag.features(title + "\n" + text)


def remember_words(features: list[list[str]]) -> None:
    """Encode the words :func:`doc_vector` will read of texts with these
    :func:`text_features` in one encoder call (the techniques stage does it per batch of
    papers)."""
    from extract.keywords.encoder import remember_words as remember

    remember(sorted({f for feats in features for f in feats if " " not in f}))


def emb_scores(vectors: np.ndarray) -> np.ndarray:
    """The encoder-vector classifier's score of each tag (texts x tags) for rows of
    :func:`doc_vector`."""
    _, weights, bias = emb_model()
    return vectors @ weights + bias


@lru_cache(maxsize=1)
def stack_model() -> dict:
    return json.loads((DATA_DIR / STACK_MODEL).read_text(encoding="utf-8"))


# Rule decisions the learned tagger never overrides: no taxonomy wording at all (the text
# classifier alone tagged "embodied AI agents" as LLM agents and "camera calibration" as
# calibration), evidence only in passing mentions ("such as X", "unlike X"), and a tag whose
# ``context`` (its domain: Quantization needs weights, bits or LLMs) is not in the abstract or
# title. Out of fold on dev, gating these cost 0.012 of recall at precision 0.85 (0.711 -> 0.699).
# On the 11,484 dev abstracts of 2026-12-07, letting the stacker score "none" pairs raised that
# out-of-fold recall 0.739 -> 0.748 but lowered held-out recall at precision 0.85 (phr18 0.743 ->
# 0.738, the other held-out abstracts 0.715 -> 0.710): kept gated.
GATED = ("none", "passing", "context", "weak_context")


def gated(ev: Evidence | None) -> bool:
    """Whether the rules' "no" stands whatever the scores say (:data:`GATED`): ``ev`` is the
    rules' evidence for a tag, None when there is none."""
    if ev is None:
        return "none" in GATED
    return ev.rejected in GATED


def _scaled(logit: float) -> float:
    return max(-10.0, min(10.0, float(logit))) / 5.0


def pair_features(text: str, ev: Evidence | None, text_logit: float,
                  sup_logit: float, emb_logit: float = 0.0) -> list[float]:
    """The stacker's features (:data:`FEATURES`) of one (paper, tag) pair: ``text_logit``,
    ``sup_logit`` and ``emb_logit`` are the three classifiers' scores of the paper for the tag."""
    t, u, e = _scaled(text_logit), _scaled(sup_logit), _scaled(emb_logit)
    if ev is None:
        return [0.0] * (6 + len(REJECTED)) + [1.0, t, t, 0.0, 0.0, u, e]
    acc = ev.rejected is None
    strong = len({s for s, _ in ev.strong})
    weak = len({s for s, _ in ev.weak})
    return [
        float(acc), confidence(ev) if acc else 0.0, min(strong, 4) / 4, min(weak, 4) / 4,
        float(ev.in_title), float(bool(ev.strong) and in_own_sentence(text, ev)),
        *(float(ev.rejected == r) for r in REJECTED), 0.0, t, 0.0, t * acc,
        float(ev.weak_in_title), u, e,
    ]


def scorable(text: str, title: str = "") -> list[tuple[Technique, Evidence]]:
    """(technique, rule evidence) of every tag the taxonomy rules find evidence for, accepted
    or turned down, that :func:`gated` does not rule out: the pairs :func:`scored` scores (none:
    the text's classifiers' scores are not needed)."""
    return [(t, ev) for t, ev in evidence(text, title, keep_rejected=True) if not gated(ev)]


def scored(text: str, title: str = "", features: list[str] | None = None,
           evs: list[tuple[Technique, Evidence]] | None = None,
           ) -> list[tuple[Technique, Evidence, float]]:
    """(technique, rule evidence, probability) for every pair of :func:`scorable` (``evs``:
    them, when found already; ``features``: the text's :func:`text_features`, when computed
    already).
    """
    if evs is None:
        evs = scorable(text, title)
    if not evs:
        return []
    model = text_models()
    stack = stack_model()
    n = len(model.labels) // 2
    column = {tag: k for k, tag in enumerate(model.labels[:n])}
    feats = text_features(text, title) if features is None else features
    logits = model.decision(feats).tolist()  # text, then supervised
    emb = emb_scores(doc_vector(feats)[None, :])[0].tolist()
    # a stacker trained before a feature existed gives it no weight
    w = [stack["weights"].get(f, 0.0) for f in FEATURES]
    tag_bias = stack.get("tag_bias", {})
    out = []
    for t, ev in evs:
        k = column[t.tag]
        x = pair_features(text, ev, logits[k], logits[n + k], emb[k])
        z = sum(a * b for a, b in zip(x, w)) + stack["bias"] + tag_bias.get(t.tag, 0.0)
        out.append((t, ev, 1.0 / (1.0 + math.exp(-z))))
    return out
