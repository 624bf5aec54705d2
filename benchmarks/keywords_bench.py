"""Keyword extraction: YAKE vs naive KeyBERT vs this project's pipeline, in one run.

Gold labels are the author keywords of the ICLR 2017/2018 paperlists files (``keywords``, split
on ``;``); papers without author keywords are skipped. Every system reads the same text (title,
then abstract). Matching is exact after normalisation: lower-case, a trailing ``(ACR)`` dropped,
punctuation removed (hyphens become spaces), the last word's plural folded.

    python benchmarks/keywords_bench.py                       # quality + speed, 3 systems
    python benchmarks/keywords_bench.py --naive-sample 100    # naive KeyBERT on 100 docs
    python benchmarks/keywords_bench.py --all-corpus          # ours on every file: docs/s, peak RSS

Peak RSS is ``resource.getrusage(RUSAGE_SELF).ru_maxrss`` of this process; run ``--all-corpus``
on its own so that it measures only the pipeline.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from extract.records import PaperText  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpora" / "paperlists"
LABELLED = ("iclr2017.json", "iclr2018.json")


def normalise(phrase: str) -> str:
    """Lower-case, drop a trailing ``(...)``, punctuation to spaces, fold the last word's plural."""
    p = re.sub(r"\s*\([^)]*\)\s*$", "", phrase.lower())
    words = re.sub(r"[^a-z0-9]+", " ", p).split()
    if not words:
        return ""
    last = words[-1]
    if len(last) > 3 and last.endswith("ies"):
        last = last[:-3] + "y"
    elif len(last) > 2 and last.endswith("s") and not last.endswith(("ss", "us", "is")):
        last = last[:-1]
    words[-1] = last
    return " ".join(words)


def load(files: Sequence[str], labelled: bool) -> tuple[list[PaperText], list[list[str]]]:
    """Papers (deduplicated by abstract) and their gold keyphrases (normalised)."""
    papers: list[PaperText] = []
    gold: list[list[str]] = []
    seen: set[str] = set()
    for name in files:
        for i, rec in enumerate(json.loads((CORPUS / name).read_text(encoding="utf-8"))):
            abstract = (rec.get("abstract") or "").strip()
            if len(abstract) < 50 or abstract in seen:
                continue
            kws = list(
                dict.fromkeys(
                    k for k in (normalise(x) for x in (rec.get("keywords") or "").split(";")) if k
                )
            )
            if labelled and not kws:
                continue
            seen.add(abstract)
            papers.append(
                PaperText(f"{name}:{i}", abstract, (rec.get("title") or "").strip() or None)
            )
            gold.append(kws)
    return papers, gold


def text_of(p: PaperText) -> str:
    """Title then abstract: the same input for every system."""
    return f"{p.title}. {p.abstract}" if p.title else p.abstract


def f1_at(preds: list[list[str]], gold: list[list[str]], k: int) -> float:
    """Macro F1@k: precision over k predictions, recall over the gold set."""
    total = 0.0
    for pred, g in zip(preds, gold):
        top = list(dict.fromkeys(x for x in (normalise(p) for p in pred) if x))[:k]
        hits = len(set(top) & set(g))
        if hits:
            prec, rec = hits / k, hits / len(g)
            total += 2 * prec * rec / (prec + rec)
    return total / max(len(gold), 1)


def timed(fn: Callable[[], list[list[str]]]) -> tuple[list[list[str]], float]:
    t = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t


def run_yake(papers: Sequence[PaperText]) -> list[list[str]]:
    import yake

    ex = yake.KeywordExtractor(lan="en", n=3, top=10)
    return [[k for k, _ in ex.extract_keywords(text_of(p))] for p in papers]


def run_naive(papers: Sequence[PaperText], kw_model) -> list[list[str]]:
    return [
        [
            k
            for k, _ in kw_model.extract_keywords(
                text_of(p), keyphrase_ngram_range=(1, 3), stop_words="english", top_n=10
            )
        ]
        for p in papers
    ]


def run_ours(papers: Sequence[PaperText], **options) -> list[list[str]]:
    import extract.keywords as keywords

    keywords.clear_caches()  # cold: no memoised keywords or phrase vectors
    return [[k for k, _ in kws] for kws in keywords.extract_keywords(papers, **options)]


def peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: KiB


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--naive-sample", type=int, default=100, help="documents for naive KeyBERT (~1 doc/s)"
    )
    ap.add_argument("--limit", type=int, default=0, help="use only the first N labelled papers")
    ap.add_argument(
        "--all-corpus", action="store_true", help="only our pipeline, on every corpus file"
    )
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    if not CORPUS.is_dir():
        print(f"corpus not found: {CORPUS}", file=sys.stderr)
        return 2

    import extract.keywords as keywords

    t = time.perf_counter()
    kw_model = keywords.load_model()
    keywords.keyword_nlp()("Warm up the tagger.")
    print(
        f"model + spaCy load: {time.perf_counter() - t:.1f}s; torch threads: "
        f"{__import__('torch').get_num_threads()}; cpus: {os.cpu_count()}"
    )

    if args.all_corpus:
        files = sorted(p.name for p in CORPUS.glob("*.json"))
        papers, _ = load(files, labelled=False)
        rss0 = peak_rss_mib()
        _, secs = timed(lambda: run_ours(papers))
        print(
            f"all corpus: {len(papers)} abstracts from {len(files)} files in {secs:.1f}s "
            f"({len(papers) / secs:.1f} docs/s); peak RSS {peak_rss_mib():.0f} MiB "
            f"({peak_rss_mib() / 1024:.2f} GiB; {rss0:.0f} MiB after loading models)"
        )
        return 0

    papers, gold = load(LABELLED, labelled=True)
    if args.limit:
        papers, gold = papers[: args.limit], gold[: args.limit]
    print(
        f"{len(papers)} ICLR 2017/2018 papers with author keywords "
        f"(mean {sum(map(len, gold)) / len(gold):.1f} gold keyphrases)"
    )
    sample = sorted(
        random.Random(args.seed).sample(range(len(papers)), min(args.naive_sample, len(papers)))
    )

    results = []
    preds, secs = timed(lambda: run_yake(papers))
    results.append(("YAKE (n=3, top 10)", preds, gold, secs))
    s_papers, s_gold = [papers[i] for i in sample], [gold[i] for i in sample]
    preds, secs = timed(lambda: run_naive(s_papers, kw_model))
    results.append((f"naive KeyBERT (1-3 grams, {len(sample)} docs)", preds, s_gold, secs))
    preds, secs = timed(lambda: run_ours(papers))
    results.append(("paper-trends keywords", preds, gold, secs))
    ours_on_sample = [preds[i] for i in sample]

    naive_dps = len(sample) / results[1][3]
    print(f"\n{'system':<40} {'docs':>5} {'F1@5':>7} {'F1@10':>7} {'docs/s':>8} {'vs naive':>9}")
    for name, p, g, secs in results:
        dps = len(p) / secs
        print(
            f"{name:<40} {len(p):>5} {f1_at(p, g, 5):>7.4f} {f1_at(p, g, 10):>7.4f} {dps:>8.2f} "
            f"{dps / naive_dps:>8.1f}x"
        )
    print(
        f"{'paper-trends keywords, naive sample':<40} {len(sample):>5} "
        f"{f1_at(ours_on_sample, s_gold, 5):>7.4f} {f1_at(ours_on_sample, s_gold, 10):>7.4f}"
    )
    yake_f1 = f1_at(results[0][1], gold, 5)
    print(
        f"\nF1@5 ours / YAKE: {f1_at(results[2][1], gold, 5) / yake_f1:.2f}x; "
        f"peak RSS {peak_rss_mib():.0f} MiB"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
