"""Pure chart builders: a tidy DataFrame in, an ``alt.Chart`` out (no Streamlit calls).

Technique and theme colours are defined here once (:func:`color_scale` over the fixed order of
:func:`category_order`), so a technique has the same colour and position on every page.
"""

from __future__ import annotations

import altair as alt
import pandas as pd

from dashboard.analytics.sizes import human_params  # noqa: F401  (re-exported for the pages)

# Tableau 20, reordered so the first ten are the strong colours (most frequent categories).
PALETTE = [
    "#4e79a7",
    "#f28e2b",
    "#e15759",
    "#76b7b2",
    "#59a14f",
    "#edc948",
    "#b07aa1",
    "#ff9da7",
    "#9c755f",
    "#bab0ac",
    "#a0cbe8",
    "#ffbe7d",
    "#ff9d9a",
    "#86bcb6",
    "#8cd17d",
    "#f1ce63",
    "#d4a6c8",
    "#fabfd2",
    "#d7b5a6",
    "#79706e",
]
BAR_HEIGHT = 24  # px per category on horizontal bar charts
LABEL_LIMIT = 260  # px before a category label is cut with an ellipsis
# log-axis labels as people write model sizes: 10M, 1B, 175B
PARAMS_LABEL = (
    "datum.value >= 1e12 ? format(datum.value / 1e12, '~g') + 'T' : "
    "datum.value >= 1e9 ? format(datum.value / 1e9, '~g') + 'B' : "
    "datum.value >= 1e6 ? format(datum.value / 1e6, '~g') + 'M' : "
    "datum.value >= 1e3 ? format(datum.value / 1e3, '~g') + 'K' : format(datum.value, '~g')"
)


def cat_axis(limit: int = LABEL_LIMIT, **kw) -> alt.Axis:
    """A category axis that shows every label (no overlap thinning) with room for long names."""
    return alt.Axis(labelLimit=limit, labelOverlap=False, **kw)


def category_order(df: pd.DataFrame, column: str) -> list[str]:
    """Categories of ``column`` by number of distinct papers (desc), then name: a stable order."""
    if df.empty or column not in df:
        return []
    counts = df.dropna(subset=[column]).groupby(column)["paper_id"].nunique()
    return sorted(counts.index.astype(str), key=lambda c: (-counts[c], c.lower()))


def present_in(domain: list[str], values) -> list[str]:
    """The categories of ``domain`` (in its order) that occur in ``values``."""
    seen = set(values)
    return [d for d in domain if d in seen]


def legend(values: list[str] | None = None, n: int | None = None, title: str | None = None):
    """A legend readable at any number of categories: every entry, below the chart in columns.

    Vega-Lite cuts a side legend at the chart's height; below the chart, in up to four columns,
    every entry stays visible (``symbolLimit=0``) however many there are.
    """
    count = len(values) if values is not None else (n or 0)
    kw = {"values": values} if values is not None else {}
    if count <= 8:
        return alt.Legend(labelLimit=LABEL_LIMIT, symbolLimit=0, title=title, **kw)
    return alt.Legend(
        orient="bottom",
        columns=min(4, max(2, count // 6)),
        labelLimit=LABEL_LIMIT,
        symbolLimit=0,
        title=title,
        **kw,
    )


def color(field: str, domain: list[str], present=None, title: str | None = None) -> alt.Color:
    """The shared colour encoding; the legend lists only the ``present`` categories."""
    values = present_in(domain, present) if present is not None else None
    lg = legend(values, n=len(domain))
    return alt.Color(f"{field}:N", scale=color_scale(domain), title=title or field, legend=lg)


def color_scale(domain: list[str]) -> alt.Scale:
    """The one colour scale for techniques or themes: ``domain`` in the fixed order."""
    colors = [PALETTE[i % len(PALETTE)] for i in range(len(domain))]
    return alt.Scale(domain=list(domain), range=colors)


def _height(n: int) -> int:
    return max(120, BAR_HEIGHT * n + 40)


def _count_axis(values: pd.Series) -> alt.Axis:
    """Whole-number ticks for counts (no "0.5 papers"); default ticks for fractional values."""
    if pd.api.types.is_integer_dtype(values):
        return alt.Axis(format="d", tickMinStep=1)
    return alt.Axis()


def top_categories(
    df: pd.DataFrame,
    column: str,
    domain: list[str],
    value: str = "papers",
    value_title: str = "papers",
) -> alt.Chart:
    """Horizontal bars, one per category, coloured with the shared scale. ``df``: column, value."""
    return (
        alt.Chart(df)
        .mark_bar()
        .encode(
            y=alt.Y(f"{column}:N", sort="-x", title=None, axis=cat_axis()),
            x=alt.X(f"{value}:Q", title=value_title, axis=_count_axis(df[value])),
            color=alt.Color(f"{column}:N", scale=color_scale(domain), legend=None),
            tooltip=[c for c in df.columns if not c.startswith("_")],
        )
        .properties(height=_height(len(df)))
    )


def plain_bars(
    df: pd.DataFrame,
    column: str,
    value: str = "papers",
    value_title: str = "papers",
    color: str = "#4e79a7",
) -> alt.Chart:
    """Horizontal bars in one colour (venues, keywords), sorted by value."""
    return (
        alt.Chart(df)
        .mark_bar(color=color)
        .encode(
            y=alt.Y(f"{column}:N", sort="-x", title=None, axis=cat_axis()),
            x=alt.X(f"{value}:Q", title=value_title, axis=_count_axis(df[value])),
            tooltip=[c for c in df.columns if not c.startswith("_")],
        )
        .properties(height=_height(len(df)))
    )


def grouped_bars(
    df: pd.DataFrame, x: str, column: str, domain: list[str], value: str, value_title: str
) -> alt.Chart:
    """Bars of ``value`` per category, side by side per ``x`` (e.g. per venue)."""
    present = present_in(domain, df[column])
    tooltip = [c for c in (x, column, value, "papers", "total") if c in df.columns]
    return (
        alt.Chart(df)
        .mark_bar()
        .encode(
            x=alt.X(f"{x}:N", title=None, axis=cat_axis(labelAngle=-30)),
            xOffset=alt.XOffset(f"{column}:N", sort=present),
            y=alt.Y(f"{value}:Q", title=value_title),
            color=color(column, domain, df[column]),
            tooltip=tooltip,
        )
        .properties(height=340)
    )


def heatmap(
    df: pd.DataFrame, x: str, y: str, value: str, value_title: str, y_sort: list[str] | None = None
) -> alt.Chart:
    """A ``y`` × ``x`` grid of ``value`` with the numbers written in the cells."""
    base = alt.Chart(df).encode(
        x=alt.X(f"{x}:N", title=None, axis=cat_axis(labelAngle=-30)),
        y=alt.Y(f"{y}:N", title=None, sort=y_sort, axis=cat_axis()),
    )
    tooltip = [c for c in (x, y, value, "papers", "total") if c in df.columns]
    rect = base.mark_rect().encode(
        color=alt.Color(f"{value}:Q", title=value_title, scale=alt.Scale(scheme="blues")),
        tooltip=tooltip,
    )
    text = base.mark_text(fontSize=11).encode(
        text=alt.Text(f"{value}:Q", format=".1f" if df[value].dtype.kind == "f" else "d"),
        color=alt.condition(
            f"datum.{value} > {float(df[value].max()) * 0.6}",
            alt.value("white"),
            alt.value("black"),
        ),
    )
    return (rect + text).properties(height=max(160, 26 * df[y].nunique() + 60))


def size_strip(
    df: pd.DataFrame, group: str, group_title: str, domain: list[str] | None = None
) -> alt.Chart:
    """Parameter counts on a log axis, one row per ``group``. ``df``: params, group, label, title.

    With ``domain`` (themes) the points take the shared theme colours.
    """
    lo, hi = df["params"].min(), df["params"].max()
    ticks = [10.0**e for e in range(0, 16) if lo / 10 <= 10.0**e <= hi * 10]
    return (
        alt.Chart(df)
        .mark_circle(size=70, opacity=0.7)
        .encode(
            x=alt.X(
                "params:Q",
                scale=alt.Scale(type="log"),
                title="parameters (log scale)",
                axis=alt.Axis(labelExpr=PARAMS_LABEL, values=ticks, grid=True),
            ),
            y=alt.Y(f"{group}:N", title=group_title, axis=cat_axis()),
            yOffset=alt.YOffset("jitter:Q", scale=alt.Scale(domain=[0, 1])),
            color=alt.Color(
                f"{group}:N",
                legend=None,
                scale=color_scale(domain) if domain else alt.Scale(scheme="tableau10"),
            ),
            tooltip=["size:N", "label", "title", group],
        )
        .transform_calculate(
            jitter="random()", size=PARAMS_LABEL.replace("datum.value", "datum.params")
        )
        .properties(height=max(160, 60 * df[group].nunique()))
    )


def metric_distribution(df: pd.DataFrame, log: bool = False) -> alt.Chart:
    """Value distribution per metric type (metric and unit). ``df``: measure, value, title, text.

    ``log`` uses a symmetric-log axis, for a few huge values (a 2,700% speed-up) among many small.
    """
    base = alt.Chart(df).encode(y=alt.Y("measure:N", title=None, axis=cat_axis()))
    scale, axis = alt.Scale(), alt.Axis()
    if log:
        top = float(df["value"].abs().max()) if len(df) else 1.0
        ticks = [0.0] + [10.0**e for e in range(0, 13) if 10.0**e <= top * 10]
        ticks += [-t for t in ticks[1:] if -t >= float(df["value"].min()) * 10]
        scale, axis = (
            alt.Scale(type="symlog"),
            alt.Axis(values=sorted(ticks), format=",~r", grid=True),
        )
    box = base.mark_boxplot(extent="min-max", opacity=0.4, color="#4e79a7").encode(
        x=alt.X(
            "value:Q",
            title="reported value" + (" (symmetric log scale)" if log else ""),
            scale=scale,
            axis=axis,
        )
    )
    pts = base.mark_circle(size=35, opacity=0.6, color="#e15759").encode(
        x="value:Q", tooltip=["measure", "value", "text", "title"]
    )
    return (box + pts).properties(height=_height(df["measure"].nunique()))


def benchmark_values(df: pd.DataFrame) -> alt.Chart:
    """Values each paper reports on one benchmark. ``df``: title, value, measure, text."""
    return (
        alt.Chart(df)
        .mark_circle(size=90)
        .encode(
            y=alt.Y("title:N", title=None, sort="-x", axis=cat_axis(420)),
            x=alt.X("value:Q", title="reported value"),
            color=alt.Color("measure:N", title="metric", scale=alt.Scale(scheme="tableau10")),
            tooltip=["title", "measure", "value", "text"],
        )
        .properties(height=_height(df["title"].nunique()))
    )


def keyword_change(df: pd.DataFrame, a: str, b: str) -> alt.Chart:
    """Diverging bars: change in share of papers (points) between years ``a`` and ``b``."""
    return (
        alt.Chart(df)
        .mark_bar()
        .encode(
            y=alt.Y("keyword:N", sort="-x", title=None, axis=cat_axis()),
            x=alt.X("change:Q", title=f"change in % of papers, {a} → {b}"),
            color=alt.condition("datum.change > 0", alt.value("#59a14f"), alt.value("#e15759")),
            tooltip=[
                "keyword",
                alt.Tooltip(f"share_{a}:Q", format=".2f"),
                alt.Tooltip(f"share_{b}:Q", format=".2f"),
                alt.Tooltip("change:Q", format="+.2f"),
            ],
        )
        .properties(height=_height(len(df)))
    )


# --- coverage and honest trends -------------------------------------------------------------------

SHARE_TOOLTIP = [
    alt.Tooltip("papers:Q", title="papers with it"),
    alt.Tooltip("total:Q", title="n (papers)"),
    alt.Tooltip("share:Q", title="% of papers", format=".1f"),
    alt.Tooltip("lo:Q", title="95% CI low", format=".1f"),
    alt.Tooltip("hi:Q", title="95% CI high", format=".1f"),
]


def coverage_heatmap(df: pd.DataFrame, groups: list[str] | None = None) -> alt.Chart:
    """Papers per venue (rows, by group) and year (columns), written in the cells.

    Grey cells are venue-years without papers; a square left of each venue shows its group
    (colours of ``groups``, the shared order). ``df``: venue, group, year, papers
    (:func:`dashboard.analytics.coverage_matrix`).
    """
    keys = ["group", "venue"] if "group" in df.columns else ["venue"]
    order = df.sort_values(keys)["venue"].drop_duplicates().tolist()
    base = alt.Chart(df).encode(
        x=alt.X("year:O", title=None, axis=alt.Axis(labelAngle=0)),
        y=alt.Y("venue:N", title=None, sort=order, axis=cat_axis()),
    )
    tooltip = [c for c in (*keys, "year", "papers") if c in df.columns]
    top = float(df["papers"].max()) if len(df) else 0.0
    rect = base.mark_rect(stroke="white", strokeWidth=1).encode(
        color=alt.condition(
            "datum.papers > 0",
            alt.Color(
                "papers:Q",
                title="papers",
                scale=alt.Scale(scheme="blues", type="sqrt", domain=[0, max(top, 1.0)]),
                legend=None,
            ),
            alt.value("#f3f3f3"),
        ),
        tooltip=tooltip,
    )
    text = (
        base.mark_text(fontSize=11)
        .encode(
            text=alt.Text("papers:Q", format=","),
            # white on the darker half of the (square-root) colour scale
            color=alt.condition(
                f"datum.papers > {top * 0.35}", alt.value("white"), alt.value("black")
            ),
        )
        .transform_filter("datum.papers > 0")
    )
    chart = rect + text
    if "group" in df.columns:
        # the venue group as a coloured tick left of each row
        chart = (
            base.mark_text(text="■", dx=0, align="right", fontSize=12)
            .encode(
                x=alt.value(-4),
                color=alt.Color(
                    "group:N",
                    title="venue group",
                    scale=color_scale(groups) if groups else alt.Scale(scheme="tableau10"),
                    legend=legend(present_in(groups, df["group"]) if groups else None, n=4),
                ),
                tooltip=["group", "venue"],
            )
            .transform_filter(f"datum.year == {int(df['year'].min())}")
            + chart
        )
    return chart.properties(height=max(120, 22 * df["venue"].nunique() + 30))


def _share_layers(df: pd.DataFrame, color_enc: alt.Color, value: str, tooltip: list) -> alt.Chart:
    base = alt.Chart(df).encode(
        x=alt.X(
            "year:Q",
            title=None,
            scale=alt.Scale(zero=False, nice=False, padding=8),
            axis=alt.Axis(format="d", tickMinStep=1, labelAngle=0, labelOverlap=True),
        ),
        color=color_enc,
    )
    y_title = "% of papers" if value == "share" else "papers"
    y = alt.Y(f"{value}:Q", title=y_title)
    lines = base.mark_line(strokeWidth=2).encode(y=y, detail="_line:N")
    points = base.mark_circle(size=45, opacity=1).encode(y=y, tooltip=tooltip)
    layers = [lines, points]
    if value == "share":
        layers.insert(0, base.mark_rule(opacity=0.45, strokeWidth=2).encode(y="lo:Q", y2="hi:Q"))
    return alt.layer(*layers)


def rate_panels(
    df: pd.DataFrame,
    facet: str,
    series: str,
    domain: list[str],
    value: str = "share",
    columns: int = 3,
    facet_sort: list[str] | None = None,
    width: int = 260,
    height: int = 170,
) -> alt.Chart:
    """Small multiples: one panel per ``facet`` value, one line per ``series`` over years.

    Lines break where a series has no papers (``segment``); each point shows its papers, n and
    95% Wilson interval (``lo``/``hi``, drawn as a vertical rule). ``df``: the rows of
    :func:`dashboard.analytics.rate_table`.
    """
    d = df.assign(_line=df[series].astype(str) + "|" + df["segment"].astype(str))
    present = present_in(domain, d[series])
    color_enc = alt.Color(
        f"{series}:N", scale=color_scale(domain), title=series, legend=legend(present)
    )
    tooltip = [facet, series, alt.Tooltip("year:Q", format="d"), *SHARE_TOOLTIP]
    return (
        _share_layers(d, color_enc, value, tooltip)
        .properties(width=width, height=height)
        .facet(
            facet=alt.Facet(
                f"{facet}:N",
                title=None,
                sort=facet_sort,
                header=alt.Header(labelFontSize=13, labelFontWeight="bold"),
            ),
            columns=columns,
        )
        .resolve_scale(y="independent")
    )


def size_trend(df: pd.DataFrame, by: str, domain: list[str]) -> alt.Chart:
    """Median parameter count per year and ``by`` series on a log axis.

    Medians of at least ``MIN_TREND_PAPERS`` papers (the ``line`` rows) are joined by a line and
    carry their interquartile range as a rule; a median of fewer papers is a hollow point only,
    never part of a line (lines also break at years without papers). ``df``: rows of
    :func:`dashboard.analytics.size_trend` (those with a size).
    """
    from dashboard.analytics.sizes import MIN_TREND_PAPERS  # noqa: PLC0415

    d = df.dropna(subset=["median"])
    d = d.assign(
        _line=d[by].astype(str) + "|" + d["segment"].astype(str),
        size=d["median"].map(human_params),
        iqr=d["q25"].map(human_params) + " – " + d["q75"].map(human_params),
        drawn=d["line"].map(
            {True: "median on the line", False: f"fewer than {MIN_TREND_PAPERS} papers: point only"}
        ),
    )
    solid = d[d["line"]]
    lo, hi = float(d["q25"].min()), float(d["q75"].max())
    ticks = [10.0**e for e in range(0, 16) if lo / 10 <= 10.0**e <= hi * 10]
    y_axis = alt.Axis(labelExpr=PARAMS_LABEL, values=ticks, grid=True)
    x = alt.X(
        "year:Q",
        title=None,
        scale=alt.Scale(zero=False, nice=False, padding=12),
        axis=alt.Axis(format="d", tickMinStep=1, labelAngle=0),
    )
    color = alt.Color(
        f"{by}:N", scale=color_scale(domain), title=by, legend=legend(present_in(domain, d[by]))
    )
    y = alt.Y(
        "median:Q", scale=alt.Scale(type="log"), title="parameters (median, log scale)", axis=y_axis
    )
    tooltip = [
        by,
        alt.Tooltip("year:Q", format="d"),
        alt.Tooltip("size:N", title="median size"),
        alt.Tooltip("iqr:N", title="middle half"),
        alt.Tooltip("with_size:Q", title="papers with a size"),
        alt.Tooltip("without_size:Q", title="papers without"),
        alt.Tooltip("drawn:N", title="drawn as"),
    ]
    rules = (
        alt.Chart(solid)
        .mark_rule(opacity=0.45, strokeWidth=3)
        .encode(x=x, color=color, y=alt.Y("q25:Q", scale=alt.Scale(type="log")), y2="q75:Q")
    )
    lines = (
        alt.Chart(solid).mark_line(strokeWidth=2).encode(x=x, color=color, y=y, detail="_line:N")
    )
    size = alt.Size(
        "with_size:Q", title="papers with a size", scale=alt.Scale(range=[30, 300], zero=False)
    )
    pts = (
        alt.Chart(d)
        .mark_point(filled=True, opacity=1, strokeWidth=2)
        .encode(
            x=x,
            y=y,
            color=color,
            size=size,
            # a median of few papers is hollow: its colour on the rim only
            fillOpacity=alt.condition("datum.line", alt.value(1.0), alt.value(0.0)),
            shape=alt.value("circle"),
            tooltip=tooltip,
        )
    )
    return alt.layer(rules, lines, pts).properties(height=360)


def rising_terms(df: pd.DataFrame, term: str, a: str, b: str) -> alt.Chart:
    """Terms by log-odds z-score between periods ``a`` and ``b`` (bars), counts in the tooltip.

    ``df``: rows of :func:`dashboard.analytics.log_odds_prior` with the term in ``term``.
    """
    return (
        alt.Chart(df)
        .mark_bar()
        .encode(
            y=alt.Y(f"{term}:N", sort="-x", title=None, axis=cat_axis()),
            x=alt.X("z:Q", title=f"z-score of the log-odds, {a} → {b}"),
            color=alt.condition("datum.z > 0", alt.value("#59a14f"), alt.value("#e15759")),
            tooltip=[
                term,
                alt.Tooltip("papers_a:Q", title=f"papers {a}"),
                alt.Tooltip("papers_b:Q", title=f"papers {b}"),
                alt.Tooltip("share_a:Q", title=f"% {a}", format=".2f"),
                alt.Tooltip("share_b:Q", title=f"% {b}", format=".2f"),
                alt.Tooltip("z:Q", format="+.2f"),
            ],
        )
        .properties(height=_height(len(df)))
    )


# --- Leaderboards (issue 13) -------------------------------------------------------------------


def sota_steps(df: pd.DataFrame, axis_title: str, lower: bool) -> alt.Chart:
    """Every paper's best score (points) under the best-so-far line (a step per year).

    ``df``: :func:`dashboard.analytics.sota_frame` (``series`` "paper" rows with ``score``,
    "best so far" rows with ``best``; ``year``, ``method``, ``title``). ``lower``: lower is
    better, said in the axis title.
    """
    title = f"{axis_title} ({'lower' if lower else 'higher'} is better)"
    x = alt.X("year:O", title=None, axis=alt.Axis(labelAngle=0))
    base = alt.Chart(df)
    pts = (
        base.transform_filter("datum.series == 'paper'")
        .mark_circle(size=60, opacity=0.55, color="#4e79a7")
        .encode(
            x=x,
            y=alt.Y("score:Q", title=title, scale=alt.Scale(zero=False)),
            tooltip=["title", "method", "venue", alt.Tooltip("score:Q", format=",.4~g"), "year"],
        )
    )
    line = (
        base.transform_filter("datum.series == 'best so far'")
        .mark_line(interpolate="step-after", color="#e15759", strokeWidth=2.5, point=True)
        .encode(
            x=x,
            y=alt.Y("best:Q", scale=alt.Scale(zero=False)),
            tooltip=[
                alt.Tooltip("year:O"),
                alt.Tooltip("best:Q", title="best so far", format=",.4~g"),
                alt.Tooltip("method:N", title="held by"),
                "title",
            ],
        )
    )
    return alt.layer(pts, line).properties(height=320)
