"""Fast whole-word lookup of many fixed phrases, and literal prefilters for regexes.

A regex alternation of hundreds of names is slow in Python's ``re``: every position tries
every branch. :class:`PhraseIndex` scans a text once and only checks chunks that start a phrase.
"""

from __future__ import annotations

import re
from re import _constants as sre_c  # noqa: PLC2701 - to derive literal prefilters from patterns

ALNUM = re.compile(r"[A-Za-z0-9]+")


class PhraseIndex:
    """Find fixed phrases as whole words, case-sensitively, longest first.

    Indexed by the first alphanumeric chunk of each phrase, so a text is scanned once and
    only chunks that start some phrase are checked. A trailing plural "s" is allowed when
    ``plural`` is set.
    """

    def __init__(self, phrases: dict[str, str], plural: bool = False) -> None:
        self.plural = plural
        self.by_first: dict[str, list[tuple[str, str]]] = {}
        for surface, canonical in phrases.items():
            m = ALNUM.search(surface)
            if m is None or m.start() != 0:
                continue
            self.by_first.setdefault(m.group(), []).append((surface, canonical))
        for entries in self.by_first.values():
            entries.sort(key=lambda e: len(e[0]), reverse=True)

    def find(self, text: str, chunks: set[str] | None = None) -> list[tuple[str, int, int]]:
        """(canonical, start, end) of every non-overlapping occurrence in ``text``.

        ``chunks``: ``set(ALNUM.findall(text))`` when the caller already has it.
        """
        if chunks is None:
            chunks = set(ALNUM.findall(text))
        hits = chunks.intersection(self.by_first)
        if self.plural:
            hits.update(c[:-1] for c in chunks if c.endswith("s") and c[:-1] in self.by_first)
        if not hits:
            return []
        starts: list[tuple[int, str]] = []
        for key in hits:
            i = text.find(key)
            while i >= 0:
                starts.append((i, key))
                i = text.find(key, i + 1)
        starts.sort()
        out: list[tuple[str, int, int]] = []
        last = 0
        for start, key in starts:
            if start < last:
                continue
            if start and (text[start - 1].isalnum() or text[start - 1] in "_-."):
                continue
            for surface, canonical in self.by_first[key]:
                if not text.startswith(surface, start):
                    continue
                end = start + len(surface)
                if self.plural and text.startswith("s", end) and not _word_char(text, end + 1):
                    end += 1
                if _word_char(text, end) or (
                    text.startswith("-", end) and _word_char(text, end + 1)
                ):
                    continue
                if text.startswith(".", end) and _word_char(text, end + 1):
                    continue
                out.append((canonical, start, end))
                last = end
                break
        return out


def _word_char(text: str, i: int) -> bool:
    return i < len(text) and (text[i].isalnum() or text[i] in "_+")


def leading_keys(items: list, pos: int = 0, lower: bool = True) -> frozenset[str] | None:
    """Prefixes (at most 4 characters) of the word a match of a parsed pattern must start with.

    ``items`` is the output of ``re._parser.parse``; keys are lower-cased unless ``lower`` is False.

    Derived from the parsed pattern: "quantiz(?:ation|e)" -> {"quan"}; "(?:knowledge )?distill"
    -> {"know", "dist"}; "kv[- ]cache" -> {"kv"}. None when the pattern can start with a
    character class or anything else that has no literal (such a rule is always tried).
    """
    acc = ""
    while pos < len(items):
        op, av = items[pos]
        if op is sre_c.LITERAL and chr(av).isalnum():
            acc += chr(av).lower() if lower else chr(av)
            if len(acc) == 4:
                return frozenset([acc])
            pos += 1
            continue
        if acc:
            return frozenset([acc]) if len(acc) >= 2 or op is sre_c.LITERAL else None
        if op is sre_c.SUBPATTERN:
            return leading_keys(list(av[-1]) + list(items[pos + 1 :]), 0, lower)
        if op is sre_c.BRANCH:
            keys: set[str] = set()
            for alt in av[1]:
                k = leading_keys(list(alt) + list(items[pos + 1 :]), 0, lower)
                if k is None:
                    return None
                keys |= k
            return frozenset(keys)
        if op in (sre_c.MAX_REPEAT, sre_c.MIN_REPEAT):
            lo, _hi, body = av
            with_body = leading_keys(list(body) + list(items[pos + 1 :]), 0, lower)
            if lo >= 1 or with_body is None:
                return with_body if lo >= 1 else None
            without = leading_keys(items, pos + 1, lower)
            return None if without is None else with_body | without
        return None
    return frozenset([acc]) if len(acc) >= 2 else None


def required_literals(items: list) -> frozenset[str] | None:
    """Literals (3+ characters, case kept) of which every match of a parsed pattern contains one.

    None when none can be derived. Used as a cheap ``in`` prefilter before a slow regex.
    """
    best: frozenset[str] | None = None

    def consider(cand: frozenset[str] | None) -> None:
        nonlocal best
        if (
            cand
            and min(map(len, cand)) >= 3
            and (best is None or min(map(len, cand)) > min(map(len, best)))
        ):
            best = cand

    run = ""
    for op, av in [*items, (None, None)]:
        if op is sre_c.LITERAL:
            run += chr(av)
            continue
        consider(frozenset([run]) if run else None)
        run = ""
        if op is sre_c.SUBPATTERN:
            consider(required_literals(list(av[-1])))
        elif op is sre_c.BRANCH:
            alts = [required_literals(list(a)) for a in av[1]]
            if all(alts):
                consider(frozenset().union(*alts))
        elif op in (sre_c.MAX_REPEAT, sre_c.MIN_REPEAT) and av[0] >= 1:
            consider(required_literals(list(av[2])))
    return best


