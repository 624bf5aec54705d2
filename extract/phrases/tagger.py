"""A token tagger for method phrases: a small convolutional network, run with numpy.

It reads every token of title + abstract (:func:`extract.lexicon.tagger.tokenize_fast`) with
six learned embeddings -- the lower-cased word, its part-of-speech tag, its shape, its fine and
coarse corpus cluster and its last three letters -- and the word's static vector from the
bundled keyword encoder (:mod:`extract.keywords.encoder`, projected to 64 dimensions), then
three convolutions (widths 5, 5 and 3 dilated: each token sees eleven tokens around it; a file
trained with ``--layers 4`` has a fourth, dilated by 4) and a softmax over O / B / I (outside,
begins, inside a labelled method phrase). A second network of the same shape, the role tagger
(``phrase_role_tagger.npz``), was trained with a second head as well, P(proposed) of a token
inside a phrase (a quarter of its loss); only that head is read (:func:`tag_roles`,
:func:`span_role`): trained together, the two heads placed phrases worse than the first
network alone.

It does not place phrases itself. The concept selection (:mod:`extract.phrases.select`) reads,
for each concept of the span model's candidates, how well the tagger's probabilities agree with
its best candidate and with the best of its candidates (:func:`span_score`): a second view of
the same text, trained on the same labels, whose errors differ from the span model's. The role
of a kept concept mixes the role regression's probability with the role tagger's
(:func:`span_role`, :func:`extract.phrases.select.mixed_role`).

Run with numpy: the first convolution reads a token's text through products kept per word
text (:meth:`Tagger._first`, at most :data:`CACHED_WORDS` texts, 84 MB, per tagger), which makes
the network a third faster than the convolution over its inputs it equals.

Trained by ``scripts/train_phrase_tagger.py`` (torch, fixed seed; ``--role`` for the role
tagger) on the dev labels of ``benchmarks/devset/phrases.jsonl``; the weights are
``extract/data/phrase_tagger.npz`` and ``phrase_role_tagger.npz``.
"""

from __future__ import annotations

import math
import threading
from functools import lru_cache

import numpy as np

from extract.datafiles import DATA_DIR
from extract.lexicon.clusters import cluster_of
from extract.lexicon.tagger import Token, tokenize_fast
from extract.lexicon.words import fold_plural

TAGGER_FILE = "phrase_tagger.npz"
# the role tagger: the same network trained with a second head, P(proposed), whose fourth
# column alone is read (:func:`tag_roles`)
ROLE_TAGGER_FILE = "phrase_role_tagger.npz"
N_FEATS = 6  # word, tag, shape, fine cluster, coarse cluster, suffix
UNKNOWN = 1  # the index of a value not in a feature's vocabulary (0 pads)
PRE_DIMS = 64  # the projected static vector
# word texts whose first-convolution products a tagger keeps (:meth:`Tagger._first`): 84 MB at most;
# a build meets the most frequent words first
CACHED_WORDS = 32_768
# each tagger's word caches (its vocabulary indices and first-layer products per word text, for
# the first CACHED_WORDS texts) grow as words are met: one thread at a time reads and grows
# them, so threads running the extraction in one process (a Dask worker's, an upload on the
# dashboard) get the numbers one thread would
_CACHE_LOCK = threading.Lock()


def shape(word: str) -> str:
    """``A`` all capitals, ``C`` capitalised, ``l`` lower-case, ``p`` punctuation; ``d`` when
    it has a digit."""
    if not word[:1].isalnum():
        return "p"
    s = "A" if len(word) > 1 and word.isupper() else "C" if word[:1].isupper() else "l"
    return s + "d" if any(c.isdigit() for c in word) else s


@lru_cache(maxsize=200_000)
def _word_values(word: str) -> tuple[str, str, str, str, str]:
    """The feature values a token owes its text alone: lower-case, shape, fine and coarse
    cluster, ending."""
    folded = fold_plural(word.lower())
    coarse, fine = cluster_of(folded)
    return word.lower(), shape(word), fine, coarse, folded[-3:]


def token_features(text: str, tokens: list[Token] | None = None,
                   ) -> tuple[list[tuple[str, int]], list[tuple[str, ...]]]:
    """(word, offset) of every token of ``text`` (``tokens``: its
    :func:`extract.lexicon.tagger.tokenize_fast` tokens, when read already) and its six feature
    values."""
    toks = tokenize_fast(text) if tokens is None else tokens
    feats = []
    for t in toks:
        low, shp, fine, coarse, end = _word_values(t[0])
        feats.append((low, t[2], shp, fine, coarse, end))
    return [(t[0], t[4]) for t in toks], feats


class Tagger:
    """The trained network (see the module docstring)."""

    def __init__(self, arrays: dict[str, np.ndarray]) -> None:
        self.vocab = [{v: i + 2 for i, v in enumerate(arrays[f"vocab{k}"].tolist())}
                      for k in range(N_FEATS)]
        self.emb = [arrays[f"emb{k}"].astype(np.float32) for k in range(N_FEATS)]
        self.w = {k: arrays[k].astype(np.float32) for k in arrays if not k.startswith(
            ("vocab", "emb"))}
        # each convolution's weight as the matrix of :func:`_conv`'s one product
        self.kernels = {k: _kernel(self.w[f"{k}_w"]) for k in ("c1", "c2", "c3", "c4")
                        if f"{k}_w" in self.w}
        # how many tokens each side a token's output depends on: 2 + 2 + 2 (+ 4 with c4)
        self.reach = sum(d * (self.w[f"{k}_w"].shape[2] - 1) // 2
                         for k, d in (("c1", 1), ("c2", 1), ("c3", 2), ("c4", 4))
                         if k in self.kernels)
        # per token text: its indices in the five text-only vocabularies (for the first
        # :data:`CACHED_WORDS` texts met)
        self._ids: dict[str, tuple[int, int, int, int, int]] = {}
        # the first convolution, split by input: per input channel, its weights at every window
        # position (column k * out + o); the part-of-speech tag's rows times its embedding (one
        # row per tag), the rest (every input a token's text alone decides) kept per word text
        # (:meth:`_first`)
        c1 = self.w["c1_w"]
        out_c, in_c, width = c1.shape
        per_input = c1.transpose(1, 2, 0).reshape(in_c, width * out_c)
        tag_rows = np.arange(self.emb[0].shape[1], self.emb[0].shape[1] + self.emb[1].shape[1])
        self._c1_tag = self.emb[1] @ per_input[tag_rows]
        self._c1_text = np.ascontiguousarray(np.delete(per_input, tag_rows, axis=0))
        self._c1_rows: dict[str, int] = {}  # word text -> its row of ``_c1_cache``
        self._c1_cache = np.zeros((0, width * out_c), dtype=np.float32)

    @classmethod
    def load(cls, name: str = TAGGER_FILE) -> Tagger:
        """The tagger of ``extract/data/<name>``, one per file and process (with its caches)."""
        return _load_file(name)

    def _token_ids(self, words: list[str]) -> np.ndarray:
        """Tokens x 5 indices: word, shape, fine and coarse cluster, ending."""
        ids, v = self._ids, self.vocab
        out = []
        for w in words:
            got = ids.get(w)
            if got is None:
                low, shp, fine, coarse, end = _word_values(w)
                got = (v[0].get(low, UNKNOWN), v[2].get(shp, UNKNOWN), v[3].get(fine, UNKNOWN),
                       v[4].get(coarse, UNKNOWN), v[5].get(end, UNKNOWN))
                if len(ids) < CACHED_WORDS:
                    ids[w] = got
            out.append(got)
        return np.array(out, dtype=np.intp).reshape(-1, 5)

    def _inputs(self, tokens: list[Token]) -> np.ndarray:
        """Tokens x input channels as trained: the embeddings of the feature values of
        :func:`token_features`, the tag's second, then the projected static vector. The network
        reads them through :meth:`_first`, which is tested equal to the convolution over them."""
        text = self._text_inputs([t[0] for t in tokens])
        tags = self.emb[1][self._tag_ids(tokens)]
        d = self.emb[0].shape[1]
        return np.concatenate([text[:, :d], tags, text[:, d:]], axis=1)

    def _tag_ids(self, tokens: list[Token]) -> list[int]:
        """Each token's index in the part-of-speech tag vocabulary."""
        return [self.vocab[1].get(t[2], UNKNOWN) for t in tokens]

    def _text_inputs(self, words: list[str]) -> np.ndarray:
        """The input channels a token's text alone decides (all of :meth:`_inputs`' but the
        tag's, in its order) of tokens with texts ``words``: five embeddings, then the
        lower-cased word's static vector (:func:`extract.keywords.encoder.word_vectors`, the
        process's one store of them) projected."""
        from extract.keywords.encoder import word_vectors

        e, ids = self.emb, self._token_ids(words)
        static = np.tanh(word_vectors([w.lower() for w in words]) @ self.w["proj_w"].T
                         + self.w["proj_b"])
        return np.concatenate([e[0][ids[:, 0]], e[2][ids[:, 1]], e[3][ids[:, 2]],
                               e[4][ids[:, 3]], e[5][ids[:, 4]], static], axis=1)

    def _first(self, tokens: list[Token]) -> np.ndarray:
        """The first convolution of :meth:`_inputs` ``(tokens)`` before its activation, equal
        to :func:`_conv` over them (up to float rounding) at a third of the cost: a token's
        product with the weights at every window position is the sum of its text's (kept per
        word text, for the first :data:`CACHED_WORDS` texts met) and its tag's, and each
        output is the sum of its window's products at their positions."""
        words = [t[0] for t in tokens]
        rows, cache = self._c1_rows, self._c1_cache
        new = [w for w in dict.fromkeys(words) if w not in rows][: CACHED_WORDS - len(rows)]
        if new:
            n = len(rows)
            if n + len(new) > len(cache):
                grown = np.zeros((min(max(2 * len(cache), n + len(new), 4096), CACHED_WORDS),
                                  cache.shape[1]), dtype=np.float32)
                grown[:n] = cache[:n]
                self._c1_cache = cache = grown
            cache[n : n + len(new)] = self._text_inputs(new) @ self._c1_text
            rows.update((w, n + i) for i, w in enumerate(new))
        at = [rows.get(w, -1) for w in words]
        if len(rows) < CACHED_WORDS or -1 not in at:
            z = cache[at]
        else:  # a text beyond the cache: its product computed here
            at = np.array(at)
            off = at < 0
            z = np.empty((len(words), cache.shape[1]), dtype=np.float32)
            z[~off] = cache[at[~off]]
            z[off] = self._text_inputs([words[i] for i in np.flatnonzero(off)]) @ self._c1_text
        z += self._c1_tag[self._tag_ids(tokens)]
        out_c, _, width = self.w["c1_w"].shape
        pad, n = (width - 1) // 2, len(tokens)
        z = z.reshape(n, width, out_c)
        acc = np.zeros((n + 2 * pad, out_c), dtype=np.float32)
        for k in range(width):  # the token at s feeds the output at s + pad - k at position k
            acc[2 * pad - k : 2 * pad - k + n] += z[:, k]
        return acc[pad : pad + n] + self.w["c1_b"]

    def probs_of(self, tokens: list[Token]) -> np.ndarray:
        """(O, B, I) probabilities of each of ``tokens`` (and P(proposed) with a role head)."""
        if not tokens:
            return np.zeros((0, 4 if "role_w" in self.w else 3), dtype=np.float32)
        with _CACHE_LOCK:
            first = self._first(tokens)
        return self._upper(first)

    def _network(self, x: np.ndarray) -> np.ndarray:
        """The network over input channels ``x`` (tokens x :meth:`_inputs`' channels)."""
        return self._upper(_conv(x, self.kernels["c1"], self.w["c1_b"], 5, 1))

    def _upper(self, c1: np.ndarray) -> np.ndarray:
        """The network from its first convolution (before the activation) on."""
        w, k = self.w, self.kernels
        h = np.maximum(c1, 0)
        h = np.maximum(_conv(h, k["c2"], w["c2_b"], 5, 1), 0) + h
        h = np.maximum(_conv(h, k["c3"], w["c3_b"], 3, 2), 0) + h
        if "c4" in k:  # a tagger trained with a fourth convolution (``--layers 4``)
            h = np.maximum(_conv(h, k["c4"], w["c4_b"], 3, 4), 0) + h
        o = h @ w["out_w"].T + w["out_b"]
        o = np.exp(o - o.max(axis=1, keepdims=True))
        o /= o.sum(axis=1, keepdims=True)
        if "role_w" not in w:
            return o
        # the role head: P(proposed) of a token inside a method phrase, a fourth column
        r = h @ w["role_w"].T + w["role_b"]
        return np.concatenate([o, 1.0 / (1.0 + np.exp(r[:, :1] - r[:, 1:]))], axis=1)


@lru_cache(maxsize=None)
def _load_file(name: str) -> Tagger:
    """:meth:`Tagger.load`'s cache, keyed by the file name however it was passed (``load()`` and
    ``load(TAGGER_FILE)`` are the same tagger)."""
    with np.load(DATA_DIR / name, allow_pickle=False) as z:
        return Tagger({k: z[k] for k in z.files})


def _kernel(weight: np.ndarray) -> np.ndarray:
    """A torch-layout convolution weight (channels out x in x width) as the (width * in) x out
    matrix that :func:`_conv` multiplies by."""
    out_c, in_c, width = weight.shape
    return np.ascontiguousarray(weight.transpose(2, 1, 0).reshape(width * in_c, out_c))


def _conv(x: np.ndarray, kernel: np.ndarray, bias: np.ndarray, width: int,
          dilation: int) -> np.ndarray:
    """A 'same'-padded 1-D convolution of ``x`` (tokens x channels in) with a ``width``-wide
    kernel (:func:`_kernel`), as one matrix product."""
    pad = dilation * (width - 1) // 2
    n, in_c = x.shape
    padded = np.zeros((n + 2 * pad, in_c), dtype=np.float32)
    padded[pad : pad + n] = x
    cols = np.concatenate([padded[k * dilation : k * dilation + n] for k in range(width)], axis=1)
    return cols @ kernel + bias


def tag(text: str, tokens: list[Token] | None = None,
        ) -> tuple[list[tuple[str, int]], np.ndarray]:
    """(word, offset) of every token of ``text`` and their (O, B, I) probabilities
    (``tokens``: its :func:`extract.lexicon.tagger.tokenize_fast` tokens, when read already)."""
    toks = tokenize_fast(text) if tokens is None else tokens
    return [(t[0], t[4]) for t in toks], Tagger.load().probs_of(toks)


def tag_roles(tokens: list[Token]) -> np.ndarray:
    """The role tagger's probabilities of ``tokens`` (the :func:`tag` tokens of the same text):
    O, B, I and P(proposed) of each, of which :func:`span_role` reads the last."""
    return Tagger.load(ROLE_TAGGER_FILE).probs_of(tokens)


def span_roles(tokens: list[Token], toks: list[tuple[str, int]], starts: dict[int, int],
               spans: list[tuple[int, int]]) -> list[float]:
    """The role tagger's :func:`span_role` of each of ``spans`` (offsets into the text of
    ``tokens``; ``toks`` and ``starts`` as :func:`tag` and :func:`span_score` read them),
    equal to it over :func:`tag_roles` of every token, but run only on the tokens
    that reach the spans' tokens: each span's with :attr:`Tagger.reach` tokens either side
    (windows that overlap or touch merged), the windows one after the other in one run. A
    network's output at a token depends on that many tokens each side, so what lies beyond a
    window's edge changes nothing inside its spans."""
    tagger = Tagger.load(ROLE_TAGGER_FILE)
    placed = [span_tokens(toks, starts, start, end) for start, end in spans]
    windows: list[list[int]] = []
    for a, b in sorted((max(p[0] - tagger.reach, 0), min(p[1] + tagger.reach, len(tokens)))
                       for p in placed if p is not None):
        if windows and a <= windows[-1][1]:
            windows[-1][1] = max(windows[-1][1], b)
        else:
            windows.append([a, b])
    col = np.zeros(len(tokens), dtype=np.float32)
    if windows:
        probs = tagger.probs_of([t for a, b in windows for t in tokens[a:b]])[:, 3]
        at = 0
        for a, b in windows:
            col[a:b] = probs[at : at + b - a]
            at += b - a
    return [0.5 if p is None else float(col[p[0] : p[1]].mean()) for p in placed]


def span_tokens(toks: list[tuple[str, int]], starts: dict[int, int], start: int,
                end: int) -> tuple[int, int] | None:
    """The token range ``[i, j)`` of the span ``[start, end)``: from the token at ``start``
    through the tokens that end by ``end``; None when no token starts at ``start`` or none of
    them ends by ``end``. ``toks``: (word, offset) of every token; ``starts``: token index by
    offset."""
    i = starts.get(start)
    if i is None:
        return None
    j = i
    while j < len(toks) and toks[j][1] + len(toks[j][0]) <= end:
        j += 1
    return None if j == i else (i, j)


def span_score(toks: list[tuple[str, int]], probs: np.ndarray, starts: dict[int, int],
               start: int, end: int) -> tuple[float, float]:
    """How the tagger reads the span ``[start, end)`` of the text: the geometric mean of
    P(B) at its first token, P(I) at the others and 1 - P(I) after it (the tagger would place
    exactly this span), and the mean of P(B) + P(I) over its tokens (it sits in a phrase).
    (0, 0) when the span does not start and end at token boundaries. ``starts``: token index
    by offset."""
    span = span_tokens(toks, starts, start, end)
    if span is None:
        return 0.0, 0.0
    i, j = span
    logs = math.log(probs[i, 1] + 1e-6) + sum(math.log(probs[k, 2] + 1e-6)
                                              for k in range(i + 1, j))
    logs += math.log(1.0 - probs[j, 2] + 1e-6) if j < len(toks) else 0.0
    n = j - i + (1 if j < len(toks) else 0)
    inside = float((probs[i:j, 1] + probs[i:j, 2]).mean())
    return math.exp(logs / n), inside


def span_role(toks: list[tuple[str, int]], probs: np.ndarray, starts: dict[int, int],
              start: int, end: int) -> float:
    """The tagger's P(proposed) of the span ``[start, end)``: the mean of its role column over
    the tokens from the one at ``start`` that end by ``end``; 0.5 (no opinion) without a role
    column (a tagger trained without the head) or off token boundaries (:func:`span_tokens`)."""
    span = span_tokens(toks, starts, start, end) if probs.shape[1] >= 4 else None
    return 0.5 if span is None else float(probs[span[0] : span[1], 3].mean())
