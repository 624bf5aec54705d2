"""The keyword stage's per-process caches under threads (a Dask worker with several threads)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import extract.keywords as keywords
from extract.records import PaperText
from tests.conftest import seed_paragraphs


def test_keywords_in_threads_equal_one_thread_with_caches_that_evict(monkeypatch):
    # the bundled encoder's keywords and phrase vectors are kept per process in bounded LRU
    # maps that every thread reads and evicts from; with small bounds (evictions all the time)
    # and eight threads, each chunk of seed abstracts must get the keywords one thread gives
    # (without the cache's lock a thread read a phrase vector another had just evicted)
    papers = [PaperText(f"{prefix}-{i}", p)
              for prefix in ("000", "003", "004")
              for i, p in enumerate(q for q in seed_paragraphs(prefix) if len(q) > 300)]
    parts = [papers[i : i + 2] for i in range(0, len(papers), 2)]
    assert len(parts) >= 8
    keywords.clear_caches()
    want = [keywords.extract_keywords(p) for p in parts]
    monkeypatch.setattr(keywords._Cache, "PHRASE_SIZE", 20)
    monkeypatch.setattr(keywords._Cache, "MEMO_SIZE", 2)
    try:
        for _ in range(3):
            keywords.clear_caches()
            with ThreadPoolExecutor(8) as pool:
                got = list(pool.map(keywords.extract_keywords, parts))
            assert got == want
    finally:
        keywords.clear_caches()
