"""The raw dump reader on the real seeds (venue headers, scraped event page)."""

from pathlib import Path

import pytest

from extract.readers import detect_format, read_file
from extract.readers.rawtext import is_abstract, is_furniture, is_title
from tests.conftest import SEEDS


def _read(prefix):
    path = next(SEEDS.glob(f"{prefix}*"))
    records, problems = read_file(path, path.name)
    assert problems == []
    return records


@pytest.mark.parametrize("prefix,venue,n", [("000", ("ACL", 2025), 19), ("004", ("ICML", 2025), 19)])
def test_list_dump_gives_one_record_per_abstract_with_the_header_venue(prefix, venue, n):
    records = _read(prefix)
    assert len(records) == n
    assert {(r.venue, r.year) for r in records} == {venue}
    assert all(r.title is None for r in records)
    assert all(r.fmt == "text" for r in records)


# Abstract opening -> title on the scraped page (003_…); None where the page gives none.
PAGE_TITLES = {
    "We propose a novel scaling law": "Scaling Laws for Multilingual Language Models",
    "Long-context understanding is crucial": "DAM: Dynamic Attention Mask for Long-Context Large Language Model Inference Acceleration",
    "With the advent of LLMs and variants": "MM-R3: On (In-)Consistency of Vision-Language Models (VLMs)",
    "Understanding how feature representations": "Spectral Insights into Data-Oblivious Critical Layers in Large Language Models",
    "The success of Vision-Language Models": "AdaV: Adaptive Text-visual Redirection for Vision-Language Models",
    "As the scale of large language models": "SuLoRA: Subspace Low-Rank Adaptation for Parameter-Efficient Fine-Tuning",
    "Hierarchical Merging is a technique": "Context-Aware Hierarchical Merging for Long Document Summarization",
    "Detecting rumors on social media": "FGDGNN: Fine-Grained Dynamic Graph Neural Network for Rumor Detection on Social Media",
    "Information retrieval has evolved": "CA-GAR: Context-Aware Alignment of LLM Generation for Document Retrieval",
    "Recent success in large multimodal models": "Explorer: Scaling Exploration-driven Web Trajectory Synthesis for Multimodal Web Agents",
    "In Retrieval-Augmented Generation (RAG) and agent-based": None,  # followed by "Downloads"
}


def test_scraped_page_titles_attach_to_the_right_abstract():
    records = _read("003")
    got = {next(k for k in PAGE_TITLES if r.abstract.startswith(k)): r.title for r in records}
    assert got == PAGE_TITLES


def test_scraped_page_has_no_furniture_as_papers_and_is_acl_2025():
    records = _read("003")
    assert len(records) == len(PAGE_TITLES)
    assert {(r.venue, r.year) for r in records} == {("ACL", 2025)}
    for r in records:
        assert "register" not in r.abstract.lower()
        assert "Underline" not in r.abstract
    titles = {r.title for r in records}
    # "Similar lecture" points at a paper whose abstract is not on the page.
    assert "Scaling Laws of Decoder-Only Models on the Multilingual Machine Translation Task" not in titles


def test_keyword_lines_under_the_page_paper_become_author_keywords():
    first = _read("003")[0]
    assert first.author_keywords == ["scaling laws", "large language models", "multilingual language models"]
    assert first.locator == "line 3"


@pytest.mark.parametrize(
    "text",
    [
        "Downloads",
        "Next from ACL 2025",
        "Similar lecture",
        "Please register!",
        "poster",
        "To access this event page, you need to log in with the **email address you registered with**.",
        "## Welcome to EMNLP 2024! \nWe are excited to welcome you to one of the most prominent conferences.",
    ],
)
def test_page_furniture_is_recognised(text):
    assert is_furniture(text)
    assert not is_title(text)
    assert not is_abstract(text)


@pytest.mark.parametrize("text", ["ACL 2025", "scaling laws", "Austria", "Please log in"])
def test_not_titles(text):
    assert not is_title(text)


def test_header_can_use_english_wording(tmp_path):
    body = (SEEDS / "000_7ef0b9c4a55fd6de.txt").read_text(encoding="utf-8").replace("ACL 2025 论文列表", "EMNLP 2024 papers")
    p = tmp_path / "dump.md"
    p.write_text(body, encoding="utf-8")
    records, _ = read_file(p, p.name)
    assert {(r.venue, r.year) for r in records} == {("EMNLP", 2024)}


def test_detects_text_regardless_of_extension(tmp_path):
    p = tmp_path / "looks_like.json"
    p.write_bytes((SEEDS / "004_b4a7fc0537445921.txt").read_bytes())
    assert detect_format(p.read_text(encoding="utf-8"), p) == "text"
    records, _ = read_file(p, p.name)
    assert len(records) == 19


def test_seed_files_are_the_shared_originals():
    shared = Path(__file__).resolve().parents[2] / "shared" / "seeds"
    if not shared.is_dir():
        pytest.skip("../shared/seeds not present on this machine")
    for f in shared.iterdir():
        assert (SEEDS / f.name).read_bytes() == f.read_bytes()
