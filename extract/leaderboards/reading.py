"""Reading one results row into a board: task, metric at the number, setting fields, whose number, placed or unplaced with a reason.

Part of :mod:`extract.leaderboards` (see its docstring for what a board is).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from extract.datafiles import load_toml
from extract.text.sentences import sentences
from extract.leaderboards.catalogue import BOUND_QUALIFIERS, Benchmark, EFFICIENCY, EVIDENCE_MARKS, PERCENT_UNITS, SPLITTABLE_TASKS, STANDARD, TASK_WORDS, benchmark_of, benchmarks, board_metric, cues, fold, metrics, normalise_unit

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
    # only the window the cue reads is built (a dict of all four cost a string join per call)
    if window == "before":
        return pat.search(before)
    if window == "after":
        return pat.search(after)
    if window == "near":
        return pat.search(f"{before} {after}")
    if window == "sentence":
        return pat.search(sent)
    raise KeyError(window)


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


def _only_as_host(name: str, sent: str, s: int, proposed: list[str]) -> bool:
    """``name`` is, before the number, only the system the sentence's own method is built on or
    applied to ("applied to a pre-trained EDM, our method improves the FID", "among all
    BERT-based models"), and the sentence speaks of its own method ("we", "our")."""
    text = sent[:s]
    if not cues()["own"][1].search(text):
        return False
    if any(p and fold(p) == fold(name) for p in proposed):
        return False
    spots = [m for m in re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w])", text)]
    if not spots:
        return False
    host = cues()["host_before"][1]
    return all(
        host.search(text[max(0, m.start() - 40) : m.start()])
        or re.match(r"[- ]based\b", text[m.end() :])
        for m in spots
    )


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
    if cues()["list_error"][1].search(sent[e:]):
        near += " error"  # "23.9% top-1 and 7.1% top-5 test error": the list's metric
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
        (
            "spiking",
            bool(_cue("spiking", "", "", sent) or _cue("spiking", "", "", str(title or ""))),
        ),
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
    named_before = any(p and p.lower() in sent[:s].lower() for p in proposed)
    change = row.get("kind") != "score" or bool(
        _cue("change_before", before, after, sent) or _cue("change_after", before, after, sent)
    )
    # an evaluation paper's "we" before a score is mostly the evaluators' ("we observe that
    # state-of-the-art models reach 37.4%"): its own score needs its own system named; a gain
    # ("outperforming the baseline by 13.6%") is the paper's own
    own_id = "own_in_evaluation" if evaluation_paper and row.get("kind") == "score" else "own"
    own_cue = bool(_cue(own_id, before, after, sent[:s]))
    if not change and (
        _cue("baseline", before, after, sent)
        or _cue("baseline_bracket", before, after, sent)
        or _cue("baseline_after", before, after, sent)
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
        # prefix, else the name after "our"/"obtain" in the sentence, else the sentence's name;
        # never the benchmark the number is on ("ForecastQA: A Question Answering Challenge
        # ...", "our experiments on ForecastQA ... our best model achieves 61.0%"), a slogan, a
        # modifier or a plural class ("Lift Yourself Up", "LLM-based", "GANs": cue
        # not_a_method_name)
        bench_key = fold(row["benchmark"]) if row.get("benchmark") else None
        not_a_name = cues()["not_a_method_name"][1]

        def method_name(n: str | None) -> str | None:
            return n if n and fold(n) != bench_key and not not_a_name.search(n) else None

        title_head = None
        if title and ":" in str(title):
            head = str(title).split(":", 1)[0].strip()
            if 0 < len(head.split()) <= 3:
                title_head = method_name(head)
        # the sentence's name unless it is only what the own method is applied to ("when used
        # in combination with EDM, our method yields a FID of 1.90")
        host = bool(name) and _only_as_host(str(name), sent, s, proposed)
        method = (
            next(iter(proposed), None)
            or title_head
            or method_name(_own_name(sent[:s]))
            or (None if host else method_name(name))
        )

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
    elif (
        metric.percent
        and {"accuracy", "error rate"} <= set(bench.metric_map)
        and not _cue("accuracy_or_error", before, after, sent)
        and (value * 100 if unit is None and abs(value) <= 1 else value) < 50
    ):
        # "state-of-the-art results at 3.14% and 16.21%" on CIFAR: accuracy or error? (above
        # 50% it is an accuracy: no published error rate on these benchmarks is that high)
        reason = "neither accuracy nor error written"
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
        elif metric.id == "error_rate" and unit is None:
            # "a median reconstruction error of 0.26 mm", "mean square error achieving 0.11",
            # "mCE is 0.64": a bare number by the word "error" is some other error measure
            reason = "an error without a percent sign: not a rate"
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
    if score is not None and score < 0 and metric and metric.name not in SIGNED_METRICS:
        # "HOI generation (-2.56 FID)", "FKGL (-0.35)", "ImageNet-256 and -512": a change or a
        # name's part; these metrics are never negative
        reason, score = "a negative number: a change, not a score", None
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


# metrics whose scores may be negative (a correlation, an RL return, a COMET score)
SIGNED_METRICS = frozenset(
    {"correlation", "Pearson", "Spearman", "Kendall", "return", "reward", "COMET"}
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
    "unplaced": "reason", "bench_id": "bench_id", "metric_id": "metric_id",
    "board_direction": "direction", "board_score": "score", "board_unit": "unit",
    "board_setting": "setting", "model_size": "size",
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
