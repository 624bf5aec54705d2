"""Technique tags, learned: the taxonomy rules' evidence and three text classifiers, combined.

Four files of trained models, all shipped in ``extract/data`` and rebuilt by
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
* ``tag_model.json``, two logistic regressions trained on the DEV parts of the labelled sets
  (``benchmarks/devset/splits.toml``):

  - the stacker, over (paper, tag) pairs for which the rules find evidence: the evidence
    (accepted or turned down and why, strong and weak mentions, a strong or a weak alternative
    in the title), the three classifiers' scores and a per-tag bias (``tag_bias``);
  - the no-wording classifier (``no_wording``), over the pairs for which the rules find no
    wording of the tag at all: the three classifiers' scores, two of their products
    (:data:`NO_WORDING_FEATURES`) and a per-tag bias. A sixth of the dev labels' tags (1,782 of
    10,638) have no taxonomy wording ("LLMs are being used for automated evaluation" is
    LLM-as-judge); out of fold on dev it raised recall at precision 0.85 from 0.744 to 0.763.

  Each one's probability is the row's confidence; a tag is given at its ``threshold`` or above
  (:func:`threshold`; both chosen together on dev by cross-validation: the best recall at
  precision 0.85 or more).

The rules keep the last word on passing mentions and on a tag's context (:data:`GATED`): the
stacker re-scores the rules' other evidence, accepting weak evidence the rules turned down and
dropping accepted evidence it finds unconvincing. A tag is reported at the rules' first evidence
when there is some, else at the word or word pair of the abstract (or, failing that, the title)
that raised the two text classifiers' score for it most (:func:`text_evidence`).
"""

from __future__ import annotations

import json
import math
import re
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
    load_taxonomy,
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


# Rule decisions the learned tagger never overrides: evidence only in passing mentions ("such as
# X", "unlike X"), and a tag whose ``context`` (its domain: Quantization needs weights, bits or
# LLMs) is not in the abstract or title. Out of fold on dev, gating these cost 0.012 of recall at
# precision 0.85 (0.711 -> 0.699) but kept the text classifier from tagging "camera calibration"
# as calibration.
# Pairs with no taxonomy wording at all are not the stacker's: on the 11,484 dev abstracts of
# 2026-12-07, letting the stacker score them raised out-of-fold recall at precision 0.85 0.739 ->
# 0.748 but lowered held-out recall (0.743 -> 0.738). Since the next session they have a
# classifier of their own (``no_wording``, :func:`no_wording_probs`): out of fold 0.744 -> 0.763,
# held-out (at the thresholds chosen on dev) P / R 0.840 / 0.743 -> 0.843 / 0.767.
GATED = ("passing", "context", "weak_context")
NO_WORDING_FEATURES = ("text", "supervised", "embedding", "text_supervised",
                       "supervised_embedding")
# The no-wording classifier scores abstracts of this many words or more: the shortest labelled
# dev abstract it was trained on has 40. On a title alone or a one-sentence abstract its scores
# rest on a handful of words ("DecompX: Explaining Transformers Decisions ..." alone scored
# Sparse attention).
NO_WORDING_MIN_WORDS = 40


def gated(ev: Evidence | None) -> bool:
    """Whether the rules' "no" stands whatever the scores say (:data:`GATED`): ``ev`` is the
    rules' evidence for a tag, None when there is none (not gated: the no-wording classifier
    scores it, when the shipped model has one)."""
    return ev is not None and ev.rejected in GATED


def threshold(ev: Evidence | None) -> float:
    """The probability from which a pair with rule evidence ``ev`` (None: none) is tagged."""
    stack = stack_model()
    return stack["threshold"] if ev is not None else stack["no_wording"]["threshold"]


# a classifier's score as the stacker and the no-wording classifier read it: clipped to
# +-_CLIP, divided by _SCALE
_CLIP, _SCALE = 10.0, 5.0


def _scaled(logit: float) -> float:
    return max(-_CLIP, min(_CLIP, float(logit))) / _SCALE


def _scaled_all(logits) -> np.ndarray:
    """:func:`_scaled` of every score of ``logits``."""
    return np.clip(np.asarray(logits, dtype=float), -_CLIP, _CLIP) / _SCALE


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


@lru_cache(maxsize=1)
def _techniques() -> dict[str, Technique]:
    return {t.tag: t for t in load_taxonomy()}


def no_wording_columns(t: np.ndarray, u: np.ndarray, e: np.ndarray) -> np.ndarray:
    """The no-wording classifier's features (:data:`NO_WORDING_FEATURES`, last axis) of the
    three classifiers' scaled scores ``t``, ``u``, ``e`` (text, supervised, encoder vector; each
    :func:`_scaled`, arrays of one shape)."""
    return np.stack([t, u, e, t * u, u * e], axis=-1)


@lru_cache(maxsize=1)
def _no_wording() -> tuple[np.ndarray, float, np.ndarray] | None:
    """The shipped no-wording classifier as arrays: its weights (:data:`NO_WORDING_FEATURES`),
    its bias and its bias per tag (in :data:`text_model`'s order); None when the shipped model
    has none."""
    spec = stack_model().get("no_wording")
    if spec is None:
        return None
    weights = np.array([spec["weights"][f] for f in NO_WORDING_FEATURES])
    tag_bias = np.array([spec["tag_bias"].get(t, 0.0) for t in text_model().labels])
    return weights, spec["bias"], tag_bias


def no_wording_probs(logits: list[float], emb: list[float]) -> np.ndarray:
    """The no-wording classifier's probability of every tag (in :data:`text_model`'s order) of a
    text whose two text classifiers score ``logits`` (text, then supervised) and whose
    encoder-vector classifier scores ``emb``; zeros when the shipped model has none."""
    n = len(text_model().labels)
    if _no_wording() is None:
        return np.zeros(n)
    weights, bias, tag_bias = _no_wording()
    scaled = _scaled_all(logits)
    z = no_wording_columns(scaled[:n], scaled[n:], _scaled_all(emb)) @ weights + bias + tag_bias
    return 1.0 / (1.0 + np.exp(-z))


def scored(text: str, title: str, features: list[str],
           ) -> list[tuple[Technique, Evidence | None, float]]:
    """(technique, rule evidence, probability) for every tag the taxonomy rules find evidence
    for, accepted or turned down, that :func:`gated` does not rule out (the stacker's), then
    (technique, None, probability) for every tag without any rule evidence that the no-wording
    classifier puts at its :func:`threshold` or above, in an abstract of
    :data:`NO_WORDING_MIN_WORDS` words or more (``features``: the text's
    :func:`text_features`).
    """
    found = evidence(text, title, keep_rejected=True)
    evs = [(t, ev) for t, ev in found if not gated(ev)]
    model = text_models()
    stack = stack_model()
    n = len(model.labels) // 2
    column = {tag: k for k, tag in enumerate(model.labels[:n])}
    logits = model.decision(features).tolist()  # text, then supervised
    emb = emb_scores(doc_vector(features)[None, :])[0].tolist()
    # a stacker trained before a feature existed gives it no weight
    w = [stack["weights"].get(f, 0.0) for f in FEATURES]
    tag_bias = stack.get("tag_bias", {})
    out: list[tuple[Technique, Evidence | None, float]] = []
    for t, ev in evs:
        k = column[t.tag]
        x = pair_features(text, ev, logits[k], logits[n + k], emb[k])
        z = sum(a * b for a, b in zip(x, w)) + stack["bias"] + tag_bias.get(t.tag, 0.0)
        out.append((t, ev, 1.0 / (1.0 + math.exp(-z))))
    if _no_wording() is not None and len(text.split()) >= NO_WORDING_MIN_WORDS:
        worded = {t.tag for t, _ in found}
        floor = threshold(None)
        probs = no_wording_probs(logits, emb)
        techniques = _techniques()
        for k in np.flatnonzero(probs >= floor):
            tag = model.labels[k]
            if tag not in worded and tag in techniques:
                out.append((techniques[tag], None, float(probs[k])))
    return out


_WORD_GAP = r"[^a-z0-9]+"


def text_evidence(text: str, title: str, features: list[str], tag: str) -> tuple[int, int]:
    """Where a tag given without rule evidence is shown: the first occurrence in ``text`` (else in
    ``title``, as negative offsets ``start - len(title) - 1``) of the word or word pair of
    ``features`` (:func:`text_features`) that adds most to the two text classifiers' scores of
    ``tag``; (0, 0) when none is found."""
    model = text_models()
    n = len(model.labels) // 2
    k = model.labels.index(tag)
    names = [f for f in features if f in model.index]
    rows = [model.index[f] for f in names]
    weight = model.weights[rows][:, [k, n + k]].sum(axis=1) if rows else []
    for i in np.argsort(-np.asarray(weight), kind="stable"):
        words = names[int(i)].split(" ")
        pattern = re.compile(r"(?<![a-z0-9])" + _WORD_GAP.join(map(re.escape, words))
                             + r"(?![a-z0-9])", re.IGNORECASE)
        if m := pattern.search(text):
            return m.span()
        if m := pattern.search(title or ""):
            shift = len(title) + 1
            return m.start() - shift, m.end() - shift
    return 0, 0
