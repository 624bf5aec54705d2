"""Train the method-phrase token tagger (``extract/phrases/tagger.py``) on the dev labels.

    python scripts/train_phrase_tagger.py [--epochs 8] [--oof-only | --final-only]
        [--role [--role-weight 0.25]]

Training data: the DEV parts of ``benchmarks/devset/phrases.jsonl`` (``benchmarks/splits.py``),
title + abstract as ``scripts/train_phrase_model.py`` reads them. Every occurrence of a labelled
phrase that starts and ends at token boundaries is tagged B I... (the first of overlapping
ones). The network of :mod:`extract.phrases.tagger`, trained with torch (Adam, learning rate
2e-3, batches of 32 abstracts of similar length, dropout 0.25, cross-entropy over O/B/I):

1. five fold models on the folds of ``scripts/train_phrase_model.py`` (abstracts permuted with
   seed 2034, fold = position mod 5; fold k's model has seed k), whose out-of-fold
   probabilities are written to ``scripts/.cache/phrase_tagger_oof.npz`` for the concept
   selection (``scripts/train_phrase_model.py --select-only`` reads them);
2. the shipped model on every dev abstract (seed 9): ``extract/data/phrase_tagger.npz``.

About 36 s per epoch on the 2-core machine, 40 epochs in all. ``--hidden 64`` trains half as
many channels per convolution (about 20 s per epoch): the selection's dev out-of-fold F1 was
.725 against .727 with 128, for 1.2 against 1.8 ms per abstract in the tagger; not shipped.
``--layers 4`` adds a fourth convolution (width 3, dilation 4: each token sees 19 tokens around
it): the selection's dev out-of-fold F1 was .728 against .727, and an ensemble of it with the
64-channel tagger (probabilities averaged) .728 too; not shipped.

``--role`` trains the role tagger the same way (fold models to
``scripts/.cache/phrase_tagger_oof_role.npz``, the shipped one to
``extract/data/phrase_role_tagger.npz``): the network with a second head, the role (proposed
or used) of each token inside a labelled phrase, a quarter of its cross-entropy added to the
loss (``--role-weight``). Only that head is read (``benchmarks/role_probe.py`` and the README
give the figures): trained together, the two heads placed phrases worse than the tagger alone.

Needs torch (a dependency of the bundled MiniLM model) and the ``train`` extra.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from extract.datafiles import DATA_DIR  # noqa: E402
from extract.keywords.encoder import load_encoder  # noqa: E402
from extract.phrases import model as PM  # noqa: E402
from extract.phrases import tagger as PT  # noqa: E402

OOF_FILE = ROOT / "scripts" / ".cache" / "phrase_tagger_oof.npz"
# the role tagger's fold models' probabilities (``--role``): O, B, I and P(proposed)
ROLE_OOF_FILE = ROOT / "scripts" / ".cache" / "phrase_tagger_oof_role.npz"
ROLE_WEIGHT = 0.25  # the role head's share of the role tagger's loss
MIN_COUNT = (3, 1, 1, 1, 1, 3)  # a feature value's dev occurrences to get its own embedding
DIMS = (64, 16, 8, 32, 16, 16)
HIDDEN = 128
SEED = 2034


def labels(full: str, toks: list[tuple[str, int]], phrases: list[str],
           roles: list[bool] | None = None) -> tuple[list[int], list[int]]:
    """O (0) / B (1) / I (2) of each token: every occurrence of a labelled phrase (any case)
    that starts and ends at token boundaries and overlaps no phrase tagged before it; and each
    token's role (1 proposed, 0 used, -100 outside a labelled phrase; ``roles``: whether each
    of ``phrases`` is proposed)."""
    low = full.lower()
    out = [0] * len(toks)
    role = [-100] * len(toks)
    starts = {off: i for i, (_, off) in enumerate(toks)}
    for phrase, proposed in zip(phrases, roles or [False] * len(phrases)):
        phrase = phrase.lower()
        pos = 0
        while phrase and (s := low.find(phrase, pos)) >= 0:
            e = s + len(phrase)
            pos = s + 1
            if s not in starts:
                continue
            i = j = starts[s]
            while j < len(toks) and toks[j][1] + len(toks[j][0]) <= e:
                j += 1
            if j == i or toks[j - 1][1] + len(toks[j - 1][0]) != e or any(out[i:j]):
                continue
            out[i] = 1
            out[i + 1 : j] = [2] * (j - i - 1)
            role[i:j] = [int(proposed)] * (j - i)
    return out, role


def dev_items() -> list[dict]:
    """Tokens, feature values and tags of every dev abstract, in the training script's order."""
    import train_phrase_model as TPM

    items = []
    for r in TPM.records("dev"):
        full = PM._document(r["text"], r.get("title") or "").full
        toks, feats = PT.token_features(full)
        tags, roles = labels(full, toks, [p["phrase"] for p in r["phrases"]],
                             [p["role"] == "proposed" for p in r["phrases"]])
        items.append({"toks": toks, "feats": feats, "tags": tags, "roles": roles})
    return items


def folds(n: int) -> np.ndarray:
    """The fold of each dev abstract: ``scripts/train_phrase_model.py``'s."""
    return np.random.default_rng(SEED).permutation(n) % 5


class Static:
    """The keyword encoder's vector of every word, one row per word (row 0: padding)."""

    def __init__(self, items: list[dict]) -> None:
        words = sorted({f[0] for it in items for f in it["feats"]})
        self.index = {w: i + 1 for i, w in enumerate(words)}
        vecs = load_encoder().encode(words)
        self.matrix = np.vstack([np.zeros((1, vecs.shape[1]), np.float32), vecs])


def _network(sizes: list[int], static: np.ndarray, hidden: int, layers: int = 3,
             role_head: bool = False):
    import torch
    from torch import nn

    class Net(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.emb = nn.ModuleList([nn.Embedding(sizes[k], DIMS[k], padding_idx=0)
                                      for k in range(PT.N_FEATS)])
            self.pre = nn.Embedding.from_pretrained(torch.from_numpy(static), freeze=True)
            self.proj = nn.Linear(static.shape[1], PT.PRE_DIMS)
            n = sum(DIMS) + PT.PRE_DIMS
            self.c1 = nn.Conv1d(n, hidden, 5, padding=2)
            self.c2 = nn.Conv1d(hidden, hidden, 5, padding=2)
            self.c3 = nn.Conv1d(hidden, hidden, 3, padding=2, dilation=2)
            # a fourth convolution (width 3, dilation 4): each token sees 19 tokens around it
            self.c4 = nn.Conv1d(hidden, hidden, 3, padding=4, dilation=4) if layers > 3 else None
            self.out = nn.Linear(hidden, 3)
            # the probe's second head: proposed or used, for tokens inside a labelled phrase
            self.role = nn.Linear(hidden, 2) if role_head else None
            self.drop = nn.Dropout(0.25)

        def forward(self, x):
            e = torch.cat([self.emb[k](x[:, :, k]) for k in range(PT.N_FEATS)]
                          + [torch.tanh(self.proj(self.pre(x[:, :, PT.N_FEATS])))], -1)
            h = self.drop(e).transpose(1, 2)
            h = self.drop(torch.relu(self.c1(h)))
            h = self.drop(torch.relu(self.c2(h)) + h)
            h = torch.relu(self.c3(h)) + h
            if self.c4 is not None:
                h = torch.relu(self.c4(self.drop(h))) + h
            h = self.drop(h.transpose(1, 2))
            return self.out(h), (self.role(h) if self.role is not None else None)

    return Net()


def _vocab(items: list[dict]) -> list[dict[str, int]]:
    counts = [collections.Counter() for _ in range(PT.N_FEATS)]
    for it in items:
        for f in it["feats"]:
            for k in range(PT.N_FEATS):
                counts[k][f[k]] += 1
    return [{v: i + 2 for i, v in enumerate(x for x, c in counts[k].items() if c >= MIN_COUNT[k])}
            for k in range(PT.N_FEATS)]


def _encode(vocab, static: Static, feats) -> np.ndarray:
    return np.array([[vocab[k].get(f[k], PT.UNKNOWN) for k in range(PT.N_FEATS)]
                     + [static.index.get(f[0], 0)] for f in feats],
                    dtype=np.int64).reshape(-1, PT.N_FEATS + 1)


def _batch(xs, ys=None, rs=None):
    import torch

    n = max(len(x) for x in xs)
    x = np.zeros((len(xs), n, PT.N_FEATS + 1), dtype=np.int64)
    y = np.full((len(xs), n), -100, dtype=np.int64)
    r = np.full((len(xs), n), -100, dtype=np.int64)
    for i, row in enumerate(xs):
        x[i, : len(row)] = row
        if ys is not None:
            y[i, : len(row)] = ys[i]
        if rs is not None:
            r[i, : len(row)] = rs[i]
    return torch.from_numpy(x), torch.from_numpy(y), torch.from_numpy(r)


def train(items: list[dict], static: Static, epochs: int, seed: int, hidden: int = HIDDEN,
          layers: int = 3, role_head: bool = False, role_weight: float = 1.0):
    """The fitted network and its vocabularies (``role_head``: with the role head, whose
    cross-entropy over the tokens of labelled phrases, times ``role_weight``, is added to the
    loss)."""
    import torch
    from torch import nn

    torch.manual_seed(seed)
    rnd = random.Random(seed)
    vocab = _vocab(items)
    net = _network([len(v) + 2 for v in vocab], static.matrix, hidden, layers, role_head)
    opt = torch.optim.Adam(net.parameters(), lr=2e-3)
    data = [(_encode(vocab, static, it["feats"]), it["tags"], it["roles"]) for it in items]
    for epoch in range(epochs):
        t0 = time.time()
        data.sort(key=lambda d: len(d[0]) // 20 + rnd.random())
        batches = [data[i : i + 32] for i in range(0, len(data), 32)]
        rnd.shuffle(batches)
        total = 0.0
        for b in batches:
            x, y, r = _batch([d[0] for d in b], [d[1] for d in b], [d[2] for d in b])
            tags, roles = net(x)
            loss = nn.functional.cross_entropy(tags.reshape(-1, 3), y.reshape(-1),
                                               ignore_index=-100)
            if roles is not None:
                loss = loss + role_weight * nn.functional.cross_entropy(
                    roles.reshape(-1, 2), r.reshape(-1), ignore_index=-100)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        print(f"  epoch {epoch}: loss {total / len(batches):.4f} ({time.time() - t0:.0f} s)",
              file=sys.stderr, flush=True)
    net.eval()
    return net, vocab


def predict(net, vocab, static: Static, items: list[dict]) -> list[np.ndarray]:
    import torch

    out = []
    with torch.no_grad():
        for i in range(0, len(items), 64):
            b = items[i : i + 64]
            x, _, _ = _batch([_encode(vocab, static, it["feats"]) for it in b])
            tags, roles = net(x)
            probs = torch.softmax(tags, -1)
            if roles is not None:  # a fourth column: P(proposed)
                probs = torch.cat([probs, torch.softmax(roles, -1)[:, :, 1:]], -1)
            probs = probs.numpy()
            out += [probs[j, : len(it["feats"])].astype(np.float32) for j, it in enumerate(b)]
    return out


def export(net, vocab) -> dict[str, np.ndarray]:
    """The arrays of ``extract/data/phrase_tagger.npz`` (float16 weights)."""
    sd = {k: v.detach().numpy() for k, v in net.state_dict().items()}
    out: dict[str, np.ndarray] = {}
    for k in range(PT.N_FEATS):
        words = sorted(vocab[k], key=vocab[k].get)
        out[f"vocab{k}"] = np.array(words, dtype=str)
        out[f"emb{k}"] = sd[f"emb.{k}.weight"]
    out.update({"proj_w": sd["proj.weight"], "proj_b": sd["proj.bias"],
                "c1_w": sd["c1.weight"], "c1_b": sd["c1.bias"],
                "c2_w": sd["c2.weight"], "c2_b": sd["c2.bias"],
                "c3_w": sd["c3.weight"], "c3_b": sd["c3.bias"],
                "out_w": sd["out.weight"], "out_b": sd["out.bias"]})
    if "c4.weight" in sd:
        out.update({"c4_w": sd["c4.weight"], "c4_b": sd["c4.bias"]})
    if "role.weight" in sd:  # the role head: P(proposed) of a token inside a phrase
        out.update({"role_w": sd["role.weight"], "role_b": sd["role.bias"]})
    return {k: (v.astype(np.float16) if v.dtype == np.float32 else v) for k, v in out.items()}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--hidden", type=int, default=HIDDEN,
                    help=f"channels of each convolution (default {HIDDEN})")
    ap.add_argument("--layers", type=int, default=3, choices=(3, 4),
                    help="convolutions (4: a fourth, dilated by 4)")
    ap.add_argument("--oof-only", action="store_true", help="the fold models only")
    ap.add_argument("--final-only", action="store_true", help="the shipped model only")
    ap.add_argument("--role", action="store_true",
                    help="the role tagger: the network with a second head for the role "
                    f"(proposed or used); out-of-fold probabilities to {ROLE_OOF_FILE.name}, "
                    f"the shipped model to {PT.ROLE_TAGGER_FILE}")
    ap.add_argument("--role-weight", type=float, default=ROLE_WEIGHT,
                    help=f"with --role: the role head's share of the loss (default {ROLE_WEIGHT})")
    args = ap.parse_args(argv)
    if args.role and args.role_weight <= 0:
        ap.error("--role-weight must be above 0")
    out_file = ROLE_OOF_FILE if args.role else OOF_FILE
    model_file = PT.ROLE_TAGGER_FILE if args.role else PT.TAGGER_FILE
    import torch

    torch.set_num_threads(2)
    items = dev_items()
    static = Static(items)
    print(f"{len(items)} dev abstracts, {sum(len(it['toks']) for it in items)} tokens",
          file=sys.stderr)
    if not args.final_only:
        fold = folds(len(items))
        oof: list = [None] * len(items)
        for k in range(5):
            print(f"fold {k}", file=sys.stderr)
            net, vocab = train([it for it, f in zip(items, fold) if f != k], static,
                               args.epochs, k, args.hidden, args.layers, args.role,
                               args.role_weight)
            idx = np.where(fold == k)[0]
            for i, p in zip(idx, predict(net, vocab, static, [items[i] for i in idx])):
                oof[i] = p
        out_file.parent.mkdir(parents=True, exist_ok=True)
        lengths = np.array([len(p) for p in oof])
        np.savez_compressed(out_file, lengths=lengths, probs=np.concatenate(oof))
        print(f"wrote {out_file}", file=sys.stderr)
    if not args.oof_only:
        print("shipped model", file=sys.stderr)
        net, vocab = train(items, static, args.epochs, 9, args.hidden, args.layers, args.role,
                           args.role_weight)
        np.savez_compressed(DATA_DIR / model_file, **export(net, vocab))
        print(f"wrote {DATA_DIR / model_file}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
