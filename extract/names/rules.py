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
entries as a tuple. The patterns stay in the code; the vocabulary they match is data.

:func:`used_ids` tells which ids the code has read (a test checks that no entry is dead).
"""

from __future__ import annotations

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


class RuleLists:
    """The ``[[list]]`` entries of one rule file, by id."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.lists: dict[str, tuple[str, ...]] = {}
        for entry in load_toml(file).get("list", []):
            if entry["id"] in self.lists:
                raise ValueError(f"{file}: duplicate id {entry['id']!r}")
            self.lists[entry["id"]] = tuple(entry["alternatives"])

    def words(self, rule_id: str) -> tuple[str, ...]:
        """The entries of list ``rule_id``, in order."""
        _USED.add(rule_id)
        return self.lists[rule_id]

    def alt(self, rule_id: str) -> str:
        """The entries of list ``rule_id`` joined into one alternation (no group around it)."""
        return "|".join(self.words(rule_id))


@lru_cache(maxsize=None)
def rule_lists(file: str) -> RuleLists:
    """The lists of ``extract/data/<file>`` (cached)."""
    return RuleLists(file)


def all_ids() -> dict[str, str]:
    """Every list id of the rule files -> the file it is in."""
    return {i: f for f in RULE_FILES for i in rule_lists(f).lists}


def used_ids() -> frozenset[str]:
    """The list ids the code has read so far (all of them once the recogniser is imported)."""
    return frozenset(_USED)
