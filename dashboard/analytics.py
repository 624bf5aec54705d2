"""What the pages compute: pure functions, DataFrames in, DataFrames or numbers out.

No Streamlit here. A page loads frames (``dashboard.data``), hands them to these functions and
lays out the results (``dashboard.charts``, ``st.*``), so every number on a page can be tested on
small hand-built frames (``tests/test_analytics.py``).

Frames follow the published tables (``extract/schema.py``): ``papers`` has ``paper_id``,
``venue``, ``year``, ``venue_label``; a tag frame has ``paper_id`` and ``technique`` or ``theme``
(one row per paper and tag, see ``dashboard.data.tag_table``); ``kw`` has ``paper_id`` and
``keyword`` (one row per paper and term, see ``dashboard.data.keyword_terms``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import pandas as pd

from dashboard.charts import human_params
from extract.schema import TABLES, Table

UNKNOWN = "unknown"
NO_THEME = "(no theme)"
UNCLEAR_METRIC = "(unclear)"


# --- shared ------------------------------------------------------------------------------------


def known_venue(papers: pd.DataFrame) -> pd.DataFrame:
    """``papers`` with a missing venue written as ``unknown`` (a group of its own in charts)."""
    return papers.assign(venue=papers["venue"].fillna(UNKNOWN))


def is_in(values: pd.Series, members: Iterable) -> pd.Series:
    """``values.isin(members)``, fast for many members.

    pandas' ``isin`` on Arrow-backed strings builds one Arrow scalar per member (0.3 s for
    47k paper ids); ``pyarrow.compute.is_in`` over one array takes 15 ms.
    """
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    if not isinstance(members, (list, pd.Series, pd.Index, np.ndarray)):
        members = list(members)
    if len(members) < 64 or values.dtype.kind not in "OUT" and str(values.dtype) != "str":
        return values.isin(list(members))
    try:
        arr = pa.array(values.astype(object), type=pa.string(), from_pandas=True)
        vset = pa.array(
            pd.Series(members, dtype=object).astype(object), type=pa.string(), from_pandas=True
        )
    except (pa.ArrowInvalid, pa.ArrowTypeError):
        return values.isin(list(members))
    mask = np.asarray(pc.is_in(arr, value_set=vset).fill_null(False), dtype=bool)
    return pd.Series(mask, index=values.index)


def paper_share(rows: pd.DataFrame, n_papers: int) -> float | None:
    """Fraction of ``n_papers`` with at least one row in ``rows``; None when there is no paper."""
    if not n_papers:
        return None
    if rows.empty:
        return 0.0
    return rows["paper_id"].nunique() / n_papers


def papers_per(df: pd.DataFrame, column: str) -> pd.DataFrame:
    """Distinct papers per value of ``column``: ``column``, ``papers``, most papers first."""
    if df.empty:
        return pd.DataFrame(columns=[column, "papers"])
    out = df.groupby(column)["paper_id"].nunique().reset_index(name="papers")
    return out.sort_values(["papers", column], ascending=[False, True]).reset_index(drop=True)


def years(papers: pd.DataFrame) -> list[int]:
    """The distinct known years of ``papers``, ascending."""
    return sorted(int(y) for y in pd.to_numeric(papers["year"], errors="coerce").dropna().unique())


def pct_label(fraction: float | None) -> str:
    """A share for people: ``0.17`` -> ``17%``, ``0.004`` -> ``0.4%`` (one decimal under 1%).

    ``None`` -> ``–``; a share that is not zero never reads ``0%``.
    """
    if fraction is None or pd.isna(fraction):
        return "–"
    pct = 100 * float(fraction)
    if pct == 0:
        return "0%"
    if abs(pct) < 1:
        return f"{pct:.1f}%" if abs(pct) >= 0.05 else "<0.1%"
    return f"{pct:.0f}%"


# --- Coverage: which venues each year holds, and comparing like with like ----------------------

OTHER_GROUP = "Other"
Z95 = 1.959963984540054  # two-sided 95% normal quantile


def venue_group_map(spec: dict) -> dict[str, str]:
    """``venue -> group`` from the parsed ``extract/data/venue_groups.toml``.

    Raises:
        ValueError: A venue listed in two groups.
    """
    out: dict[str, str] = {}
    for group in spec.get("group", []):
        for venue in group.get("venues", []):
            if venue in out and out[venue] != group["name"]:
                raise ValueError(
                    f"venue {venue!r} is in groups {out[venue]!r} and {group['name']!r}"
                )
            out[venue] = group["name"]
    return out


def with_groups(papers: pd.DataFrame, groups: dict[str, str]) -> pd.DataFrame:
    """``papers`` with ``venue`` filled (``unknown``) and ``group`` (its venue group or Other)."""
    venue = papers["venue"].astype("object").where(papers["venue"].notna(), UNKNOWN)
    return papers.assign(venue=venue, group=venue.map(groups).fillna(OTHER_GROUP))


def coverage_matrix(papers: pd.DataFrame) -> pd.DataFrame:
    """Papers per venue and year over the full venue × year grid (0 where a venue has none).

    Only papers with a known year count; ``group`` is kept when ``papers`` has it.

    Returns:
        ``venue``, (``group``), ``year``, ``papers``; venues by group then name, years ascending.
    """
    p = papers.dropna(subset=["year"])
    keys = ["group", "venue"] if "group" in p.columns else ["venue"]
    cols = [*keys, "year", "papers"]
    if p.empty:
        return pd.DataFrame(columns=cols)
    p = p.assign(year=p["year"].astype(int))
    counts = p.groupby([*keys, "year"]).size().rename("papers").reset_index()
    venues = p[keys].drop_duplicates()
    grid = venues.merge(pd.DataFrame({"year": sorted(p["year"].unique())}), how="cross")
    out = grid.merge(counts, how="left", on=[*keys, "year"]).fillna({"papers": 0})
    out["papers"] = out["papers"].astype(int)
    return out.sort_values([*keys, "year"]).reset_index(drop=True)[cols]


def year_ranges(years_: Iterable[int]) -> str:
    """``[2016, 2017, 2018, 2021]`` -> ``2016–2018, 2021``."""
    ys = sorted({int(y) for y in years_})
    runs: list[list[int]] = []
    for y in ys:
        if runs and y == runs[-1][-1] + 1:
            runs[-1].append(y)
        else:
            runs.append([y])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs)


def venue_mix_note(coverage: pd.DataFrame, by: str = "venue") -> str | None:
    """A sentence naming the ``by`` values (venues or groups) missing from some of the years.

    Returns None when every year of ``coverage`` (:func:`coverage_matrix`) holds the same ones.
    """
    have = coverage[coverage["papers"] > 0]
    all_years = sorted(have["year"].unique())
    if len(all_years) < 2:
        return None
    per = have.groupby(by)["year"].agg(lambda s: sorted(set(s)))
    partial = per[per.map(len) < len(all_years)]
    if partial.empty:
        return None
    parts = [
        f"{name} {year_ranges(ys)}"
        for name, ys in sorted(partial.items(), key=lambda x: (x[1][0], str(x[0])))
    ]
    kind = "venues" if by == "venue" else "venue groups"
    return (
        f"The {kind} differ between the selected years ({year_ranges(all_years)}): "
        + "; ".join(parts)
        + ". A line over all papers would mix them, so each line follows one "
        + ("venue." if by == "venue" else "venue group.")
    )


def full_coverage(papers: pd.DataFrame, by: str = "venue") -> tuple[pd.DataFrame, list[str]]:
    """Only the papers of the ``by`` values (venues or groups) present in every year in view.

    Returns:
        The kept papers (papers without a year are dropped) and the dropped ``by`` values, sorted.
    """
    p = papers.dropna(subset=["year"])
    n_years = p["year"].nunique()
    years_per = p.groupby(by)["year"].nunique()
    keep = years_per.index[years_per == n_years]
    dropped = sorted(str(v) for v in years_per.index[years_per < n_years])
    return p[p[by].isin(keep)], dropped


def wilson_interval(k, n, z: float = Z95):
    """The Wilson score interval of a proportion ``k / n`` (scalars or arrays, ``n = 0``: NaN).

    Returns:
        ``(low, high)`` as fractions.
    """
    import numpy as np

    k = np.asarray(k, dtype=float)
    n = np.asarray(n, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = k / n
        z2 = z * z
        denom = 1 + z2 / n
        centre = (p + z2 / (2 * n)) / denom
        half = z * np.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
        lo, hi = np.clip(centre - half, 0, 1), np.clip(centre + half, 0, 1)
    return lo, hi


def gap_segments(df: pd.DataFrame, keys: list[str], x: str = "year") -> pd.Series:
    """Line segment ids: within each ``keys`` group a new segment starts after a gap in ``x``.

    A gap is a step of more than one year between consecutive rows of the group, i.e. a year
    with no papers for that series; a chart drawing one line per (group, segment) never crosses
    it. ``df`` must hold only the years the series has papers in.
    """
    if df.empty:
        return pd.Series([], dtype=int, index=df.index)
    order = df.sort_values([*keys, x])
    xs = order[x].astype(float)
    if keys:
        prev = xs.groupby([order[k] for k in keys], dropna=False).shift()
        breaks = (xs - prev).gt(1).astype(int)
        seg = breaks.groupby([order[k] for k in keys], dropna=False).cumsum()
    else:
        seg = (xs - xs.shift()).gt(1).astype(int).cumsum()
    return seg.reindex(df.index).astype(int)


def rate_table(
    hits: pd.DataFrame,
    papers: pd.DataFrame,
    by: list[str],
    term: str,
    keep: Iterable[str] | None = None,
) -> pd.DataFrame:
    """Share of papers per ``by`` series and year carrying each term, with 95% Wilson intervals.

    Args:
        hits: ``paper_id``, ``term`` (a technique, theme, name, keyword ...).
        papers: The papers in view with ``year`` and the ``by`` columns (e.g. ``group``,
            ``venue``); a series-year's total counts all of them, with the term or not.
        by: The series columns; one line per distinct combination.
        term: The term column of ``hits``.
        keep: Only these terms (default: every term of ``hits`` found among ``papers``).

    Returns:
        ``*by``, ``year``, ``term``, ``papers`` (with the term), ``total`` (papers of the
        series that year), ``share``, ``lo``, ``hi`` (percent, two decimals) and ``segment``
        (:func:`gap_segments`). A series-year with papers but none with the term is a 0 row;
        a year in which the series has no paper has no row, so lines break there.
    """
    cols = [*by, "year", term, "papers", "total", "share", "lo", "hi", "segment"]
    p = papers.dropna(subset=["year"])[["paper_id", *by, "year"]]
    p = p.assign(year=p["year"].astype(int))
    tagged = hits[["paper_id", term]].merge(p, on="paper_id")
    terms = list(dict.fromkeys(keep)) if keep is not None else sorted(tagged[term].unique())
    if p.empty or not terms:
        return pd.DataFrame(columns=cols)
    tagged = tagged[tagged[term].isin(terms)]
    totals = p.groupby([*by, "year"]).size().rename("total").reset_index()
    counts = (
        tagged.groupby([*by, "year", term])["paper_id"].nunique().rename("papers").reset_index()
    )
    grid = totals.merge(pd.DataFrame({term: terms}), how="cross")
    out = grid.merge(counts, how="left", on=[*by, "year", term]).fillna({"papers": 0})
    out["papers"] = out["papers"].astype(int)
    lo, hi = wilson_interval(out["papers"], out["total"])
    out["share"] = (100 * out["papers"] / out["total"]).round(2)
    out["lo"], out["hi"] = (100 * lo).round(2), (100 * hi).round(2)
    out["segment"] = gap_segments(out, [*by, term])
    return out.sort_values([term, *by, "year"]).reset_index(drop=True)[cols]


def hidden_rejections(papers: pd.DataFrame) -> int:
    """Papers whose status says rejected or withdrawn (``accepted`` is False)."""
    return int((papers["accepted"].astype("boolean") == False).sum())  # noqa: E712


# --- Overview ----------------------------------------------------------------------------------


def overview_numbers(
    papers: pd.DataFrame,
    model_sizes: pd.DataFrame,
    metrics: pd.DataFrame,
    methods: pd.DataFrame,
) -> dict[str, int | float | None]:
    """The Overview's headline numbers for the (filtered) ``papers`` and their extraction rows.

    Returns:
        ``papers``, ``venues``, ``years`` (distinct known values) and the fractions of papers
        ``with_size``, ``with_metric`` and ``proposing`` (a method with role ``proposed``);
        fractions are None without papers.
    """
    n = len(papers)
    proposed = methods[methods["role"] == "proposed"] if len(methods) else methods
    return {
        "papers": n,
        "venues": int(papers["venue"].nunique()),
        "years": int(papers["year"].nunique()),
        "with_size": paper_share(model_sizes, n),
        "with_metric": paper_share(metrics, n),
        "proposing": paper_share(proposed, n),
    }


def top_tags(tags: pd.DataFrame, level: str, n_papers: int, k: int = 15) -> pd.DataFrame:
    """The ``k`` tags (``level``: technique or theme) on most papers.

    Returns:
        ``level``, ``papers``, ``% of papers`` (of ``n_papers``, one decimal).
    """
    top = papers_per(tags, level).head(k).reset_index(drop=True)
    top["% of papers"] = (100 * top["papers"] / max(n_papers, 1)).round(1)
    return top


# --- Trends ------------------------------------------------------------------------------------


def tag_rates(
    tags: pd.DataFrame,
    papers: pd.DataFrame,
    level: str,
    by: list[str],
    keep: Iterable[str] | None = None,
) -> pd.DataFrame:
    """Papers per group (``by``: year, venue, venue_label, ...) carrying each tag.

    Args:
        tags: ``paper_id``, ``level`` (technique or theme).
        papers: The papers in view with the ``by`` columns; a group's total counts all of them,
            tagged or not.
        level: The tag column.
        by: Grouping columns of ``papers``.
        keep: Only these tags (default: all).

    Returns:
        ``*by``, ``level``, ``papers`` (tagged papers), ``total`` (papers in the group) and
        ``share`` (``100 * papers / total``, two decimals); no row for a tag absent from a group.
    """
    cols = [*by, level, "papers", "total", "share"]
    tagged = tags.merge(papers[["paper_id", *by]], on="paper_id")
    if keep is not None:
        tagged = tagged[tagged[level].isin(list(keep))]
    if tagged.empty:
        return pd.DataFrame(columns=cols)
    totals = papers.groupby(by, dropna=False).size().reset_index(name="total")
    counts = (
        tagged.groupby([*by, level], dropna=False)["paper_id"].nunique().reset_index(name="papers")
    )
    out = counts.merge(totals, on=by)
    out["share"] = (100 * out["papers"] / out["total"]).round(2)
    return out[cols]


def tag_grid(
    tags: pd.DataFrame, papers: pd.DataFrame, level: str = "theme", by: str = "venue_label"
) -> pd.DataFrame:
    """Every ``by`` × tag cell, 0 where no paper of the group has the tag (not a blank hole).

    Groups are all those of ``papers``; tags are those carried by at least one of them.

    Returns:
        ``by``, ``level``, ``papers``, ``total`` and ``share`` (% of the group's papers, one
        decimal); empty when no paper of ``papers`` is tagged.
    """
    cols = [by, level, "papers", "total", "share"]
    tagged = tags.merge(papers[["paper_id", by]], on="paper_id")
    if tagged.empty:
        return pd.DataFrame(columns=cols)
    counts = tagged.groupby([by, level])["paper_id"].nunique().reset_index(name="papers")
    grid = pd.MultiIndex.from_product(
        [papers[by].unique(), tagged[level].unique()], names=[by, level]
    ).to_frame(index=False)
    out = grid.merge(counts, how="left", on=[by, level]).fillna({"papers": 0})
    out = out.merge(papers.groupby(by).size().reset_index(name="total"), on=by)
    out["papers"] = out["papers"].astype(int)
    out["share"] = (100 * out["papers"] / out["total"]).round(1)
    return out[cols]


# --- Techniques --------------------------------------------------------------------------------


def papers_tagged(tech: pd.DataFrame, picked: Iterable[str], mode: str = "any") -> set[str]:
    """Ids of papers carrying any (``mode="any"``) or all (``"all"``) picked techniques."""
    sets = [set(tech.loc[tech["technique"] == t, "paper_id"]) for t in picked]
    if not sets:
        return set()
    return set.union(*sets) if mode == "any" else set.intersection(*sets)


def technique_evidence(
    tech: pd.DataFrame, ids: Iterable[str], picked: Iterable[str], titles: pd.DataFrame
) -> pd.DataFrame:
    """One row per paper of ``ids``: the picked techniques it carries and the text that matched.

    Args:
        tech: The ``techniques`` rows.
        ids: Papers to list.
        picked: Techniques to report.
        titles: ``paper_id``, ``title``, ``venue_label`` of the papers.

    Returns:
        ``title``, ``venue_label``, ``techniques`` (in order of evidence, ", "-joined),
        ``evidence`` (" · "-joined, duplicates once) and ``paper_id``, by venue then title.
    """
    cols = ["title", "venue_label", "techniques", "evidence", "paper_id"]
    picked = list(picked)
    hits = tech[is_in(tech["paper_id"], ids) & tech["technique"].isin(picked)]
    if hits.empty:
        return pd.DataFrame(columns=cols)
    hits = hits[["paper_id", "technique", "evidence"]].astype({"evidence": str})

    def joined(column: str, sep: str) -> pd.Series:
        # one row per paper and value, joined per paper in order of evidence (no per-group
        # Python lambda: on 9k papers that took seconds)
        rows = hits[["paper_id", column]].drop_duplicates()
        if not rows["paper_id"].duplicated().any():
            return rows.set_index("paper_id")[column]
        return rows.groupby("paper_id", sort=False)[column].agg(sep.join)

    per_paper = pd.DataFrame(
        {"techniques": joined("technique", ", "), "evidence": joined("evidence", " · ")}
    ).reset_index(names="paper_id")
    out = per_paper.merge(titles[["paper_id", "title", "venue_label"]], on="paper_id", how="left")
    return out[cols].sort_values(["venue_label", "title"]).reset_index(drop=True)


def co_occurring(
    tech: pd.DataFrame, ids: Iterable[str], picked: Iterable[str], k: int | None = 20
) -> pd.DataFrame:
    """The ``k`` (None: all) techniques, besides ``picked``, on most of the papers ``ids``.

    Returns:
        ``technique``, ``papers``.
    """
    others = tech[is_in(tech["paper_id"], ids) & ~tech["technique"].isin(list(picked))]
    out = papers_per(others, "technique")
    return out if k is None else out.head(k)


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


# --- Model sizes -------------------------------------------------------------------------------


def valid_sizes(sizes: pd.DataFrame) -> pd.DataFrame:
    """The ``model_sizes`` rows with a positive parameter count."""
    return sizes[pd.to_numeric(sizes["params"], errors="coerce") > 0]


def size_summary(sizes: pd.DataFrame, n_papers: int) -> dict[str, int | float | None]:
    """Counts for the Model sizes page from valid ``sizes`` of ``n_papers`` papers.

    Returns:
        ``with_size`` and ``without_size`` (papers), ``sizes`` (rows), ``median`` (parameters,
        None without sizes) and ``without_share`` (fraction of papers with no size, None without
        papers).
    """
    with_size = int(sizes["paper_id"].nunique())
    return {
        "with_size": with_size,
        "without_size": n_papers - with_size,
        "sizes": len(sizes),
        "median": float(sizes["params"].median()) if len(sizes) else None,
        "without_share": (n_papers - with_size) / n_papers if n_papers else None,
    }


def size_points(sizes: pd.DataFrame) -> pd.DataFrame:
    """Sizes joined to their papers (``title``, ``venue``, ``venue_label``) as chart points.

    Returns:
        ``venue`` (missing: ``unknown``), ``params``, ``label`` (``model (as written)``, or as
        written when no model is named), ``title``, ``venue_label``, ``paper_id``.
    """
    model = sizes["model"].astype("object")
    named = model.map(lambda m: isinstance(m, str) and bool(m))
    text = sizes["text"].astype(str)
    label = text.where(~named, model.astype(str) + " (" + text + ")")
    out = known_venue(sizes).assign(label=label)
    return out[["venue", "params", "label", "title", "venue_label", "paper_id"]]


def sizes_by_tag(points: pd.DataFrame, tags: pd.DataFrame, level: str = "theme") -> pd.DataFrame:
    """``points`` once per tag of their paper; a paper without a tag gets ``(no theme)``."""
    out = points.merge(tags[["paper_id", level]], on="paper_id", how="left")
    return out.fillna({level: NO_THEME})


def sizes_ranked(points: pd.DataFrame) -> pd.DataFrame:
    """Every size, largest first.

    Returns:
        ``params``, ``size`` (``7B``), ``label``, ``title``, ``venue_label``, ``paper_id``.
    """
    out = points[["params", "label", "title", "venue_label", "paper_id"]].sort_values(
        "params", ascending=False, kind="stable"
    )
    out.insert(1, "size", out["params"].map(human_params))
    return out.reset_index(drop=True)


def size_trend(sizes: pd.DataFrame, papers: pd.DataFrame, by: str = "group") -> pd.DataFrame:
    """Parameter counts per ``by`` series and year: median and spread, papers with and without.

    A paper counts once, with the largest size its abstract states (its headline model).

    Returns:
        ``by``, ``year``, ``papers`` (all papers of the series that year), ``with_size``,
        ``without_size``, ``median``, ``q25``, ``q75``, ``min``, ``max`` (parameters; NaN
        without sizes) and ``segment`` (:func:`gap_segments`).
    """
    cols = [
        by,
        "year",
        "papers",
        "with_size",
        "without_size",
        "median",
        "q25",
        "q75",
        "min",
        "max",
        "segment",
    ]
    p = papers.dropna(subset=["year"])[["paper_id", by, "year"]]
    if p.empty:
        return pd.DataFrame(columns=cols)
    p = p.assign(year=p["year"].astype(int))
    s = sizes.assign(params=pd.to_numeric(sizes["params"], errors="coerce"))
    s = s[s["params"] > 0].groupby("paper_id")["params"].max().rename("params").reset_index()
    per_paper = p.merge(s, on="paper_id", how="left")
    g = per_paper.groupby([by, "year"])["params"]
    out = pd.DataFrame(
        {
            "papers": g.size(),
            "with_size": g.count(),
            "median": g.median(),
            "q25": g.quantile(0.25),
            "q75": g.quantile(0.75),
            "min": g.min(),
            "max": g.max(),
        }
    ).reset_index()
    out["without_size"] = out["papers"] - out["with_size"]
    out["segment"] = gap_segments(out, [by])
    return out[cols]


# --- Results -----------------------------------------------------------------------------------


def with_measures(metrics: pd.DataFrame) -> pd.DataFrame:
    """``metrics`` with ``metric`` filled (``(unclear)``) and ``measure`` = ``metric [unit]``."""
    metric = metrics["metric"].fillna(UNCLEAR_METRIC)
    unit = metrics["unit"].fillna("?")
    return metrics.assign(metric=metric, measure=metric + " [" + unit + "]")


def select_results(
    metrics: pd.DataFrame,
    metric: Iterable[str] = (),
    unit: Iterable[str] = (),
    benchmark: Iterable[str] = (),
) -> pd.DataFrame:
    """The rows whose metric, unit and benchmark are among the chosen ones (empty: any)."""
    view = metrics
    for column, chosen in (("metric", metric), ("unit", unit), ("benchmark", benchmark)):
        chosen = list(chosen)
        if chosen:
            view = view[view[column].isin(chosen)]
    return view


def units_by_frequency(results: pd.DataFrame) -> list[str]:
    """Units of the ``results`` that have a value (missing unit: ``?``), most reported first."""
    return results.dropna(subset=["value"])["unit"].fillna("?").value_counts().index.tolist()


def value_distribution(results: pd.DataFrame, unit: str | None, top: int = 15) -> pd.DataFrame:
    """Values in one ``unit`` (``?``: none; None: any) of the ``top`` most reported measures.

    Returns:
        ``measure``, ``metric``, ``unit``, ``value``, ``text``, ``title``, ``paper_id``.
    """
    cols = ["measure", "metric", "unit", "value", "text", "title", "paper_id"]
    dist = results[cols].dropna(subset=["value"])
    if unit is not None:
        dist = dist[dist["unit"].fillna("?") == unit]
    top_measures = dist["measure"].value_counts().head(top).index
    return dist[dist["measure"].isin(top_measures)]


def is_skewed(values: pd.Series, factor: float = 20) -> bool:
    """True when the largest absolute value exceeds ``factor`` times the median one.

    A log axis then reads better.
    """
    vals = pd.to_numeric(values, errors="coerce").abs().dropna()
    return bool(len(vals)) and bool(vals.max() > factor * max(vals.median(), 1e-9))


def benchmarks_by_frequency(results: pd.DataFrame) -> list[str]:
    """Benchmarks named next to a value, most reported first."""
    return results["benchmark"].dropna().value_counts().index.tolist()


def benchmark_results(results: pd.DataFrame, benchmark: str) -> pd.DataFrame:
    """The values reported on one benchmark.

    Returns:
        ``title``, ``value``, ``measure``, ``text``, ``paper_id``.
    """
    rows = results[results["benchmark"] == benchmark]
    return rows[["title", "value", "measure", "text", "paper_id"]].reset_index(drop=True)


# --- Keywords ----------------------------------------------------------------------------------

RANKINGS = ("papers", "distinctive")


def group_sizes(groups: pd.DataFrame, by: str) -> pd.Series:
    """Papers per group (a venue, a theme) of ``groups`` (``paper_id``, ``by``), largest first."""
    return groups.groupby(by)["paper_id"].nunique().sort_values(ascending=False, kind="stable")


def group_members(groups: pd.DataFrame, by: str, group: str) -> list[str]:
    """Ids of the papers of one group."""
    return groups.loc[groups[by] == group, "paper_id"].drop_duplicates().tolist()


def top_terms(
    kw: pd.DataFrame,
    members: Iterable[str],
    k: int,
    rank: str = "papers",
    n_papers: int | None = None,
) -> pd.DataFrame:
    """The ``k`` top keywords of the papers ``members`` among all papers of ``kw``.

    Args:
        kw: Distinct ``paper_id``, ``keyword`` rows of every paper in view.
        members: Paper ids of the group (a venue, a theme).
        k: Rows to return.
        rank: ``papers``: most papers first. ``distinctive``: highest ratio of the keyword's
            share in the group to its share in all papers (``x overall``), among keywords of at
            least 3 papers and 1% of the group, so that "learning" or "networks", frequent
            everywhere, give way to what sets the group apart.
        n_papers: Papers in view, keywords or not (default: the papers in ``kw``).

    Returns:
        Columns ``keyword``, ``papers`` (in the group), ``% of papers`` (of the group),
        ``x overall``.
    """
    if rank not in RANKINGS:
        raise ValueError(f"rank must be one of {RANKINGS}, not {rank!r}")
    ids = set(members)
    n_group = max(len(ids), 1)
    n_all = max(n_papers if n_papers is not None else kw["paper_id"].nunique(), 1)
    overall = kw.groupby("keyword")["paper_id"].nunique()
    inside = kw[kw["paper_id"].isin(ids)].groupby("keyword")["paper_id"].nunique()
    out = inside.rename("papers").to_frame()
    out["% of papers"] = (100 * out["papers"] / n_group).round(1)
    out["x overall"] = ((out["papers"] / n_group) / (overall[out.index] / n_all)).round(2)
    out = out.reset_index(names="keyword")
    if rank == "distinctive":
        out = out[out["papers"] >= max(3, math.ceil(0.01 * n_group))]
        order = ["x overall", "papers", "keyword"]
    else:
        order = ["papers", "x overall", "keyword"]
    out = out.sort_values(order, ascending=[False, False, True])
    return out.head(k).reset_index(drop=True)


def keyword_shift(
    kw: pd.DataFrame, papers: pd.DataFrame, a: int, b: int, min_papers: int = 1
) -> pd.DataFrame:
    """Each keyword's share of the papers of year ``a`` and of year ``b``.

    Only keywords on at least ``min_papers`` papers in one of the two years are kept.

    Returns:
        ``keyword``, ``papers_{a}``, ``papers_{b}``, ``share_{a}``, ``share_{b}`` (% of that
        year's papers, keywords or not) and ``change`` (``share_{b} - share_{a}``, points),
        largest rise first.
    """
    counts, totals = {}, {}
    for y in (a, b):
        ids = papers.loc[papers["year"] == y, "paper_id"]
        counts[y] = kw[kw["paper_id"].isin(ids)].groupby("keyword")["paper_id"].nunique()
        totals[y] = max(len(ids), 1)
    both = pd.DataFrame({f"papers_{a}": counts[a], f"papers_{b}": counts[b]}).fillna(0)
    both = both.astype(int)
    both = both[(both[f"papers_{a}"] >= min_papers) | (both[f"papers_{b}"] >= min_papers)]
    both[f"share_{a}"] = 100 * both[f"papers_{a}"] / totals[a]
    both[f"share_{b}"] = 100 * both[f"papers_{b}"] / totals[b]
    both["change"] = both[f"share_{b}"] - both[f"share_{a}"]
    both = both.reset_index(names="keyword")
    both = both.sort_values(["change", "keyword"], ascending=[False, True])
    return both.reset_index(drop=True)


def biggest_moves(shift: pd.DataFrame, k: int = 12) -> pd.DataFrame:
    """The ``k`` most rising and ``k`` most falling keywords of :func:`keyword_shift`.

    Keywords whose share did not change are left out.
    """
    moves = pd.concat([shift.head(k), shift.tail(k)]).drop_duplicates("keyword")
    return moves[moves["change"] != 0].reset_index(drop=True)


# --- Emerging topics ------------------------------------------------------------------------------


def log_odds_prior(
    a: pd.Series, n_a: int, b: pd.Series, n_b: int, prior: pd.Series | None = None
) -> pd.DataFrame:
    """Log-odds ratios with an informative Dirichlet prior (Monroe, Colaresi & Quinn 2008).

    Counts are papers: ``a[w]`` of the ``n_a`` papers of period A carry term ``w``, ``b[w]``
    of the ``n_b`` papers of period B. The prior counts ``α_w`` default to the pooled counts
    ``a + b`` (the paper's informative prior from the whole corpus), with ``α0 = n_a + n_b``::

        δ_w = log((b_w + α_w) / (n_b + α0 − b_w − α_w)) − log((a_w + α_w) / (n_a + α0 − a_w − α_w))
        var(δ_w) ≈ 1 / (b_w + α_w) + 1 / (a_w + α_w),   z_w = δ_w / sqrt(var)

    ``z`` ranks terms: a rise from 1 to 3 papers scores below a rise from 10 to 30, unlike a
    plain ratio of shares.

    Returns:
        ``term``, ``papers_a``, ``papers_b``, ``share_a``, ``share_b`` (% of the period's
        papers), ``delta`` and ``z``, highest ``z`` first.
    """
    both = pd.DataFrame({"papers_a": a, "papers_b": b}).fillna(0)
    both = both[(both["papers_a"] + both["papers_b"]) > 0]
    ya, yb = both["papers_a"].astype(float), both["papers_b"].astype(float)
    alpha = (ya + yb) if prior is None else prior.reindex(both.index).fillna(0).astype(float)
    alpha0 = float(n_a + n_b) if prior is None else float(alpha.sum())
    import numpy as np

    with np.errstate(divide="ignore", invalid="ignore"):
        delta = np.log((yb + alpha) / (n_b + alpha0 - yb - alpha)) - np.log(
            (ya + alpha) / (n_a + alpha0 - ya - alpha)
        )
        z = delta / np.sqrt(1 / (yb + alpha) + 1 / (ya + alpha))
    out = both.astype(int).assign(
        share_a=100 * ya / max(n_a, 1),
        share_b=100 * yb / max(n_b, 1),
        delta=delta,
        z=z,
    )
    out = out.reset_index(names="term")
    return out.sort_values(["z", "term"], ascending=[False, True]).reset_index(drop=True)


def rising_terms(
    hits: pd.DataFrame,
    papers: pd.DataFrame,
    years_a: Iterable[int],
    years_b: Iterable[int],
    term: str = "term",
    min_papers: int = 3,
) -> tuple[pd.DataFrame, int, int]:
    """Terms ranked by how much more papers of period B carry them than papers of period A.

    Args:
        hits: ``paper_id`` and the ``term`` column (distinct rows).
        papers: Papers in view (``paper_id``, ``year``).
        years_a: Years of the earlier period.
        years_b: Years of the later period.
        term: The term column.
        min_papers: Keep terms with at least this many papers in the two periods together.

    Returns:
        :func:`log_odds_prior` rows (``term`` renamed back to ``term``) and the number of papers
        in A and in B.
    """
    ya, yb = {int(y) for y in years_a}, {int(y) for y in years_b}
    yr = pd.to_numeric(papers["year"], errors="coerce")
    ids_a = papers.loc[yr.isin(ya), "paper_id"].drop_duplicates()
    ids_b = papers.loc[yr.isin(yb), "paper_id"].drop_duplicates()
    h = hits[["paper_id", term]].drop_duplicates()
    ca = h[is_in(h["paper_id"], ids_a)].groupby(term)["paper_id"].nunique()
    cb = h[is_in(h["paper_id"], ids_b)].groupby(term)["paper_id"].nunique()
    out = log_odds_prior(ca, len(ids_a), cb, len(ids_b))
    out = out[out["papers_a"] + out["papers_b"] >= min_papers].reset_index(drop=True)
    return out.rename(columns={"term": term}), len(ids_a), len(ids_b)


def default_periods(years_: Iterable[int]) -> tuple[list[int], list[int]] | None:
    """Two periods to compare by default: the last two years with papers, and the two before.

    With three years or fewer: the first year against the last. None with fewer than two.
    """
    ys = sorted({int(y) for y in years_})
    if len(ys) < 2:
        return None
    if len(ys) < 4:
        return [ys[0]], [ys[-1]]
    return ys[-4:-2], ys[-2:]


def venues_in_both(papers: pd.DataFrame, years_a: Iterable[int], years_b: Iterable[int]) -> list:
    """Venues with papers in period A and in period B (compare like with like)."""
    yr = pd.to_numeric(papers["year"], errors="coerce")
    va = set(papers.loc[yr.isin(set(years_a)), "venue"].dropna())
    vb = set(papers.loc[yr.isin(set(years_b)), "venue"].dropna())
    return sorted(va & vb)


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
    """Names a paper proposes that only its title gives (rows without offsets), as labels.

    "WateRF: Robust Watermarks in Radiance Fields ..." proposes WateRF though its abstract only
    says "we introduce an innovative watermarking method": such rows have no span to highlight.
    """
    if methods.empty or "start" not in methods.columns:
        return []
    rows = methods[(methods["paper_id"] == paper_id) & methods["start"].isna()]
    return [f"{r.name} ({r.role} {r.type})" for r in rows.itertuples()]


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


def accuracy_table(rows: list[dict]) -> pd.DataFrame:
    """The rows of ``dashboard/accuracy.json`` as a table for people.

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
        ],
        columns=cols,
    )
    return out


# --- Leaderboards and results by kind (issue 13) ----------------------------------------------
# Frames follow the ``results`` table (extract/schema.py): one row per reported number with
# ``benchmark``, ``metric``, ``value``, ``unit``, ``kind``, ``direction``, ``method``,
# ``setting``, ``qualifier``, ``start``/``end`` into the paper's abstract.

RESULT_KINDS = {
    "score": "Scores",
    "delta": "Gains (differences)",
    "relative": "Ratios (x faster, x smaller)",
    "other": "Counts",
}
EVIDENCE_MARKS = ("⟦", "⟧")  # around the number in a plain-text evidence sentence
# A leaderboard ranks reported scores: "over 95%", "up to 80%", "about 70%" are bounds or
# approximations, not scores, and stay off it ("only 45%" is exact).
EXACT_QUALIFIERS = (None, "just")


def fold_name(name: object) -> str:
    """``name`` lower-cased with only letters and digits: "WikiText-2" and "Wikitext2" agree."""
    return "".join(ch for ch in str(name).lower() if ch.isalnum())


def _with_bench_key(results: pd.DataFrame) -> pd.DataFrame:
    rows = results.dropna(subset=["benchmark"])
    return rows.assign(bench_key=rows["benchmark"].map(fold_name))


def _spellings(rows: pd.DataFrame) -> pd.Series:
    """The most used spelling of each benchmark key (ties: alphabetical)."""
    counts = rows.groupby(["bench_key", "benchmark"]).size().reset_index(name="n")
    counts = counts.sort_values(["bench_key", "n", "benchmark"], ascending=[True, False, True])
    return counts.drop_duplicates("bench_key").set_index("bench_key")["benchmark"]


def leaderboard_benchmarks(results: pd.DataFrame) -> pd.DataFrame:
    """Benchmarks with reported scores, the one with most papers first.

    Spellings that differ only in case and punctuation ("WikiText-2", "Wikitext2") count as one
    benchmark, shown in its most used spelling.

    Returns:
        ``benchmark``, ``papers`` (with a score on it), ``scores``, ``key`` (folded name).
    """
    cols = ["benchmark", "papers", "scores", "key"]
    rows = _with_bench_key(results[results["kind"] == "score"])
    if rows.empty:
        return pd.DataFrame(columns=cols)
    per = rows.groupby("bench_key").agg(papers=("paper_id", "nunique"), scores=("value", "size"))
    per["benchmark"] = _spellings(rows)
    per = per.reset_index(names="key")
    per = per.sort_values(["papers", "scores", "benchmark"], ascending=[False, False, True])
    return per[cols].reset_index(drop=True)


def _on_benchmark(results: pd.DataFrame, benchmark: str) -> pd.DataFrame:
    key = fold_name(benchmark)
    rows = results.dropna(subset=["benchmark"])
    return rows[rows["benchmark"].map(fold_name) == key]


def leaderboard_metrics(results: pd.DataFrame, benchmark: str) -> pd.DataFrame:
    """Metrics of the scores reported on ``benchmark``, the one with most papers first.

    Returns:
        ``metric``, ``papers``, ``direction`` (``higher``/``lower``/None).
    """
    rows = _on_benchmark(results[results["kind"] == "score"], benchmark).dropna(subset=["metric"])
    if rows.empty:
        return pd.DataFrame(columns=["metric", "papers", "direction"])
    per = rows.groupby("metric").agg(
        papers=("paper_id", "nunique"), direction=("direction", "first")
    )
    per = per.reset_index().sort_values(["papers", "metric"], ascending=[False, True])
    return per.reset_index(drop=True)


def score_axis(rows: pd.DataFrame, percent: bool) -> tuple[pd.DataFrame, str]:
    """Scores of one metric on one axis: the rows that fit, with ``score``, and the axis unit.

    A 0-100 metric (``percent``: accuracy, F1, ...) is shown in %: "72.4%" and a bare "72.4"
    as written, a bare "0.724" times 100. Any other metric keeps its most used unit; rows in
    other units are left out (they would not share the axis).
    """
    rows = rows.dropna(subset=["value"])
    unit = rows["unit"].fillna("")
    if percent:
        fits = unit.isin(["%", ""])
        share = (unit == "") & (rows["value"].abs() < 1)
        score = rows["value"].where(~share, rows["value"] * 100)
        return rows[fits].assign(score=score[fits]), "%"
    if rows.empty:
        return rows.assign(score=pd.Series(dtype=float)), ""
    common = unit.value_counts().index[0]
    fits = unit == common
    return rows[fits].assign(score=rows.loc[fits, "value"]), common


def _sentence_of(abstract: str, start: int, end: int) -> tuple[str, int, int]:
    from extract.text.sentences import sentences

    for off, sent in sentences(abstract):
        if off <= start < off + len(sent):
            return sent, start - off, min(end, off + len(sent)) - off
    return abstract, start, end


def evidence(abstract: object, start: object, end: object, marks: tuple[str, str] = EVIDENCE_MARKS):
    """The sentence of ``abstract`` holding ``[start, end)``, the number between ``marks``."""
    if not isinstance(abstract, str) or pd.isna(start) or pd.isna(end):
        return ""
    sent, s, e = _sentence_of(abstract, int(start), int(end))
    return f"{sent[:s]}{marks[0]}{sent[s:e]}{marks[1]}{sent[e:]}".strip()


def evidence_span(abstract: str, start: int, end: int) -> tuple[str, int, int]:
    """The sentence holding ``[start, end)`` and the span's offsets inside it (for highlighting)."""
    return _sentence_of(abstract, int(start), int(end))


def _best_per_paper(rows: pd.DataFrame, direction: str | None) -> pd.DataFrame:
    lower = direction == "lower"
    rows = rows.sort_values(["paper_id", "score", "start"], ascending=[True, lower, True])
    return rows.drop_duplicates("paper_id")


def leaderboard(
    results: pd.DataFrame, papers: pd.DataFrame, benchmark: str, metric: str, percent: bool
) -> tuple[pd.DataFrame, str]:
    """The best score each paper reports on ``benchmark`` in ``metric``, best first.

    Only ``score`` rows count (gains and ratios never share the score axis), only exact ones
    (:data:`EXACT_QUALIFIERS`: no "over", "up to", "about") and none off the board's scale
    (:func:`off_scale`). A paper's best is its highest
    value, or its lowest for a metric where lower is better (perplexity, WER, FID).

    Args:
        results: ``results`` rows.
        papers: ``paper_id``, ``title``, ``venue``, ``year``, ``abstract``.
        benchmark: A benchmark name (any spelling of it).
        metric: A canonical metric.
        percent: The metric is on a 0-100 scale (see :func:`score_axis`).

    Returns:
        The board (``rank``, ``score``, ``unit``, ``method``, ``title``, ``venue``, ``year``,
        ``setting``, ``evidence``, ``value``, ``qualifier``, ``paper_id``, ``start``, ``end``)
        and the unit of its scores.
    """
    cols = [
        "rank",
        "score",
        "unit",
        "method",
        "title",
        "venue",
        "year",
        "setting",
        "evidence",
        "value",
        "qualifier",
        "paper_id",
        "start",
        "end",
    ]
    rows = _on_benchmark(results[results["kind"] == "score"], benchmark)
    exact = rows["qualifier"].isna() | rows["qualifier"].isin([q for q in EXACT_QUALIFIERS if q])
    rows = rows[(rows["metric"] == metric) & exact]
    rows, unit = score_axis(rows, percent)
    if rows.empty:
        return pd.DataFrame(columns=cols), unit
    direction = rows["direction"].dropna().iloc[0] if rows["direction"].notna().any() else None
    rows = rows[~off_scale(rows)]
    best = _best_per_paper(rows, direction)
    info = papers[["paper_id", "title", "venue", "year", "abstract"]]
    best = best.merge(info, on="paper_id", how="left")
    best["evidence"] = [
        evidence(a, s, e) for a, s, e in zip(best["abstract"], best["start"], best["end"])
    ]
    best = best.sort_values(
        ["score", "year", "title"], ascending=[direction == "lower", True, True], na_position="last"
    )
    best["rank"] = range(1, len(best) + 1)
    best["unit"] = unit or None
    return best[cols].reset_index(drop=True), unit


OFF_SCALE = 10  # a score this many times above or below the board's median is off its scale
OFF_SCALE_MIN_PAPERS = 4  # fewer papers: no median to judge by


def off_scale(rows: pd.DataFrame) -> pd.Series:
    """True for scores ten times above or below the median of their board.

    Such a score is in another scale or setting the abstract does not name: a character-level
    "perplexity of 1.214" among word-level perplexities of 50-70 on Penn Treebank.
    """
    score = rows["score"].astype(float)
    median = score.median()
    if rows["paper_id"].nunique() < OFF_SCALE_MIN_PAPERS or not median > 0:
        return pd.Series(False, index=rows.index)
    return (score > OFF_SCALE * median) | (score < median / OFF_SCALE)


def off_scale_scores(
    results: pd.DataFrame, benchmark: str, metric: str, percent: bool
) -> pd.DataFrame:
    """The scores :func:`leaderboard` leaves out as off its scale: ``value``, ``paper_id``."""
    rows = _on_benchmark(results[results["kind"] == "score"], benchmark)
    exact = rows["qualifier"].isna() | rows["qualifier"].isin([q for q in EXACT_QUALIFIERS if q])
    rows, _ = score_axis(rows[(rows["metric"] == metric) & exact], percent)
    if rows.empty:
        return rows
    return rows[off_scale(rows)][["value", "paper_id"]].reset_index(drop=True)


def state_of_the_art(board: pd.DataFrame, direction: str | None) -> pd.DataFrame:
    """The best score reported so far, year by year, from a :func:`leaderboard`.

    Returns:
        One row per year with a score: ``year``, ``best`` (best so far), ``year_best`` (best
        reported that year), ``record`` (True when that year set a new best), and ``method``
        and ``title`` of the paper holding the best so far.
    """
    cols = ["year", "best", "year_best", "record", "method", "title"]
    rows = board.dropna(subset=["year", "score"])
    if rows.empty:
        return pd.DataFrame(columns=cols)
    lower = direction == "lower"
    rows = rows.sort_values(["year", "score"], ascending=[True, lower])
    per_year = rows.drop_duplicates("year")
    out, best, holder = [], None, (None, None)
    for r in per_year.itertuples(index=False):
        better = best is None or (r.score < best if lower else r.score > best)
        if better:
            best, holder = r.score, (r.method, r.title)
        out.append(
            {
                "year": int(r.year),
                "best": best,
                "year_best": r.score,
                "record": better,
                "method": holder[0],
                "title": holder[1],
            }
        )
    return pd.DataFrame(out, columns=cols)


def reported_gains(
    results: pd.DataFrame, papers: pd.DataFrame, benchmark: str, metric: str | None = None
) -> pd.DataFrame:
    """Differences reported on ``benchmark`` ("+2.2 points", "by 3.1%"), largest first.

    ``metric`` None: every metric. These are gains over a baseline, not scores: they are
    listed apart and never drawn on a score axis.

    Returns:
        ``value``, ``unit``, ``metric``, ``method``, ``title``, ``venue``, ``year``,
        ``evidence``, ``paper_id``.
    """
    cols = ["value", "unit", "metric", "method", "title", "venue", "year", "evidence", "paper_id"]
    rows = _on_benchmark(results[results["kind"] == "delta"], benchmark)
    if metric is not None:
        rows = rows[rows["metric"] == metric]
    if rows.empty:
        return pd.DataFrame(columns=cols)
    rows = rows.merge(papers[["paper_id", "title", "venue", "year", "abstract"]], on="paper_id")
    rows["evidence"] = [
        evidence(a, s, e) for a, s, e in zip(rows["abstract"], rows["start"], rows["end"])
    ]
    rows = rows.sort_values("value", ascending=False, key=lambda v: v.abs())
    return rows[cols].reset_index(drop=True)


def results_of_kind(results: pd.DataFrame, kind: str) -> pd.DataFrame:
    """The rows of one kind (``score``, ``delta``, ``relative`` or ``other``)."""
    if kind not in RESULT_KINDS:
        raise ValueError(f"unknown kind {kind!r}; one of {', '.join(RESULT_KINDS)}")
    return results[results["kind"] == kind]


def kind_counts(results: pd.DataFrame) -> dict[str, int]:
    """Number of rows per kind, every kind listed."""
    counts = results["kind"].value_counts()
    return {k: int(counts.get(k, 0)) for k in RESULT_KINDS}


def with_span_text(rows: pd.DataFrame, papers: pd.DataFrame) -> pd.DataFrame:
    """``rows`` with ``text``: the span of each row as written in its abstract."""
    abstracts = papers.set_index("paper_id")["abstract"]
    text = [
        str(abstracts.get(p, ""))[int(s) : int(e)] if pd.notna(s) and pd.notna(e) else ""
        for p, s, e in zip(rows["paper_id"], rows["start"], rows["end"])
    ]
    return rows.assign(text=text)


def sota_frame(board: pd.DataFrame, sota: pd.DataFrame) -> pd.DataFrame:
    """One frame for :func:`dashboard.charts.sota_steps`: papers' best scores and the record line.

    Returns:
        ``series`` ("paper" or "best so far"), ``year``, ``score``, ``best``, ``method``,
        ``title``, ``venue``.
    """
    cols = ["series", "year", "score", "best", "method", "title", "venue"]
    pts = board.dropna(subset=["year", "score"]).assign(series="paper", best=None)
    line = sota.assign(series="best so far", score=None, venue=None)
    out = pd.concat([pts.reindex(columns=cols), line.reindex(columns=cols)], ignore_index=True)
    return out.astype({"year": int, "score": float, "best": float})


def percent_metric(metric: str | None) -> bool:
    """True for a metric usually written on a 0-100 scale (from the results vocabulary)."""
    from extract.stages.results import metric_is_percent

    return metric_is_percent(metric)


def pick_index(options: Iterable[str], wanted: str | None) -> int:
    """Position of ``wanted`` among ``options`` in any spelling ("penn treebank"), else 0."""
    if wanted:
        key = fold_name(wanted)
        for i, option in enumerate(options):
            if fold_name(option) == key:
                return i
    return 0
