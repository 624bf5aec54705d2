"""What the pages compute: pure functions, DataFrames in, DataFrames or numbers out.

No Streamlit here. A page loads frames (``dashboard.data``), hands them to these functions and
lays out the results (``dashboard.charts``, ``st.*``), so every number on a page can be tested on
small hand-built frames (``tests/test_analytics_*.py``, one file per module).

One module per subject, each importing only the ones above it in this list:

- ``statistics``: shared helpers (venue/year columns, shares, percentages) and Overview numbers;
- ``coverage``: venues per year, venue groups, comparable venues;
- ``rates``: Wilson intervals, rate tables, technique/theme shares and co-occurrence;
- ``terms``: aliases and matching of typed names, the adoption of one term;
- ``sizes``: model sizes;
- ``results``: result values and one benchmark's results;
- ``keywords``: top terms, keyword shifts, rising terms (Keywords and Emerging topics);
- ``papers``: search, one paper's rows, similar papers, the Data page's tables;
- ``leaderboards``: a board's rows as HTML with their evidence, the state of the art, result kinds
  (the boards themselves come from :mod:`extract.leaderboards`).

This package re-exports every public name, so ``from dashboard.analytics import top_terms``
and ``analytics.top_terms`` work as before; modules inside the package import their siblings
directly, never the package.

Frames follow the published tables (``extract/schema.py``): ``papers`` has ``paper_id``,
``venue``, ``year``, ``venue_label``; a tag frame has ``paper_id`` and ``technique`` or ``theme``
(one row per paper and tag, see ``dashboard.data.tag_table``); ``kw`` has ``paper_id`` and
``keyword`` (one row per paper and term, see ``dashboard.data.keyword_terms``).
"""

from dashboard.analytics.statistics import (  # noqa: F401
    UNKNOWN,
    NO_THEME,
    UNCLEAR_METRIC,
    known_venue,
    is_in,
    paper_share,
    papers_per,
    years,
    pct_label,
    hidden_rejections,
    overview_numbers,
)
from dashboard.analytics.coverage import (  # noqa: F401
    comparable_years,
    venue_mix_warning,
    OTHER_GROUP,
    venue_group_map,
    with_groups,
    coverage_matrix,
    coverage_grid,
    year_ranges,
    venue_mix_note,
    full_coverage,
    default_periods,
    venues_in_both,
)
from dashboard.analytics.rates import (  # noqa: F401
    Z95,
    wilson_interval,
    gap_segments,
    rate_table,
    rate_table_from_counts,
    top_tags,
    tag_rates,
    tag_rates_from_counts,
    tag_grid,
    tag_grid_from_counts,
    papers_tagged,
    technique_evidence,
    co_occurring,
)
from dashboard.analytics.terms import (  # noqa: F401
    tag_aliases,
    MATCH_KINDS,
    match_terms,
    resolve_names,
    first_seen,
    term_papers,
)
from dashboard.analytics.sizes import (  # noqa: F401
    MIN_TREND_PAPERS,
    SIZE_ROLE_LABELS,
    SIZE_ROLES,
    valid_sizes,
    size_summary,
    size_points,
    sizes_by_tag,
    sizes_ranked,
    size_trend,
    size_trend_from_counts,
)
from dashboard.analytics.results import (  # noqa: F401
    with_measures,
    select_results,
    units_by_frequency,
    value_distribution,
    is_skewed,
    benchmarks_by_frequency,
    benchmark_results,
)
from dashboard.analytics.keywords import (  # noqa: F401
    RANKINGS,
    group_sizes,
    group_members,
    top_terms,
    top_terms_from_counts,
    keyword_shift,
    keyword_shift_from_counts,
    biggest_moves,
    growth_factor,
    log_odds_prior,
    rising_terms,
)
from dashboard.analytics.papers import (  # noqa: F401
    search_text,
    search,
    span_rows,
    paper_rows,
    title_only_names,
    title_only_tags,
    unit_rows,
    nearest_neighbours,
    column_table,
    accuracy_level,
    accuracy_table,
)
from dashboard.analytics.leaderboards import (  # noqa: F401
    RESULT_KINDS,
    EVIDENCE_MARKS,
    ROLE_LABELS,
    split_evidence,
    board_html,
    state_of_the_art,
    results_of_kind,
    kind_counts,
    with_span_text,
    sota_frame,
)
