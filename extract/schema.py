"""The published schema: every table, column, DuckDB type and meaning.

The ingest tables (``papers``, ``sources``) and the build's own tables (``build_problems``,
``extract_runs``) are declared here; each extraction stage declares its tables in its declaration
file ``extract/data/stages/<stage>.toml``, read here. Together they are the single source of
truth: ``tables.py`` builds DataFrames in this column order, ``store.py`` creates tables from it, ``docs/SCHEMA.md`` is generated from it
(``paper-trends schema``) and a test fails when the two disagree.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

STAGES_DIR = Path(__file__).parent / "data" / "stages"


@dataclass(frozen=True)
class Column:
    """One column of a published table."""

    name: str
    type: str  # DuckDB type
    description: str


@dataclass(frozen=True)
class Highlight:
    """How the dashboard marks rows of a span table in the abstract (one legend entry)."""

    kind: str  # legend name, e.g. "technique"
    color: str  # background colour of the span
    priority: int  # when spans overlap the lowest number colours the overlap
    where: tuple[str, str] | None = None  # only rows whose (column, value) match; None: any row


@dataclass(frozen=True)
class Table:
    """One published table.

    Besides its published columns (what ``docs/SCHEMA.md`` shows), a table carries the facts the
    pipeline and dashboard need, so a new table needs only its entry here:

    Attributes:
        stage: The extraction stage that fills it; None for ingest tables.
        sort_keys: Columns the rows of one paper are sorted by (offsets, or keyword rank).
        highlights: For span tables (rows with ``start``/``end`` offsets into the abstract):
            how the dashboard marks a row, the first one whose ``where`` matches; empty for
            other tables.
        label_column: The column naming a span in its tooltip (``name``, ``technique``, ...).
        label_details: Further columns shown after the name in the tooltip, when not NULL.
    """

    name: str
    description: str
    columns: tuple[Column, ...]
    stage: str | None = None
    sort_keys: tuple[str, ...] = ()
    highlights: tuple[Highlight, ...] = ()
    label_column: str | None = None
    label_details: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        names = set(self.column_names)
        used = [*self.sort_keys, *self.label_details]
        used += [h.where[0] for h in self.highlights if h.where]
        if self.highlights:
            if not self.label_column:
                raise ValueError(f"table {self.name}: a span table needs a label_column")
            used += ["paper_id", "start", "end", self.label_column]
        missing = [c for c in used if c not in names]
        if missing:
            raise ValueError(f"table {self.name}: no column(s) {missing}")

    @property
    def column_names(self) -> list[str]:
        """Column names in order."""
        return [c.name for c in self.columns]

    @property
    def is_span_table(self) -> bool:
        """True when its rows are spans of the abstract that the dashboard highlights."""
        return bool(self.highlights)




def stage_declarations() -> list[dict[str, Any]]:
    """Every stage's declaration file (``extract/data/stages/*.toml``), in build order.

    A stage is declared once, as data: its module, the paper fields and stage rows it reads, its
    data files, its model, its dashboard term kinds, its evaluation script and its tables with
    their columns. The registry (:mod:`extract.stages`) and :data:`TABLES` are both read from
    these files.
    """
    decls = [tomllib.loads(p.read_text(encoding="utf-8")) for p in sorted(STAGES_DIR.glob("*.toml"))]
    return sorted(decls, key=lambda d: (d["order"], d["name"]))


def _stage_table(decl: dict[str, Any], stage: str) -> Table:
    return Table(
        decl["name"],
        decl["description"],
        tuple(Column(c["name"], c["type"], c["description"]) for c in decl["columns"]),
        stage=stage,
        sort_keys=tuple(decl.get("sort_keys", ())),
        highlights=tuple(
            Highlight(h["kind"], h["color"], h["priority"], tuple(h["where"]) if "where" in h else None)
            for h in decl.get("highlights", ())
        ),
        label_column=decl.get("label_column"),
        label_details=tuple(decl.get("label_details", ())),
    )


_PID = Column("paper_id", "VARCHAR", "Paper id (`papers.paper_id`).")

_INGEST_TABLES = (
        Table(
            "papers",
            "One row per distinct paper (abstracts deduplicated across files and formats).",
            (
                Column(
                    "paper_id",
                    "VARCHAR",
                    "Stable id derived from the abstract text (case, white space and markup "
                    "ignored): the same paper gets the same id on every build.",
                ),
                Column("title", "VARCHAR", "Title where the source gives one, else NULL."),
                Column("abstract", "VARCHAR", "Abstract text (white space folded, scrape artefacts repaired)."),
                Column("venue", "VARCHAR", "Canonical venue name, e.g. `ACL`, `NeurIPS`; NULL when unknown."),
                Column("year", "INTEGER", "Conference year; NULL when unknown."),
                Column("venue_label", "VARCHAR", "`venue year`, e.g. `ACL 2025`; `unknown` when no venue."),
                Column("track", "VARCHAR", "Track as given by the source (paperlists `track`), else NULL."),
                Column("status", "VARCHAR", "Decision as given by the source (`Long`, `Poster`, `Reject`, ...), else NULL."),
                Column(
                    "accepted",
                    "BOOLEAN",
                    "TRUE/FALSE when `status` says accepted/rejected (see `extract/data/statuses.toml`), "
                    "NULL when unknown.",
                ),
                Column("author_keywords", "VARCHAR", "Author keywords joined with `; ` (ICLR lists, scraped pages), else NULL."),
                Column("n_sources", "INTEGER", "Number of places (file, locator) this paper was found."),
                Column("content_hash", "VARCHAR", "Hash of the exact stored abstract; extraction caches key on it."),
                Column(
                    "authors",
                    "VARCHAR",
                    "Author names in order, joined with `; ` (paperlists `author`, Anthology "
                    "`<author>`, OpenReview `authors`, BibTeX `author`, CSV/JSON `authors`); "
                    "NULL when the source has none.",
                ),
                Column(
                    "url",
                    "VARCHAR",
                    "Landing page of the paper (paperlists `site`, Anthology page, OpenReview "
                    "forum, BibTeX/CSV/JSON `url`); `http(s)` addresses only, else NULL.",
                ),
            ),
        ),
        Table(
            "sources",
            "Provenance: every place each paper was found.",
            (
                _PID,
                Column("source", "VARCHAR", "File name, relative to the folder given to `build`."),
                Column(
                    "locator",
                    "VARCHAR",
                    "Where in the file: `line N` (1-based; text, JSON Lines, CSV, BibTeX), "
                    "`record N` (0-based index into a JSON array), `paper ID` (ACL Anthology "
                    "id) or `note ID` (OpenReview forum id).",
                ),
                Column(
                    "format",
                    "VARCHAR",
                    "Detected format: `text`, `json`, `jsonl`, `csv`, `bibtex`, `anthology` (ACL "
                    "Anthology XML) or `openreview` (OpenReview API notes).",
                ),
            ),
        ),
)
_BUILD_TABLES = (
        Table(
            "build_problems",
            "Inputs skipped or repaired during the last build.",
            (
                Column("source", "VARCHAR", "File (or path) the problem is in."),
                Column("locator", "VARCHAR", "Line or record, when it applies."),
                Column("severity", "VARCHAR", "`error`: the file was skipped (wholly or from that point); `warning`: one record skipped or text repaired."),
                Column("message", "VARCHAR", "What is wrong."),
            ),
        ),
        Table(
            "extract_runs",
            "Which extraction stage version has run on which inputs (the incremental-build cache).",
            (
                Column("input_hash", "VARCHAR", "Hash of the paper fields the stage reads (abstract, and title for `names`, `techniques` and `keywords`) and of its dependencies' input hashes."),
                Column("stage", "VARCHAR", "Stage name (`methods`, `techniques`, `benchmarks`, `sizes`, `metrics`, `results`, `keywords`)."),
                Column("version", "VARCHAR", "Stage version: a hash of the source of every project module the stage imports, the versions of the packages they import, its data files, its model and its dependencies' versions."),
            ),
        ),
)

# papers and sources, then every stage's tables in build order, then the build's own tables
TABLES: dict[str, Table] = {
    t.name: t
    for t in (
        *_INGEST_TABLES,
        *(_stage_table(t, d["name"]) for d in stage_declarations() for t in d["tables"]),
        *_BUILD_TABLES,
    )
}

EXTRACTION_TABLES = [t.name for t in TABLES.values() if t.stage]
SPAN_TABLES = [t.name for t in TABLES.values() if t.is_span_table]


def markdown() -> str:
    """The schema as Markdown (the content of ``docs/SCHEMA.md``)."""
    lines = [
        "# Table schema",
        "",
        "Generated from `extract/schema.py` by `paper-trends schema`; do not edit by hand.",
        "Every table is in the DuckDB file and in every export (`paper-trends export`).",
        "Extraction tables are tidy: one row per (paper, mention), joined to `papers` on `paper_id`.",
        "",
    ]
    for t in TABLES.values():
        lines += [f"## `{t.name}`", "", t.description, "", "| column | type | meaning |", "| --- | --- | --- |"]
        lines += [f"| `{c.name}` | {c.type} | {c.description} |" for c in t.columns]
        lines.append("")
    return "\n".join(lines)
