"""Ingest: files and folders -> deduplicated papers with provenance.

Files are read in a fixed (sorted) order, so the same inputs always give the same tables.
The same abstract found twice (case, white space and markup aside) is one paper; every
place it was found is kept in ``sources``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import tomllib

from extract.datafiles import DATA_DIR
from extract.readers import read_file
from extract.records import InputError, Problem, RawRecord
from extract.text.normalize import clean_abstract, content_hash, paper_id_for

SKIP_NAMES = {".git", "__pycache__", ".DS_Store", "README.md", "README"}
MIN_ABSTRACT_WORDS = 8


@dataclass
class Paper:
    """A deduplicated paper being assembled from one or more records."""

    paper_id: str
    abstract: str
    title: str | None = None
    venue: str | None = None
    year: int | None = None
    track: str | None = None
    status: str | None = None
    author_keywords: list[str] = field(default_factory=list)
    authors: list[str] = field(default_factory=list)
    url: str | None = None
    sources: list[tuple[str, str, str]] = field(default_factory=list)  # (source, locator, format)

    @property
    def venue_label(self) -> str:
        """``"ACL 2025"``, ``"ACL"`` or ``"unknown"``."""
        if not self.venue:
            return "unknown"
        return f"{self.venue} {self.year}" if self.year else self.venue

    @property
    def content_hash(self) -> str:
        """Hash of the exact stored abstract."""
        return content_hash(self.abstract)

    @property
    def accepted(self) -> bool | None:
        """Accepted/rejected from ``status``; None when unknown."""
        if not self.status:
            return None
        acc, rej = _statuses()
        low = self.status.strip().lower()
        if low in acc:
            return True
        if low in rej:
            return False
        return None


@dataclass
class IngestResult:
    """Everything ingest produced."""

    papers: list[Paper]
    problems: list[Problem]
    files_read: int
    records_read: int

    @property
    def duplicates_merged(self) -> int:
        """Records that were folded into an earlier copy of the same paper."""
        return self.records_read - len(self.papers)

    @property
    def files_skipped(self) -> list[Problem]:
        """Problems that made a file (or its rest) unreadable."""
        return [p for p in self.problems if p.severity == "error"]


@lru_cache(maxsize=1)
def _placeholders() -> frozenset[str]:
    with open(DATA_DIR / "boilerplate.toml", "rb") as fh:
        return frozenset(tomllib.load(fh)["placeholders"])


def is_placeholder(text: str | None) -> bool:
    """True for stand-in values such as "Withdrawn" or "Part of"."""
    return text is not None and text.strip().rstrip(".!").strip().lower() in _placeholders()


def _rank(accepted: bool | None) -> int:
    return {True: 2, None: 1, False: 0}[accepted]


@lru_cache(maxsize=1)
def _statuses() -> tuple[frozenset[str], frozenset[str]]:
    with open(DATA_DIR / "statuses.toml", "rb") as fh:
        data = tomllib.load(fh)
    return frozenset(data["accepted"]), frozenset(data["rejected"])


def iter_input_files(paths: Iterable[str | Path]) -> Iterator[tuple[Path | None, str, Problem | None]]:
    """Expand files and folders into ``(path, source name, problem)`` in sorted order.

    Folders are walked recursively without following symbolic links to folders, so a
    link loop cannot recurse forever. Hidden files are skipped.
    """
    for raw in paths:
        root = Path(raw)
        if not root.exists() and not root.is_symlink():
            yield None, str(raw), Problem(str(raw), None, "no such file or directory")
            continue
        if root.is_dir():
            found = []
            for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
                dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d not in SKIP_NAMES)
                for name in filenames:
                    if name.startswith(".") or name in SKIP_NAMES:
                        continue
                    p = Path(dirpath) / name
                    found.append((p.relative_to(root).as_posix(), p))
            if not found:
                yield None, str(raw), Problem(str(raw), None, f"no input files under {raw}")
            for rel, p in sorted(found):
                yield p, rel, None
        else:
            yield root, root.name, None


def _merge(paper: Paper, rec: RawRecord) -> None:
    """Fold ``rec`` into ``paper``: fill gaps; an accepted copy's venue beats a rejected one's.

    Authors and the landing page (``url``) are taken from the first record that has them; the
    page follows the venue when an accepted copy replaces it.

    ICLR rejects often reappear at ICML/NeurIPS with the same abstract; the paper then
    counts for the venue that accepted it.
    """
    if rec.title is not None and is_placeholder(rec.title):
        rec.title = None
    probe = Paper(paper.paper_id, paper.abstract, status=rec.status)
    if paper.sources and _rank(probe.accepted) > _rank(paper.accepted):
        for attr in ("venue", "year", "track", "status", "url"):  # the accepting venue's page
            if getattr(rec, attr) is not None:
                setattr(paper, attr, getattr(rec, attr))
    for attr in ("title", "venue", "year", "track", "status", "url"):
        if getattr(paper, attr) is None and getattr(rec, attr) is not None:
            setattr(paper, attr, getattr(rec, attr))
    if not paper.authors and rec.authors:
        paper.authors = list(rec.authors)
    for kw in rec.author_keywords:
        if kw not in paper.author_keywords:
            paper.author_keywords.append(kw)


def ingest(
    paths: Iterable[str | Path],
    progress: Callable[[str], None] | None = None,
    existing: Iterable[Paper] = (),
) -> IngestResult:
    """Read, clean and deduplicate every paper under ``paths``.

    Args:
        paths: Files and/or folders.
        progress: Called with each file's source name before it is read.
        existing: Papers already in a database (``paper-trends add``): new records of the same
            paper merge into them, and they come first in the result.

    Returns:
        The papers in first-seen order, the problems found, and counts (``records_read``
        counts the existing papers as one record each).
    """
    papers: dict[str, Paper] = {p.paper_id: p for p in existing}
    problems: list[Problem] = []
    files_read = 0
    records_read = len(papers)
    for path, source, problem in iter_input_files(paths):
        if problem:
            problems.append(problem)
            continue
        assert path is not None
        if progress:
            progress(source)
        try:
            records, found = read_file(path, source)
        except InputError as exc:
            problems.append(Problem(source, None, str(exc)))
            continue
        except RecursionError:
            problems.append(Problem(source, None, "input nested too deeply to read"))
            continue
        problems.extend(found)
        if not records and not any(p.severity == "error" for p in found):
            problems.append(Problem(source, None, "no paper abstracts found"))
            continue
        files_read += 1
        for rec in records:
            abstract = clean_abstract(rec.abstract)
            if not abstract:
                problems.append(Problem(source, rec.locator, "empty abstract; skipped", "warning"))
                continue
            if is_placeholder(abstract) or len(abstract.split()) < MIN_ABSTRACT_WORDS:
                msg = f"abstract {abstract[:40]!r} is a placeholder or too short; skipped"
                problems.append(Problem(source, rec.locator, msg, "warning"))
                continue
            records_read += 1
            pid = paper_id_for(abstract)
            paper = papers.get(pid)
            if paper is None:
                paper = papers[pid] = Paper(paper_id=pid, abstract=abstract)
            _merge(paper, rec)
            loc = (source, rec.locator, rec.fmt)
            if loc not in paper.sources:
                paper.sources.append(loc)
    return IngestResult(list(papers.values()), problems, files_read, records_read)
