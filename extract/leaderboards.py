r"""Leaderboards you can trust: only comparable numbers on one board.

A board is one benchmark, one task and one metric, each with a canonical identity:

* **Benchmarks** have an id, a name and aliases (``data/benchmark_aliases.toml``): ImageNet =
  ImageNet-1K = ILSVRC-2012, enwik8 = Hutter Prize, PTB = Penn Treebank; ImageNet-21K and
  ImageNet-V2 stay apart. A benchmark not listed is its own board under its most used
  spelling (names folded: "WikiText-2" = "Wikitext2"). A subset ("MMLU astronomy", GLUE's
  tasks) is its own board or is flagged and kept off its parent's; a split (COCO test-dev,
  val) is shown as the row's ``split``.
* **Metrics** are the results stage's metric refined by the words at the number
  (``data/board_metrics.toml``): "top-5 accuracy", "23.9% top-1 error" (lower is better,
  never on an accuracy board), "AP50", "mask AP", "pass@10"; COCO "AP" and "mAP" are one
  metric. A benchmark says what a bare metric means on it ("accuracy" on ImageNet is top-1
  accuracy).
* **Tasks**: the metric's (keypoint AP is pose estimation), else the task word nearest the
  number or in the title ("instance segmentation", "BEV map segmentation"), else the
  benchmark's.

Every row gets its **setting** as fields (``shot``: zero-shot, few-shot k, fine-tuned, linear
probe or k-NN; ``extra_data``; ``robust``; ``selective``; ``subset``; ``split``; ``size`` where
stated) and a setting label from them (``standard``, or e.g. ``zero-shot``, ``robust``,
``low data``, ``annotation-free``, ``character-level``, ``subset: astronomy``, a generation
resolution ``256x256``; extra data is a flag, not a setting). It also says **whose number** it
is (``role``): the paper's own method (``own``; the B of "from A to B"), a ``baseline`` it
compares against ("than X", the A of "from A to B", "previous best"), or a model ``evaluated``
by a benchmark or analysis paper. ``method`` is the paper's own method name (the methods
stage's proposed name, else the title's "Name: ..." prefix, else the name after "our" /
"obtain") when the number is the paper's own, else the system the sentence names (not one only
given as an example after "such as").

A number is **placed** on a board only when it is a score of the metric on that board's scale;
otherwise it goes to the benchmark's unplaced list with the reason: a change or share written
at the number or at the head or tail of its list ("a 17.9% improvement", "35% of the
compute"), a bound ("over 90%"), no metric named, a number written with another benchmark, a
unit that does not fit, above 100%, or (in the standard setting) above the best result ever
published for that board (``record`` in the benchmark data). Gains, ratios and counts (the
other ``kind``\ s) never are scores. A board shows by default only the paper's own methods in
the board's main setting (the one most papers report their own scores in, ``standard`` on a
tie, never a subset), one row per paper (its best); ``all_settings`` shows every setting and
role, labelled. The results stage stores these fields on every row (:func:`with_board_fields`).

Cue phrases are data (``data/board_cues.toml``). Every function here is pure over the
``results``, ``papers``, ``methods``, ``names`` and ``benchmarks`` frames; :func:`load`
reads them from a database for one benchmark or all.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

import pandas as pd

from extract.datafiles import load_toml
from extract.text.sentences import sentences

EVIDENCE_MARKS = ("⟦", "⟧")
BOUND_QUALIFIERS = frozenset({"over", "up to", "about", "around", "nearly", "almost", "at least",
                              "at most", "more than", "less than", "above", "below", "under",
                              "approximately", "roughly", "~", ">", "<", "≥", "≤", "exceeding",
                              "beyond", "close to", "as high as", "as low as", "within"})
STANDARD = "standard"
ROLES = ("own", "baseline", "evaluated")
# Time, memory and compute units and their factor to seconds, bytes, FLOPs.
UNIT_SCALE = {
    "ms": ("s", 1e-3), "millisecond": ("s", 1e-3), "milliseconds": ("s", 1e-3),
    "us": ("s", 1e-6), "μs": ("s", 1e-6), "microseconds": ("s", 1e-6),
    "s": ("s", 1.0), "sec": ("s", 1.0), "secs": ("s", 1.0), "second": ("s", 1.0),
    "seconds": ("s", 1.0), "min": ("s", 60.0), "mins": ("s", 60.0), "minute": ("s", 60.0),
    "minutes": ("s", 60.0), "h": ("s", 3600.0), "hr": ("s", 3600.0), "hrs": ("s", 3600.0),
    "hour": ("s", 3600.0), "hours": ("s", 3600.0), "day": ("s", 86400.0),
    "days": ("s", 86400.0), "kb": ("B", 1e3), "mb": ("B", 1e6), "gb": ("B", 1e9),
    "tb": ("B", 1e12), "kib": ("B", 1024.0), "mib": ("B", 1024.0**2), "gib": ("B", 1024.0**3),
    "flops": ("FLOPs", 1.0), "mflops": ("FLOPs", 1e6), "gflops": ("FLOPs", 1e9),
    "tflops": ("FLOPs", 1e12), "pflops": ("FLOPs", 1e15), "macs": ("FLOPs", 2.0),
    "gmacs": ("FLOPs", 2e9),
}
PERCENT_UNITS = ("%", "points", None)
# costs and speeds: a percentage of them is a saving, never a score
EFFICIENCY = frozenset({"speedup", "throughput", "FPS", "latency", "training time", "training cost",
                        "memory", "parameters", "compute", "cost", "tokens", "compression ratio",
                        "sample efficiency"})
TASK_WORDS = (
    ("keypoints", re.compile(r"\bkeypoints?\b|\bpose estimation\b|\bhuman pose\b", re.I)),
    ("map construction", re.compile(r"\bHD map|\bmap construction\b|\bvectori[sz]ed map", re.I)),
    (
        "BEV map segmentation",
        re.compile(r"\bBEV (?:map |semantic )?segmentation\b|\bmap segmentation\b", re.I),
    ),
    ("detection", re.compile(r"\bdetect(?:ion|or)s?\b|\bbox AP\b|AP\^?_?\{?box", re.I)),
    ("instance segmentation", re.compile(r"\binstance segmentation\b", re.I)),
    ("panoptic segmentation", re.compile(r"\bpanoptic\b", re.I)),
    ("semantic segmentation", re.compile(
        r"\bsemantic segmentation\b|\b(?:LiDAR|point[- ]cloud|3D) (?:semantic )?segmentation\b",
        re.I,
    )),
    ("captioning", re.compile(r"\bcaption(?:ing|s)?\b", re.I)),
    ("retrieval", re.compile(r"\bretrieval\b", re.I)),
)
# tasks a benchmark's rows may be split into, by the benchmark's own task
SPLITTABLE_TASKS = frozenset({"detection"})


def fold(name: object) -> str:
    """``name`` lower-cased with only letters, digits and ``+``: "ImageNet-1k" -> "imagenet1k"."""
    return "".join(ch for ch in str(name).lower() if ch.isalnum() or ch == "+")


# --- the catalogue -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Benchmark:
    """A benchmark's identity (``data/benchmark_aliases.toml``, or ad hoc for unlisted ones)."""

    id: str
    name: str
    aliases: tuple[str, ...] = ()
    task: str | None = None
    metric_map: dict = field(default_factory=dict)
    main: str | None = None
    record: dict = field(default_factory=dict)
    parent: str | None = None
    subsets: tuple[str, ...] = ()
    metric_task: dict = field(default_factory=dict)
    listed: bool = False


@dataclass(frozen=True)
class Metric:
    """A board metric (``data/board_metrics.toml``)."""

    id: str
    name: str
    direction: str | None
    percent: bool
    sources: tuple[str, ...]
    near: re.Pattern | None
    aliases: tuple[str, ...]
    task: str | None


@lru_cache(maxsize=1)
def benchmarks() -> dict[str, Benchmark]:
    """Listed benchmarks by id."""
    out = {}
    for b in load_toml("benchmark_aliases.toml")["benchmark"]:
        out[b["id"]] = Benchmark(
            id=b["id"],
            name=b["name"],
            aliases=tuple(b.get("aliases", ())),
            task=b.get("task"),
            metric_map=dict(b.get("metric", {})),
            main=b.get("main"),
            record=dict(b.get("record", {})),
            parent=b.get("parent"),
            subsets=tuple(b.get("subsets", ())),
            metric_task=dict(b.get("metric_task", {})),
            listed=True,
        )
    return out


@lru_cache(maxsize=1)
def _benchmark_keys() -> dict[str, str]:
    keys = {}
    for b in benchmarks().values():
        for n in (b.id, b.name, *b.aliases):
            keys[fold(n)] = b.id
    return keys


@lru_cache(maxsize=1)
def metrics() -> tuple[Metric, ...]:
    """Board metrics in file order (the first whose ``near`` matches wins)."""
    return tuple(
        Metric(
            id=m["id"],
            name=m["name"],
            direction=m.get("direction"),
            percent=bool(m.get("percent", False)),
            sources=tuple(m.get("from", ())),
            near=re.compile(m["near"], re.I) if m.get("near") else None,
            aliases=tuple(m.get("aliases", ())),
            task=m.get("task"),
        )
        for m in load_toml("board_metrics.toml")["metric"]
    )


@lru_cache(maxsize=1)
def _metric_by_name() -> dict[str, Metric]:
    out: dict[str, Metric] = {}
    for m in metrics():
        out.setdefault(m.name, m)
    return out


@lru_cache(maxsize=1)
def cues() -> dict[str, tuple[str, re.Pattern]]:
    """Cue id -> (window, compiled pattern)."""
    return {
        c["id"]: (c["window"], re.compile(c["pattern"], re.I))
        for c in load_toml("board_cues.toml")["cue"]
    }


def benchmark_of(name: str) -> Benchmark:
    """The canonical benchmark of a name in any spelling (an ad hoc one when not listed)."""
    key = fold(name)
    bid = _benchmark_keys().get(key)
    if bid:
        return benchmarks()[bid]
    return Benchmark(id=key, name=str(name))


def board_metric(stage_metric: str | None, near: str, bench: Benchmark) -> Metric | None:
    """The board metric of a results-stage metric, refined by the words ``near`` the number."""
    if not stage_metric:
        return None
    chosen = None
    for m in metrics():
        if stage_metric not in m.sources:
            continue
        if m.near is None or m.near.search(near):
            chosen = m
            break
    if chosen is None:
        from extract.results.vocab import metric_direction, metric_is_percent

        chosen = Metric(
            id=fold(stage_metric), name=stage_metric, direction=metric_direction(stage_metric),
            percent=metric_is_percent(stage_metric), sources=(stage_metric,), near=None,
            aliases=(), task=None,
        )
    mapped = bench.metric_map.get(chosen.name)
    if mapped and mapped in _metric_by_name():
        return _metric_by_name()[mapped]
    return chosen


def normalise_unit(value: float, unit: str | None) -> tuple[float, str | None]:
    """Time in seconds, memory in bytes, compute in FLOPs; other units unchanged."""
    if unit and unit.lower() in UNIT_SCALE:
        to, factor = UNIT_SCALE[unit.lower()]
        return value * factor, to
    return value, unit


# --- reading one row ---------------------------------------------------------------------------


@dataclass
class Placed:
    """What a board needs to know about one result row."""

    bench_id: str
    bench: str
    parent: str | None
    task: str | None
    metric_id: str | None
    metric: str | None
    direction: str | None
    score: float | None
    unit: str | None
    norm_value: float
    norm_unit: str | None
    shot: str | None
    extra_data: bool | None
    robust: bool
    selective: bool
    subset: str | None
    split: str | None
    size: str | None
    setting: str
    role: str
    method: str | None
    placed: bool
    reason: str | None
    evidence: str


def _sentence(abstract: str, start: int, end: int) -> tuple[int, str]:
    for off, sent in sentences(abstract):
        if off <= start < off + len(sent):
            return off, sent
    return 0, abstract


# a number standing alone: not the digits of "ADE20K", "ResNet18", "GPT-4"
NUMBER_RE = re.compile(r"(?<![\w.@-])\d+(?:[.,]\d+)?(?:x\b|(?![A-Za-z\d]))")


def _windows(sent: str, s: int, e: int) -> tuple[str, str]:
    """The words before the number back to the previous number or clause break, and after it
    up to the next number (at most 60 characters each way)."""
    lo = max(0, s - 60)
    before = sent[lo:s]
    prev = [m.end() for m in NUMBER_RE.finditer(before)]
    if prev:
        before = before[prev[-1]:]
    brk = max(before.rfind(";"), before.rfind(" while "), before.rfind(" whereas "))
    if brk >= 0:
        before = before[brk + 1 :]
    after = sent[e : e + 60]
    nxt = NUMBER_RE.search(after)
    if nxt:
        after = after[: nxt.start()]
    return before, after


def _cue(cue_id: str, before: str, after: str, sent: str) -> re.Match | None:
    window, pat = cues()[cue_id]
    text = {"before": before, "after": after, "sentence": sent}[window]
    return pat.search(text)


def _subset(bench: Benchmark, sent: str) -> str | None:
    """A subset written right at the benchmark's name ("MMLU astronomy", "astronomy subset of
    MMLU")."""
    names = [re.escape(n) for n in (bench.name, *bench.aliases)]
    if not names:
        return None
    name_re = "(?:" + "|".join(names) + ")"
    if bench.subsets:
        subs = "(?:" + "|".join(re.escape(x) for x in bench.subsets) + ")"
        m = re.search(rf"{name_re}[\s-]+\(?({subs})\b", sent, re.I) or re.search(
            rf"\b({subs})\s+(?:subset|subject|split|portion|part|questions)?\s*(?:of|from|in)\s+"
            rf"(?:the\s+)?{name_re}",
            sent,
            re.I,
        )
        if m:
            return m.group(1).lower()
    return None


# the words between two numbers of one list: "72.4% and", "% on SVHN", "% to", "% (", "/"
LIST_GAP = re.compile(
    r"^[\s%)*\\$}]*(?:points?|pp)?[\s,;/]*(?:(?:and|or|to|vs\.?|→|->|\\to)\s*)?"
    r"(?:\(|(?:on|in|for)\s+(?:the\s+)?[\w.+-]+\s*)?[\s,(*${]*$"
)
OWN_NAME = re.compile(
    r"\b(?:[Oo]ur|the proposed|obtain|called|dubbed|named|termed)\s+(?:[\w-]+\s+){0,3}?"
    r"(?P<n>[A-Za-z][\w.+-]*[A-Z][\w.+-]*|[A-Z][\w.+]*-[\w.+-]+)"
)


def _head(sent: str, s: int) -> str:
    """The words before the first number of the list the number at ``s`` ends ("boosts of up
    to" for the 2.5 of "boosts of up to 6.6% on CIFAR10, 2.9% on SVHN, 2.5% on CIFAR100")."""
    pos = s
    while True:
        lo = max(0, pos - 60)
        seg = sent[lo:pos]
        nums = list(NUMBER_RE.finditer(seg))
        if not nums:
            return seg
        gap = seg[nums[-1].end() :]
        if not LIST_GAP.match(gap) or nums[-1].start() + lo >= pos:
            return gap
        pos = lo + nums[-1].start()


def _tail(sent: str, e: int) -> str:
    """The words after the last number of the list the number ending at ``e`` starts ("of
    annotations" for the 0.8 of "(0.8% vs. 25% of annotations)")."""
    pos = e
    while True:
        seg = sent[pos : pos + 60]
        nxt = NUMBER_RE.search(seg)
        if nxt is None:
            return re.sub(r"^\s*(?:%|x\b|points?\b)", "", seg) if pos != e else seg
        gap = seg[: nxt.start()]
        if not LIST_GAP.match(gap) or nxt.end() == 0:
            return gap
        pos = pos + nxt.end()


@lru_cache(maxsize=1)
def _listed_names() -> re.Pattern:
    names = sorted(
        {n for b in benchmarks().values() for n in (b.name, *b.aliases)}, key=len, reverse=True
    )
    return re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(n) for n in names) + r")(?![\w-])")


def _other_benchmark(bench: Benchmark, head: str, after: str, written: str | None) -> str | None:
    """Another listed benchmark named in the words before the number (or its list), when this
    benchmark is not named there nor right after it: "boosting the ImageNet Top-1 accuracy of
    ResNet18 from 69.90% to 71.96%" is no CIFAR-100 score."""
    own = {fold(n) for n in (bench.name, *bench.aliases, written or "")}
    others = [m.group() for m in _listed_names().finditer(head) if fold(m.group()) not in own]
    if not others:
        return None
    if any(fold(m.group()) in own for m in _listed_names().finditer(head + " " + after[:40])):
        return None
    if written and written in head + after[:40]:
        return None
    return others[-1]


def _more_specific(bench: Benchmark, sent: str) -> Benchmark:
    """The listed benchmark a sentence names when it names a longer one starting with this
    one's name and never this one alone ("MMLU-Pro", "ImageNet-V2", "HumanEval+")."""
    found = [benchmark_of(m.group()) for m in _listed_names().finditer(sent)]
    if not found or any(b.id == bench.id for b in found):
        return bench
    stem = fold(bench.name)
    longer = [b for b in found if fold(b.name).startswith(stem) and b.id != bench.id]
    return longer[0] if longer else bench


def _only_as_example(name: str, sent: str, s: int) -> bool:
    """``name`` occurs before the number only after "such as", "including", "e.g."."""
    text = sent[:s]
    spots = [m.start() for m in re.finditer(re.escape(name), text)]
    if not spots:
        return False
    intro = [m.end() for m in cues()["example_of"][1].finditer(text)]
    return all(any(0 <= p - i <= 60 for i in intro) for p in spots)


NAME_SHAPED = re.compile(
    r"(?<![\w-])(?:[A-Z][\w.+]*(?:-[\w.+]+)+|[A-Za-z]+[A-Z][\w.+]*|[A-Z]{2,}[\w.+]*)(?![\w-])"
)


TO_GAP = re.compile(r"^[\s%)*$}]*(?:points?\s*)?(?:to|→|->|\\to|\$\\to\$)\s*[$({]*\s*$")


def _improved_to(sent: str, s: int, before: str) -> bool:
    """The B of "from A to B": the value the paper's change reaches ("improved performance on
    the MMLU astronomy benchmark from 69% to 76%")."""
    return bool(TO_GAP.match(before)) and bool(re.search(r"\bfrom\s*[$({]*\s*$", _head(sent, s)))


def _other_name(text: str, not_these: list[str]) -> str | None:
    """The last name-shaped word of ``text`` that is none of ``not_these`` (folded)."""
    names = [m.group() for m in NAME_SHAPED.finditer(text) if fold(m.group()) not in not_these]
    return names[-1] if names else None


@lru_cache(maxsize=1)
def _metric_words() -> frozenset[str]:
    words = {fold(a) for m in load_toml("results_vocab.toml")["metric"] for a in m["aliases"]}
    words |= {fold(m.name) for m in metrics()} | {fold(a) for m in metrics() for a in m.aliases}
    return frozenset(words)


def _own_name(text: str) -> str | None:
    """The name after "our", "the proposed", "obtain", "called" nearest before the number (not
    a metric: "our approach achieves a FID")."""
    hits = [m for m in OWN_NAME.finditer(text) if fold(m.group("n")) not in _metric_words()]
    return hits[-1].group("n") if hits else None


def _resolution(text: str) -> str:
    """ "256 $\\times$ 256" -> "256x256"."""
    return "x".join(re.findall(r"\d+", text)[:2])


def read_row(
    row: dict,
    abstract: str,
    bench: Benchmark,
    proposed: list[str],
    evaluation_paper: bool,
    title: str | None = None,
) -> Placed:
    """Board fields of one ``results`` row (a dict with the table's columns)."""
    start, end = int(row["start"]), int(row["end"])
    off, sent = _sentence(abstract, start, end)
    s, e = start - off, min(end, off + len(sent)) - off
    if bench.name:
        bench = _more_specific(bench, sent)
    before, after = _windows(sent, s, e)
    evidence = f"{sent[:s]}{EVIDENCE_MARKS[0]}{sent[s:e]}{EVIDENCE_MARKS[1]}{sent[e:]}".strip()
    near = f"{before} {sent[s:e]} {after}"
    metric = board_metric(row.get("metric"), near, bench)

    # task
    task = metric.task if metric and metric.task else None
    if task is None and metric is not None:
        task = bench.metric_task.get(metric.name)
    if task is None and (bench.task in SPLITTABLE_TASKS or bench.task is None):
        # the task word nearest to the number ("53.2% box AP on COCO detection, 54.7% mIoU on
        # ADE20K semantic segmentation"), else the title's ("RTMO: ... Pose Estimation")
        best = None
        for name, pat in TASK_WORDS:
            for m in pat.finditer(sent):
                # "79.4 mIoU for 3D semantic segmentation": the words after a number name
                # its task more often than those before it
                dist = (m.start() - e) / 2 if m.start() >= e else s - m.end()
                if best is None or dist < best[0]:
                    best = (dist, name)
        if best is None and title:
            best = next(((0, n) for n, pat in TASK_WORDS if pat.search(str(title))), None)
        task = best[1] if best else None
    task = task or bench.task

    # setting fields
    shot = None
    if _cue("zero_shot", before, after, sent):
        shot = "zero-shot"
    elif m := _cue("few_shot", before, after, sent):
        k = m.group("k").lower()
        shot = "few-shot" if k == "few" else f"{1 if k == 'one' else k}-shot"
    elif _cue("linear_probe", before, after, sent):
        shot = "linear probe"
    elif _cue("fine_tuned", before, after, sent):
        shot = "fine-tuned"
    extra = None
    if _cue("no_extra_data", before, after, sent):
        extra = False
    elif _cue("extra_data", before, after, sent):
        extra = True
    robust = bool(_cue("robust", before, after, sent))
    selective = bool(_cue("selective", before, after, sent))
    subset = _subset(bench, sent)
    if subset is None and bench.listed and _cue("subset", before, after, sent):
        subset = "subset"
    m = _cue("split", before, after, sent)
    split = m.group("split").lower() if m else None
    m = _cue("model_size", before, after, sent)
    size = (m.group("size") or m.group("arch")) if m else None
    res = _cue("resolution", before, after, sent) if task == "generation" else None
    # a setting the title names holds for every number of the paper ("Annotation-free ...");
    # not "zero-shot", which titles use for other things ("Zero-Shot NAS")
    title_text = str(title or "")
    named_flags = (
        ("robust", robust),
        ("selective", selective),
        (f"subset: {subset}", bool(subset)),
        ("low data", bool(_cue("low_data", before, after, sent))),
        (
            "annotation-free",
            bool(
                _cue("annotation_free", "", "", sent)
                or _cue("annotation_free", "", "", title_text)
            ),
        ),
        ("character-level", bool(_cue("character_level", before, after, sent))),
        (_resolution(res.group("res")) if res else "", bool(res)),
    )
    flags = [f for f, on in named_flags if on]
    if shot in ("zero-shot", "linear probe", "few-shot") or (shot and shot[0].isdigit()):
        flags.insert(0, shot)
    setting = ", ".join(flags) if flags else STANDARD

    # whose number
    name = row.get("method")
    if name and _only_as_example(name, sent, s):
        name = None  # "generalizes to ... such as DINO, DeiT and SwinV2-G, reaching 64.2 mAP"
    prop_fold = [fold(p) for p in proposed]
    is_proposed = bool(name) and any(
        fold(name) == p or (len(p) >= 3 and fold(name).startswith(p)) for p in prop_fold
    )
    own_cue = bool(_cue("own", before, after, sent[:s]))
    named_before = any(p and p.lower() in sent[:s].lower() for p in proposed)
    change = row.get("kind") != "score" or bool(
        _cue("change_before", before, after, sent) or _cue("change_after", before, after, sent)
    )
    if not change and (
        _cue("baseline", before, after, sent) or _cue("baseline_bracket", before, after, sent)
    ):
        # "exceeding baseline models by 20%" is the method's gain, not the baseline's score
        role = "baseline"
    elif is_proposed or named_before or _improved_to(sent, s, before):
        role = "own"
    elif evaluation_paper and not own_cue:
        role = "evaluated"
    elif name and proposed and not own_cue:
        role = "baseline"
    else:
        role = "own"
    method = name
    if role == "baseline" and is_proposed:
        # "SEK improves the Pass@1 of DeepSeek-Coder-V2-Instruct from 85.4%": the baseline is
        # the other system the clause names
        method = _other_name(sent[:s], prop_fold + [fold(name)])
    if role == "own" and not is_proposed:
        # the paper's own method: the names stage's proposed name, else the title's "Name: ..."
        # prefix, else the name after "our"/"obtain" in the sentence, else the sentence's
        title_head = None
        if title and ":" in str(title):
            head = str(title).split(":", 1)[0].strip()
            if 0 < len(head.split()) <= 3:
                title_head = head
        method = next(iter(proposed), None) or title_head or _own_name(sent[:s]) or name

    # the value on the board's scale, or why not
    head = _head(sent, s)
    value, unit = float(row["value"]), row.get("unit")
    if metric is not None and metric.percent and unit in (None, "%", "points"):
        norm = (value * 100 if unit is None and abs(value) <= 1 else value, "%")
    else:
        norm = normalise_unit(value, unit)
    reason = None
    score = None
    qual = (row.get("qualifier") or "").lower() or None
    if row.get("kind") != "score":
        reason = {"delta": "a gain or loss", "relative": "a ratio"}.get(row.get("kind"), "a count")
    elif metric is None:
        reason = "no metric named"
    elif qual in BOUND_QUALIFIERS:
        reason = f"a bound ({qual}), not a score"
    elif (
        _cue("change_after", before, after, sent)
        or _cue("change_before", before, after, sent)
        or _cue("change_before", head, after, sent)
    ):
        reason = "a change (gain, loss, reduction) written at the number"
    elif bench.name and (other := _other_benchmark(bench, head, after, row.get("benchmark"))):
        reason = f"written with another benchmark ({other})"
    elif (
        _cue("budget_after", before, after, sent)
        or _cue("budget_after", before, _tail(sent, e), sent)
        or _cue("budget_before", before, after, sent)
    ):
        reason = "a share or budget (of compute, data, coverage), not a score"
    elif metric.percent:
        if unit not in PERCENT_UNITS:
            reason = f"unit {unit} does not fit a percentage"
        else:
            score = value * 100 if unit is None and abs(value) <= 1 else value
            unit = "%"
            if not 0 <= score <= 100:
                reason = "outside 0-100%"
                score = None
    elif unit == "%" and metric.direction == "higher" and metric.name not in EFFICIENCY:
        score = value  # BLEU, ROUGE, CIDEr, correlations written as percentages
    else:
        score, unit = normalise_unit(value, unit)
        if unit in ("%", "x", "count", "points"):
            reason, score = f"unit {unit} does not fit {metric.name}", None
    if score is not None and reason is None and metric is not None and setting == STANDARD:
        rec = bench.record.get(metric.name)
        if rec is not None and (score > rec if metric.direction != "lower" else score < rec):
            reason = f"above the best published {metric.name} on {bench.name} ({rec:g})"
            score = None
    if reason is not None:
        score = None
    return Placed(
        bench_id=bench.id,
        bench=bench.name,
        parent=bench.parent,
        task=task,
        metric_id=metric.id if metric else None,
        metric=metric.name if metric else None,
        direction=metric.direction if metric else row.get("direction"),
        score=score,
        unit=unit,
        norm_value=norm[0],
        norm_unit=norm[1],
        shot=shot,
        extra_data=extra,
        robust=robust,
        selective=selective,
        subset=subset,
        split=split,
        size=size,
        setting=setting,
        role=role,
        method=method,
        placed=reason is None,
        reason=reason,
        evidence=evidence,
    )


def evaluation_paper(abstract: str, introduces_benchmark: bool, proposes_method: bool) -> bool:
    """A benchmark or analysis paper: the models it names are evaluated, not its own."""
    if proposes_method:
        return False
    return introduces_benchmark or bool(cues()["evaluation_paper"][1].search(abstract))


STAGE_FIELDS = {
    "task": "task", "board_metric": "metric", "norm_value": "norm_value",
    "norm_unit": "norm_unit", "shot": "shot", "extra_data": "extra_data", "robust": "robust",
    "selective": "selective", "subset": "subset", "split": "split", "role": "role",
    "unplaced": "reason",
}


def with_board_fields(
    rows: list[dict], abstract: str, title: str | None, proposed: list[str], introduces: bool
) -> list[dict]:
    """``results`` rows of one paper with the board fields (:data:`STAGE_FIELDS`) and the own
    method named (the results stage calls this)."""
    evaluated = evaluation_paper(abstract, introduces, bool(proposed))
    out = []
    for row in rows:
        name = row.get("benchmark")
        bench = benchmark_of(name) if name else Benchmark(id="", name="")
        r = read_row(row, abstract, bench, proposed, evaluated, title)
        extra = {col: getattr(r, attr) for col, attr in STAGE_FIELDS.items()}
        out.append({**row, **extra, "method": r.method})
    return out


# --- frames ------------------------------------------------------------------------------------

ANNOTATED = [
    "paper_id", "title", "venue", "year", "bench_id", "bench", "parent", "task", "metric_id",
    "metric", "direction", "score", "unit", "value", "norm_value", "norm_unit", "shot",
    "extra_data", "robust", "selective", "subset", "split", "size", "setting", "role", "method",
    "placed", "reason", "evidence", "kind", "start", "end",
]


def _proposed_names(methods: pd.DataFrame | None, names: pd.DataFrame | None) -> dict[str, list]:
    out: dict[str, list] = {}
    for frame in (methods, names):
        if frame is None or frame.empty:
            continue
        f = frame[frame["role"] == "proposed"]
        if "type" in f.columns:
            f = f[f["type"].isna() | (f["type"] == "method")]
        f = f.sort_values(["paper_id", "start"], na_position="last")
        for pid, name in zip(f["paper_id"], f["name"]):
            lst = out.setdefault(pid, [])
            if name not in lst:
                lst.append(name)
    return out


def annotate(
    results: pd.DataFrame,
    papers: pd.DataFrame,
    methods: pd.DataFrame | None = None,
    names: pd.DataFrame | None = None,
    bench_rows: pd.DataFrame | None = None,
) -> pd.DataFrame:
    """Every ``results`` row that names a benchmark, with its board fields (:data:`ANNOTATED`).

    Args:
        results: ``results`` rows.
        papers: ``paper_id``, ``title``, ``venue``, ``year``, ``abstract``.
        methods: ``methods`` rows (``paper_id``, ``name``, ``role``, ``start``), or None.
        names: ``names`` rows (``paper_id``, ``name``, ``type``, ``role``, ``start``), or None.
        bench_rows: ``benchmarks`` rows (``paper_id``, ``name``, ``role``): a paper that
            introduces a benchmark is an evaluation paper for the models it names.
    """
    rows = results.dropna(subset=["benchmark", "start", "end", "value"])
    if rows.empty:
        return pd.DataFrame(columns=ANNOTATED)
    info = papers.set_index("paper_id")
    # the results stage names the own method from the methods rows (read from the names
    # stage); the names rows stand in only when there are no methods rows
    proposed = _proposed_names(methods, None if methods is not None else names)
    introduces = set()
    if bench_rows is not None and not bench_rows.empty:
        introduces = set(bench_rows.loc[bench_rows["role"] == "proposed", "paper_id"])
    eval_cache: dict[str, bool] = {}
    out = []
    rows = rows.astype(object).where(rows.notna(), None)
    for row in rows.to_dict("records"):
        pid = row["paper_id"]
        if pid not in info.index:
            continue
        p = info.loc[pid]
        abstract = str(p["abstract"])
        if pid not in eval_cache:
            eval_cache[pid] = evaluation_paper(abstract, pid in introduces, bool(proposed.get(pid)))
        bench = benchmark_of(row["benchmark"])
        r = read_row(row, abstract, bench, proposed.get(pid, []), eval_cache[pid], p["title"])
        d = r.__dict__
        d.update(
            paper_id=pid, title=p["title"], venue=p["venue"], year=p["year"],
            value=row["value"], kind=row["kind"], start=row["start"], end=row["end"],
        )
        out.append(d)
    frame = pd.DataFrame(out, columns=ANNOTATED)
    # an unlisted benchmark shows its most used spelling
    adhoc = ~frame["bench_id"].isin(list(benchmarks()))
    if adhoc.any():
        common = (
            frame[adhoc].groupby(["bench_id", "bench"]).size().reset_index(name="n")
            .sort_values(["bench_id", "n", "bench"], ascending=[True, False, True])
            .drop_duplicates("bench_id").set_index("bench_id")["bench"]
        )
        frame.loc[adhoc, "bench"] = frame.loc[adhoc, "bench_id"].map(common)
    return frame


def main_setting(rows: pd.DataFrame) -> str:
    """The setting a board shows by default: the one most papers report their own scores in
    (``standard`` on a tie, never a subset)."""
    own = rows[(rows["role"] == "own") & ~rows["setting"].str.contains("subset", regex=False)]
    if own.empty:
        return STANDARD  # a subset is never a board's main setting ("MMLU astronomy")
    papers = own.groupby("setting")["paper_id"].nunique()
    papers = papers.sort_values(ascending=False, kind="stable")
    top = papers[papers == papers.iloc[0]].index
    return STANDARD if STANDARD in top else top[0]


def boards(annotated: pd.DataFrame) -> pd.DataFrame:
    """Every board (benchmark, task, metric) with placed scores, most papers first.

    Returns:
        ``bench_id``, ``bench``, ``task``, ``metric_id``, ``metric``, ``direction``,
        ``papers`` (in the default view), ``all_papers`` (any setting or role).
    """
    cols = ["bench_id", "bench", "task", "metric_id", "metric", "direction", "papers", "all_papers"]
    placed = annotated[annotated["placed"]]
    if placed.empty:
        return pd.DataFrame(columns=cols)
    out = []
    for (bid, task, mid), g in placed.groupby(["bench_id", "task", "metric_id"], dropna=False):
        main = main_setting(g)
        view = g[(g["role"] == "own") & (g["setting"] == main)]
        out.append({
            "bench_id": bid, "bench": g["bench"].iloc[0], "task": task, "metric_id": mid,
            "metric": g["metric"].iloc[0], "direction": g["direction"].iloc[0],
            "papers": view["paper_id"].nunique(), "all_papers": g["paper_id"].nunique(),
        })
    frame = pd.DataFrame(out, columns=cols)
    return frame.sort_values(["papers", "all_papers", "bench"], ascending=[False, False, True]) \
        .reset_index(drop=True)


BOARD_COLUMNS = [
    "rank", "value", "unit", "metric", "task", "setting", "method", "role", "paper_id", "title",
    "venue", "year", "evidence", "shot", "extra_data", "robust", "selective", "subset", "split",
    "size", "start", "end",
]


def board(
    annotated: pd.DataFrame,
    bench_id: str,
    metric_id: str,
    task: str | None = None,
    setting: str | None = None,
    all_settings: bool = False,
    top: int | None = None,
) -> pd.DataFrame:
    """One board: the best placed score of each paper, best first (:data:`BOARD_COLUMNS`).

    By default only the paper's own methods in the board's :func:`main_setting`; ``setting``
    picks another setting; ``all_settings`` keeps every setting and role, one row per paper,
    setting and role.
    """
    g = annotated[
        annotated["placed"] & (annotated["bench_id"] == bench_id)
        & (annotated["metric_id"] == metric_id)
    ]
    if task is not None:
        g = g[g["task"].isna()] if pd.isna(task) else g[g["task"] == task]
    if g.empty:
        return pd.DataFrame(columns=BOARD_COLUMNS)
    keys = ["paper_id"]
    if all_settings:
        keys = ["paper_id", "setting", "role"]
    else:
        g = g[(g["role"] == "own") & (g["setting"] == (setting or main_setting(g)))]
    lower = g["direction"].iloc[0] == "lower" if len(g) else False
    g = g.sort_values(["score", "start"], ascending=[lower, True]).drop_duplicates(keys)
    g = g.sort_values(["score", "year", "title"], ascending=[lower, True, True])
    g = g.assign(value=g["score"], rank=range(1, len(g) + 1))
    if top:
        g = g.head(top)
    return g.reindex(columns=BOARD_COLUMNS).reset_index(drop=True)


def unplaced(annotated: pd.DataFrame, bench_id: str) -> pd.DataFrame:
    """The scores on a benchmark that no rule places on a board, with the reason."""
    g = annotated[
        (annotated["bench_id"] == bench_id) & ~annotated["placed"] & (annotated["kind"] == "score")
    ]
    return g[["value", "unit", "metric", "reason", "method", "role", "paper_id", "title",
              "year", "evidence"]].reset_index(drop=True)


def coverage(annotated: pd.DataFrame, bench_id: str, bench_rows: pd.DataFrame | None = None,
             metric_id: str | None = None) -> dict:
    """How many papers in view name the benchmark, and how many report a placeable score.

    Returns:
        ``naming`` (papers naming it: benchmarks-stage rows or results rows), ``placeable``
        (with a placed score on any of its boards), ``on_board`` (on ``metric_id``'s board).
    """
    mine = annotated[annotated["bench_id"] == bench_id]
    naming = set(mine["paper_id"])
    if bench_rows is not None and not bench_rows.empty:
        ids = bench_rows["name"].map(lambda n: benchmark_of(n).id)
        naming |= set(bench_rows.loc[ids == bench_id, "paper_id"])
    placed = mine[mine["placed"]]
    on = placed[placed["metric_id"] == metric_id] if metric_id else placed
    return {"naming": len(naming), "placeable": placed["paper_id"].nunique(),
            "on_board": on["paper_id"].nunique()}


def coverage_line(cov: dict, bench: str) -> str:
    """One sentence for the top of a board."""
    return (
        f"{cov['naming']:,} paper(s) in view name {bench}; {cov['placeable']:,} report a "
        f"placeable score ({cov['on_board']:,} on this board). Abstracts carry only headline "
        "numbers."
    )


# --- resolving what a user asks for ------------------------------------------------------------


class BoardError(LookupError):
    """An unknown benchmark or metric; the message names the closest ones."""


def resolve_benchmark(asked: str, known: Iterable[tuple[str, str]]) -> str:
    """The id of the benchmark ``asked`` names among ``known`` (id, name) pairs.

    Raises:
        BoardError: no such benchmark; the message lists the closest names.
    """
    known = list(known)
    key = fold(asked)
    by_key = {fold(n): bid for bid, n in known}
    by_key.update({bid: bid for bid, _ in known})
    bid = _benchmark_keys().get(key, key)
    if bid in {b for b, _ in known}:
        return bid
    if key in by_key:
        return by_key[key]
    close = difflib.get_close_matches(asked, [n for _, n in known], n=5, cutoff=0.5)
    if not close:
        close = [n for _, n in known if key and key in fold(n)][:5]
    raise BoardError(
        f"unknown benchmark {asked!r}; closest: {', '.join(close) if close else 'none'}"
    )


def resolve_metric(asked: str | None, bench_id: str, available: pd.DataFrame) -> tuple[str, str]:
    """The (metric_id, task) of the board ``asked`` names on a benchmark.

    ``available`` is :func:`boards` for that benchmark. None picks the benchmark's main metric
    when it has a board, else its board with most papers. Aliases resolve as on the page:
    "accuracy" on ImageNet is top-1 accuracy.

    Raises:
        BoardError: no such metric on this benchmark; the message lists its metrics.
    """
    if available.empty:
        raise BoardError(f"no placeable score on {bench_id}")
    bench = benchmarks().get(bench_id) or Benchmark(id=bench_id, name=bench_id)
    if asked is None:
        if bench.main:
            hit = available[available["metric"] == bench.main]
            if not hit.empty:
                return hit.iloc[0]["metric_id"], hit.iloc[0]["task"]
        return available.iloc[0]["metric_id"], available.iloc[0]["task"]
    key = fold(asked)
    target = None
    for m in metrics():
        if key in {fold(m.id), fold(m.name), *(fold(a) for a in m.aliases)}:
            target = m.name
            break
    mapped = bench.metric_map.get(target or asked)
    wanted = {key, fold(target or ""), fold(mapped or "")} - {""}
    for r in available.itertuples(index=False):
        if fold(r.metric) in wanted or fold(r.metric_id) in wanted:
            return r.metric_id, r.task
    listing = ", ".join(f"{r.metric} ({r.task}, {r.papers})" for r in available.itertuples())
    raise BoardError(f"no {asked!r} board on {bench.name}; its metrics: {listing}")


# --- reading a database and the command --------------------------------------------------------


def _known_benchmarks(con) -> pd.DataFrame:
    """Benchmark spellings with scores in the database: ``benchmark``, ``bench_id``, ``papers``."""
    frame = con.execute(
        "SELECT benchmark, count(DISTINCT paper_id) AS papers FROM results "
        "WHERE benchmark IS NOT NULL AND kind = 'score' GROUP BY benchmark"
    ).df()
    frame["bench_id"] = frame["benchmark"].map(lambda n: benchmark_of(n).id)
    return frame


def load(db, bench_id: str | None = None, spellings: Iterable[str] | None = None) -> dict:
    """The frames :func:`annotate` needs, read from a database, for one benchmark or all.

    Args:
        db: The DuckDB file.
        bench_id: Only this benchmark's rows (with ``spellings``, its names in ``results``).
        spellings: The ``results.benchmark`` values of ``bench_id``.

    Returns:
        ``results``, ``papers``, ``methods``, ``names``, ``benchmarks`` frames.
    """
    from extract import store

    con = store.connect(db)
    try:
        tables = set(store.table_names(con))
        if bench_id is None:
            con.execute("CREATE TEMP TABLE want AS SELECT DISTINCT paper_id FROM results "
                        "WHERE benchmark IS NOT NULL")
            results = con.execute("SELECT * FROM results WHERE benchmark IS NOT NULL").df()
        else:
            names = pd.DataFrame({"benchmark": list(spellings) if spellings is not None else []})
            con.register("spell", names)
            results = con.execute(
                "SELECT r.* FROM results r JOIN spell s ON r.benchmark = s.benchmark"
            ).df()
            con.execute("CREATE TEMP TABLE want AS SELECT DISTINCT paper_id FROM results r "
                        "JOIN spell s ON r.benchmark = s.benchmark")
        papers = con.execute(
            "SELECT p.paper_id, title, venue, year, abstract FROM papers p "
            "JOIN want USING (paper_id)"
        ).df()
        out = {"results": results, "papers": papers}
        for t, cols in (("methods", "paper_id, name, role, start, type"),
                        ("names", "paper_id, name, role, start, type")):
            out[t] = (
                con.execute(f"SELECT {cols} FROM {t} JOIN want USING (paper_id) "
                            "WHERE role = 'proposed'").df()
                if t in tables else None
            )
        out["benchmarks"] = (
            con.execute("SELECT paper_id, name, role FROM benchmarks").df()
            if "benchmarks" in tables else None
        )
        return out
    finally:
        con.close()


def annotate_db(db, bench_id: str | None = None, spellings: Iterable[str] | None = None):
    """:func:`annotate` over a database (one benchmark or all) and its ``benchmarks`` rows."""
    f = load(db, bench_id, spellings)
    return annotate(f["results"], f["papers"], f["methods"], f["names"], f["benchmarks"]), \
        f["benchmarks"]


def add_arguments(p) -> None:
    """The options of ``paper-trends leaderboard`` (``--db`` is added by the CLI)."""
    p.add_argument("benchmark", help="benchmark, any spelling or alias (ImageNet-1K = ImageNet)")
    p.add_argument("--metric", help="metric or alias (default: the benchmark's main one)")
    p.add_argument("--setting", help="a setting instead of the board's main one (zero-shot, "
                                     "robust, ...)")
    p.add_argument("--all-settings", action="store_true",
                   help="every setting and role (baselines, evaluated models), each labelled")
    p.add_argument("--top", type=int, default=20,
                   help="rows to print (default %(default)s; 0: all)")
    p.add_argument("--format", choices=["table", "csv", "json"], default="table")
    p.add_argument("--unplaced", action="store_true",
                   help="list the benchmark's scores no rule places on a board, with the reason")


JSON_FIELDS = [
    "rank", "value", "unit", "metric", "task", "setting", "method", "role", "paper_id", "title",
    "venue", "year", "evidence", "shot", "extra_data", "robust", "selective", "subset", "split",
    "size",
]


def run(args, out=None, err=None) -> int:
    """``paper-trends leaderboard``: print a board; exit 2 with one line on an unknown name."""
    import json
    import sys

    from extract import store

    out = out or sys.stdout
    err = err or sys.stderr
    con = store.connect(args.db)
    try:
        known = _known_benchmarks(con)
    finally:
        con.close()
    pairs = sorted(
        {(b, benchmarks()[b].name if b in benchmarks() else n)
         for b, n in zip(known["bench_id"], known["benchmark"])}
    )
    listed = _benchmark_keys().get(fold(args.benchmark))
    if listed and listed not in {b for b, _ in pairs}:
        # a listed benchmark the build spells only as its stem ("MMLU-Pro" read as "MMLU"):
        # its rows are among the stem's, re-identified by the sentence
        pairs.append((listed, benchmarks()[listed].name))
    try:
        bid = resolve_benchmark(args.benchmark, pairs)
    except BoardError as exc:
        print(f"paper-trends: {exc}", file=err)
        return 2
    stem = fold(benchmarks()[bid].name) if bid in benchmarks() else None

    def is_stem(n: str) -> bool:
        b = benchmark_of(n)
        return bool(stem) and b.listed and stem.startswith(fold(b.name))

    stems = known["benchmark"].map(is_stem)
    spellings = known.loc[(known["bench_id"] == bid) | stems, "benchmark"]
    ann, bench_rows = annotate_db(args.db, bid, spellings)
    name = benchmarks()[bid].name if bid in benchmarks() else ann["bench"].iloc[0]
    ann = ann[ann["bench_id"] == bid]
    if args.unplaced:
        rows = unplaced(ann, bid)
        return _print(rows, args.format, out, ["value", "unit", "metric", "reason", "method",
                                               "role", "year", "title", "evidence"])
    avail = boards(ann)
    try:
        mid, task = resolve_metric(args.metric, bid, avail)
    except BoardError as exc:
        print(f"paper-trends: {exc}", file=err)
        return 2
    rows = board(ann, bid, mid, task, args.setting, args.all_settings, args.top or None)
    if args.setting and rows.empty:
        sets = sorted(set(ann.loc[ann["placed"] & (ann["metric_id"] == mid), "setting"]))
        print(f"paper-trends: no {args.setting!r} scores on this board; its settings: "
              f"{', '.join(sets)}", file=err)
        return 2
    if args.format != "table":
        return _print(rows, args.format, out, JSON_FIELDS)
    g = ann[ann["placed"] & (ann["metric_id"] == mid)]
    metric_name = g["metric"].iloc[0] if len(g) else mid
    direction = g["direction"].iloc[0] if len(g) else None
    shown = args.setting or ("all settings and roles" if args.all_settings else
                             f"{main_setting(g[g['task'] == task])}, own methods")
    print(f"{name} · {task} · {metric_name} ({direction or 'unknown'} is better) · {shown}",
          file=out)
    print(coverage_line(coverage(ann, bid, bench_rows, mid), name), file=out)
    if rows.empty:
        others = board(ann, bid, mid, task, all_settings=True)
        print(f"No own-method score in the main setting; --all-settings shows {len(others)} "
              "score(s) of baselines, evaluated models and other settings.", file=out)
    for r in rows.itertuples(index=False):
        unit = "" if not isinstance(r.unit, str) else r.unit if r.unit == "%" else f" {r.unit}"
        method = r.method if isinstance(r.method, str) else "(unnamed)"
        print(f"{r.rank:>3}. {r.value:g}{unit}  {method} [{r.role}; "
              f"{r.setting}]  {r.venue} {int(r.year) if pd.notna(r.year) else ''}  "
              f"{r.title}", file=out)
        print(f"     {r.evidence}", file=out)
    return 0


def _print(rows: pd.DataFrame, fmt: str, out, cols: list[str]) -> int:
    import json

    rows = rows.reindex(columns=cols)
    if fmt == "json":
        recs = rows.astype(object).where(rows.notna(), None).to_dict("records")
        json.dump(recs, out, ensure_ascii=False, indent=1, default=str)
        out.write("\n")
    elif fmt == "csv":
        from extract.export import formula_safe

        formula_safe(rows).to_csv(out, index=False)
    else:
        for r in rows.to_dict("records"):
            print(" · ".join(str(r[c]) for c in cols if c != "evidence" and r[c] is not None),
                  file=out)
            print(f"     {r.get('evidence', '')}", file=out)
    return 0
