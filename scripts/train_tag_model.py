"""Train the learned technique tagger (``extract/learned/tags.py``): both parts, fixed seed.

    python scripts/train_tag_model.py [--corpora ../shared/corpora] [--seed 2034]

1. The text classifier (``extract/data/tag_text_model.npz``): for every tag, a logistic
   regression over words and word pairs of title + abstract of the corpus papers, with the
   rules as weak labels (strong rule evidence: positive; no evidence at all: negative; anything
   between: left out). Every abstract of ``benchmarks/devset/`` is left out of this corpus, so
   no labelled abstract of any part is seen by it.
2. The supervised text classifier (``extract/data/tag_sup_model.npz``): per tag, a logistic
   regression over the same features, trained on the DEV parts' labels (features of at least
   three dev abstracts). The stacker is trained on its cross-fitted scores: each dev abstract is
   scored by the classifier fitted on the other four of five folds.
3. The encoder-vector classifier (``extract/data/tag_emb_model.npz``): per tag, a logistic
   regression over each dev abstract's static-encoder vector (the mean over the distinct words
   of title + abstract, :func:`extract.learned.tags.doc_vector`), C chosen by its own
   out-of-fold log loss; the stacker is trained on its cross-fitted scores, as on the
   supervised classifier's.
4. The stacker (``extract/data/tag_model.json``): a logistic regression over the (paper, tag)
   pairs of the DEV parts (``benchmarks/splits.py``) with rule evidence the rules do not gate,
   C chosen by 5-fold cross-validation grouped by paper (and the supervised classifier's C with
   it, by the out-of-fold log loss).
5. The no-wording classifier (``no_wording`` in the same file): a logistic regression over the
   pairs with no rule evidence at all (:data:`extract.learned.tags.NO_WORDING_FEATURES` and a
   per-tag bias), C chosen by its out-of-fold log loss on the same folds. The two thresholds
   are chosen together: the best out-of-fold recall of the tags either gives at precision
   >= 0.85.

Needs the ``train`` extra (scikit-learn).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import splits  # noqa: E402

from extract.datafiles import DATA_DIR  # noqa: E402
from extract.learned import tags as LT  # noqa: E402
from extract.learned.linear import Linear, feature_matrix  # noqa: E402
from extract.stages import techniques as T  # noqa: E402
from extract.text.markup import clean_view  # noqa: E402
from extract.text.normalize import clean_abstract, paper_id_for  # noqa: E402

DEVSET = ROOT / "benchmarks" / "devset"


def devset_keys() -> set[str]:
    keys = set()
    for path in DEVSET.glob("*.jsonl"):
        for line in path.open(encoding="utf-8"):
            r = json.loads(line)
            if r.get("text"):
                keys.add(paper_id_for(clean_abstract(r["text"])))
    return keys


def corpus(corpora: Path, skip: set[str]) -> list[tuple[str, str]]:
    out, seen = [], set()
    for path in sorted(corpora.glob("*/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict):
            data = next((v for v in data.values() if isinstance(v, list)), [])
        for rec in data:
            if not isinstance(rec, dict) or not (rec.get("abstract") or "").strip():
                continue
            text = clean_abstract(rec["abstract"])
            pid = paper_id_for(text)
            if pid in skip or pid in seen:
                continue
            seen.add(pid)
            out.append((text, rec.get("title") or ""))
    return out


def bag_matrix(feats, min_df: int):
    """The vocabulary (features of at least ``min_df`` texts, sorted) and the binary matrix of
    ``feats`` (one feature list per text) over it."""
    df: dict[str, int] = {}
    for fs in feats:
        for f in fs:
            df[f] = df.get(f, 0) + 1
    vocab = sorted(f for f, n in df.items() if n >= min_df)
    return vocab, feature_matrix(feats, {f: i for i, f in enumerate(vocab)})


def train_text(docs, tags: list[str], seed: int, min_df: int = 5):
    from sklearn.linear_model import LogisticRegression

    feats = [LT.text_features(text, title) for text, title in docs]
    vocab, X = bag_matrix(feats, min_df)
    status = np.zeros((len(docs), len(tags)), dtype=np.int8)  # 1 positive, -1 negative, 0 out
    status[:] = -1
    pos = {t: k for k, t in enumerate(tags)}
    for r, (text, title) in enumerate(docs):
        view = clean_view(text).text
        for t, ev in T.evidence(view, title, keep_rejected=True):
            if ev.rejected == "title_only":
                continue  # no match in the abstract: a negative, as before title-only evidence
            k = pos[t.tag]
            strong = ev.rejected is None and T.confidence(ev) >= T.CONFIDENCE["strong:1"]
            status[r, k] = 1 if strong else 0
    W = np.zeros((len(vocab), len(tags)), dtype=np.float32)
    b = np.zeros(len(tags), dtype=np.float32)
    for k, tag in enumerate(tags):
        keep = status[:, k] != 0
        y = status[keep, k] == 1
        if y.sum() < 5:
            b[k] = -10.0
            continue
        clf = LogisticRegression(C=0.5, max_iter=2000, class_weight="balanced", random_state=seed)
        clf.fit(X[keep], y)
        W[:, k] = clf.coef_[0]
        # balanced training moves the bias: put the corpus prior of "strong evidence" back
        prior = y.mean()
        b[k] = clf.intercept_[0] + np.log(prior / (1 - prior))
        print(f"  {tag}: {int(y.sum())} positives of {int(keep.sum())}", file=sys.stderr)
    # drop features with no weight worth storing (float16 file)
    used = np.abs(W).max(axis=1) >= 0.02
    vocab = [v for v, u in zip(vocab, used) if u]
    return Linear({v: i for i, v in enumerate(vocab)}, tuple(tags), W[used], b)


def record_features(records) -> list[list[str]]:
    """The text classifiers' features of each labelled record (title + markup-free abstract),
    as the techniques stage reads them (:func:`extract.learned.tags.text_features`)."""
    return [LT.text_features(clean_view(r["text"]).text, r.get("title") or "")
            for _, r, _ in records]


def label_matrix(records, labels: tuple[str, ...]) -> np.ndarray:
    """Abstracts x tags: whether each labelled record's gold tags hold the tag."""
    return np.array([[t in set(g) for t in labels] for _, _, g in records])


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    """Mean log loss of probabilities ``p`` against 0/1 labels ``y`` (any shape)."""
    return float(-np.mean(y * np.log(p + 1e-9) + (1 - y) * np.log(1 - p + 1e-9)))


def regression_spec(clf, features, labels: tuple[str, ...]) -> dict:
    """A fitted logistic regression over ``features`` then one indicator column per tag of
    ``labels`` (:func:`with_tag_columns`), as ``tag_model.json`` stores it."""
    n = len(features)
    return {
        "features": list(features),
        "weights": dict(zip(features, map(float, clf.coef_[0][:n]))),
        "tag_bias": dict(zip(labels, map(float, clf.coef_[0][n:]))),
        "bias": float(clf.intercept_[0]),
    }


def per_tag_regressions(X, Y: np.ndarray, C: float, seed: int,
                        max_iter: int) -> tuple[np.ndarray, np.ndarray]:
    """One logistic regression per tag (column of ``Y``) over the rows of ``X`` (dense or
    sparse): weights (columns of ``X`` x tags) and biases; a tag with fewer than three positives
    gets no weights and a bias of -10 (never given)."""
    from sklearn.linear_model import LogisticRegression

    W = np.zeros((X.shape[1], Y.shape[1]), dtype=np.float32)
    b = np.full(Y.shape[1], -10.0, dtype=np.float32)
    for k in range(Y.shape[1]):
        if Y[:, k].sum() < 3:
            continue
        clf = LogisticRegression(C=C, max_iter=max_iter, random_state=seed).fit(X, Y[:, k])
        W[:, k] = clf.coef_[0]
        b[k] = clf.intercept_[0]
    return W, b


def train_sup(feats, Y: np.ndarray, labels: tuple[str, ...], C: float, seed: int,
              min_df: int = 3) -> Linear:
    """The supervised text classifier: one logistic regression per tag on ``feats`` (one feature
    list per abstract) against the label matrix ``Y`` (abstracts x tags)."""
    vocab, X = bag_matrix(feats, min_df)
    W, b = per_tag_regressions(X, Y, C, seed, max_iter=2000)
    used = np.abs(W).max(axis=1) >= 0.01  # float16 file: drop weights not worth storing
    vocab = [v for v, u in zip(vocab, used) if u]
    return Linear({v: i for i, v in enumerate(vocab)}, labels, W[used], b)


def cross_fit_sup(feats, Y: np.ndarray, labels: tuple[str, ...], C: float, seed: int,
                  split=None) -> np.ndarray:
    """Each abstract's supervised scores (abstracts x tags) from the classifier fitted on the
    other four of five folds (``split``: other (train, test) index pairs instead, e.g. one venue
    left out at a time in ``benchmarks/venue_shift.py``)."""
    from sklearn.model_selection import KFold

    if split is None:
        split = KFold(n_splits=5, shuffle=True, random_state=seed).split(feats)
    out = np.zeros(Y.shape)
    for tr, te in split:
        m = train_sup([feats[i] for i in tr], Y[tr], labels, C, seed)
        for i in te:
            out[i] = m.decision(feats[i])
    return out


def record_vectors(records) -> np.ndarray:
    """The encoder vector of each labelled record (title + markup-free abstract), as
    :func:`extract.learned.tags.scored` computes it."""
    return np.stack([LT.doc_vector(f) for f in record_features(records)])


def fit_emb(E: np.ndarray, Y: np.ndarray, C: float, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The encoder-vector classifier: weights (dims x tags) and biases
    (:func:`per_tag_regressions`)."""
    return per_tag_regressions(E, Y, C, seed, max_iter=3000)


def cross_fit_emb(E: np.ndarray, Y: np.ndarray, seed: int,
                  grid=(3.0, 10.0, 30.0, 100.0)) -> tuple[np.ndarray, float]:
    """Each abstract's encoder-vector scores (abstracts x tags) from the classifier fitted on
    the other four of five folds (the supervised classifier's folds), at the C of ``grid`` with
    the lowest out-of-fold log loss, and that C."""
    from sklearn.model_selection import KFold

    best = None
    for C in grid:
        out = np.zeros(Y.shape)
        for tr, te in KFold(n_splits=5, shuffle=True, random_state=seed).split(E):
            W, b = fit_emb(E[tr], Y[tr], C, seed)
            out[te] = E[te] @ W + b
        p = 1.0 / (1.0 + np.exp(-out))
        ll = log_loss(p, Y)
        print(f" encoder-vector classifier C={C}: out-of-fold log loss {ll:.5f}", file=sys.stderr)
        if best is None or ll < best[0]:
            best = (ll, out, C)
    return best[1], best[2]


def pair_rows(records, feats, model: Linear, sup: np.ndarray, emb: np.ndarray | None = None):
    """Features, labels, groups (abstract index), tags and gate flags (not a stacker pair: no
    rule evidence, or evidence the rules gate) of every (abstract, tag);
    ``feats``: the records' text-classifier features (:func:`record_features`); ``sup`` and
    ``emb``: the supervised and encoder-vector classifiers' (cross-fitted) scores, abstracts x
    tags (``emb`` None: zeros, the feature left out)."""
    X, y, groups, tags, gates = [], [], [], [], []
    for g, (_, r, gold_list) in enumerate(records):
        gold = set(gold_list)
        text = clean_view(r["text"]).text
        title = r.get("title") or ""
        logits = model.decision(feats[g])
        evs = {t.tag: ev for t, ev in T.evidence(text, title, keep_rejected=True)}
        for k, tag in enumerate(model.labels):
            X.append(LT.pair_features(text, evs.get(tag), logits[k], sup[g, k],
                                      0.0 if emb is None else emb[g, k]))
            y.append(tag in gold)
            groups.append(g)
            tags.append(tag)
            gates.append(evs.get(tag) is None or LT.gated(evs.get(tag)))
    return np.array(X), np.array(y), np.array(groups), tags, np.array(gates)


def best_threshold(p: np.ndarray, y: np.ndarray, min_precision: float = 0.85) -> tuple[float, float, float]:
    best = (0.5, 0.0, 0.0)
    for th in np.arange(0.2, 0.95, 0.01):
        pred = p >= th
        tp = (pred & y).sum()
        prec = tp / max(pred.sum(), 1)
        rec = tp / max(y.sum(), 1)
        if prec >= min_precision and rec > best[2]:
            best = (float(round(th, 2)), float(prec), float(rec))
    return best


def with_tag_columns(X: np.ndarray, tags: list[str], labels: tuple[str, ...]) -> np.ndarray:
    """X with one indicator column per tag (a per-tag bias in the stacker)."""
    index = {t: i for i, t in enumerate(labels)}
    onehot = np.zeros((len(tags), len(labels)))
    onehot[np.arange(len(tags)), [index[t] for t in tags]] = 1.0
    return np.hstack([X, onehot])


def out_of_fold(X, y, groups, gate: np.ndarray, C: float, seed: int) -> np.ndarray:
    """Each pair's probability from the stacker fitted on the other four of five folds grouped
    by abstract, trained on the pairs the rules do not gate (gated pairs score 0)."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GroupKFold

    oof = np.zeros(len(y))
    for tr, te in GroupKFold(n_splits=5).split(X, y, groups):
        tr = tr[~gate[tr]]
        clf = LogisticRegression(C=C, max_iter=5000, random_state=seed).fit(X[tr], y[tr])
        oof[te] = clf.predict_proba(X[te])[:, 1]
    oof[gate] = 0.0
    return oof


def train_stack(X, y, groups, seed: int, labels: tuple[str, ...], gate: np.ndarray,
                ) -> tuple[dict, np.ndarray]:
    """The stacker, trained on the pairs the rules do not gate (gated pairs score 0), and its
    out-of-fold probabilities at the chosen C."""
    from sklearn.linear_model import LogisticRegression

    results = {}
    for C in (0.03, 0.1, 0.3, 1.0, 3.0):
        oof = out_of_fold(X, y, groups, gate, C, seed)
        ll = log_loss(oof, y)
        results[C] = (ll, oof)
        print(f"  C={C}: out-of-fold log loss {ll:.4f}, {best_threshold(oof, y)}", file=sys.stderr)
    C = min(results, key=lambda c: results[c][0])
    th, prec, rec = best_threshold(results[C][1], y)
    clf = LogisticRegression(C=C, max_iter=5000, random_state=seed).fit(X[~gate], y[~gate])
    return {
        **regression_spec(clf, LT.FEATURES, labels),
        "C": C,
        "threshold": th,
        "dev_out_of_fold": {"precision": round(prec, 4), "recall": round(rec, 4),
                            "log_loss": round(float(results[C][0]), 4)},
        "trained_on": "dev parts of " + ", ".join(splits.TECHNIQUE_FILES),
        "gated": list(LT.GATED),
        "pairs": int(len(y)),
        "positives": int(y.sum()),
    }, results[C][1]


def no_wording_matrix(X: np.ndarray, tags: list[str], labels: tuple[str, ...]) -> np.ndarray:
    """The no-wording classifier's features of pairs with stacker features ``X`` (their scaled
    text, supervised and encoder-vector scores, :func:`LT.no_wording_columns`), then one
    indicator column per tag."""
    t, u, e = (X[:, LT.FEATURES.index(f)] for f in ("text", "supervised", "embedding"))
    return with_tag_columns(LT.no_wording_columns(t, u, e), tags, labels)


def no_wording_oof(train: np.ndarray, test: np.ndarray, y: np.ndarray, none: np.ndarray,
                   splits, C: float, seed: int) -> np.ndarray:
    """Each pair's probability from the no-wording classifier fitted, per (train, test) index
    pair of ``splits``, on the training pairs without rule evidence (``none``; features: rows of
    ``train``, :func:`no_wording_matrix`) and applied to the test pairs' rows of ``test``; 0 for
    pairs with evidence."""
    from sklearn.linear_model import LogisticRegression

    oof = np.zeros(len(y))
    for tr, te in splits:
        tr = tr[none[tr]]
        clf = LogisticRegression(C=C, max_iter=5000, random_state=seed).fit(train[tr], y[tr])
        oof[te] = clf.predict_proba(test[te])[:, 1]
    oof[~none] = 0.0
    return oof


def train_no_wording(X, y, groups, tags: list[str], none: np.ndarray, seed: int,
                     labels: tuple[str, ...]) -> tuple[dict, np.ndarray]:
    """The no-wording classifier, trained on the pairs without rule evidence (``none``), C by
    the out-of-fold log loss on the stacker's folds, and its out-of-fold probabilities (0 for
    the other pairs)."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GroupKFold

    Xn = no_wording_matrix(X, tags, labels)
    folds = list(GroupKFold(n_splits=5).split(Xn, y, groups))
    results = {}
    for C in (0.1, 1.0, 10.0):
        oof = no_wording_oof(Xn, Xn, y, none, folds, C, seed)
        ll = log_loss(oof[none], y[none])
        results[C] = (ll, oof)
        print(f"  no-wording C={C}: out-of-fold log loss {ll:.5f}", file=sys.stderr)
    C = min(results, key=lambda c: results[c][0])
    clf = LogisticRegression(C=C, max_iter=5000, random_state=seed).fit(Xn[none], y[none])
    return {
        **regression_spec(clf, LT.NO_WORDING_FEATURES, labels),
        "C": C,
        "pairs": int(none.sum()),
        "positives": int(y[none].sum()),
    }, results[C][1]


def joint_thresholds(stack: np.ndarray, none: np.ndarray, y: np.ndarray,
                     min_precision: float = 0.85) -> tuple[float, float, float, float]:
    """(stacker threshold, no-wording threshold, precision, recall): the pair of thresholds
    whose tags (the stacker's probability ``stack`` at its threshold or above, or the no-wording
    classifier's ``none`` at its own) have the best recall at ``min_precision`` or more."""
    best = (0.5, 0.99, 0.0, 0.0)
    positives = max(y.sum(), 1)
    for th1 in np.arange(0.2, 0.95, 0.01):
        given = stack >= th1
        for th2 in np.arange(0.3, 0.99, 0.02):
            pred = given | (none >= th2)
            tp = (pred & (y == 1)).sum()
            prec, rec = tp / max(pred.sum(), 1), tp / positives
            if prec >= min_precision and rec > best[3]:
                best = (round(float(th1), 2), round(float(th2), 2), float(prec), float(rec))
    return best


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpora", type=Path, default=ROOT.parent / "shared" / "corpora")
    ap.add_argument("--seed", type=int, default=2034)
    ap.add_argument("--skip-text", action="store_true", help="keep the shipped text classifier")
    args = ap.parse_args(argv)
    tags = [t.tag for t in T.load_taxonomy()]
    if not args.skip_text:
        docs = corpus(args.corpora, devset_keys())
        print(f"text classifier: {len(docs)} corpus papers", file=sys.stderr)
        model = train_text(docs, tags, args.seed)
        model.save(DATA_DIR / LT.TEXT_MODEL)
        print(f"  {len(model.index)} features kept", file=sys.stderr)
    LT.text_model.cache_clear()
    model = LT.text_model()
    records = list(splits.technique_records("dev"))
    print(f"stacker: {len(records)} dev abstracts", file=sys.stderr)
    feats = record_features(records)
    Y = label_matrix(records, model.labels)
    vectors = record_vectors(records)
    emb, c_emb = cross_fit_emb(vectors, Y.astype(float), args.seed)
    best = None
    for c_sup in (0.1, 0.3, 1.0):
        print(f" supervised text classifier C={c_sup}", file=sys.stderr)
        sup = cross_fit_sup(feats, Y, model.labels, c_sup, args.seed)
        X, y, groups, tags, gate = pair_rows(records, feats, model, sup, emb)
        Xt = with_tag_columns(X, tags, model.labels)
        stack, oof = train_stack(Xt, y.astype(int), groups, args.seed, model.labels, gate)
        loss = stack["dev_out_of_fold"]["log_loss"]
        if best is None or loss < best[0]["dev_out_of_fold"]["log_loss"]:
            best = (stack, c_sup, oof, X, y.astype(int), groups, tags)
    stack, c_sup, oof, X, y, groups, tags = best
    stack["supervised_C"] = c_sup
    stack["embedding_C"] = c_emb
    none = X[:, LT.FEATURES.index("no_evidence")] == 1.0
    spec, oof_none = train_no_wording(X, y, groups, tags, none, args.seed, model.labels)
    th1, th2, prec, rec = joint_thresholds(oof, oof_none, y)
    stack["threshold"] = th1
    spec["threshold"] = th2
    stack["no_wording"] = spec
    stack["dev_out_of_fold_stacker_alone"] = stack["dev_out_of_fold"]
    stack["dev_out_of_fold"] = {"precision": round(prec, 4), "recall": round(rec, 4),
                                "log_loss": stack["dev_out_of_fold"]["log_loss"]}
    W, b = fit_emb(vectors, Y.astype(float), c_emb, args.seed)
    np.savez_compressed(DATA_DIR / LT.EMB_MODEL, labels=np.array(model.labels), weights=W,
                        bias=b)
    print(f"  encoder-vector classifier: C={c_emb}, {W.shape[0]} dimensions", file=sys.stderr)
    sup_model = train_sup(feats, Y, model.labels, c_sup, args.seed)
    sup_model.save(DATA_DIR / LT.SUP_MODEL)
    print(f"  supervised classifier: C={c_sup}, {len(sup_model.index)} features kept",
          file=sys.stderr)
    (DATA_DIR / LT.STACK_MODEL).write_text(json.dumps(stack, indent=1) + "\n", encoding="utf-8")
    print(json.dumps({k: stack[k] for k in ("C", "supervised_C", "embedding_C", "threshold",
                                          "dev_out_of_fold")}),
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
