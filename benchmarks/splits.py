"""The parts of the labelled dev sets (dev, heldout, blind, seeds, audit, agreement), from one
file.

``benchmarks/devset/splits.toml`` declares, per labelled file, which part each record belongs
to. Every evaluation script and the accuracy report ask :func:`part` instead of keeping their
own lists, so a set cannot be tuned on in one place and called blind in another.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

DEVSET = Path(__file__).resolve().parent / "devset"
PARTS = ("dev", "heldout", "blind", "seeds", "audit", "agreement")


@lru_cache(maxsize=1)
def declared() -> dict[str, dict]:
    """``file name -> declaration`` of ``splits.toml``."""
    return tomllib.loads((DEVSET / "splits.toml").read_text(encoding="utf-8"))["files"]


def part(file_name: str, record: dict, field: str | None = None) -> str:
    """The part ``record`` of ``file_name`` belongs to; for ``field`` "techniques", the part of
    its technique labels (``technique_splits`` of the file, where declared, else the same).

    Raises:
        KeyError: the file, or the record's split value, is not declared in ``splits.toml``.
    """
    decl = declared()[file_name]
    split = record.get("split")
    if field == "techniques" and split is not None and str(split) in decl.get(
            "technique_splits", {}):
        return decl["technique_splits"][str(split)]
    if split is not None and "splits" in decl:
        return decl["splits"][str(split)]
    if str(record.get("source", "")).startswith("seeds/") and "seeds_part" in decl:
        return decl["seeds_part"]
    return decl["corpus_part"]


def blind_splits() -> tuple[str, ...]:
    """The split values whose records are blind (e.g. ``fresh2``), in file order."""
    out = []
    for decl in declared().values():
        out += [s for s, p in decl.get("splits", {}).items() if p == "blind"]
    return tuple(out)


# the labelled files that carry technique tags (``gold.techniques`` or ``techniques``)
TECHNIQUE_FILES = ("dev2", "dev3", "fresh", "fresh3", "fresh2", "fresh4", "fresh5", "fresh6",
                   "techniques", "names", "phrases")


def technique_records(only: str | None = None) -> Iterator[tuple[str, dict, list[str]]]:
    """(part, record, gold tags as written) of every record with technique labels, of part
    ``only`` (every part if None); records of these files without technique labels (phrase-only
    ones) are skipped."""
    for name in TECHNIQUE_FILES:
        path = DEVSET / f"{name}.jsonl"
        if not path.exists():
            continue
        for line in path.open(encoding="utf-8"):
            r = json.loads(line)
            gold = r["gold"]["techniques"] if "gold" in r else r.get("techniques")
            if gold is None:
                continue
            where = part(path.name, r, "techniques")
            if only is None or where == only:
                yield where, r, gold
