"""The catalogue of boards: canonical benchmarks (aliases, records), metrics (direction, task), cue phrases, unit scales.

Part of :mod:`extract.leaderboards` (see its docstring for what a board is).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from extract.datafiles import load_toml

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
