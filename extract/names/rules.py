r"""The word lists and cue phrases of the name recogniser's rules, read from data files.

Each ``extract/data/name_rules_*.toml`` file holds ``[[list]]`` entries::

    [[list]]
    id = "roles.nouns"             # unique across the files: the rule a precision report names
    doc = "what a paper proposes"  # optional
    alternatives = ['model', 'method', 'defen[cs]e', ...]

``alternatives`` are the branches of one regular-expression alternation, tried in the order
written: plain words, or small regular expressions (``'data\s?sets?'``) written as TOML literal
strings. A module builds its patterns from them at import: :meth:`RuleLists.alt` joins a list
with ``|`` (the alternation the module used to spell out), :meth:`RuleLists.words` gives the
entries as a tuple. The patterns stay in the code; the vocabulary they match is data. A list of
plain words looked up as such (not in a pattern) has ``words`` instead of ``alternatives``, and
may carry more fields (a type and a weight: :meth:`RuleLists.entry`).

:func:`used_ids` tells which ids the code has read (a test checks that no entry is dead).

``[[rule]]`` entries (``id``, ``doc``) name the rules that have no list of their own (the title
cue, the emphasis rule, ...). The rules call :func:`note` when they fire; it records
``(rule id, name)`` while :func:`tracing` is on and does nothing otherwise, so the rows never
change. :func:`extract.names.fired_rules` traces one paper: which rules fired on which names,
for a report of each rule's precision on the dev sets.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache

from extract.datafiles import load_toml

# the rule files of the recogniser, each read by the module named after its last part
RULE_FILES = (
    "name_rules_candidates.toml",
    "name_rules_proposals.toml",
    "name_rules_roles.toml",
    "name_rules_types.toml",
)

_USED: set[str] = set()
_TRACE: list[tuple[str, str]] | None = None


class RuleLists:
    """The ``[[list]]`` entries of one rule file, by id."""

    def __init__(self, file: str) -> None:
        self.file = file
        data = load_toml(file)
        self.lists: dict[str, tuple[str, ...]] = {}  # alternatives or words
        self.entries: dict[str, dict] = {}
        self.rules: dict[str, str] = {}  # rule id -> what it does
        for entry in data.get("list", []):
            if entry["id"] in self.lists:
                raise ValueError(f"{file}: duplicate id {entry['id']!r}")
            self.lists[entry["id"]] = tuple(entry.get("alternatives", entry.get("words", ())))
            self.entries[entry["id"]] = entry
        for entry in data.get("rule", []):
            if entry["id"] in self.lists or entry["id"] in self.rules:
                raise ValueError(f"{file}: duplicate id {entry['id']!r}")
            self.rules[entry["id"]] = entry.get("doc", "")

    def words(self, rule_id: str) -> tuple[str, ...]:
        """The entries of list ``rule_id``, in order."""
        _USED.add(rule_id)
        return self.lists[rule_id]

    def entry(self, rule_id: str) -> dict:
        """The whole entry of list ``rule_id`` (its other fields: type, weight, pairs)."""
        _USED.add(rule_id)
        return self.entries[rule_id]

    def alt(self, rule_id: str) -> str:
        """The entries of list ``rule_id`` joined into one alternation (no group around it)."""
        return "|".join(self.words(rule_id))


@lru_cache(maxsize=None)
def rule_lists(file: str) -> RuleLists:
    """The lists of ``extract/data/<file>`` (cached)."""
    return RuleLists(file)


def all_ids() -> dict[str, str]:
    """Every list and rule id of the rule files -> the file it is in."""
    out: dict[str, str] = {}
    for f in RULE_FILES:
        rl = rule_lists(f)
        for i in (*rl.lists, *rl.rules):
            if i in out:
                raise ValueError(f"id {i!r} in both {out[i]} and {f}")
            out[i] = f
    return out


def used_ids() -> frozenset[str]:
    """The list ids the code has read so far (all of them once the recogniser is imported)."""
    return frozenset(_USED)


def note(rule_id: str, name: str) -> None:
    """Record that rule ``rule_id`` fired on ``name``, when :func:`tracing` is on."""
    if _TRACE is not None:
        _TRACE.append((rule_id, name))


def is_tracing() -> bool:
    """True inside :func:`tracing` (a rule may skip building its :func:`note` arguments)."""
    return _TRACE is not None


@contextmanager
def tracing() -> Iterator[list[tuple[str, str]]]:
    """Collect the ``(rule id, name)`` pairs :func:`note` records inside the block."""
    global _TRACE
    saved, _TRACE = _TRACE, []
    try:
        yield _TRACE
    finally:
        _TRACE = saved
