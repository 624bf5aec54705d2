import pandas as pd

from dashboard.highlight import Span, paper_spans, segments, to_html

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
