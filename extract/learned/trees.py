"""Gradient-boosted trees stored as plain lists and walked with numpy, without scikit-learn.

A spec holds ``trees``: per tree, per node, ``feature`` (split column), ``threshold`` (go left
when the value is at most it), ``left``/``right`` (child node), ``value`` (leaf value), ``leaf``
and the tree's ``depth``; and ``bias``, the log-odds every score starts from. Training scripts
write it with :func:`export_trees` from a fitted scikit-learn ``HistGradientBoostingClassifier``
(binary, numeric features, no missing values); :class:`Trees` scores with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np


class Trees:
    """The nodes of all trees in flat arrays (a leaf is its own child), walked together one level
    per step for every row at once. ``column`` maps the spec's split indices to columns of the
    matrices :meth:`score` is given (default: the same)."""

    def __init__(self, trees: Sequence[dict[str, Any]], bias: float,
                 column: Sequence[int] | None = None) -> None:
        feature, threshold, left, right, value, roots = [], [], [], [], [], []
        for tree in trees:
            base = len(feature)
            roots.append(base)
            for k, is_leaf in enumerate(tree["leaf"]):
                f = tree["feature"][k]
                feature.append(0 if is_leaf else (column[f] if column is not None else f))
                threshold.append(np.inf if is_leaf else tree["threshold"][k])
                left.append(base + (k if is_leaf else tree["left"][k]))
                right.append(base + (k if is_leaf else tree["right"][k]))
                value.append(tree["value"][k] if is_leaf else 0.0)
        self.feature = np.asarray(feature, dtype=np.intp)
        self.threshold = np.asarray(threshold, dtype=np.float64)
        self.left = np.asarray(left, dtype=np.intp)
        self.right = np.asarray(right, dtype=np.intp)
        self.value = np.asarray(value, dtype=np.float64)
        self.roots = np.asarray(roots, dtype=np.intp)
        self.depth = max((int(t["depth"]) for t in trees), default=0)
        self.bias = float(bias)

    def score(self, x: np.ndarray) -> np.ndarray:
        """Log-odds of each row of ``x``."""
        n = x.shape[0]
        if n == 0:
            return np.zeros(0, dtype=np.float32)
        flat = np.ascontiguousarray(x, dtype=np.float64).ravel()
        offsets = (np.arange(n, dtype=np.intp) * x.shape[1])[None, :]
        node = np.broadcast_to(self.roots[:, None], (len(self.roots), n)).copy()
        for _ in range(self.depth):
            go_left = flat.take(offsets + self.feature.take(node)) <= self.threshold.take(node)
            node = np.where(go_left, self.left.take(node), self.right.take(node))
        return (self.bias + self.value.take(node).sum(axis=0)).astype(np.float32)


def export_trees(model) -> tuple[list[dict[str, Any]], float]:
    """The trees and bias of a fitted binary ``HistGradientBoostingClassifier`` as lists (it
    reads the fitted trees' arrays: the scikit-learn version pinned in ``constraints.txt``)."""
    trees = []
    for (predictor,) in model._predictors:
        nodes = predictor.nodes
        if nodes["is_categorical"].any():
            raise ValueError("categorical splits are not supported")
        trees.append({
            "feature": nodes["feature_idx"].tolist(),
            "threshold": [float(t) for t in nodes["num_threshold"]],
            "left": nodes["left"].tolist(),
            "right": nodes["right"].tolist(),
            "value": [round(float(v), 6) for v in nodes["value"]],
            "leaf": [bool(b) for b in nodes["is_leaf"]],
            "depth": int(nodes["depth"].max()),
        })
    return trees, float(np.ravel(model._baseline_prediction)[0])
