r"""Proposal cues around a name: does the abstract present it as its own contribution?

The proposal rules of :func:`extract.names.proposals.find_proposed` only take tokens shaped like
coined names (inner capitals, digits). The recogniser also finds capitalised compounds
("Co-Boosting", "Short-Dot"), multiword names ("Linear Log-Normal Attention") and names it
knows from the corpus, so it checks the words right around each occurrence of a name
(:func:`proposal_cue`):

* **naming**: "we call X", "that we call "X"", "called/named/termed/dubbed (as) X", "which we
  refer to as (a) X", "named A and B" (not after "existing", "previous", "so-called", ...;
  "called the X" only near "our", "novel/new" or "we propose");
* **ownership**: "our X", "our model X", "our proposed X", "the proposed X";
* **direct object**: "we propose X", "we introduce a novel framework, X,";
* **appositive**: "X, a novel ...", "X is a new ...";
* **introduced in parentheses**: "we propose a Natural Language Prompt Encapsulation
  (Nano-Capsulator) framework";
* **title**: the title starts with the name ("Short-Dot: Computing Large Linear Transforms");
* **article**: a Title-Case phrase right after the article of an introduction, with its head noun
  after it or ending there ("we release the Hanja Understanding Evaluation dataset", "we
  introduce the BiGGen Bench,", "we propose a novel Multimodal Graph Transformer for ..."), and
  "a novel <Phrase> (ACR) module" whatever the verb; not an acronym ("a novel FCD method" is one
  of a class), not a phrase used earlier in the abstract, not one whose own name follows ("...
  framework, dubbed MITS", "(SAPT)");
* **appositive of a new thing**: "a new algorithm, UCB-GT,", "a new benchmark to advance further
  research: WebTables", and in a sentence of ours "a newly created evaluation dataset, X,";
* **code repository**: the abstract links a repository named after it ("Code is available at
  https://github.com/haon-chen/ConvAug": ConvAug), on a code-hosting site of the list
  ``roles.code_hosts`` (:func:`repository_keys`);
* **named parts**: items listed after a count or "components like" in a sentence of ours ("we
  provide two intrinsic rewards ..., i.e., IDI and CDI", "Our PDF consists of three components:
  MDB, DVMB and VAB", "our proposed variants, TTLM-large and TTLM-Tiny"), not "... based on X".

Each cue was checked on corpus abstracts (``benchmarks/proposed_audit.py flips``: how many names a
change flips and a read of them).

A cue only makes a name proposed when the name is one that can be a contribution (not a task,
a sensor, a language, a vocabulary name or a name the corpus shows in wide use: the caller
checks those) and is not used as a modifier ("our RNN-based model").

After the roles are decided, two passes spread them: :func:`variants_of_proposed` ("ViTamin-L"
when the paper proposes ViTamin) and :func:`parts_of_proposed` ("FSHNet incorporates a ...
SlotFormer block"). :func:`proposable` tells which names of the proposal rules can be coined
names at all.

The word lists of these patterns are data: ``extract/data/name_rules_roles.toml``, one list per
id (:mod:`extract.names.rules`); each cue notes its id when it fires.
"""

from __future__ import annotations

import re
from dataclasses import replace

from extract.names.candidates import COMPOUND_TAILS, fold, name_like, token_shaped
from extract.names.name import Name
from extract.names.rules import note, rule_lists
from extract.text.sentences import sentence_start

W = rule_lists("name_rules_roles.toml")
_NOUNS = W.alt("roles.nouns")
_SUBJECTS = W.alt("roles.subjects")
_ADVERBS = W.alt("roles.adverbs")
_OWN = re.compile(
    r"(?:\b[Oo]ur|\b(?:[Tt]he|[Aa]n?)\s+(?:proposed|self-(?:"
    + W.alt("roles.own.self_made")
    + r")))"
    r"\s+"
    r"(?:(?:" + W.alt("roles.own.modifiers") + r")\s+)?"
    rf"(?:(?:[a-z][\w-]*\s+){{0,2}}?(?:{_NOUNS})s?,?\s+)?[\"“'‘]?$"
)
_NAMED = re.compile(
    r"(?:\b(?:[Ww]e|I)\s+(?:" + W.alt("roles.named.we_verbs") + r")\s+"
    r"(?:(?:" + W.alt("roles.named.objects") + r")\s+)?(?:as\s+)?"
    r"|\b(?:" + W.alt("roles.named.participles") + r")\s+(?:as\s+)?"
    r"(?P<the>the\s+)?"
    r"|\b[Ww]e\s+(?:will\s+)?refer\s+to\s+(?:"
    + W.alt("roles.named.refer_objects")
    + r")?as\s+(?:(?:a|an|the)\s+)?)"
    # "named RF-DARTS and RF-PCDARTS": the names after the first
    r"(?:[\"“'‘]?[\w-]+[\"”'’]?\s*(?:,\s*|,?\s+and\s+))*"
    r"[\"“'‘]?$"
)
_OWN_NEAR = re.compile(
    r"\b(?:" + W.alt("roles.own_near.words") + r"|(?:" + W.alt("roles.own_near.subjects") + r")"
    r"\s+(?:\w+ly\s+)?"
    r"(?:" + W.alt("roles.own_near.verbs") + r")s?)\b"
)
_NOT_NEW = re.compile(r"\b(?:" + W.alt("roles.not_new") + r")\b", re.I)
_CUE = f"(?:{W.alt('roles.cue_verbs')})(?:{W.alt('roles.verb_endings')})?|built"
_DIRECT = re.compile(
    r"\b(?:" + _SUBJECTS + r"|to)\s+"
    r"(?:(?:"
    + _ADVERBS
    + r")\s+)?"
    + f"(?:{_CUE})"
    + r"\s+(?:(?:a|an|the)\s+(?:[\w-]+\s+){0,9}?[\w-]+\s*[,:]\s*(?:(?:i\.e\.|namely),?\s*)?"
    r"|(?:a|an|the)\s+(?:[\w-]+\s+)"
    r"{0,6}?(?:" + _NOUNS + r")s?\s+(?:called\s+|named\s+)?)?[\"“'‘]?$"
)
# "we release the Hanja Understanding Evaluation dataset", "we propose a novel Multimodal Graph
# Transformer for ...": the name right after the article, followed by its head noun or by the
# end of the phrase (not "we propose a Transformer-based", "a CNN encoder and ...")
_ARTICLE_NAME = re.compile(
    r"\b(?:" + _SUBJECTS + r")\s+"
    r"(?:(?:"
    + _ADVERBS
    + r")\s+)?"
    + f"(?:{_CUE}|(?:{W.alt('roles.article_name.verbs')})(?:{W.alt('roles.verb_endings')})?"
    + r"(?:\s+forward)?)"
    + r"\s+(?:a|an|the)\s+(?:(?:"
    + W.alt("roles.article_name.adjectives")
    + r")\s+){0,3}$"
)
_HEAD_AFTER = re.compile(rf"\s+(?:{_NOUNS})s?\b")
_NAME_FOLLOWS = re.compile(  # "a ... dataset of Euphemisms named BME": the name comes later
    rf"\s+(?:{_NOUNS})s?\s*,?\s+(?:{W.alt('roles.name_follows.after_noun')})\b"
    # "a Hard Sample Aware Prompt-Tuning framework (i.e. HardPT)", "a novel Adaptive Wasserstein
    # Variational Optimization, namely AWaVO", "a Multi-object Mask-box Integrated framework for
    # unified Tracking and Segmentation, dubbed MITS"
    r"|[^.;]{0,80}?[,(]\s*(?:" + W.alt("roles.name_follows.introducers") + r")\s+[\"“'‘]?[A-Z]"
)
_PHRASE_END = re.compile(r"\s*(?:[,.;:(]|\s(?:" + W.alt("roles.phrase_end") + r")\b)")
_IN_PAREN = re.compile(
    r"\b(?:[Ww]e|paper|work)\s+(?:\w+\s+)?(?:" + _CUE + r")\s+(?:a|an|the)\s+[^,.;:()]{3,100}\(\s*$"
)
_PAREN_STOP = re.compile(r"\s(?:" + W.alt("roles.paren_stop") + r")\s")
_APPOSITIVE_NEW = re.compile(
    r"\s*(?:\([^()]{0,80}\)\s*)?(?:,|\s[-–—]|\s+is)\s+(?:a|an)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:" + W.alt("roles.new_words") + r")\b"
)
_WE_AFTER = re.compile(
    r"\s*\)?\s*(?:that\s+|which\s+)?we\s+(?:\w+ly\s+|also\s+|further\s+)?"
    r"(?:" + W.alt("roles.we_after.verbs") + r")"
    r"(?:" + W.alt("roles.verb_endings") + r")?\b"
)
_TITLE_NAME = re.compile(r"^\s*([^:]{2,60}?)\s*:")

# named parts of the paper's own method, data set or metric, listed after a count:
# "we provide two intrinsic rewards to motivate agents, i.e., IDI and CDI", "our framework
# consists of two modules, local parameter disentanglement (LPD) and global ... (GDCA)",
# "the FBI framework, which includes components like the Bias Unveiler, Bias Detective, ..."
_PART_NOUNS = W.alt("roles.part_nouns")
_PART_VERB = (
    r"(?:" + W.alt("roles.part_list.verbs") + r")(?:s|d|ed)?|built|"
    r"(?:" + W.alt("roles.part_list.have_stems") + r")(?:es|s|e|ed|ing)?(?:\s+of)?|"
    r"(?:is|are)\s+(?:composed|made\s+up)\s+of"
)
_ITEM_WORD = r"(?!(?:" + W.alt("roles.items.stop_words") + r")\b)[\w-]+"
_MARKER = W.alt("roles.items.markers")
# the items of a list before the name: a few words each (not "based on X"), an optional
# "(ACR)", separated by commas or "and"
_ITEMS = (
    rf"(?:(?:the\s+)?(?:{_ITEM_WORD})(?:\s+(?:{_ITEM_WORD})){{0,5}}\s*(?:\([^()]{{1,25}}\))?"
    rf"\s*(?:,|;|\s+and|,\s*and)\s*(?:\(?(?:{_MARKER})\)\s*)?)*(?:the\s+)?$"
)
_PART_LIST = re.compile(
    rf"\b(?:{_PART_VERB})\s+(?:(?:of\s+)?(?:the\s+)?following\s+)?"
    rf"(?:(?:{W.alt('roles.part_list.counts')})\s+(?:[\w-]+\s+){{0,3}}?"
    rf"(?:{_PART_NOUNS})(?:\s+(?:to|for)\s+[\w-]+(?:\s+[\w-]+){{0,2}})?\s*"
    r"(?:[:,]\s*|\(\s*|\s+)(?:(?:" + W.alt("roles.part_list.introducers") + r")\s*,?\s*)?"
    r"|(?:(?:" + W.alt("roles.part_list.adjectives") + r")\s+)?"
    r"(?:" + W.alt("roles.part_list.component_nouns") + r")\s*,?\s+"
    r"(?:" + W.alt("roles.part_list.examples") + r")\s*,?\s*)"
    rf"(?:\(?(?:{_MARKER})\)\s*)?" + _ITEMS
)
# "our proposed variants, TTLM-large and TTLM-Tiny"
_OWN_LIST = re.compile(
    r"(?:\b[Oo]ur|\b[Tt]he\s+proposed)\s+(?:(?:proposed|new|novel)\s+)?(?:[a-z][\w-]*\s+){0,2}?"
    rf"(?:{_NOUNS})s\s*[,:]\s*(?:(?:i\.e\.|namely)\s*,?\s*)?" + _ITEMS
)
# "a novel adaptive and permutation invariant pooling strategy, SetMixer, ...", and in a sentence
# of ours "a crossmodal fusion module, Plug-in Audio-Visual Fusion (PAVF), combines ..."
_NOVEL_APPOS = re.compile(
    rf"\b(?:a|an)\s+(?:novel|new)\s+(?:[\w-]+\s+){{0,4}}?(?:{_NOUNS})"
    r"(?:\s+(?:to|for)\s+[\w-]+(?:\s+[\w-]+){0,3})?\s*[,:]\s*$"
)
# "we insert a novel Hierarchical Frame-Selector (HFS) module into ...": whatever the verb
_NOVEL_NAME = re.compile(r"\b(?:a|an)\s+novel\s+$")
_PART_APPOS = re.compile(
    r"\b(?:a|an)\s+(?:[\w-]+\s+){0,3}?(?:" + W.alt("roles.part_appos.nouns") + r"),\s*$"
)
_APPOS_END = re.compile(r"\s*(?:\([^()]{1,25}\)\s*)?(?:[,.;]|\s(?:that|which|to)\b)")
_OURS = re.compile(
    r"\b(?:"
    + W.alt("roles.ours.words")
    + r"|[Tt]his\s+(?:"
    + W.alt("roles.ours.this_nouns")
    + r"))\b"
)


def title_name(title: str | None) -> str | None:
    """The name a title starts with ("Short-Dot: Computing ..." -> "Short-Dot"), else None."""
    if not title:
        return None
    m = _TITLE_NAME.match(title)
    return m.group(1) if m else None


def _other_name_follows(name: str, after: str) -> bool:
    """True when "(ACR)" follows a phrase and does not abbreviate it.

    "a novel Shared Attention Framework (SAPT)": the recogniser keeps the phrase apart from an
    acronym whose letters it does not contain in order, so a cue on the phrase would add a second,
    partial name; the acronym carries the proposal.
    """
    m = re.match(r"\s*\(\s*([^()]{1,25}?)\s*\)", after)
    if not m:
        return False
    caps = [c.lower() for c in m.group(1) if c.isupper()]
    letters = iter(name.lower())
    return not caps or caps[0] != name[:1].lower() or not all(c in letters for c in caps)


def _new_phrase(name: str, text: str, start: int) -> bool:
    """True for a phrase the abstract has not used before ``start``.

    Not an acronym: "an FCD method" is one of a class.
    """
    return bool(re.search(r"[A-Z][a-z]{2,}", name)) and name.lower() not in text[:start].lower()


def _head_after(after: str) -> bool:
    """The phrase's head noun follows it, and the name it is given does not come later."""
    return bool(_HEAD_AFTER.match(after)) and not _NAME_FOLLOWS.match(after)


def _ends_here(name: str, after: str) -> bool:
    """The phrase ends here, and neither a later name nor an "(ACR)" of another name follows."""
    return (
        bool(_PHRASE_END.match(after))
        and not _NAME_FOLLOWS.match(after)
        and not _other_name_follows(name, after)
    )


# the kind of thing a proposal names, when it is a method: "the first method to this issue,
# called Training data Provenance Verification (TrainProVe)", "We propose Counterfactual Analysis
# for Programming Concept Predicates (CACP) as a counterfactual testing framework" (not "a method
# for <a task> (ACR)": there the acronym names the task)
_METHOD_NOUNS = W.alt("roles.method_nouns")
_KIND_BEFORE = re.compile(
    rf"\b(?:a|an|the)\s+(?:[\w-]+\s+){{0,3}}?(?:{_METHOD_NOUNS})s?\b[^.;()]{{0,80}}"
    r"\b(?:" + W.alt("roles.kind_before.naming") + r")\s+$"
)
# (an appositive or "as a", not a bare "AFFG method": after a task's acronym that is a modifier)
_KIND_AFTER = re.compile(
    rf"(?:\s*\([^()]{{1,25}}\))?(?:\s*,\s*|\s+as\s+|\s+is\s+)(?:a|an)\s+"
    rf"(?:[\w-]+\s+){{0,3}}?(?:{_METHOD_NOUNS})\b"
)


def proposed_as_method(text: str, start: int, end: int) -> bool:
    """True when the sentence that presents ``text[start:end]`` calls it a method, framework ...

    For a proposed acronym whose long form's head reads as a task ("... Augmentation",
    "... Verification", "Counterfactual Analysis ...").
    """
    s0 = sentence_start(text, start)
    before = text[max(s0, start - 160) : start]
    if _KIND_BEFORE.search(before) or _KIND_AFTER.match(text, end, end + 80):
        note("roles.proposed_as_method", text[start:end])
        return True
    return False


_REPOSITORY = re.compile(
    r"(?<![\w.-])(?:https?://)?(?:www\.)?(?:" + W.alt("roles.code_hosts")
    + r")/[\w.-]+/([\w-]+(?:\.[\w-]+)*)(?!\.?[\w-]|/\w)",  # not ".../BMTrain/tree/h3t"
    re.I,
)


def repository_keys(text: str) -> frozenset[str]:
    """Fold keys of the repositories ``text`` links on a code-hosting site (the last part of
    "github.com/<owner>/<repository>", without ".git"; not a path inside a repository, which
    may be the paper's branch of another's code): a name of the abstract with one of these
    keys is the paper's own, whose code or data the abstract gives. On the name-labelled dev
    sets, all 56 names so linked are labelled proposed (6 of them were read as mentioned)."""
    return frozenset(fold(m.group(1).removesuffix(".git")) for m in _REPOSITORY.finditer(text))


def proposal_cue(text: str, start: int, end: int) -> float:
    """Confidence that the words around ``text[start:end]`` present it as the paper's own.

    0 when there is no cue. The cue that fired is noted (:func:`extract.names.rules.note`).
    """
    conf, rule = _proposal_cue(text, start, end)
    if conf:
        note(rule, text[start:end])
    return conf


def _proposal_cue(text: str, start: int, end: int) -> tuple[float, str]:
    """:func:`proposal_cue` and the id of the cue that fired ("" when none)."""
    after = text[end : end + 80]
    name = text[start:end]
    if re.match(r"-[a-z]", after):
        return 0.0, ""  # "our RNN-based model": the name is a modifier
    s0 = sentence_start(text, start)
    before = text[max(s0, start - 140) : start]
    nm = _NAMED.search(before)
    if (
        nm
        and not _NOT_NEW.search(before[: nm.start()][-80:])
        # "called the X" names a thing of ours ("our model, termed the ..."), not "a divergence
        # called the Tsallis KL divergence" or "sometimes referred to as the Bank Loan Problem"
        and (not nm.group("the") or _OWN_NEAR.search(before[: nm.start()][-100:]))
    ):
        return 0.9, "roles.cue.named"
    if _DIRECT.search(before):
        return 0.9, "roles.cue.direct"
    if (
        _NOVEL_NAME.search(before)
        and _new_phrase(name, text, start)
        and not _NOT_NEW.search(before[-60:])
        and (
            _head_after(after)
            or re.match(rf"\s*\([^()]{{1,25}}\)\s*(?:{_NOUNS})s?\b", after)
            or _ends_here(name, after)
        )
    ):
        return 0.85, "roles.cue.novel_name"
    am = _ARTICLE_NAME.search(before)
    if (
        am
        and _new_phrase(name, text, start)
        and (
            _head_after(after)
            or (
                _ends_here(name, after)
                and (
                    re.search(r"(?:novel|new)\s+$", am.group())
                    # a Title-Case phrase of its own: "we introduce the BiGGen Bench",
                    # "we propose the Rectify-Router", "we insert an ID Normalization Layer"
                    # (not before "(ACR)": the acronym carries the proposal, and a long form
                    # that does not fold with it would be a second name)
                    or (
                        len(re.findall(r"(?:^|[\s-])[A-Z]", name)) >= 2
                        and not re.match(r"\s*\(", after)
                    )
                )
            )
        )
    ):
        return 0.85, "roles.cue.article_name"
    if _WE_AFTER.match(after):
        return (
            0.85,
            "roles.cue.we_after",
        )  # "the external states transition model (ESTM) we developed"
    if _APPOSITIVE_NEW.match(after) and not _NOT_NEW.search(before[-40:]):
        return 0.85, "roles.cue.appositive_new"
    if _OWN.search(before):
        return 0.8, "roles.cue.own"
    pm = _IN_PAREN.search(before)
    if pm and re.match(r"\s*\)", after) and not _PAREN_STOP.search(pm.group()):
        return 0.8, "roles.cue.in_paren"
    if _APPOS_END.match(after) and (
        _NOVEL_APPOS.search(before)
        or (
            (pa := _PART_APPOS.search(before))
            and _OURS.search(before[: pa.start()])
            and not _NOT_NEW.search(before)
        )
    ):
        return 0.8, "roles.cue.appositive_part"
    before = text[max(s0, start - 320) : start]  # a list of parts can be long
    if _OWN_LIST.search(before):
        return 0.75, "roles.cue.own_list"
    lm = _PART_LIST.search(before)
    if lm and _OURS.search(before[: lm.start()]) and not _NOT_NEW.search(before):
        return 0.75, "roles.cue.part_list"
    return 0.0, ""


# a capitalised word that starts a longer title-case phrase: "a Domain adaptation Learning Curve
# prediction (DaLC) model", "a Unified Token-pair Classification architecture"
_PHRASE_GOES_ON = re.compile(r"\s+(?:[A-Z][\w-]*|[a-z][\w-]*\s+[A-Z][\w-]*)\b")


_NAMED_BEFORE = re.compile(r"\b(?:" + W.alt("roles.proposable.named_before") + r")\s+[\"“'‘]?$")


def proposable(name: str, text: str, end: int) -> bool:
    """A name the proposal rules found that can be a coined name.

    Not a compound modifier ("human-AI", "non-IID", "LLM-powered", "UCB-type",
    "PAC-Bayesian"), and a plain capitalised word only when the sentence treats it as a name
    ("we present De-mark, an ...", not "we propose a Domain adaptation ... (DaLC) model").
    """
    start = end - len(name)
    if _NAMED_BEFORE.search(text, max(0, start - 12), start) and token_shaped(name):
        return True  # "an attack method named sparse-PGD": an explicit name, whatever its case
    if not name_like(name):
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


# "FSHNet incorporates a proposed SlotFormer block", "HEAR has a Hybrid ... encoder, along with
# an Adaptive Restart Module (ARM)": what the paper's own method has or is built from
_HAS_PARTS = re.compile(
    r"\s+(?:"
    + W.alt("roles.has_parts.adverbs")
    + r")?(?:"
    + W.alt("roles.has_parts.verbs")
    + r")\b"
)


# the size or variant suffix of a model name: "-L", "-XL", "-13B", "-Large", "-v2", "-Base"
_VARIANT_SUFFIX = re.compile(
    r"-(?:[STBLHG]|XL|XXL)|[-\s]?(?:\d+(?:\.\d+)?[BMK]|v?\d+(?:\.\d+)?)"
    r"|[-\s](?i:" + W.alt("roles.variant_words") + r")"
)


_COMPOUND_REST = re.compile(r"-[A-Z][\w-]*[A-Z][\w-]*")


def variants_of_proposed(out: list[Name]) -> list[Name]:
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
                    note("roles.variant_of_proposed", n.name)
                    n = replace(n, role="proposed")
                    break
        res.append(n)
    return res


# "DiffMimic has a better sample efficiency than existing methods (e.g., DeepMimic)"
_NOT_PART = re.compile(r"\b(?:" + W.alt("roles.not_part") + r")\b")


def parts_of_proposed(text: str, out: list[Name], newable: set[str]) -> list[Name]:
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
            s0 = sentence_start(text, n.start)
            verb_end = max((h for h in has if s0 <= h <= n.start), default=None)
            if (
                verb_end is not None
                and n.type == "method"
                and not _NOT_PART.search(text, verb_end, n.start)
            ):
                note("roles.part_of_proposed", n.name)
                n = replace(n, role="proposed")
        res.append(n)
    return res
