"""Search indexes stored next to the database: full-text (bm25s) and similar papers (faiss HNSW).

``paper-trends build`` calls :func:`write_index` once the database is written; for a database
made some other way (e.g. ``benchmarks/make_scaled_db.py``) run ``python -m extract.index DB``.
The indexes live in the folder ``<db>.index/``:

- ``meta.json``: the format version, the database's *fingerprint* (row count of ``papers``
  and an order-independent hash of every paper's id, title, abstract and authors) and the
  database file's size and modification time when the index was written (``file``). A reader
  whose database file still has that size and time takes the index as it is (a stat, not a scan);
  otherwise it recomputes the fingerprint from the database (about a second at a million papers)
  and ignores an index whose fingerprint differs (the database was rebuilt from other inputs
  without the index): the dashboard then falls back to its SQL paths (``ILIKE``-style search,
  exact cosine scan). ``python -m extract.index --stamp DB`` records the file's size and time in
  an index written before they were kept, once its fingerprint is checked.
- ``text/``: a BM25 index (``bm25s``) of title + abstract + authors, one document per paper;
  ``text_ids.json`` maps document rows to paper ids.
- ``similar.faiss``: an HNSW graph (``faiss.IndexHNSWSQ``, float16 vectors, inner product over
  L2-normalised vectors, i.e. cosine) of the papers that have a row in ``paper_embeddings`` (a build with the
  keyword stage); ``similar_ids.json`` maps vector rows to paper ids. It is read memory-mapped
  (``faiss.IO_FLAG_MMAP_IFC``: the graph and vectors stay in the file, only the pages a search
  touches are read), and only when similar papers are asked for. The vectors are *not* the
  keyword stage's document vectors (the first 16 words of title + abstract): with the same
  bundled static encoder (``extract.keywords.encoder.load_encoder``, model2vec, no download)
  they are ``2 * title + abstract`` (:func:`paper_vectors`), each part centred on the corpus
  mean (the common component every static average shares) and normalised, so the title weighs
  most and the whole abstract counts too.

The folder is written to a temporary sibling and renamed into place, like the database. It is
built in batches of :data:`BATCH` papers (read, tokenised and encoded a batch at a time, the
per-batch term counts and vectors spilled to the temporary folder), so the memory a build needs
is the finished index plus a batch, not a multiple of the corpus: the BM25 scores are the same as
``bm25s.BM25().index(...)`` of the whole corpus, the vectors the same as :func:`paper_vectors`.
"""

from __future__ import annotations

import argparse
import bisect
import json
import math
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from collections.abc import Callable
from pathlib import Path

import duckdb
import numpy as np

FORMAT = 1
HNSW_M = 16  # graph degree (recall@10 1.000 at 16 and 32 on the 10k build; 16 is smaller)
HNSW_EF_CONSTRUCTION = 80
HNSW_EF_SEARCH = 128  # candidates kept per query (recall vs time)
TOKEN_PATTERN = r"(?u)\b\w+\b"  # every word, kept whole (no stemming, no stopwords)
BATCH = 10_000  # papers read, tokenised and encoded at a time by write_index
ADD_BATCH = 50_000  # vectors added to the HNSW graph at a time (10k batches cost 40% more time)
READ_MEMORY = "128MB"  # DuckDB's buffers while write_index streams the papers


def index_dir(db: str | Path) -> Path:
    """The folder of ``db``'s indexes: ``<db>.index``."""
    db = Path(db)
    return db.with_name(db.name + ".index")


def file_stamp(db: str | Path) -> dict[str, int] | None:
    """Size and modification time (ns) of the database file; None when it cannot be read or a
    write-ahead log beside it may hold changes the file does not show."""
    db = Path(db)
    try:
        st = db.stat()
    except OSError:
        return None
    if db.with_name(db.name + ".wal").exists():
        return None
    return {"size": int(st.st_size), "mtime_ns": int(st.st_mtime_ns)}


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


def _paper_batches(con: duckdb.DuckDBPyConnection, size: int):
    """(ids, searchable texts, titles, abstracts, embedded flags) of the papers in the table's
    order, ``size`` papers at a time (streamed from DuckDB: sorting the texts by id would hold
    them all in memory)."""
    has_authors = bool(
        con.execute(
            "SELECT count(*) FROM duckdb_columns() WHERE table_name = 'papers' "
            "AND column_name = 'authors'"
        ).fetchall()[0][0]
    )
    has_emb = bool(
        con.execute(
            "SELECT count(*) FROM duckdb_tables() WHERE table_name = 'paper_embeddings'"
        ).fetchall()[0][0]
    )
    authors = "coalesce(CAST(p.authors AS VARCHAR), '')" if has_authors else "''"
    embedded = (
        "p.paper_id IN (SELECT paper_id FROM paper_embeddings)" if has_emb else "false"
    )
    reader = con.cursor().sql(
        "SELECT p.paper_id, concat_ws(' ', coalesce(p.title, ''), coalesce(p.abstract, ''), "
        f"{authors}), coalesce(trim(p.title), ''), coalesce(p.abstract, ''), {embedded} "
        "FROM papers p"
    ).to_arrow_reader(size)
    pending: list = []
    n = 0
    for rb in reader:
        pending.append(rb)
        n += rb.num_rows
        if n >= size:
            yield _columns(pending)
            pending, n = [], 0
    if n:
        yield _columns(pending)


def _columns(batches: list) -> tuple[list, ...]:
    cols: list[list] = [[], [], [], [], []]
    for rb in batches:
        for i in range(5):
            cols[i].extend(rb.column(i).to_pylist())
    return tuple(cols)


class _TextIndexer:
    """BM25 (bm25s' defaults: Lucene idf, k1 1.5, b 0.75) built batch by batch: each batch's term
    counts are spilled to ``spill``; :meth:`finish` scores them into bm25s' CSC arrays."""

    def __init__(self, spill: Path, n_docs: int) -> None:
        self.spill = spill
        self.vocab: dict[str, int] = {}
        self.df = np.zeros(0, dtype=np.int64)
        self.lengths = np.zeros(n_docs, dtype=np.float64)
        self.parts = 0

    def add(self, texts: list[str], rows: np.ndarray) -> None:
        """Count the terms of ``texts``, the documents numbered ``rows`` in the index."""
        tok = tokenize(texts)
        # the batch's token ids -> the index's (first seen, first numbered, as bm25s' tokenize)
        local = sorted(tok.vocab.items(), key=lambda kv: kv[1])
        to_global = np.empty(len(local), dtype=np.int32)
        for token, i in local:
            to_global[i] = self.vocab.setdefault(token, len(self.vocab))
        docs, counts, lengths = [], [], np.empty(len(tok.ids), dtype=np.int32)
        for d, ids in enumerate(tok.ids):
            lengths[d] = len(ids)
            u, c = np.unique(to_global[np.asarray(ids, dtype=np.int64)], return_counts=True)
            docs.append(u.astype(np.int32))
            counts.append(c.astype(np.int32))
        doc_ptr = np.zeros(len(docs) + 1, dtype=np.int64)
        np.cumsum([len(u) for u in docs], out=doc_ptr[1:])
        terms = np.concatenate(docs) if docs else np.zeros(0, dtype=np.int32)
        tfs = np.concatenate(counts) if counts else np.zeros(0, dtype=np.int32)
        if len(self.vocab) > len(self.df):
            self.df = np.concatenate([self.df, np.zeros(len(self.vocab) - len(self.df), np.int64)])
        self.df += np.bincount(terms, minlength=len(self.df))
        np.savez(self.spill / f"terms{self.parts}.npz", terms=terms, tfs=tfs, doc_ptr=doc_ptr,
                 rows=rows)
        self.lengths[rows] = lengths
        self.parts += 1

    def finish(self, k1: float = 1.5, b: float = 0.75):
        """A ``bm25s.BM25`` holding the scores of every document added."""
        import bm25s

        lengths = self.lengths
        n_docs, n_vocab = len(lengths), len(self.vocab)
        avg = lengths.mean() if n_docs else 1.0
        idf = np.array(
            [math.log(1 + (n_docs - d + 0.5) / (d + 0.5)) for d in self.df.tolist()],
            dtype=np.float32,
        )
        indptr = np.zeros(n_vocab + 1, dtype=np.int64)
        np.cumsum(self.df, out=indptr[1:])
        data = np.empty(int(indptr[-1]), dtype=np.float32)
        indices = np.empty(int(indptr[-1]), dtype=np.int32)
        fill = indptr[:-1].copy()  # the next free slot of each term's column
        for part in range(self.parts):
            with np.load(self.spill / f"terms{part}.npz") as z:
                terms, tfs, doc_ptr, rows = z["terms"], z["tfs"], z["doc_ptr"], z["rows"]
            docs = np.repeat(rows.astype(np.int32), np.diff(doc_ptr))
            tf = tfs.astype(np.float64)
            # bm25s' Lucene term-frequency component (it computes in float64, stores float32)
            scores = idf[terms] * (tf / (k1 * ((1 - b) + b * lengths[docs] / avg) + tf))
            # each column's entries in the order read (a stable sort by term within the batch);
            # a column's order does not change a score (sums)
            order = np.argsort(terms, kind="stable")
            t_sorted = terms[order]
            starts = np.searchsorted(t_sorted, t_sorted, side="left")
            slot = fill[t_sorted] + (np.arange(len(order)) - starts)
            data[slot] = scores[order]
            indices[slot] = docs[order]
            fill += np.bincount(terms, minlength=n_vocab)
            (self.spill / f"terms{part}.npz").unlink()
        if "" not in self.vocab:  # bm25s adds the empty token after the last (no column)
            self.vocab[""] = n_vocab
        retriever = bm25s.BM25(k1=k1, b=b)
        retriever.scores = {"data": data, "indices": indices, "indptr": indptr,
                            "num_docs": n_docs}
        retriever.vocab_dict = self.vocab
        retriever.nonoccurrence_array = None  # (bm25l and bm25+ only)
        retriever.unique_token_ids_set = set(self.vocab.values())
        return retriever


class _VectorIndexer:
    """The similar-papers vectors (:func:`paper_vectors`) of batches: each batch's unit title and
    abstract vectors are spilled to ``spill`` while the corpus means are summed; :meth:`vectors`
    then yields the finished rows batch by batch."""

    def __init__(self, spill: Path) -> None:
        self.spill = spill
        self.sums: list[np.ndarray | None] = [None, None]
        self.counts = [0, 0]
        self.parts = 0

    def add(self, titles: list[str], abstracts: list[str]) -> None:
        if not titles:
            return
        vecs = encode([*titles, *abstracts])
        n = len(titles)
        for k, (part, texts) in enumerate(((vecs[:n], titles), (vecs[n:], abstracts))):
            present = np.array([bool(t.strip()) for t in texts])
            total = part[present].sum(axis=0, dtype=np.float64)
            self.sums[k] = total if self.sums[k] is None else self.sums[k] + total
            self.counts[k] += int(present.sum())
            np.save(self.spill / f"vec{self.parts}_{k}.npy", part)
            np.save(self.spill / f"has{self.parts}_{k}.npy", present)
        self.parts += 1

    def vectors(self):
        means = [
            (s / c).astype(np.float32) if c else None
            for s, c in zip(self.sums, self.counts, strict=True)
        ]
        for part in range(self.parts):
            out = []
            for k in range(2):
                vecs = np.load(self.spill / f"vec{part}_{k}.npy")
                present = np.load(self.spill / f"has{part}_{k}.npy")
                c = np.zeros_like(vecs)
                if present.any():
                    c[present] = _unit(vecs[present] - means[k])
                out.append(c)
                (self.spill / f"vec{part}_{k}.npy").unlink()
                (self.spill / f"has{part}_{k}.npy").unlink()
            yield _unit(2 * out[0] + out[1])


def _chunks(parts, size: int):
    """The arrays of ``parts`` stacked into chunks of at least ``size`` rows (the last smaller)."""
    pending, n = [], 0
    for part in parts:
        pending.append(part)
        n += len(part)
        if n >= size:
            yield np.concatenate(pending)
            pending, n = [], 0
    if pending:
        yield np.concatenate(pending)


def write_index(db: str | Path, batch: int = BATCH) -> IndexReport:
    """Write ``db``'s indexes to ``<db>.index/`` (atomically: a temporary folder renamed), reading
    and encoding ``batch`` papers at a time.

    Returns:
        What was written; ``vectors`` is 0 when the database has no embeddings (no similar-papers
        index then).
    """
    import faiss

    db = Path(db)
    target = index_dir(db)
    stamp = file_stamp(db)  # the file as read (recorded only if unchanged after the read)
    tmp = Path(tempfile.mkdtemp(prefix=target.name + ".tmp-", dir=target.parent))
    spill = tmp / "spill"
    spill.mkdir()
    try:
        con = duckdb.connect(
            str(db), read_only=True,
            config={"memory_limit": READ_MEMORY, "temp_directory": str(spill), "threads": 1},
        )
        sim_ids: list[str] = []
        t_text = t_vec = 0.0
        try:
            meta = {"format": FORMAT, **fingerprint(con)}
            # text documents are numbered in id order (search ties go by id); the papers are
            # read in the table's order, each numbered by its id's rank
            read = [r[0] for r in con.execute("SELECT paper_id FROM papers").fetchall()]
            order = np.argsort(np.array(read, dtype=object), kind="stable")
            ids = [read[i] for i in order]
            rank = np.empty(len(read), dtype=np.int64)
            rank[order] = np.arange(len(read))
            del order
            text, vec = _TextIndexer(spill, len(ids)), _VectorIndexer(spill)
            at = 0
            for pids, texts, titles, abstracts, embedded in _paper_batches(con, batch):
                t0 = time.perf_counter()
                if pids != read[at : at + len(pids)]:
                    raise RuntimeError("papers changed while the index was read")
                text.add(texts, rank[at : at + len(pids)])
                at += len(pids)
                t1 = time.perf_counter()
                keep = [i for i, e in enumerate(embedded) if e]
                sim_ids += [pids[i] for i in keep]
                vec.add([titles[i] for i in keep], [abstracts[i] for i in keep])
                t_text += t1 - t0
                t_vec += time.perf_counter() - t1
                del pids, texts, titles, abstracts, embedded
            if at != len(read):
                raise RuntimeError("papers changed while the index was read")
            del read, rank
        finally:
            con.close()
        t0 = time.perf_counter()
        if ids:
            retriever = text.finish()
            retriever.save(str(tmp / "text"))
            del retriever
        (tmp / "text_ids.json").write_text(json.dumps(ids))
        t1 = time.perf_counter()
        if sim_ids:
            index = None
            for rows in _chunks(vec.vectors(), ADD_BATCH):
                if index is None:
                    # vectors stored as float16: half the size of float32, same neighbours at 10k
                    index = faiss.IndexHNSWSQ(
                        rows.shape[1], faiss.ScalarQuantizer.QT_fp16, HNSW_M,
                        faiss.METRIC_INNER_PRODUCT,
                    )
                    index.train(rows)  # (fp16 needs no statistics; the call marks it trained)
                    index.hnsw.efConstruction = HNSW_EF_CONSTRUCTION
                index.add(rows)
            faiss.write_index(index, str(tmp / "similar.faiss"))
            (tmp / "similar_ids.json").write_text(json.dumps(sim_ids))
        t2 = time.perf_counter()
        shutil.rmtree(spill, ignore_errors=True)
        if stamp is not None and file_stamp(db) == stamp:
            meta["file"] = stamp
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
    return IndexReport(target, len(ids), len(sim_ids), t_text + t1 - t0, t_vec + t2 - t1)


def write_index_quietly(db: str | Path) -> IndexReport | None:
    """:func:`write_index`, or None with a warning on stderr when it cannot (the index is optional:
    without it the dashboard uses its SQL paths); an index folder left from before is removed
    then, so no reader finds an index of other papers."""
    try:
        return write_index(db)
    except Exception as exc:  # noqa: BLE001 - a missing optional index must not fail a build
        # the folder left is of the database before this write: dropped, not left stale
        shutil.rmtree(index_dir(db), ignore_errors=True)
        print(f"warning: search index not written ({type(exc).__name__}: {exc}); "
              f"{index_dir(db).name} removed", file=sys.stderr)
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

    @classmethod
    def open(
        cls, db: str | Path, current: dict[str, int] | Callable[[], dict[str, int]]
    ) -> Index | None:
        """``db``'s index if it exists and matches the database's fingerprint ``current``.

        ``current`` may be a function computing the fingerprint (:func:`fingerprint`): it is
        called only when the database file's size or modification time differs from the ones
        recorded when the index was written (``meta.json``'s ``file``).
        """
        folder = index_dir(db)
        try:
            idx = cls(folder)
        except (OSError, ValueError):
            return None
        meta = idx.meta
        if meta.get("format") != FORMAT:
            return None
        if callable(current):
            if meta.get("file") is not None and meta.get("file") == file_stamp(db):
                return idx  # the very file the index was written from
            current = current()
        if {k: meta.get(k) for k in current} != current:
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

            # memory-mapped in place (faiss >= 1.9): the graph and the vectors are read from
            # the file's pages as a search touches them (the OS's cache, shared and
            # reclaimable), not copied into memory first (0.45 s and 0.65 GiB at 1M papers)
            flag = getattr(faiss, "IO_FLAG_MMAP_IFC", faiss.IO_FLAG_MMAP)
            self._similar = faiss.read_index(str(path), flag)
            self._similar.hnsw.efSearch = HNSW_EF_SEARCH
            self._similar_ids = json.loads((self.folder / "similar_ids.json").read_text())
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
        try:  # a scan of the ids (5 ms at 1M) rather than a dict built on load (0.3 s)
            row = self._similar_ids.index(paper_id)
        except ValueError:
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


def stamp_index(db: str | Path) -> bool:
    """Record ``db``'s file size and time in its index's ``meta.json`` (for an index written
    before they were kept), after checking the full fingerprint. False when the index is
    missing or does not match the database (nothing is written then)."""
    db = Path(db)
    stamp = file_stamp(db)
    con = duckdb.connect(str(db), read_only=True)
    try:
        current = fingerprint(con)
    finally:
        con.close()
    if stamp is None or file_stamp(db) != stamp or Index.open(db, current) is None:
        return False
    folder = index_dir(db)
    meta = {**json.loads((folder / "meta.json").read_text()), "file": stamp}
    tmp = folder / "meta.json.tmp"
    tmp.write_text(json.dumps(meta))
    tmp.replace(folder / "meta.json")
    return True


def main(argv: list[str] | None = None) -> int:
    """``python -m extract.index DB``: (re)write the indexes of an existing database."""
    ap = argparse.ArgumentParser(prog="python -m extract.index", description=main.__doc__)
    ap.add_argument("db", type=Path)
    ap.add_argument(
        "--stamp", action="store_true",
        help="only record the database file's size and time in an existing, matching index",
    )
    args = ap.parse_args(argv)
    if args.stamp:
        ok = stamp_index(args.db)
        print(f"{index_dir(args.db)}: " + ("stamped" if ok else "missing or stale; not stamped"))
        return 0 if ok else 1
    rep = write_index(args.db)
    print(
        f"{rep.folder}: text index of {rep.papers} papers in {rep.text_seconds:.1f} s, "
        f"similar-papers index of {rep.vectors} vectors in {rep.similar_seconds:.1f} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
