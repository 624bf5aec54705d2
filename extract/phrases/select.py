"""Which concepts of an abstract's phrase candidates are its method phrases: a learned choice.

The phrase model (:mod:`extract.phrases.model`) scores every candidate span; the candidates at
the floor (``phrase_select.json``'s ``floor``) or above are grouped by concept key, and each
concept is described by :func:`concept_table` -- its best, second and mean candidate
probability, how many candidates and places it has, the best probability of the candidates that
overlap, contain or sit inside its best one, whether the greedy decoding (:func:`decode`) takes
it, its length and place, the role model's probability at its best candidate, how many
concepts the abstract has, and how the token tagger (:mod:`extract.phrases.tagger`) reads its
best candidate and the best of its candidates. Gradient-boosted trees (:class:`extract.learned.trees.Trees`, trained
by ``scripts/train_phrase_model.py`` on the phrase model's out-of-fold scores on dev) turn a row
into the concept's probability (:func:`selector`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

from extract.datafiles import DATA_DIR
from extract.learned.trees import Trees

SELECT_FILE = "phrase_select.json"
# the columns of :func:`concept_table`, the selection trees' inputs, in order
SELECT_FEATURES = (
    "p_max", "p_second", "p_mean", "candidates", "occurrences", "overlap_p", "container_p",
    "inner_p", "decoded", "units", "chars", "in_title", "position", "proposed_p", "concepts",
    "tag_best", "tag_best_inside", "tag_max", "tag_max_inside",
)


@lru_cache(maxsize=1)
def selector() -> tuple[Trees, dict]:
    """(the concept selection trees, their spec: ``floor``, ``threshold``, dev figures)."""
    spec = json.loads((DATA_DIR / SELECT_FILE).read_text(encoding="utf-8"))
    if tuple(spec["features"]) != SELECT_FEATURES:
        raise ValueError(f"{SELECT_FILE}: features {spec['features']} are not SELECT_FEATURES "
                         "(retrain with scripts/train_phrase_model.py)")
    return Trees(spec["trees"], spec["bias"]), spec


def mixed_role(proposed_p: float, tag_role: float) -> float:
    """A concept's P(proposed) from the role regression's ``proposed_p`` and the role tagger's
    ``tag_role`` (:func:`extract.phrases.tagger.span_role`): the logistic of their mean logit
    (each clipped to [1e-4, 1 - 1e-4]). A ``tag_role`` of 0.5 leaves half the regression's
    logit."""
    def logit(v: float) -> float:
        v = min(max(v, 1e-4), 1 - 1e-4)
        return math.log(v / (1 - v))

    return 1.0 / (1.0 + math.exp(-(logit(proposed_p) + logit(tag_role)) / 2))


class Cand(NamedTuple):
    """A candidate scored at the selection floor or above, offsets into the abstract (title
    negative)."""

    start: int
    end: int
    key: str  # concept key
    p: float  # the phrase model's probability
    units: int


def decode(cands: list[Cand], threshold: float) -> set[str]:
    """Concept keys of the greedy choice: candidates at ``threshold`` or above, best first (the
    earlier of equals first), skipping any that overlaps one already taken."""
    taken: list[tuple[int, int]] = []
    keys: set[str] = set()
    for c in sorted(cands, key=lambda c: (-c.p, c.start)):
        if c.p < threshold:
            break
        if any(c.start < e and s < c.end for s, e in taken):
            continue
        taken.append((c.start, c.end))
        keys.add(c.key)
    return keys


def concept_table(cands: list[Cand], threshold: float, length: int,
                  tagged: Callable[[int, int], tuple[float, float]] | None = None,
                  ) -> tuple[list[str], list[int], list[list[float]]]:
    """The concepts of an abstract's candidates ``cands`` (all at the floor or above), the index
    of each one's best candidate (highest probability, the first of equals) and its row of
    :data:`SELECT_FEATURES`, with ``proposed_p`` left 0 for the caller (the role model's
    probability at the best candidate). ``length``: the abstract's length in characters.
    ``tagged(start, end)``: the token tagger's two scores of a candidate span
    (:func:`extract.phrases.tagger.span_score`), at the best candidate and the best of all the
    concept's candidates (0 without a tagger)."""
    chosen = decode(cands, threshold)
    by_key: dict[str, list[int]] = {}
    for i, c in enumerate(cands):
        by_key.setdefault(c.key, []).append(i)
    keys, best, rows = [], [], []
    for key, idx in by_key.items():
        ps = sorted((cands[i].p for i in idx), reverse=True)
        b = max(idx, key=lambda i: (cands[i].p, -i))
        s, e = cands[b].start, cands[b].end
        over = cont = inner = 0.0
        for c in cands:
            if c.key == key or not (c.start < e and s < c.end):
                continue
            over = max(over, c.p)
            if c.start <= s and c.end >= e:
                cont = max(cont, c.p)
            if c.start >= s and c.end <= e:
                inner = max(inner, c.p)
        keys.append(key)
        best.append(b)
        rows.append([ps[0], ps[1] if len(ps) > 1 else 0.0, sum(ps) / len(ps), float(len(idx)),
                     float(len({cands[i].start for i in idx})), over, cont, inner,
                     float(key in chosen), float(cands[b].units), float(e - s), float(s < 0),
                     max(s, 0) / max(length, 1), 0.0, float(len(by_key))])
        if tagged is None:
            rows[-1] += [0.0, 0.0, 0.0, 0.0]
        else:
            scores = [tagged(cands[i].start, cands[i].end) for i in idx]
            at_best = scores[idx.index(b)]
            rows[-1] += [at_best[0], at_best[1], max(x[0] for x in scores),
                         max(x[1] for x in scores)]
    return keys, best, rows
