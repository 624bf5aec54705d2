"""Global filters in the app: sidebar widgets bound to the URL query string.

The sidebar (rendered by ``streamlit_app.py``) binds every widget to a query parameter, so a
filtered view can be shared as a link. Pages call :func:`current` (or
``dashboard.data.filtered``): it reads the widget values when the sidebar has run in this
session and the URL query string otherwise, so a page also works when run on its own.

The filter state itself and how it selects papers (SQL or pandas) is
:mod:`dashboard.filter_model`, re-exported here for the pages.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import streamlit as st

from dashboard import source
from dashboard.analytics.terms import resolve_names
from dashboard.filter_model import (  # noqa: F401  (re-exported for the pages)
    MATCH_MODES,
    THEME_PREFIX,
    UNKNOWN,
    Filters,
    apply,
    concept_keys,
    options,
    tag_label,
    where_sql,
)
# widget key == query parameter name
K_VENUE, K_YEAR, K_TAG, K_MATCH, K_ACCEPTED, K_QUERY = (
    "venue",
    "year",
    "tag",
    "match",
    "accepted",
    "q",
)
K_TECHNIQUE, K_THEME = "technique", "theme"  # link-only synonyms of ?tag=
K_CONCEPT = "concept"  # concepts (methods.concept), any spelling: ?concept=speculative+decoding
LINK_CHECKED = "pt_link_checked"  # session_state: the link's values were resolved
PENDING = "pt_pending_"  # session_state: resolved link values to re-apply on the next run
URL_WARNINGS = "pt_link_warnings"  # session_state: unknown values of the link


def accepted_from_url(value: str | None) -> bool:
    """The "Accepted only" state a link asks for: on unless it says false/0/no."""
    return str(value).strip().lower() not in ("false", "0", "no", "off")


def _from_query_params() -> Filters:
    qp = st.query_params
    match = qp.get(K_MATCH, "any")
    raw_tags = [
        *qp.get_all(K_TAG),
        *qp.get_all(K_TECHNIQUE),
        *(THEME_PREFIX + t for t in qp.get_all(K_THEME)),
    ]
    tags: list[str] = []
    if raw_tags:
        try:
            opts = source.tag_options()
            tags, _ = resolve_names(raw_tags, opts, source.tag_aliases())
        except Exception:  # no database yet: keep the link's values as they are
            tags = raw_tags
    return Filters(
        venues=tuple(qp.get_all(K_VENUE)),
        years=tuple(qp.get_all(K_YEAR)),
        tags=tuple(tags),
        match=match if match in MATCH_MODES else "any",
        accepted_only=accepted_from_url(qp.get(K_ACCEPTED)),
        query=str(qp.get(K_QUERY, "")),
        concepts=tuple(v for v in qp.get_all(K_CONCEPT) if v.strip()),
    )


def current() -> Filters:
    """The filters in force: the sidebar's widgets if rendered this session, else the URL."""
    ss = st.session_state
    if K_VENUE not in ss:
        return _from_query_params()
    return Filters(
        venues=tuple(ss.get(K_VENUE) or ()),
        years=tuple(ss.get(K_YEAR) or ()),
        tags=tuple(ss.get(K_TAG) or ()),
        match=ss.get(K_MATCH) or "any",
        accepted_only=bool(ss.get(K_ACCEPTED, True)),
        query=str(ss.get(K_QUERY) or ""),
        concepts=tuple(str(v) for v in (ss.get(K_CONCEPT) or ()) if str(v).strip()),
    )


def _reset() -> None:
    st.session_state[K_VENUE] = []
    st.session_state[K_YEAR] = []
    st.session_state[K_TAG] = []
    st.session_state[K_MATCH] = "any"
    st.session_state[K_ACCEPTED] = True
    st.session_state[K_QUERY] = ""
    st.session_state[K_CONCEPT] = []
    st.session_state.pop(URL_WARNINGS, None)


def _resolve_link(
    opts: dict[str, list[str]],
    aliases: dict[str, str],
    concept_labels: Callable[[list[str]], dict[str, str]] | None = None,
) -> None:
    """On a session's first run, read the link's venues and techniques in any case or alias.

    ``?tag=lora`` means ``LoRA/PEFT``, ``?venue=acl`` ``ACL``, ``?technique=`` and ``?theme=``
    are accepted too; Streamlit's binding alone would drop such values silently. Unknown values
    become one warning each, naming the closest options. ``?concept=`` values in any spelling
    (``LLM judges`` for ``LLM-as-a-judge``) become the concept's label (``concept_labels``:
    key -> label of the concepts in the database).
    """
    ss, qp = st.session_state, st.query_params
    if LINK_CHECKED in ss:
        for key in (K_VENUE, K_TAG, K_CONCEPT):  # the values fixed on the first run (see below)
            if PENDING + key in ss:
                ss[key] = ss.pop(PENDING + key)
        return
    ss[LINK_CHECKED] = True
    warnings: list[str] = []
    extra = {K_TECHNIQUE: "", K_THEME: THEME_PREFIX}
    for key, names, al, what in (
        (K_VENUE, opts["venue"], None, "venue"),
        (K_TAG, opts["tag"], aliases, "technique or theme"),
    ):
        raw = list(qp.get_all(key))
        if key == K_TAG:
            raw += [prefix + v for p, prefix in extra.items() for v in qp.get_all(p)]
        if not raw:
            continue
        labels = {tag_label(o) for o in names} | set(names)
        resolved, unknown = resolve_names(raw, names, al)
        if any(v not in labels for v in raw):
            # Streamlit's binding keeps only exact option labels and would drop the rest
            ss[key] = resolved
            ss[PENDING + key] = resolved
        for value, close in unknown.items():
            hint = f" Closest: {', '.join(close)}." if close else ""
            warnings.append(f"Unknown {what} “{value}” in the link: ignored.{hint}")
    raw = [v for v in qp.get_all(K_CONCEPT) if v.strip()]
    if raw and concept_labels is not None:
        labels = concept_labels(raw)
        resolved = list(dict.fromkeys(labels[k] for k in concept_keys(raw) if k in labels))
        if resolved != raw:
            ss[K_CONCEPT] = resolved
            ss[PENDING + K_CONCEPT] = resolved
        for value in raw:
            if not any(k in labels for k in concept_keys([value])):
                warnings.append(f"Unknown concept “{value}” in the link: ignored.")
    for p in extra:
        if p in qp:
            del qp[p]
    if warnings:
        ss[URL_WARNINGS] = warnings


def _pending_fix() -> None:
    """After the bound widgets ran: rerun once if the link's binding overrode resolved values."""
    ss = st.session_state
    stale = [k for k in (K_VENUE, K_TAG, K_CONCEPT) if PENDING + k in ss]
    if not stale:
        return
    if all(list(ss.get(k) or []) == ss[PENDING + k] for k in stale):
        for k in stale:
            ss.pop(PENDING + k)
        return
    st.rerun()


def _clear_link_warnings() -> None:
    st.session_state.pop(URL_WARNINGS, None)


def link_warnings() -> list[str]:
    """Warnings about values of the link that name no venue or technique (shown on each page)."""
    return list(st.session_state.get(URL_WARNINGS, []))


def sidebar(
    opts: dict[str, list[str]],
    aliases: dict[str, str] | None = None,
    hidden: Callable[[Filters], int] | None = None,
    concepts: list[str] | None = None,
    concept_labels: Callable[[list[str]], dict[str, str]] | None = None,
) -> Filters:
    """Render the global filters in the sidebar and return them.

    Args:
        opts: :func:`options`.
        aliases: Lower-case names -> tag (``dashboard.analytics.tag_aliases``) for links.
        hidden: Papers the "Accepted only" box hides under the other filters.
        concepts: The concept labels offered (others can be typed); None: no box (a database
            without concepts).
        concept_labels: Concepts in any spelling -> ``{concept_key: label}`` of those in the
            database (resolves a link's ``?concept=``).
    """
    _resolve_link(opts, aliases or {}, concept_labels)
    sb = st.sidebar
    sb.header("Filters")
    sb.multiselect(
        "Venue", opts["venue"], key=K_VENUE, bind="query-params", placeholder="All venues"
    )
    sb.multiselect("Year", opts["year"], key=K_YEAR, bind="query-params", placeholder="All years")
    sb.multiselect(
        "Technique / theme",
        opts["tag"],
        key=K_TAG,
        bind="query-params",
        format_func=tag_label,
        placeholder="Any" if opts["tag"] else "No techniques extracted yet",
        help="Papers tagged with the chosen techniques or themes (see Match). In a link, "
        "`?tag=` takes a technique or theme in any case or an acronym (`?tag=lora`).",
        # Enter picks the best match; with "select all matches" it would add every fuzzy one
        select_all=False,
        on_change=_clear_link_warnings,
    )
    sb.segmented_control(
        "Match",
        MATCH_MODES,
        default="any",
        key=K_MATCH,
        bind="query-params",
        format_func=lambda m: "any of" if m == "any" else "all of",
        help="any of: tagged with at least one choice; all of: with every choice.",
    )
    if concepts is not None:
        sb.multiselect(
            "Concept",
            concepts,
            key=K_CONCEPT,
            bind="query-params",
            placeholder="Any",
            accept_new_options=True,
            select_all=False,
            on_change=_clear_link_warnings,
            help="Papers naming any of these techniques, as a method name or a method phrase "
            "in any spelling (`LLM judges` = `LLM-as-a-judge`); Trends charts them instead. "
            "The list offers the most frequent ones; type any other and press Enter. "
            "In a link: `?concept=speculative+decoding`.",
        )
    has_status = opts.get("has_status", ["True"]) == ["True"]
    n_hidden = 0
    if has_status and hidden is not None:
        others = current() if K_VENUE in st.session_state else _from_query_params()
        n_hidden = hidden(replace(others, accepted_only=False))
    sb.checkbox(
        f"Accepted only (hides {n_hidden:,} rejected or withdrawn)"
        if n_hidden
        else "Accepted only",
        value=True,
        key=K_ACCEPTED,
        bind="query-params",
        disabled=not has_status,
        help="On by default: drop papers whose status says rejected or withdrawn (ICLR lists "
        "every submission); papers without a known decision stay. The count is of the papers "
        "passing the other filters."
        if has_status
        else "No paper in this data has a known decision.",
    )
    sb.text_input(
        "Search titles, abstracts, authors",
        key=K_QUERY,
        bind="query-params",
        placeholder="e.g. retrieval",
        help="Every word must occur in the title, abstract or author names (case-insensitive).",
    )
    sb.button("Reset filters", on_click=_reset, width="stretch")
    _pending_fix()
    return current()
