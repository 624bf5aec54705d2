"""The method-phrase token tagger (extract/phrases/tagger.py) and its place in the selection."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

from extract.phrases import select as S
from extract.keywords.encoder import load_encoder
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
        assert list(row) == expected
    np.testing.assert_array_equal(T.tag(text)[1], first)
    # the static input is the lower-cased word's encoder vector, from the process's one store of
    # them (the technique tagger reads the same), which each tagger projects with its own weights
    from extract.keywords import encoder

    assert "forests" in encoder._WORD_CACHE.rows
    enc = load_encoder().encode(["forests"])[0]
    role = T.Tagger.load(T.ROLE_TAGGER_FILE)
    at = [w for w, _ in toks].index("forests")
    d = sum(tagger.emb[k].shape[1] for k in (0, 2, 3, 4, 5))
    static = []
    for t in (tagger, role):
        got = t._text_inputs([w for w, _ in toks])[at, d:]
        np.testing.assert_allclose(got, np.tanh(enc @ t.w["proj_w"].T + t.w["proj_b"]),
                                   atol=1e-5)
        static.append(got)
    assert not np.allclose(*static)


@pytest.mark.parametrize("name", [T.TAGGER_FILE, T.ROLE_TAGGER_FILE])
@pytest.mark.parametrize("cached_words", [T.CACHED_WORDS, 12])
def test_first_convolution_from_cached_word_rows_equals_the_convolution(name, cached_words,
                                                                       monkeypatch):
    # probs_of computes the first convolution from per-word products (kept for the first
    # CACHED_WORDS word texts, computed on the spot beyond); it must equal the convolution of
    # the inputs as trained, on a real sentence read twice (the second time from the cache),
    # with the cache full after twelve texts and with room to spare
    monkeypatch.setattr(T, "CACHED_WORDS", cached_words)
    with np.load(T.DATA_DIR / name) as z:
        tagger = T.Tagger({k: z[k] for k in z.files})  # a fresh cache
    text = ("We propose draft-guided speculative decoding, which verifies the draft model's "
            "tokens with the target model, and compare it with beam search and nucleus "
            "sampling on XSum and CNN/DailyMail.")
    tokens = T.tokenize_fast(text)
    want = T._conv(tagger._inputs(tokens), tagger.kernels["c1"], tagger.w["c1_b"], 5, 1)
    for _ in range(2):
        np.testing.assert_allclose(tagger._first(tokens), want, rtol=1e-5, atol=1e-5)
    assert len(tagger._c1_rows) == min(cached_words, len({t[0] for t in tokens}))
    np.testing.assert_allclose(tagger.probs_of(tokens), tagger._network(tagger._inputs(tokens)),
                               atol=1e-5)
    # a tag's part counts: the same words under other tags give another first layer
    retagged = [(t[0], t[1], "NN" if t[2] != "NN" else "VB", *t[3:]) for t in tokens]
    assert not np.allclose(tagger._first(retagged), want, atol=1e-3)


def test_taggers_in_threads_give_the_numbers_of_one_thread(monkeypatch):
    # a Dask worker with several threads, or two uploads on the dashboard, run the taggers in
    # threads of one process; the word caches they grow (the tagger's, and the encoder vectors of
    # extract.keywords.encoder) are shared, and without the locks the
    # threads wrote one another's rows (wrong probabilities or a crash), from fresh caches
    from concurrent.futures import ThreadPoolExecutor

    with (ROOT / "benchmarks" / "devset" / "phrases.jsonl").open(encoding="utf-8") as f:
        texts = [json.loads(next(f))["text"] for _ in range(48)]
    tokens = [T.tokenize_fast(t) for t in texts]

    from extract.keywords import encoder

    def fresh(name):
        monkeypatch.setattr(encoder, "_WORD_CACHE", encoder._WordCache())
        with np.load(T.DATA_DIR / name) as z:
            return T.Tagger({k: z[k] for k in z.files})

    for name in (T.TAGGER_FILE, T.ROLE_TAGGER_FILE):
        one = fresh(name)
        want = [one.probs_of(t) for t in tokens]
        many = fresh(name)
        with ThreadPoolExecutor(8) as pool:
            got = list(pool.map(many.probs_of, tokens))
        for w, g in zip(want, got):
            np.testing.assert_allclose(g, w, atol=1e-6)


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


def test_bundled_tagger_role_head_reads_the_papers_own_method_as_proposed():
    # the first sentence of "Speculative Contrastive Decoding" (ACL 2024): the method it
    # introduces against the two it is inspired by
    text = ("Inspired by speculative decoding and contrastive decoding, we introduce Speculative "
            "Contrastive Decoding (SCD), a straightforward yet powerful decoding approach that "
            "leverages predictions from smaller language models (LMs) to achieve both decoding "
            "acceleration and quality improvement.")
    tokens = T.tokenize_fast(text)
    toks, _ = T.tag(text, tokens)
    probs = T.tag_roles(tokens)
    assert probs.shape == (len(toks), 4)  # O, B, I and the role head's P(proposed)
    starts = {off: i for i, (_, off) in enumerate(toks)}

    def role(phrase):
        s = text.index(phrase)
        return T.span_role(toks, probs, starts, s, s + len(phrase))

    own = role("Speculative Contrastive Decoding")
    assert own > 0.5
    assert role("speculative decoding") < 0.5 and role("contrastive decoding") < 0.5
    assert own > role("speculative decoding") + 0.2


def test_span_roles_runs_the_role_tagger_on_windows_with_the_same_result():
    # a real abstract (ACL 2025, the dev record of benchmarks/devset/phrases.jsonl on
    # Light-ColPali/ColQwen2) and its labelled phrases: the windowed run gives each span exactly
    # the role of the run over every token
    path = ROOT / "benchmarks" / "devset" / "phrases.jsonl"
    rec = next(json.loads(line) for line in path.open(encoding="utf-8")
               if line.startswith('{"id": "nae2a96609d77254"'))
    text = rec["text"]
    tokens = T.tokenize_fast(text)
    toks, _ = T.tag(text, tokens)
    full = T.tag_roles(tokens)
    starts = {off: i for i, (_, off) in enumerate(toks)}
    low = text.lower()
    spans = [(low.index(p["phrase"].lower()), low.index(p["phrase"].lower()) + len(p["phrase"]))
             for p in rec["phrases"]]
    assert len(spans) >= 4
    at = low.index("token pruning")
    spans.append((at + 1, at + 8))  # inside a word
    got = T.span_roles(tokens, toks, starts, spans)
    want = [T.span_role(toks, full, starts, s, e) for s, e in spans]
    np.testing.assert_allclose(got, want, atol=1e-6)
    assert got[-1] == 0.5 and T.Tagger.load(T.ROLE_TAGGER_FILE).reach == 6
    assert T.span_roles(tokens, toks, starts, []) == []


def test_span_role_is_the_mean_of_the_role_column_and_half_without_one():
    toks = [("beam", 0), ("search", 5), ("works", 12)]
    starts = {0: 0, 5: 1, 12: 2}
    probs = np.array([[0.1, 0.8, 0.1, 0.2], [0.1, 0.1, 0.8, 0.4], [0.9, 0.05, 0.05, 0.9]],
                     dtype=np.float32)
    assert T.span_role(toks, probs, starts, 0, 11) == pytest.approx(0.3)
    assert T.span_role(toks, probs, starts, 5, 11) == pytest.approx(0.4)
    assert T.span_role(toks, probs, starts, 1, 11) == 0.5  # not at a token's start
    assert T.span_role(toks, probs[:, :3], starts, 0, 11) == 0.5  # a tagger without the head


def test_mixed_role_is_the_logistic_of_the_mean_logit():
    assert S.mixed_role(0.5, 0.5) == pytest.approx(0.5)
    # the tagger's no-opinion 0.5 halves the regression's logit
    assert S.mixed_role(0.9, 0.5) == pytest.approx(1 / (1 + np.exp(-np.log(9) / 2)))
    assert S.mixed_role(0.8, 0.2) == pytest.approx(0.5)  # opposite readings cancel
    assert S.mixed_role(0.7, 0.9) > S.mixed_role(0.7, 0.6) > S.mixed_role(0.7, 0.3)
    assert 0.0 < S.mixed_role(0.0, 0.0) < 1e-3 and S.mixed_role(1.0, 1.0) > 1 - 1e-3


def test_span_score_is_zero_off_token_boundaries():
    toks, probs = T.tag(TEXT)
    starts = {off: i for i, (_, off) in enumerate(toks)}
    s = TEXT.index("ow-rank")  # inside a word
    assert T.span_score(toks, probs, starts, s, s + 10) == (0.0, 0.0)


@pytest.mark.parametrize("name", [T.TAGGER_FILE, T.ROLE_TAGGER_FILE])
def test_bundled_tagger_files_are_consistent(name):
    tagger = T.Tagger.load(name)
    for k in range(T.N_FEATS):
        assert tagger.emb[k].shape[0] == len(tagger.vocab[k]) + 2  # + padding and unknown
    assert tagger.w["proj_w"].shape[0] == T.PRE_DIMS
    assert tagger.w["out_w"].shape[0] == 3
    # only the role tagger has the second head
    assert ("role_w" in tagger.w) == (name == T.ROLE_TAGGER_FILE)
    size = (T.DATA_DIR / name).stat().st_size
    assert size < 10_000_000


def test_one_tagger_per_file_however_it_is_named():
    # the taggers' word caches live on the loaded object: tag() loads with the default name,
    # callers may name the file; both must get the same tagger, and the role tagger its own
    assert T.Tagger.load() is T.Tagger.load(T.TAGGER_FILE)
    assert T.Tagger.load(T.ROLE_TAGGER_FILE) is T.Tagger.load(T.ROLE_TAGGER_FILE)
    assert T.Tagger.load(T.ROLE_TAGGER_FILE) is not T.Tagger.load()


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


@pytest.mark.parametrize("layers,role_head", [(3, True), (3, False), (4, False)])
def test_numpy_network_equals_the_trained_torch_network(layers, role_head):
    # what scripts/train_phrase_tagger.py trains (torch, eval mode) and exports is what the
    # numpy network of the package computes, with the role head (shipped), without it and with
    # the optional fourth convolution
    torch = pytest.importorskip("torch")
    sys.path.insert(0, str(ROOT / "scripts"))
    import train_phrase_tagger as TPT

    torch.manual_seed(3)
    sizes = [7, 5, 4, 6, 5, 8]
    static = np.random.default_rng(3).normal(size=(9, 12)).astype(np.float32)
    net = TPT._network(sizes, static, hidden=16, layers=layers, role_head=role_head).eval()
    with torch.no_grad():  # the weights as the float16 file keeps them
        for p in net.parameters():
            p.copy_(p.half().float())
    vocab = [{f"v{k}_{i}": i for i in range(2, n)} for k, n in enumerate(sizes)]
    arrays = TPT.export(net, vocab)
    assert ("c4_w" in arrays) == (layers == 4)
    assert ("role_w" in arrays) == role_head
    tagger = T.Tagger(arrays)
    rng = np.random.default_rng(4)
    x = np.stack([rng.integers(0, n, size=11) for n in sizes] + [rng.integers(0, 9, size=11)],
                 axis=1)
    with torch.no_grad():
        tags, roles = net(torch.from_numpy(x[None]))
        want = torch.softmax(tags, -1)[0]
        if role_head:  # the fourth column: P(proposed)
            want = torch.cat([want, torch.softmax(roles, -1)[0, :, 1:]], -1)
        want = want.numpy()
    e = [tagger.emb[k][x[:, k]] for k in range(T.N_FEATS)]
    e.append(np.tanh(static[x[:, T.N_FEATS]] @ tagger.w["proj_w"].T + tagger.w["proj_b"]))
    got = tagger._network(np.concatenate(e, axis=1).astype(np.float32))
    np.testing.assert_allclose(got, want, atol=1e-4)


def test_role_head_learns_a_fourth_column_and_exports_it():
    # scripts/train_phrase_tagger.py trains the role head by default: the models gain
    # P(proposed) as a fourth column, and the exported arrays its weights (--no-role-head: not)
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
    assert set(TPT.export(net, vocab)) - set(TPT.export(plain, vocab)) == {"role_w", "role_b"}
    assert torch.is_tensor(net.role.weight) and plain.role is None
    # --role-weight scales the head's loss: at 0 its weights get no gradient and stay as drawn
    frozen = [TPT.train(items, static, epochs=n, seed=0, hidden=8, role_head=True,
                        role_weight=0.0)[0].role.weight for n in (1, 2)]
    assert torch.equal(frozen[0], frozen[1])
    learnt = TPT.train(items, static, epochs=1, seed=0, hidden=8, role_head=True)[0]
    assert not torch.equal(frozen[0], learnt.role.weight)  # the same draw, then trained
