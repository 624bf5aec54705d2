"""Keyword variants counted as one term on the Keywords page.

Per paper, the keywords stage already merges case, plural and hyphen variants and an acronym with
the long form it defines. Across papers the same term still appears in several forms: one paper
defines "large language models (LLMs)", another only writes "LLMs", a third "large language
models". :func:`term_map` maps each keyword to one display form per term, so the charts count
papers per term, not per spelling. The ``keywords`` table itself is left as extracted. Ranking the
terms of a group is :func:`dashboard.analytics.top_terms`.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping

import pandas as pd

from extract.keywords.candidates import fold_plural, is_acronym, phrase_key

_WITH_ACRONYM = re.compile(r"^(?P<long>.*\S)\s+\((?P<acr>[^()\s]+)\)$")
AMBIGUITY = 0.8  # a bare acronym joins a long form only if >= 80% of its definitions agree


def term_map(keywords: Iterable[str] | Mapping[str, int]) -> dict[str, str]:
    """``{keyword: term}`` for every distinct keyword, the term being its most used spelling.

    Keywords are one term when their :func:`phrase_key` (case, hyphens, final plural) agrees,
    ignoring a trailing ``(ACR)``; a bare acronym (``LLMs``) joins the long form it is defined
    with in most papers. The display of a term is its most frequent spelling, a bare acronym
    only if the term has no long form (on a tie, the spelling with the acronym).
    """
    counts = _counts(keywords)
    key_of: dict[str, str] = {}
    definitions: dict[str, Counter[str]] = defaultdict(Counter)  # acronym -> long-form keys
    for kw, n in counts.items():
        m = _WITH_ACRONYM.match(kw) if kw.endswith(")") else None
        if m and is_acronym(m["acr"]):
            key_of[kw] = phrase_key(m["long"])
            definitions[fold_plural(m["acr"])][key_of[kw]] += n
        else:
            key_of[kw] = phrase_key(kw)
    for kw in counts:
        if " " in kw or not is_acronym(kw):
            continue
        longs = definitions.get(fold_plural(kw))
        if longs:
            (best, n), total = longs.most_common(1)[0], sum(longs.values())
            if n >= AMBIGUITY * total:
                key_of[kw] = best
    spellings: dict[str, dict[str, int]] = {}
    for kw, n in counts.items():
        spellings.setdefault(key_of[kw], {})[kw] = n

    def best(spelled: dict[str, int]) -> str:
        if len(spelled) == 1:
            return next(iter(spelled))
        has_long_form = any(" " in kw for kw in spelled)

        def preference(item: tuple[str, int]) -> tuple[bool, int, bool, str]:
            kw, n = item
            bare_acronym = has_long_form and " " not in kw and is_acronym(kw)
            return (not bare_acronym, n, bool(_WITH_ACRONYM.match(kw)), kw)

        return max(spelled.items(), key=preference)[0]

    display = {key: best(c) for key, c in spellings.items()}
    return {kw: display[key] for kw, key in key_of.items()}


def _counts(keywords: Iterable[str] | Mapping[str, int]) -> dict[str, int]:
    """``{keyword: occurrences}``; a pandas Series is counted without a Python loop.

    A mapping is taken as counts already made (``{keyword: occurrences}``).
    """
    if isinstance(keywords, Mapping):
        return dict(keywords)
    if isinstance(keywords, pd.Series):
        vc = keywords.dropna().value_counts(sort=False)
        return dict(zip(vc.index.tolist(), vc.tolist()))
    return Counter(keywords)
