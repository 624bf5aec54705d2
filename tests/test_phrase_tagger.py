"""The method-phrase token tagger (extract/phrases/tagger.py) and its place in the selection."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from extract.phrases import select as S
from extract.phrases import tagger as T

ROOT = Path(__file__).resolve().parents[1]
TEXT = ("We fine-tune LLaMA with low-rank adaptation and compare it with speculative decoding "
        "on three summarization benchmarks.")


def _naive_conv(x, weight, bias, dilation):
    out_c, in_c, width = weight.shape
    pad = dilation * (width - 1) // 2
    n = x.shape[0]
    out = np.zeros((n, out_c), dtype=np.float64)
    for t in range(n):
        for k in range(width):
            src = t + k * dilation - pad
            if 0 <= src < n:
                out[t] += weight[:, :, k] @ x[src]
    return out + bias


@pytest.mark.parametrize("dilation,width", [(1, 5), (2, 3), (1, 3)])
def test_matrix_convolution_equals_the_sum_over_the_window(dilation, width):
    rng = np.random.default_rng(7)
    x = rng.normal(size=(9, 4)).astype(np.float32)
    weight = rng.normal(size=(6, 4, width)).astype(np.float32)
    bias = rng.normal(size=6).astype(np.float32)
    got = T._conv(x, T._kernel(weight), bias, width, dilation)
    assert got.shape == (9, 6)
    np.testing.assert_allclose(got, _naive_conv(x, weight, bias, dilation), rtol=1e-4, atol=1e-4)


def test_cached_token_indices_are_the_training_features():
    # tag() reads per-word indices cached on first sight; they must be the vocabulary indices of
    # the feature values the training script reads (token_features), on a sentence whose words
    # are new to the tagger and then seen again
    tagger = T.Tagger.load()
    text = ("Quantile-regression forests outperform gradient-boosted trees; gradient-boosted "
            "trees need tuning.")
    toks, feats = T.token_features(text)
    first = T.tag(text)[1]
    ids = tagger._token_ids([w for w, _ in toks])
    for row, f in zip(ids, feats):
        expected = [tagger.vocab[k].get(f[k], T.UNKNOWN) for k in (0, 2, 3, 4, 5)]
        assert list(row[:5]) == expected
        assert row[5] == tagger._rows[f[0]]  # the static vector of the lower-cased word
    np.testing.assert_array_equal(T.tag(text)[1], first)


def test_token_features_of_a_real_sentence():
    toks, feats = T.token_features("LoRA adapters (rank 8) cut memory.")
    assert [w for w, _ in toks] == ["LoRA", "adapters", "(", "rank", "8", ")", "cut", "memory",
                                    "."]
    assert [f[2] for f in feats] == ["C", "l", "p", "l", "ld", "p", "l", "l", "p"]
    assert feats[1][0] == "adapters" and feats[1][5] == "ter"  # folded "adapter"
    assert toks[3] == ("rank", 15)


def test_bundled_tagger_reads_a_method_phrase_as_one():
    toks, probs = T.tag(TEXT)
    assert probs.shape == (len(toks), 3)
    np.testing.assert_allclose(probs.sum(axis=1), 1.0, rtol=1e-5)
    starts = {off: i for i, (_, off) in enumerate(toks)}
    s = TEXT.index("low-rank adaptation")
    lora = T.span_score(toks, probs, starts, s, s + len("low-rank adaptation"))
    s = TEXT.index("speculative decoding")
    spec = T.span_score(toks, probs, starts, s, s + len("speculative decoding"))
    s = TEXT.index("compare it with")
    verb = T.span_score(toks, probs, starts, s, s + len("compare it with"))
    # a cut phrase is read as less of one than the whole ("low-rank" without its head)
    s = TEXT.index("low-rank")
    cut = T.span_score(toks, probs, starts, s, s + len("low-rank"))
    assert lora[0] > 0.5 and spec[0] > 0.5
    assert verb[0] < 0.1 and verb[1] < 0.2
    assert cut[0] < lora[0]


def test_span_score_is_zero_off_token_boundaries():
    toks, probs = T.tag(TEXT)
    starts = {off: i for i, (_, off) in enumerate(toks)}
    s = TEXT.index("ow-rank")  # inside a word
    assert T.span_score(toks, probs, starts, s, s + 10) == (0.0, 0.0)


def test_bundled_tagger_file_is_consistent():
    tagger = T.Tagger.load()
    for k in range(T.N_FEATS):
        assert tagger.emb[k].shape[0] == len(tagger.vocab[k]) + 2  # + padding and unknown
    assert tagger.w["proj_w"].shape[0] == T.PRE_DIMS
    assert tagger.w["out_w"].shape[0] == 3
    size = (T.DATA_DIR / T.TAGGER_FILE).stat().st_size
    assert size < 10_000_000


def test_concept_table_reads_the_tagger_at_best_and_best_of_all():
    cands = [S.Cand(10, 30, "specdecod", 0.9, 2), S.Cand(50, 70, "specdecod", 0.6, 2),
             S.Cand(80, 90, "other", 0.5, 1)]
    scores = {(10, 30): (0.2, 0.4), (50, 70): (0.7, 0.8), (80, 90): (0.1, 0.3)}
    keys, _, rows = S.concept_table(cands, 0.34, 200, lambda s, e: scores[s, e])
    got = {k: dict(zip(S.SELECT_FEATURES, r)) for k, r in zip(keys, rows)}
    assert (got["specdecod"]["tag_best"], got["specdecod"]["tag_best_inside"]) == (0.2, 0.4)
    assert (got["specdecod"]["tag_max"], got["specdecod"]["tag_max_inside"]) == (0.7, 0.8)
    assert got["other"]["tag_max"] == 0.1
    _, _, plain = S.concept_table(cands, 0.34, 200)
    assert all(r[-4:] == [0.0, 0.0, 0.0, 0.0] for r in plain)


def test_training_labels_tag_whole_phrases_at_token_boundaries():
    sys.path.insert(0, str(ROOT / "scripts"))
    from train_phrase_tagger import labels

    text = "Speculative decoding speeds up decoding; we study speculative decoding (SD)."
    toks, _ = T.token_features(text)
    tags, roles = labels(text, toks, ["speculative decoding", "SD", "peculative"],
                         [False, True, False])
    words = [w for w, _ in toks]
    assert [t for w, t in zip(words, tags) if t] == [1, 2, 1, 2, 1]
    assert tags[words.index("up") + 1] == 0  # "decoding" alone is not the phrase
    assert tags[words.index("SD")] == 1
    # the role head's targets: each tagged token has its phrase's role, the others none
    assert [r for r in roles if r != -100] == [0, 0, 0, 0, 1]
    assert roles[words.index("SD")] == 1 and roles[words.index("up")] == -100


@pytest.mark.parametrize("layers", [3, 4])
def test_numpy_network_equals_the_trained_torch_network(layers):
    # what scripts/train_phrase_tagger.py trains (torch, eval mode) and exports is what the
    # numpy network of the package computes, with the optional fourth convolution too
    torch = pytest.importorskip("torch")
    sys.path.insert(0, str(ROOT / "scripts"))
    import train_phrase_tagger as TPT

    torch.manual_seed(3)
    sizes = [7, 5, 4, 6, 5, 8]
    static = np.random.default_rng(3).normal(size=(9, 12)).astype(np.float32)
    net = TPT._network(sizes, static, hidden=16, layers=layers).eval()
    with torch.no_grad():  # the weights as the float16 file keeps them
        for p in net.parameters():
            p.copy_(p.half().float())
    vocab = [{f"v{k}_{i}": i for i in range(2, n)} for k, n in enumerate(sizes)]
    arrays = TPT.export(net, vocab)
    assert ("c4_w" in arrays) == (layers == 4)
    tagger = T.Tagger(arrays)
    rng = np.random.default_rng(4)
    x = np.stack([rng.integers(0, n, size=11) for n in sizes] + [rng.integers(0, 9, size=11)],
                 axis=1)
    with torch.no_grad():
        want = torch.softmax(net(torch.from_numpy(x[None]))[0], -1)[0].numpy()
    e = [tagger.emb[k][x[:, k]] for k in range(T.N_FEATS)]
    e.append(np.tanh(static[x[:, T.N_FEATS]] @ tagger.w["proj_w"].T + tagger.w["proj_b"]))
    got = tagger._network(np.concatenate(e, axis=1).astype(np.float32))
    np.testing.assert_allclose(got, want, atol=1e-4)


def test_role_head_probe_learns_a_fourth_column_and_leaves_the_export_alone():
    # scripts/train_phrase_tagger.py --role-head (benchmarks/role_probe.py): the fold models
    # gain P(proposed) as a fourth column; the shipped network's arrays do not change shape
    torch = pytest.importorskip("torch")
    sys.path.insert(0, str(ROOT / "scripts"))
    import train_phrase_tagger as TPT

    texts = [("We propose speculative decoding with a draft model.", ["speculative decoding"],
              [True]),
             ("Beam search and nucleus sampling are compared.", ["beam search",
                                                                  "nucleus sampling"],
              [False, False])] * 4
    items = []
    for text, phrases, roles in texts:
        toks, feats = T.token_features(text)
        tags, role = TPT.labels(text, toks, phrases, roles)
        items.append({"toks": toks, "feats": feats, "tags": tags, "roles": role})
    static = TPT.Static(items)
    net, vocab = TPT.train(items, static, epochs=2, seed=0, hidden=8, role_head=True)
    probs = TPT.predict(net, vocab, static, items[:2])
    assert [p.shape for p in probs] == [(len(it["toks"]), 4) for it in items[:2]]
    np.testing.assert_allclose(probs[0][:, :3].sum(axis=1), 1.0, rtol=1e-5)
    assert ((probs[0][:, 3] > 0) & (probs[0][:, 3] < 1)).all()
    plain, _ = TPT.train(items, static, epochs=1, seed=0, hidden=8)
    assert TPT.predict(plain, vocab, static, items[:1])[0].shape[1] == 3
    assert set(TPT.export(net, vocab)) == set(TPT.export(plain, vocab))
    assert torch.is_tensor(net.role.weight) and plain.role is None
    # --role-weight scales the head's loss: at 0 its weights get no gradient and stay as drawn
    frozen = [TPT.train(items, static, epochs=n, seed=0, hidden=8, role_head=True,
                        role_weight=0.0)[0].role.weight for n in (1, 2)]
    assert torch.equal(frozen[0], frozen[1])
    learnt = TPT.train(items, static, epochs=1, seed=0, hidden=8, role_head=True)[0]
    assert not torch.equal(frozen[0], learnt.role.weight)  # the same draw, then trained
