r"""Cue lists: the word lists and cue phrases of the rule stages' regexes, kept as data.

A cue file (``extract/data/*_cues.toml``) holds ``[[cue]]`` entries, each with an ``id``, the
``pattern`` (module constant) that uses it, and its ``alternatives`` in order. An alternative
is a regular-expression fragment, most of them plain words or phrases ("improvements?",
"set to", "reach\\w*"); a placeholder such as ``{SP}`` (a space class) is filled in by the
caller. :func:`cue_lists` joins each list into one alternation in file order, so the regex built
from it is the one written out by hand: order and semantics kept.
"""

from __future__ import annotations

from types import SimpleNamespace

from extract.datafiles import load_toml


def cue_entries(name: str) -> list[dict]:
    """The ``[[cue]]`` entries of ``extract/data/<name>``, in file order."""
    return list(load_toml(name).get("cue", []))


def cue_lists(name: str, **placeholders: str) -> SimpleNamespace:
    """Each cue of ``extract/data/<name>`` as one alternation string, by id (an attribute).

    Args:
        name: The cue file, e.g. ``"results_cues.toml"``.
        **placeholders: Text put for ``{NAME}`` in the alternatives (``SP=SP``).

    Returns:
        A namespace with one attribute per cue id, holding its alternatives joined by a bar.
    """
    out: dict[str, str] = {}
    for cue in cue_entries(name):
        joined = "|".join(cue["alternatives"])
        for key, value in placeholders.items():
            joined = joined.replace("{" + key + "}", value)
        if cue["id"] in out:
            raise ValueError(f"{name}: cue id {cue['id']!r} twice")
        out[cue["id"]] = joined
    return SimpleNamespace(**out)
