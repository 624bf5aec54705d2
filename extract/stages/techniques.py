"""Technique/theme tags from the taxonomy in ``data/taxonomy.toml``.

Each tag has *strong* evidence (``phrases``, ``acronyms``, ``tokens``: one match tags the paper)
and optionally *weak* evidence (``weak``: tags the paper only when at least ``min_weak`` weak
matches occur), so a word used in passing ("evaluation", "reasoning") does not tag a paper
while a paper that keeps returning to it is tagged.

Patterns are compiled once per process, one regular expression per alternative. Each is
guarded by the prefix of the word its matches must start with (derived from the parsed
pattern), so an abstract only runs the few alternatives whose leading word occurs in it, and
case-insensitive alternatives run lower-cased on the lower-cased text (a literal prefix lets
`re` skip ahead fast; a leading look-behind or re.I would not). Matching runs on the markup-free
view of the abstract
(:func:`extract.text.markup.clean_view`) so ``**LoRA**`` counts and offsets still point into the
abstract.

Rows: one per (paper, technique), at the first strong evidence (else the first weak one);
``evidence`` is the matched text as written in the abstract.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from re import _constants as sre_c  # noqa: PLC2701 - used only to derive literal prefilters
from re import _parser as sre_parse  # noqa: PLC2701

import tomllib

from extract.datafiles import DATA_DIR
from extract.records import PaperText
from extract.text.markup import clean_view
from extract.text.phrases import leading_keys

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


def load_taxonomy(text: str | None = None) -> list[Technique]:
    """Parse the taxonomy (``taxonomy.toml`` unless ``text`` is given) into :class:`Technique`."""
    data = tomllib.loads(
        text if text is not None else (DATA_DIR / "taxonomy.toml").read_text(encoding="utf-8")
    )
    out = []
    for e in data.get("technique", []):
        strong = [f"(?:{p})" for p in e.get("phrases", [])]
        strong += [f"(?-i:{re.escape(a)}s?)" for a in e.get("acronyms", [])]
        strong += [f"(?-i:{p})" for p in e.get("tokens", [])]
        out.append(
            Technique(
                e["tag"],
                e["theme"],
                tuple(strong),
                tuple(f"(?:{p})" for p in e.get("weak", [])),
                int(e.get("min_weak", 2)),
            )
        )
    return out


def _separator(op, av) -> bool:
    """True for a literal or small class that can only match non-alphanumeric characters."""
    if op is sre_c.LITERAL:
        return not chr(av).isalnum()
    if op is sre_c.IN:
        return all(o is sre_c.LITERAL and not chr(a).isalnum() for o, a in av)
    return False


def _complete_word(items: list) -> str | None:
    """The longest lower-case word every match contains as a whole word, else None.

    Read from the pattern's runs of literals: "in[- ]context learning" -> "learning".
    """
    words: list[str] = []
    cur, start_ok = "", True
    for op, av in items:
        if op is sre_c.LITERAL and chr(av).isalnum():
            cur += chr(av).lower()
        elif _separator(op, av):
            if cur and start_ok:
                words.append(cur)
            cur, start_ok = "", True
        else:  # a group, class or repeat: the word in progress and the next one are not whole
            cur, start_ok = "", False
    if cur and start_ok:
        words.append(cur)  # the pattern's end is a word boundary ((?!\\w) follows)
    return max(words, key=len) if words else None


_ACRONYM_SRC = re.compile(r"((?:[A-Za-z0-9]|\\\W)+)s\?")


def _acronym_words(src: str) -> set[str] | None:
    """{"rag", "rags"} for an acronym alternative "RAGs?" (built from ``acronyms``), else None."""
    m = _ACRONYM_SRC.fullmatch(src)
    if not m:
        return None
    word = re.sub(r"\\(.)", r"\1", m.group(1)).lower()
    return {word, word + "s"} if word.isalnum() else None


def _required_literal(items: list) -> str | None:
    """The longest run of literal characters at the top level of a parsed pattern (lower-cased)."""
    runs, cur = [], ""
    for op, av in items:
        if op is sre_c.LITERAL:
            cur += chr(av).lower()
        else:
            runs.append(cur)
            cur = ""
            if op is sre_c.SUBPATTERN:
                runs.append(_required_literal(list(av[-1])) or "")
    runs.append(cur)
    best = max(runs, key=len)
    return best if len(best) >= 3 else None


_PROTECT = re.compile(r"\\.|[A-Z]")


def _lowered(src: str) -> str:
    r"""``src`` with its literal letters lower-cased (escapes such as ``\W`` kept)."""
    return _PROTECT.sub(
        lambda m: m.group() if m.group().startswith("\\") else m.group().lower(), src
    )


@dataclass(frozen=True)
class _Rule:
    index: int  # technique
    strong: bool
    fast: re.Pattern[str]  # run on the lower-cased text (or on the text itself when case-sensitive)
    slow: re.Pattern[str]  # with re.I on the original text (when lower-casing changes its length)
    cased: bool


@dataclass(frozen=True)
class _Compiled:
    techniques: list[Technique]
    always: tuple[tuple[str | None, _Rule], ...]  # (required literal, rule) without a leading word
    by_word: dict[str, tuple[_Rule, ...]]  # whole word -> rules whose matches contain it
    by_key: dict[str, tuple[_Rule, ...]]  # leading-word prefix -> rules it guards
    key_lengths: tuple[int, ...]


def _rule_sources(t: Technique) -> list[tuple[bool, bool, str]]:
    """(strong, case-sensitive, regex) for every alternative of a technique."""
    return [(True, s.startswith("(?-i:"), s) for s in t.strong] + [
        (False, False, w) for w in t.weak
    ]


@lru_cache(maxsize=1)
def _compiled() -> _Compiled:
    techniques = load_taxonomy()
    always: list[_Rule] = []
    by_word: dict[str, list[_Rule]] = {}
    by_key: dict[str, list[_Rule]] = {}
    for i, t in enumerate(techniques):
        for strong, cased, src in _rule_sources(t):
            inner = src[5:-1] if cased else src  # strip "(?-i:" ... ")"
            fast = re.compile(f"(?:{inner if cased else _lowered(src)})(?!\\w)")
            rule = _Rule(i, strong, fast, re.compile(f"(?:{src})(?!\\w)", re.I), cased)
            parsed = list(sre_parse.parse(inner if cased else src, 0 if cased else re.I))
            words = _acronym_words(inner) if cased else None
            word = None if words else _complete_word(parsed)
            keys = None if words or word else leading_keys(parsed)
            if words:
                for w in words:
                    by_word.setdefault(w, []).append(rule)
            elif word:
                by_word.setdefault(word, []).append(rule)
            elif keys is None:
                always.append((_required_literal(parsed), rule))
            else:
                for k in keys:
                    by_key.setdefault(k, []).append(rule)
    lengths = tuple(sorted({len(k) for k in by_key}))
    return _Compiled(
        techniques,
        tuple(always),
        {k: tuple(v) for k, v in by_word.items()},
        {k: tuple(v) for k, v in by_key.items()},
        lengths,
    )


_ALNUM = re.compile(r"[0-9a-z]+")


def _matches(pattern: re.Pattern[str], text: str, first_only: bool) -> list[tuple[int, int]]:
    """Spans of ``pattern`` in ``text`` that start at a word boundary."""
    out = []
    pos = 0
    while (m := pattern.search(text, pos)) is not None:
        s = m.start()
        if s == 0 or not (text[s - 1].isalnum() or text[s - 1] == "_"):
            out.append(m.span())
            if first_only:
                break
            pos = m.end() if m.end() > s else s + 1
        else:
            pos = s + 1
    return out


def find_techniques(text: str) -> list[tuple[Technique, int, int]]:
    """(technique, start, end) of the evidence for each tag in ``text``, by first evidence."""
    c = _compiled()
    lower = text.lower()
    same = len(lower) == len(text)  # lower-casing kept offsets (not so for a few Unicode letters)
    chunks = set(_ALNUM.findall(lower))
    prefixes = {ch[:n] for ch in chunks for n in c.key_lengths if len(ch) >= n}
    rules: dict[int, _Rule] = {id(r): r for lit, r in c.always if lit is None or lit in lower}
    for w in chunks.intersection(c.by_word):
        for r in c.by_word[w]:
            rules[id(r)] = r
    for k in prefixes.intersection(c.by_key):
        for r in c.by_key[k]:
            rules[id(r)] = r
    strong: dict[int, tuple[int, int]] = {}
    weak: dict[int, set[tuple[int, int]]] = {}
    for r in rules.values():
        if r.strong and r.index in strong and not same:
            continue
        if r.cased:
            spans = _matches(r.fast, text, r.strong)
        elif same:
            spans = _matches(r.fast, lower, r.strong)
        else:
            spans = _matches(r.slow, text, r.strong)
        if not spans:
            continue
        if r.strong:
            # earliest evidence, the longer one on a tie: independent of rule order
            if r.index not in strong or (spans[0][0], -spans[0][1]) < (
                strong[r.index][0],
                -strong[r.index][1],
            ):
                strong[r.index] = spans[0]
        else:
            weak.setdefault(r.index, set()).update(spans)
    found = dict(strong)
    for i, spans in weak.items():
        if i not in found and len(spans) >= c.techniques[i].min_weak:
            found[i] = min(spans)
    return sorted(((c.techniques[i], s, e) for i, (s, e) in found.items()), key=lambda x: x[1])


def extract_rows(paper: PaperText) -> list[dict]:
    """Technique rows for ``paper``: one per tag, at its first evidence."""
    view = clean_view(paper.abstract)
    rows = []
    for tech, s, e in find_techniques(view.text):
        start, end = view.span(s, e)
        rows.append(
            {
                "paper_id": paper.paper_id,
                "technique": tech.tag,
                "theme": tech.theme,
                "evidence": paper.abstract[start:end],
                "start": start,
                "end": end,
            }
        )
    return rows
