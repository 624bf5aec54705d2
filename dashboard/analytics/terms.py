"""Names people type (aliases, fuzzy matching of terms and link values) and the adoption of
one term (first seen, papers using it).

Pure functions, no Streamlit (see :mod:`dashboard.analytics`).
"""

from __future__ import annotations

from collections.abc import Iterable

import pandas as pd

from dashboard.analytics.statistics import UNKNOWN, is_in


# --- Names people type: aliases and matching -----------------------------------------------------

_REGEX_CHARS = set("\\[](){}?*+|^$.")


def tag_aliases(taxonomy: dict) -> dict[str, str]:
    r"""Lower-case names -> technique tag (or ``theme:<theme>``), derived from the taxonomy.

    Priority, highest first: the tag itself; a theme's name; a part of a tag split on ``/``
    (``lora`` and ``peft`` for ``LoRA/PEFT``); an acronym (``CoT``); the literal a token
    pattern must contain (``LoRA`` of ``\w*LoRA``); a plain phrase (``adapters``). A name
    claimed by two tags at the same level is left out (ambiguous); a higher level always wins.
    """
    levels: list[dict[str, set[str]]] = [{} for _ in range(6)]

    def add(level: int, name: str, target: str) -> None:
        name = name.strip().lower()
        if name:
            levels[level].setdefault(name, set()).add(target)

    for e in taxonomy.get("technique", []):
        tag = e["tag"]
        add(0, tag, tag)
        add(1, e["theme"], "theme:" + e["theme"])
        for part in tag.split("/"):
            add(2, part, tag)
        for acr in e.get("acronyms", []):
            add(3, acr, tag)
        for tok in e.get("tokens", []):
            if isinstance(tok, dict) and isinstance(tok.get("contains"), str):
                add(4, tok["contains"], tag)
        for ph in e.get("phrases", []):
            if isinstance(ph, str) and not _REGEX_CHARS & set(ph):
                add(5, ph, tag)
    out: dict[str, str] = {}
    for level in levels:
        for name, targets in level.items():
            if name not in out and len(targets) == 1:
                out[name] = next(iter(targets))
    return out


MATCH_KINDS = ("exact", "alias", "prefix", "contains", "similar")


def match_terms(
    query: str,
    candidates: Iterable[str],
    aliases: dict[str, str] | None = None,
    limit: int = 8,
) -> list[tuple[str, str]]:
    """Candidates matching what a user typed, best first, with how each matched.

    Order: an exact match ignoring case (alone when there is one: an exact match wins over
    fuzzy ones), then an alias (:func:`tag_aliases`), then candidates starting with the query,
    then containing it, then similar spellings (``difflib``), at most ``limit``.

    Returns:
        ``[(candidate, how)]`` with ``how`` one of :data:`MATCH_KINDS`.
    """
    import difflib

    q = " ".join(query.split()).lower()
    if not q:
        return []
    cands = list(dict.fromkeys(str(c) for c in candidates))
    low = [c.lower() for c in cands]
    exact = [c for c, lc in zip(cands, low) if lc == q]
    if exact:
        return [(exact[0], "exact")]
    out: list[tuple[str, str]] = []
    seen: set[str] = set()

    def push(c: str, how: str) -> None:
        if c not in seen and len(out) < limit:
            seen.add(c)
            out.append((c, how))

    if aliases and q in aliases:
        target = aliases[q]
        pool = set(cands)
        if target in pool:
            push(target, "alias")
    for c, lc in zip(cands, low):
        if lc.startswith(q):
            push(c, "prefix")
    for c, lc in zip(cands, low):
        if q in lc:
            push(c, "contains")
    if len(out) < limit:
        by_low = dict(zip(low, cands))
        for lc in difflib.get_close_matches(q, low, n=limit, cutoff=0.6):
            push(by_low[lc], "similar")
        if aliases:
            for name in difflib.get_close_matches(q, list(aliases), n=limit, cutoff=0.75):
                if aliases[name] in set(cands):
                    push(aliases[name], "similar")
    return out


def resolve_names(
    values: Iterable[str], options: Iterable[str], aliases: dict[str, str] | None = None
) -> tuple[list[str], dict[str, list[str]]]:
    """Map names from a link (``?tag=lora``) to the options they mean.

    A value resolves when it equals an option ignoring case or is an alias of one
    (:func:`match_terms` ``exact``/``alias``). Theme options are written ``theme:<theme>`` and
    also accept ``<theme> (theme)``.

    Returns:
        The resolved options (in order, once each) and, per unresolved value, up to three closest
        options.
    """
    opts = list(dict.fromkeys(options))
    label_of = {o: (f"{o[6:]} (theme)" if o.startswith("theme:") else o) for o in opts}
    by_label = {v.lower(): k for k, v in label_of.items()}
    resolved: list[str] = []
    unknown: dict[str, list[str]] = {}
    for v in values:
        v = str(v)
        hit = None
        if v in label_of:
            hit = v
        elif v.strip().lower() in by_label:
            hit = by_label[v.strip().lower()]
        else:
            m = match_terms(v, opts, aliases, limit=3)
            if m and m[0][1] in ("exact", "alias"):
                hit = m[0][0]
            else:
                unknown[v] = [label_of.get(c, c) for c, _ in m[:3]]
        if hit is not None and hit not in resolved:
            resolved.append(hit)
    return resolved, unknown


# --- Adoption of one term -------------------------------------------------------------------------


def first_seen(hits: pd.DataFrame, papers: pd.DataFrame) -> dict | None:
    """When and where a term first appears among ``papers`` (``hits``: ``paper_id`` rows).

    Returns:
        ``year``, ``venues`` (sorted list of venues with it that year), ``papers`` (how many
        that year) and ``total`` (papers with it in all years); None when no paper has it.
    """
    p = papers.dropna(subset=["year"])
    mine = p[is_in(p["paper_id"], hits["paper_id"])]
    if mine.empty:
        return None
    first = int(mine["year"].min())
    that = mine[mine["year"] == first]
    return {
        "year": first,
        "venues": sorted(that["venue"].fillna(UNKNOWN).astype(str).unique()),
        "papers": int(that["paper_id"].nunique()),
        "total": int(mine["paper_id"].nunique()),
    }


def term_papers(hits: pd.DataFrame, papers: pd.DataFrame, k: int = 50) -> pd.DataFrame:
    """The top papers of a term: those naming it in the title first, then the earliest.

    Args:
        hits: ``paper_id`` and ``text`` (the words that matched, e.g. the evidence); a paper
            with several rows keeps its first.
        papers: ``paper_id``, ``title``, ``venue_label``, ``year``.
        k: Rows to return.

    Returns:
        ``title``, ``venue_label``, ``year``, ``text``, ``in_title`` and ``paper_id``.
    """
    cols = ["title", "venue_label", "year", "text", "in_title", "paper_id"]
    h = hits[is_in(hits["paper_id"], papers["paper_id"])].drop_duplicates("paper_id")
    if h.empty:
        return pd.DataFrame(columns=cols)
    out = h[["paper_id", "text"]].merge(
        papers[["paper_id", "title", "venue_label", "year"]], on="paper_id"
    )
    title = out["title"].fillna("").astype(str).str.lower().tolist()
    text = out["text"].astype(str).str.lower().tolist()
    out["in_title"] = [bool(w) and w in t for t, w in zip(title, text)]
    out = out.sort_values(["in_title", "year", "title"], ascending=[False, True, True])
    return out.head(k).reset_index(drop=True)[cols]
