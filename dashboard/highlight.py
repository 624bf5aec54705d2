"""Highlighting extracted spans in an abstract, safely.

Spans come from the ``start``/``end`` offsets of the span tables. Which tables those are, the
kind, colour and priority of their spans and the columns that label them are declared once, in
``extract/schema.py`` (``Table.highlights``, ``label_column``, ``label_details``); nothing here
names a table. Overlapping spans are resolved by cutting the text at every span boundary: each
piece carries every kind that covers it, is coloured by the most specific one (lowest priority
number) and lists all of them in its tooltip. Every piece of paper text is passed through
``html.escape``.
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping
from dataclasses import dataclass

import pandas as pd

from extract.schema import SPAN_TABLES, TABLES, Highlight, Table

HIGHLIGHTS: tuple[Highlight, ...] = tuple(
    sorted((h for t in SPAN_TABLES for h in TABLES[t].highlights), key=lambda h: h.priority)
)
KINDS = tuple(h.kind for h in HIGHLIGHTS)  # also the priority order when spans overlap
_RANK = {k: i for i, k in enumerate(KINDS)}
SPAN_COLORS = {h.kind: h.color for h in HIGHLIGHTS}  # highlight colour per span kind
if len(set(KINDS)) != len(KINDS):
    raise ValueError(f"span kinds declared twice in extract/schema.py: {KINDS}")


@dataclass(frozen=True)
class Span:
    """One extracted span: [start, end) in the abstract, its kind and a label."""

    start: int
    end: int
    kind: str
    label: str


def _missing(value: object) -> bool:
    if value is None or value is pd.NA or value is pd.NaT:
        return True
    return isinstance(value, float) and math.isnan(value)


def _show(value: object) -> str:
    """A cell as text: whole numbers with thousands separators, others as ``%g``."""
    if isinstance(value, float):
        return f"{int(value):,}" if value.is_integer() and abs(value) < 1e18 else f"{value:g}"
    return str(value)


def highlight_of(table: Table, row: Mapping[str, object]) -> Highlight | None:
    """The first highlight of ``table`` whose ``where`` matches ``row`` (None: not shown)."""
    for h in table.highlights:
        if h.where is None or row.get(h.where[0]) == h.where[1]:
            return h
    return None


def span_label(table: Table, kind: str, row: Mapping[str, object]) -> str:
    """Tooltip text of one row: ``kind: <label column> (<detail> <value>; ...)``."""
    label = f"{kind}: {_show(row.get(table.label_column))}"
    details = [f"{c} {_show(row.get(c))}" for c in table.label_details if not _missing(row.get(c))]
    return f"{label} ({', '.join(details)})" if details else label


def paper_spans(paper_id: str, tables: Mapping[str, pd.DataFrame]) -> list[Span]:
    """All spans of one paper from the span tables in ``tables`` (missing tables are fine)."""
    spans: list[Span] = []
    for name in SPAN_TABLES:
        df = tables.get(name)
        if df is None or df.empty:
            continue
        table = TABLES[name]
        for row in df[df["paper_id"] == paper_id].to_dict("records"):
            h = highlight_of(table, row)
            if h is not None:
                spans.append(Span(row["start"], row["end"], h.kind, span_label(table, h.kind, row)))
    return spans


def valid_spans(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` clamped to the text; empty, reversed or non-numeric offsets are dropped."""
    n = len(text)
    good = []
    for s in spans:
        try:
            start, end = int(s.start), int(s.end)
        except (TypeError, ValueError):
            continue
        start, end = max(0, start), min(n, end)
        if start < end:
            good.append(Span(start, end, s.kind, s.label))
    return good


def segments(text: str, spans: list[Span]) -> list[tuple[str, list[Span]]]:
    """``text`` cut at every span boundary: (piece, spans covering it). Bad offsets are dropped."""
    n = len(text)
    good = valid_spans(text, spans)
    cuts = sorted({0, n, *[s.start for s in good], *[s.end for s in good]})
    out = []
    for a, b in zip(cuts, cuts[1:]):
        covering = [s for s in good if s.start <= a and s.end >= b]
        covering.sort(key=lambda s: _RANK.get(s.kind, len(KINDS)))
        out.append((text[a:b], covering))
    return out


def to_html(text: str, spans: list[Span]) -> str:
    """The abstract as HTML with ``<mark>`` around extracted spans; all text escaped."""
    parts = []
    for piece, covering in segments(text, spans):
        esc = html.escape(piece)
        if not covering:
            parts.append(esc)
            continue
        color = SPAN_COLORS.get(covering[0].kind, "#dddddd")
        tip = html.escape("; ".join(dict.fromkeys(s.label for s in covering)), quote=True)
        outline = ";box-shadow:0 0 0 1px #555 inset" if len({s.kind for s in covering}) > 1 else ""
        parts.append(
            f'<mark title="{tip}" style="background:{color};padding:0 1px;border-radius:3px'
            f'{outline}">{esc}</mark>'
        )
    return '<div style="line-height:1.7;font-size:1rem">' + "".join(parts) + "</div>"


def legend_html(kinds: list[str] | None = None) -> str:
    """A colour legend for the span kinds."""
    items = [
        f'<mark style="background:{SPAN_COLORS[k]};padding:0 4px;border-radius:3px;'
        f'margin-right:6px">{html.escape(k)}</mark>'
        for k in (kinds or KINDS)
    ]
    return "<div>" + "".join(items) + "</div>"
