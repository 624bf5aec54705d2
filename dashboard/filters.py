"""Global filters: sidebar widgets bound to the URL query string, and applying them to papers.

The sidebar (rendered by ``streamlit_app.py``) binds every widget to a query parameter, so a
filtered view can be shared as a link. Pages call :func:`current` (or
``dashboard.data.filtered``): it reads the widget values when the sidebar has run in this
session and the URL query string otherwise, so a page also works when run on its own.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd
import streamlit as st

UNKNOWN = "unknown"
THEME_PREFIX = "theme:"
MATCH_MODES = ("any", "all")
# widget key == query parameter name
K_VENUE, K_YEAR, K_TAG, K_MATCH, K_ACCEPTED, K_QUERY = (
    "venue",
    "year",
    "tag",
    "match",
    "accepted",
    "q",
)


@dataclass(frozen=True)
class Filters:
    """The global filter state. Empty selections mean "no restriction"."""

    venues: tuple[str, ...] = ()
    years: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()  # technique names, or "theme:<theme>"
    match: str = "any"
    accepted_only: bool = False
    query: str = ""

    def as_tuple(self) -> tuple:
        """A hashable form (cache key)."""
        return (self.venues, self.years, self.tags, self.match, self.accepted_only, self.query)

    @classmethod
    def from_tuple(cls, t: tuple) -> Filters:
        """Inverse of :meth:`as_tuple`."""
        return cls(*t)

    @property
    def active(self) -> bool:
        """True when any filter restricts the papers."""
        return bool(
            self.venues or self.years or self.tags or self.accepted_only or self.query.strip()
        )

    def describe(self) -> str:
        """A one-line human description (used in captions and file names)."""
        parts = []
        if self.venues:
            parts.append("venue " + " or ".join(self.venues))
        if self.years:
            parts.append("year " + " or ".join(self.years))
        if self.tags:
            joiner = " or " if self.match == "any" else " and "
            parts.append("tagged " + joiner.join(tag_label(t) for t in self.tags))
        if self.accepted_only:
            parts.append("not rejected")
        if self.query.strip():
            parts.append(f'matching "{self.query.strip()}"')
        return "; ".join(parts) if parts else "all papers"


def tag_label(tag: str) -> str:
    """Display text of a technique/theme option."""
    return f"{tag[len(THEME_PREFIX) :]} (theme)" if tag.startswith(THEME_PREFIX) else tag


def options(papers: pd.DataFrame, techniques: pd.DataFrame) -> dict[str, list[str]]:
    """Choices offered by the sidebar widgets, from the unfiltered view."""
    venues = sorted(papers["venue"].dropna().astype(str).unique())
    if papers["venue"].isna().any():
        venues.append(UNKNOWN)
    years = sorted({str(int(y)) for y in papers["year"].dropna()})
    if papers["year"].isna().any():
        years.append(UNKNOWN)
    techs = sorted(techniques["technique"].dropna().astype(str).unique(), key=str.lower)
    themes = sorted(techniques["theme"].dropna().astype(str).unique(), key=str.lower)
    return {
        "venue": venues,
        "year": years,
        "tag": [*techs, *[THEME_PREFIX + t for t in themes]],
        "has_status": [str(papers["accepted"].notna().any())],
    }


def _venue_col(papers: pd.DataFrame) -> pd.Series:
    return papers["venue"].astype("string").fillna(UNKNOWN)


def _year_col(papers: pd.DataFrame) -> pd.Series:
    y = pd.to_numeric(papers["year"], errors="coerce")
    return y.map(lambda v: UNKNOWN if pd.isna(v) else str(int(v)))


def apply(f: Filters, papers: pd.DataFrame, techniques: pd.DataFrame) -> list[str]:
    """Ids of the papers passing ``f``, in table order."""
    keep = pd.Series(True, index=papers.index)
    if f.venues:
        keep &= _venue_col(papers).isin(f.venues)
    if f.years:
        keep &= _year_col(papers).isin(f.years)
    if f.accepted_only:
        # only papers whose status says rejected are dropped; unknown decisions stay
        keep &= papers["accepted"].astype("boolean").fillna(True).astype(bool)
    terms = f.query.lower().split()
    if terms:
        from dashboard.analytics import search_text

        text = search_text(papers)
        for term in terms:
            keep &= text.str.contains(term, regex=False)
    ids = papers.loc[keep, "paper_id"]
    if f.tags:
        sets = []
        for tag in f.tags:
            if tag.startswith(THEME_PREFIX):
                hit = techniques.loc[techniques["theme"] == tag[len(THEME_PREFIX) :], "paper_id"]
            else:
                hit = techniques.loc[techniques["technique"] == tag, "paper_id"]
            sets.append(set(hit))
        tagged = set.union(*sets) if f.match == "any" else set.intersection(*sets)
        ids = ids[ids.isin(tagged)]
    return ids.tolist()


def _from_query_params() -> Filters:
    qp = st.query_params
    match = qp.get(K_MATCH, "any")
    return Filters(
        venues=tuple(qp.get_all(K_VENUE)),
        years=tuple(qp.get_all(K_YEAR)),
        tags=tuple(qp.get_all(K_TAG)),
        match=match if match in MATCH_MODES else "any",
        accepted_only=str(qp.get(K_ACCEPTED, "")).lower() in ("true", "1", "yes"),
        query=str(qp.get(K_QUERY, "")),
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
        accepted_only=bool(ss.get(K_ACCEPTED)),
        query=str(ss.get(K_QUERY) or ""),
    )


def _reset() -> None:
    st.session_state[K_VENUE] = []
    st.session_state[K_YEAR] = []
    st.session_state[K_TAG] = []
    st.session_state[K_MATCH] = "any"
    st.session_state[K_ACCEPTED] = False
    st.session_state[K_QUERY] = ""


def sidebar(opts: dict[str, list[str]]) -> Filters:
    """Render the global filters in the sidebar and return them."""
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
        help="Papers tagged with the chosen techniques or themes (see Match).",
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
    has_status = opts.get("has_status", ["True"]) == ["True"]
    sb.checkbox(
        "Accepted only",
        key=K_ACCEPTED,
        bind="query-params",
        disabled=not has_status,
        help="Drop papers whose status says rejected or withdrawn; papers without a known "
        "decision stay."
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
    return current()
