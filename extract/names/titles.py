"""The paper's title as evidence: the name before its colon, and an acronym's long form there.

* :func:`title_prefix`: the name a title starts with ("Short-Dot: ...", "Arcee's MergeKit: ...",
  "Surgical Robot Transformer (SRT): ..."), without markup or possessive;
* :func:`title_long_form`: the long form the title gives an acronym the abstract proposes but
  does not spell out ("APT: Adaptive Pruning and Tuning ...");
* :func:`title_only_name`: the paper's own name when only the title gives it, as a proposed name
  without offsets (a data set when the subtitle says the paper builds data).
"""

from __future__ import annotations

import re
from functools import lru_cache

from extract.names.candidates import acronym_definitions, fold, mask, name_like, token_shaped
from extract.names.corpus import stats, widely_used, written_lower
from extract.names.name import Name
from extract.names.roles import title_name
from extract.names.rules import note
from extract.names.vocabulary import priors
from extract.text.markup import clean_view

TITLE_ONLY_CONFIDENCE = 0.7  # a proposed name only the title gives (no sentence to check)


@lru_cache(maxsize=4096)
def title_long_form(title: str, key: str) -> str | None:
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


# a subtitle that says the paper builds data: "EvalCrafter: Benchmarking and Evaluating Large
# Video Generation Models", "X: A Benchmark for ...", "X: a Corpus of ..."
_DATA_SUBTITLE = re.compile(
    r"^(?:\W*(?:a|an|the)\s+)?(?:[\w-]+\s+){0,5}?(?:benchmark(?:ing|s)?|data\s?sets?|corpus|"
    r"corpora|treebanks?|test\s?suites?|leaderboards?|challenge)\b",
    re.I,
)
_MARKUP_CHARS = re.compile(r"[\^_{}$\\]")
_POSSESSIVE = re.compile(r"^[A-Z][\w.&-]*['’]s\s+")


@lru_cache(maxsize=4096)
def title_prefix(title: str | None) -> tuple[str | None, str | None]:
    """The name before a title's colon and the long form the title gives it there.

    "Short-Dot: ..." -> ("Short-Dot", None); "Arcee's MergeKit: ..." -> ("MergeKit", None);
    "Surgical Robot Transformer (SRT): ..." -> ("SRT", "Surgical Robot Transformer").
    """
    prefix = title_name(title)
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


# a plain capitalised word ("Fabrica: Dual-Arm Assembly ...", "Swapout: Learning an ensemble of
# deep architectures"): a coined name when the abstract never writes it, not even in lower case
# ("Confabulation: The Surprising Value of ..." over an abstract about confabulation)
_PLAIN_WORD = re.compile(r"[A-Z][a-z\u00e0-\u00ff]{3,}")


def title_only_name(
    title: str | None, seen: set[str], proposed: tuple[str, ...], text: str = ""
) -> Name | None:
    """The paper's own name given only in its title, as a proposed name without offsets.

    "WiNeRT: Towards Neural Ray Tracing for Wireless Channel Modelling", "Arcee's MergeKit: A
    Toolkit for Merging Large Language Models", "Surgical Robot Transformer (SRT): Imitation
    Learning for Surgical Tasks": the prefix before the title's colon names what the paper
    proposes even when the abstract only says "we propose a framework". Taken when the prefix is
    one coined-looking token (inner capitals, digits, all capitals; not "Lazy Agents") or an
    acronym defined there, or one plain capitalised word that the abstract ``text`` never writes,
    in any case, outside a link ("Fabrica", not "Fairwashing" over an abstract about
    fairwashing; "Scaleformer" over one that only links github.com/BorealisAI/scaleformer), that the
    abstract does not name (``seen``: fold keys of its names), that no vocabulary knows and that
    the corpus does not show in wide use or as a common word ("Position: ..." is a genre, in
    ``method_stoplist.toml``), and that is not a variant of a name the abstract proposes
    (``proposed``: "MVSAnywhere" when the abstract proposes "MVSA"). The row's ``start``/``end``
    are None: the name is not in the abstract.
    """
    prefix, long = title_prefix(title)
    if not prefix or not title:
        return None
    plain = bool(_PLAIN_WORD.fullmatch(prefix)) and not re.search(
        rf"\b{re.escape(prefix.lower())}", mask(text).lower())  # not "github.com/x/scaleformer"
    if not plain and (" " in prefix or not token_shaped(prefix) or not name_like(prefix)):
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
        or written_lower(key, ns, st)
    ):
        return None
    subtitle = title.split(":", 1)[1]
    typ = "dataset" if _DATA_SUBTITLE.match(subtitle.strip()) else "method"
    note("titles.title_only_name", prefix)
    return Name(
        prefix,
        typ,
        "proposed",
        TITLE_ONLY_CONFIDENCE,
        prefix,
        None,
        None,
        long or title_long_form(title, key),
    )
