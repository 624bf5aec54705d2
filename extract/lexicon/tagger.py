"""Part-of-speech tags by look-up: spaCy's tagger distilled into a table (``data/keyword_pos.tsv``).

The table (made by ``scripts/keyword_tagger.py`` from corpus abstracts tagged by the bundled
``en_core_web_sm`` tagger) holds, per word, the label ``TAG|POS`` spaCy gives it most often; for
ambiguous words, the label after a given previous tag where that differs (``learning`` after
``JJ`` is a noun, after ``PRP`` a verb); and for unknown words a label per ending and shape
(``-ized`` lower-case: ``VBN|VERB``; capitalised: ``NNP|PROPN``). Tagging is one dictionary
look-up per token, greedy left to right. The table was distilled on the tokens of spaCy's English
tokenizer (:func:`tokenize`); the keyword and method-phrase stages use a regular expression that
gives the same tokens almost everywhere, at a tenth of the cost (:func:`tokenize_fast`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from extract.datafiles import DATA_DIR

POS_FILE = "keyword_pos.tsv"
START = "^"  # the "previous tag" of a text's first token
_DEFAULT = "NN|NOUN"
_SENTENCE_END = {START, ".", ":", "-LRB-", "``", "''", "HYPH", "NFP"}
_SPACE = ("_SP", "SPACE")  # spaCy's (tag, POS) of white space


class Token(NamedTuple):
    """One token: text, trailing white space, fine tag, coarse POS, character offset."""

    text: str
    ws: str
    tag: str
    pos: str
    idx: int


def word_key(text: str) -> str:
    """Look-up key: lower-case, with ``^`` when written capitalised (``Transformer`` is a name)."""
    low = text.lower()
    return low if text[:1] == low[:1] else low + "^"


def shape_key(text: str) -> str:
    """Key for unknown words: last three letters and shape (caps, capitalised, digit, hyphen)."""
    if len(text) > 1 and text.isupper():
        shape = "A"
    elif text[:1].isupper():
        shape = "C"
    else:
        shape = "l"
    if any(c.isdigit() for c in text):
        shape += "d"
    if "-" in text:
        shape += "h"
    return f"{text[-3:].lower()}:{shape}"


@dataclass(frozen=True)
class Tables:
    """The distilled tables: word -> label, (word, previous tag) -> label, shape -> label."""

    words: dict[str, str]
    after: dict[tuple[str, str], str]
    shapes: dict[str, str]
    counts: dict[str, int]  # lower-case word -> occurrences in the distillation corpus
    n_tokens: int = 1

    def frequency(self, word: str) -> float:
        """Share of corpus tokens that are ``word`` (any case); unseen words count once."""
        return max(self.counts.get(word.lower(), 0), 1) / self.n_tokens


@lru_cache(maxsize=1)
def load_tables() -> Tables:
    """The tables of ``extract/data/keyword_pos.tsv`` (one per process)."""
    words: dict[str, str] = {}
    after: dict[tuple[str, str], str] = {}
    shapes: dict[str, str] = {}
    counts: dict[str, int] = {}
    n_tokens = 1
    with open(DATA_DIR / POS_FILE, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#"):
                continue
            parts = line.rstrip("\n").split("\t")
            if parts[0] == "w":
                words[parts[1]] = parts[2]
                low = parts[1].rstrip("^")
                counts[low] = counts.get(low, 0) + int(parts[3])
            elif parts[0] == "c":
                after[parts[1], parts[2]] = parts[3]
            elif parts[0] == "s":
                shapes[parts[1]] = parts[2]
            elif parts[0] == "n":
                n_tokens = int(parts[1])
    return Tables(words, after, shapes, counts, n_tokens)


def tag_words(words: list[str], tables: Tables | None = None) -> list[tuple[str, str]]:
    """(fine tag, coarse POS) of each token of a sequence, greedy left to right."""
    t = tables or load_tables()
    lex, after, shapes = t.words, t.after, t.shapes
    splits = _SPLITS
    out: list[tuple[str, str]] = []
    prev = START
    for w in words:
        if w.isspace():
            out.append(_SPACE)  # spaCy's own tag for white space; keeps ``prev``
            continue
        low = w.lower()
        k = low if w[:1] == low[:1] else low + "^"  # word_key, inlined: one call per token
        label = after.get((k, prev)) or lex.get(k)
        if label is None:
            # a capitalised common word at a sentence start: "Learning", "Graph"
            if k is not low and prev in _SENTENCE_END and low in lex:
                label = after.get((low, prev)) or lex[low]
            else:
                label = shapes.get(shape_key(w), _DEFAULT)
        parts = splits.get(label) or _split(label)
        out.append(parts)
        prev = parts[0]
    return out


@lru_cache(maxsize=1)
def _tokenizer():
    # thinc would import torch (seconds per process) for a tokenizer that never uses it
    from extract.lexicon.lazy import import_without

    return import_without("spacy", ("torch",)).blank("en").tokenizer


@lru_cache(maxsize=1)
def _attrs() -> list[int]:
    from spacy.attrs import IDX, LENGTH, SPACY

    return [IDX, LENGTH, SPACY]


_SPLITS: dict[str, tuple[str, str]] = {}  # label -> (tag, pos): a few dozen labels


def _split(label: str) -> tuple[str, str]:
    """(fine tag, coarse POS) of a ``TAG|POS`` label, kept in :data:`_SPLITS`.

    The hot loops look there first and call this only for a label not seen yet.
    """
    tag, _, pos = label.partition("|")
    parts = _SPLITS[label] = (tag, pos)
    return parts


def tokenize(text: str) -> list[Token]:
    """Tokens of ``text`` with tags from the table (spaCy's English tokenizer).

    Offsets, lengths and trailing spaces are read as one array (``Doc.to_array``): walking the
    ``Doc``'s token objects took as long as the tokenizer itself.
    """
    doc = _tokenizer()(text)
    if not len(doc):
        return []
    spans = doc.to_array(_attrs()).tolist()
    words = [text[i : i + n] for i, n, _ in spans]
    return [
        Token(w, " " if sp else "", tag, pos, i)
        for w, (i, _, sp), (tag, pos) in zip(words, spans, tag_words(words))
    ]


# Words (letters/digits, with inner dots: "e.g", "3.5"), and every other
# non-space character alone; hyphens and slashes split words as spaCy's infix rules do, and so
# does a dot between a lower-case and an upper-case letter (two sentences glued together:
# "models.Nevertheless"). The second group is the white space after the token, so each match
# starts where the last ended.
_FAST_TOKEN = re.compile(
    r"([^\W_]+(?:(?<![a-z\u00df-\u00ff])[.][^\W_]+|[.](?![A-Z\u00c0-\u00de])[^\W_]+)*|\S)(\s*)")


def tokenize_fast(text: str) -> list[Token]:
    """Tokens of ``text`` with tags from the table, split by one regular expression.

    About 10x faster than :func:`tokenize` (no spaCy); the tokens differ from spaCy's at
    contractions, abbreviations and some symbols, which the method-phrase finder
    (:mod:`extract.phrases`) and the keyword stage do not need.
    """
    found = _FAST_TOKEN.findall(text)  # (word, white space after it): no match objects
    new = tuple.__new__  # Token(...) and Token._make run Python code per token; this does not
    out = []
    i = len(text) - len(text.lstrip())  # the first token's offset; each next one follows on
    for (w, ws), (tag, pos) in zip(found, tag_words([w for w, _ in found])):
        out.append(new(Token, (w, " " if ws else "", tag, pos, i)))
        i += len(w) + len(ws)
    return out
