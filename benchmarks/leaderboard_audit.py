"""Precision@10 of the leaderboards on a build, from the verdicts in the dev set.

    python benchmarks/leaderboard_audit.py score --db /tmp/boards47k.duckdb
    python benchmarks/leaderboard_audit.py show --db F [--board BENCH|TASK|METRIC]

``benchmarks/devset/leaderboard_audit.jsonl`` holds one verdict per (board, paper, value): the
top ten entries (default view: the paper's own methods in the board's main setting) of the 20
boards with most papers on the 47k build (``../shared/corpora/paperlists`` +
``../shared/corpora/recent``), each judged right when it is the same benchmark, task, metric
and setting and a real score of the named method (an unnamed method is right when the sentence
names none). The 20 boards were split at random (seed 23) into 10 ``tune`` boards, read while
the rules of :mod:`extract.leaderboards` were changed, and 10 ``heldout`` boards, judged before
any change and never read for tuning (entries that came up only after a change were judged
then; ``labelled_on`` says when).

``score`` rebuilds those boards from the database with the current code and prints the
precision of the judged entries among each board's top ten, per board, per split and pooled;
entries without a verdict are listed (judge them with ``show`` and add them to the file).
``--by-method`` keys verdicts on the method shown too, so a verdict given when the method was
another name does not count (the file keeps every verdict; the latest for a key wins).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from extract import leaderboards as lb  # noqa: E402

AUDIT = ROOT / "benchmarks" / "devset" / "leaderboard_audit.jsonl"


def verdicts() -> list[dict]:
    """The judged entries, in file order."""
    return [json.loads(x) for x in AUDIT.read_text(encoding="utf-8").splitlines() if x.strip()]


def top_tens(db: str) -> dict[str, list[dict]]:
    """Each audited board's current top ten (default view), keyed by board id."""
    ann, _ = lb.annotate_db(db)
    out: dict[str, list[dict]] = {}
    for board in dict.fromkeys(v["board"] for v in verdicts()):
        bid, task, mid = board.split("|")
        task = None if task in ("nan", "None", "") else task
        g = ann[ann["bench_id"] == bid]
        g = g[g["task"].isna()] if task is None else g[g["task"] == task]
        rows = lb.board(g, bid, mid, float("nan") if task is None else task, top=10)
        out[board] = rows.to_dict("records")
    return out


def _key(board: str, paper_id: str, value: float, method=None, by_method: bool = False) -> tuple:
    k = (board, paper_id, round(float(value), 4))
    if by_method:
        k += (None if method != method or not method else str(method),)  # NaN -> None
    return k


def score(db: str, by_method: bool = False) -> None:
    """Print precision@10 per board, per split and pooled.

    With ``by_method`` a verdict counts only for the method it was given on (the latest such
    verdict): an entry whose shown method changed since it was judged is without a verdict.
    """
    judged = {
        _key(v["board"], v["paper_id"], v["value"], v.get("method"), by_method): v
        for v in verdicts()
    }
    split = {v["board"]: v["split"] for v in verdicts()}
    pooled: dict[str, list[int]] = {}
    missing = []
    for board, rows in top_tens(db).items():
        right = n = 0
        for r in rows:
            v = judged.get(_key(board, r["paper_id"], r["value"], r["method"], by_method))
            if v is None:
                missing.append((board, r))
                continue
            right += bool(v["correct"])
            n += 1
        p = pooled.setdefault(split[board], [0, 0])
        p[0] += right
        p[1] += n
        print(f"{split[board]:8} {board:52} {right:>2}/{n:<2} {right / n if n else 0:.2f}")
    for s, (right, n) in pooled.items():
        print(f"{s:8} pooled precision@10 {right}/{n} = {right / n if n else 0:.3f}")
    print(f"{len(missing)} entries without a verdict")
    for board, r in missing:
        print(f"  {board} #{r['rank']} {r['value']:g} {r['method']} [{r['role']}; {r['setting']}]")


def show(db: str, only: str | None) -> None:
    """Print the audited boards' current top ten with their evidence and verdicts."""
    judged = {(v["board"], v["paper_id"], round(v["value"], 4)): v for v in verdicts()}
    for board, rows in top_tens(db).items():
        if only and board != only:
            continue
        print(board)
        for r in rows:
            v = judged.get((board, r["paper_id"], round(float(r["value"]), 4)))
            mark = "?" if v is None else ("right" if v["correct"] else f"wrong: {v['why']}")
            print(f"  #{r['rank']} {r['value']:g} {r['method']} [{r['role']}; {r['setting']}] "
                  f"{mark}\n      {r['evidence']}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("command", choices=["score", "show"])
    ap.add_argument("--db", required=True, help="a build of the 47k corpus")
    ap.add_argument("--board", help="show only this board (bench|task|metric)")
    ap.add_argument("--by-method", action="store_true",
                    help="score: a verdict holds only for the method it was given on")
    args = ap.parse_args()
    if args.command == "score":
        score(args.db, args.by_method)
    else:
        show(args.db, args.board)


if __name__ == "__main__":
    main()
