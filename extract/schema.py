"""The published schema: every table, column, DuckDB type and meaning.

This is the single source of truth. ``tables.py`` builds DataFrames in this column order,
``store.py`` creates tables from it, ``docs/SCHEMA.md`` is generated from it
(``paper-trends schema``) and a test fails when the two disagree.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Column:
    """One column of a published table."""

    name: str
    type: str  # DuckDB type
    description: str


@dataclass(frozen=True)
class Highlight:
    """How the dashboard marks rows of a span table in the abstract (one legend entry)."""

    kind: str  # legend name, e.g. "technique"
    color: str  # background colour of the span
    priority: int  # when spans overlap the lowest number colours the overlap
    where: tuple[str, str] | None = None  # only rows whose (column, value) match; None: any row


@dataclass(frozen=True)
class Table:
    """One published table.

    Besides its published columns (what ``docs/SCHEMA.md`` shows), a table carries the facts the
    pipeline and dashboard need, so a new table needs only its entry here:

    Attributes:
        stage: The extraction stage that fills it; None for ingest tables.
        sort_keys: Columns the rows of one paper are sorted by (offsets, or keyword rank).
        highlights: For span tables (rows with ``start``/``end`` offsets into the abstract):
            how the dashboard marks a row, the first one whose ``where`` matches; empty for
            other tables.
        label_column: The column naming a span in its tooltip (``name``, ``technique``, ...).
        label_details: Further columns shown after the name in the tooltip, when not NULL.
    """

    name: str
    description: str
    columns: tuple[Column, ...]
    stage: str | None = None
    sort_keys: tuple[str, ...] = ()
    highlights: tuple[Highlight, ...] = ()
    label_column: str | None = None
    label_details: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        names = set(self.column_names)
        used = [*self.sort_keys, *self.label_details]
        used += [h.where[0] for h in self.highlights if h.where]
        if self.highlights:
            if not self.label_column:
                raise ValueError(f"table {self.name}: a span table needs a label_column")
            used += ["paper_id", "start", "end", self.label_column]
        missing = [c for c in used if c not in names]
        if missing:
            raise ValueError(f"table {self.name}: no column(s) {missing}")

    @property
    def column_names(self) -> list[str]:
        """Column names in order."""
        return [c.name for c in self.columns]

    @property
    def is_span_table(self) -> bool:
        """True when its rows are spans of the abstract that the dashboard highlights."""
        return bool(self.highlights)


_PID = Column("paper_id", "VARCHAR", "Paper id (`papers.paper_id`).")
_LONG_FORM = Column("long_form", "VARCHAR", "The long form an acronym has in this abstract (`Adaptive Prefix Tuning` for `APT`) or, for a proposed acronym the abstract does not spell out, in the title (`APT: Adaptive Pruning and Tuning ...`), else NULL: the same short acronym names different things in different papers.")
_START = Column("start", "INTEGER", "Start character offset of the span in `papers.abstract`.")
_END = Column("end", "INTEGER", "End character offset (exclusive) of the span in `papers.abstract`.")
# a name the paper proposes may be given only in its title ("WateRF: Robust Watermarks ...")
_NAME_START = Column("start", "INTEGER", "Start character offset of the name's first occurrence in `papers.abstract`; NULL for a proposed name only the title gives (`MergeKit` of \"Arcee's MergeKit: A Toolkit ...\").")
_NAME_END = Column("end", "INTEGER", "End character offset (exclusive) of that occurrence; NULL with `start`.")

TABLES: dict[str, Table] = {
    t.name: t
    for t in (
        Table(
            "papers",
            "One row per distinct paper (abstracts deduplicated across files and formats).",
            (
                Column(
                    "paper_id",
                    "VARCHAR",
                    "Stable id derived from the abstract text (case, white space and markup "
                    "ignored): the same paper gets the same id on every build.",
                ),
                Column("title", "VARCHAR", "Title where the source gives one, else NULL."),
                Column("abstract", "VARCHAR", "Abstract text (white space folded, scrape artefacts repaired)."),
                Column("venue", "VARCHAR", "Canonical venue name, e.g. `ACL`, `NeurIPS`; NULL when unknown."),
                Column("year", "INTEGER", "Conference year; NULL when unknown."),
                Column("venue_label", "VARCHAR", "`venue year`, e.g. `ACL 2025`; `unknown` when no venue."),
                Column("track", "VARCHAR", "Track as given by the source (paperlists `track`), else NULL."),
                Column("status", "VARCHAR", "Decision as given by the source (`Long`, `Poster`, `Reject`, ...), else NULL."),
                Column(
                    "accepted",
                    "BOOLEAN",
                    "TRUE/FALSE when `status` says accepted/rejected (see `extract/data/statuses.toml`), "
                    "NULL when unknown.",
                ),
                Column("author_keywords", "VARCHAR", "Author keywords joined with `; ` (ICLR lists, scraped pages), else NULL."),
                Column("n_sources", "INTEGER", "Number of places (file, locator) this paper was found."),
                Column("content_hash", "VARCHAR", "Hash of the exact stored abstract; extraction caches key on it."),
                Column(
                    "authors",
                    "VARCHAR",
                    "Author names in order, joined with `; ` (paperlists `author`, Anthology "
                    "`<author>`, OpenReview `authors`, BibTeX `author`, CSV/JSON `authors`); "
                    "NULL when the source has none.",
                ),
                Column(
                    "url",
                    "VARCHAR",
                    "Landing page of the paper (paperlists `site`, Anthology page, OpenReview "
                    "forum, BibTeX/CSV/JSON `url`); `http(s)` addresses only, else NULL.",
                ),
            ),
        ),
        Table(
            "sources",
            "Provenance: every place each paper was found.",
            (
                _PID,
                Column("source", "VARCHAR", "File name, relative to the folder given to `build`."),
                Column(
                    "locator",
                    "VARCHAR",
                    "Where in the file: `line N` (1-based; text, JSON Lines, CSV, BibTeX), "
                    "`record N` (0-based index into a JSON array), `paper ID` (ACL Anthology "
                    "id) or `note ID` (OpenReview forum id).",
                ),
                Column(
                    "format",
                    "VARCHAR",
                    "Detected format: `text`, `json`, `jsonl`, `csv`, `bibtex`, `anthology` (ACL "
                    "Anthology XML) or `openreview` (OpenReview API notes).",
                ),
            ),
        ),
        Table(
            "methods",
            "Named methods and models: those a paper proposes and those it only mentions; the rows of "
            "`names` of type `method`, plus every name the paper proposes (a proposed dataset or "
            "metric is a contribution too). One row per (paper, name), at the name's first "
            "occurrence; a name in the vocabulary (`extract/data/methods_vocab.toml`) or used by many "
            "papers of the corpus is always `mentioned`.",
            (
                _PID,
                Column("name", "VARCHAR", "Method or model name, markup stripped, spelling variants folded (`ROPO`, `HMM`, `LoRA`)."),
                Column("role", "VARCHAR", "`proposed` (introduced by the paper) or `mentioned` (established, referred to)."),
                _NAME_START,
                _NAME_END,
                Column("type", "VARCHAR", "Type of the name as in `names`: `method` except for proposed datasets, metrics, tasks."),
                Column("confidence", "DOUBLE", "0-1 confidence of the name, its type and role (see `names`)."),
                Column("surface", "VARCHAR", "The spellings in this abstract, `|`-separated (`Dynamic Time Warping | DTW`)."),
                _LONG_FORM,
            ),
            stage="methods",
            sort_keys=("start", "end"),
            highlights=(
                Highlight("proposed method", "#f4a259", 0, where=("role", "proposed")),
                Highlight("mentioned method", "#f6d186", 1),
            ),
            label_column="name",
        ),
        Table(
            "names",
            "Every name the recogniser finds in an abstract, whether or not a vocabulary knows it "
            "(`extract/names/`): name-shaped tokens, versioned model names, acronym definitions and "
            "capitalised multiword names, with a type and a role. `methods` and `benchmarks` are "
            "views of it. One row per (paper, name), at its first occurrence.",
            (
                _PID,
                Column("name", "VARCHAR", "Canonical name: the vocabulary's, else the spelling most used in the corpus, else the abstract's; an acronym stands for its long form (`DTW`, `Llama 3`, `HMM`)."),
                Column("type", "VARCHAR", "`method` (methods, models, architectures, algorithms), `dataset` (datasets, benchmarks, environments), `metric`, `task` (tasks, problems, research fields) or `other` (hardware, sensors, colour spaces, organisations, languages, software)."),
                Column("role", "VARCHAR", "`proposed` (the paper presents it as its own) or `mentioned` (used, compared with or referred to)."),
                Column("confidence", "DOUBLE", "0-1: how sure the recogniser is of the name, its type and its role (a vocabulary name or an acronym definition scores higher than a bare capitalised phrase)."),
                Column("surface", "VARCHAR", "The spellings in this abstract, `|`-separated (`Dynamic Time Warping | DTW`, `HMMs`)."),
                _LONG_FORM,
                _NAME_START,
                _NAME_END,
            ),
            stage="names",
            sort_keys=("start", "end"),
            label_column="name",
            label_details=("type", "role"),
        ),
        Table(
            "techniques",
            "Technique/theme tags from the taxonomy in `extract/data/taxonomy.toml`. One row per "
            "(paper, technique), at its first evidence.",
            (
                _PID,
                Column("technique", "VARCHAR", "Canonical technique tag, e.g. `LoRA/PEFT`, `RAG`."),
                Column("theme", "VARCHAR", "Coarser theme the technique belongs to, e.g. `Efficiency`."),
                Column("evidence", "VARCHAR", "The matched text in the abstract."),
                _START,
                _END,
                Column("confidence", "DOUBLE", "0-1: the precision of tags with this much evidence on the project's dev set. Evidence pieces are the tag's strong mentions in the abstract (distinct places; one in a passing 'such as X' is only weak), +1 if the title mentions it, +1 if weak or passing mentions back it: 3 or more pieces 0.97, 2 pieces 0.83, 1 piece 0.82, weak mentions only 0.78 (precision of each bucket on the labelled tuning sets)."),
            ),
            stage="techniques",
            sort_keys=("start", "end"),
            highlights=(Highlight("technique", "#9ad0ec", 2),),
            label_column="technique",
            label_details=("theme",),
        ),
        Table(
            "benchmarks",
            "Named evaluation benchmarks and datasets mentioned in the abstract, including datasets "
            "the paper introduces: the rows of `names` of type `dataset`. One row per (paper, name), "
            "at its first occurrence.",
            (
                _PID,
                Column("name", "VARCHAR", "Benchmark or dataset name (`MMLU`, `TruthfulQA`, `BEIR`)."),
                _NAME_START,
                _NAME_END,
                Column("role", "VARCHAR", "`proposed` (the paper introduces it) or `mentioned`."),
                Column("confidence", "DOUBLE", "0-1 confidence of the name and its type (see `names`)."),
                Column("surface", "VARCHAR", "The spellings in this abstract, `|`-separated."),
                _LONG_FORM,
            ),
            stage="benchmarks",
            sort_keys=("start", "end"),
            highlights=(Highlight("benchmark", "#cdb4f0", 5),),
            label_column="name",
        ),
        Table(
            "model_sizes",
            "Parameter counts of models (never tokens, context lengths, data set sizes or GPUs).",
            (
                _PID,
                Column("text", "VARCHAR", "The span as written, e.g. `454M`, `175 billion parameters`."),
                Column("params", "DOUBLE", "Parameter count as a number: `1.47B` -> 1.47e9."),
                Column("model", "VARCHAR", "Model name when the size is attached to one (`Llama-3-8B`), else NULL."),
                _START,
                _END,
            ),
            stage="sizes",
            sort_keys=("start", "end"),
            highlights=(Highlight("size", "#b8e0a8", 3),),
            label_column="text",
            label_details=("params", "model"),
        ),
        Table(
            "metrics",
            "Reported experimental outcomes with normalised values and units.",
            (
                _PID,
                Column("text", "VARCHAR", "The span as written, e.g. `up to 5 ×`, `77% accuracy`."),
                Column("value", "DOUBLE", "The number: `24.2%` -> 24.2, `5×` -> 5.0."),
                Column(
                    "unit",
                    "VARCHAR",
                    "`%`, `points` (percentage points and score gains such as `+2.1 BLEU`), `x` "
                    "(multiples: speedups, compression), `count` (`4 out of 5`) or `other` (raw scores "
                    "such as `28.4 BLEU`).",
                ),
                Column("metric", "VARCHAR", "What is measured, normalised (`accuracy`, `speedup`, ...); NULL when unclear."),
                Column("qualifier", "VARCHAR", "`up to`, `over`, `at most`, `about`, ... or NULL."),
                Column("benchmark", "VARCHAR", "Benchmark named in the same sentence, else NULL."),
                _START,
                _END,
            ),
            stage="metrics",
            sort_keys=("start", "end"),
            highlights=(Highlight("metric", "#f2a7b5", 4),),
            label_column="text",
            label_details=("metric", "value", "unit", "benchmark"),
        ),
        Table(
            "results",
            "Reported results, linked: which method scored how much on which benchmark, in which "
            "metric. One row per number of the abstract that reports a result (setup numbers such "
            "as data set sizes, hyperparameters, years and numbers inside names are not results). "
            "This is the linked view of the numbers in `metrics`; `metrics` stays as it was, one "
            "row per number with a unit, for backward compatibility.",
            (
                _PID,
                Column(
                    "method",
                    "VARCHAR",
                    "Method or model that achieved the number: the name the sentence gives it, the "
                    "paper's proposed method (`methods` role `proposed`) for \"we\"/\"our\", the "
                    "baseline named after \"than\"/\"compared to\"/\"from\"; NULL when unnamed.",
                ),
                Column(
                    "benchmark",
                    "VARCHAR",
                    "Benchmark or dataset the number was measured on (a `benchmarks` name, or a name "
                    "the result itself places: \"72.4% on GSM8K\"); NULL when none is named.",
                ),
                Column(
                    "metric",
                    "VARCHAR",
                    "Canonical metric (`accuracy`, `F1`, `EM`, `BLEU`, `ROUGE-L`, `pass@1`, `win rate`, "
                    "`WER`, `perplexity`, `speedup`, ...; names and aliases in "
                    "`extract/data/results_vocab.toml`); NULL when unclear.",
                ),
                Column("value", "DOUBLE", "The number as written: `72.4%` -> 72.4, `0.91` -> 0.91, `2x` -> 2.0."),
                Column(
                    "unit",
                    "VARCHAR",
                    "`%`, `points`, `x` (multiples), `count` (`20/20`, `4 out of 5`), a time unit "
                    "(`ms`, `seconds`, `minutes`, `hours`) or NULL (a bare number in the metric's own scale).",
                ),
                Column(
                    "kind",
                    "VARCHAR",
                    "`score` (a value of the metric), `delta` (a difference: \"by 3.1 points\", "
                    "\"+2.2%\", \"a 36% reduction\"), `relative` (a ratio: \"2x faster\", \"85% of "
                    "the gain\") or `other` (counts such as \"20/20 tasks\").",
                ),
                Column(
                    "direction",
                    "VARCHAR",
                    "`higher` or `lower` (is better) for the metric, from the vocabulary; NULL when "
                    "unknown or when it depends on the paper (attack success rate).",
                ),
                Column("qualifier", "VARCHAR", "`up to`, `over`, `about`, `at least`, ... written before the number, or NULL."),
                Column(
                    "setting",
                    "VARCHAR",
                    "Evaluation setting written near the number (`zero-shot`, `5-shot`, `fine-tuned`, "
                    "`test set`, `ensemble`, ...), lower-cased; NULL when none.",
                ),
                _START,
                _END,
                Column(
                    "confidence",
                    "DOUBLE",
                    "0-1: higher when the metric and benchmark are named right next to the number "
                    "than when they are taken from elsewhere in the sentence or guessed.",
                ),
            ),
            stage="results",
            sort_keys=("start", "end"),
            highlights=(Highlight("result", "#f7b267", 4),),
            label_column="kind",
            label_details=("metric", "value", "benchmark", "method"),
        ),
        Table(
            "keywords",
            "Keyphrases per paper: noun-phrase candidates ranked by similarity to the paper (static "
            "encoder distilled from the bundled all-MiniLM-L6-v2) plus position, title and acronym "
            "priors, diversified with MMR; a phrase nested in a kept one is never kept too.",
            (
                _PID,
                Column(
                    "keyword",
                    "VARCHAR",
                    "Keyphrase, lower-cased except acronyms; an acronym defined in the abstract is shown "
                    "with its long form, e.g. `retrieval-augmented generation (RAG)`.",
                ),
                Column(
                    "score",
                    "DOUBLE",
                    "Relevance: cosine similarity between keyphrase and document (title + start of "
                    "abstract) embeddings plus priors for early position, title, repetition, acronyms and "
                    "against single common words; higher is better.",
                ),
                Column("rank", "INTEGER", "1 = best keyphrase of the paper."),
            ),
            stage="keywords",
            sort_keys=("rank",),
        ),
        Table(
            "paper_embeddings",
            "One vector per paper, computed by the keywords stage: for similarity search and clustering.",
            (
                _PID,
                Column(
                    "embedding",
                    "FLOAT[256]",
                    "The document vector the keyword ranking uses: the first 16 words of title + abstract "
                    "(the title and the start of the abstract) embedded with the keyword encoder "
                    "(all-MiniLM-L6-v2 distilled into static word-piece vectors with model2vec, 256 "
                    "dimensions; the mean of the word-piece vectors), L2-normalised float32, so the dot "
                    "product of two rows is their cosine similarity.",
                ),
            ),
            stage="keywords",
            sort_keys=(),
        ),
        Table(
            "build_problems",
            "Inputs skipped or repaired during the last build.",
            (
                Column("source", "VARCHAR", "File (or path) the problem is in."),
                Column("locator", "VARCHAR", "Line or record, when it applies."),
                Column("severity", "VARCHAR", "`error`: the file was skipped (wholly or from that point); `warning`: one record skipped or text repaired."),
                Column("message", "VARCHAR", "What is wrong."),
            ),
        ),
        Table(
            "extract_runs",
            "Which extraction stage version has run on which inputs (the incremental-build cache).",
            (
                Column("input_hash", "VARCHAR", "Hash of the paper fields the stage reads (abstract, and title for `names`, `techniques` and `keywords`) and of its dependencies' input hashes."),
                Column("stage", "VARCHAR", "Stage name (`methods`, `techniques`, `benchmarks`, `sizes`, `metrics`, `results`, `keywords`)."),
                Column("version", "VARCHAR", "Stage version: a hash of the source of every project module the stage imports, the versions of the packages they import, its data files, its model and its dependencies' versions."),
            ),
        ),
    )
}

EXTRACTION_TABLES = [t.name for t in TABLES.values() if t.stage]
SPAN_TABLES = [t.name for t in TABLES.values() if t.is_span_table]


def markdown() -> str:
    """The schema as Markdown (the content of ``docs/SCHEMA.md``)."""
    lines = [
        "# Table schema",
        "",
        "Generated from `extract/schema.py` by `paper-trends schema`; do not edit by hand.",
        "Every table is in the DuckDB file and in every export (`paper-trends export`).",
        "Extraction tables are tidy: one row per (paper, mention), joined to `papers` on `paper_id`.",
        "",
    ]
    for t in TABLES.values():
        lines += [f"## `{t.name}`", "", t.description, "", "| column | type | meaning |", "| --- | --- | --- |"]
        lines += [f"| `{c.name}` | {c.type} | {c.description} |" for c in t.columns]
        lines.append("")
    return "\n".join(lines)
