"""Build DataFrames in the published column order and types (see ``schema.py``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pandas as pd

from extract.ingest import Paper
from extract.records import Problem
from extract.schema import TABLES

_PANDAS_TYPES = {
    "VARCHAR": "string",
    "INTEGER": "Int64",
    "DOUBLE": "Float64",
    "BOOLEAN": "boolean",
}


def _is_array(sql_type: str) -> bool:
    """``FLOAT[256]`` and other fixed-size DuckDB arrays."""
    return sql_type.endswith("]")


def _pandas_type(sql_type: str) -> str:
    return "object" if _is_array(sql_type) else _PANDAS_TYPES[sql_type]


def _as_tuple(value: Any) -> Any:
    """An array cell as a tuple of floats (hashable, so frames sort and compare); None stays."""
    if value is None or value is pd.NA:
        return None
    return tuple(value.tolist() if hasattr(value, "tolist") else map(float, value))


def frame(table: str, rows: Iterable[Mapping[str, Any]]) -> pd.DataFrame:
    """A DataFrame for ``table`` with exactly its schema's columns and dtypes.

    Array columns (``FLOAT[256]``) hold one tuple of floats per row; DuckDB stores them as
    fixed-size arrays.

    Raises:
        KeyError: a row lacks a schema column.
    """
    spec = TABLES[table]
    cols = spec.column_names
    arrays = {i for i, c in enumerate(spec.columns) if _is_array(c.type)}
    if arrays:
        data = [
            [_as_tuple(row[c]) if i in arrays else row[c] for i, c in enumerate(cols)]
            for row in rows
        ]
    else:
        data = [[row[c] for c in cols] for row in rows]
    df = pd.DataFrame(data, columns=cols)
    return df.astype({c.name: _pandas_type(c.type) for c in spec.columns})


def papers_frame(papers: list[Paper]) -> pd.DataFrame:
    """The ``papers`` table."""
    return frame(
        "papers",
        (
            {
                "paper_id": p.paper_id,
                "title": p.title,
                "abstract": p.abstract,
                "venue": p.venue,
                "year": p.year,
                "venue_label": p.venue_label,
                "track": p.track,
                "status": p.status,
                "accepted": p.accepted,
                "author_keywords": "; ".join(p.author_keywords) or None,
                "n_sources": len(p.sources),
                "content_hash": p.content_hash,
                "authors": "; ".join(p.authors) or None,
                "url": p.url,
            }
            for p in papers
        ),
    )


def sources_frame(papers: list[Paper]) -> pd.DataFrame:
    """The ``sources`` table."""
    return frame(
        "sources",
        (
            {"paper_id": p.paper_id, "source": s, "locator": loc, "format": fmt}
            for p in papers
            for s, loc, fmt in p.sources
        ),
    )


def problems_frame(problems: list[Problem]) -> pd.DataFrame:
    """The ``build_problems`` table."""
    return frame(
        "build_problems",
        ({"source": p.source, "locator": p.locator, "severity": p.severity, "message": p.message} for p in problems),
    )


def papers_from_frames(papers: pd.DataFrame, sources: pd.DataFrame) -> list[Paper]:
    """The inverse of :func:`papers_frame`/:func:`sources_frame`: papers of an existing database.

    Used by ``paper-trends add`` to merge new records into the papers already stored.
    """
    def val(v: Any) -> Any:
        return None if v is None or v is pd.NA or (isinstance(v, float) and v != v) else v

    by_paper: dict[str, list[tuple[str, str, str]]] = {}
    for r in sources.itertuples(index=False):
        by_paper.setdefault(r.paper_id, []).append((r.source, val(r.locator), r.format))
    out = []
    for r in papers.itertuples(index=False):
        kws = val(r.author_keywords)
        year = val(r.year)
        authors = val(getattr(r, "authors", None))  # absent from databases built before it
        out.append(
            Paper(
                paper_id=r.paper_id,
                abstract=r.abstract,
                title=val(r.title),
                venue=val(r.venue),
                year=int(year) if year is not None else None,
                track=val(r.track),
                status=val(r.status),
                author_keywords=kws.split("; ") if kws else [],
                authors=authors.split("; ") if authors else [],
                url=val(getattr(r, "url", None)),
                sources=by_paper.get(r.paper_id, []),
            )
        )
    return out
