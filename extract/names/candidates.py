r"""Name candidates in a markup-free abstract: spans shaped like names, found without a vocabulary.

Four sources, all on the clean view of the abstract (:func:`extract.text.markup.clean_view`):

1. **Name-shaped tokens**: inner capitals (CoSyn, vMAP, BERTScore), all capitals (BERT, HMMs),
   letters with digits (GPT-4o, ResNet-50, word2vec, Sim10k, 3DGS), hyphenated forms with such
   a part (Diffusion-LM, Inception-ResNet-v2) or of capitalised words (Co-Boosting, Kac-Rice).
   "RNN-based" yields RNN (and says RNN is used as a method). Not names: units and sizes
   ("7B", "3D", "5Hz", "50x"), single letters with digits ("x2"), all-capital English words
   ("AND", "OR") and every token of a sentence written in capitals.
2. **Versioned model names**: a name-shaped or known word followed by a version number and
   optionally a variant word ("Llama 3", "Gemini 1.5 Flash", "Claude 3 Opus").
3. **Acronym definitions**, in both directions: "Dynamic Time Warping (DTW)",
   "stochastic gradient descent (SGD)", "SGD (stochastic gradient descent)". The long form must
   spell the acronym (first letters of words, or letters inside words, in order; the algorithm of
   Schwartz and Hearst, 2003). The name is the acronym; the long form is kept as a surface form and
   its head noun is a type cue ("... Network" is a method, "... Recognition" a task).
4. **Capitalised multiword names** inside a sentence: "Google Research Football", "Penn
   TreeBank", "Modal Dependency Corpus", "Graph Neural Networks", joined by "of", "for", "and",
   "the", "&" ("Dialog State Tracking Challenge"). A capitalised word that only starts a clause
   is dropped ("Experiments on ...").

A plain capitalised word on its own ("Cityscapes", "Freebase", "Transformer") is a candidate
only when the corpus statistics list it as a proper noun (capitalised in the middle of a sentence
far more often than written in lower case) or a vocabulary knows it; eponym adjectives ending in
"-ian"/"-ean" (Gaussian, Euclidean) are never names alone.

Citations ("Pruthi et al., 2020", "(Zhou; 2016)"), URLs and LaTeX maths are masked first.

Every candidate carries its **fold key** (:func:`fold`): case, spaces, hyphens, a possessive and
the plural "s" of an acronym removed, so "HMMs" = "HMM", "Llama 3" = "LLaMA-3", "GPT4" = "GPT-4".

Shape tests used across the recogniser live here too: :func:`token_shaped`, :func:`name_shaped`
(the stricter test of the proposal rules) and :func:`name_like`. The word lists of the patterns
are data: ``extract/data/name_rules_candidates.toml`` (:mod:`extract.names.rules`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from extract.names.rules import rule_lists

W = rule_lists("name_rules_candidates.toml")

# A token: letters/digits with inner hyphens, dots between digits, apostrophe-s, "+"/"++".
TOKEN = re.compile(
    r"(?<![\w+@/\\])[A-Za-z0-9][A-Za-z0-9+]*(?:(?:[-.][A-Za-z0-9+]+)|(?:'s))*(?:\+\+)?"
)
# TOKEN without the plain lower-case words ("method", "the": most tokens), which are never a
# candidate: the regular expression skips them instead of a Python loop
_CANDIDATE_TOKEN = re.compile(
    TOKEN.pattern.replace(
        r"(?<![\w+@/\\])", r"(?<![\w+@/\\])(?![a-z]+(?![A-Za-z0-9+]|[-.][A-Za-z0-9+]|'s))", 1
    )
)
_UNIT = re.compile(
    r"\d+(?:\.\d+)?[A-Za-z]{0,3}|[A-Za-z]\d+|\d+(?:st|nd|rd|th)|[xX]\d+(?:\.\d+)?"
    r"|\d+[xX×]\d+(?:[xX×]\d+)?"  # a resolution or a grid: 256x256, 3x3x3
)


def unit_shaped(tok: str) -> bool:
    """True for a token shaped like a unit, a size or an ordinal ("7B", "5Hz", "x2", "F1"):
    never a name by its shape alone."""
    return bool(_UNIT.fullmatch(tok))


# an acronym led by a dimension: 3DGS (3D Gaussian Splatting), 3DMM, 3DPW, 2DGS
_DIM_ACRONYM = re.compile(r"[1-4]D[A-Z]{2,}s?")
_HAS_UPPER_INNER = re.compile(r"[a-z][A-Z]|[A-Z]{2,}[a-z]|[A-Z].*[A-Z]")
_CAPWORD = re.compile(r"[A-Z][a-z]+(?:'s)?")
# single letters joined by stops: an abbreviation or initials ("U.S", "I.I.D", "U.K"), not a
# name a paper mentions (one a paper proposes, "C.L.E.A.R", comes from the proposal rules)
INITIALISM = re.compile(r"(?:[A-Za-z]\.)+[A-Za-z]\.?")
# a word whose first letters are capitals because they spell an acronym ("TimeLine EXtraction"
# of TLEX, "MAchine Reading COmprehension" of MARCO): capitals, then lower case; a name when
# the lower-cased word is not a common one (RAdam, XGBoost, BERTScore)
ACRONYM_LETTERS = re.compile(r"[A-Z]{2,}[a-z]{2,}")
_GLUED_FACTOR = re.compile(r"\d+(?:\.\d+)?[xX×][a-z]+")  # "2.3xfor": a factor glued to a word
_GLUED_WORD = re.compile(r"[a-z]{3,}\.(?=[A-Z])")  # a lower-case word, a stop, no space
_VERSION_PART = re.compile(r"v?\d+(?:\.\d+)*")  # "3" of Claude-3, "1.5" of Gemini-1.5, "v3"
# a word that only modifies the next one: "ReLU-activated", "Gemini-generated", "BERT-based"
_MODIFIER_WORD = re.compile(r"[A-Z][\w]*-(?:" + W.alt("candidates.modifier_tails") + r")")
_SIZE_PART = re.compile(r"\d+(?:\.\d+)?[BMK]")  # "13B" of Vicuna-13B
_VERSION = re.compile(r"\s(v?\d{1,2}(?:\.\d{1,2})?[a-z]?)(?![\w.%-]|\.\d)")
# a version after a run of capitalised words, also at the end of a sentence ("... over Deep
# Voice 1.")
_RUN_VERSION = re.compile(r"\s(v?\d{1,2}(?:\.\d{1,2})?[a-z]?)(?=[\s,;:)]|\.(?:\s|$)|$)")
_VARIANT = re.compile(r"\s(" + W.alt("candidates.variant_words") + r")\b")
# A run of capitalised words (with connectors) inside a sentence.
_CAP_RUN = re.compile(
    r"(?<![\w-])(?:[A-Z][\w'+]*(?:-[\w+]+)*)(?:\s(?:(?:"
    + W.alt("candidates.run_connectors")
    + r")\s){0,2}"
    r"(?:[A-Z][\w'+]*(?:-[\w+]+)*))+"
)
_PLAIN_CAP = re.compile(r"[A-Z][a-z]+(?:'s)?(?:-[A-Za-z]+)*")
_CONNECTORS = frozenset("of for and the in on with via to &".split())
_GLUED = re.compile(r"(.*[A-Z0-9])(?:" + W.alt("candidates.glued_nouns") + r")s?")
_GENERIC_LOWER = frozenset("algorithm method model framework approach module".split())
_GENERIC_HEADS = frozenset("Algorithm Method Model Framework Strategy Approach Module".split())
_SPLITTERS = re.compile(r"\s(?:and|&)\s")
_PAREN = re.compile(r"\(\s*([^()]{1,80}?)\s*\)")
_CITATION = re.compile(
    r"\(\s*(?:[A-Z][\w'-]+(?:\s(?:and|&)\s[A-Z][\w'-]+)?(?:\s+et\s+al\.?)?[,;]?\s*(?:19|20)\d\d[a-z]?"
    r"(?:\s*[;,]\s*[^()]{0,60})?)\s*\)"
    r"|[A-Z][\w'-]+(?:\s(?:and|&)\s[A-Z][\w'-]+)?\s+et\s+al\.?(?:,?\s*\(?(?:19|20)\d\d[a-z]?\)?)?"
    r"|\[\d+(?:[,-]\s*\d+)*\]"
)
_URL = re.compile(
    r"https?://\S+|www\.\S+|\S+@\S+\.\w+|\b\S+\.(?:"
    + W.alt("candidates.url_domains")
    + r")(?:/\S*)?"
)
_MATH = re.compile(r"\$[^$]{0,200}\$")
_EPONYM_HEAD = re.compile(r"\s(?:" + W.alt("candidates.eponym_heads") + r")\b")
_DOT_CAP = re.compile(r"\.[A-Z][a-z]")
_GROUP = re.compile(r"\(\d\)")
# lower-case heads after a single letter that make a classic method name (Q-learning, k-means)
_LETTER_HEADS = frozenset("learning means medoids medians".split())
_CLAUSE_START = re.compile(r"(?:^|[.!?:;]\s+|[(\[\"“]\s*|\n\s*|\d\)\s+)$")

# All-capital words that are English, Roman numerals or units rather than names. (Not KG: in
# these abstracts it is a knowledge graph, never a kilogram; KG-GPT, KG-FiD and KG-Adapter are
# names, and KG alone is a not-name of name_types.toml.)
CAPS_WORDS = frozenset(W.words("candidates.caps_words"))
ACRONYM_LIKE = re.compile(r"[A-Za-z0-9][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*")
_VARIANT_WORDS = frozenset(W.words("candidates.variant_parts"))
_EPONYM_NEXT = re.compile(
    r"(?:['’]s?\s|\s(?!(?:" + W.alt("candidates.eponym_next.not_modified") + r")\b)[a-z])"
)


@dataclass(frozen=True)
class Candidate:
    """A span of the clean text that may be a name."""

    surface: str  # as written (an acronym's plural "s" included)
    start: int
    end: int
    kind: str  # token, version, acronym, longform, multiword, proper, eponym, vocab, context
    short: str  # the name it stands for (an acronym for its long form; plural stripped)
    long: str | None = None  # the long form, when the acronym is defined here


@lru_cache(maxsize=65536)
def fold(name: str) -> str:
    """The key under which spelling variants of a name are one: "LLaMA-3" = "Llama 3"."""
    s = name.replace("’", "'").replace("·", "-").replace("•", "-")  # DALL·E = DALL-E
    if s.endswith("'s"):
        s = s[:-2]
    s = singular(s)
    return re.sub(r"[\s_\-]+", "", s).lower()


def long_key(long_form: str) -> str:
    """The key of an acronym's long form: :func:`fold`, lower-cased, a final plural "s" dropped."""
    k = fold(long_form).lower()
    return k[:-1] if k.endswith("s") and len(k) > 3 else k


def singular(name: str) -> str:
    """An acronym's plural "s" removed: "HMMs" -> "HMM", "OAGNNs" -> "OAGNN"; else ``name``."""
    if len(name) > 2 and name.endswith("s") and (name[-2].isupper() or name[-2].isdigit()):
        return name[:-1]
    return name


def is_all_caps_sentence(sent: str) -> bool:
    """True when most words of ``sent`` are written in capitals (a shouted title or abstract)."""
    words = re.findall(r"[A-Za-z]{3,}", sent)
    if len(words) < 6:
        return False
    return sum(w.isupper() for w in words) > 0.5 * len(words)


def before_glued_sentence(name: str) -> str:
    """``name`` up to a sentence glued to it without a space: "SLT.However" -> "SLT",
    "MATH.We" -> "MATH"; "Mr.TyDi" (the part after the stop is shaped like a name) is kept."""
    cut = _DOT_CAP.search(name) if "." in name else None
    if cut and not token_shaped(name[cut.start() + 1 :]):
        return name[: cut.start()]
    return name


@lru_cache(maxsize=65536)
def token_shaped(tok: str) -> bool:
    """True for a token shaped like a coined name (see the module docstring)."""
    if len(tok) < 2 or tok.endswith("'s") and len(tok) < 4:
        return False
    if tok.endswith("'s"):
        tok = tok[:-2]
    if _DIM_ACRONYM.fullmatch(tok):
        return True  # 3DGS, 3DMM, 2DPASS: not a unit like 10GB or 5GHz
    if _UNIT.fullmatch(tok) or _GLUED_FACTOR.fullmatch(tok):
        return False
    if not any(c.isalpha() for c in tok):
        return False
    parts = tok.split("-")
    if len(parts) > 1:
        if any(token_shaped(p) for p in parts if p):
            return True
        if any(p[:1].isupper() for p in parts) and any(
            _VERSION_PART.fullmatch(p) for p in parts[1:]
        ):
            return True  # Claude-3, Phi-3, COVID-19, Gemini-1.5
        if parts[0][:1].isupper() and _SIZE_PART.fullmatch(parts[-1]):
            return True  # Vicuna-13B, Falcon-40B, Pythia-1.4B: a model and its size
        # capitalised compounds: Co-Boosting, Kac-Rice, Short-Dot (not "Self-attention")
        return all(_CAPWORD.fullmatch(p) for p in parts) and len(parts) <= 3
    if tok.isupper() and tok.isalpha():
        return len(tok) >= 2 and tok not in CAPS_WORDS
    if _HAS_UPPER_INNER.search(tok):
        return tok.rstrip("s").upper() not in CAPS_WORDS or not tok.isupper()
    if any(c.isdigit() for c in tok) and any(c.isalpha() for c in tok):
        return True  # word2vec, seq2seq, T5, GPT4
    return False


def mask(text: str) -> str:
    """``text`` with URLs, citations and inline maths blanked out (offsets kept)."""

    def blank(m: re.Match[str]) -> str:
        return " " * (m.end() - m.start())

    if "http" in text or "www." in text or ".com" in text or "@" in text or ".org" in text:
        text = _URL.sub(blank, text)
    if "et al" in text or "(" in text or "[" in text:
        text = _CITATION.sub(blank, text)
    if "$" in text:
        text = _MATH.sub(blank, text)
    return text


def at_clause_start(text: str, i: int) -> bool:
    """True when offset ``i`` starts a sentence or clause (after ". ", "(", ": ", a line break)."""
    return bool(_CLAUSE_START.search(text, max(0, i - 4), i)) if i else True


# --- acronym definitions ----------------------------------------------------------------------


def _acronym_shaped(s: str) -> bool:
    if not ACRONYM_LIKE.fullmatch(s) or len(s) < 2 or len(s) > 14 or not s[-1].isalnum():
        return False
    upper = sum(c.isupper() for c in s)
    return upper >= 2 or (upper >= 1 and any(c.isdigit() for c in s))


def _initials_in(word: str, long: str) -> bool:
    """True when a capitalised word is spelled by the salient letters of ``long``.

    Salient letters: word starts and capitals inside words. "enhancing numerical reasoning with
    reliable processes (Encore)": E, n, r; "LOCation and Identity tracking system (Loci)": L, O, C,
    I. Three letters of the word, its first included, must be salient, in order; not "(Table)"
    or "(Ours)" after a phrase that merely contains their letters.
    """
    salient = []
    for w in re.findall(r"[A-Za-z]+", long):
        salient.append(w[0].lower())
        salient += [c.lower() for c in w[1:] if c.isupper()]
    if len(salient) < 2 or salient[0] != word[0].lower():
        return False
    hits, i = 1, 1
    for c in word[1:].lower():
        j = salient.index(c, i) if c in salient[i:] else -1
        if j >= 0:
            hits, i = hits + 1, j + 1
    return hits >= 3


def long_form_for(acronym: str, before: str) -> str | None:
    """The long form at the end of ``before`` that spells ``acronym``, else None.

    Schwartz & Hearst (2003): match the acronym's letters right to left inside the words before
    it; the first letter must start a word; at most ``min(len + 5, 2 * len)`` words.
    """
    short = singular(acronym)
    letters = [c.lower() for c in short if c.isalnum()]
    if not letters:
        return None
    repeated = _REPEATED_INITIAL.fullmatch(short)
    if repeated:  # "S4": four words starting with S ("Structured State Space Sequence")
        letters = [repeated.group(1).lower()] * int(repeated.group(2))
    words = re.findall(r"[^\s]+", before)
    if not words:
        return None
    max_words = min(len(letters) + 5, 2 * len(letters))
    tail = words[-max_words:]
    cand = " ".join(tail)
    # strip trailing punctuation that cannot be part of a long form
    cand = cand.rstrip(",;:")
    s_i = len(letters) - 1
    l_i = len(cand) - 1
    while s_i >= 0:
        c = letters[s_i]
        while l_i >= 0 and (
            cand[l_i].lower() != c or (s_i == 0 and l_i > 0 and cand[l_i - 1].isalnum())
        ):
            l_i -= 1
        if l_i < 0:
            return None
        s_i -= 1
        l_i -= 1
    start = cand.rfind(" ", 0, l_i + 1) + 1
    long = cand[start:].strip(" -\"“”'")
    if len(long) <= len(short) or " " not in long and "-" not in long:
        return None
    first = long.split()[0].lower()
    if first in ("the", "a", "an", "of", "and", "or", "we", "our", "to", "in", "for", "this"):
        long = long.split(None, 1)[1] if " " in long else long
    if repeated:
        # as many words (hyphen parts too) starting with the letter as the digit says, bar one
        # ("Text-to-Text Transfer Transformer" of T5); not "some sequences" of S2
        starts = [w[0].lower() for w in re.findall(r"[A-Za-z]+", long)]
        if starts.count(letters[0]) < max(2, len(letters) - 1) or starts[0] != letters[0]:
            return None
    return long


# a letter and a count, the acronym of words repeating that initial: S4 (Structured State Space
# Sequence), T5 (Text-to-Text Transfer Transformer), M2 (Monarch Mixer), R3, C3, D3
_REPEATED_INITIAL = re.compile(r"([A-Za-z])([2-9])")


# "(MLSM for short)", "(X hereafter)": an acronym definition like "(MLSM)"
_FOR_SHORT = re.compile(r",?\s+(?:" + W.alt("candidates.for_short") + r")")


def acronym_definitions(sent: str, s0: int) -> list[Candidate]:
    """Acronyms defined in a sentence: "long form (ACR)" and "ACR (long form)"."""
    out: list[Candidate] = []
    if "(" not in sent:
        return out
    for m in _PAREN.finditer(sent):
        inner = m.group(1).strip()
        first = re.split(r"[;,]\s*|\s+", inner, maxsplit=1)[0]
        rest = inner[len(first) :]
        if (
            _acronym_shaped(first)
            or (first == inner and _CAPWORD.fullmatch(first) and len(first) >= 4)
        ) and (first == inner or re.match(r"[;,]", rest) or _FOR_SHORT.fullmatch(rest)):
            long = long_form_for(first, sent[: m.start()].rstrip())
            if long and not _acronym_shaped(first) and not _initials_in(first, long):
                long = None  # "(Encore)", "(Loci)": a word spelled by the long form's initials
            if long:
                ls = s0 + sent.rfind(long, 0, m.start())
                out.append(Candidate(long, ls, ls + len(long), "longform", singular(first), long))
                a0 = s0 + m.start(1)
                out.append(Candidate(first, a0, a0 + len(first), "acronym", singular(first), long))
                continue
        # "ACR (long form)"
        if " " in inner and len(inner.split()) <= 8:
            bm = re.search(r"([A-Za-z][\w-]*)\s*$", sent[: m.start()])
            if bm and _acronym_shaped(bm.group(1)):
                long = long_form_for(bm.group(1), inner)
                if long and long == inner.strip(" \"“”'"):
                    a0 = s0 + bm.start(1)
                    out.append(
                        Candidate(
                            bm.group(1),
                            a0,
                            a0 + len(bm.group(1)),
                            "acronym",
                            singular(bm.group(1)),
                            long,
                        )
                    )
                    l0 = s0 + m.start(1) + inner.find(long)
                    out.append(
                        Candidate(long, l0, l0 + len(long), "longform", singular(bm.group(1)), long)
                    )
    return out


# --- all candidates of a text -----------------------------------------------------------------


# what follows a count, not a version: "2 layers", "4 times", "50%", "2x", "8$\times$" (but
# "64$\times$64" is a resolution: "ImageNet 64x64")
_COUNTED = re.compile(
    r"\s*(?:%|x\b|times\b|\\times(?!\s*\d)|(?:" + W.alt("candidates.counted") + r")\b)"
)


def version_end(text: str, end: int) -> int | None:
    """Where a version (and variant word) right after ``text[:end]`` ends, else None.

    "Stable Diffusion v1.4", "Stable Diffusion XL", "Claude 3 Opus": the version and variant of a
    name the vocabulary knows without them. Not a count ("BERT 12 layers") or "2x", "50%".
    """
    vm = _VERSION.match(text, end)
    if vm and not _COUNTED.match(text, vm.end()):
        end = vm.end()
    elif not vm and not _VARIANT.match(text, end):
        return None
    var = _VARIANT.match(text, end)
    return var.end() if var else end


# a year or version right after a data set's name: "KITTI 2015", "Atari 2600", "Argoverse 2",
# "SQuAD 2.0" (not a count: "ImageNet 1000 classes", "COCO 5 times")
_DATA_VERSION = re.compile(r"[ -](?:(?:19|20)\d\d|2600|v?\d(?:\.\d{1,2})?)(?![\w.%-]|\.\d)")


def data_version_end(text: str, end: int) -> int | None:
    """Where a year or version right after a data set's name ``text[:end]`` ends, else None."""
    m = _DATA_VERSION.match(text, end)
    if m is None or _COUNTED.match(text, m.end()):
        return None
    return m.end()


def _versioned(msent: str, start: int, vm: re.Match[str], s0: int) -> Candidate:
    """A ``version`` candidate: ``start`` through the version ``vm`` and a variant word.

    ``msent`` is the sentence at ``s0`` in the text ("GPT-4o mini", "Llama 3 Instruct").
    """
    end = vm.end()
    var = _VARIANT.match(msent, end)
    if var:
        end = var.end()
    surf = msent[start:end]
    return Candidate(surf, s0 + start, s0 + end, "version", surf)


def find_candidates(
    text: str,
    sents: Sequence[tuple[int, str]],
    proper: frozenset[str] | set[str],
    known_words: frozenset[str] | set[str] = frozenset(),
) -> list[Candidate]:
    """Every candidate span of a markup-free ``text`` (sentences given as (offset, sentence)).

    ``proper``: fold keys of single capitalised words that are proper nouns (corpus statistics);
    ``known_words``: single words a vocabulary knows (taken even when plainly capitalised).
    """
    masked = mask(text)
    out: list[Candidate] = []
    for s0, sent in sents:
        msent = masked[s0 : s0 + len(sent)]
        shouting = is_all_caps_sentence(msent)
        defs = acronym_definitions(msent, s0)
        out.extend(defs)
        long_spans = [(c.start, c.end) for c in defs if c.kind == "longform"]

        def inside_long(i: int) -> bool:
            return any(a <= i < b for a, b in long_spans)

        for m in _CANDIDATE_TOKEN.finditer(msent):
            tok = m.group()
            a = s0 + m.start()
            if long_spans and inside_long(a):
                continue
            core = tok[:-2] if tok.endswith("'s") else tok
            glued = _GLUED_WORD.match(core) if "." in core else None
            if glued:  # "behavior.BehaviorChain", "retrieval.CITADEL": a stop without its space
                a += glued.end()
                core = core[glued.end() :]
            core = before_glued_sentence(core)
            group = _GROUP.match(msent, m.end()) if core.isupper() and len(core) <= 3 else None
            if group:  # SE(3), SO(3), SU(2): a group, one name with its argument
                surf = core + group.group()
                out.append(Candidate(surf, a, a + len(surf), "token", surf))
                continue
            parts = core.split("-")
            if len(parts) == 2 and len(parts[0]) == 1 and parts[1] in _LETTER_HEADS:
                out.append(Candidate(core, a, a + len(core), "token", core))
                continue  # Q-learning, k-means, k-medoids
            if (
                len(parts) > 1
                and re.fullmatch(r"[a-z]{2,}", parts[0])
                and not token_shaped(parts[0])
            ):
                continue  # text-to-SQL, non-IID, human-AI, multi-GPU: compound words
            if (
                len(parts) > 1
                and re.fullmatch(r"[a-z]{4,}", parts[-1])
                and parts[-1] not in _VARIANT_WORDS
                and parts[-1] not in COMPOUND_TAILS
            ):
                parts = parts[:-1] + [
                    "based"
                ]  # "QA-relevant", "ImageNet-trained": the name is the prefix
            # "RNN-based": the name is the part before the compound tail
            if len(parts) > 1 and parts[-1].lower() in COMPOUND_TAILS:
                head = "-".join(p for p in parts[:-1])
                while head and (
                    head.split("-")[-1].lower() in COMPOUND_TAILS
                    or head.split("-")[-1] in _GENERIC_LOWER  # "EM-algorithm-based"
                    or re.fullmatch(r"[a-z]{1,3}", head.split("-")[-1])
                ):
                    head = head.rsplit("-", 1)[0] if "-" in head else ""
                # "Transformer-based": a plain word the vocabulary knows, written capitalised
                if head and (token_shaped(head) or head in known_words) and not shouting:
                    out.append(Candidate(head, a, a + len(head), "token", singular(head)))
                continue
            if shouting and core.isupper():
                continue
            glued = _GLUED.match(core)
            if glued:
                core = glued.group(1)  # "MM-Rbenchmark": a superscript was lost
            # F1: a name a type list knows, though shaped like a unit
            if token_shaped(core) or (core in known_words and unit_shaped(core)):
                # no version after a possessive: "Vicuna's 6.57" is a score of Vicuna
                vm = _VERSION.match(msent, m.end()) if core[-1].isalpha() and core == tok else None
                if vm and not re.match(r"\s*(?:%|times|x\b)", msent[vm.end() :]):
                    out.append(_versioned(msent, m.start(), vm, s0))
                    continue
                out.append(Candidate(core, a, a + len(core), "token", singular(core)))
            elif (
                _CAPWORD.fullmatch(core)
                and core.lower() in proper
                and (em := _EPONYM_HEAD.match(msent, m.end()))
            ):
                # "Gibbs sampling", "Kalman filter", "Monte Carlo sampling": a proper noun
                # naming a method by its head noun
                i0 = m.start()
                # "Monte Carlo sampling", also in "quasi-Monte Carlo sampling"
                pm = re.search(
                    r"(?:(?<=[a-z]-)|(?<![\w-]))([A-Z][a-z]+)\s$", msent[max(0, i0 - 20) : i0]
                )
                if (
                    pm
                    and pm.group(1).lower() in proper
                    and not at_clause_start(msent, i0 - len(pm.group(0)))
                ):
                    i0 -= len(pm.group(0))
                if at_clause_start(msent, i0) and i0 == m.start() and core.lower() not in proper:
                    continue
                surf = msent[i0 : em.end()]
                out.append(Candidate(surf, s0 + i0, s0 + em.end(), "eponym", surf))
            elif _CAPWORD.fullmatch(core) and not (
                core.endswith(("ian", "ean")) and core not in known_words
            ):  # (a language the priors list is a name: Italian, Russian, Persian)
                key = core.lower()
                if (key in known_words or core in known_words) and core == tok:
                    vm = _VERSION.match(msent, m.end())
                    if vm:
                        out.append(_versioned(msent, m.start(), vm, s0))
                        continue
                if (tok != core or _EPONYM_NEXT.match(msent, m.end())) and core not in known_words:
                    continue  # "Pareto optimal", "Moore's law", "Nash equilibria": a modifier
                if (key in proper or core in known_words) and not at_clause_start(msent, m.start()):
                    out.append(Candidate(core, a, a + len(core), "proper", core))
        if not shouting:
            runs = []
            for m in _CAP_RUN.finditer(msent):
                pos = 0
                run = m.group()
                for sm in _SPLITTERS.finditer(run):
                    runs.append((m.start() + pos, run[pos : sm.start()]))
                    pos = sm.end()
                runs.append((m.start() + pos, run[pos:]))
            # a compound modifier ends a run: "a ReLU-activated Multi-Layer Perceptron", "the
            # Google Gemini-generated Pope image" (its name comes from the token path)
            split_runs = []
            for i0, run in runs:
                pos = 0
                for wm in re.finditer(r"\S+", run):
                    if _MODIFIER_WORD.fullmatch(wm.group()):
                        split_runs.append((i0 + pos, run[pos : wm.start()].rstrip()))
                        pos = wm.end() + 1
                split_runs.append((i0 + pos, run[pos:]))
            runs = [(i, r) for i, r in split_runs if r.strip()]
            runs = [part for i0, run in runs for part in _possessive_split(i0, run)]
            for i0, run in runs:
                run_end = i0 + len(run)
                words = run.split()
                if at_clause_start(msent, i0) and not token_shaped(words[0]):
                    # drop the clause-initial word
                    i0 += len(words[0]) + 1
                    words = words[1:]
                while words and words[0].lower() in _CONNECTORS:
                    i0 += len(words[0]) + 1
                    words = words[1:]
                while words and words[-1].lower() in _CONNECTORS:
                    words = words[:-1]
                if words and words[-1].endswith(("'s", "s'")):  # "Semantic Scholar's API"
                    words[-1] = words[-1][: -2 if words[-1].endswith("'s") else -1]
                if len(words) >= 2 and words[-1] in _GENERIC_HEADS and token_shaped(words[-2]):
                    words = words[:-1]  # "EM Algorithm": the name is EM
                caps = [w for w in words if w.lower() not in _CONNECTORS]
                if len(caps) < 2 or not any(_PLAIN_CAP.fullmatch(w) for w in caps):
                    continue
                if len(caps) > 4 or any(w in ("with", "via", "to", "in", "on") for w in words):
                    continue  # a title-case expansion or heading, not a name
                if any(not _PLAIN_CAP.fullmatch(w) and not token_shaped(w) for w in caps):
                    continue
                if all(re.search(r"[a-z][A-Z]", w) for w in caps):
                    continue  # "(e.g. Video-ChatGPT MovieChat)": coined names side by side
                surf = " ".join(words)
                a = s0 + i0
                if inside_long(a):
                    continue
                if msent.startswith(surf, i0) and i0 + len(surf) == run_end:
                    # a version after the run: "Deep Voice 2", "Llama Guard 3" (not a count)
                    vm = _RUN_VERSION.match(msent, run_end)
                    if vm and not _COUNTED.match(msent, vm.end()):
                        surf = msent[i0 : vm.end()]
                out.append(Candidate(surf, a, a + len(surf), "multiword", surf))
    return out


def _possessive_split(i0: int, run: str) -> list[tuple[int, str]]:
    """A run of capitalised words (at ``i0``) cut after a possessive that owns, rather than
    names, what follows: a plural's ("LLMs' Open NER"), a coined name's ("OpenAI's Whisper",
    "Swin's WSA") or one before a coined name ("Google's BERT", "Meta's OPT"). A plain word's
    before a plain word stays one name: "Montezuma's Revenge", "Iterated Prisoner's Dilemma"."""
    if "'" not in run:
        return [(i0, run)]
    out, pos = [], 0
    for m in re.finditer(r"(\S+)(?:'s|s')\s(?=(\S+))", run):
        owner, nxt = m.group(1), m.group(2)
        plain = _PLAIN_CAP.fullmatch(owner) and m.group().rstrip().endswith("'s")
        if plain and _PLAIN_CAP.fullmatch(nxt):
            continue
        out.append((i0 + pos, run[pos : m.end()].rstrip()))
        pos = m.end()
    out.append((i0 + pos, run[pos:]))
    return out


COMPOUND_TAILS = frozenset(W.words("candidates.compound_tails"))


# lowercase second parts that make a compound adjective/noun phrase, not a name ("RNN-based")
_SHAPE_COMPOUND_TAILS = frozenset(W.words("candidates.shape_compound_tails"))
_INNER_CAPS = re.compile(r"[A-Z].*[A-Z]|[a-z][A-Z]|[A-Z].*\d|\d.*[A-Z]")


def name_shaped(token: str) -> bool:
    """True for tokens shaped like a coined name: CoSyn, SAIL-VL, GPT-4, PENCIL, Mind2Web.

    The test of the proposal rules (:mod:`extract.names.proposals`), stricter than
    :func:`token_shaped`: plain capitalised words (Explorer), lowercase compounds (RNN-based) and
    single letters are not name-shaped.
    """
    if len(token) < 2 or not any(c.isupper() for c in token):
        return False
    segments = token.split("-")
    if any(s in _SHAPE_COMPOUND_TAILS for s in segments[1:]):
        return False  # "RNN-based", "LLM-as-agent"
    return any(_INNER_CAPS.search(s) for s in segments)


# LaTeX commands glued to a capital or a digit: "tildeO", "mathcalL", "frac1T"
LATEX = re.compile(r"(?:" + W.alt("candidates.latex_commands") + r")[A-Z0-9]")


def name_like(name: str) -> bool:
    """A proposal is kept when it is shaped like a name (not "SO" of "SO(3)", not "tildeO")."""
    if LATEX.match(name) or name.upper() in CAPS_WORDS and name.isupper():
        return False
    return token_shaped(name) or bool(
        re.fullmatch(r"[A-Z][a-z]+(?:-[A-Za-z]+)*(?: [A-Z][\w-]*)*", name)
    )
