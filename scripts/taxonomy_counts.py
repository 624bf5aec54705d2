"""Count, for every taxonomy alternative, the corpus abstracts it matches.

    python scripts/taxonomy_counts.py [--out extract/data/taxonomy_counts.tsv]

An alternative is matched as the techniques stage matches it (on the markup-free view of the
cleaned abstract, with its case rule and word start: :func:`extract.stages.techniques.
first_rule_spans`), before passing mentions and evidence thresholds are weighed. Every distinct
abstract of both corpora (``../shared/corpora``) counts once. The output, shipped as
``extract/data/taxonomy_counts.tsv``, lets ``tests/test_data_files.py`` check without the corpora
that every phrase occurs in at least two abstracts or is marked general in the taxonomy.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from extract.stages.techniques import first_rule_spans, rule_labels  # noqa: E402
from extract.text.markup import clean_view  # noqa: E402
from extract.text.normalize import clean_abstract, paper_id_for  # noqa: E402

CORPORA = ROOT.parent / "shared" / "corpora"
OUT = ROOT / "extract" / "data" / "taxonomy_counts.tsv"
HEADER = "tag\tkind\talternative\tabstracts"


def corpus_texts(corpora: Path = CORPORA) -> Iterator[str]:
    """The markup-free text of every distinct corpus abstract, in file order."""
    seen: set[str] = set()
    for path in sorted(corpora.glob("*/*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict):
            data = next((v for v in data.values() if isinstance(v, list)), [])
        for rec in data:
            if not isinstance(rec, dict) or not (rec.get("abstract") or "").strip():
                continue
            clean = clean_abstract(rec["abstract"])
            pid = paper_id_for(clean)
            if pid in seen:
                continue
            seen.add(pid)
            yield clean_view(clean).text


def count(texts: Iterator[str]) -> tuple[Counter[int], int]:
    """Abstracts matched per rule index, and the number of abstracts read."""
    hits: Counter[int] = Counter()
    n = 0
    for text in texts:
        n += 1
        hits.update(first_rule_spans(text).keys())
    return hits, n


def read_counts(path: Path = OUT) -> dict[tuple[str, str, str], int]:
    """(tag, kind, alternative) -> abstracts, from a file this script wrote."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#") or line == HEADER:
            continue
        tag, kind, alt, n = line.split("\t")
        out[(tag, kind, alt)] = int(n)
    return out


def main(argv: list[str] | None = None) -> int:
    """Write the counts file; 1 when the corpora are missing."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    if not CORPORA.is_dir():
        print(f"no corpora at {CORPORA}", file=sys.stderr)
        return 1
    hits, n = count(corpus_texts())
    labels = rule_labels()
    with args.out.open("w", encoding="utf-8") as fh:
        fh.write(f"# corpus abstracts matched by each taxonomy alternative, of {n} "
                 "(scripts/taxonomy_counts.py)\n")
        fh.write(HEADER + "\n")
        for i, (tag, kind, alt) in enumerate(labels):
            if "\t" in alt or "\n" in alt:
                raise ValueError(f"tab or newline in {alt!r}")
            fh.write(f"{tag}\t{kind}\t{alt}\t{hits[i]}\n")
    low = sum(1 for i in range(len(labels)) if hits[i] < 2)
    print(f"{n} abstracts, {len(labels)} alternatives, {low} in fewer than 2 -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
