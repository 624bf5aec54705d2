"""Seconds per 100 KB for extract.sizes and extract.metrics on 1 MB adversarial inputs.

    python benchmarks/adversarial_numbers.py

The inputs are long runs of what the patterns look for (digits, dots, magnitude letters,
spaces, percent signs, multiplication signs) and mixtures of them. Linear patterns keep every
input far below one second per 100 KB; a catastrophically backtracking one would not finish.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from extract.records import PaperText  # noqa: E402
from extract.stages import metrics, sizes  # noqa: E402

MB = 1_000_000


def adversarial_inputs(size: int = MB) -> dict[str, str]:
    """Named adversarial texts of about ``size`` characters."""
    pieces = {
        "digits": "1",
        "dots": ".",
        "digit-dot": "1.",
        "Bs": "B",
        "digit-B": "7B",
        "spaces": " ",
        "percents": "%",
        "digit-percent": "9%",
        "xs": "x",
        "digit-x": "2x",
        "times": "5 × ",
        "commas": "1,000,",
        "latex": "$\\sim2.5\\times$ \\% ",
        "up-to": "up to up to ",
        "mixed": "1.2B 3.4% 5x ~6M-parameter 7 billion parameters 8×H100 Llama-3-8B up to ",
        "hyphens": "Llama-3-8B-",
        "no-break": "1\u00a0\u2009%\u202f",
    }
    return {name: (p * (size // len(p) + 1))[:size] for name, p in pieces.items()}


def _per_100k(fn, text: str) -> tuple[float, int]:
    t0 = time.perf_counter()
    n = len(fn(text))
    return (time.perf_counter() - t0) / (len(text) / 100_000), n


def main() -> None:
    """Time both extractors on each input and print seconds per 100 KB."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--with-benchmarks-kb",
        type=int,
        default=20,
        help="also time metrics.extract_rows (which calls extract.benchmarks) on this many KB",
    )
    args = ap.parse_args()
    worst = 0.0
    print("find_sizes / find_metrics on 1 MB each (the pattern code of the two stages):")
    for name, text in adversarial_inputs().items():
        s_t, s_n = _per_100k(sizes.find_sizes, text)
        m_t, m_n = _per_100k(metrics.find_metrics, text)
        worst = max(worst, s_t, m_t)
        print(
            f"{name:>14}  sizes {s_t:7.4f} s/100KB ({s_n} rows)  metrics {m_t:7.4f} s/100KB ({m_n} rows)"
        )
    print(f"worst: {worst:.4f} s per 100 KB (budget 1 s)")
    if args.with_benchmarks_kb:
        kb = args.with_benchmarks_kb
        print(f"metrics.extract_rows incl. extract.benchmarks, first {kb} KB of each input:")
        for name, text in adversarial_inputs(kb * 1000).items():
            t, n = _per_100k(lambda x: metrics.extract_rows(PaperText("adversarial", x)), text)
            print(f"{name:>14}  {t:8.4f} s/100KB ({n} rows)")


if __name__ == "__main__":
    main()
