"""Technique/theme tags from the taxonomy in ``data/taxonomy.toml``: the rules.

Each tag has *strong* evidence (``phrases``, ``acronyms``, ``tokens``: one match tags the paper)
and optionally *weak* evidence (``weak``: tags the paper only when at least ``min_weak`` weak
matches occur), so a word used in passing ("evaluation", "reasoning") does not tag a paper
while a paper that keeps returning to it is tagged.

Patterns are compiled once per process, one regular expression per alternative. Each is
guarded by literals every match contains (:class:`extract.text.phrases.Prefilter`), so an
abstract only runs the few alternatives whose literals occur in it: a literal alternative (an
acronym, or a phrase without regex syntax) by its longest word, a regular expression by the
``key`` (a word start) or ``contains`` (a string) declared next to it in the taxonomy
(``{ pattern = 'quantiz(?:ation|e)', key = 'quantiz' }``), compared lower-cased.
Case-insensitive alternatives run lower-cased on the lower-cased text (a literal prefix lets `re`
skip ahead fast; a leading look-behind or re.I would not). Matching runs on the markup-free view
of the abstract (:func:`extract.text.markup.clean_view`) so ``**LoRA**`` counts and offsets still
point into the abstract.

A strong match in a passing mention is lowered to weak evidence: one that follows "such as",
"e.g.", "including", "unlike", "compared to/with", "than", "instead of", "limitations of",
"existing/previous methods", "prior research", "comparable with", "on par with", "as in", "inspired
by", "experiments on", "has been widely used for", "facilitate research on", ... in the same clause
(a list of names after the cue counts as in it; never across a sentence break of the one splitter,
:mod:`extract.text.sentences`), or that a few words later ends in "baseline(s)"
("over GNN and LLM-based baselines"), so "existing neural models such as RNNs and LSTMs" does not
tag a paper with RNNs (the cues are lists with ids in ``data/techniques_cues.toml``); all passing
mentions of a tag together count as ONE weak match (they still tag a paper that returns to the tag
otherwise). Weak matches of two alternatives at one place count
once. A tag's ``weak_context`` (a regular expression) must occur in the abstract or the title for
its weak evidence to count: "reasoning" three times tags Chain-of-Thought/Reasoning only in a paper
about language models, "policy" and "reward" tag Reinforcement learning only with an MDP, a critic,
a value or reward function. A tag's ``min_strong`` (2 for properties such as interpretability or
privacy that abstracts name once in passing) is how many strong mentions at distinct places (a
title match counts as one) make strong evidence; fewer count as weak matches, unless the tag sets
``own_counts`` and a mention sits in a sentence presenting the paper's own work ("we propose a
synthetic data generation pipeline"). A tag's ``context``
(a regular expression) must occur in the abstract or the title for the tag at all (Quantization:
weights, bits, LLMs...; Chain-of-Thought/Reasoning: a language model). A tag whose strong
alternative matches the title needs only one mention of any kind in the abstract.

Rows: one per (paper, technique), at the first strong evidence (else the first weak one);
``evidence`` is the matched text as written in the abstract; ``confidence`` (0-1) is the precision
(dev sets + corpus audit) of tags with as much evidence (:data:`CONFIDENCE`): strong mentions at
distinct places, +1 for a title mention, +1 when weak or passing mentions back them; a tag found
from weak evidence alone scores as one piece. Rows under :data:`MIN_CONFIDENCE` are not emitted.
"""

from __future__ import annotations

import bisect
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from extract.datafiles import DATA_DIR
from extract.results.cues import cue_lists
from extract.text.phrases import (
    NO_GUARD,
    Guard,
    Prefilter,
    declared_guard,
    literal_guard,
)
from extract.text.sentences import SENTENCE_BREAK, sentence_starts

TABLE = "techniques"
DATA_FILES: tuple[str, ...] = ("taxonomy.toml", "techniques_cues.toml")
# the cue phrases of the passing-mention and own-work patterns, by id
C = cue_lists("techniques_cues.toml")


@dataclass(frozen=True)
class Technique:
    """One taxonomy entry."""

    tag: str
    theme: str
    strong: tuple[str, ...]  # regex sources, already case-scoped
    weak: tuple[str, ...]
    min_weak: int
    strong_guards: tuple[Guard, ...] = ()  # one per strong alternative, lower-cased
    weak_guards: tuple[Guard, ...] = ()
    weak_context: re.Pattern[str] | None = None  # weak evidence counts only with it in the text
    min_strong: int = 1  # strong mentions (distinct places, the title one) needed, else weak
    context: re.Pattern[str] | None = None  # the tag needs it in the text or the title
    own_counts: bool = False  # a strong mention in the paper's own sentence meets min_strong


_REGEX_SYNTAX = frozenset("\\.^$*+?{}[]()|")


def _alternative(item: str | dict) -> tuple[str, Guard]:
    """(regex source, guard) of a taxonomy alternative: a string or ``{ pattern, key }``."""
    if isinstance(item, str):
        return item, literal_guard(item.lower()) if _REGEX_SYNTAX.isdisjoint(item) else NO_GUARD
    return item["pattern"], declared_guard(item, lower=True)


def load_taxonomy(text: str | None = None) -> list[Technique]:
    """Parse the taxonomy (``taxonomy.toml`` unless ``text`` is given) into :class:`Technique`."""
    data = tomllib.loads(
        text if text is not None else (DATA_DIR / "taxonomy.toml").read_text(encoding="utf-8")
    )
    out = []
    for e in data.get("technique", []):
        strong: list[str] = []
        guards: list[Guard] = []
        for item in e.get("phrases", []):
            src, guard = _alternative(item)
            strong.append(f"(?:{src})")
            guards.append(guard)
        for a in e.get("acronyms", []):
            strong.append(f"(?-i:{re.escape(a)}s?)")
            guards.append(literal_guard(a.lower()))
        for item in e.get("tokens", []):
            src, guard = _alternative(item)
            strong.append(f"(?-i:{src})")
            guards.append(guard)
        weak = [_alternative(item) for item in e.get("weak", [])]
        out.append(
            Technique(
                e["tag"],
                e["theme"],
                tuple(strong),
                tuple(f"(?:{src})" for src, _ in weak),
                int(e.get("min_weak", 2)),
                tuple(guards),
                tuple(guard for _, guard in weak),
                re.compile(e["weak_context"]) if e.get("weak_context") else None,
                int(e.get("min_strong", 1)),
                re.compile(e["context"]) if e.get("context") else None,
                bool(e.get("own_counts", False)),
            )
        )
    return out


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
    rules: tuple[_Rule, ...]
    prefilter: Prefilter  # which rules may match a lower-cased text


def _rule_sources(t: Technique) -> list[tuple[bool, bool, str, Guard]]:
    """(strong, case-sensitive, regex, guard) for every alternative of a technique."""
    strong_guards = t.strong_guards or (NO_GUARD,) * len(t.strong)
    weak_guards = t.weak_guards or (NO_GUARD,) * len(t.weak)
    return [(True, s.startswith("(?-i:"), s, g) for s, g in zip(t.strong, strong_guards)] + [
        (False, False, w, g) for w, g in zip(t.weak, weak_guards)
    ]


@lru_cache(maxsize=1)
def _compiled() -> _Compiled:
    techniques = load_taxonomy()
    rules: list[_Rule] = []
    guards: list[Guard] = []
    for i, t in enumerate(techniques):
        for strong, cased, src, guard in _rule_sources(t):
            inner = src[5:-1] if cased else src  # strip "(?-i:" ... ")"
            fast = re.compile(f"(?:{inner if cased else _lowered(src)})(?!\\w)")
            slow = re.compile(f"(?:{src})(?!\\w)", re.I)
            rules.append(_Rule(i, strong, fast, slow, cased))
            guards.append(guard)
    return _Compiled(techniques, tuple(rules), Prefilter(guards))


def rule_labels(text: str | None = None) -> list[tuple[str, str, str]]:
    """(tag, kind, alternative) of every taxonomy rule, in the order the stage compiles them.

    ``kind`` is ``phrases``, ``acronyms``, ``tokens`` or ``weak``; ``alternative`` is the text
    written in the taxonomy (the pattern of a ``{ pattern, key }`` entry). Together they are the
    rule's id (``benchmarks/rule_report.py``, ``scripts/taxonomy_counts.py``).
    """
    data = tomllib.loads(
        text if text is not None else (DATA_DIR / "taxonomy.toml").read_text(encoding="utf-8")
    )
    out = []
    for e in data.get("technique", []):
        for kind in ("phrases", "acronyms", "tokens", "weak"):
            for item in e.get(kind, []):
                out.append((e["tag"], kind, item if isinstance(item, str) else item["pattern"]))
    return out


def first_rule_spans(text: str) -> dict[int, tuple[int, int]]:
    """The first match of every taxonomy rule in ``text``, by rule index (:func:`rule_labels`).

    Matched as the stage matches them (prefilter, case, word start), before passing mentions,
    ``min_weak``, ``min_strong`` and contexts are weighed.
    """
    c = _compiled()
    lower = text.lower()
    same = len(lower) == len(text)
    out = {}
    for rule_index in c.prefilter.candidates(lower):
        spans = _rule_spans(c.rules[rule_index], text, lower, same, True)
        if spans:
            out[rule_index] = spans[0]
    return out


# A cue that makes the names listed after it a passing mention, then the list up to the match:
# words, commas, "and"/"or", parentheses, at most two words right before the match ("the popular
# ...", "baseline ..."), never "our"/"we"/"this"/"proposed" (the paper's own), no sentence
# break; checked on the lower-cased text ending where the match starts.
def passing_pattern(cues: str = C.passing_cue) -> re.Pattern[str]:
    """The passing-mention pattern for the cue alternation ``cues`` (all cues by default).

    ``benchmarks/rule_report.py`` builds it for one cue at a time to measure each.
    """
    return re.compile(
        rf"\b(?:{cues})"
        rf"(?:(?: (?:{C.passing_determiner}))?"
        rf"(?:[ (]+(?!(?:{C.own_word})\b)[\w./+-]+){{1,4}}?[,)]?(?: and| or|,))*"
        rf"(?:[ (]+(?!(?:{C.own_word})\b)[\w.-]+){{0,2}}[ (]+$"
    )


_PASSING = passing_pattern()
_PASSING_WINDOW = 100
_BREAK_REACH = 16  # white space a sentence break may hold before the window (text is folded)


# a match followed by "baseline(s)" in a few words ("over current GNN and LLM-based baselines")
# (at most three words between, none a verb of the paper's own result: "our diffusion model
# outperforms baselines" is not one)
_BASELINE_AFTER = re.compile(
    rf"(?:[ -]+(?!(?:{C.baseline_after})\w*\b)\w+){{0,3}}?[ -]+baselines?\b"
)


def _passing(text: str, lower: str, start: int, end: int | None = None) -> bool:
    """Whether the match at ``start`` (ending at ``end``) is a passing mention.

    ``text`` is the abstract and ``lower`` its lower-cased copy, where the cues are looked for;
    a cue in one sentence does not reach into the next ("... compared to prior methods.
    Applying knowledge distillation ...").
    """
    if end is not None and _BASELINE_AFTER.match(lower, end):
        return True
    return _PASSING.search(lower, passing_window_start(text, start), start) is not None


def passing_window_start(text: str, start: int) -> int:
    """Where the window a passing cue is looked for in, before a match at ``start``, begins.

    At most :data:`_PASSING_WINDOW` characters back, and not before the start of the sentence
    (the one splitter's breaks, :data:`extract.text.sentences.SENTENCE_BREAK`, looked for in
    the window only: its look-behinds see the text before it, its look-ahead the match start).
    """
    lo = max(0, start - _PASSING_WINDOW)
    for m in SENTENCE_BREAK.finditer(text, max(0, lo - _BREAK_REACH), start + 1):
        if m.end() <= start:
            lo = max(lo, m.end())
    return lo


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


def _rule_spans(
    r: _Rule, text: str, lower: str, same: bool, first_only: bool
) -> list[tuple[int, int]]:
    """Spans of rule ``r`` in ``text``.

    Cased patterns run on the text, the others on its lower-cased copy when that kept offsets,
    else the slow case-insensitive pattern runs on the text.
    """
    if r.cased:
        return _matches(r.fast, text, first_only)
    if same:
        return _matches(r.fast, lower, first_only)
    return _matches(r.slow, text, first_only)


@dataclass
class Evidence:
    """What an abstract says about one tag (see :func:`confidence`)."""

    strong: list[tuple[int, int]]  # strong matches not in a passing mention, by position
    weak: set[tuple[int, int]]  # weak matches (all passing mentions of the tag: one of them)
    passing: tuple[int, int] | None = None  # the first passing mention
    in_title: bool = False  # a strong alternative matches the title
    rejected: str | None = None  # why the rules give no tag (only with ``keep_rejected``)
    # the first strong match in the title, as negative offsets (``start - len(title) - 1``, as
    # for title spans in :mod:`extract.phrases.model`): set with ``in_title``
    title_span: tuple[int, int] | None = None
    weak_in_title: bool = False  # a weak alternative matches the title

    @property
    def span(self) -> tuple[int, int]:
        """The first strong evidence (the longer one on a tie), else the first weak one; for a
        tag only the title names (``title_only``), its title match (negative offsets)."""
        if self.strong:
            return min(self.strong, key=lambda sp: (sp[0], -sp[1]))
        if not self.weak and self.title_span is not None:
            return self.title_span
        return min(self.weak)

    @property
    def pieces(self) -> int:
        """Strong mentions (distinct places) + 1 if in the title + 1 if weak/passing ones too."""
        if not self.strong:
            return 0
        return len({s for s, _ in self.strong}) + self.in_title + bool(self.weak)

    @property
    def bucket(self) -> str:
        """The evidence bucket that :data:`CONFIDENCE` scores."""
        n = self.pieces
        return "weak" if n == 0 else "strong:3+" if n >= 3 else f"strong:{n}"


# Precision of a tag by its evidence bucket (VERSION 9), pooled over every labelled tuning set:
# the DEV parts of benchmarks/devset/techniques.jsonl + names.jsonl (``python
# benchmarks/eval_techniques.py --buckets``: weak 9/13, one piece 25/30, two 32/34, three or more
# 69/71), 30 random rows of each bucket from audit batch 1 (``benchmarks/techniques_audit.py``:
# 22/26, 28/30, 27/30, 29/30) and dev2 + dev3 + fresh (490 abstracts labelled blind: 40/51,
# 49/63, 71/92, 187/192); smoothed as (correct + 1) / (found + 2). On the blind-labelled sets
# one or two strong pieces are no surer than weak evidence alone (0.77-0.78); three or more are.
# Whether a strong mention sits in a sentence presenting the paper's own work
# (:func:`in_own_sentence`) did not separate (one bare strong mention on dev: 19/24 in such a
# sentence, 6/6 elsewhere; audit batch 1 before VERSION 6: 36/62 vs 25/54), so it does not count.
CONFIDENCE: dict[str, float] = {
    "weak": 0.78,
    "strong:1": 0.82,
    "strong:2": 0.83,
    "strong:3+": 0.97,
}
# Rows below this confidence are not emitted: the threshold with the best dev recall at
# precision >= 0.85 on the dev parts and on audit batch 1 (``eval_techniques.py --thresholds``,
# ``techniques_audit.py score``). Every bucket is above it: dropping the weak rows would raise
# batch 1 precision by about 0.01 (0.873 -> 0.886) and cost 0.05 of dev recall (0.76 -> 0.71).
MIN_CONFIDENCE = 0.0


def confidence(ev: Evidence) -> float:
    """0-1 confidence of a tag from its evidence: the dev precision of its bucket."""
    return CONFIDENCE[ev.bucket]


# The paper's own work in a sentence: we/our, this paper/work/study, (the) proposed, novel.
_OWN = re.compile(rf"\b(?:{C.own_sentence})\b")


def in_own_sentence(text: str, ev: Evidence) -> bool:
    """Whether a strong match of ``ev`` sits in a sentence presenting the paper's own work.

    Measured by ``benchmarks/eval_techniques.py --buckets``; not part of :func:`confidence`
    (it did not separate correct from wrong tags on dev).
    """
    lower = text.lower()
    starts = sentence_starts(text)
    return any(_OWN.search(_sentence(lower, s, starts)) for s, _ in ev.strong)


def _sentence(lower: str, start: int, starts: Sequence[int]) -> str:
    """The sentence of ``lower`` holding ``start``, given the sentence starts of the text."""
    k = bisect.bisect_right(starts, start)
    lo = starts[k - 1] if k else 0
    hi = starts[k] if k < len(starts) else len(lower)
    return lower[lo:hi]


def _title_hits(c: _Compiled, title: str) -> tuple[dict[int, tuple[int, int]], set[int]]:
    """Techniques with a strong alternative matching ``title``: their first strong match there
    (the longer one on a tie), as negative offsets (``start - len(title) - 1``); and the
    techniques with a weak alternative matching it."""
    lower = title.lower()
    same = len(lower) == len(title)
    shift = len(title) + 1
    out: dict[int, tuple[int, int]] = {}
    weak: set[int] = set()
    for rule_index in c.prefilter.candidates(lower):
        r = c.rules[rule_index]
        if not r.strong:
            if r.index not in weak and _rule_spans(r, title, lower, same, True):
                weak.add(r.index)
            continue
        spans = _rule_spans(r, title, lower, same, True)
        if spans:
            sp = (spans[0][0] - shift, spans[0][1] - shift)
            old = out.get(r.index)
            if old is None or (sp[0], -sp[1]) < (old[0], -old[1]):
                out[r.index] = sp
    return out, weak


def evidence(
    text: str, title: str = "", keep_rejected: bool = False
) -> list[tuple[Technique, Evidence]]:
    """(technique, evidence) for each tag of ``text``, by first evidence.

    ``title`` counts for a tag's ``weak_context`` and for confidence (evidence spans are in
    ``text``). With ``keep_rejected``, tags whose matches the rules turn down are returned too,
    with ``rejected`` set to the reason (``context``, ``weak``, ``passing``, ``weak_context``),
    and so are tags a strong alternative names in the title only, with no match in the abstract
    (``title_only``; ``context`` when the tag's context is missing): no strong or weak spans,
    ``span`` their title match in negative offsets (``start - len(title) - 1``). The learned
    tagger (:mod:`extract.learned.tags`) reads them as features.
    """
    c = _compiled()
    lower = text.lower()
    same = len(lower) == len(text)  # lower-casing kept offsets (not so for a few Unicode letters)
    evs: dict[int, Evidence] = {}
    passing: dict[int, list[tuple[int, int]]] = {}  # per tag, its passing strong mentions
    for rule_index in c.prefilter.candidates(lower):
        r = c.rules[rule_index]
        spans = _rule_spans(r, text, lower, same, False)
        if not spans:
            continue
        ev = evs.setdefault(r.index, Evidence([], set()))
        if r.strong:
            for sp in spans:
                if not _passing(text, lower, *sp):
                    ev.strong.append(sp)
                else:
                    passing.setdefault(r.index, []).append(sp)
                    if ev.passing is None or sp < ev.passing:
                        ev.passing = sp
        else:
            ev.weak.update(spans)
    for i, spans in passing.items():
        # a weak word inside a passing mention of the same tag ("translation" in "tasks such as
        # machine translation") is that mention again, not a second piece of evidence (53 corpus
        # abstracts lose a tag; 7 of 10 sampled had it wrongly)
        ev = evs[i]
        ev.weak = {w for w in ev.weak if not any(a <= w[0] and w[1] <= b for a, b in spans)}
    title_hits, title_weak = _title_hits(c, title) if title else ({}, set())
    found: list[tuple[Technique, Evidence]] = []
    for i, ev in evs.items():
        t = c.techniques[i]
        if t.context is not None and not (t.context.search(text) or t.context.search(title)):
            if keep_rejected:
                ev.rejected = "context"
                if ev.passing is not None:
                    ev.weak.add(ev.passing)
                ev.in_title = i in title_hits
                ev.title_span = title_hits.get(i)
                found.append((t, ev))
            continue
        if ev.passing is not None:
            ev.weak.add(ev.passing)  # all passing mentions of a tag: one weak match
        ev.in_title = i in title_hits
        ev.title_span = title_hits.get(i)
        ev.weak_in_title = i in title_weak
        if (
            ev.strong
            and len({s for s, _ in ev.strong}) + ev.in_title < t.min_strong
            and not (t.own_counts and in_own_sentence(text, ev))
        ):
            # a property named once ("enhances interpretability", "data privacy concerns"):
            # the mention counts as weak evidence
            ev.weak.update(ev.strong)
            ev.strong = []
        if not ev.strong and not (ev.in_title and ev.weak):
            # (a tag whose strong evidence is in the title needs one mention in the abstract,
            # passing or weak: "Recent research of parameter-efficient transfer learning ..."
            # under the title "VLN-PETL: Parameter-Efficient Transfer Learning for ...")
            # two weak alternatives matching at one place ("pruning", "pruning technique") are
            # one; passing mentions alone never tag (not even a tag with min_weak = 1)
            n = len({s for s, _ in ev.weak})
            if n < t.min_weak or (n == 1 and ev.passing is not None):
                if keep_rejected:
                    ev.rejected = "passing" if n == 1 and ev.passing is not None else "weak"
                    found.append((t, ev))
                continue
            ctx = t.weak_context
            if ctx is not None and ctx.search(text) is None and ctx.search(title) is None:
                if keep_rejected:
                    ev.rejected = "weak_context"
                    found.append((t, ev))
                continue
        ev.strong.sort()
        found.append((t, ev))
    if keep_rejected:
        # "INViTE: INterpret and Control Vision-Language Models with Text Explanations" over an
        # abstract that speaks of CLIP and vision transformers: the title alone names the tag
        for i in title_hits.keys() - evs.keys():
            t = c.techniques[i]
            ok = t.context is None or t.context.search(text) or t.context.search(title)
            found.append((t, Evidence([], set(), in_title=True, title_span=title_hits[i],
                                      rejected="title_only" if ok else "context")))
    return sorted(found, key=lambda x: (x[1].span[0], -x[1].span[1]))


def find_techniques(text: str, title: str = "") -> list[tuple[Technique, int, int]]:
    """(technique, start, end) of the evidence for each tag in ``text``, by first evidence.

    ``title`` only counts for a tag's ``weak_context`` (evidence is always in ``text``).
    """
    return [(t, *ev.span) for t, ev in evidence(text, title)]
