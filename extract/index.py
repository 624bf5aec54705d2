"""Search indexes stored next to the database: full-text (bm25s) and similar papers (faiss HNSW).

``paper-trends build`` calls :func:`write_index` once the database is written; for a database
made some other way (e.g. ``benchmarks/make_scaled_db.py``) run ``python -m extract.index DB``.
The indexes live in the folder ``<db>.index/``:

- ``meta.json``: the format version and the database's *fingerprint* (row count of ``papers``
  and an order-independent hash of every paper's id, title, abstract and authors). A reader
  recomputes the fingerprint from the database and ignores an index whose fingerprint differs
  (the database was rebuilt from other inputs without the index): the dashboard then falls back
  to its SQL paths (``ILIKE``-style search, exact cosine scan).
- ``text/``: a BM25 index (``bm25s``) of title + abstract + authors, one document per paper;
  ``text_ids.json`` maps document rows to paper ids.
- ``similar.faiss``: an HNSW graph (``faiss.IndexHNSWSQ``, float16 vectors, inner product over
  L2-normalised vectors, i.e. cosine) of the papers that have a row in ``paper_embeddings`` (a build with the
  keyword stage); ``similar_ids.json`` maps vector rows to paper ids. The vectors are *not* the
  keyword stage's document vectors (the first 16 words of title + abstract): with the same
  bundled static encoder (``extract.keywords.encoder.load_encoder``, model2vec, no download)
  they are ``2 * title + abstract`` (:func:`paper_vectors`), each part centred on the corpus
  mean (the common component every static average shares) and normalised, so the title weighs
  most and the whole abstract counts too.

The folder is written to a temporary sibling and renamed into place, like the database.
"""

from __future__ import annotations

import argparse
import bisect
import json
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import duckdb
import numpy as np

FORMAT = 1
HNSW_M = 16  # graph degree (recall@10 1.000 at 16 and 32 on the 10k build; 16 is smaller)
HNSW_EF_CONSTRUCTION = 80
HNSW_EF_SEARCH = 128  # candidates kept per query (recall vs time)
TOKEN_PATTERN = r"(?u)\b\w+\b"  # every word, kept whole (no stemming, no stopwords)


def index_dir(db: str | Path) -> Path:
    """The folder of ``db``'s indexes: ``<db>.index``."""
    db = Path(db)
    return db.with_name(db.name + ".index")


def fingerprint(con: duckdb.DuckDBPyConnection, alias: str = "") -> dict[str, int]:
    """Rows of ``papers`` and an order-independent hash of their searchable text.

    Args:
        con: A connection on the database (or with it attached as ``alias``).
        alias: The attached database's name, or "" for the connection's own.
    """
    table = f"{alias}.papers" if alias else "papers"
    n, h = con.execute(
        "SELECT count(*), coalesce(bit_xor(hash(paper_id, coalesce(title, ''), "
        f"coalesce(abstract, ''), coalesce(CAST(authors AS VARCHAR), ''))), 0) FROM {table}"
    ).fetchone()
    return {"papers": int(n), "hash": int(h)}


def _texts(con: duckdb.DuckDBPyConnection) -> tuple[list[str], list[str]]:
    has_authors = bool(
        con.execute(
            "SELECT count(*) FROM duckdb_columns() WHERE table_name = 'papers' "
            "AND column_name = 'authors'"
        ).fetchone()[0]
    )
    authors = "coalesce(CAST(authors AS VARCHAR), '')" if has_authors else "''"
    rows = con.execute(
        "SELECT paper_id, concat_ws(' ', coalesce(title, ''), coalesce(abstract, ''), "
        f"{authors}) FROM papers ORDER BY paper_id"
    ).fetchall()
    return [r[0] for r in rows], [r[1] for r in rows]


def _embedded_texts(
    con: duckdb.DuckDBPyConnection,
) -> tuple[list[str], list[str], list[str]]:
    """Ids, titles and abstracts of the papers with a keyword-stage embedding."""
    found = con.execute(
        "SELECT count(*) FROM duckdb_tables() WHERE table_name = 'paper_embeddings'"
    ).fetchone()[0]
    if not found:
        return [], [], []
    rows = con.execute(
        "SELECT p.paper_id, coalesce(trim(p.title), ''), coalesce(p.abstract, '') FROM papers p "
        "WHERE p.paper_id IN (SELECT paper_id FROM paper_embeddings) ORDER BY p.paper_id"
    ).fetchall()
    return [r[0] for r in rows], [r[1] for r in rows], [r[2] for r in rows]


def tokenize(texts: list[str]):
    """bm25s tokens of ``texts`` (lower-cased words; the same rules for documents and queries)."""
    import bm25s

    return bm25s.tokenize(
        texts, lower=True, stopwords=None, token_pattern=TOKEN_PATTERN, show_progress=False
    )


def _unit(vecs: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(vecs, axis=1, keepdims=True)
    return (vecs / np.where(norms == 0, 1, norms)).astype(np.float32)


def encode(texts: list[str]) -> np.ndarray:
    """L2-normalised float32 vectors of ``texts`` with the bundled static encoder."""
    from extract.keywords.encoder import load_encoder

    return _unit(load_encoder().encode(texts).astype(np.float32))


def _centred(vecs: np.ndarray, present: np.ndarray) -> np.ndarray:
    """``vecs`` minus their mean over the ``present`` rows, normalised; absent rows are 0."""
    out = np.zeros_like(vecs)
    if present.any():
        out[present] = _unit(vecs[present] - vecs[present].mean(axis=0))
    return out


def paper_vectors(titles: list[str], abstracts: list[str]) -> np.ndarray:
    """The similar-papers vectors: ``2 * title + abstract``, each centred, then normalised.

    Chosen on a proxy that is not the hand-checked audit: on the 10k build, the mean Jaccard of
    ICLR author keywords between a paper and its 5 nearest was 0.0957 for this, 0.0888 for one
    vector of title + abstract, 0.0914 for the keyword stage's (``benchmarks/similar_proxy.py``).
    """
    has_title = np.array([bool(t.strip()) for t in titles])
    has_abstract = np.array([bool(a.strip()) for a in abstracts])
    vecs = encode([*titles, *abstracts])
    n = len(titles)
    title, abstract = _centred(vecs[:n], has_title), _centred(vecs[n:], has_abstract)
    return _unit(2 * title + abstract)


@dataclass
class IndexReport:
    """What :func:`write_index` wrote and how long each part took (seconds)."""

    folder: Path
    papers: int
    vectors: int
    text_seconds: float
    similar_seconds: float


def write_index(db: str | Path) -> IndexReport:
    """Write ``db``'s indexes to ``<db>.index/`` (atomically: a temporary folder renamed).

    Returns:
        What was written; ``vectors`` is 0 when the database has no embeddings (no similar-papers
        index then).
    """
    import bm25s
    import faiss

    db = Path(db)
    target = index_dir(db)
    con = duckdb.connect(str(db), read_only=True)
    try:
        meta = {"format": FORMAT, **fingerprint(con)}
        ids, texts = _texts(con)
        sim_ids, sim_titles, sim_abstracts = _embedded_texts(con)
    finally:
        con.close()
    tmp = Path(tempfile.mkdtemp(prefix=target.name + ".tmp-", dir=target.parent))
    try:
        t0 = time.perf_counter()
        retriever = bm25s.BM25()
        if ids:
            retriever.index(tokenize(texts), show_progress=False)
            retriever.save(str(tmp / "text"))
        (tmp / "text_ids.json").write_text(json.dumps(ids))
        t1 = time.perf_counter()
        if sim_ids:
            vecs = paper_vectors(sim_titles, sim_abstracts)
            # vectors stored as float16: half the size of float32, same neighbours at 10k
            index = faiss.IndexHNSWSQ(
                vecs.shape[1], faiss.ScalarQuantizer.QT_fp16, HNSW_M, faiss.METRIC_INNER_PRODUCT
            )
            index.train(vecs)  # (fp16 needs no statistics; the call marks it trained)
            index.hnsw.efConstruction = HNSW_EF_CONSTRUCTION
            index.add(vecs)
            faiss.write_index(index, str(tmp / "similar.faiss"))
            (tmp / "similar_ids.json").write_text(json.dumps(sim_ids))
        t2 = time.perf_counter()
        (tmp / "meta.json").write_text(json.dumps(meta))
        old = None
        if target.exists():
            old = target.with_name(tmp.name + ".old")
            target.rename(old)
        tmp.rename(target)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return IndexReport(target, len(ids), len(sim_ids), t1 - t0, t2 - t1)


def write_index_quietly(db: str | Path) -> IndexReport | None:
    """:func:`write_index`, or None with a warning on stderr when it cannot (the index is optional:
    without it the dashboard uses its SQL paths)."""
    try:
        return write_index(db)
    except Exception as exc:  # noqa: BLE001 - a missing optional index must not fail a build
        print(f"warning: search index not written ({type(exc).__name__}: {exc})", file=sys.stderr)
        return None


class Index:
    """A loaded index folder: text search and similar papers, for one database."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.meta = json.loads((folder / "meta.json").read_text())
        self._text = None
        self._text_ids: list[str] | None = None
        self._similar = None
        self._similar_ids: list[str] | None = None
        self._row: dict[str, int] | None = None

    @classmethod
    def open(cls, db: str | Path, current: dict[str, int]) -> Index | None:
        """``db``'s index if it exists and matches the database's fingerprint ``current``."""
        folder = index_dir(db)
        try:
            idx = cls(folder)
        except (OSError, ValueError):
            return None
        meta = idx.meta
        if meta.get("format") != FORMAT or {k: meta.get(k) for k in current} != current:
            return None
        return idx

    # --- full text ---------------------------------------------------------------------------

    def _load_text(self) -> None:
        if self._text_ids is None:
            import bm25s

            self._text_ids = json.loads((self.folder / "text_ids.json").read_text())
            if self._text_ids:
                self._text = bm25s.BM25.load(str(self.folder / "text"), mmap=True)
                # the vocabulary sorted, so the tokens starting with a word are one slice
                vocab = sorted((t, c) for t, c in self._text.vocab_dict.items() if t)
                self._tokens = [t for t, _ in vocab]
                self._columns = [c for _, c in vocab]

    def search(self, query: str) -> list[str]:
        """Ids of the papers holding every word of ``query`` (each as a word or a word's start),
        best BM25 score first (ties by id)."""
        self._load_text()
        words = [w for w in tokenize_query(query)]
        if not words or not self._text_ids:
            return []
        scores = self._text.scores
        data, indices, indptr = scores["data"], scores["indices"], scores["indptr"]
        total: np.ndarray | None = None
        keep: np.ndarray | None = None
        for word in words:
            lo_tok = bisect.bisect_left(self._tokens, word)
            hi_tok = bisect.bisect_left(self._tokens, word + "\U0010ffff")
            cols = [c for c in self._columns[lo_tok:hi_tok] if c + 1 < len(indptr)]
            hit = np.zeros(len(self._text_ids), dtype=np.float32)
            present = np.zeros(len(self._text_ids), dtype=bool)
            for c in cols:
                lo, hi = indptr[c], indptr[c + 1]
                np.add.at(hit, indices[lo:hi], data[lo:hi])
                present[indices[lo:hi]] = True
            if total is None:
                total, keep = hit, present
            else:
                total, keep = total + hit, keep & present
        rows = np.flatnonzero(keep)
        order = rows[np.lexsort((rows, -total[rows]))]
        return [self._text_ids[i] for i in order]

    # --- similar papers -----------------------------------------------------------------------

    def _load_similar(self) -> bool:
        if self._similar_ids is None:
            path = self.folder / "similar.faiss"
            if not path.is_file():
                self._similar_ids = []
                return False
            import faiss

            # memory-mapped: the pages are the OS's file cache, shared and reclaimable
            self._similar = faiss.read_index(str(path), faiss.IO_FLAG_MMAP)
            self._similar.hnsw.efSearch = HNSW_EF_SEARCH
            self._similar_ids = json.loads((self.folder / "similar_ids.json").read_text())
            self._row = {pid: i for i, pid in enumerate(self._similar_ids)}
        return bool(self._similar_ids)

    @property
    def has_similar(self) -> bool:
        """True when the folder holds a similar-papers index."""
        return self._load_similar()

    def similar(self, paper_id: str, k: int = 10) -> list[tuple[str, float]] | None:
        """The ``k`` nearest papers to ``paper_id`` (cosine of :func:`paper_vectors`).

        Returns:
            ``(paper_id, similarity)`` most similar first, without the paper itself; None when
            there is no similar index, [] when the paper has no vector.
        """
        if not self._load_similar():
            return None
        row = self._row.get(paper_id)
        if row is None:
            return []
        vec = self._similar.reconstruct(row).reshape(1, -1)
        sims, rows = self._similar.search(vec, k + 1)
        out = [
            (self._similar_ids[r], float(s))
            for s, r in zip(sims[0], rows[0], strict=True)
            if r >= 0 and r != row
        ]
        out.sort(key=lambda t: (-round(t[1], 6), t[0]))
        return out[:k]


def tokenize_query(query: str) -> list[str]:
    """The lower-cased words of a search query (the index's token rules)."""
    import re

    return re.findall(TOKEN_PATTERN, query.lower())


def main(argv: list[str] | None = None) -> int:
    """``python -m extract.index DB``: (re)write the indexes of an existing database."""
    ap = argparse.ArgumentParser(prog="python -m extract.index", description=main.__doc__)
    ap.add_argument("db", type=Path)
    args = ap.parse_args(argv)
    rep = write_index(args.db)
    print(
        f"{rep.folder}: text index of {rep.papers} papers in {rep.text_seconds:.1f} s, "
        f"similar-papers index of {rep.vectors} vectors in {rep.similar_seconds:.1f} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
