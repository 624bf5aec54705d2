r"""Leaderboards you can trust: only comparable numbers on one board.

A board is one benchmark, one task and one metric, each with a canonical identity:

* **Benchmarks** have an id, a name and aliases (``data/benchmark_aliases.toml``): ImageNet =
  ImageNet-1K = ILSVRC-2012, enwik8 = Hutter Prize, PTB = Penn Treebank; ImageNet-21K and
  ImageNet-V2 stay apart. A benchmark not listed is its own board under its most used
  spelling (names folded: "WikiText-2" = "Wikitext2"). A subset ("MMLU astronomy", GLUE's
  tasks) is its own board or is flagged and kept off its parent's; a split (COCO test-dev,
  val) is shown as the row's ``split``.
* **Metrics** are the results stage's metric refined by the words at the number
  (``data/board_metrics.toml``): "top-5 accuracy", "23.9% top-1 error" (lower is better,
  never on an accuracy board), "AP50", "mask AP", "pass@10"; COCO "AP" and "mAP" are one
  metric. A benchmark says what a bare metric means on it ("accuracy" on ImageNet is top-1
  accuracy).
* **Tasks**: the metric's (keypoint AP is pose estimation), else the task word nearest the
  number or in the title ("instance segmentation", "BEV map segmentation"), else the
  benchmark's.

Every row gets its **setting** as fields (``shot``: zero-shot, few-shot k, fine-tuned, linear
probe or k-NN; ``extra_data``; ``robust``; ``selective``; ``subset``; ``split``; ``size`` where
stated) and a setting label from them (``standard``, or e.g. ``zero-shot``, ``robust``,
``low data``, ``annotation-free``, ``character-level``, ``subset: astronomy``, a generation
resolution ``256x256``; extra data is a flag, not a setting). It also says **whose number** it
is (``role``): the paper's own method (``own``; the B of "from A to B"), a ``baseline`` it
compares against ("than X", the A of "from A to B", "previous best"), or a model ``evaluated``
by a benchmark or analysis paper. ``method`` is the paper's own method name (the methods
stage's proposed name, else the title's "Name: ..." prefix, else the name after "our" /
"obtain") when the number is the paper's own, else the system the sentence names (not one only
given as an example after "such as").

A number is **placed** on a board only when it is a score of the metric on that board's scale;
otherwise it goes to the benchmark's unplaced list with the reason: a change or share written
at the number or at the head or tail of its list ("a 17.9% improvement", "35% of the
compute"), a bound ("over 90%"), no metric named, a number written with another benchmark, a
unit that does not fit, above 100%, or (in the standard setting) above the best result ever
published for that board (``record`` in the benchmark data). Gains, ratios and counts (the
other ``kind``\ s) never are scores. A board shows by default only the paper's own methods in
the board's main setting (the one most papers report their own scores in, ``standard`` on a
tie, never a subset), one row per paper (its best); ``all_settings`` shows every setting and
role, labelled. The results stage stores these fields on every row (:func:`with_board_fields`);
:mod:`extract.leaderboards.query` reads boards from them with SQL (the dashboard's Leaderboards
page and ``paper-trends leaderboard``).

Cue phrases are data (``data/board_cues.toml``). Every function here is pure over the
``results``, ``papers``, ``methods``, ``names`` and ``benchmarks`` frames; :func:`load`
reads them from a database for one benchmark or all.
"""

from __future__ import annotations

from extract.leaderboards.catalogue import (  # noqa: F401
    BOUND_QUALIFIERS,
    Benchmark,
    EFFICIENCY,
    EVIDENCE_MARKS,
    Metric,
    PERCENT_UNITS,
    ROLES,
    SPLITTABLE_TASKS,
    STANDARD,
    TASK_WORDS,
    UNIT_SCALE,
    _benchmark_keys,
    _metric_by_name,
    benchmark_of,
    benchmarks,
    board_metric,
    cues,
    fold,
    metrics,
    normalise_unit,
)
from extract.leaderboards.reading import (  # noqa: F401
    LIST_GAP,
    NAME_SHAPED,
    NUMBER_RE,
    OWN_NAME,
    Placed,
    STAGE_FIELDS,
    TO_GAP,
    _cue,
    _head,
    _improved_to,
    _listed_names,
    _metric_words,
    _more_specific,
    _only_as_example,
    _other_benchmark,
    _other_name,
    _own_name,
    _resolution,
    _sentence,
    _subset,
    _tail,
    _windows,
    evaluation_paper,
    read_row,
    with_board_fields,
)
from extract.leaderboards.boards import (  # noqa: F401
    ANNOTATED,
    BOARD_COLUMNS,
    BoardError,
    _proposed_names,
    annotate,
    board,
    boards,
    coverage,
    coverage_line,
    main_setting,
    resolve_benchmark,
    resolve_metric,
    setting_shown,
    unplaced,
)
from extract.leaderboards.command import (  # noqa: F401
    JSON_FIELDS,
    _known_benchmarks,
    _print,
    add_arguments,
    annotate_db,
    load,
    run,
)
