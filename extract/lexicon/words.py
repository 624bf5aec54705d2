"""Word helpers shared by the keyword stage and the method-phrase layer.

Stop words and the keyword stoplist (``data/keyword_stopwords.toml``, ``data/stop_words.txt``),
acronym and plural folding, display forms, acronym definitions (Schwartz & Hearst), and word
units: tagged tokens with hyphen and slash compounds joined (``pre-trained``, ``vision-language``)
and participles relabelled by their place.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from extract.datafiles import DATA_DIR
from extract.lexicon.tagger import Token

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
    """The stoplist from ``extract/data/keyword_stopwords.toml`` plus spaCy's English stop words
    (``extract/data/stop_words.txt``, a copy read without importing spaCy).
    """
    data = tomllib.loads(_DATA.read_text(encoding="utf-8"))
    return Stoplist(
        *(frozenset(w.lower() for w in data[k]) for k in ("generic", "modifiers", "weak_heads")),
        fragments=frozenset(phrase_key(w) for w in data.get("fragments", [])),
        stop=stop_words(),
    )


STOP_WORDS_FILE = "stop_words.txt"


@lru_cache(maxsize=1)
def stop_words() -> frozenset[str]:
    """SpaCy's English stop words, from ``extract/data/stop_words.txt``."""
    lines = (DATA_DIR / STOP_WORDS_FILE).read_text(encoding="utf-8").splitlines()
    return frozenset(w for w in lines if w and not w.startswith("#"))


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
    joiners = _JOINERS
    while i < n:
        first = tokens[i]
        # most tokens stand alone: white space after them, or no "-"/"/" glued on; and a closing
        # bracket starts no compound ("(ε, δ)-differential privacy": it starts after the ")")
        if first[1] or i + 2 >= n or tokens[i + 1][0] not in joiners or first[0] in _CLOSERS:
            units.append((first[0], first[3], first[2], first[4]))
            i += 1
            continue
        j = i
        # join "pre - trained", "state - of - the - art", "vision - language" (no spaces around '-')
        while (
            j + 2 < n
            and tokens[j].ws == ""
            and tokens[j + 1].text in joiners
            and tokens[j + 1].ws == ""
            and tokens[j + 2].text[:1].isalnum()
        ):
            j += 2
        last = tokens[j]
        pos, tag = last.pos, last.tag
        if j > i and pos not in _NOUNS:
            pos = "ADJ" if pos in {"VERB", "ADJ", "ADV", "NUM", "X"} else pos
        word = text[first.idx : last.idx + len(last.text)]
        if not word.isascii():  # "Kullback–Leibler" is read as "Kullback-Leibler" (same length)
            word = word.translate(_DASHES)
        units.append((word, pos, tag, first.idx))
        i = j + 1
    return _participles(units)


# "-", "/" and the other hyphens and the en dash between two words ("Kullback–Leibler",
# "actor–critic": 270 of the 47,754 corpus abstract records write one)
_JOINERS = frozenset({"-", "/", "\u2010", "\u2011", "\u2013"})
_DASHES = str.maketrans({"\u2010": "-", "\u2011": "-", "\u2013": "-"})
_CLOSERS = frozenset({")", "]", "}"})
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


