"""Keyphrase candidates: noun phrases from POS tags, generic words removed, acronyms merged.

Private helper of :mod:`extract.keywords`. Works on spaCy docs that carry ``pos_``/``tag_`` (the
tagger plus the attribute ruler or :class:`extract.keywords.nlp.TagToPos`; the parser is not needed).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

import tomllib

from extract.datafiles import DATA_DIR

if TYPE_CHECKING:  # spaCy itself is imported only when keywords are extracted
    from spacy.tokens import Doc

STOPLIST_FILE = "keyword_stopwords.toml"
_DATA = DATA_DIR / STOPLIST_FILE

_NOUNS = {"NOUN", "PROPN"}
_QUANTITY = re.compile(r"^[+-]?[\d.,]+[a-zA-Z%]{0,2}$|^\W+$")
_ACRONYM_IN_PARENS = re.compile(r"\(\s*([A-Za-z][A-Za-z0-9\-]{1,11}?)(s?)\s*[;,)]")
_BRACKET = re.compile(r"[()\[\]{}]")
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


def is_acronym(word: str) -> bool:
    """True for words such as ``RAG``, ``LLMs``, ``CoSyn``, ``GPT-4`` (two or more capitals).

    Parts of a hyphenated word count apart: ``Retrieval-Augmented`` is not an acronym.
    """
    return word[:1].isalnum() and any(
        sum(c.isupper() for c in part) >= 2 for part in re.split(r"[-/]", word)
    )


def fold_plural(word: str) -> str:
    """A crude singular: ``networks`` -> ``network``, ``LLMs`` -> ``llm``; ``loss`` kept."""
    w = word.lower()
    if len(w) > 3 and w.endswith("ies") and not w.endswith("eies"):
        return w[:-3] + "y"
    if len(w) > 2 and w.endswith("s") and not w.endswith(("ss", "us", "is", "ys")):
        return w[:-1]
    return w


def phrase_key(text: str) -> str:
    """Dedup key: lower-cased words, hyphens as spaces, last word singular."""
    words = re.sub(r"[-_/]", " ", text.lower()).split()
    if not words:
        return ""
    words[-1] = fold_plural(words[-1])
    return " ".join(words)


def _is_versioned_name(part: str) -> bool:
    """Letters and digits with a capital: ``R3``, ``T5``, ``8B``, ``GPT4``."""
    return any(c.isupper() for c in part) and any(c.isdigit() for c in part)


def display_form(words: Iterable[str]) -> str:
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
    first: int = 0  # index of the first occurrence, in units (word groups)
    in_title: bool = False
    surface: dict[str, int] = field(default_factory=dict)
    n_words: int = 1
    whole: bool = False  # occurs at least once not cut from a longer compound (or is an acronym)


def _units(doc: Doc) -> list[tuple[str, str, str, int]]:
    """Word units: hyphen/slash compounds joined. Returns (text, pos, tag, start_char)."""
    text = doc.text
    toks = [(t.text, t.whitespace_, t.pos_, t.tag_, t.idx) for t in doc]
    units: list[tuple[str, str, str, int]] = []
    i, n = 0, len(toks)
    while i < n:
        j = i
        # join "pre - trained", "state - of - the - art", "vision - language" (no spaces around '-')
        while (
            j + 2 < n
            and toks[j][1] == ""
            and toks[j + 1][0] in {"-", "/"}
            and toks[j + 1][1] == ""
            and toks[j + 2][0][:1].isalnum()
        ):
            j += 2
        first, last = toks[i], toks[j]
        pos, tag = last[2], last[3]
        if j > i and pos not in _NOUNS:
            pos = "ADJ" if pos in {"VERB", "ADJ", "ADV", "NUM", "X"} else pos
        units.append((text[first[4] : last[4] + len(last[0])], pos, tag, first[4]))
        i = j + 1
    return units


def _content(unit: tuple[str, str, str, int], prev_pos: str | None, stop: frozenset[str]) -> bool:
    text, pos, tag, _ = unit
    if len(text) < 2 or _QUANTITY.match(text) or _BRACKET.search(text):
        return False  # "(In-)Consistency" is one token: not a keyphrase word
    if pos in _NOUNS or pos == "ADJ":
        return text.lower() not in stop
    # participles as modifiers ("the proposed method", "novel learned features"), not "using X"
    return tag in {"VBN", "VBG"} and prev_pos in {"DET", "ADJ"}


def noun_runs(
    doc: Doc, stop: frozenset[str] | None = None
) -> list[list[tuple[str, str, str, int]]]:
    """Maximal runs of content units (adjectives, nouns, participle modifiers).

    ``stop``: words that are never content (default: the stoplist's spaCy stop words).
    """
    stop = load_stoplist().stop if stop is None else stop
    runs: list[list[tuple[str, str, str, int]]] = []
    cur: list[tuple[str, str, str, int]] = []
    prev_pos: str | None = None
    for unit in _units(doc):
        if _content(unit, prev_pos, stop):
            cur.append(unit)
        else:
            if cur:
                runs.append(cur)
            cur = []
        prev_pos = unit[1]
    if cur:
        runs.append(cur)
    return runs


def doc_candidates(
    doc: Doc,
    title_chars: int = 0,
    max_words: int = 3,
    stoplist: Stoplist | None = None,
) -> list[Candidate]:
    """Distinct candidates of ``doc`` (the title, if any, is its first ``title_chars`` characters).

    A candidate is a contiguous sub-span of a noun run, at most ``max_words`` units long, ending on
    a noun, not starting with a stop word or praise modifier, not made only of generic words and
    not ending on a weak head word. Acronyms defined in the text are merged with their long form,
    shown as ``long form (ACR)``.
    """
    sl = stoplist or load_stoplist()
    text = doc.text
    acronyms = find_acronyms(text)
    # long-form key -> acronym; acronym key (singular, lower) -> long-form key
    long_keys = {phrase_key(lf): acr for acr, lf in acronyms.items()}
    acr_to_long = {fold_plural(acr): phrase_key(lf) for acr, lf in acronyms.items()}
    long_text = {phrase_key(lf): lf for lf in acronyms.values()}
    expand = {fold_plural(acr): lf for acr, lf in acronyms.items()}
    tail_ok = sl.generic | sl.weak_heads

    cands: dict[str, Candidate] = {}
    unit_index = 0
    for run in noun_runs(doc, sl.stop):
        words = [u[0] for u in run]
        n = len(run)
        for a in range(n):
            wa = words[a].lower()
            if wa in sl.stop or wa in sl.modifiers:
                continue
            for b in range(a + 1, min(n, a + max_words) + 1):
                last = run[b - 1]
                if last[1] not in _NOUNS:
                    continue
                # "large language" out of "large language models": a compound cut before its head
                # is kept only when what follows is generic ("RNN models" -> "RNN")
                cut = b < n and run[b][1] in _NOUNS  # a noun follows: part of a longer compound
                if cut and not all(
                    fold_plural(u[0]) in tail_ok or u[0].lower() in tail_ok for u in run[b:]
                ):
                    continue
                span = words[a:b]
                lowered = [w.lower() for w in span]
                if fold_plural(lowered[-1]) in sl.weak_heads or lowered[-1] in sl.weak_heads:
                    continue
                if all(
                    w in sl.generic or fold_plural(w) in sl.generic or w in sl.stop for w in lowered
                ):
                    continue
                if b - a == 1 and len(span[0]) <= 2:
                    continue
                key = phrase_key(" ".join(span))
                key = acr_to_long.get(key, key) if b - a == 1 else key
                surface = display_form(span)
                cand = cands.get(key)
                if cand is None:
                    if key in long_keys:
                        acr = long_keys[key]
                        lf = long_text[key]
                        display = f"{display_form(lf.split())} ({acr})"
                        embed = lf
                    else:
                        display = surface
                        embed = " ".join(
                            expand.get(fold_plural(w), w) if is_acronym(w) else w for w in span
                        )
                    cand = cands[key] = Candidate(
                        key, display, embed, first=unit_index + a, n_words=len(key.split())
                    )
                cand.count += 1
                if not cut or is_acronym(last[0]):
                    cand.whole = True
                if last[3] < title_chars:
                    cand.in_title = True
                if key not in long_keys:
                    cand.surface[surface] = cand.surface.get(surface, 0) + 1
        unit_index += n + 1
    for cand in cands.values():
        if cand.surface and cand.key not in long_keys:
            cand.display = max(cand.surface.items(), key=lambda kv: kv[1])[0]
    # "large language" seen only inside "large language models" is a fragment, not a term
    return [c for c in cands.values() if c.whole or c.key not in sl.fragments]
