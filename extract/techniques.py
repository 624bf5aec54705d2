"""Technique/theme tags from the taxonomy in ``data/taxonomy.toml``.

Each tag has *strong* evidence (``phrases``, ``acronyms``, ``tokens``: one match tags the paper)
and optionally *weak* evidence (``weak``: tags the paper only when at least ``min_weak`` weak
matches occur), so a word used in passing ("evaluation", "reasoning") does not tag a paper
while a paper that keeps returning to it is tagged.

All patterns of all tags are compiled once per process into one regular expression with a
named group per (tag, strength); matching runs on the markup-free view of the abstract
(:func:`extract.methods.clean_view`) so ``**LoRA**`` counts and offsets still point into the
abstract.

Rows: one per (paper, technique), at the first strong evidence (else the first weak one);
``evidence`` is the matched text as written in the abstract.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache

from extract.methods import clean_view
from extract.records import PaperText
from extract.stages import DATA_DIR

TABLE = "techniques"
VERSION = "1"
DATA_FILES: tuple[str, ...] = ("taxonomy.toml",)


@dataclass(frozen=True)
class Technique:
    """One taxonomy entry."""

    tag: str
    theme: str
    strong: tuple[str, ...]  # regex sources, already case-scoped
    weak: tuple[str, ...]
    min_weak: int


def _word(p: str) -> str:
    return rf"(?<!\w)(?:{p})(?!\w)"


def load_taxonomy(text: str | None = None) -> list[Technique]:
    """Parse the taxonomy (``taxonomy.toml`` unless ``text`` is given) into :class:`Technique` entries."""
    data = tomllib.loads(text if text is not None else (DATA_DIR / "taxonomy.toml").read_text(encoding="utf-8"))
    out = []
    for e in data.get("technique", []):
        strong = [f"(?:{p})" for p in e.get("phrases", [])]
        strong += [f"(?-i:{re.escape(a)}s?)" for a in e.get("acronyms", [])]
        strong += [f"(?-i:{p})" for p in e.get("tokens", [])]
        out.append(Technique(e["tag"], e["theme"], tuple(strong), tuple(f"(?:{p})" for p in e.get("weak", [])),
                             int(e.get("min_weak", 2))))
    return out


@dataclass(frozen=True)
class _Compiled:
    pattern: re.Pattern[str]
    groups: dict[str, tuple[int, bool]]  # group name -> (technique index, strong?)
    techniques: list[Technique]


@lru_cache(maxsize=1)
def _compiled() -> _Compiled:
    techniques = load_taxonomy()
    parts: list[str] = []
    groups: dict[str, tuple[int, bool]] = {}
    # strong alternatives first: at one position a strong phrase beats a weak word
    for strong in (True, False):
        for i, t in enumerate(techniques):
            alts = t.strong if strong else t.weak
            if not alts:
                continue
            name = f"{'s' if strong else 'w'}{i}"
            groups[name] = (i, strong)
            parts.append(f"(?P<{name}>{_word('|'.join(alts))})")
    return _Compiled(re.compile("|".join(parts), re.I), groups, techniques)


def find_techniques(text: str) -> list[tuple[Technique, int, int]]:
    """(technique, start, end) of the evidence for each tag in ``text``, by first evidence."""
    c = _compiled()
    first_strong: dict[int, tuple[int, int]] = {}
    first_weak: dict[int, tuple[int, int]] = {}
    weak_count: dict[int, int] = {}
    for m in c.pattern.finditer(text):
        i, strong = c.groups[m.lastgroup]
        if strong:
            first_strong.setdefault(i, m.span())
        else:
            first_weak.setdefault(i, m.span())
            weak_count[i] = weak_count.get(i, 0) + 1
    found = dict(first_strong)
    for i, span in first_weak.items():
        if i not in found and weak_count[i] >= c.techniques[i].min_weak:
            found[i] = span
    return sorted(((c.techniques[i], s, e) for i, (s, e) in found.items()), key=lambda x: x[1])


def extract_rows(paper: PaperText) -> list[dict]:
    """Technique rows for ``paper``: one per tag, at its first evidence."""
    view = clean_view(paper.abstract)
    rows = []
    for tech, s, e in find_techniques(view.text):
        start, end = view.span(s, e)
        rows.append({"paper_id": paper.paper_id, "technique": tech.tag, "theme": tech.theme,
                     "evidence": paper.abstract[start:end], "start": start, "end": end})
    return rows
