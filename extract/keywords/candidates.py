"""Keyphrase candidates: noun phrases from POS tags, generic words removed, acronyms merged.

Private helper of :mod:`extract.keywords`. Works on tagged tokens
(:class:`extract.keywords.tagger.Token` tuples) or on a spaCy ``Doc`` with ``tag_``/``pos_``
(see :func:`tokens_of`).

The grammar: a candidate is a run of adjectives and nouns (participles as modifiers) that ends
on a noun -- the whole noun phrase or a part of it that ends on a noun ("graph neural network",
"neural network") -- or two such runs joined by "of" ("theory of mind", "mixture of experts").
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from extract.datafiles import DATA_DIR
from extract.keywords.tagger import Token

if TYPE_CHECKING:  # spaCy itself is imported only when keywords are extracted
    pass

STOPLIST_FILE = "keyword_stopwords.toml"
_DATA = DATA_DIR / STOPLIST_FILE

_NOUNS = {"NOUN", "PROPN"}
_QUANTITY = re.compile(r"^[+-]?[\d.,]+[a-zA-Z%]{0,2}$|^\W+$")
_ACRONYM_IN_PARENS = re.compile(r"\(\s*([A-Za-z][A-Za-z0-9\-]{1,11}?)(s?)\s*[;,)]")
_BRACKET = re.compile(r"[()\[\]{}]")
_URL = re.compile(r"://|^www\.|@|\.(com|org|io|net|html?)\b")
_WORD = re.compile(r"[A-Za-z0-9]+(?:[-'][A-Za-z0-9]+)*")


@dataclass(frozen=True)
class Stoplist:
    """Generic words (a candidate of only these is dropped), leading modifiers, weak heads.

    ``fragments`` are modifiers of lexicalised compounds ("large language" of "large language
    models"): dropped from a paper that uses them only inside the compound. ``stop`` is spaCy's
    English stop word list (function words: "the", "our", "which").
    """

    generic: frozenset[str]
    modifiers: frozenset[str]
    weak_heads: frozenset[str]
    fragments: frozenset[str] = frozenset()
    stop: frozenset[str] = frozenset()


@lru_cache(maxsize=1)
def load_stoplist() -> Stoplist:
    """The stoplist from ``extract/data/keyword_stopwords.toml`` plus spaCy's stop words."""
    from spacy.lang.en.stop_words import STOP_WORDS

    data = tomllib.loads(_DATA.read_text(encoding="utf-8"))
    return Stoplist(
        *(frozenset(w.lower() for w in data[k]) for k in ("generic", "modifiers", "weak_heads")),
        fragments=frozenset(phrase_key(w) for w in data.get("fragments", [])),
        stop=frozenset(STOP_WORDS),
    )


@lru_cache(maxsize=200_000)
def is_acronym(word: str) -> bool:
    """True for words such as ``RAG``, ``LLMs``, ``CoSyn``, ``GPT-4`` (two or more capitals).

    Parts of a hyphenated word count apart: ``Retrieval-Augmented`` is not an acronym.
    """
    return word[:1].isalnum() and any(
        sum(c.isupper() for c in part) >= 2 for part in re.split(r"[-/]", word)
    )


@lru_cache(maxsize=200_000)
def fold_plural(word: str) -> str:
    """A crude singular: ``networks`` -> ``network``, ``LLMs`` -> ``llm``; ``loss`` kept."""
    w = word.lower()
    if len(w) > 3 and w.endswith("ies") and not w.endswith("eies"):
        return w[:-3] + "y"
    if len(w) > 2 and w.endswith("s") and not w.endswith(("ss", "us", "is", "ys")):
        return w[:-1]
    return w


@lru_cache(maxsize=200_000)
def phrase_key(text: str) -> str:
    """One key per term: lower-case, last word singular, hyphens and spaces dropped.

    "back-propagation", "backpropagation" and "Back propagation" share a key, and so do
    "pre-trained models" and "pretrained model": each paper (and the Keywords page) shows one
    spelling per term.
    """
    words = re.sub(r"[-_/]", " ", text.lower()).split()
    if not words:
        return ""
    words[-1] = fold_plural(words[-1])
    return "".join(words)


def _is_versioned_name(part: str) -> bool:
    """Letters and digits with a capital: ``R3``, ``T5``, ``8B``, ``GPT4``."""
    return any(c.isupper() for c in part) and any(c.isdigit() for c in part)


def display_form(words: Iterable[str]) -> str:
    """Lower-case all words but acronyms and names with digits (see :func:`_display_form`)."""
    return _display_form(tuple(words))


@lru_cache(maxsize=200_000)
def _display_form(words: tuple[str, ...]) -> str:
    """Lower-case all words but acronyms and names with digits.

    ``RNN-based LLMs`` stays as written, and so do ``MM-R3`` and ``Llama-3-8B`` (a part with
    letters and digits keeps the whole word); ``Retrieval-Augmented`` becomes lower-case.
    """
    out = []
    for w in words:
        parts = re.split(r"([-/])", w)
        if any(_is_versioned_name(p) for p in parts):
            out.append(w)
        else:
            out.append("".join(p if is_acronym(p) else p.lower() for p in parts))
    return " ".join(out)


def find_acronyms(text: str) -> dict[str, str]:
    """Acronyms defined as ``long form (ACR)`` (Schwartz & Hearst 2003).

    Returns ``{"RAG": "Retrieval-augmented generation", "LLMs": "large language models"}``
    (acronyms as written, plural ``s`` included).

    The acronym's letters must appear, in order, in the words before the parenthesis, the first
    letter starting a word; the shortest such long form is kept.
    """
    found: dict[str, str] = {}
    for m in _ACRONYM_IN_PARENS.finditer(text):
        acr = m.group(1)
        if not is_acronym(acr) and not (acr.isupper() and len(acr) >= 2):
            continue
        written = acr + m.group(2)
        before = text[: m.start()]
        cut = max(before.rfind(". "), before.rfind("; "), before.rfind(": "), before.rfind("("))
        words = _WORD.findall(before[cut + 1 :])
        letters = [c.lower() for c in acr if c.isalpha()]
        if len(letters) < 2 or not words:
            continue
        window = words[-min(len(letters) + 5, 2 * len(letters)) :]
        long_form = _best_long_form(letters, window)
        if long_form:
            found.setdefault(written, long_form)
    return found


def _best_long_form(letters: list[str], words: list[str]) -> str | None:
    """The shortest suffix of ``words`` covering ``letters`` in order (Schwartz-Hearst)."""
    text = " ".join(words)
    li = len(letters) - 1
    ti = len(text) - 1
    while li >= 0:
        c = letters[li]
        while ti >= 0 and (
            text[ti].lower() != c or (li == 0 and ti > 0 and text[ti - 1].isalnum())
        ):
            ti -= 1
        if ti < 0:
            return None
        ti -= 1
        li -= 1
    start = text.rfind(" ", 0, ti + 1) + 1
    long_form = text[start:]
    n_words = len(long_form.split())
    if n_words < 2 and len(long_form) <= len(letters) + 1:
        return None
    if long_form.split()[0].lower() in load_stoplist().stop:
        return None
    return long_form


@dataclass
class Candidate:
    """One distinct candidate in one document."""

    key: str
    display: str
    embed_text: str
    count: int = 0
    first: int = 0  # unit index of the first occurrence
    in_title: bool = False
    surface: dict[str, int] = field(default_factory=dict)
    n_words: int = 1
    whole: bool = False  # occurs at least once not cut from a longer compound (or is an acronym)
    folded: tuple[str, ...] = ()  # words lower-case and singular, hyphens split: nesting tests
    position: float = 0.0  # PositionRank: sum of 1 / (1 + unit index) over occurrences
    acronym: bool = False  # an acronym, alone or shown with its long form
    of_phrase: bool = False  # "theory of mind"

    def contains(self, other: Candidate) -> bool:
        """True when ``other``'s words occur, in order and contiguously, inside this one."""
        a, b = self.folded, other.folded
        n = len(b)
        return n <= len(a) and any(a[i : i + n] == b for i in range(len(a) - n + 1))


Unit = tuple[str, str, str, int]  # text, coarse POS, fine tag, start character


def tokens_of(doc: Any) -> list[Token]:
    """Tagged tokens of a spaCy ``Doc`` (or a list of tokens, returned as is)."""
    if isinstance(doc, list):
        return doc
    return [Token(t.text, t.whitespace_, t.tag_, t.pos_, t.idx) for t in doc]


def _units(tokens: list[Token], text: str) -> list[Unit]:
    """Word units: hyphen/slash compounds joined. Returns (text, pos, tag, start_char)."""
    units: list[Unit] = []
    i, n = 0, len(tokens)
    while i < n:
        j = i
        # join "pre - trained", "state - of - the - art", "vision - language" (no spaces around '-')
        while (
            j + 2 < n
            and tokens[j].ws == ""
            and tokens[j + 1].text in {"-", "/"}
            and tokens[j + 1].ws == ""
            and tokens[j + 2].text[:1].isalnum()
        ):
            j += 2
        first, last = tokens[i], tokens[j]
        pos, tag = last.pos, last.tag
        if j > i and pos not in _NOUNS:
            pos = "ADJ" if pos in {"VERB", "ADJ", "ADV", "NUM", "X"} else pos
        units.append((text[first.idx : last.idx + len(last.text)], pos, tag, first.idx))
        i = j + 1
    return _participles(units)


_OBJECT_START = {"DT", "PDT", "PRP", "PRP$", "CD", "JJ", "JJR", "JJS", "RB", "TO", "WDT", "WP"}


def _participles(units: list[Unit]) -> list[Unit]:
    """Participles used as words of a noun phrase, relabelled.

    A past participle right before a noun modifies it ("in federated learning", "with pretrained
    models"): ADJ. A gerund after a noun or adjective that is not followed by its object is
    a noun ("question answering", "deep clustering with", "image captioning tasks"): NOUN;
    "the model using the" keeps its verb.
    """
    out = list(units)
    for k, (text, pos, tag, start) in enumerate(units):
        nxt = units[k + 1] if k + 1 < len(units) else None
        if tag == "VBN" and nxt is not None and nxt[1] in _NOUNS:
            out[k] = (text, "ADJ", tag, start)
        elif tag == "VBG" and k > 0 and units[k - 1][1] in {"NOUN", "ADJ"} and (
            nxt is None or nxt[2] not in _OBJECT_START
        ):
            out[k] = (text, "NOUN", tag, start)
    return out


def _content(unit: Unit, prev_pos: str | None, stop: frozenset[str]) -> bool:
    text, pos, tag, _ = unit
    if len(text) < 2 or _QUANTITY.match(text) or _BRACKET.search(text) or _URL.search(text):
        return False  # "(In-)Consistency" is one token, a URL no word: not keyphrase words
    if pos in _NOUNS or pos == "ADJ":
        return text.lower() not in stop
    # participles as modifiers ("the proposed method", "novel learned features"), not "using X"
    return tag in {"VBN", "VBG"} and prev_pos in {"DET", "ADJ"}


def noun_runs(doc: Any, stop: frozenset[str] | None = None) -> list[list[Unit]]:
    """Maximal runs of content units (adjectives, nouns, participle modifiers).

    ``doc``: tagged tokens or a spaCy ``Doc``. ``stop``: words that are never content (default:
    the stoplist's spaCy stop words).
    """
    tokens = tokens_of(doc)
    text = doc.text if hasattr(doc, "text") else _rebuild(tokens)
    stop = load_stoplist().stop if stop is None else stop
    return [run for run, _ in _runs(_units(tokens, text), stop)]


def _rebuild(tokens: list[Token]) -> str:
    return "".join(t.text + t.ws for t in tokens)


def _runs(units: list[Unit], stop: frozenset[str]) -> list[tuple[list[Unit], int]]:
    """Maximal content runs with the unit index of their first unit."""
    runs: list[tuple[list[Unit], int]] = []
    cur: list[Unit] = []
    start = 0
    prev_pos: str | None = None
    for i, unit in enumerate(units):
        if _content(unit, prev_pos, stop):
            if not cur:
                start = i
            cur.append(unit)
        else:
            if cur:
                runs.append((cur, start))
            cur = []
        prev_pos = unit[1]
    if cur:
        runs.append((cur, start))
    return runs


def _fold(words: Iterable[str]) -> tuple[str, ...]:
    return _fold_words(tuple(words))


@lru_cache(maxsize=200_000)
def _fold_words(words: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(fold_plural(p) for w in words for p in re.split(r"[-_/]", w.lower()) if p)


class _Builder:
    """Collects the candidates of one document."""

    def __init__(self, text: str, title_chars: int, sl: Stoplist) -> None:
        self.sl = sl
        self.title_chars = title_chars
        acronyms = find_acronyms(text)
        # long-form key -> acronym; acronym key (singular, lower) -> long-form key
        self.long_keys = {phrase_key(lf): acr for acr, lf in acronyms.items()}
        self.acr_to_long = {fold_plural(acr): phrase_key(lf) for acr, lf in acronyms.items()}
        self.long_text = {phrase_key(lf): lf for lf in acronyms.values()}
        self.expand = {fold_plural(acr): lf for acr, lf in acronyms.items()}
        self.cands: dict[str, Candidate] = {}

    def add(self, span: list[str], start_unit: int, start_char: int, whole: bool, of: bool) -> None:
        key = phrase_key(" ".join(span))
        key = self.acr_to_long.get(key, key) if len(span) == 1 else key
        surface = _display_form(tuple(span))
        cand = self.cands.get(key)
        if cand is None:
            acronym = key in self.long_keys or (len(span) == 1 and is_acronym(span[0]))
            if key in self.long_keys:
                lf = self.long_text[key]
                display = f"{display_form(lf.split())} ({self.long_keys[key]})"
                embed = lf
                folded = _fold(lf.split())
            else:
                display = surface
                embed = " ".join(
                    self.expand.get(fold_plural(w), w) if is_acronym(w) else w for w in span
                )
                folded = _fold(span)
            cand = self.cands[key] = Candidate(
                key, display, embed, first=start_unit, n_words=len(embed.split()), folded=folded,
                acronym=acronym, of_phrase=of,
            )
        cand.count += 1
        cand.position += 1.0 / (1.0 + start_unit)
        if whole:
            cand.whole = True
        if start_char < self.title_chars:
            cand.in_title = True
        if key not in self.long_keys:
            cand.surface[surface] = cand.surface.get(surface, 0) + 1

    def finish(self) -> list[Candidate]:
        for cand in self.cands.values():
            if cand.surface and cand.key not in self.long_keys:
                cand.display = max(cand.surface.items(), key=lambda kv: (kv[1], kv[0]))[0]
        # "large language" seen only inside "large language models" is a fragment, not a term
        return [c for c in self.cands.values() if c.whole or c.key not in self.sl.fragments]


def _is_generic(words: list[str], sl: Stoplist) -> bool:
    return all(w in sl.generic or fold_plural(w) in sl.generic or w in sl.stop for w in words)


def _weak_head(word: str, sl: Stoplist) -> bool:
    return fold_plural(word) in sl.weak_heads or word in sl.weak_heads


def doc_candidates(
    doc: Any,
    title_chars: int = 0,
    max_words: int = 3,
    stoplist: Stoplist | None = None,
    of_phrases: bool = True,
    text: str | None = None,
) -> list[Candidate]:
    """Distinct candidates of ``doc`` (the title, if any, is its first ``title_chars`` characters).

    ``doc``: tagged tokens (:func:`extract.keywords.tagger.tokenize`) with their ``text``, or a
    spaCy ``Doc``. A candidate is a contiguous part of a noun run, at most ``max_words`` units
    long, ending on a noun, not starting with a stop word or praise modifier, not made only of
    generic words and not ending on a weak head word; with ``of_phrases``, also two such parts
    joined by "of" (``theory of mind``), at most ``max_words`` words besides "of". Acronyms
    defined in the text are merged with their long form, shown as ``long form (ACR)``.

    A part cut before the noun that follows it is kept only before generic words ("RNN models"
    gives "RNN"); listed ``fragments`` ("large language") never seen on their own are dropped.
    (Keeping every cut part, with a penalty for parts never seen on their own, scored 0.004
    F1@5 lower on the tuned sets.)
    """
    sl = stoplist or load_stoplist()
    tokens = tokens_of(doc)
    if text is None:
        text = doc.text if hasattr(doc, "text") else _rebuild(tokens)
    units = _units(tokens, text)
    b = _Builder(text, title_chars, sl)
    tail_ok = sl.generic | sl.weak_heads
    runs = _runs(units, sl.stop)
    for run, run_start in runs:
        words = [u[0] for u in run]
        n = len(run)
        for a in range(n):
            wa = words[a].lower()
            if wa in sl.stop or wa in sl.modifiers:
                continue
            for e in range(a + 1, min(n, a + max_words) + 1):
                last = run[e - 1]
                if last[1] not in _NOUNS:
                    continue
                # "large language" out of "large language models": a compound cut before its head
                # is kept only when what follows is generic ("RNN models" -> "RNN")
                cut = e < n and run[e][1] in _NOUNS  # a noun follows: part of a longer compound
                if cut and not all(
                    fold_plural(u[0]) in tail_ok or u[0].lower() in tail_ok for u in run[e:]
                ):
                    continue
                span = words[a:e]
                lowered = [w.lower() for w in span]
                if _is_generic(lowered, sl) or (e - a == 1 and _weak_head(lowered[-1], sl)):
                    continue  # a weak head ("inverse problem") is left to the ranker
                if e - a == 1 and len(span[0]) <= 2:
                    continue
                b.add(span, run_start + a, run[a][3], not cut or is_acronym(last[0]), False)
    if of_phrases:
        _of_phrases(units, runs, b, max_words, sl)
    return b.finish()


def _of_phrases(
    units: list[Unit], runs: list[tuple[list[Unit], int]], b: _Builder, max_words: int, sl: Stoplist
) -> None:
    """``X of Y``: the head (one or two words) of one run, "of", the next run up to its noun.

    Both "sparse mixture of experts" and "mixture of experts" are candidates; the ranking and
    the nesting rule keep one. A quantity or generic word before "of" ("number of layers",
    "set of tasks") makes no candidate.
    """
    if max_words < 2:
        return
    starts = {start: run for run, start in runs}
    for run, start in runs:
        after = start + len(run)
        if after + 1 >= len(units) or units[after][0].lower() != "of" or after + 1 not in starts:
            continue
        head = run[-1]
        hw = head[0].lower()
        if head[1] not in _NOUNS or hw in sl.stop or _weak_head(hw, sl):
            continue
        if fold_plural(hw) in sl.generic:
            continue
        right = starts[after + 1]
        lefts = [run[-1:]]
        if len(run) >= 2 and max_words >= 3:
            w = run[-2][0].lower()
            if w not in sl.stop and w not in sl.modifiers and fold_plural(w) not in sl.generic:
                lefts.append(run[-2:])
        for left in lefts:
            for e in range(min(len(right), max_words - len(left)), 0, -1):
                if right[e - 1][1] in _NOUNS and (e == len(right) or right[e][1] not in _NOUNS):
                    if _is_generic([u[0].lower() for u in right[:e]], sl):
                        break
                    span = [u[0] for u in left] + ["of"] + [u[0] for u in right[:e]]
                    b.add(span, start + len(run) - len(left), left[0][3], True, True)
                    break
