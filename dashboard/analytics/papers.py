"""Papers: search, one paper's rows and spans, similar papers, and the Data page's column and
accuracy tables.

Pure functions, no Streamlit (see :mod:`dashboard.analytics`).
"""

from __future__ import annotations

from collections.abc import Iterable

import pandas as pd

from extract.schema import TABLES, Table


# --- Papers ------------------------------------------------------------------------------------


def search_text(papers: pd.DataFrame) -> pd.Series:
    """What a text search looks in: title, abstract and author names, lower-cased.

    ``authors`` is left out for databases built before it existed.
    """
    cols = [c for c in ("title", "abstract", "authors") if c in papers.columns]
    text = pd.Series("", index=papers.index, dtype=object)
    for c in cols:
        text = text + " \n " + papers[c].astype(object).where(papers[c].notna(), "").astype(str)
    return text.str.lower()


def search(papers: pd.DataFrame, query: str) -> pd.DataFrame:
    """The papers whose title, abstract or authors contain every word of ``query``.

    Case-insensitive; a word may match in any of the three.
    """
    terms = query.lower().split()
    if not terms:
        return papers
    text = search_text(papers)
    keep = pd.Series(True, index=papers.index)
    for term in terms:
        keep &= text.str.contains(term, regex=False)
    return papers[keep]


def span_rows(text: str, spans: Iterable) -> pd.DataFrame:
    """The spans of one abstract as a table, in text order.

    Returns:
        ``kind``, ``text`` (as in the abstract), ``what`` (the tooltip label), ``start``, ``end``.
    """
    rows = [
        {
            "kind": s.kind,
            "text": text[int(s.start) : int(s.end)],
            "what": s.label,
            "start": int(s.start),
            "end": int(s.end),
        }
        for s in spans
    ]
    out = pd.DataFrame(rows, columns=["kind", "text", "what", "start", "end"])
    return out.sort_values(["start", "end"], kind="stable").reset_index(drop=True)


def paper_rows(df: pd.DataFrame, table: str, paper_id: str) -> pd.DataFrame:
    """The rows of one paper in ``table``, in the table's order (``Table.sort_keys``)."""
    rows = df[df["paper_id"] == paper_id]
    keys = list(TABLES[table].sort_keys)
    return rows.sort_values(keys, kind="stable") if keys else rows


def title_only_names(methods: pd.DataFrame, paper_id: str) -> list[str]:
    """Names and method phrases only the paper's title gives (rows without offsets), as labels.

    "WateRF: Robust Watermarks in Radiance Fields ..." proposes WateRF though its abstract only
    says "we introduce an innovative watermarking method"; "Segment This Thing: Foveated
    Tokenization ..." names its technique only in the title: such rows have no span to highlight.
    """
    if methods.empty or "start" not in methods.columns:
        return []
    rows = methods[(methods["paper_id"] == paper_id) & methods["start"].isna()]
    return [f"{r.name} ({r.role} {r.type})" for r in rows.itertuples()]


def title_only_tags(techniques: pd.DataFrame, paper_id: str) -> list[str]:
    """Technique tags only the paper's title names (rows without offsets), as labels.

    "Surface-Based Retrieval Reduces Perplexity of Retrieval-Augmented Language Models" is
    tagged RAG though its abstract only says "retrieval-augmented models": such rows have no span
    to highlight; ``evidence`` is the title's words.
    """
    if techniques.empty or "start" not in techniques.columns:
        return []
    rows = techniques[(techniques["paper_id"] == paper_id) & techniques["start"].isna()]
    return [f"{r.technique} (technique: {r.evidence})" for r in rows.itertuples()]


# --- Similar papers -------------------------------------------------------------------------------


def unit_rows(matrix):
    """``matrix`` (papers × dims) as float32 rows of length 1 (zero rows stay zero)."""
    import numpy as np

    m = np.asarray(matrix, dtype=np.float32)
    norms = np.linalg.norm(m, axis=1, keepdims=True)
    norms[norms == 0] = 1
    return m / norms


def nearest_neighbours(unit, ids, paper_id: str, k: int = 10, index=None) -> pd.DataFrame:
    """The ``k`` papers whose embeddings are closest (cosine) to ``paper_id``'s.

    Args:
        unit: Row-normalised embeddings (:func:`unit_rows`), one row per id.
        ids: Paper ids in row order.
        paper_id: The paper to find neighbours of.
        k: How many.
        index: ``{paper_id: row}`` (built from ``ids`` when not given; pass it to save time).

    Returns:
        ``paper_id``, ``similarity`` (cosine, 3 decimals), most similar first, without the paper
        itself; empty when the paper has no embedding.
    """
    import numpy as np

    index = index if index is not None else {p: i for i, p in enumerate(ids)}
    row = index.get(paper_id)
    cols = ["paper_id", "similarity"]
    if row is None or len(index) < 2:
        return pd.DataFrame(columns=cols)
    sims = unit @ unit[row]
    sims[row] = -np.inf
    k = min(k, len(sims) - 1)
    top = np.argpartition(-sims, k - 1)[:k]
    top = top[np.lexsort((top, -sims[top]))]
    return pd.DataFrame(
        {"paper_id": [ids[i] for i in top], "similarity": np.round(sims[top].astype(float), 3)}
    )


# --- Data --------------------------------------------------------------------------------------


def column_table(table: Table) -> pd.DataFrame:
    """The published columns of ``table``: ``column``, ``type``, ``meaning``."""
    return pd.DataFrame(
        [{"column": c.name, "type": c.type, "meaning": c.description} for c in table.columns],
        columns=["column", "type", "meaning"],
    )


def accuracy_level(row: dict) -> str:
    """A row of ``dashboard/accuracy.json``'s level: ``all``, ``part`` (dev, heldout, blind,
    seeds: pooled over the labelled files) or ``split`` (one labelled batch); a file written
    before rows had levels has the pooled ``blind`` row and split rows."""
    if row.get("level"):
        return row["level"]
    return {"all": "all", "blind": "part"}.get(row["part"], "split")


def accuracy_table(rows: list[dict], levels: tuple[str, ...] = ("all", "part", "split")
                   ) -> pd.DataFrame:
    """The rows of ``dashboard/accuracy.json`` at ``levels`` (:func:`accuracy_level`) as a table
    for people.

    Returns:
        ``table``, ``measure``, ``part``, ``abstracts``, ``precision`` and ``recall`` (``0.91
        [0.85–0.95]``), ``F1``; precision/recall ``–`` when there was nothing to count.
    """

    def show(value: float | None, ci: list[float] | None) -> str:
        if value is None:
            return "–"
        return f"{value:.2f}" + (f" [{ci[0]:.2f}–{ci[1]:.2f}]" if ci else "")

    cols = ["table", "measure", "part", "abstracts", "precision", "recall", "F1"]
    out = pd.DataFrame(
        [
            {
                "table": r["table"],
                "measure": r["measure"],
                "part": r["part"],
                "abstracts": r["abstracts"],
                "precision": show(r.get("precision"), r.get("precision_ci")),
                "recall": show(r.get("recall"), r.get("recall_ci")),
                "F1": r.get("f1"),
            }
            for r in rows
            if accuracy_level(r) in levels
        ],
        columns=cols,
    )
    return out
