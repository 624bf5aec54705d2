r"""The type of a name: method (or model), dataset (or benchmark), metric, task or other.

Evidence, added up per name over an abstract:

* **sentence cues** around each occurrence (:func:`cue_votes`): the noun that follows ("X
  dataset", "X model", "X score", "the X task", "X-based"), the words before ("experiments on
  X", "trained with X", "in terms of X", "the task of X");
* the **head noun of a long form** ("Dynamic Time Warping" -> method, "Visual Question
  Answering" -> task, "Wall Street Journal" -> dataset, "Graphics Processing Unit" -> other);
* **priors**: the method vocabulary (method), the benchmark vocabulary (dataset), the metric
  names of ``metric_aliases.toml`` and the lists of ``name_types.toml`` (hardware, sensors,
  colour spaces, organisations, languages, software platforms, tasks, metrics, knowledge bases);
* **lists**: every name of a list ("datasets including Laptop14, Rest14, Rest15") gets the
  cues before and after the whole list (:func:`list_votes`);
* **shape**: the last part of a coined name (:func:`morph_vote`: StrategyQA, MMBench, Sim10k
  data sets; DialoGPT, Diffusion-LM models);
* **corpus votes** from ``name_stats.tsv``: the same sentence cues counted over every abstract
  of ``../shared/corpora`` (``scripts/name_stats.py``), so a name keeps the type it has across
  the corpus unless this abstract says otherwise (a name with fewer than three corpus votes
  counts less).

The type with the highest score wins; its share of the total is the type confidence. A name
with no evidence at all is a method (most unknown names in ML abstracts are) with a low
confidence.

The word lists of the cue patterns are data: ``extract/data/name_rules_types.toml``, one list per
id (:mod:`extract.names.rules`); each cue notes its id when it fires.
"""

from __future__ import annotations

import re

from extract.names.rules import is_tracing, note, rule_lists

W = rule_lists("name_rules_types.toml")
TYPES = ("method", "dataset", "metric", "task", "other")

_AFTER = [
    (
        "dataset",
        3.0,
        re.compile(
            r"(?:'s)?\s?-?\s?(?:(?!(?:"
            + W.alt("types.after.dataset.not_modifiers")
            + r")\s)[a-z][\w-]*\s){0,1}"
            r"(?:" + W.alt("types.after.dataset") + r")\b"
        ),
    ),
    (
        "method",
        2.0,
        re.compile(r"(?:'s)?\s?-?\s?(?:" + W.alt("types.after.method") + r")\b"),
    ),
    (
        "method",
        1.5,
        re.compile(r"-(?:" + W.alt("types.after.method_suffix") + r")\b"),
    ),
    (
        "method",
        2.0,
        re.compile(
            r"(?:\s(?:" + W.alt("types.after.outperforms.adverbs") + r")"
            r")?\s(?:" + W.alt("types.after.outperforms") + r")\b"
        ),
    ),
    (
        "metric",
        3.0,
        re.compile(
            # ("gains", not the verb: "SeqGAN gains 0.42 improvement")
            r"(?:'s)?\s?-?\s?(?:" + W.alt("types.after.metric") + r")\b"
        ),
    ),
    (
        "task",
        2.5,
        re.compile(r"\s(?:" + W.alt("types.after.task") + r")\b"),
    ),
    (
        "other",
        2.5,
        re.compile(r"\s(?:" + W.alt("types.after.other") + r")\b"),
    ),
]
_BEFORE = [
    (
        "task",
        2.0,
        re.compile(
            r"\b(?:task of|(?:tasks?|problems?),?\s(?:"
            + W.alt("types.before.task.examples")
            + r")|"
            r"problem of)\s(?:the\s)?$"
        ),
    ),
    (
        "dataset",
        2.5,
        re.compile(
            r"\b(?:" + W.alt("types.before.dataset.nouns") + r")\s*,?\s*"
            r"(?:" + W.alt("types.before.dataset.examples") + r")\s*(?:the\s)?$"
        ),
    ),
    (
        "method",
        2.5,
        re.compile(
            r"\b(?:" + W.alt("types.before.method.nouns") + r")\s*,?\s*"
            r"(?:" + W.alt("types.before.method.examples") + r")"
            r"\s*(?:the\s)?$"
            # "the current SOTA method DualPrompt", "the variance-reduced algorithm SpiderBoost"
            r"|\b(?:the|a|an)\s(?:[\w-]+\s){0,3}(?:" + W.alt("types.before.method.kind") + r")\s$"
        ),
    ),
    (
        "dataset",
        1.5,
        re.compile(
            r"(?:" + W.alt("types.before.evaluated") + r")"
            r"\s(?:"
            + W.alt("types.before.evaluated.prepositions")
            + r")\s(?:"
            + W.alt("types.before.evaluated.determiners")
            + r")?"
            r"(?:[\w-]+\s){0,2}$"
        ),
    ),
    ("dataset", 1.0, re.compile(r"\b(?:on|across)\s(?:the\s)?$")),
    (
        "method",
        1.5,
        re.compile(r"\b(?:" + W.alt("types.before.used") + r")\s" r"(?:the\s|a\s)?$"),
    ),
    (
        "metric",
        2.5,
        re.compile(
            # not an adjective after an article: "an improved Metropolis-Hastings sampler"
            r"\b(?:in terms of|measured by|(?<!\ban )(?<!\ba )(?<!\bthe )(?:"
            + W.alt("types.before.metric.comparatives")
            + r")\s(?:the\s)?)$"
        ),
    ),
]

# head nouns of long forms and multiword names, by type (the first list naming a word decides)
_HEADS: dict[str, tuple[str, float]] = {}
for _id in ("method", "task", "dataset", "metric", "other"):
    _entry = W.entry(f"types.heads.{_id}")
    for _w in _entry["words"]:
        _HEADS.setdefault(_w, (_entry["type"], float(_entry["weight"])))
# words that override the table above when they end a long form ("Processing Unit" is hardware)
_HEAD_PAIRS = {
    tuple(p["words"]): (p["type"], float(p["weight"])) for p in W.entry("types.head_pairs")["pairs"]
}


def head_vote(long_form: str) -> tuple[str, float] | None:
    """The type the last word of a long form or multiword name points to, with its weight."""
    words = re.findall(r"[A-Za-z]+", long_form.lower())
    if not words:
        return None
    if len(words) >= 2 and (words[-2], words[-1]) in _HEAD_PAIRS:
        return _HEAD_PAIRS[(words[-2], words[-1])]
    hv = _HEADS.get(words[-1])
    if hv is None and len(words) >= 3:
        # the head of a phrase with a prepositional complement comes before the preposition:
        # "Emotion Recognition in Conversations", "Image retrieval from contextual descriptions"
        i = next((i for i, w in enumerate(words[1:], 1) if w in _PREPOSITIONS), 0)
        if i:
            hv = _HEADS.get(words[i - 1])
    return hv


_PREPOSITIONS = frozenset("in from of for on with over under via".split())


def cue_votes(text: str, start: int, end: int) -> list[tuple[str, float]]:
    """Type votes from the words right after and right before ``text[start:end]``."""
    out: list[tuple[str, float]] = []
    after = text[end : end + 60]
    # the noun after an acronym definition speaks for the name: "Maximum Mean Discrepancy (MMD)
    # metric", "a variational autoencoder (VAE) network"
    skip = 0
    if after.startswith(")"):
        skip = 1
    elif after.startswith(" (") and (pm := _ACR_PAREN.match(after)):
        skip = pm.end()
    after = after[skip:][:40]
    for typ, w, pat in _AFTER:
        if pat.match(after):
            out.append((typ, w))
            if is_tracing():
                note(_RULE_IDS[pat], text[start:end])
            break
    else:
        # an appositive or a copula says what the name is: "Canonical Correlation Analysis
        # (CCA), a classical method seeking ...", "X, a benchmark of ...", "Automated Medical
        # Coding (AMC) is the task of ..."
        ap = _APPOSITIVE.match(text, end + skip)
        words = list(re.finditer(r"[\w-]+", text[ap.end() : ap.end() + 50])) if ap else []
        for wm in words[:4]:  # the noun, after up to three adjectives
            if wm.group(0).lower() in _CLAUSE_WORDS:
                break  # "Central to Hash3D is the observation that images ...": not its noun
            rest = " " + text[ap.end() + wm.start() : ap.end() + wm.start() + 40]
            hit = next(((t, w) for t, w, pat in _APPOSITIVE_NOUNS if pat.match(rest)), None)
            if hit:
                out.append(hit)
                note("types.appositive", text[start:end])
                break
    before = text[max(0, start - 60) : start].lower()
    for typ, w, pat in _BEFORE:
        if pat.search(before):
            if typ == "dataset" and before.endswith(
                ("based on ", "built on ", "relies on ", "rely on ")
            ):
                continue
            out.append((typ, w))
            if is_tracing():
                note(_RULE_IDS[pat], text[start:end])
            break
    return out


_ACR_PAREN = re.compile(r" \([A-Za-z][\w-]{0,14}\)")
# words that end the noun phrase of an appositive: a clause or a complement follows
_CLAUSE_WORDS = frozenset("that which who whose where when whereby".split())
# "X, a classical method", "X, an efficient and scalable algorithm", "(AMC) is the task of"
_APPOSITIVE = re.compile(r"(?:,|\s+(?:is|are|remains))\s+(?:a|an|the)\s+(?=[a-z])")
# the dataset, method, metric and task nouns of _AFTER
_APPOSITIVE_NOUNS = [_AFTER[0], _AFTER[1], _AFTER[4], _AFTER[5]]
# the rule id of each cue pattern, for :func:`extract.names.rules.note`
_RULE_IDS = {
    pat: rule_id
    for (_, _, pat), rule_id in zip(
        _AFTER + _BEFORE,
        (
            "types.after.dataset",
            "types.after.method",
            "types.after.method_suffix",
            "types.after.outperforms",
            "types.after.metric",
            "types.after.task",
            "types.after.other",
            "types.before.task.examples",
            "types.before.dataset.nouns",
            "types.before.method.nouns",
            "types.before.evaluated",
            "types.before.on",
            "types.before.used",
            "types.before.metric.comparatives",
        ),
        strict=True,
    )
}


# The last part of a coined name often says what it is: a *QA/*Bench/*Eval or a name ending in a
# count of items (Sim10k, BDD100K) is a data set; a *BERT/*GPT/*LM/*Former/*GAN a model.
# (name_stats.tsv: names whose corpus cues agree on one type, by their last part.)
_MORPH = (
    ("dataset", re.compile(r".+(?:" + W.alt("types.morph.dataset") + r")")),
    ("method", re.compile(r".+(?:" + W.alt("types.morph.method") + r")")),
)


# group and complexity notation: SE(3), SO(3), E(3), SU(2), O(1), never a method or data set
_GROUP = re.compile(r"(?:S?[EO]|SU|U|GL|SL|Sp)\(\d\)")


def morph_vote(name: str) -> tuple[str, float] | None:
    """The type the shape of a coined name points to ("StrategyQA" dataset), weight 1.5.

    Group notation ("SE(3)-equivariant") is ``other`` whatever the corpus votes, weight 4.
    """
    if _GROUP.fullmatch(name):
        return "other", 4.0
    for typ, pat in _MORPH:
        if pat.fullmatch(name):
            return typ, 1.5
    return None


_LIST_SEP = re.compile(r"\s*(?:,\s*(?:and\s+|or\s+)?|\s(?:and|or)\s|/)\s*")


def list_votes(text: str, spans: list[tuple[int, int]]) -> list[list[tuple[str, float]]]:
    """Type votes each name gets from the list it stands in ("datasets including A, B, and C").

    ``spans`` are the names of an abstract in text order. Names separated only by commas,
    "and", "or" or "/" form a list; the cues before its first name and after its last one
    (:func:`cue_votes`) vote for every other name of the list, at half weight.
    """
    out: list[list[tuple[str, float]]] = [[] for _ in spans]
    i = 0
    while i < len(spans):
        j = i
        while j + 1 < len(spans) and _LIST_SEP.fullmatch(text[spans[j][1] : spans[j + 1][0]]):
            j += 1
        if j > i:
            votes = cue_votes(text, spans[i][0], spans[j][1])
            for k in range(i, j + 1):
                out[k] = [(t, w / 2) for t, w in votes]
        i = j + 1
    return out


# nouns that, right after a name, make it a pre-modifier: "T2I models", "SR methods", "NLI
# tasks". A name the corpus often writes this way (``name_stats.tsv``: occurrences and
# pre-modifier occurrences) names a task, a domain or a kind of thing more often than one
# method, so its "X model" cues say little. Not counted: "X features" (TF-IDF, CLIP features) and
# the singular "algorithm" and "method" ("the Frank-Wolfe algorithm" names a method).
_MODIFIED = frozenset(W.words("types.modified_nouns"))
_NEXT_WORD = re.compile(r"(?:'s)?\s+([a-z]+)\b")


def modifier_use(text: str, end: int) -> bool:
    """True when the name ending at ``end`` pre-modifies a noun ("T2I models", "BEV features")."""
    m = _NEXT_WORD.match(text, end, end + 40)
    return bool(m) and m.group(1) in _MODIFIED


def after_paren_vote(text: str, end: int) -> str | None:
    """Method or dataset when a method or data-set noun follows "(ACRONYM)" ending at ``end``."""
    if not text.startswith(")", end):
        return None
    after = text[end + 1 : end + 41]
    for typ, _w, pat in _AFTER[:2]:
        if pat.match(after):
            return typ
    return "method" if _SYSTEM.match(after) else None


_SYSTEM = re.compile(r"\s(?:system|systems|toolkit|tool)\b")


def decide(scores: dict[str, float]) -> tuple[str, float]:
    """The winning type and its share of the evidence (method, 0.34 when there is none)."""
    total = sum(scores.values())
    if total <= 0:
        return "method", 0.34
    typ = max(TYPES, key=lambda t: (scores.get(t, 0.0), -TYPES.index(t)))
    return typ, round(scores[typ] / total, 3)
