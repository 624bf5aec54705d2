"""Boards from annotated rows: the default view, all settings, unplaced, coverage, and resolving what a user asks for.

Part of :mod:`extract.leaderboards` (see its docstring for what a board is).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
import pandas as pd
from extract.leaderboards.catalogue import Benchmark, STANDARD, _benchmark_keys, benchmark_of, benchmarks, fold, metrics
from extract.leaderboards.reading import evaluation_paper, read_row

# --- frames ------------------------------------------------------------------------------------

ANNOTATED = [
    "paper_id", "title", "venue", "year", "bench_id", "bench", "parent", "task", "metric_id",
    "metric", "direction", "score", "unit", "value", "norm_value", "norm_unit", "shot",
    "extra_data", "robust", "selective", "subset", "split", "size", "setting", "role", "method",
    "placed", "reason", "evidence", "kind", "start", "end",
]


def _proposed_names(methods: pd.DataFrame | None, names: pd.DataFrame | None) -> dict[str, list]:
    out: dict[str, list] = {}
    for frame in (methods, names):
        if frame is None or frame.empty:
            continue
        f = frame[frame["role"] == "proposed"]
        if "form" in f.columns:  # names only, not method phrases
            f = f[f["form"].isna() | (f["form"] == "name")]
        if "type" in f.columns:
            f = f[f["type"].isna() | (f["type"] == "method")]
        f = f.sort_values(["paper_id", "start"], na_position="last")
        for pid, name in zip(f["paper_id"], f["name"]):
            lst = out.setdefault(pid, [])
            if name not in lst:
                lst.append(name)
    return out


def annotate(
    results: pd.DataFrame,
    papers: pd.DataFrame,
    methods: pd.DataFrame | None = None,
    names: pd.DataFrame | None = None,
    bench_rows: pd.DataFrame | None = None,
) -> pd.DataFrame:
    """Every ``results`` row that names a benchmark, with its board fields (:data:`ANNOTATED`).

    Args:
        results: ``results`` rows.
        papers: ``paper_id``, ``title``, ``venue``, ``year``, ``abstract``.
        methods: ``methods`` rows (``paper_id``, ``name``, ``role``, ``start``), or None.
        names: ``names`` rows (``paper_id``, ``name``, ``type``, ``role``, ``start``), or None.
        bench_rows: ``benchmarks`` rows (``paper_id``, ``name``, ``role``): a paper that
            introduces a benchmark is an evaluation paper for the models it names.
    """
    rows = results.dropna(subset=["benchmark", "start", "end", "value"])
    if rows.empty:
        return pd.DataFrame(columns=ANNOTATED)
    info = papers.set_index("paper_id")
    # the results stage names the own method from the methods rows (read from the names
    # stage); the names rows stand in only when there are no methods rows
    proposed = _proposed_names(methods, None if methods is not None else names)
    introduces = set()
    if bench_rows is not None and not bench_rows.empty:
        introduces = set(bench_rows.loc[bench_rows["role"] == "proposed", "paper_id"])
    eval_cache: dict[str, bool] = {}
    out = []
    rows = rows.astype(object).where(rows.notna(), None)
    for row in rows.to_dict("records"):
        pid = row["paper_id"]
        if pid not in info.index:
            continue
        p = info.loc[pid]
        abstract = str(p["abstract"])
        if pid not in eval_cache:
            eval_cache[pid] = evaluation_paper(abstract, pid in introduces, bool(proposed.get(pid)))
        bench = benchmark_of(row["benchmark"])
        r = read_row(row, abstract, bench, proposed.get(pid, []), eval_cache[pid], p["title"])
        d = r.__dict__
        d.update(
            paper_id=pid, title=p["title"], venue=p["venue"], year=p["year"],
            value=row["value"], kind=row["kind"], start=row["start"], end=row["end"],
        )
        out.append(d)
    frame = pd.DataFrame(out, columns=ANNOTATED)
    # an unlisted benchmark shows its most used spelling
    adhoc = ~frame["bench_id"].isin(list(benchmarks()))
    if adhoc.any():
        common = (
            frame[adhoc].groupby(["bench_id", "bench"]).size().reset_index(name="n")
            .sort_values(["bench_id", "n", "bench"], ascending=[True, False, True])
            .drop_duplicates("bench_id").set_index("bench_id")["bench"]
        )
        frame.loc[adhoc, "bench"] = frame.loc[adhoc, "bench_id"].map(common)
    return frame


def setting_shown(setting: str | None, extra_data) -> str:
    """A board row's setting as a reader sees it: the setting, then ", extra data" when its
    sentence names extra training data (``extra_data`` TRUE: "ImageNet-22K pretraining", "given
    more pre-training data"), which a number trained on the benchmark's data alone is not
    comparable with. FALSE ("without extra data") and NULL (not said) add nothing."""
    flagged = extra_data is not None and not pd.isna(extra_data) and bool(extra_data)
    base = setting if isinstance(setting, str) else ""
    return f"{base}, extra data" if flagged and base else "extra data" if flagged else base


def main_setting(rows: pd.DataFrame) -> str:
    """The setting a board shows by default: the one most papers report their own scores in
    (``standard`` on a tie, never a subset)."""
    own = rows[(rows["role"] == "own") & ~rows["setting"].str.contains("subset", regex=False)]
    if own.empty:
        return STANDARD  # a subset is never a board's main setting ("MMLU astronomy")
    papers = own.groupby("setting")["paper_id"].nunique()
    papers = papers.sort_values(ascending=False, kind="stable")
    top = papers[papers == papers.iloc[0]].index
    return STANDARD if STANDARD in top else top[0]


def boards(annotated: pd.DataFrame) -> pd.DataFrame:
    """Every board (benchmark, task, metric) with placed scores, most papers first.

    Returns:
        ``bench_id``, ``bench``, ``task``, ``metric_id``, ``metric``, ``direction``,
        ``papers`` (in the default view), ``all_papers`` (any setting or role).
    """
    cols = ["bench_id", "bench", "task", "metric_id", "metric", "direction", "papers", "all_papers"]
    placed = annotated[annotated["placed"]]
    if placed.empty:
        return pd.DataFrame(columns=cols)
    out = []
    for (bid, task, mid), g in placed.groupby(["bench_id", "task", "metric_id"], dropna=False):
        main = main_setting(g)
        view = g[(g["role"] == "own") & (g["setting"] == main)]
        out.append({
            "bench_id": bid, "bench": g["bench"].iloc[0], "task": task, "metric_id": mid,
            "metric": g["metric"].iloc[0], "direction": g["direction"].iloc[0],
            "papers": view["paper_id"].nunique(), "all_papers": g["paper_id"].nunique(),
        })
    frame = pd.DataFrame(out, columns=cols)
    return frame.sort_values(["papers", "all_papers", "bench"], ascending=[False, False, True]) \
        .reset_index(drop=True)


BOARD_COLUMNS = [
    "rank", "value", "unit", "metric", "task", "setting", "method", "role", "paper_id", "title",
    "venue", "year", "evidence", "shot", "extra_data", "robust", "selective", "subset", "split",
    "size", "start", "end",
]


def board(
    annotated: pd.DataFrame,
    bench_id: str,
    metric_id: str,
    task: str | None = None,
    setting: str | None = None,
    all_settings: bool = False,
    top: int | None = None,
) -> pd.DataFrame:
    """One board: the best placed score of each paper, best first (:data:`BOARD_COLUMNS`).

    By default only the paper's own methods in the board's :func:`main_setting`; ``setting``
    picks another setting; ``all_settings`` keeps every setting and role, one row per paper,
    setting and role.
    """
    g = annotated[
        annotated["placed"] & (annotated["bench_id"] == bench_id)
        & (annotated["metric_id"] == metric_id)
    ]
    if task is not None:
        g = g[g["task"].isna()] if pd.isna(task) else g[g["task"] == task]
    if g.empty:
        return pd.DataFrame(columns=BOARD_COLUMNS)
    keys = ["paper_id"]
    if all_settings:
        keys = ["paper_id", "setting", "role"]
    else:
        g = g[(g["role"] == "own") & (g["setting"] == (setting or main_setting(g)))]
    lower = g["direction"].iloc[0] == "lower" if len(g) else False
    g = g.sort_values(["score", "start"], ascending=[lower, True]).drop_duplicates(keys)
    g = g.sort_values(["score", "year", "title"], ascending=[lower, True, True])
    g = g.assign(value=g["score"], rank=range(1, len(g) + 1))
    if top:
        g = g.head(top)
    return g.reindex(columns=BOARD_COLUMNS).reset_index(drop=True)


def unplaced(annotated: pd.DataFrame, bench_id: str) -> pd.DataFrame:
    """The scores on a benchmark that no rule places on a board, with the reason."""
    g = annotated[
        (annotated["bench_id"] == bench_id) & ~annotated["placed"] & (annotated["kind"] == "score")
    ]
    return g[["value", "unit", "metric", "reason", "method", "role", "paper_id", "title",
              "year", "evidence"]].reset_index(drop=True)


def coverage(annotated: pd.DataFrame, bench_id: str, bench_rows: pd.DataFrame | None = None,
             metric_id: str | None = None) -> dict:
    """How many papers in view name the benchmark, and how many report a placeable score.

    Returns:
        ``naming`` (papers naming it: benchmarks-stage rows or results rows), ``placeable``
        (with a placed score on any of its boards), ``on_board`` (on ``metric_id``'s board).
    """
    mine = annotated[annotated["bench_id"] == bench_id]
    naming = set(mine["paper_id"])
    if bench_rows is not None and not bench_rows.empty:
        ids = bench_rows["name"].map(lambda n: benchmark_of(n).id)
        naming |= set(bench_rows.loc[ids == bench_id, "paper_id"])
    placed = mine[mine["placed"]]
    on = placed[placed["metric_id"] == metric_id] if metric_id else placed
    return {"naming": len(naming), "placeable": placed["paper_id"].nunique(),
            "on_board": on["paper_id"].nunique()}


def coverage_line(cov: dict, bench: str) -> str:
    """One sentence for the top of a board."""
    return (
        f"{cov['naming']:,} paper(s) in view name {bench}; {cov['placeable']:,} report a "
        f"placeable score ({cov['on_board']:,} on this board). Abstracts carry only headline "
        "numbers."
    )


# --- resolving what a user asks for ------------------------------------------------------------


class BoardError(LookupError):
    """An unknown benchmark or metric; the message names the closest ones."""


def resolve_benchmark(asked: str, known: Iterable[tuple[str, str]]) -> str:
    """The id of the benchmark ``asked`` names among ``known`` (id, name) pairs.

    Raises:
        BoardError: no such benchmark; the message lists the closest names.
    """
    known = list(known)
    key = fold(asked)
    by_key = {fold(n): bid for bid, n in known}
    by_key.update({bid: bid for bid, _ in known})
    bid = _benchmark_keys().get(key, key)
    if bid in {b for b, _ in known}:
        return bid
    if key in by_key:
        return by_key[key]
    # compared lower-cased: "gsm9k" is close to "GSM8K"
    lower = {}
    for _, n in known:
        lower.setdefault(n.lower(), n)
    close = [lower[m] for m in difflib.get_close_matches(asked.lower(), list(lower), n=5,
                                                          cutoff=0.5)]
    if not close:
        close = [n for _, n in known if key and key in fold(n)][:5]
    raise BoardError(
        f"unknown benchmark {asked!r}; closest: {', '.join(close) if close else 'none'}"
    )


def resolve_metric(asked: str | None, bench_id: str, available: pd.DataFrame) -> tuple[str, str]:
    """The (metric_id, task) of the board ``asked`` names on a benchmark.

    ``available`` is :func:`boards` for that benchmark. None picks the benchmark's main metric
    when it has a board, else its board with most papers. Aliases resolve as on the page:
    "accuracy" on ImageNet is top-1 accuracy.

    Raises:
        BoardError: no such metric on this benchmark; the message lists its metrics.
    """
    if available.empty:
        raise BoardError(f"no placeable score on {bench_id}")
    bench = benchmarks().get(bench_id) or Benchmark(id=bench_id, name=bench_id)
    if asked is None:
        if bench.main:
            hit = available[available["metric"] == bench.main]
            if not hit.empty:
                return hit.iloc[0]["metric_id"], hit.iloc[0]["task"]
        return available.iloc[0]["metric_id"], available.iloc[0]["task"]
    key = fold(asked)
    target = None
    for m in metrics():
        if key in {fold(m.id), fold(m.name), *(fold(a) for a in m.aliases)}:
            target = m.name
            break
    mapped = bench.metric_map.get(target or asked)
    wanted = {key, fold(target or ""), fold(mapped or "")} - {""}
    for r in available.itertuples(index=False):
        if fold(r.metric) in wanted or fold(r.metric_id) in wanted:
            return r.metric_id, r.task
    listing = ", ".join(f"{r.metric} ({r.task}, {r.papers})" for r in available.itertuples())
    raise BoardError(f"no {asked!r} board on {bench.name}; its metrics: {listing}")
