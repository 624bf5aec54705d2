"""Which candidates are method phrases, and whose: two logistic regressions.

Features of a candidate (:func:`features`): its words, word pairs, concept key, head word and
first word (singular, lower-case), the corpus word clusters of these and of the words just before
and after it (:mod:`extract.lexicon.clusters`), length, shape (capitalised words, hyphens), the
corpus document frequency of the phrase (``extract/data/keyword_df.tsv``), how the corpus uses
it (method noun after, use cue before: :mod:`extract.phrases.contexts`), whether the abstract
defines an acronym for it, where it sits in its noun phrase (words before / after it), the
words just before and after it, the sentence's cue words ("we propose", "our", "such as",
"existing") and whether it is in the title.

Selection, per concept (:mod:`extract.phrases.concepts`): the candidates scored at the floor or
above (:func:`scored_candidates`) are grouped by concept key and gradient-boosted trees decide
each concept (:mod:`extract.phrases.select`), from these scores and the token tagger's
(:mod:`extract.phrases.tagger`); a kept concept gets one row, at its first
occurrence in the abstract (else the title) that no likelier concept covers. The role model
gives ``proposed`` or ``used``, from the same features and the document features of
:func:`role_features` (scored at each concept's best occurrence).
"""

from __future__ import annotations

import bisect
import json
import math
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from extract.datafiles import DATA_DIR
from extract.learned.linear import Linear
from extract.lexicon.clusters import cluster_of
from extract.lexicon.docfreq import load_df
from extract.lexicon.tagger import Token, tokenize_fast
from extract.lexicon.words import find_acronyms, fold_plural
from extract.phrases.candidates import (
    MAX_UNITS,
    Span,
    _is_head,
    of_spans,
    runs_of,
    span_at,
    spans,
    suffix_spans,
)
from extract.phrases.concepts import (
    GENERIC_HEADS,
    canonical_names,
    concept_display,
    concept_key,
    drops_generic_head,
    key_parts,
)
from extract.phrases.contexts import corpus_features, load_contexts
from extract.phrases.select import SELECT_FEATURES, Cand, concept_table, mixed_role, selector
from extract.phrases.tagger import span_roles, span_score, tag
from extract.text.sentences import sentence_ends

MODEL_FILE = "phrase_model.npz"
META_FILE = "phrase_model.json"
_CUE = re.compile(
    r"\b(we|our|ours|propose[sd]?|introduce[sd]?|present|novel|new|this paper|this work|"
    r"such as|e\.g|including|existing|previous|prior|traditional|conventional|standard|"
    r"popular|widely|baselines?|unlike|compared|than|instead|via|using|based|leverag\w*|"
    r"apply|applies|applied|employ\w*|adopt\w*|called|named|dubbed|termed|study|analy[sz]e)\b"
)
_DF_BUCKETS = (0, 1, 3, 10, 30, 100, 300, 1000)


@dataclass(frozen=True)
class Phrase:
    """One method phrase of an abstract."""

    text: str  # as written, at its first occurrence
    start: int
    end: int
    concept: str  # the vocabulary's canonical name, else the phrase as a concept is shown (concept_display)
    key: str  # concept key
    role: str  # proposed | used
    confidence: float
    acronym: str | None = None


@lru_cache(maxsize=1)
def models() -> tuple[Linear, dict]:
    """(span and role model, metadata with thresholds)."""
    meta = json.loads((DATA_DIR / META_FILE).read_text(encoding="utf-8"))
    return Linear.load(DATA_DIR / MODEL_FILE), meta


@lru_cache(maxsize=100_000)
def _df_bucket(words: tuple[str, ...]) -> int:
    key = " ".join(fold_plural(p) for w in words for p in re.split(r"[-_/]", w.lower()) if p)
    df = load_df().df.get(key, 0)
    return bisect.bisect_right(_DF_BUCKETS, df)


@lru_cache(maxsize=100_000)
def _word_feats(words: tuple[str, ...], tags: tuple[str, str] = ("", "")) -> tuple[str, ...]:
    """The features of a candidate that depend on its words (and its first and last tags)."""
    low = [fold_plural(w.lower()) for w in words]
    head = low[-1]
    head_part = fold_plural(head.rsplit("-", 1)[-1])
    n = min(len(words), 5)
    df = _df_bucket(words)
    caps = sum(w[:1].isupper() for w in words)
    acr = any(sum(c.isupper() for c in w) >= 2 for w in words)
    shape = f"{'A' if acr else ''}{'all' if caps == len(words) else 'some' if caps else 'none'}"
    out = [
        f"h={head}", f"hp={head_part}", f"f={low[0]}", f"n={n}", f"df={df}", f"shape={shape}",
    ]
    out += [f"w={w}" for w in low]
    out += [f"bi={a}_{b}" for a, b in zip(low, low[1:])]
    out += [f"pt={tags[0]}|{tags[1]}", f"suf={head_part[-3:]}"]
    clusters = [cluster_of(w) for w in low]
    out += [f"wc={c[1]}" for c in clusters]
    out += [f"hc={clusters[-1][0]}", f"hcf={clusters[-1][1]}", f"fc={clusters[0][1]}"]
    if "-" in "".join(words):
        out.append("hyphen")
    key = concept_key(" ".join(words))
    out.append(f"p={key}")
    out += corpus_features(key)
    return tuple(out)


def _tags(sp: Span) -> tuple[str, str]:
    return sp.units[0][2], sp.units[-1][2]


def context_features(sp: Span, cues: tuple[str, ...], in_title: bool, acronym: bool) -> list[str]:
    """The features of a candidate that depend on where it is (``cues``: its sentence's)."""
    out = [f"left={min(sp.left, 2)}", f"right={min(sp.right, 2)}", f"prev={sp.prev}",
           f"next={sp.next}", f"prev2={sp.prev2}", _near("pc", sp.prev), _near("nc", sp.next),
           *cues]
    if sp.of_phrase:
        out.append("of")
    if in_title:
        out.append("title")
    if acronym:
        out.append("acronym")
    return out


@lru_cache(maxsize=100_000)
def _near(name: str, word: str) -> str:
    """The feature of the fine corpus cluster of the word before (``pc``) or after (``nc``) a
    candidate."""
    return f"{name}={cluster_of(fold_plural(word))[1]}"


def features(sp: Span, cues: tuple[str, ...], in_title: bool, acronym: bool) -> list[str]:
    """Feature strings of one candidate (``cues``: those of its sentence)."""
    return [*_word_feats(sp.words, _tags(sp)), *context_features(sp, cues, in_title, acronym)]


def _cues(sentence: str) -> tuple[str, ...]:
    return tuple(f"cue={m}" for m in sorted({m.group(1) for m in _CUE.finditer(sentence.lower())}))


class _Document(NamedTuple):
    """Title and abstract as one text, with what scoring reads of it once per abstract."""

    full: str  # title, a line break, the abstract
    shift: int  # where the abstract starts in ``full``
    ends: list[int]  # sentence ends (the title is a sentence of its own)
    cues: list[tuple[str, ...]]  # cue features of each sentence
    acronyms: dict[str, str]  # concept key of each defined long form -> its acronym
    low: str  # ``full`` lower-cased (``full`` itself when that would change its length)

    def sentence(self, start: int) -> int:
        """Index of the sentence holding offset ``start`` of ``full``."""
        return bisect.bisect_right(self.ends, start)

    def is_long_form(self, start: int, end: int) -> bool:
        """Whether ``full[start:end]`` is the long form of an acronym the text defines."""
        return bool(self.acronyms) and concept_key(self.full[start:end]) in self.acronyms


def _document(text: str, title: str) -> _Document:
    full = f"{title}\n{text}" if title else text
    shift = len(title) + 1 if title else 0
    ends = sentence_ends(full)
    if title:
        ends = sorted({*ends, shift})
    bounds = [0, *ends, len(full)]
    low = full.lower()
    if len(low) == len(full):
        # one pass over the text; a match belongs to the sentence it lies wholly in (as
        # :func:`_cues` of each sentence would find it)
        found: list[set[str]] = [set() for _ in ends] + [set()]
        for m in _CUE.finditer(low):
            k = bisect.bisect_right(ends, m.start())
            if m.end() <= bounds[k + 1]:
                found[k].add(m.group(1))
        cues = [tuple(f"cue={c}" for c in sorted(f)) if f else () for f in found]
    else:  # lower-casing changed the length ("İ"): offsets differ, each sentence on its own
        cues = [_cues(full[a:b]) for a, b in zip(bounds, bounds[1:])]
    acronyms = {concept_key(lf): acr for acr, lf in find_acronyms(full).items()}
    return _Document(full, shift, ends, cues, acronyms, low if len(low) == len(full) else full)


def role_features(doc: _Document, start: int, end: int) -> list[str]:
    """Role features of the candidate ``doc.full[start:end]`` that read the whole document.

    The role model's alone (the phrase model does not have them): how often its words occur
    (``rtf``), whether the title has them, whether this is their first occurrence, in which
    quarter of the abstract they first occur, and the cue words of every sentence that has them
    (``rcue=``). A paper's own technique is repeated, named in the title and introduced with "we
    propose"; a used one is often named once.
    """
    low, shift = doc.low, doc.shift
    words = low[start:end]
    first = low.find(words)
    out = [f"rtf={min(low.count(words), 4)}",
           "rtitle" if 0 <= first < shift else "rnotitle",
           "rfirst" if first == start else "rlater"]
    at = low.find(words, shift) if shift else first
    out.append(f"rpos={min(4 * (at - shift) // max(len(low) - shift, 1), 3)}" if at >= 0
               else "rpos=x")
    cues: set[str] = set()
    while first >= 0:
        cues.update(doc.cues[doc.sentence(first)])
        first = low.find(words, first + 1)
    out += [f"r{c}" for c in sorted(cues)]
    return out


def candidates(text: str, title: str = "") -> list[tuple[Span, list[str], bool]]:
    """(span, features, in title) for every candidate of title + abstract (offsets into the
    abstract; title spans have negative offsets: ``start - len(title) - 1``).
    """
    return document_candidates(_document(text, title))


def document_candidates(doc: _Document) -> list[tuple[Span, list[str], bool]]:
    """:func:`candidates` of a document already read (the training script also needs the
    document, for :func:`role_features`)."""
    shift = doc.shift
    out = []
    for sp in spans(doc.full):
        in_title = sp.start < shift
        acronym = doc.is_long_form(sp.start, sp.end)
        feats = features(sp, doc.cues[doc.sentence(sp.start)], in_title, acronym)
        out.append((sp._replace(start=sp.start - shift, end=sp.end - shift), feats, in_title))
    return out


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


@lru_cache(maxsize=1)
def _weights() -> tuple[dict[str, tuple[float, float]], tuple[float, float]]:
    """Feature -> (phrase weight, proposed weight), and the two biases."""
    model, _ = models()
    cols = (model.labels.index("phrase"), model.labels.index("proposed"))
    w = model.weights
    table = {f: (float(w[i, cols[0]]), float(w[i, cols[1]])) for f, i in model.index.items()}
    return table, (float(model.bias[cols[0]]), float(model.bias[cols[1]]))


@lru_cache(maxsize=100_000)
def _word_score(words: tuple[str, ...], tags: tuple[str, str]) -> tuple[float, float]:
    table, _ = _weights()
    a = b = 0.0
    for f in _word_feats(words, tags):
        if (wt := table.get(f)) is not None:
            a += wt[0]
            b += wt[1]
    return a, b


class _Unit(NamedTuple):
    """What the word part of a candidate's score needs of one unit (phrase column only)."""

    fw: str  # lower-case, singular
    hp: str  # its last hyphen part, singular
    w: float  # weight of w=fw + wc=its fine cluster
    h: float  # weight of h=fw + hp=hp + suf=hp[-3:] + its clusters' hc=, hcf= (when it ends here)
    f: float  # weight of f=fw + fc=its fine cluster (when it starts here)
    parts: str  # its df-key parts, space-joined
    key: str  # its concept-key part (a candidate's concept key joins its units')
    cap: bool
    acr: bool
    hyphen: bool
    generic: bool  # a generic head a concept key drops (:data:`concepts.GENERIC_HEADS`)
    lone: bool  # as the only key word before a generic head, it lets the key drop the head


@lru_cache(maxsize=200_000)
def _unit(text: str) -> _Unit:
    table, _ = _weights()

    def w(f: str) -> float:
        return table.get(f, (0.0, 0.0))[0]

    fw = fold_plural(text.lower())
    hp = fold_plural(fw.rsplit("-", 1)[-1])
    parts = " ".join(fold_plural(p) for p in re.split(r"[-_/]", text.lower()) if p)
    coarse, fine = cluster_of(fw)
    return _Unit(fw, hp, w(f"w={fw}") + w(f"wc={fine}"),
                 w(f"h={fw}") + w(f"hp={hp}") + w(f"suf={hp[-3:]}") + w(f"hc={coarse}")
                 + w(f"hcf={fine}"),
                 w(f"f={fw}") + w(f"fc={fine}"), parts, concept_key(text),
                 text[:1].isupper(), sum(c.isupper() for c in text) >= 2, "-" in text,
                 fold_plural(text) in GENERIC_HEADS, drops_generic_head(key_parts(text)))


@lru_cache(maxsize=200_000)
def _solo(text: str) -> float:
    """The phrase-column score of a one-unit candidate ``text`` from its words alone, bias
    included, but for the weights of its tag pattern and corpus frequency bucket."""
    u = _unit(text)
    return _word_part([u], u.key) + _weights()[1][0]


@lru_cache(maxsize=1)
def _fixed() -> tuple[list[float], list[float], dict[tuple[bool, str], float], float]:
    """Phrase-column weights of the length, frequency-bucket and shape features, and of
    ``hyphen``, as look-up tables.
    """
    table, _ = _weights()

    def w(f: str) -> float:
        return table.get(f, (0.0, 0.0))[0]

    n_w = [0.0] + [w(f"n={n}") for n in range(1, 6)]
    df_w = [w(f"df={b}") for b in range(len(_DF_BUCKETS) + 1)]
    shape_w = {(acr, caps): w(f"shape={'A' if acr else ''}{caps}")
               for acr in (False, True) for caps in ("all", "some", "none")}
    return n_w, df_w, shape_w, w("hyphen")


@lru_cache(maxsize=1)
def _pattern_table() -> dict[tuple[str, str], float]:
    """Phrase-column weight of each ``pt=first|last`` tag-pattern feature the model has."""
    out = {}
    for f, (weight, _) in _weights()[0].items():
        if f.startswith("pt="):
            first, _, last = f[3:].partition("|")
            out[first, last] = weight
    return out


def _df_weight(us: list[_Unit], a: int, e: int) -> float:
    """Weight of the corpus document-frequency bucket of units ``a:e``."""
    key = us[a].parts if e - a == 1 else " ".join(u.parts for u in us[a:e])
    return _fixed()[1][bisect.bisect_right(_DF_BUCKETS, load_df().df.get(key, 0))]


@lru_cache(maxsize=200_000)
def _pair(first: str, second: str) -> float:
    """Phrase-column weight of the word pair ``bi=first_second``."""
    return _weights()[0].get(f"bi={first}_{second}", (0.0, 0.0))[0]


@lru_cache(maxsize=1)
def _key_table() -> tuple[dict[str, float], float]:
    """Phrase-column weight of the concept-key features (``p=``, corpus contexts) of every key
    that has any but the weight of ``ctx=rare``, and that weight (a key in neither table)."""
    table, _ = _weights()

    def w(f: str) -> float:
        return table.get(f, (0.0, 0.0))[0]

    rare = w("ctx=rare")
    out = {key: sum(w(f) for f in corpus_features(key)) for key in load_contexts()}
    for f, (weight, _) in table.items():
        if f.startswith("p="):
            out[f[2:]] = out.get(f[2:], rare) + weight
    return out, rare


@lru_cache(maxsize=1)
def _most_extra() -> float:
    """The most the tag pattern, shape, hyphen and concept-key weights can add to a candidate's
    score: a candidate whose other parts fall short of the threshold by more cannot pass it."""
    _, _, shape_w, hyphen_w = _fixed()
    key_w, rare_w = _key_table()
    return (max([0.0, *_pattern_table().values()]) + max(shape_w.values()) + max(hyphen_w, 0.0)
            + max([rare_w, *key_w.values()]))


def _word_part(us: list[_Unit], key: str) -> float:
    """The phrase-column weight of the word features of a candidate of units ``us`` with concept
    key ``key``, but for its tag pattern and corpus frequency bucket. (The loop of
    :func:`find_phrases` computes the same per run, from start and end parts.)"""
    n = len(us)
    se = _prefix_sums(us)[n]
    n_w, _, shape_w, hyphen_w = _fixed()
    key_w, rare_w = _key_table()
    return (se[0] + se[4] + us[-1].h + us[0].f + n_w[min(n, 5)]
            + shape_w[se[2] > 0, "all" if se[1] == n else "some" if se[1] else "none"]
            + (hyphen_w if se[3] else 0.0) + key_w.get(key, rare_w))


def _run_key(us: list[_Unit], keys: list[str], a: int, e: int) -> str:
    """The concept key of units ``a:e`` (more than one) of a run, from their keys.

    They are joined, but for a generic head that :func:`extract.phrases.concepts.concept_key`
    drops.
    """
    if us[e - 1].generic and (e - a > 2 or us[a].lone):
        return "".join(keys[a : e - 1])
    return "".join(keys[a:e])


def _span_word_score(sp: Span) -> float:
    """``_word_score(sp.words, _tags(sp))[0]`` from the per-unit caches."""
    us = [_unit(u[0]) for u in sp.units]
    return (_word_part(us, concept_key(" ".join(sp.words)))
            + _pattern_table().get(_tags(sp), 0.0) + _df_weight(us, 0, len(us)))


def _prefix_sums(us: list[_Unit]) -> list[tuple[float, int, int, int, float]]:
    out = [(0.0, 0, 0, 0, 0.0)]
    for i, u in enumerate(us):
        w, c, a, h, b = out[-1]
        out.append((w + u.w, c + u.cap, a + u.acr, h + u.hyphen,
                    b + (_pair(us[i - 1].fw, u.fw) if i else 0.0)))
    return out


def _context_score(feats: list[str], col: int = 0) -> float:
    """Sum of the weights (column ``col``: 0 phrase, 1 proposed) of context features."""
    table, _ = _weights()
    total = 0.0
    for f in feats:
        if (wt := table.get(f)) is not None:
            total += wt[col]
    return total


@lru_cache(maxsize=1)
def _context_tables() -> tuple[list[float], list[float], float, float]:
    """Phrase-column weights of ``left=k``, ``right=k``, ``title``, ``acronym``."""
    table, _ = _weights()

    def w(f: str) -> float:
        return table.get(f, (0.0, 0.0))[0]

    return ([w(f"left={k}") for k in range(3)], [w(f"right={k}") for k in range(3)], w("title"),
            w("acronym"))


@lru_cache(maxsize=200_000)
def _ctx(feature: str) -> float:
    return _weights()[0].get(feature, (0.0, 0.0))[0]


@lru_cache(maxsize=200_000)
def _before(word: str) -> float:
    """Phrase-column weight of ``word`` as the word before a candidate: ``prev=`` and its
    cluster's ``pc=``."""
    return _ctx(f"prev={word}") + _ctx(_near("pc", word))


@lru_cache(maxsize=200_000)
def _after(word: str) -> float:
    """Phrase-column weight of ``word`` as the word after a candidate: ``next=`` and its
    cluster's ``nc=``."""
    return _ctx(f"next={word}") + _ctx(_near("nc", word))


def scored_candidates(doc: _Document, floor: float,
                      tokens: list[Token] | None = None) -> list[tuple[float, Span, int]]:
    """(phrase-model score, span, sentence) of every candidate of ``doc`` whose probability is
    ``floor`` or more; offsets into ``doc.full``.

    Scores every candidate as :func:`features` would (``tests/test_method_phrases.py`` checks the
    two agree) without building its feature strings: the word part from per-unit caches and
    prefix sums (a one-word run, half of them, from one cache: :func:`_solo`), the context from
    per-word caches, added per run start and end; a candidate that cannot reach the floor is
    dropped early.
    """
    threshold = math.log(floor / (1 - floor))
    full, shift = doc.full, doc.shift
    cue_score = [sum(_ctx(f) for f in c) for c in doc.cues]
    left_w, right_w, title_w, acronym_w = _context_tables()
    _, bias = _weights()
    key_w, rare_w = _key_table()
    best_rest = max(_fixed()[1]) + (max(acronym_w, 0.0) if doc.acronyms else 0.0)
    r = runs_of(full, tokens)
    pad = ["", "", *r.low, "", ""]  # lower-cased words, two blanks each side: pad[i + 2]
    n_w, _, shape_w, hyphen_w = _fixed()
    shapes = (shape_w[False, "none"], shape_w[False, "some"], shape_w[False, "all"],
              shape_w[True, "none"], shape_w[True, "some"], shape_w[True, "all"])
    patterns = _pattern_table()
    bias0 = bias[0]
    reach = threshold - best_rest - _most_extra()  # the least a candidate's other parts need
    accepted: list[tuple[float, Span, int]] = []

    def finish(score: float, us: list[_Unit], run: list, r0: int, a: int, e: int, k: int) -> None:
        """Add the corpus frequency and acronym weights to the ``score`` of units ``a:e`` of a
        run (sentence ``k``), which they could lift over the threshold (the loop leaves out a
        candidate that even the best of them would not), and accept it if they do."""
        score += _df_weight(us, a, e)
        last = run[e - 1]
        if doc.is_long_form(run[a][3], last[3] + len(last[0])):
            score += acronym_w
        if score >= threshold:
            accepted.append((score, span_at(r, run, r0, a, e), k))

    for run, r0 in r.runs:
        n = len(run)
        if n == 1:  # half the runs: one word ("method", "performance"), one candidate
            u0 = run[0]
            if not _is_head(u0):
                continue
            at = u0[3]
            k = doc.sentence(at)
            prev = pad[r0 + 1]
            nxt = pad[r0 + 3]
            score = (_solo(u0[0]) + patterns.get((u0[2], u0[2]), 0.0) + left_w[0] + right_w[0]
                     + _before(prev) + _ctx(f"prev2={pad[r0]} {prev}") + _after(nxt)
                     + cue_score[k]
                     + (title_w if at < shift else 0.0))
            if score + best_rest >= threshold:
                finish(score, [_unit(u0[0])], run, r0, 0, 1, k)
            continue
        us = [_unit(u[0]) for u in run]
        prefix = _prefix_sums(us)
        keys = [u.key for u in us]
        tags = [u[2] for u in run]
        heads = [e for e in range(1, n + 1) if _is_head(run[e - 1])]
        if not heads:
            continue
        # what a candidate's score owes its end unit e: its head-word weights, the words after
        # it; and its start unit a (below): its first word, the words before it, its sentence's
        # cues, the title. One look-up per unit instead of one per candidate.
        end_part = [0.0] * (n + 1)
        for e in heads:
            end_part[e] = us[e - 1].h + right_w[min(n - e, 2)] + _after(pad[r0 + e + 2])
        for a in range(n):
            i = r0 + a
            prev = pad[i + 1]
            at = run[a][3]
            k = doc.sentence(at)
            sa = prefix[a]
            start_part = (left_w[min(a, 2)] + _before(prev) + _ctx(f"prev2={pad[i]} {prev}")
                          + cue_score[k] + (title_w if at < shift else 0.0) + us[a].f + bias0
                          - sa[0] - prefix[a + 1][4])
            first_tag = tags[a]
            stop = a + MAX_UNITS
            for e in heads:
                if e <= a:
                    continue
                if e > stop:
                    break
                se = prefix[e]
                m = e - a
                score = start_part + se[0] + se[4] + end_part[e] + n_w[m if m < 5 else 5]
                if score < reach:
                    continue  # even the best pattern, shape and key would leave it short
                caps = se[1] - sa[1]
                score = (score + patterns.get((first_tag, tags[e - 1]), 0.0)
                         + shapes[(3 if se[2] > sa[2] else 0)
                                  + (2 if caps == m else 1 if caps else 0)]
                         + key_w.get(keys[a] if m == 1 else _run_key(us, keys, a, e), rare_w))
                if se[3] > sa[3]:
                    score += hyphen_w
                if score + best_rest >= threshold:
                    finish(score, us, run, r0, a, e, k)
    for sp in (*of_spans(r), *suffix_spans(r)):
        k = doc.sentence(sp.start)
        acronym = doc.is_long_form(sp.start, sp.end)
        rest = context_features(sp, doc.cues[k], sp.start < shift, acronym)
        score = _span_word_score(sp) + bias0 + _context_score(rest)
        if score >= threshold:
            accepted.append((score, sp, k))
    return accepted


def find_phrases(text: str, title: str = "") -> list[Phrase]:
    """The method phrases of an abstract (one per concept, at its first occurrence in the
    abstract, else in the title), by position: the concepts of its candidates scored at the
    floor or above (:func:`scored_candidates`) that the selection keeps (:func:`concept_table`,
    :func:`selector`); feature strings are built only for each concept's best candidate, for
    its role: the role regression's probability there mixed with the role tagger's
    (:func:`extract.phrases.select.mixed_role`), proposed from the selection's
    ``role_threshold`` up. A concept read as proposed is kept only from the selection's
    ``proposed_floor`` up (both chosen out of fold on dev by ``scripts/train_phrase_model.py``).
    """
    _, meta = models()
    trees, select = selector()
    doc = _document(text, title)
    full, shift = doc.full, doc.shift
    _, bias = _weights()
    tokens = tokenize_fast(full)  # read once: by the candidates and by the token tagger
    accepted = scored_candidates(doc, select["floor"], tokens)
    cands: list[Cand] = []
    for score, sp, _ in accepted:
        s0, e0 = sp.start - shift, sp.end - shift
        cands.append(Cand(s0, e0, concept_key(full[sp.start:sp.end]), _sigmoid(score),
                          len(sp.units)))
    tagged = None
    if cands:  # the token tagger's view of the candidates (offsets into ``full``)
        toks, tag_probs = tag(full, tokens)
        starts = {off: i for i, (_, off) in enumerate(toks)}

        def tagged(start: int, end: int) -> tuple[float, float]:
            return span_score(toks, tag_probs, starts, start + shift, end + shift)

    keys, best, table = concept_table(cands, meta["threshold"], len(full) - shift, tagged)
    role_p = SELECT_FEATURES.index("proposed_p")
    # the role model, at each concept's best candidate
    for row, b in zip(table, best):
        score, sp, k = accepted[b]
        acronym = doc.is_long_form(sp.start, sp.end)
        rest = context_features(sp, doc.cues[k], sp.start < shift, acronym)
        row[role_p] = _sigmoid(
            _word_score(sp.words, _tags(sp))[1] + bias[1] + _context_score(rest, 1)
            + _context_score(role_features(doc, sp.start, sp.end), 1))
    if not table:
        return []
    probs = 1.0 / (1.0 + np.exp(-trees.score(np.asarray(table, dtype=np.float64))))
    if probs.max() < select["threshold"]:
        return []  # no concept kept (and no need of the role tagger)
    canon = canonical_names()
    proposed_floor = select.get("proposed_floor", 0.0)
    if "role_threshold" in select:  # the role: the regression's and the role tagger's, mixed
        role_th = select["role_threshold"]
        kept = [i for i in range(len(keys)) if probs[i] >= select["threshold"]]
        tag_role = span_roles(tokens, toks, starts,
                              [(cands[best[i]].start + shift, cands[best[i]].end + shift)
                               for i in kept])
        role = [0.0] * len(keys)  # read only for the concepts the selection keeps
        for i, r in zip(kept, tag_role):
            role[i] = mixed_role(table[i][role_p], r)
    else:  # a selection trained before the role tagger: the regression alone
        role_th = meta["role_threshold"]
        role = [row[role_p] for row in table]
    out = []
    taken: list[tuple[int, int]] = []
    # the most probable concept first: each stands at its first occurrence in the abstract (else
    # in the title) that no concept placed before it covers ("fine-tuning" not inside
    # "Parameter-Efficient Fine-Tuning" when it also occurs alone), else at its first; of the
    # concept's candidates there ("policy gradient", "policy gradient methods"), the best scored
    for i in sorted(range(len(keys)), key=lambda i: -probs[i]):
        q = float(probs[i])
        if q < select["threshold"]:
            break
        key, row = keys[i], table[i]
        proposed = role[i] >= role_th
        if proposed and q < proposed_floor:
            continue  # too weak a claim that the paper introduces it
        mine = [c for c in cands if c.key == key]
        pool = [c for c in mine if not any(c.start < e and s < c.end for s, e in taken)] or mine
        first = min(pool, key=lambda c: (c.start < 0, c.start))
        at = max((c for c in pool if c.start < first.end and first.start < c.end),
                 key=lambda c: (c.p, -c.start))
        taken.append((at.start, at.end))
        written = full[at.start + shift : at.end + shift]
        out.append(Phrase(written, at.start, at.end, canon.get(key) or concept_display(written),
                          key, "proposed" if proposed else "used",
                          round(q, 4), doc.acronyms.get(key)))
    return sorted(out, key=lambda ph: ph.start)
