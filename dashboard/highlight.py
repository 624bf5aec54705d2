"""Highlighting extracted spans in an abstract, safely.

Spans come from the ``start``/``end`` offsets of the extraction tables. Overlapping spans are
resolved by cutting the text at every span boundary: each piece carries every kind that
covers it, is coloured by the most specific one and lists all of them in its tooltip. Every
piece of paper text is passed through ``html.escape``.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

import pandas as pd

from dashboard.charts import SPAN_COLORS

KINDS = tuple(SPAN_COLORS)  # also the priority order when spans overlap


@dataclass(frozen=True)
class Span:
    """One extracted span: [start, end) in the abstract, its kind and a label."""

    start: int
    end: int
    kind: str
    label: str


def paper_spans(paper_id: str, tables: dict[str, pd.DataFrame]) -> list[Span]:
    """All spans of one paper from the extraction tables (missing tables are fine)."""
    spans: list[Span] = []

    def rows(name: str) -> pd.DataFrame:
        df = tables.get(name)
        if df is None or df.empty:
            return pd.DataFrame()
        return df[df["paper_id"] == paper_id]

    for r in rows("methods").itertuples():
        kind = "proposed method" if r.role == "proposed" else "mentioned method"
        spans.append(Span(r.start, r.end, kind, f"{kind}: {r.name}"))
    for r in rows("techniques").itertuples():
        spans.append(Span(r.start, r.end, "technique", f"technique: {r.technique} ({r.theme})"))
    for r in rows("model_sizes").itertuples():
        model = f" of {r.model}" if isinstance(r.model, str) and r.model else ""
        spans.append(Span(r.start, r.end, "size", f"size: {r.params:.3g} parameters{model}"))
    for r in rows("metrics").itertuples():
        what = r.metric if isinstance(r.metric, str) else "metric"
        spans.append(Span(r.start, r.end, "metric", f"{what}: {r.value:g} {r.unit or ''}".strip()))
    for r in rows("benchmarks").itertuples():
        spans.append(Span(r.start, r.end, "benchmark", f"benchmark: {r.name}"))
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
        covering.sort(key=lambda s: KINDS.index(s.kind) if s.kind in KINDS else len(KINDS))
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
