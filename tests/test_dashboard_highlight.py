import pandas as pd

from dashboard.highlight import Span, paper_spans, segments, to_html, valid_spans

TEXT = "We propose FooNet, a 7B model using LoRA that reaches 77% accuracy on MMLU."


def test_segments_cover_text_and_split_overlaps():
    lora = TEXT.index("LoRA")
    spans = [
        Span(11, 17, "proposed method", "FooNet"),
        Span(11, 29, "size", "7B model"),
        Span(lora, lora + 4, "technique", "LoRA"),
    ]
    segs = segments(TEXT, spans)
    assert "".join(p for p, _ in segs) == TEXT
    kinds = {p: [s.kind for s in cov] for p, cov in segs}
    assert kinds["FooNet"] == ["proposed method", "size"]  # overlap: both kinds, priority first
    assert kinds[", a 7B model"] == ["size"]
    assert kinds["LoRA"] == ["technique"]


def test_bad_offsets_are_dropped_or_clamped():
    spans = [
        Span(50, 40, "metric", "backwards"),
        Span(-5, 2, "metric", "clamped"),
        Span(70, 10_000, "benchmark", "past end"),
        Span(None, 3, "metric", "none"),
    ]
    segs = segments(TEXT, spans)
    assert "".join(p for p, _ in segs) == TEXT
    assert segs[0][0] == "We" and segs[0][1][0].label == "clamped"


def test_html_escapes_paper_text_and_labels():
    text = 'A <script>alert("x")</script> & <b>bold</b> model'
    html_out = to_html(text, [Span(2, 30, "technique", 'tech: <img src=x onerror="y">')])
    assert "<script>" not in html_out and "<b>" not in html_out and "<img" not in html_out
    assert "&lt;script&gt;" in html_out and "&amp;" in html_out
    assert html_out.count("<mark") == 1


def test_paper_spans_from_tables():
    tables = {
        "methods": pd.DataFrame(
            [{"paper_id": "p", "name": "FooNet", "role": "proposed", "start": 11, "end": 17}]
        ),
        "techniques": pd.DataFrame(
            [
                {
                    "paper_id": "p",
                    "technique": "LoRA/PEFT",
                    "theme": "Efficiency",
                    "evidence": "LoRA",
                    "start": 35,
                    "end": 39,
                },
                {
                    "paper_id": "q",
                    "technique": "RAG",
                    "theme": "Retrieval",
                    "evidence": "x",
                    "start": 0,
                    "end": 1,
                },
            ]
        ),
        "model_sizes": pd.DataFrame(
            [{"paper_id": "p", "text": "7B", "params": 7e9, "model": None, "start": 21, "end": 23}]
        ),
        "metrics": pd.DataFrame(
            columns=[
                "paper_id",
                "text",
                "value",
                "unit",
                "metric",
                "qualifier",
                "benchmark",
                "start",
                "end",
            ]
        ),
    }
    spans = paper_spans("p", tables)
    assert sorted(s.kind for s in spans) == ["proposed method", "size", "technique"]


def test_paper_spans_labels_come_from_the_schema_label_columns():
    tables = {
        "methods": pd.DataFrame(
            [
                {"paper_id": "p", "name": "FooNet", "role": "proposed", "start": 11, "end": 17},
                {"paper_id": "p", "name": "BERT", "role": "mentioned", "start": 0, "end": 2},
            ]
        ),
        "techniques": pd.DataFrame(
            [
                {
                    "paper_id": "p",
                    "technique": "LoRA/PEFT",
                    "theme": "Efficiency",
                    "evidence": "LoRA",
                    "start": 35,
                    "end": 39,
                }
            ]
        ),
        "model_sizes": pd.DataFrame(
            [{"paper_id": "p", "text": "7B", "params": 7e9, "model": None, "start": 21, "end": 23}]
        ),
        "metrics": pd.DataFrame(
            [
                {
                    "paper_id": "p",
                    "text": "77% accuracy",
                    "value": 77.0,
                    "unit": "%",
                    "metric": "accuracy",
                    "qualifier": None,
                    "benchmark": float("nan"),
                    "start": 55,
                    "end": 67,
                }
            ]
        ),
        "benchmarks": pd.DataFrame([{"paper_id": "p", "name": "MMLU", "start": 71, "end": 75}]),
    }
    labels = {s.kind: s.label for s in paper_spans("p", tables)}
    assert labels == {
        "proposed method": "proposed method: FooNet",
        "mentioned method": "mentioned method: BERT",
        "technique": "technique: LoRA/PEFT (theme Efficiency)",
        "size": "size: 7B (params 7,000,000,000)",  # NULL model left out
        "metric": "metric: 77% accuracy (metric accuracy, value 77, unit %)",
        "benchmark": "benchmark: MMLU",
    }


def test_kinds_colours_priority_and_span_tables_are_derived_from_the_schema():
    from dashboard import data, highlight, ui
    from extract.schema import TABLES

    assert highlight.KINDS == (
        "proposed method",
        "mentioned method",
        "technique",
        "size",
        "metric",
        "result",
        "benchmark",
    )
    assert highlight.SPAN_COLORS["technique"] == TABLES["techniques"].highlights[0].color
    assert data.SPAN_TABLES == (  # the stages' declaration order (extract/data/stages/*.toml)
        "techniques",
        "methods",
        "benchmarks",
        "model_sizes",
        "metrics",
        "results",
    )
    assert ui.STAGE_OF == {
        "names": "names",
        "methods": "methods",
        "techniques": "techniques",
        "benchmarks": "benchmarks",
        "model_sizes": "sizes",
        "metrics": "metrics",
        "results": "results",
        "keywords": "keywords",
        "paper_embeddings": "keywords",
    }


def test_sort_keys_of_every_table():
    from extract.schema import TABLES

    keys = {name: t.sort_keys for name, t in TABLES.items()}
    for name in ("names", "methods", "techniques", "benchmarks", "model_sizes", "metrics", "results"):
        assert keys.pop(name) == ("start", "end")
    assert keys.pop("keywords") == ("rank",)
    assert set(keys.values()) == {()}, keys  # ingest tables: papers, sources, ...


def test_a_new_span_table_needs_only_a_schema_entry(monkeypatch):
    import importlib

    from dashboard import highlight
    from extract import schema

    new = schema.Table(
        "datasets_made",
        "Datasets a paper releases.",
        (
            schema.Column("paper_id", "VARCHAR", "Paper id."),
            schema.Column("dataset", "VARCHAR", "Name."),
            schema.Column("size", "VARCHAR", "Size as written."),
            schema.Column("start", "INTEGER", "Start."),
            schema.Column("end", "INTEGER", "End."),
        ),
        stage="datasets",
        sort_keys=("start", "end"),
        highlights=(schema.Highlight("new dataset", "#123456", 6),),
        label_column="dataset",
        label_details=("size",),
    )
    monkeypatch.setitem(schema.TABLES, new.name, new)
    monkeypatch.setattr(schema, "SPAN_TABLES", [*schema.SPAN_TABLES, new.name])
    try:
        hl = importlib.reload(highlight)
        assert hl.KINDS[-2:] == ("benchmark", "new dataset")  # priority 6: after benchmark
        rows = pd.DataFrame(
            [{"paper_id": "p", "dataset": "FooSet", "size": "1M", "start": 3, "end": 9}]
        )
        spans = hl.paper_spans("p", {"datasets_made": rows})
        assert spans == [hl.Span(3, 9, "new dataset", "new dataset: FooSet (size 1M)")]
        assert "#123456" in hl.to_html(TEXT, spans) and "new dataset" in hl.legend_html()
    finally:
        monkeypatch.undo()
        importlib.reload(highlight)


def test_a_span_table_must_name_existing_columns():
    import pytest

    from extract import schema

    cols = (schema.Column("paper_id", "VARCHAR", "."), schema.Column("start", "INTEGER", "."))
    with pytest.raises(ValueError, match="no column"):
        schema.Table("t", ".", cols, sort_keys=("rank",))
    with pytest.raises(ValueError, match="label_column"):
        schema.Table("t", ".", cols, highlights=(schema.Highlight("k", "#fff", 9),))


def test_title_only_tags_are_listed_not_highlighted():
    from dashboard import analytics

    abstract = "Augmenting language models with a retrieval mechanism improves them."
    df = pd.DataFrame([
        {"paper_id": "p", "technique": "RAG", "theme": "Retrieval",
         "evidence": "Retrieval-Augmented Language Models", "start": None, "end": None,
         "confidence": 0.9},
        {"paper_id": "p", "technique": "Retrieval/IR", "theme": "Retrieval",
         "evidence": "retrieval", "start": 34, "end": 43, "confidence": 0.9},
    ])
    spans = valid_spans(abstract, paper_spans("p", {"techniques": df}))
    assert [(s.start, s.end) for s in spans] == [(34, 43)]
    assert analytics.title_only_tags(df, "p") == [
        "RAG (technique: Retrieval-Augmented Language Models)"
    ]
