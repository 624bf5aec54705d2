"""The global filter state as data: what it keeps, how it reads, and how it becomes SQL.

No Streamlit here (the sidebar and URL binding is :mod:`dashboard.filters`). A
:class:`Filters` value is applied in one of two ways that keep the same papers:

- :func:`where_sql`: a parameterised ``WHERE`` clause over the ``papers`` table of a DuckDB
  database (``dashboard.data`` runs it on the database file, opened read-only);
- :func:`apply`: the same rules over pandas frames (for frames already in memory and tests).

A text search keeps the papers with every word of the query as a substring of the title,
abstract or authors; when ``dashboard.data`` resolves it through the full-text index instead
(``search_ids``), the index's rule applies: every word as a word or a word's start.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from dashboard.analytics.papers import search_text
from dashboard.analytics.statistics import is_in

UNKNOWN = "unknown"
THEME_PREFIX = "theme:"
MATCH_MODES = ("any", "all")
SEARCH_COLUMNS = ("title", "abstract", "authors")  # what a text search looks in


@dataclass(frozen=True)
class Filters:
    """The global filter state. Empty selections mean "no restriction"."""

    venues: tuple[str, ...] = ()
    years: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()  # technique names, or "theme:<theme>"
    match: str = "any"
    accepted_only: bool = False  # the sidebar's default is True (see dashboard.filters)
    query: str = ""
    # concepts (``methods.concept``, any spelling: matched by ``concept_key``); papers with any
    concepts: tuple[str, ...] = ()

    def as_tuple(self) -> tuple:
        """A hashable form (cache key)."""
        return (
            self.venues,
            self.years,
            self.tags,
            self.match,
            self.accepted_only,
            self.query,
            self.concepts,
        )

    @classmethod
    def from_tuple(cls, t: tuple) -> Filters:
        """Inverse of :meth:`as_tuple`."""
        return cls(*t)

    @property
    def active(self) -> bool:
        """True when any filter restricts the papers."""
        return bool(
            self.venues
            or self.years
            or self.tags
            or self.accepted_only
            or self.query.strip()
            or self.concepts
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
        if self.concepts:
            parts.append("with concept " + " or ".join(self.concepts))
        if self.accepted_only:
            parts.append("not rejected")
        if self.query.strip():
            parts.append(f'matching "{self.query.strip()}"')
        return "; ".join(parts) if parts else "all papers"


def tag_label(tag: str) -> str:
    """Display text of a technique/theme option."""
    return f"{tag[len(THEME_PREFIX) :]} (theme)" if tag.startswith(THEME_PREFIX) else tag


def concept_keys(concepts) -> list[str]:
    """The distinct non-empty concept keys (``extract.phrases.concepts.lookup_key``) of
    ``concepts`` in order: "LLM-as-a-judge" and "LLM judges" are both ``llmjudge``, and
    "retrieval-augmented generation" is ``rag``, the concept of the name RAG."""
    from extract.phrases.concepts import lookup_key

    return list(dict.fromkeys(k for k in (lookup_key(str(c)) for c in concepts) if k))


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


def apply(
    f: Filters,
    papers: pd.DataFrame,
    techniques: pd.DataFrame,
    methods: pd.DataFrame | None = None,
) -> list[str]:
    """Ids of the papers passing ``f``, in table order.

    ``methods`` (``paper_id``, ``concept_key``) is needed when ``f`` picks concepts.
    """
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
        ids = ids[is_in(ids, tagged)]
    if f.concepts:
        if methods is None:
            raise ValueError("filtering by concept needs the methods rows")
        keys = concept_keys(f.concepts)
        ids = ids[is_in(ids, set(methods.loc[methods["concept_key"].isin(keys), "paper_id"]))]
    return ids.tolist()


def _tag_sql(tag: str, techniques: str) -> tuple[str, list]:
    if tag.startswith(THEME_PREFIX):
        return f"SELECT paper_id FROM {techniques} WHERE theme = ?", [tag[len(THEME_PREFIX) :]]
    return f"SELECT paper_id FROM {techniques} WHERE technique = ?", [tag]


def where_sql(
    f: Filters,
    alias: str = "p",
    techniques: str = "techniques",
    search_columns: tuple[str, ...] = SEARCH_COLUMNS,
    search_ids: list[str] | None = None,
    methods: str = "methods",
) -> tuple[str, list]:
    """``f`` as a parameterised SQL condition on ``papers AS <alias>`` (same papers as apply).

    Args:
        f: The filters.
        alias: The alias of the ``papers`` table in the query.
        techniques: The (qualified) name of the techniques table or view the tags look in.
        search_columns: The paper columns a text search looks in (``authors`` may be missing
            in databases built before it existed).
        search_ids: The papers matching ``f.query`` as the full-text index resolved them
            (``extract.index``): the search becomes one ``paper_id`` list condition. None: the
            SQL path (every word a substring of a search column).
        methods: The (qualified) name of the methods table or view concepts look in.

    Returns:
        ``(condition, parameters)``; the condition is ``TRUE`` when nothing is filtered.
        Every value the user chose is a ``?`` parameter, never part of the SQL text.
    """
    conds: list[str] = []
    params: list = []

    def marks(values) -> str:
        return ", ".join("?" for _ in values)

    if f.venues:
        venue = f"coalesce(CAST({alias}.venue AS VARCHAR), '{UNKNOWN}')"
        conds.append(f"{venue} IN ({marks(f.venues)})")
        params += list(f.venues)
    if f.years:
        conds.append(
            f"coalesce(CAST(CAST({alias}.year AS BIGINT) AS VARCHAR), '{UNKNOWN}') "
            f"IN ({marks(f.years)})"
        )
        params += list(f.years)
    if f.accepted_only:
        conds.append(f"coalesce({alias}.accepted, TRUE)")
    if search_ids is not None and f.query.strip():
        conds.append(f"list_contains(CAST(? AS VARCHAR[]), {alias}.paper_id)")
        params.append(list(search_ids))
    for term in ([] if search_ids is not None else f.query.lower().split()):
        either = " OR ".join(
            f"contains(lower(coalesce(CAST({alias}.{c} AS VARCHAR), '')), ?)"
            for c in search_columns
        )
        conds.append(f"({either})")
        params += [term] * len(search_columns)
    if f.tags:
        parts = [_tag_sql(t, techniques) for t in f.tags]
        if f.match == "any":
            union = " UNION ".join(sql for sql, _ in parts)
            conds.append(f"{alias}.paper_id IN ({union})")
            params += [p for _, ps in parts for p in ps]
        else:
            for sql, ps in parts:
                conds.append(f"{alias}.paper_id IN ({sql})")
                params += ps
    if f.concepts:
        keys = concept_keys(f.concepts)
        conds.append(
            f"{alias}.paper_id IN (SELECT paper_id FROM {methods} "
            f"WHERE concept_key IN ({marks(keys) or 'NULL'}))"
        )
        params += keys
    return (" AND ".join(conds) if conds else "TRUE"), params
