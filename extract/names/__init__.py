r"""Names in an abstract, including names no vocabulary has seen: the ``names`` stage.

One recogniser finds every name of an abstract, gives it a **type** (method/model,
dataset/benchmark, metric, task, other) and a **role** (``proposed``: the paper presents it as
its own contribution; ``mentioned``: it uses, compares with or talks about it), each with a
confidence in [0, 1]. The ``methods`` and ``benchmarks`` tables are views of its output
(:mod:`extract.stages.methods`, :mod:`extract.stages.benchmarks`).

1. **Candidates** (:mod:`extract.names.candidates`): name-shaped tokens, versioned model names,
   acronym definitions in both directions and capitalised multiword names, found from their
   shape; plus the vocabularies (``methods_vocab.toml``, ``benchmarks_vocab.toml``, with their
   context patterns "the X benchmark") as priors and canonical spellings.
2. **Folding**: spelling variants are one name (:func:`extract.names.candidates.fold`): "HMMs" =
   "HMM", "Llama 3" = "LLaMA-3"; an acronym and its long form are one name. The name shown is the
   vocabulary's canonical name, else the spelling most used across the corpus
   (``name_stats.tsv``), else the abstract's own; ``surface`` keeps the spellings of the
   abstract ("Dynamic Time Warping | DTW").
3. **Type** (:mod:`extract.names.types`): sentence cues, long-form head nouns, priors and the
   corpus votes of ``name_stats.tsv``.
4. **Role** (:mod:`extract.names.roles`): the proposal rules of
   :func:`extract.stages.methods.find_proposed` (introduction, naming, appositive, passive,
   emphasis and title cues on coined-looking tokens), plus cues around any recognised name:
   "we call X", "our (model) X", "the proposed X", "we propose X", "a novel framework, X,",
   "X, a novel ...", "(X) we developed", "we propose a ... (X) framework", a title starting
   with X. A cue does not make a task, a device or a vocabulary name proposed. The corpus is
   evidence too (``name_stats.tsv``): a name is not new when ``WIDELY_USED`` abstracts use it
   without proposing it (NeRF, SLAM, TV, ReLU), or, for an acronym defined here, when
   ``LONG_USED`` abstracts define an acronym with the same long form (optimal transport (OT),
   total variation (TV)): a short acronym is ambiguous, its long form says what it names.
   "We propose to employ X" is using X. Vocabulary names are never proposed.

Not names: acronyms of a class of things or of the field (``name_types.toml`` ``not_names``:
LLM, DNN, SOTA) and the stoplisted words of ``method_stoplist.toml`` ``common``.

**Confidence** of a row: how sure the recogniser is that the span is a name of that type and
role: the evidence it came from (a vocabulary entry 0.95, an acronym definition 0.9, a
name-shaped token 0.8, a versioned name 0.85, a multiword or proper noun 0.6, a proposal cue
0.9), times the share of the type evidence (at least 0.5), lowered for a name the corpus has
seen rarely capitalised like this.

The corpus statistics are a shipped data file built by ``scripts/name_stats.py`` from
``../shared/corpora``; they are declared in the stage's data files, so the per-abstract cache
stays valid (a paper's rows depend on its abstract and the shipped files only).

Names are left out when the corpus writes them in lower case at least as often as capitalised
and nothing proposes them ("High-Quality" in a heading; ``lower`` rows of ``name_stats.tsv``).
A vocabulary name inside the long form of an acronym defined here is part of that acronym's
name ("PoliFormer (Policy Transformer)" does not mention the Transformer).

Rows: one per (paper, name) at its first occurrence; ``start``/``end`` are offsets into
``paper.abstract`` (the short form of an acronym when the abstract uses it, else its long form).
``long_form``: the long form an acronym has in this abstract ("Adaptive Prefix Tuning" for APT)
or, for a proposed acronym the abstract does not spell out, in its title ("APT: Adaptive Pruning
and Tuning ..."), else None; a short acronym names different things in different papers, its long
form says which (:func:`extract.names.candidates.long_key` folds it for counting).
"""

from __future__ import annotations

import csv
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

from extract.datafiles import DATA_DIR
from extract.names import roles as R
from extract.names import types as T
from extract.names.candidates import (
    COMPOUND_TAILS,
    Candidate,
    acronym_definitions,
    at_clause_start,
    data_version_end,
    find_candidates,
    fold,
    long_key,
    singular,
    token_shaped,
    version_end,
)
from extract.records import PaperText
from extract.text.markup import clean_view
from extract.text.sentences import sentences

TABLE = "names"
VERSION = "18"
DATA_FILES: tuple[str, ...] = (
    "methods_vocab.toml",
    "method_stoplist.toml",
    "benchmarks_vocab.toml",
    "name_types.toml",
    "name_stats.tsv",
)
ROLES = ("proposed", "mentioned")
WIDELY_USED = 25  # abstracts of the corpus using, not proposing, a name before it is "not new"
MODIFIER_SHARE = (0.22, 0.42)  # share of occurrences as a pre-modifier (_modifier_discount)
LOWER_CASE_CONFIDENCE = 0.45  # a vocabulary name only written in lower case (a generic term)
STRONG_CUE = 2.0  # sentence votes for a type that vouch for a capitalised phrase as a name
MIN_EVIDENCE = 1.0  # score of the winning type under which its share is not trusted
LONG_HEAD_WEIGHT = 1.6  # the head noun of a long form defined here, relative to a sentence cue
TITLE_ONLY_CONFIDENCE = 0.7  # a proposed name only the title gives (no sentence to check)
LONG_USED = 4  # abstracts defining an acronym with the same long form before it is "not new"

_KIND_CONFIDENCE = {
    "vocab": 0.95,
    "acronym": 0.9,
    "longform": 0.9,
    "version": 0.85,
    "token": 0.8,
    "context": 0.8,
    "proposal": 0.9,
    "eponym": 0.8,
    "multiword": 0.6,
    "proper": 0.6,
}


@dataclass(frozen=True)
class NameStats:
    """Corpus statistics of one fold key (a row of ``name_stats.tsv``)."""

    surface: str
    df: int  # abstracts naming it
    proposed: int  # abstracts proposing it (by the proposal rules)
    votes: dict[str, float]  # type -> cue count over the corpus
    occurrences: int = 0  # occurrences in the corpus outside acronym definitions
    modifier: int = 0  # of them in front of a noun ("T2I models", "BEV features")


@dataclass(frozen=True)
class Stats:
    """``name_stats.tsv``: per-name statistics and the proper nouns of the corpus."""

    names: dict[str, NameStats]
    proper: frozenset[str]  # lower-cased capitalised words that are proper nouns
    longs: dict[str, int] = field(default_factory=dict)  # long form key -> abstracts defining
    lower: dict[str, int] = field(default_factory=dict)  # compound key -> abstracts in lower case


@lru_cache(maxsize=1)
def stats() -> Stats:
    """Load ``extract/data/name_stats.tsv`` (empty statistics when the file is missing)."""
    path = DATA_DIR / "name_stats.tsv"
    names: dict[str, NameStats] = {}
    proper: set[str] = set()
    longs: dict[str, int] = {}
    lower: dict[str, int] = {}
    if not path.exists():
        return Stats(names, frozenset())
    with path.open(encoding="utf-8", newline="") as f:
        for row in csv.reader((line for line in f if not line.startswith("#")), delimiter="\t"):
            if row[0] == "proper":
                proper.add(row[1])
            elif row[0] == "long":
                longs[row[1]] = int(row[2])
            elif row[0] == "lower":
                lower[row[1]] = int(row[2])
            elif row[0] == "name":
                _, key, surface, df, prop, *votes = row
                names[key] = NameStats(
                    surface,
                    int(df),
                    int(prop),
                    {t: float(v) for t, v in zip(T.TYPES, votes)},
                    *(int(x) for x in votes[len(T.TYPES) : len(T.TYPES) + 2]),
                )
    return Stats(names, frozenset(proper), longs, lower)


@dataclass(frozen=True)
class Priors:
    """Vocabulary knowledge: canonical names and prior types per fold key."""

    canonical: dict[str, str]  # fold key -> canonical name
    types: dict[str, str]  # fold key -> prior type
    not_names: frozenset[str]  # fold keys
    words: frozenset[str]  # single capitalised words a vocabulary knows (Transformer, Gemini)
    vocab: frozenset[str] = frozenset()  # fold keys of the method and benchmark vocabularies
    languages: frozenset[str] = frozenset()  # fold keys of natural languages (always "other")


@lru_cache(maxsize=1)
def priors() -> Priors:
    """Canonical names and prior types from the vocabularies and ``name_types.toml``."""
    data = tomllib.loads((DATA_DIR / "name_types.toml").read_text(encoding="utf-8"))
    mv = tomllib.loads((DATA_DIR / "methods_vocab.toml").read_text(encoding="utf-8"))
    bv = tomllib.loads((DATA_DIR / "benchmarks_vocab.toml").read_text(encoding="utf-8"))
    canonical: dict[str, str] = {}
    types: dict[str, str] = {}
    for typ, group in (
        ("other", "other"),
        ("other", "languages"),
        ("task", "task"),
        ("metric", "metric"),
    ):
        for n in data.get(group, []):
            canonical.setdefault(fold(n), n)
            types.setdefault(fold(n), typ)
    languages = frozenset(fold(n) for n in data.get("languages", []))
    for e in bv.get("benchmark", []):
        for s in (e["name"], *e.get("aliases", [])):
            canonical[fold(s)] = e["name"]
            types[fold(s)] = "dataset"
    for e in mv.get("method", []):
        for s in (e["name"], *e.get("aliases", [])):
            canonical[fold(s)] = e["name"]
            types[fold(s)] = "method"
    for e in mv.get("model_family", []):
        types.setdefault(fold(e["name"]), "method")
    stop = tomllib.loads((DATA_DIR / "method_stoplist.toml").read_text(encoding="utf-8"))
    not_names = {fold(n) for n in data.get("not_names", [])}
    words = {
        s
        for s in list(canonical.values())
        + [e["name"] for e in mv.get("model_family", [])]
        + [a for e in mv.get("method", []) for a in e.get("aliases", [])]
        if re.fullmatch(r"[A-Z][a-z]+", s)
    }
    common = frozenset(fold(w) for w in stop.get("common", []) if w not in words)
    vocab = {
        fold(x)
        for v in (mv.get("method", []), bv.get("benchmark", []))
        for e in v
        for x in (e["name"], *e.get("aliases", []))
    }
    return Priors(
        canonical,
        types,
        frozenset(not_names | common),
        frozenset(words),
        frozenset(vocab),
        languages,
    )


_LATEX = re.compile(
    r"(?:tilde|widetilde|hat|widehat|bar|mathcal|mathbb|mathbf|mathrm|frac|sqrt|"
    r"overline|vec|dot|ddot|operatorname)[A-Z]"
)


def _initials(phrase: str) -> str:
    """Capital initials of a phrase, hyphenated parts included: "Vision-language Models" -> VLM."""
    words = re.findall(r"[A-Za-z][A-Za-z0-9]*", phrase)
    caps = "".join(w[0] for w in words if w[0].isupper())
    if "-" in phrase:
        parts = [w for w in re.findall(r"[A-Za-z]+", phrase) if w.lower() not in _CONNECTORS]
        if parts and parts[0][0].isupper():
            return "".join(w[0].upper() for w in parts)
    return caps


_CONNECTORS = frozenset("of for and the in on with via to a an".split())


def _name_like(name: str) -> bool:
    """A proposal is kept when it is shaped like a name (not "SO" of "SO(3)", not "tildeO")."""
    from extract.names.candidates import CAPS_WORDS, token_shaped

    if _LATEX.match(name) or name.upper() in CAPS_WORDS and name.isupper():
        return False
    return token_shaped(name) or bool(
        re.fullmatch(r"[A-Z][a-z]+(?:-[A-Za-z]+)*(?: [A-Z][\w-]*)*", name)
    )


@lru_cache(maxsize=4096)
def _title_long_form(title: str, key: str) -> str | None:
    """The long form the title gives the acronym with fold key ``key``, else None.

    "À-La-Carte Prompt Tuning (APT): ..." (a definition in the title) or "APT: Adaptive
    Personalized Training for Diffusion Models" (the words after the colon spell it): a proposed
    acronym the abstract itself does not define still has a long form to tell it apart.
    """
    for c in acronym_definitions(title, 0):
        if c.kind == "acronym" and fold(c.short) == key:
            return c.long
    m = re.match(r"\s*([^:]{2,20}?)\s*:\s*(.+)", title)
    if not m or fold(m.group(1)) != key or not m.group(1).isupper():
        return None
    letters = [ch for ch in m.group(1) if ch.isalpha()]
    words = m.group(2).split()
    for n in range(len(letters), len(words[: len(letters) + 3]) + 1):
        phrase = " ".join(words[:n])
        initials = [w[0].upper() for w in re.findall(r"[A-Za-z][\w]*", phrase) if w[0].isupper()]
        if initials == [ch.upper() for ch in letters] and words[n - 1][:1].isupper():
            return phrase.rstrip(",;.")
    return None


def _modifier_discount(ns: NameStats) -> float:
    """How much the corpus method votes of a name count: less when it is often a pre-modifier.

    "T2I models", "SR methods", "BEV features", "NER tasks": a name the corpus often writes in
    front of such a noun names a task, a domain or a kind of thing; its "X model" cues do not make
    it one method ("X features" does not count: TF-IDF, CLIP features). Method names are seldom
    written so (BERT 0.10, GAN 0.08, SGD 0.03, ResNet 0.18 of their occurrences; T2I 0.46, NLI
    0.38, SR 0.51, on 15,000 corpus abstracts): 1.0 up to ``MODIFIER_SHARE[0]``, falling to 0 at
    ``MODIFIER_SHARE[1]``; the votes taken off go to ``task``.
    """
    if ns.occurrences < 10:
        return 1.0
    lo, hi = MODIFIER_SHARE
    share = ns.modifier / ns.occurrences
    return max(0.0, min(1.0, (hi - share) / (hi - lo)))


def widely_used(ns: NameStats | None) -> bool:
    """True when the corpus shows a name used (not proposed) by many abstracts: it is not new.

    A coined name appears in the abstract that proposes it and a few that use it; an acronym or
    name in ``WIDELY_USED`` or more abstracts that do not propose it (NeRF, SLAM, SE, OT, TV) is
    an established or ambiguous one, whatever the sentence claims.
    """
    return ns is not None and ns.df - ns.proposed >= WIDELY_USED


def _written_lower(key: str, ns: NameStats | None, st: Stats) -> bool:
    """True when the corpus writes a name in lower case at least as often as it names it.

    "High-Quality", "Self-Attention": common words capitalised in a heading.
    """
    return st.lower.get(key, 0) >= (ns.df if ns else 1)


# a capitalised word that starts a longer title-case phrase: "a Domain adaptation Learning Curve
# prediction (DaLC) model", "a Unified Token-pair Classification architecture"
_PHRASE_GOES_ON = re.compile(r"\s+(?:[A-Z][\w-]*|[a-z][\w-]*\s+[A-Z][\w-]*)\b")


_PLAIN_TITLE_NAME = re.compile(r"[A-Z][a-z]{2,}")
_NAMED_BEFORE = re.compile(r"\b(?:named|called|dubbed|termed)\s+[\"“'‘]?$")


def _proposable(name: str, text: str, end: int) -> bool:
    """A name the proposal rules found that can be a coined name.

    Not a compound modifier ("human-AI", "non-IID", "LLM-powered", "UCB-type",
    "PAC-Bayesian"), and a plain capitalised word only when the sentence treats it as a name
    ("we present De-mark, an ...", not "we propose a Domain adaptation ... (DaLC) model").
    """
    start = end - len(name)
    if _NAMED_BEFORE.search(text, max(0, start - 12), start) and token_shaped(name):
        return True  # "an attack method named sparse-PGD": an explicit name, whatever its case
    if not _name_like(name):
        return False
    parts = name.split("-")
    if len(parts) > 1:
        if re.fullmatch(r"[a-z]{2,}", parts[0]) and not token_shaped(parts[0]):
            return False
        last = parts[-1]
        if (
            last in COMPOUND_TAILS
            or re.fullmatch(r"[a-z]+ed|type|hard|complete", last)
            or re.fullmatch(r"[A-Z][a-z]+(?:ian|ean)", last)
        ):
            return False
    if re.fullmatch(r"[A-Z][a-z]+", name):
        return not _PHRASE_GOES_ON.match(text, end)
    return True


@dataclass(frozen=True)
class Name:
    """A name recognised in the clean view of an abstract."""

    name: str
    type: str
    role: str
    confidence: float
    surface: str  # spellings in this abstract, " | "-separated, first seen first
    start: int | None  # clean-view offsets of its first occurrence (None: only in the title)
    end: int | None
    long_form: str | None = None  # the acronym's long form as this abstract defines it


@dataclass
class _Acc:
    key: str
    first: Candidate
    surfaces: list[str]
    kinds: set[str]
    long: str | None
    scores: dict[str, float]
    short_first: Candidate | None = None
    implied: dict[str, float] = field(default_factory=dict)  # votes of vocabulary/context matches
    spans: list[tuple[int, int]] = field(default_factory=list)
    long_spans: list[tuple[int, int]] = field(default_factory=list)


_PREV_WORD = re.compile(r"(?:([A-Z][\w-]*)|\([^()]{2,60}\))\s+$")
_NEXT_WORD = re.compile(r"\s+([A-Z][a-z][\w-]*)")
_NOT_NAME_WORDS = frozenset(
    "The A An Our This These That Its Their Each Both Any All We In On".split()
)


def _in_longer_name(text: str, start: int, end: int) -> bool:
    """True when a plain capitalised vocabulary word is one word of a longer capitalised name.

    "Our Agentic Transformer", "MiKASA (Multi-Key-Anchor Scene-Aware) Transformer", "Transformer
    Scale Gate (TSG)", "Swin Transformer": the vocabulary's Transformer is not mentioned there.
    A word that starts a sentence or follows "The", "Our", ... does not count.
    """
    pm = _PREV_WORD.search(text, max(0, start - 70), start)
    if pm and not (pm.group(1) and pm.group(1) in _NOT_NAME_WORDS):
        if not at_clause_start(text, pm.start()) or pm.group(1) is None:
            return True
    nm = _NEXT_WORD.match(text, end)
    # not a head noun after it: "the Transformer Architecture", "Cityscapes Dataset"
    return bool(nm) and nm.group(1) not in _NOT_NAME_WORDS and not T.head_vote(nm.group(1))


def _vocab_candidates(text: str) -> list[tuple[Candidate, str | None]]:
    """Vocabulary and context-pattern matches as candidates, with the type they imply."""
    from extract.stages import benchmarks, methods

    out: list[tuple[Candidate, str | None]] = []
    for name, s, e in methods.find_mentioned(text):
        v = version_end(text, e) if " " in name else None
        if v is not None:  # "Stable Diffusion v1.4": the version is part of the name
            out.append((Candidate(text[s:v], s, v, "version", text[s:v]), "method"))
            continue
        out.append((Candidate(text[s:e], s, e, "vocab", name), "method"))
    for name, s, e in benchmarks.find_benchmarks(text, ()):
        if ". " in text[s:e]:
            continue  # "JWSign. The dataset": a context match across a sentence end
        v = data_version_end(text, e)
        if v is not None:  # "KITTI 2015", "Argoverse 2": the year or version is part of the name
            out.append((Candidate(text[s:v], s, v, "version", text[s:v]), "dataset"))
            continue
        out.append((Candidate(text[s:e], s, e, "context", name), "dataset"))
    return out


@lru_cache(maxsize=8192)
def recognise(
    text: str, title: str | None = None, emphasised: tuple[str, ...] = ()
) -> tuple[Name, ...]:
    """Every name in a markup-free ``text``.

    ``title``: for the title-prefix proposal cue; ``emphasised``: names wholly in bold/italic
    markup in the original abstract (proposed when they are not established names).
    """
    from extract.stages import methods

    st = stats()
    pr = priors()
    sents = sentences(text)
    cands = [(c, None) for c in find_candidates(text, sents, st.proper, pr.words)]
    cands += _vocab_candidates(text)
    proposals = methods.proposals_for(text, title)
    proposed_datasets = {fold(p.name) for p in proposals if p.dataset}
    proposals = tuple(p for p in proposals if _proposable(p.name, text, p.end))
    for p in proposals:
        cands.append((Candidate(text[p.start : p.end], p.start, p.end, "proposal", p.name), None))
    proposed_keys = {fold(p.name) for p in proposals}
    tn = _title_prefix(title)[0]
    title_key = fold(tn) if tn else None
    if tn and _PLAIN_TITLE_NAME.fullmatch(tn) and title_key not in pr.types:
        # "Selene: Pioneering Automated Proof ..." and "We introduce Selene in this paper": a
        # plain capitalised word the title names and the abstract never writes in lower case
        i = methods.find_word(text, tn)
        if i >= 0 and not re.search(rf"\b{tn.lower()}\b", text):
            proposed_keys.add(title_key)
            cands.append((Candidate(tn, i, i + len(tn), "proposal", tn), None))
    for tok in emphasised:
        i = methods.find_word(text, tok)
        if i >= 0 and fold(tok) not in proposed_keys:
            proposed_keys.add(fold(tok))
            cands.append((Candidate(tok, i, i + len(tok), "proposal", tok), None))
    # a vocabulary name inside the long form of an acronym defined here is part of that name:
    # "PoliFormer (Policy Transformer)" does not mention the Transformer
    longs = [(c.start, c.end) for c, _ in cands if c.kind == "longform"]
    if longs:
        cands = [
            (c, t)
            for c, t in cands
            if c.kind != "vocab"
            or not any(a <= c.start and c.end <= b and (c.start, c.end) != (a, b) for a, b in longs)
        ]
    # longest span first at each offset: a vocabulary or version match covers its parts
    cands.sort(key=lambda c: (c[0].start, -(c[0].end - c[0].start)))
    # an acronym defined here by a vocabulary name's spelling is that name: "Gumbel-Softmax (GS)"
    defined_as = {
        fold(c.short): fold(canon)
        for c, _ in cands
        if c.kind == "acronym"
        and c.long
        and (canon := pr.canonical.get(fold(c.long))) is not None
        and fold(c.short) not in pr.canonical
    }
    covered: list[tuple[int, int, str]] = []  # spans of vocab/version/multiword matches
    accs: dict[str, _Acc] = {}
    for cand, implied in cands:
        if cand.kind in ("token", "proper") and any(
            a <= cand.start and cand.end <= b and (b - a) > (cand.end - cand.start)
            for a, b, k in covered
        ):
            continue
        if cand.kind == "multiword" and any(
            k == "version" and a <= cand.start and cand.end < b for a, b, k in covered
        ):
            continue  # "Stable Diffusion" of "Stable Diffusion v1.4"
        key = fold(cand.short)
        if (canon := pr.canonical.get(key)) is not None:
            key = fold(canon)  # "BatchNorm" and the vocabulary's "batch normalization": one name
        key = defined_as.get(key, key)
        if cand.kind == "multiword":
            # a multiword name that only wraps a known or defined name ("SOTA RGB-NVS") adds nothing
            inner = [w for w in cand.short.split() if fold(w) in accs or fold(w) in pr.types]
            if (
                inner
                and len(cand.short.split()) - len(inner) < 2
                and not cand.short.endswith(inner[-1])
            ):
                continue
        if key in pr.not_names or not key or len(key) < 2 or _LATEX.match(cand.short):
            continue
        if (
            cand.kind in ("vocab", "proper")
            and cand.surface in pr.words
            and _in_longer_name(text, cand.start, cand.end)
        ):
            continue  # "Agentic Transformer", "Transformer Scale Gate": another, longer name
        if cand.kind in ("multiword", "longform") and fold(_initials(cand.surface)) in pr.not_names:
            continue  # "Large Language Models"
        if cand.kind in ("token", "proper", "context") and any(
            a <= cand.start and cand.end <= b and (b - a) > (cand.end - cand.start)
            for a, b, k in covered
            if k == "multiword" and text[a:b].endswith(cand.surface)
        ):
            continue  # "Split CIFAR-100" is the name, not "CIFAR-100"
        if cand.kind == "context" and any(
            a <= cand.start and cand.end <= b and (b - a) > (cand.end - cand.start)
            for a, b, k in covered
            if k in ("vocab", "version", "context")
        ):
            continue  # "MS" of "MS COCO": a shorter match inside a known name
        if cand.kind in ("vocab", "version", "multiword", "context", "eponym"):
            covered.append((cand.start, cand.end, cand.kind))
        acc = accs.get(key)
        if acc is None:
            acc = accs[key] = _Acc(key, cand, [], set(), None, {})
        if cand.surface not in acc.surfaces:
            acc.surfaces.append(cand.surface)
        acc.kinds.add(cand.kind)
        if cand.kind != "longform":
            acc.spans.append((cand.start, cand.end))
        else:
            acc.long_spans.append((cand.start, cand.end))
        if cand.long:
            acc.long = cand.long
        if cand.kind != "longform" and acc.short_first is None:
            acc.short_first = cand
        if implied:
            acc.scores[implied] = acc.scores.get(implied, 0.0) + 4.0
            acc.implied[implied] = acc.implied.get(implied, 0.0) + 4.0
        if len(acc.surfaces) <= 4:
            for typ, w in T.cue_votes(text, cand.start, cand.end):
                acc.scores[typ] = acc.scores.get(typ, 0.0) + w
    placed = sorted({(a, b, k) for k, acc in accs.items() for a, b in acc.spans})
    placed = [
        p
        for i, p in enumerate(placed)
        if not any(q[0] <= p[0] and p[1] <= q[1] and q != p for q in placed[max(0, i - 3) : i + 4])
    ]
    for (_, _, k), votes in zip(placed, T.list_votes(text, [(a, b) for a, b, _ in placed])):
        for typ, w in votes:
            accs[k].scores[typ] = accs[k].scores.get(typ, 0.0) + w
    out: list[Name] = []
    newable: set[str] = set()  # fold keys of used names that could be the paper's own
    for key, acc in accs.items():
        scores = dict(acc.scores)
        prior = pr.types.get(key)
        # an acronym defined here with a long form the corpus does not know (in fewer than 3
        # abstracts) is another sense of the short form the priors and the corpus votes speak of
        # ("subgraph retriever (SR)" is not super-resolution): they do not count, and it may be
        # the paper's own
        novel = bool(acc.long) and long_key(acc.long) not in st.longs and key not in pr.vocab
        if acc.long:
            # the long form this abstract gives says what the acronym is here, more than the
            # corpus votes of an ambiguous short form (TAD, MMD, HMP); a vocabulary's type of
            # the sense the corpus knows says it better ("Domain Adaptation (DA)" is a task,
            # whatever the head "adaptation" says)
            hv = T.head_vote(acc.long)
            if hv is None and (head_type := pr.types.get(fold(acc.long.split()[-1]))):
                # "Lexically-constrained NMT (LNMT)": the head is a name the vocabulary types
                hv = (head_type, 2.5)
            if hv and (not prior or novel or hv[0] == prior):
                scores[hv[0]] = scores.get(hv[0], 0.0) + LONG_HEAD_WEIGHT * hv[1]
                if hv[0] == "task" and "context" in acc.kinds:
                    # "ERC datasets", "NEE corpora": data sets for the task the long form names
                    scores["dataset"] -= acc.implied.get("dataset", 0.0)
        elif "multiword" in acc.kinds or "eponym" in acc.kinds:
            hv = T.head_vote(acc.first.short)
            if hv:
                scores[hv[0]] = scores.get(hv[0], 0.0) + hv[1]
        mv = None
        if acc.first.kind != "multiword":
            mv = T.morph_vote(acc.first.short) or _variant_vote(acc.first.short, key, pr)
        if mv:
            scores[mv[0]] = scores.get(mv[0], 0.0) + mv[1]
        if prior and not novel:
            scores[prior] = scores.get(prior, 0.0) + 6.0
        ns = st.names.get(key)
        # the corpus votes of a short form are those of its common senses: an acronym this
        # abstract defines with a long form the corpus does not know ("Pivot Elements (PEs)") is
        # another sense, and they do not count
        if ns and ns.df >= 3 and not novel:
            d = _modifier_discount(ns)
            total = sum(ns.votes.values())
            if total:  # a vote or two across the corpus weighs less than a sentence cue
                for t, v in ns.votes.items():
                    w = 3.0 * v / total * min(1.0, total / 3)
                    if t == "method" and d < 1.0:
                        # the discounted votes are those of a task ("T2I models")
                        scores["task"] = scores.get("task", 0.0) + w * (1.0 - d)
                        w *= d
                    scores[t] = scores.get(t, 0.0) + w
            if d < 1.0:  # so are this abstract's "GEC models" cues
                m = (acc.scores.get("method", 0.0) - acc.implied.get("method", 0.0)) * (1.0 - d)
                scores["method"] = scores.get("method", 0.0) - m
                scores["task"] = scores.get("task", 0.0) + m
        role = "proposed" if key in proposed_keys else "mentioned"
        cue_conf = 0.0
        can_be_new = (key not in pr.types or novel) and (acc.long or _name_like(acc.first.short))
        if role == "mentioned" and can_be_new:
            cue_conf = max(
                [R.proposal_cue(text, s, e) for s, e in acc.spans + acc.long_spans]
                + [0.9 if title_key == key else 0.0]
            )
            if cue_conf:
                role = "proposed"
        # a vocabulary name, or one the corpus shows in wide use, is never the paper's own
        established = (
            (key in pr.canonical and not novel)
            or (acc.long and st.longs.get(long_key(acc.long), 0) >= LONG_USED)
            or (not acc.long and widely_used(ns))
        )
        if role == "proposed" and established:
            role, cue_conf = "mentioned", 0.0
        if role == "mentioned" and can_be_new and not established:
            newable.add(key)
        if role == "proposed" and key in proposed_datasets:
            scores["dataset"] = scores.get("dataset", 0.0) + 5.0
        if "multiword" in acc.kinds and not scores:
            last = st.names.get(fold(acc.first.short.split()[-1]))
            if last and last.df >= 3:
                for t, v in last.votes.items():
                    scores[t] = scores.get(t, 0.0) + v / max(1.0, sum(last.votes.values()))
        typ, type_conf = T.decide(scores)
        if key in pr.languages:
            typ, role = "other", "mentioned"  # "Russian corpora" are corpora in Russian
        if role == "proposed" and typ in ("task", "other") and acc.long:
            # "our neural-symbolic visual question answering (NS-VQA) system": the noun after the
            # acronym, not the head of its long form, says what the paper proposes
            noun = next((v for a, b in acc.spans if (v := T.after_paren_vote(text, b))), None)
            if noun:
                typ, type_conf = noun, max(type_conf, 0.6)
        if (
            (cue_conf or role == "proposed")
            and typ in ("task", "other")
            and any(R.proposed_as_method(text, a, b) for a, b in acc.spans + acc.long_spans)
        ):
            typ, type_conf = "method", max(type_conf, 0.6)  # "a framework for ... (ConvAug)"
        if cue_conf and typ not in ("method", "dataset", "metric"):
            role = "mentioned"  # a task or a device the paper works on is not its contribution
        if (
            acc.kinds <= {"multiword"}
            and role == "mentioned"
            and not (ns and ns.df >= 3)
            and not acc.scores
            and not any(token_shaped(w) for w in acc.first.short.split())
            and (T.head_vote(acc.first.short) or ("", 0))[0] != "dataset"
        ):
            continue  # a title-case phrase the corpus does not know and nothing marks as a name
        if role == "mentioned" and acc.kinds <= {"token"} and _written_lower(key, ns, st):
            continue  # "High-Quality", "Self-Attention": common words capitalised in a heading
        kind_conf = max(_KIND_CONFIDENCE.get(k, 0.5) for k in acc.kinds)
        if role == "proposed":
            kind_conf = max(kind_conf, _KIND_CONFIDENCE["proposal"])
        if (
            acc.kinds <= {"multiword", "proper"}
            and not (ns and ns.df >= 3)
            and (
                acc.scores.get(typ, 0.0) - acc.implied.get(typ, 0.0) < STRONG_CUE
                # "a Natural Language Prompt Encapsulation (Nano-Capsulator) framework": the
                # cue after the parentheses is the named thing's
                or text.startswith(" (", acc.first.end)
                # "Hebrew NLI models": a phrase ending in a task names the task's kind of model
                or pr.types.get(fold(acc.first.short.split()[-1]), "method") != "method"
                # "we propose a Content Decoupling framework for IR dubbed CoDe", "designing a
                # Confidence-based Soft Pseudo-label strategy": a part or a description of the
                # paper's own method, not a method it uses
                or _OWN_SENTENCE.search(_sentence_at(sents, acc.first.start))
                # "a Patch Replacement scheme", "the Entity Typing Prediction module": a part
                or _PART_AFTER.match(text, acc.first.end)
            )
        ):
            kind_conf *= 0.8
        if scores.get(typ, 0.0) < MIN_EVIDENCE:
            type_conf = min(type_conf, 0.5)  # the winning type has almost no evidence
        conf = round(kind_conf * max(0.5, type_conf), 3)
        if (
            role == "mentioned"
            and acc.kinds <= {"vocab", "longform"}
            and all(
                x == x.lower() and not token_shaped(x) and not any(c.isdigit() for c in x)
                for x in acc.surfaces
            )
        ):
            # "dropout", "mixture-of-experts", "prefix-tuning": a vocabulary name written only in
            # lower case is used as a generic term here, not named (the methods table leaves it;
            # not "o1-preview", "seq2seq")
            conf = min(conf, LOWER_CASE_CONFIDENCE)
        display = pr.canonical.get(key)
        if display is None:
            if "vocab" in acc.kinds or "context" in acc.kinds:
                display = next(
                    c.short
                    for c, _ in cands
                    if fold(c.short) == key and c.kind in ("vocab", "context")
                )
            elif ns is not None and ns.df >= 3 and role == "mentioned":
                display = ns.surface
            else:
                display = singular(acc.short_first.short if acc.short_first else acc.first.short)
        first = acc.short_first or acc.first
        long = acc.long
        if long is None and role == "proposed" and title:
            long = _title_long_form(title, key)
        out.append(
            Name(
                display,
                typ,
                role,
                conf,
                " | ".join(acc.surfaces),
                first.start,
                first.end,
                long,
            )
        )
    out.sort(key=lambda n: (n.start, n.end))
    out = _parts_of_proposed(text, out, newable)
    out = _variants_of_proposed(out)
    own = _title_only_name(
        title,
        {fold(n.name) for n in out} | set(accs),
        tuple(n.name for n in out if n.role == "proposed"),
    )
    if own is not None:
        out.append(own)
    return tuple(out)


# a subtitle that says the paper builds data: "EvalCrafter: Benchmarking and Evaluating Large
# Video Generation Models", "X: A Benchmark for ...", "X: a Corpus of ..."
_DATA_SUBTITLE = re.compile(
    r"^(?:\W*(?:a|an|the)\s+)?(?:[\w-]+\s+){0,5}?(?:benchmark(?:ing|s)?|data\s?sets?|corpus|"
    r"corpora|treebanks?|test\s?suites?|leaderboards?|challenge)\b",
    re.I,
)
_MARKUP_CHARS = re.compile(r"[\^_{}$\\]")
_POSSESSIVE = re.compile(r"^[A-Z][\w.&-]*['’]s\s+")


_OWN_SENTENCE = re.compile(
    r"\b(?:[Oo]ur|novel|proposing|(?:[Ww]e|paper|work)\s+(?:\w+\s+)?"
    r"(?:propose|present|introduce|design|develop|devise)s?|(?:the|this|is|are)\s+proposed|"
    r"design(?:ing|s)?|dubbed|called|named|termed|namely|i\.e\.|comprises|consists\s+of|"
    r"incorporates)\b"
)
_PART_AFTER = re.compile(
    r"\s+(?:module|mechanism|scheme|strategy|block|component|unit|layer|branch|head|loss|stage|"
    r"step|regularizer)s?\b"
)


def _sentence_at(sents: Sequence[tuple[int, str]], offset: int) -> str:
    """The sentence of ``sents`` (offset, text) holding ``offset``."""
    for start, sent in sents:
        if start <= offset < start + len(sent):
            return sent
    return ""


# "FSHNet incorporates a proposed SlotFormer block", "HEAR has a Hybrid ... encoder, along with
# an Adaptive Restart Module (ARM)": what the paper's own method has or is built from
_HAS_PARTS = re.compile(
    r"\s+(?:also\s+|further\s+|then\s+|mainly\s+)?(?:has|have|consists\s+of|comprises|includes|"
    r"contains|incorporates|integrates|introduces|leverages|employs|applies|"
    r"is\s+(?:composed|made\s+up|equipped)\s+(?:of|with))\b"
)


# the size or variant suffix of a model name: "-L", "-XL", "-13B", "-Large", "-v2", "-Base"
_VARIANT_SUFFIX = re.compile(
    r"-(?:[STBLHG]|XL|XXL)|[-\s]?(?:\d+(?:\.\d+)?[BMK]|v?\d+(?:\.\d+)?)"
    r"|[-\s](?i:tiny|small|base|large|huge|giant|mini|nano|lite|plus|pro|chat|instruct)"
)


_COMPOUND_REST = re.compile(r"-[A-Z][\w-]*[A-Z][\w-]*")


def _variants_of_proposed(out: list[Name]) -> list[Name]:
    """``out`` with the variants and compounds of a proposed name proposed too.

    Size and version variants, and compounds with another name ("BLT-DP-FTRL" when the paper
    proposes BLT). "we introduce ViTamin ... ViTamin-L significantly outperforms ViT-L", "a
    student model (named Lion) ... Lion-13B": a variant of the paper's own model is the paper's.
    """
    own = [n.name for n in out if n.role == "proposed" and len(n.name) >= 3]
    if not own:
        return out
    res = []
    for n in out:
        if n.role == "mentioned" and n.type == "method":
            for o in own:
                rest = n.name[len(o) :]
                if n.name.startswith(o) and (
                    _VARIANT_SUFFIX.fullmatch(rest)
                    # "we introduce the Buffered Linear Toeplitz (BLT) mechanism ... the
                    # BLT-DP-FTRL algorithm": the paper's own name joined to another name
                    or _COMPOUND_REST.fullmatch(rest)
                ):
                    n = replace(n, role="proposed")
                    break
        res.append(n)
    return res


# "DiffMimic has a better sample efficiency than existing methods (e.g., DeepMimic)"
_NOT_PART = re.compile(
    r"\b(?:than|e\.g\.|such\s+as|compared|existing|previous|achiev\w*|outperform\w*|better|"
    r"based\s+on)\b"
)


def _parts_of_proposed(text: str, out: list[Name], newable: set[str]) -> list[Name]:
    """``out`` with the parts of a proposed name proposed too.

    A used name that could be new (``newable``: no vocabulary or corpus knows it) and comes, in
    its first sentence, after a proposed name and "has", "consists of", "incorporates", ... is a
    part of the paper's own method, when it is typed a method and nothing between says it is
    another's ("than", "e.g.", "existing", "based on"). Known names after such a verb stay used.
    """
    own = [n for n in out if n.role == "proposed" and n.start is not None]
    if not own or not newable:
        return out
    spellings = {x for n in own for x in n.surface.split(" | ") if x}
    # where a proposed name is followed by a part verb: the parts come after it
    has = [
        hm.end()
        for hm in _HAS_PARTS.finditer(text)
        if any(
            text.endswith(x, 0, hm.start())
            and not (text[hm.start() - len(x) - 1 : hm.start() - len(x)].isalnum())
            for x in spellings
        )
    ]
    if not has:
        return out
    res = []
    for n in out:
        if n.role == "mentioned" and n.start is not None and fold(n.name) in newable:
            s0 = max(text.rfind(". ", 0, n.start), 0)
            verb_end = max((h for h in has if s0 <= h <= n.start), default=None)
            if (
                verb_end is not None
                and n.type == "method"
                and not _NOT_PART.search(text, verb_end, n.start)
            ):
                n = replace(n, role="proposed")
        res.append(n)
    return res


# where a coined name may end in another name: after a hyphen or a lower-case letter or digit
# ("Mip-NeRF", "pixelNeRF", "SeqGAN", "Entropy-SGD", "MobileBERT")
_TAIL = re.compile(r"(?:(?<=-)|(?<=[a-z0-9]))[A-Z][A-Za-z0-9]{2,}$")


def _variant_vote(short: str, key: str, pr: Priors) -> tuple[str, float] | None:
    """The type of the known method or data set a coined name ends in, weight 1.5.

    A name built on a known one is a variant of it: "Mip-NeRF", "pixelNeRF" (NeRF), "SeqGAN"
    (GAN), "Entropy-SGD" (SGD), "MobileBERT" (BERT) are methods; "Tiny-ImageNet" a data set.
    Known: by a vocabulary, else by the corpus (in 10 or more abstracts, 60% of its type cues
    agreeing).
    """
    m = _TAIL.search(short) if key not in pr.types else None
    if not m:
        return None
    tail = fold(m.group(0))
    typ = pr.types.get(tail)
    ns = stats().names.get(tail)
    if typ is None and ns is not None and ns.df >= 10 and (total := sum(ns.votes.values())):
        # a name the corpus knows well, by the type most of its cues give it (NeRF)
        top = max(ns.votes, key=ns.votes.get)
        typ = top if ns.votes[top] >= 0.6 * total else None
    return (typ, 1.5) if typ in ("method", "dataset") else None


@lru_cache(maxsize=4096)
def _title_prefix(title: str | None) -> tuple[str | None, str | None]:
    """The name before a title's colon and the long form the title gives it there.

    "Short-Dot: ..." -> ("Short-Dot", None); "Arcee's MergeKit: ..." -> ("MergeKit", None);
    "Surgical Robot Transformer (SRT): ..." -> ("SRT", "Surgical Robot Transformer").
    """
    prefix = R.title_name(title)
    if not prefix:
        return None, None
    # "Co$^2$PT", "$\texttt{NAISR}$": the name without its markup
    prefix = _MARKUP_CHARS.sub("", clean_view(prefix).text)
    prefix = _POSSESSIVE.sub("", prefix)
    m = re.fullmatch(r"(.+?)\s*\(\s*([^()\s]+)\s*\)", prefix)
    if m:
        defs = [c for c in acronym_definitions(prefix, 0) if c.kind == "acronym"]
        if defs and fold(defs[0].short) == fold(m.group(2)):
            return m.group(2), defs[0].long
    return prefix, None


def _variant_of(short: str, name: str) -> bool:
    """True when ``short`` is a shortened spelling of ``name`` or the other way round.

    "MVSAnywhere" / "MVSA", "W-RST" / "Weighted-RST": a title and its abstract naming one thing.
    """
    a, b = fold(short), fold(name)
    if min(len(a), len(b)) >= 3 and (a.startswith(b) or b.startswith(a)):
        return True
    sp, np_ = re.split(r"[-\s]+", short.lower()), re.split(r"[-\s]+", name.lower())
    return len(sp) == len(np_) > 1 and all(y.startswith(x) for x, y in zip(sp, np_))


def _title_only_name(title: str | None, seen: set[str], proposed: tuple[str, ...]) -> Name | None:
    """The paper's own name given only in its title, as a proposed name without offsets.

    "WiNeRT: Towards Neural Ray Tracing for Wireless Channel Modelling", "Arcee's MergeKit: A
    Toolkit for Merging Large Language Models", "Surgical Robot Transformer (SRT): Imitation
    Learning for Surgical Tasks": the prefix before the title's colon names what the paper
    proposes even when the abstract only says "we propose a framework". Taken when the prefix is
    one coined-looking token (inner capitals, digits, all capitals: not "Fairwashing" or "Lazy
    Agents") or an acronym defined there, that the abstract does not name (``seen``: fold keys of
    its names), that no vocabulary knows and that the corpus does not show in wide use or as a
    common word, and that is not a variant of a name the abstract proposes (``proposed``:
    "MVSAnywhere" when the abstract proposes "MVSA"). The row's ``start``/``end`` are None: the
    name is not in the abstract.
    """
    prefix, long = _title_prefix(title)
    if not prefix or not title:
        return None
    if " " in prefix or not token_shaped(prefix) or not _name_like(prefix):
        return None
    key = fold(prefix)
    st, pr = stats(), priors()
    ns = st.names.get(key)
    if (
        key in seen
        or any(_variant_of(prefix, p) for p in proposed)
        or key in pr.types
        or key in pr.not_names
        or widely_used(ns)
        or _written_lower(key, ns, st)
    ):
        return None
    subtitle = title.split(":", 1)[1]
    typ = "dataset" if _DATA_SUBTITLE.match(subtitle.strip()) else "method"
    return Name(
        prefix,
        typ,
        "proposed",
        TITLE_ONLY_CONFIDENCE,
        prefix,
        None,
        None,
        long or _title_long_form(title, key),
    )


def names_for(paper: PaperText) -> tuple[Name, ...]:
    """:func:`recognise` on the clean view of ``paper``'s abstract."""
    from extract.stages import methods

    return recognise(
        clean_view(paper.abstract).text, paper.title, methods.emphasised_names(paper.abstract)
    )


def extract_rows(paper: PaperText) -> list[dict]:
    """Rows of the ``names`` table for ``paper``: one per name, at its first occurrence."""
    from extract.stages import methods

    view = clean_view(paper.abstract)
    rows = []
    for n in recognise(view.text, paper.title, methods.emphasised_names(paper.abstract)):
        start, end = view.span(n.start, n.end) if n.start is not None else (None, None)
        rows.append(
            {
                "paper_id": paper.paper_id,
                "name": n.name,
                "type": n.type,
                "role": n.role,
                "confidence": n.confidence,
                "surface": n.surface,
                "long_form": n.long_form,
                "start": start,
                "end": end,
            }
        )
    return rows


def rows_from_deps(paper: PaperText, deps: Mapping[str, Sequence[dict]] | None) -> Sequence[dict]:
    """The paper's ``names`` rows: handed in by a build (``deps["names"]``), else recognised here.

    The ``methods`` and ``benchmarks`` stages are views of these rows.
    """
    return extract_rows(paper) if deps is None else deps.get("names", ())
