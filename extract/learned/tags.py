"""Technique tags, learned: the taxonomy rules' evidence and a corpus text classifier, combined.

Two trained parts, both shipped in ``extract/data`` and rebuilt by
``scripts/train_tag_model.py`` (fixed seed):

* ``tag_text_model.npz`` -- one logistic regression per tag over the words and word pairs of
  title + abstract (:mod:`extract.learned.bag`), trained on the unlabelled corpus with the rules
  as weak labels: papers with strong rule evidence for the tag are positives, papers with no
  evidence of any kind negatives. It scores papers whose wording the taxonomy does not list.
* ``tag_model.json`` -- a logistic regression over (paper, tag) pairs trained on the DEV parts of
  the labelled sets (``benchmarks/devset/splits.toml``): the rules' evidence for the tag (accepted
  or turned down and why, strong and weak mentions, title) and the text classifier's score. Its
  probability is the row's confidence; a tag is given at ``threshold`` or above (chosen on dev by
  cross-validation: the best recall at precision 0.85 or more).

A tag is reported at the rules' first evidence when there is some, else at the words that raised
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
from extract.taxonomy.rules import Evidence, Technique, confidence, evidence, in_own_sentence

TEXT_MODEL = "tag_text_model.npz"
STACK_MODEL = "tag_model.json"

REJECTED = ("context", "weak", "passing", "weak_context")
FEATURES = (
    "accepted", "rule_confidence", "strong", "weak", "title", "own_sentence",
    *(f"rejected_{r}" for r in REJECTED), "no_evidence", "text", "text_no_evidence",
    "text_accepted",
)


@lru_cache(maxsize=1)
def text_model() -> Linear:
    return Linear.load(DATA_DIR / TEXT_MODEL)


@lru_cache(maxsize=1)
def stack_model() -> dict:
    return json.loads((DATA_DIR / STACK_MODEL).read_text(encoding="utf-8"))


def pair_features(text: str, ev: Evidence | None, text_logit: float) -> list[float]:
    """The stacker's features (:data:`FEATURES`) of one (paper, tag) pair."""
    t = max(-10.0, min(10.0, float(text_logit))) / 5.0
    if ev is None:
        return [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, t, t, 0]
    acc = ev.rejected is None
    strong = len({s for s, _ in ev.strong})
    weak = len({s for s, _ in ev.weak})
    return [
        float(acc), confidence(ev) if acc else 0.0, min(strong, 4) / 4, min(weak, 4) / 4,
        float(ev.in_title), float(bool(ev.strong) and in_own_sentence(text, ev)),
        *(float(ev.rejected == r) for r in REJECTED), 0.0, t, 0.0, t * acc,
    ]


def scored(text: str, title: str = "") -> list[tuple[Technique | str, Evidence | None, float, tuple[int, int] | None]]:
    """(technique or tag name, rule evidence or None, probability, text span) for every tag the
    rules or the text classifier point at, with the stacked probability; ``text span`` is where
    the text classifier's strongest word is (used when the rules have no evidence)."""
    model = text_model()
    stack = stack_model()
    feats = bag.features(title + "\n" + text)
    offset = len(title) + 1
    logits = model.decision(feats)
    evs = {t.tag: (t, ev) for t, ev in evidence(text, title, keep_rejected=True)}
    w = np.array([stack["weights"][f] for f in FEATURES], dtype=np.float64)
    out = []
    for k, tag in enumerate(model.labels):
        t, ev = evs.get(tag, (tag, None))
        if ev is None and logits[k] < stack["min_text_logit"]:
            continue  # far below any threshold: skip the work
        x = np.array(pair_features(text, ev, logits[k]))
        p = 1.0 / (1.0 + math.exp(-(float(x @ w) + stack["bias"])))
        span = None
        if ev is None:
            span = _strongest(feats, model, k, offset, len(text))
        out.append((t, ev, p, span))
    return out


def _strongest(feats: dict, model: Linear, k: int, offset: int, n: int) -> tuple[int, int] | None:
    """Span in the abstract of the feature with the largest positive weight for label ``k``."""
    best, span = 0.0, None
    for f, (s, e) in feats.items():
        i = model.index.get(f)
        if i is None or s < offset:
            continue
        wt = float(model.weights[i, k])
        if wt > best:
            best, span = wt, (s - offset, min(e - offset, n))
    return span
