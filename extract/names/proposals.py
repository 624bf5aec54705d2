r"""The proposal rules: names an abstract presents as its own, found from their cues.

Applied per sentence (:func:`extract.text.sentences.sentences`) on a markup-free view of the
abstract (``**RO**bust`` -> ``RObust``, ``$\\textit{TEDUO}$`` -> ``TEDUO``):

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
5. *Emphasis*: a name-shaped token wholly in bold/italic markup (``**MPIFA**``, ``_ScaleBiO_``):
   :func:`emphasised_names`, on the abstract with its markup.
6. *Title*: a name-shaped title prefix ("SuLoRA: Subspace ...") that recurs in the abstract.
7. *Listed parts*: the capitalised names of a list the paper introduces as its own parts, in a
   sentence with a cue or "our / we / consists of / combines": "two cooperative components:
   Shadow Analyzer, for ..., and Shadow Synthesizer", "two novel methods - Latent Grouping and
   Latent Selecting" (an item followed by its acronym gives the acronym).

Never proposed: a word in the stoplist (``data/method_stoplist.toml``: LLMs, VLMs, KV, NLP,
SOTA, ...), a name in the method vocabulary or in the benchmark vocabulary
(``benchmarks_vocab.toml``), or an acronym the abstract already defined outside an introduction
("continual learning (CL)" ... "we propose a novel CL method"). Acronyms keep their short form as
the name (SuLoRA, not Subspace Low-Rank Adaptation). A name glued to a lowercase
"benchmark"/"dataset" by a lost superscript ("MM-Rbenchmark") is cut to "MM-R". A proposal
introduced as a benchmark, data set or corpus is marked ``dataset``.

The recogniser (:mod:`extract.names.recogniser`) takes these proposals as candidates and adds
the cues of :mod:`extract.names.roles` around every name it finds. A cue's region ends at a full
stop unless it is the stop of one of the sentence splitter's abbreviations
(:data:`extract.text.sentences.ABBREVIATIONS`).

The word lists of the patterns are data: ``extract/data/name_rules_proposals.toml``, one list per
id (:mod:`extract.names.rules`); each rule notes its id when it adds a proposal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from extract.names.candidates import acronym_definitions, name_shaped
from extract.names.rules import note, rule_lists
from extract.names.vocabulary import Vocab, find_word, vocab
from extract.text.markup import MARKUP_CHARS
from extract.text.sentences import ABBREVIATIONS, sentences

W = rule_lists("name_rules_proposals.toml")

# These patterns start with plain literals and have no leading \b or re.I, so `re` can skip
# ahead fast; the word boundary in front is checked in Python (_at_word_start).
# An introduction cue is a verb (found first: the regex starts with literals) preceded by a subject
# ("we", "this paper", "and", "by"), or a gerund ("proposing") on its own.
_CUE_VERB = re.compile(
    r"(?:" + W.alt("proposals.cue.verbs") + r")(?:" + W.alt("proposals.cue.verb_endings") + r")?\b"
)
_CUE_SUBJECT = re.compile(
    r"(?:^|[^\w])(?:" + W.alt("proposals.cue.subjects") + r")\s+"
    r"(?:(?:" + W.alt("proposals.cue.adverbs") + r")\s+)?$"
)
_CUE_GERUNDS = frozenset(W.words("proposals.cue.gerunds"))
_NAMING = re.compile(r"(?:" + W.alt("proposals.naming") + r")\s+")
_NOT_NEW = re.compile(
    r"\b(?:" + W.alt("proposals.not_new") + r")\b",
    re.I,
)
_PASSIVE = re.compile(
    r"(?<![A-Za-z])(?:is|are)\s+(?:" + W.alt("proposals.passive.adverbs") + r")?"
    r"(?:" + W.alt("proposals.passive.verbs") + r")\b"
)
# a cue's region ends where another's work starts: "named DeCoGLM, based on the General Language
# Model (GLM)", "..., based on the architecture of MetaFormer" (not "based on the principle of
# MAximum Discrepancy (MAD) competition": the paper's own principle)
_REGION_END = re.compile(
    r"\s(?:"
    + W.alt("proposals.region_end.words")
    + r")\b|[;!?]|,\s*(?:"
    + W.alt("proposals.region_end.after_comma")
    + r")\b"
    # a full stop, not the stop of an abbreviation of the splitter ("i.e.", "e.g.", "et al.",
    # "Fig.") or a decimal point
    # (the look-behinds after the stop: tried only where there is one)
    + r"|\."
    + "".join(rf"(?<!\b(?i:{re.escape(a)})\.)" for a in ABBREVIATIONS)
    + r"(?!\w)"
)
_LINK = re.compile(r"(?:https?://|www\.)\S+")
_OWN_PRINCIPLE = re.compile(r"\s+the\s+(?:" + W.alt("proposals.own_principle") + r")s?\s+of\b")
_APPOSITIVE = re.compile(
    r"\s*(?:\([^()]*\)\s*)?(?:,|:|\s[-–—])\s*(?:"
    + W.alt("proposals.appositive.words")
    + r")\b|\s*\(|\s*$|"
    r"\s+(?:is|are)\s+(?:a|an)\b",
    re.I,
)
_TOKEN = re.compile(r"(?<![\w.+-])[A-Za-z][\w+]*(?:[-.][\w+]+)*(?:\+\+)?")
_PAREN_ACRONYM = re.compile(r"\(\s*([A-Za-z][\w+]*(?:-[\w+]+)*)\s*\)")
_MULTIWORD_PAREN = re.compile(r"\([^()]*\s[^()]*\)")
_GLUED = re.compile(r"^(.*[A-Z0-9])(" + W.alt("proposals.glued_nouns") + r")s?$")
_CAPWORD = re.compile(r"^[A-Z][a-z]+(?:-[a-z]+)?$")
_NOVEL_AFTER = re.compile(
    r"(?<![\w.+-])([A-Za-z][\w+]*(?:-[\w+]+)*)(?:,|\s[-–—]|\s+is)\s+(?:a|an)\s+(?:\w+\s+){0,2}?"
    r"(?:" + W.alt("proposals.appositive_new.words") + r")\b"
)
_TITLE_NAME = re.compile(r"^\s*([^\s:]+)\s*:")
_GROUP_ARG = re.compile(r"\(\d\)")
_EMPHASIS = re.compile(
    r"\*\*([A-Za-z][\w+-]*)\*\*(?![A-Za-z])|(?<![\w*])\*([A-Za-z][\w+-]*)\*(?![\w*])"
    r"|(?<![\w\\])_([A-Za-z][\w+-]*)_(?!\w)|\\(?:"
    + W.alt("proposals.emphasis.commands")
    + r")\s*\{([A-Za-z][\w+-]*)\}"
)
# "X, a new dataset", "X benchmark"; not "X, an automated system for generating ... datasets"
_DATASET_AFTER = re.compile(
    r"\s*(?:\([^()]*\)\s*)?(?:,|\s[-–—])?\s*(?:(?:a|an|the|our)\s+)?"
    r"(?:(?!(?:" + W.alt("proposals.dataset_after.not_heads") + r")s?\b)"
    r"[\w-]+\s+){0,4}?"
    r"(?:" + W.alt("proposals.dataset_after.nouns") + r")s?\b",
    re.I,
)
_DATASET_NOUN = re.compile(
    r"\b(?:" + W.alt("proposals.dataset_before.nouns") + r")s?\b",
    re.I,
)


@dataclass(frozen=True)
class Proposal:
    """A proposed name in the clean view: ``[start, end)`` of its defining occurrence."""

    name: str
    start: int
    end: int
    dataset: bool  # introduced as a benchmark/dataset/corpus


_LONG_FORM = re.compile(
    r"(?:[A-Z][\w-]*\s+(?:(?:"
    + W.alt("proposals.long_form.connectors")
    + r")\s+)?){1,8}\(\s*([A-Za-z][\w+-]*)\s*\)"
)
_LF_WORD = re.compile(r"[\w-]+|[,:;()]")
_FUNCTION_WORDS = frozenset(
    "a an the and or novel new called named termed dubbed we propose introduce , : ; ( )".split()
)


def _mask_expansions(sent: str) -> str:
    """Blank multi-word parentheses and the long forms in front of "(ACRONYM)", keeping offsets.

    "RObust Preference Optimization (ROPO)" -> only "ROPO" is left to be a name;
    "SAIL-VL ( ScAlable Vision Language ...)" -> only "SAIL-VL".
    """
    if "(" not in sent:
        return sent
    sent = _MULTIWORD_PAREN.sub(lambda m: " " * len(m.group()), sent)
    chars: list[str] | None = None
    for m in _PAREN_ACRONYM.finditer(sent):
        n_caps = max(2, sum(c.isupper() for c in m.group(1)))
        words = list(_LF_WORD.finditer(sent, max(0, m.start() - 120), m.start()))
        for w in reversed(words[-n_caps - 1 :]):
            if w.group().lower() in _FUNCTION_WORDS:
                break
            if chars is None:
                chars = list(sent)
            chars[w.start() : w.end()] = " " * (w.end() - w.start())
    return sent if chars is None else "".join(chars)


def _strip_glued(token: str) -> str:
    m = _GLUED.match(token)
    return m.group(1) if m else token


def _background_acronyms(sentences: list[tuple[int, str, list[re.Match[str]]]]) -> set[str]:
    """Acronyms defined in parentheses in sentences without an introduction cue."""
    out: set[str] = set()
    for _, sent, cues in sentences:
        if cues or "(" not in sent or _PASSIVE.search(sent):
            continue
        out.update(m.group(1) for m in _PAREN_ACRONYM.finditer(sent))
    return out


def _at_word_start(text: str, i: int) -> bool:
    return i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")


def _cues(sent: str) -> list[re.Match[str]]:
    """Introduction cues in a sentence ("we propose", "this paper introduces", "by proposing")."""
    out = []
    for m in _CUE_VERB.finditer(sent):
        if not _at_word_start(sent, m.start()):
            continue
        if m.group().lower() in _CUE_GERUNDS or _CUE_SUBJECT.search(
            sent, max(0, m.start() - 40), m.start()
        ):
            out.append(m)
    return out


# rule 7: an introducer of the paper's own parts, a name in the list, the text between two names
_PARTS_HINT = re.compile(r"\b(?:" + W.alt("proposals.parts.counts") + r")\b")
_PARTS_LIST = re.compile(
    r"\b(?:"
    + W.alt("proposals.parts.counts")
    + r")\s+(?:[\w-]+\s+){0,3}?(?:"
    + W.alt("proposals.parts.nouns")
    + r")\s*(?:"
    + W.alt("proposals.parts.introducers")
    + r")\s*"
)
_OWN_SUBJECT = re.compile(r"\b(?:" + W.alt("proposals.parts.own_subject") + r")\b")
_NOT_OWN_PASSIVE = re.compile(r"\s*(?:" + W.alt("proposals.passive.not_own") + r")\b")
# (the whole capitalised run; one followed by its acronym gives the acronym: "Stochastic Local
# Texture Masking (SLTM)" -> SLTM)
_LISTED_NAME = re.compile(
    r"(?:\(?(?:\d|[ivx]{1,3})\)\s*)?(?:(?:[Aa]n?|[Tt]he)\s+)?"
    r"((?>[A-Z][\w-]*(?:\s+[A-Z][\w-]*){1,5}))(?![\w-])(?:\s*\(([\w-]{2,12})\))?"
)
# a description of the previous item ("designed for the effective extraction of features"), then
# ", " or "and" before the next: no sentence or clause break
_ITEM_GAP = re.compile(r"[^.;:]{0,140}?(?:,|\band)\s*(?:\(?(?:\d|[ivx]{1,3})\)\s*)?", re.S)


def _acceptable(name: str, v: Vocab) -> bool:
    return (
        len(name) >= 2
        and not v.is_generic(name)
        and v.known(name) is None
        and name not in v.benchmarks
    )


@lru_cache(maxsize=16384)
def proposals_for(text: str, title: str | None = None) -> tuple[Proposal, ...]:
    """:func:`find_proposed`, cached.

    The methods and benchmarks stages both need it, and a build runs them one after the other
    over the same abstracts.
    """
    return tuple(find_proposed(text, title))


def find_proposed(text: str, title: str | None = None) -> list[Proposal]:
    """Proposed names in a markup-free ``text``, in order of first detection."""
    v = vocab()
    sents = [(s0, sent, _cues(sent)) for s0, sent in sentences(text)]
    background = _background_acronyms(sents)
    found: dict[str, Proposal] = {}
    rule = ""  # the id of the rule running, for :func:`extract.names.rules.note`

    def add(name: str, start: int, end: int, before: str) -> None:
        """Record a proposal; ``before`` is the text between its cue and the name."""
        name = name.rstrip(".")
        if name in found or not _acceptable(name, v):
            return
        glued = text[start:end] != name and _GLUED.match(text[start:end]) is not None
        dataset = glued or bool(
            _DATASET_NOUN.search(before[-60:]) or _DATASET_AFTER.match(text, end)
        )
        found[name] = Proposal(name, start, start + len(name), dataset)
        note(rule, name)
        if dataset:
            note("proposals.dataset", name)

    for s0, sent, cues in sents:
        masked = _mask_expansions(sent) if cues else sent
        if cues and ("http" in masked or "www." in masked):  # a link is not a name
            masked = _LINK.sub(lambda m: " " * len(m.group()), masked)
        # the long forms of acronyms this sentence defines: within a region their acronym is the
        # name ("a self-supervised LOCation and Identity tracking system (Loci)": not LOCation)
        sent_longs = (
            [(c.start, c.end) for c in acronym_definitions(sent, 0) if c.kind == "longform"]
            if cues
            else []
        )
        # 1. introduction cue -> region
        rule = "proposals.cue.verbs"
        for cue in cues:
            rstart = cue.end()
            if masked.startswith(" to ", rstart):
                continue  # "we propose to employ Optimal Transport (OT)": an action, not a name
            stop = _REGION_END.search(masked, rstart + 1)
            while stop and _OWN_PRINCIPLE.match(sent, stop.end()):
                stop = _REGION_END.search(masked, stop.end())
            rend = stop.start() if stop else len(sent)
            region = masked[rstart:rend]
            longs = [(a, b) for a, b in sent_longs if rstart <= a and b <= rend]
            first = True
            for tm in _TOKEN.finditer(region):
                tok = tm.group()
                abs_start = s0 + rstart + tm.start()
                in_paren = region[max(0, tm.start() - 2) : tm.start()].rstrip().endswith("(")
                if not in_paren and any(a <= rstart + tm.start() < b for a, b in longs):
                    first = False
                    continue
                name = _strip_glued(tok)
                after = region[tm.end() :] + sent[rend:]
                if _GROUP_ARG.match(after):
                    first = False
                    continue  # SE(3), SO(3): a group, not a name the paper coins
                if name_shaped(name):
                    if not in_paren and name in background:
                        first = False
                        continue
                    add(name, abs_start, abs_start + len(tok), region[: tm.start()])
                    if (
                        name in found
                        and _APPOSITIVE.match(after)
                        and not after.lstrip().startswith("(")
                    ):
                        break
                elif (
                    first
                    and _CAPWORD.match(tok)
                    and tok not in v.common
                    and _APPOSITIVE.match(after)
                ):
                    add(tok, abs_start, abs_start + len(tok), region[: tm.start()])
                    break
                if tok.lower() not in ("a", "an", "the", "novel", "new", "two", "three"):
                    first = False
        # 2. naming cue: "called X", "called Long Form Name (ACR)"
        rule = "proposals.naming"
        for nm in _NAMING.finditer(sent):
            if not _at_word_start(sent, nm.start()):
                continue
            if _NOT_NEW.search(sent[max(0, nm.start() - 80) : nm.start()]):
                continue
            lf = _LONG_FORM.match(sent, nm.end())
            if lf:
                add(
                    lf.group(1),
                    s0 + lf.start(1),
                    s0 + lf.end(1),
                    sent[max(0, nm.start() - 40) : nm.start()],
                )
                continue
            tm = _TOKEN.match(sent, nm.end())
            if not tm or re.match(r"\s+[A-Z]", sent[tm.end() :]):
                continue  # a multi-word title-case phrase without an acronym is not a name
            if name_shaped(tm.group()) or (
                _CAPWORD.match(tm.group()) and tm.group() not in v.common
            ):
                add(
                    _strip_glued(tm.group()),
                    s0 + tm.start(),
                    s0 + tm.end(),
                    sent[max(0, nm.start() - 40) : nm.start()],
                )
        # 3. passive cue: acronyms / names before "is proposed"
        rule = "proposals.passive.verbs"
        for pm in (
            _PASSIVE.finditer(sent)
            if "ed" in sent
            and (
                "proposed" in sent
                or "introduced" in sent
                or "presented" in sent
                or "developed" in sent
            )
            else ()
        ):
            head = sent[: pm.start()]
            if _NOT_OWN_PASSIVE.match(head):
                continue
            for am in _PAREN_ACRONYM.finditer(head):
                if name_shaped(am.group(1)):
                    add(
                        am.group(1),
                        s0 + am.start(1),
                        s0 + am.end(1),
                        head[max(0, am.start() - 60) : am.start()],
                    )
        # 4. appositive "X, a novel ..."
        rule = "proposals.appositive_new.words"
        if "novel" in sent or "new" in sent:
            for nm in _NOVEL_AFTER.finditer(sent):
                if name_shaped(nm.group(1)) and nm.group(1) not in background:
                    add(nm.group(1), s0 + nm.start(1), s0 + nm.end(1), "")
        rule = "proposals.parts.nouns"
        # 7. listed parts: "two key components: (1) Heterogeneous Graph Construction and (2) ...",
        # "two novel methods - Latent Grouping and Latent Selecting": the capitalised names the
        # paper gives its own parts (each after the introducer or after ", " / "and" that ends the
        # previous item's description)
        lm = _PARTS_LIST.search(sent) if _PARTS_HINT.search(sent) else None
        if lm and (cues or _OWN_SUBJECT.search(sent)):
            prev = lm.end()
            for im in _LISTED_NAME.finditer(sent, lm.end()):
                gap = sent[prev : im.start()]
                if gap.strip() and not _ITEM_GAP.fullmatch(gap):
                    break
                g = 2 if im.group(2) and name_shaped(im.group(2)) else 1
                add(im.group(g), s0 + im.start(g), s0 + im.end(g), sent[: im.start(1)])
                prev = im.end()
    # 6. title prefix
    rule = "proposals.title"
    if title:
        m = _TITLE_NAME.match(title)
        if m and name_shaped(m.group(1)):
            i = find_word(text, m.group(1))
            if i >= 0:
                add(m.group(1), i, i + len(m.group(1)), "")
    return sorted(found.values(), key=lambda p: p.start)


def _emphasised(abstract: str) -> list[str]:
    """Name-shaped tokens wholly inside bold/italic markup in the original abstract."""
    if not MARKUP_CHARS.intersection(abstract):
        return []
    out = []
    for m in _EMPHASIS.finditer(abstract):
        tok = next(g for g in m.groups() if g)
        if name_shaped(tok) and not tok.isdigit():
            out.append(tok)
    return out


def emphasised_names(abstract: str) -> tuple[str, ...]:
    """Name-shaped tokens wholly in bold/italic markup that may be proposed names (rule 5)."""
    v = vocab()
    out = tuple(tok for tok in _emphasised(abstract) if _acceptable(tok, v))
    for tok in out:
        note("proposals.emphasis", tok)
    return out
