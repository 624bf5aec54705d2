"""Technique/theme tags from the taxonomy in ``data/taxonomy.toml``.

Each tag has *strong* evidence (``phrases``, ``acronyms``, ``tokens``: one match tags the paper)
and optionally *weak* evidence (``weak``: tags the paper only when at least ``min_weak`` weak
matches occur), so a word used in passing ("evaluation", "reasoning") does not tag a paper
while a paper that keeps returning to it is tagged.

Patterns are compiled once per process, one regular expression per (tag, strength), each
guarded by literal triggers derived from the patterns (a cheap substring test skips tags that
cannot match); matching runs on the markup-free view of the abstract
(:func:`extract.methods.clean_view`) so ``**LoRA**`` counts and offsets still point into the
abstract.

Rows: one per (paper, technique), at the first strong evidence (else the first weak one);
``evidence`` is the matched text as written in the abstract.
"""

from __future__ import annotations

import re
import tomllib
from re import _constants as sre_c  # noqa: PLC2701 - used only to derive literal prefilters
from re import _parser as sre_parse  # noqa: PLC2701
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


def _literal_triggers(items) -> frozenset[str] | None:
    """Lower-case literals of which at least one occurs in any match of a parsed pattern.

    None when no such literal can be derived (the pattern then always runs). Used as a cheap
    ``in`` prefilter, so a tag's regular expression only runs on abstracts that can match.
    """
    best: frozenset[str] | None = None

    def consider(cand: frozenset[str] | None) -> None:
        nonlocal best
        if cand and (best is None or min(map(len, cand)) > min(map(len, best))):
            best = cand

    run: list[str] = []
    for op, av in list(items) + [(None, None)]:
        if op is sre_c.LITERAL:
            run.append(chr(av).lower())
            continue
        if run:
            consider(frozenset(["".join(run)]))
            run = []
        if op is sre_c.SUBPATTERN:
            consider(_literal_triggers(av[-1]))
        elif op is sre_c.BRANCH:
            alts = [_literal_triggers(a) for a in av[1]]
            if all(alts):
                consider(frozenset().union(*alts))
        elif op in (sre_c.MAX_REPEAT, sre_c.MIN_REPEAT) and av[0] >= 1:
            consider(_literal_triggers(av[2]))
    return best


def _triggers(sources: tuple[str, ...]) -> frozenset[str] | None:
    out: set[str] = set()
    for src in sources:
        t = _literal_triggers(sre_parse.parse(src, re.I))
        if not t:
            return None
        out |= t
    return frozenset(out)


@dataclass(frozen=True)
class _Rule:
    index: int  # technique
    strong: bool
    pattern: re.Pattern[str]


@dataclass(frozen=True)
class _Compiled:
    techniques: list[Technique]
    always: tuple[_Rule, ...]  # rules without a literal trigger
    by_trigger: dict[str, tuple[_Rule, ...]]  # literal -> rules it guards


@lru_cache(maxsize=1)
def _compiled() -> _Compiled:
    techniques = load_taxonomy()
    always: list[_Rule] = []
    by_trigger: dict[str, list[_Rule]] = {}
    for i, t in enumerate(techniques):
        for strong, alts in ((True, t.strong), (False, t.weak)):
            for alt in alts:  # one regex per alternative: small regexes search fast
                rule = _Rule(i, strong, re.compile(_word(alt), re.I))
                trig = _triggers((alt,))
                if trig is None:
                    always.append(rule)
                else:
                    for lit in trig:
                        by_trigger.setdefault(lit, []).append(rule)
    return _Compiled(techniques, tuple(always), {k: tuple(v) for k, v in by_trigger.items()})


def find_techniques(text: str) -> list[tuple[Technique, int, int]]:
    """(technique, start, end) of the evidence for each tag in ``text``, by first evidence."""
    c = _compiled()
    lower = text.lower()
    rules: dict[int, _Rule] = {id(r): r for r in c.always}
    for lit, guarded in c.by_trigger.items():
        if lit in lower:
            for r in guarded:
                rules[id(r)] = r
    strong: dict[int, tuple[int, int]] = {}
    weak: dict[int, list[tuple[int, int]]] = {}
    for r in rules.values():
        if r.strong:
            m = r.pattern.search(text)
            if m and (r.index not in strong or m.start() < strong[r.index][0]):
                strong[r.index] = m.span()
        else:
            weak.setdefault(r.index, []).extend(m.span() for m in r.pattern.finditer(text))
    found = dict(strong)
    for i, spans in weak.items():
        if i not in found and len(set(spans)) >= c.techniques[i].min_weak:
            found[i] = min(spans)
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
