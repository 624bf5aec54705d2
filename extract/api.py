"""Extraction without a database: :func:`extract_all` runs the stages over raw abstracts.

The build (:func:`extract.pipeline.build`, the ``paper-trends`` command) is the usual entry
point; this is the one for notebooks and scripts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pandas as pd

__all__ = ["extract_all"]


def extract_all(abstracts: Sequence[str], stages: Iterable[str] | None = None) -> dict[str, pd.DataFrame]:
    """Run extraction stages over raw abstracts and return one DataFrame per table.

    Args:
        abstracts: Abstract texts; paper ids are derived from them as in a build.
        stages: Stage names to run (default: all).

    Returns:
        Table name -> DataFrame with the published schema.
    """
    from extract import tables
    from extract.records import PaperText
    from extract.stages import all_stages, get_stage
    from extract.text.normalize import clean_abstract, paper_id_for

    papers = []
    for text in abstracts:
        clean = clean_abstract(text)
        papers.append(PaperText(paper_id_for(clean), clean))
    chosen = [get_stage(s) for s in stages] if stages is not None else all_stages()
    from extract.pipeline import split_rows

    out: dict[str, pd.DataFrame] = {}
    for stage in chosen:
        for table, rows in split_rows(stage, stage.run(papers)).items():
            out[table] = tables.frame(table, rows)
    return out
