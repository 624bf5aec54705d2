"""The recogniser: every name of a markup-free abstract, with its type, role and confidence.

:func:`recognise` gathers the candidates of :mod:`extract.names.candidates`, the vocabulary and
context matches of :mod:`extract.names.vocabulary` and the proposals of
:mod:`extract.names.proposals`; folds spellings into one name per fold key; adds up the type
evidence (:mod:`extract.names.types`, the priors, the corpus votes of
:mod:`extract.names.corpus`); decides the role (the proposals, the cues of
:mod:`extract.names.roles`, the title of :mod:`extract.names.titles`, less what the corpus shows
in wide use); and gives each name a confidence (see :mod:`extract.names`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from extract.lexicon.tagger import load_tables
from extract.names import roles as R
from extract.names import types as T
from extract.names.candidates import (
    ACRONYM_LETTERS,
    INITIALISM,
    LATEX,
    Candidate,
    at_clause_start,
    find_candidates,
    fold,
    long_key,
    name_like,
    singular,
    token_shaped,
)
from extract.names.corpus import (
    LONG_USED,
    modifier_discount,
    stats,
    widely_used,
    written_lower,
)
from extract.names.name import Name
from extract.names.proposals import proposals_for
from extract.names.roles import parts_of_proposed, proposable, variants_of_proposed
from extract.names.rules import note
from extract.names.titles import title_long_form, title_only_name, title_prefix
from extract.names.vocabulary import Priors, find_word, priors, vocab_candidates
from extract.text.sentences import sentences

LOWER_CASE_CONFIDENCE = 0.45  # a vocabulary name only written in lower case (a generic term)
STRONG_CUE = 2.0  # sentence votes for a type that vouch for a capitalised phrase as a name
MIN_EVIDENCE = 1.0  # score of the winning type under which its share is not trusted
# share of corpus tokens (``keyword_pos.tsv``) from which a lower-cased word is a common word:
# about 90 occurrences in the 8.9M tokens ("extraction", "concept"; not "radam", "bertscore")
COMMON_WORD = 1e-5
LONG_HEAD_WEIGHT = 1.6  # the head noun of a long form defined here, relative to a sentence cue

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


_PLAIN_TITLE_NAME = re.compile(r"[A-Z][a-z]{2,}")


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


_CURLY_APOSTROPHE = re.compile(r"’(?=[A-Za-z])")


def _straight_apostrophes(text: str) -> str:
    return _CURLY_APOSTROPHE.sub("'", text) if "’" in text else text


@lru_cache(maxsize=8192)
def recognise(
    text: str, title: str | None = None, emphasised: tuple[str, ...] = ()
) -> tuple[Name, ...]:
    """Every name in a markup-free ``text``.

    ``title``: for the title-prefix proposal cue; ``emphasised``: names wholly in bold/italic
    markup in the original abstract (proposed when they are not established names).
    A curly apostrophe before a letter is read as a straight one (one character for one, so
    offsets hold): "Montezuma’s Revenge" is "Montezuma's Revenge", not the name "Revenge";
    one before a space or a stop may close a quotation ("the ‘Big Five’ traits") and is kept.
    """
    text = _straight_apostrophes(text)
    title = _straight_apostrophes(title) if title else title
    emphasised = tuple(_straight_apostrophes(e) for e in emphasised)
    st = stats()
    pr = priors()
    sents = sentences(text)
    cands = [(c, None) for c in find_candidates(text, sents, st.proper, pr.words)]
    cands += vocab_candidates(text)
    proposals = proposals_for(text, title)
    proposed_datasets = {fold(p.name) for p in proposals if p.dataset}
    proposals = tuple(p for p in proposals if proposable(p.name, text, p.end))
    for p in proposals:
        cands.append((Candidate(text[p.start : p.end], p.start, p.end, "proposal", p.name), None))
    proposed_keys = {fold(p.name) for p in proposals}
    repositories = R.repository_keys(text)
    tn = title_prefix(title)[0]
    title_key = fold(tn) if tn else None
    if tn and _PLAIN_TITLE_NAME.fullmatch(tn) and title_key not in pr.types:
        # "Selene: Pioneering Automated Proof ..." and "We introduce Selene in this paper": a
        # plain capitalised word the title names and the abstract never writes in lower case
        i = find_word(text, tn)
        if i >= 0 and not re.search(rf"\b{tn.lower()}\b", text):
            proposed_keys.add(title_key)
            note("recogniser.title_word", tn)
            cands.append((Candidate(tn, i, i + len(tn), "proposal", tn), None))
    for tok in emphasised:
        i = find_word(text, tok)
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
        if key in pr.not_names or not key or len(key) < 2 or LATEX.match(cand.short):
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
            d = modifier_discount(ns)
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
        can_be_new = (key not in pr.types or novel) and (acc.long or name_like(acc.first.short))
        if role == "mentioned" and can_be_new:
            cue_conf = max(
                [R.proposal_cue(text, s, e) for s, e in acc.spans + acc.long_spans]
                + [0.9 if title_key == key else 0.0]
                + [0.9 if key in repositories else 0.0]
            )
            if cue_conf:
                role = "proposed"
            if title_key == key:
                note("roles.cue.title", acc.first.short)
            elif key in repositories:
                note("roles.cue.repository", acc.first.short)
        # a vocabulary name, or one the corpus shows in wide use, is never the paper's own
        established = (
            (key in pr.canonical and not novel)
            or (acc.long and st.longs.get(long_key(acc.long), 0) >= LONG_USED)
            or (not acc.long and widely_used(ns))
        )
        if role == "proposed" and established:
            note("recogniser.established", acc.first.short)
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
        if role == "mentioned" and acc.kinds <= {"token"} and written_lower(key, ns, st):
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
        if role != "proposed" and INITIALISM.fullmatch(display):
            continue  # "U.S", "I.I.D": an abbreviation; a paper's own "C.L.E.A.R" is kept
        if (
            key != title_key
            and ACRONYM_LETTERS.fullmatch(display)
            and load_tables().frequency(display) >= COMMON_WORD
        ):
            # "EXtraction", "COncept", "MAchine": a common word whose capitals spell an acronym;
            # a title's own "STable: ..." or "PLay: ..." is kept
            continue
        first = acc.short_first or acc.first
        long = acc.long
        if long is None and role == "proposed" and title:
            long = title_long_form(title, key)
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
    out = parts_of_proposed(text, out, newable)
    out = variants_of_proposed(out)
    own = title_only_name(
        title,
        {fold(n.name) for n in out} | set(accs),
        tuple(n.name for n in out if n.role == "proposed"),
        text,
    )
    if own is not None:
        out.append(own)
    return tuple(out)


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
