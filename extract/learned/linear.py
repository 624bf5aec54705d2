"""A linear model stored as numpy arrays, scored without scikit-learn.

File format (``.npz``): ``vocab`` (feature strings), ``labels`` (one per output), ``weights``
(float32, features x labels), ``bias`` (labels). A text's score for a label is the bias plus the
weights of the features it holds (each counted once). :func:`feature_matrix` builds the
training matrix in the same encoding (training scripts only: it needs scipy).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np


@dataclass(frozen=True)
class Linear:
    """Vocabulary index, weights and biases of a trained multi-label linear model."""

    index: dict[str, int]
    labels: tuple[str, ...]
    weights: np.ndarray  # (n_features, n_labels)
    bias: np.ndarray  # (n_labels,)

    @classmethod
    def load(cls, path: Path) -> Linear:
        with np.load(path, allow_pickle=False) as z:
            vocab = [str(v) for v in z["vocab"]]
            return cls(
                {v: i for i, v in enumerate(vocab)},
                tuple(str(x) for x in z["labels"]),
                z["weights"].astype(np.float32),
                z["bias"].astype(np.float32),
            )

    def save(self, path: Path) -> None:
        vocab = sorted(self.index, key=self.index.__getitem__)
        np.savez_compressed(
            path, vocab=np.array(vocab), labels=np.array(self.labels),
            weights=self.weights.astype(np.float16), bias=self.bias.astype(np.float32),
        )

    @classmethod
    def side_by_side(cls, a: Linear, b: Linear) -> Linear:
        """One model scoring ``a``'s labels then ``b``'s: the union of their vocabularies, each
        model's weights in its own columns (zero for a feature it does not have). Its decision
        is ``a``'s and ``b``'s concatenated, with one look-up per feature instead of two."""
        vocab = list(a.index) + [f for f in b.index if f not in a.index]
        index = {f: i for i, f in enumerate(vocab)}
        weights = np.zeros((len(vocab), len(a.labels) + len(b.labels)), dtype=np.float32)
        weights[[index[f] for f in a.index], : len(a.labels)] = a.weights[list(a.index.values())]
        weights[[index[f] for f in b.index], len(a.labels) :] = b.weights[list(b.index.values())]
        return cls(index, a.labels + b.labels, weights, np.concatenate([a.bias, b.bias]))

    def rows(self, feats) -> list[int]:
        """Indices of the known features among ``feats``."""
        index = self.index
        return [i for f in feats if (i := index.get(f)) is not None]

    def decision(self, feats) -> np.ndarray:
        """Score (log-odds) per label for a text with features ``feats``."""
        rows = self.rows(feats)
        if not rows:
            return self.bias.copy()
        return self.weights.take(rows, axis=0).sum(axis=0) + self.bias  # take: faster than [rows]


def feature_matrix(feats_list, index: dict[str, int]):
    """Binary sparse matrix (texts x features of ``index``) of each text's feature strings;
    strings outside ``index`` are left out. For the training scripts (needs scipy)."""
    from scipy import sparse

    rows, cols = [], []
    for r, fs in enumerate(feats_list):
        for f in fs:
            if (i := index.get(f)) is not None:
                rows.append(r)
                cols.append(i)
    return sparse.csr_matrix((np.ones(len(rows), dtype=np.float32), (rows, cols)),
                             shape=(len(feats_list), len(index)))
