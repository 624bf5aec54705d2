"""Build extract/data/name_stats.tsv: corpus statistics of names for the names stage.

    python scripts/name_stats.py [--corpora ../shared/corpora] [--out extract/data/name_stats.tsv]

Reads every abstract of ``paperlists/`` and ``recent/`` (deduplicated by text), finds name
candidates with :func:`extract.names.candidates.find_candidates` and the proposal rules of
:func:`extract.stages.methods.find_proposed`, and writes, for every fold key named in at least
``--min-df`` abstracts:

* ``name``: key, most used spelling, abstracts naming it, abstracts proposing it, then the type
  votes of the sentence cues (:func:`extract.names.types.cue_votes`, once per abstract and type)
  for method, dataset, metric, task, other, then its occurrences (outside acronym definitions)
  and how many of them pre-modify a noun (:func:`extract.names.types.modifier_use`: "T2I
  models", "BEV features");
* ``long``: long forms of acronym definitions ("optimal transport (OT)"), fold key and the
  abstracts defining an acronym with it, when at least ``--min-df``: an acronym whose long form
  many abstracts define names an established concept, however short and ambiguous it is;
* ``lower``: fold key of a capitalised hyphenated compound candidate ("High-Quality") and the
  abstracts writing it in lower case ("high-quality"), when at least ``--min-df`` and at least
  as many as capitalise it: a compound of common words capitalised in a heading is not a name;
* ``proper``: lower-cased capitalised words that are proper nouns of the corpus: capitalised in
  the middle of a sentence in at least ``--min-df`` abstracts and written in lower case in at
  most a fifth as many ("Cityscapes", "Freebase"; not "Results", "Transformer" is both).

Deterministic: same corpora, same file. Takes a few minutes on one core.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from extract.names import types as T  # noqa: E402
from extract.names.candidates import (  # noqa: E402
    at_clause_start,
    find_candidates,
    fold,
    is_all_caps_sentence,
    long_key,
    mask,
)
from extract.stages import methods  # noqa: E402
from extract.text.markup import clean_view  # noqa: E402
from extract.text.sentences import sentences  # noqa: E402

_LOWER_COMPOUND = re.compile(r"(?<![\w-])[a-z]+(?:-[a-z]+)+(?![\w-])")
_CAP_COMPOUND = re.compile(r"[A-Z][a-z]+(?:-[A-Z][a-z]+)+")
_WORD = re.compile(r"(?<![\w-])[A-Za-z][a-z]+(?![\w-])")


def _spelling(counts: Counter[str]) -> str:
    """The most used spelling (ties: the last in sort order)."""
    return max(counts.items(), key=lambda kv: (kv[1], kv[0]))[0]


def abstracts(corpora: Path) -> list[str]:
    """Every distinct abstract of the corpora, in a fixed order."""
    seen: set[str] = set()
    out = []
    for folder in ("paperlists", "recent"):
        for f in sorted((corpora / folder).glob("*.json")):
            data = json.loads(f.read_text(encoding="utf-8"))
            for rec in data if isinstance(data, list) else []:
                text = (rec.get("abstract") or "").strip()
                key = " ".join(text.split()).lower()
                if len(text) > 50 and key not in seen:
                    seen.add(key)
                    out.append(text)
    return out


def main(argv: list[str] | None = None) -> int:
    """Run the script; returns the exit status."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpora", default=str(ROOT.parent / "shared" / "corpora"))
    ap.add_argument("--out", default=str(ROOT / "extract" / "data" / "name_stats.tsv"))
    ap.add_argument("--min-df", type=int, default=3)
    args = ap.parse_args(argv)
    texts = abstracts(Path(args.corpora))
    df: Counter[str] = Counter()
    prop: Counter[str] = Counter()
    spellings: dict[str, Counter[str]] = defaultdict(Counter)
    votes: dict[str, Counter[str]] = defaultdict(Counter)
    occurrences: Counter[str] = Counter()
    modifier: Counter[str] = Counter()
    cap_mid: Counter[str] = Counter()
    lower: Counter[str] = Counter()
    longs: Counter[str] = Counter()
    lower_compounds: Counter[str] = Counter()
    for n, abstract in enumerate(texts, 1):
        text = clean_view(abstract).text
        sents = sentences(text)
        keys: set[str] = set()
        doc_votes: set[tuple[str, str]] = set()
        doc_longs: set[str] = set()
        for c in find_candidates(text, sents, frozenset()):
            key = fold(c.short)
            if not key:
                continue
            if c.kind == "longform" and c.long:
                doc_longs.add(long_key(c.long))
            keys.add(key)
            spellings[key][c.short] += 1
            if c.kind not in ("longform", "acronym"):
                occurrences[key] += 1
                modifier[key] += T.modifier_use(text, c.end)
            for typ, _w in T.cue_votes(text, c.start, c.end):
                doc_votes.add((key, typ))
        for p in methods.find_proposed(text):
            key = fold(p.name)
            keys.add(key)
            spellings[key][p.name] += 1
            prop[key] += 1
        for key in keys:
            df[key] += 1
        for key, typ in doc_votes:
            votes[key][typ] += 1
        longs.update(doc_longs)
        lower_compounds.update({fold(m.group()) for m in _LOWER_COMPOUND.finditer(text)})
        masked = mask(text)
        caps, lows = set(), set()
        for s0, sent in sents:
            msent = masked[s0 : s0 + len(sent)]
            if is_all_caps_sentence(msent):
                continue
            for m in _WORD.finditer(msent):
                w = m.group()
                if w[0].isupper():
                    if not at_clause_start(msent, m.start()):
                        caps.add(w.lower())
                else:
                    lows.add(w)
        for w in caps:
            cap_mid[w] += 1
        for w in lows:
            lower[w] += 1
        if n % 5000 == 0:
            print(f"{n}/{len(texts)} abstracts", file=sys.stderr)
    out = Path(args.out)
    with out.open("w", encoding="utf-8") as f:
        f.write(
            f"# name statistics of {len(texts)} abstracts of ../shared/corpora, "
            "built by scripts/name_stats.py\n"
        )
        f.write(
            "# name\tkey\tspelling\tabstracts\tproposed\t"
            + "\t".join(T.TYPES)
            + "\toccurrences (not in an acronym definition)\tof them pre-modifiers\n"
        )
        f.write("# long\tfold key of a long form\tabstracts defining an acronym with it\n")
        f.write("# proper\tlower-cased proper noun\n")
        for key in sorted(df):
            if df[key] < args.min_df:
                continue
            spelling = _spelling(spellings[key])
            row = ["name", key, spelling, str(df[key]), str(prop[key])]
            row += [str(votes[key][t]) for t in T.TYPES]
            row += [str(occurrences[key]), str(modifier[key])]
            f.write("\t".join(row) + "\n")
        f.write("# lower\tfold key of a capitalised compound\tabstracts writing it in lower case\n")
        for key in sorted(df):
            if (
                lower_compounds[key] >= args.min_df
                and lower_compounds[key] >= df[key]
                and _CAP_COMPOUND.fullmatch(_spelling(spellings[key]))
            ):
                f.write(f"lower\t{key}\t{lower_compounds[key]}\n")
        for lf in sorted(longs):
            if longs[lf] >= args.min_df:
                f.write(f"long\t{lf}\t{longs[lf]}\n")
        for w in sorted(cap_mid):
            if cap_mid[w] >= args.min_df and lower[w] * 5 <= cap_mid[w]:
                f.write(f"proper\t{w}\n")
    print(f"{len(texts)} abstracts -> {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
