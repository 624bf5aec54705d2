"""Named methods and models in an abstract: the ones it proposes and the ones it mentions.

A name is **mentioned** when it is in the vocabulary of established methods and models
(``data/methods_vocab.toml``: fixed names and versioned model families). A name in that
vocabulary is never proposed.

A name is **proposed** when the abstract introduces it. The rules, applied per sentence on a
markup-free view of the abstract (``**RO**bust`` -> ``RObust``, ``$\\textit{TEDUO}$`` -> ``TEDUO``):

1. *Introduction cue*: after "we propose / introduce / present / develop / train / build ..."
   (also "this paper introduces", "by proposing"), up to the next clause boundary ("that",
   "which", "to", "using", ...) or the appositive that describes the first name found
   (", a novel ..."), the region yields

   * an acronym in parentheses: "Gradient-based Masked Token Probability (GMTP)" -> GMTP;
   * a name-shaped token (inner capitals or digits: CoSyn, SAIL-VL, CP-OPT, PENCIL), skipping
     multi-word parentheses (expansions);
   * a plain capitalised word right after the verb when an appositive or parenthesis follows:
     "we present De-mark, an advanced framework", "we train Explorer, a multimodal web agent".

2. *Naming cue*: "called / named / termed / dubbed / coined X" (not after "recently proposed",
   "existing", ...): "a GPU kernel called TriRun".
3. *Passive cue*: "A ... (SCAR) module is further proposed".
4. *Appositive*: "X, a novel ..." / "X is a novel ...".
5. *Emphasis*: a name-shaped token wholly in bold/italic markup (``**MPIFA**``, ``_ScaleBiO_``).
6. *Title*: a name-shaped title prefix ("SuLoRA: Subspace ...") that recurs in the abstract.

Never proposed: a word in the stoplist (``data/method_stoplist.toml``: LLMs, VLMs, KV, NLP,
SOTA, ...), a name in the vocabulary or in the benchmark vocabulary (``benchmarks_vocab.toml``), or an acronym the abstract already defined outside an
introduction ("continual learning (CL)" ... "we propose a novel CL method"). Acronyms keep
their short form as the name (SuLoRA, not Subspace Low-Rank Adaptation). A name glued to a
lowercase "benchmark"/"dataset" by a lost superscript ("MM-Rbenchmark") is cut to "MM-R".

Rows: one per (paper, name, role), at the name's first occurrence in the abstract; ``start``
and ``end`` are offsets into ``paper.abstract`` covering the name itself (inside any markup).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache

from extract.records import PaperText
from extract.stages import DATA_DIR

TABLE = "methods"
VERSION = "1"
DATA_FILES: tuple[str, ...] = ("methods_vocab.toml", "method_stoplist.toml", "benchmarks_vocab.toml")

# ---------------------------------------------------------------------------------------------
# Markup-free view with an offset map back into the abstract.

_MARKUP = re.compile(
    r"\\(?:textit|textbf|emph|mathrm|mathbf|mathcal|texttt|text|textsc|underline)\s*\{"
    r"|\\(?=[%_$&#])|\*\*?|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])|[$`{}]"
)
_MARKUP_CHARS = frozenset("*_$`{}\\")


@dataclass(frozen=True)
class View:
    """A markup-free copy of a text and, per character, its offset in the original."""

    text: str
    offsets: tuple[int, ...] | None  # None: identical to the original

    def span(self, start: int, end: int) -> tuple[int, int]:
        """Offsets in the original text of the clean span ``[start, end)``."""
        if self.offsets is None:
            return start, end
        return self.offsets[start], self.offsets[end - 1] + 1


def clean_view(text: str) -> View:
    """Strip Markdown/LaTeX emphasis from ``text``, keeping a map back to its offsets."""
    if not _MARKUP_CHARS.intersection(text):
        return View(text, None)
    parts: list[str] = []
    offsets: list[int] = []
    pos = 0
    for m in _MARKUP.finditer(text):
        if m.start() > pos:
            parts.append(text[pos:m.start()])
            offsets.extend(range(pos, m.start()))
        pos = m.end()
    parts.append(text[pos:])
    offsets.extend(range(pos, len(text)))
    return View("".join(parts), tuple(offsets))


# ---------------------------------------------------------------------------------------------
# Vocabularies (loaded once per process).


@dataclass(frozen=True)
class Vocab:
    """The compiled method vocabulary and stoplists."""

    canonical: dict[str, str]  # surface form -> canonical name
    fixed: re.Pattern[str]
    families: re.Pattern[str] | None
    generic: frozenset[str]
    common: frozenset[str]
    benchmarks: frozenset[str]  # established benchmark names: used, never proposed

    def known(self, name: str) -> str | None:
        """The canonical vocabulary name for ``name`` (fixed or family), else None."""
        if name in self.canonical:
            return self.canonical[name]
        if name.endswith("s") and name[:-1] in self.canonical:
            return self.canonical[name[:-1]]
        if self.families is not None and self.families.fullmatch(name):
            return name
        return None

    def is_generic(self, name: str) -> bool:
        """True for stoplisted acronyms and words (plural "s" ignored)."""
        base = name[:-1] if name.endswith("s") and len(name) > 2 else name
        return name in self.generic or base in self.generic or name in self.common


def _boundary(pattern: str) -> str:
    return rf"(?<![\w-])(?:{pattern})(?![\w+]|-\w|\.\d)"


@lru_cache(maxsize=1)
def vocab() -> Vocab:
    """Load ``methods_vocab.toml`` and ``method_stoplist.toml`` (cached)."""
    data = tomllib.loads((DATA_DIR / "methods_vocab.toml").read_text(encoding="utf-8"))
    canonical: dict[str, str] = {}
    for entry in data.get("method", []):
        for surface in (entry["name"], *entry.get("aliases", [])):
            canonical[surface] = entry["name"]
    names = sorted(canonical, key=len, reverse=True)
    fixed = re.compile(_boundary("|".join(re.escape(n) + "s?" for n in names)))
    fams = [e["pattern"] for e in data.get("model_family", [])]
    families = re.compile(_boundary("|".join(f"(?:{p})" for p in fams))) if fams else None
    stop = tomllib.loads((DATA_DIR / "method_stoplist.toml").read_text(encoding="utf-8"))
    bench = tomllib.loads((DATA_DIR / "benchmarks_vocab.toml").read_text(encoding="utf-8"))
    bench_names = {n for e in bench.get("benchmark", []) for n in (e["name"], *e.get("aliases", []))}
    return Vocab(canonical, fixed, families, frozenset(stop.get("generic", [])), frozenset(stop.get("common", [])),
                 frozenset(bench_names))


# ---------------------------------------------------------------------------------------------
# Proposed-name rules.

_SENT_BREAK = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"“(\[*$_\\0-9])")
_CUE = re.compile(
    r"\b(?:(?:we|paper|work|study|article|and|by|which we)\s+(?:(?:\w+ly|first|further|also|then|here|"
    r"hereby|now|newly)\s+)?"
    r"(?:propos|introduc|present|develop|design|build|built|construct|releas|devis|creat|curat|"
    r"contribut|implement|train|collect|establish|formulat|name|call|term|dub)(?:e|es|ed|ing|s|t)?"
    r"|(?:proposing|introducing|presenting|developing))\b",
    re.I,
)
_NAMING = re.compile(r"\b(?:called|named|termed|dubbed|coined|denoted(?: as)?|referred to as|namely)\s+", re.I)
_NOT_NEW = re.compile(r"\b(?:recently proposed|existing|previous|prior|popular|widely[- ]used|well[- ]known|"
                      r"standard|conventional|classic|so-called)\b", re.I)
_PASSIVE = re.compile(r"\b(?:is|are)\s+(?:\w+ly\s+|further\s+|also\s+|then\s+|first\s+)?"
                      r"(?:proposed|introduced|presented|developed)\b")
_REGION_END = re.compile(
    r"\s(?:that|which|who|where|whereby|whose|to|using|via|across|against|than|"
    r"compared|over|through|with|while|when|because|since|if)\b|[;.!?]|,\s*(?:which|where|that|"
    r"and we|we)\b"
)
_APPOSITIVE = re.compile(r"\s*(?:\([^()]*\)\s*)?(?:,|:|\s[-–—])\s*(?:a|an|the|which|where|that|our)\b|\s*\(|\s*$|"
                         r"\s+(?:is|are)\s+(?:a|an)\b", re.I)
_TOKEN = re.compile(r"(?<![\w.+-])[A-Za-z][\w+]*(?:[-.][\w+]+)*(?:\+\+)?")
_PAREN_ACRONYM = re.compile(r"\(\s*([A-Za-z][\w+]*(?:-[\w+]+)*)\s*\)")
_MULTIWORD_PAREN = re.compile(r"\([^()]*\s[^()]*\)")
_GLUED = re.compile(r"^(.*[A-Z0-9])(benchmark|dataset|corpus|framework|model)s?$")
_SEGMENT_WORD = re.compile(r"^[a-z]{3,}$")
_INNER_CAPS = re.compile(r"[A-Z].*[A-Z]|[a-z][A-Z]|[A-Z].*\d|\d.*[A-Z]")
_CAPWORD = re.compile(r"^[A-Z][a-z]+(?:-[a-z]+)?$")
_NOVEL = re.compile(r"\s*(?:,|\s[-–—]|\s+is)\s+(?:a|an)\s+(?:\w+\s+){0,2}?(?:novel|new)\b", re.I)
_TITLE_NAME = re.compile(r"^\s*([^\s:]+)\s*:")
_EMPHASIS = re.compile(
    r"\*\*([A-Za-z][\w+-]*)\*\*(?![A-Za-z])|(?<![\w*])\*([A-Za-z][\w+-]*)\*(?![\w*])"
    r"|(?<![\w\\])_([A-Za-z][\w+-]*)_(?!\w)|\\(?:textbf|textit|emph|texttt|textsc)\s*\{([A-Za-z][\w+-]*)\}"
)
_DATASET_AFTER = re.compile(r"\s*(?:\([^()]*\)\s*)?(?:,|\s[-–—])?\s*(?:(?:a|an|the|our)\s+)?(?:[\w-]+\s+){0,2}?"
                            r"(?:benchmark|dataset|data set|corpus|test ?bed|leaderboard)s?\b", re.I)
_DATASET_NOUN = re.compile(r"\b(?:benchmark|dataset|data set|corpus|test ?bed|test suite|leaderboard|"
                           r"evaluation suite)s?\b", re.I)


def name_shaped(token: str) -> bool:
    """True for tokens shaped like a coined name: CoSyn, SAIL-VL, GPT-4, PENCIL, Mind2Web.

    Plain capitalised words (Explorer), lowercase compounds (RNN-based) and single letters
    are not name-shaped.
    """
    if len(token) < 2 or not any(c.isupper() for c in token):
        return False
    segments = token.split("-")
    if any(_SEGMENT_WORD.match(s) for s in segments[1:]):
        return False  # "RNN-based", "LLM-as-agent"
    return any(_INNER_CAPS.search(s) for s in segments)


@dataclass(frozen=True)
class Proposal:
    """A proposed name in the clean view: ``[start, end)`` of its defining occurrence."""

    name: str
    start: int
    end: int
    dataset: bool  # introduced as a benchmark/dataset/corpus


_LONG_FORM = re.compile(r"(?:[A-Z][\w-]*\s+(?:(?:of|for|in|and|via|with|the|to|on)\s+)?){1,8}\(\s*([A-Za-z][\w+-]*)\s*\)")
_LONG_FORM_BEFORE = re.compile(r"((?:[\w-]+\s+){1,8})\(\s*([A-Za-z][\w+]*(?:-[\w+]+)*)\s*\)")
_FUNCTION_WORDS = frozenset("a an the novel new called named termed dubbed we propose introduce , :".split())


def _mask_expansions(sent: str) -> str:
    """Blank multi-word parentheses and the long forms in front of "(ACRONYM)", keeping offsets.

    "RObust Preference Optimization (ROPO)" -> only "ROPO" is left to be a name;
    "SAIL-VL ( ScAlable Vision Language ...)" -> only "SAIL-VL".
    """
    sent = _MULTIWORD_PAREN.sub(lambda m: " " * len(m.group()), sent)
    if "(" not in sent:
        return sent
    chars = list(sent)
    for m in _LONG_FORM_BEFORE.finditer(sent):
        acronym = m.group(2)
        n_caps = max(2, sum(c.isupper() for c in acronym))
        words = list(re.finditer(r"[\w-]+", m.group(1)))
        for w in reversed(words[-n_caps - 1:]):
            if w.group().lower() in _FUNCTION_WORDS:
                break
            for i in range(m.start(1) + w.start(), m.start(1) + w.end()):
                chars[i] = " "
    return "".join(chars)


def _strip_glued(token: str) -> str:
    m = _GLUED.match(token)
    return m.group(1) if m else token


def _background_acronyms(sentences: list[tuple[int, str]]) -> set[str]:
    """Acronyms defined in parentheses in sentences without an introduction cue."""
    out: set[str] = set()
    for _, sent in sentences:
        if _CUE.search(sent) or _PASSIVE.search(sent):
            continue
        out.update(m.group(1) for m in _PAREN_ACRONYM.finditer(sent))
    return out


def _sentences(text: str) -> list[tuple[int, str]]:
    """(offset, sentence) pairs; a break is [.!?] + space + an uppercase letter, digit or markup."""
    out: list[tuple[int, str]] = []
    pos = 0
    for m in _SENT_BREAK.finditer(text):
        out.append((pos, text[pos:m.start()]))
        pos = m.end()
    out.append((pos, text[pos:]))
    return [(o, s) for o, s in out if s.strip()]


def _acceptable(name: str, v: Vocab) -> bool:
    return len(name) >= 2 and not v.is_generic(name) and v.known(name) is None and name not in v.benchmarks


def find_proposed(text: str, title: str | None = None) -> list[Proposal]:
    """Proposed names in a markup-free ``text``, in order of first detection."""
    v = vocab()
    sentences = _sentences(text)
    background = _background_acronyms(sentences)
    found: dict[str, Proposal] = {}

    def add(name: str, start: int, end: int, before: str) -> None:
        """Record a proposal; ``before`` is the text between its cue and the name."""
        name = name.rstrip(".")
        if name in found or not _acceptable(name, v):
            return
        glued = text[start:end] != name and _GLUED.match(text[start:end]) is not None
        dataset = glued or bool(_DATASET_NOUN.search(before[-60:]) or _DATASET_AFTER.match(text, end))
        found[name] = Proposal(name, start, start + len(name), dataset)

    for s0, sent in sentences:
        masked = _mask_expansions(sent)
        # 1. introduction cue -> region
        for cue in _CUE.finditer(masked):
            rstart = cue.end()
            stop = _REGION_END.search(masked, rstart + 1)
            rend = stop.start() if stop else len(sent)
            region = masked[rstart:rend]
            first = True
            for tm in _TOKEN.finditer(region):
                tok = tm.group()
                abs_start = s0 + rstart + tm.start()
                in_paren = region[max(0, tm.start() - 2):tm.start()].rstrip().endswith("(")
                name = _strip_glued(tok)
                after = region[tm.end():] + sent[rend:]
                if name_shaped(name):
                    if not in_paren and name in background:
                        first = False
                        continue
                    add(name, abs_start, abs_start + len(tok), region[:tm.start()])
                    if name in found and _APPOSITIVE.match(after) and not after.lstrip().startswith("("):
                        break
                elif first and _CAPWORD.match(tok) and tok not in v.common and _APPOSITIVE.match(after):
                    add(tok, abs_start, abs_start + len(tok), region[:tm.start()])
                    break
                if tok.lower() not in ("a", "an", "the", "novel", "new", "two", "three"):
                    first = False
        # 2. naming cue: "called X", "called Long Form Name (ACR)"
        for nm in _NAMING.finditer(sent):
            if _NOT_NEW.search(sent[max(0, nm.start() - 80):nm.start()]):
                continue
            lf = _LONG_FORM.match(sent, nm.end())
            if lf:
                add(lf.group(1), s0 + lf.start(1), s0 + lf.end(1), sent[max(0, nm.start() - 40):nm.start()])
                continue
            tm = _TOKEN.match(sent, nm.end())
            if not tm or re.match(r"\s+[A-Z]", sent[tm.end():]):
                continue  # a multi-word title-case phrase without an acronym is not a name
            if name_shaped(tm.group()) or (_CAPWORD.match(tm.group()) and tm.group() not in v.common):
                add(_strip_glued(tm.group()), s0 + tm.start(), s0 + tm.end(), sent[max(0, nm.start() - 40):nm.start()])
        # 3. passive cue: acronyms / names before "is proposed"
        for pm in _PASSIVE.finditer(sent):
            head = sent[:pm.start()]
            if re.match(r"\s*(?:Recent|Previous|Existing|Many|Various|Several|Prior|Numerous|Some)\b", head):
                continue
            for am in _PAREN_ACRONYM.finditer(head):
                if name_shaped(am.group(1)):
                    add(am.group(1), s0 + am.start(1), s0 + am.end(1), head[max(0, am.start() - 60):am.start()])
        # 4. appositive "X, a novel ..."
        for tm in _TOKEN.finditer(sent):
            if name_shaped(tm.group()) and _NOVEL.match(sent, tm.end()) and tm.group() not in background:
                add(tm.group(), s0 + tm.start(), s0 + tm.end(), "")
    # 6. title prefix
    if title:
        m = _TITLE_NAME.match(title)
        if m and name_shaped(m.group(1)):
            for tm in re.finditer(rf"(?<![\w-]){re.escape(m.group(1))}(?![\w-])", text):
                add(tm.group(), tm.start(), tm.end(), "")
                break
    return sorted(found.values(), key=lambda p: p.start)


def _emphasised(abstract: str) -> list[str]:
    """Name-shaped tokens wholly inside bold/italic markup in the original abstract."""
    if not _MARKUP_CHARS.intersection(abstract):
        return []
    out = []
    for m in _EMPHASIS.finditer(abstract):
        tok = next(g for g in m.groups() if g)
        if name_shaped(tok) and not tok.isdigit():
            out.append(tok)
    return out


def find_mentioned(text: str) -> list[tuple[str, int, int]]:
    """Vocabulary names in a markup-free ``text`` as (name, start, end), longest match wins."""
    v = vocab()
    spans: list[tuple[int, int, str]] = []
    if v.families is not None:
        spans += [(m.start(), m.end(), m.group()) for m in v.families.finditer(text)]
    for m in v.fixed.finditer(text):
        surface = m.group()
        name = v.canonical.get(surface) or v.canonical.get(surface[:-1], surface)
        spans.append((m.start(), m.end(), name))
    spans.sort(key=lambda s: (s[0], -(s[1] - s[0])))
    out: list[tuple[str, int, int]] = []
    last_end = -1
    for start, end, name in spans:
        if start >= last_end:
            out.append((name, start, end))
            last_end = end
    return out


def _first_occurrence(text: str, name: str, default: tuple[int, int]) -> tuple[int, int]:
    m = re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-]|\.\w)|(?<![\w-]){re.escape(name)}(?=(?:benchmark|dataset|corpus)s?\b)", text)
    return (m.start(), m.start() + len(name)) if m and m.start() < default[0] else default


def extract_rows(paper: PaperText) -> list[dict]:
    """Method rows for ``paper``: one per (name, role) at its first occurrence."""
    view = clean_view(paper.abstract)
    text = view.text
    proposals = find_proposed(text, paper.title)
    proposed = {p.name: (p.start, p.end) for p in proposals}
    v = vocab()
    for tok in _emphasised(paper.abstract):
        if tok not in proposed and _acceptable(tok, v):
            m = re.search(rf"(?<![\w-]){re.escape(tok)}(?![\w-])", text)
            if m:
                proposed[tok] = (m.start(), m.end())
    rows: list[dict] = []
    for name, span in proposed.items():
        start, end = view.span(*_first_occurrence(text, name, span))
        rows.append({"paper_id": paper.paper_id, "name": name, "role": "proposed", "start": start, "end": end})
    seen: set[str] = set(proposed)
    for name, s, e in find_mentioned(text):
        if name in seen:
            continue
        seen.add(name)
        start, end = view.span(s, e)
        rows.append({"paper_id": paper.paper_id, "name": name, "role": "mentioned", "start": start, "end": end})
    rows.sort(key=lambda r: (r["start"], r["end"]))
    return rows
