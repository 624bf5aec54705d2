"""What is named around the numbers: metric mentions, benchmark mentions and method mentions.

Benchmarks come from the benchmarks stage's rows and from the results' own context: a
name-shaped word after "on"/"in" in a sentence reporting a result, bracketed before a result or
listed after "datasets i.e." is a benchmark by construction.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Mapping, Sequence

from extract.names.candidates import before_glued_sentence
from extract.results.numbers import (
    Num,
)
from extract.results.patterns import (
    ACRONYM_AFTER,
    BRACKETED_AFTER,
    DATASETS_LIST,
    DIMENSIONS_NAME,
    NAME_LIST_SEP,
    NAME_THEN_DATASET,
    NAME_TOKEN,
    ON,
    ON_NAME,
    TO_ON,
)
from extract.results.vocab import (
    Vocab,
    benchmark_vocabulary,
    by_initials,
    canonical_metric,
    plausible_benchmark,
)
from extract.text.sentences import sentences

# --- mentions -----------------------------------------------------------------------------------


def metric_mentions(text: str, v: Vocab) -> list[tuple[int, int, str]]:
    """(start, end, canonical metric) of every metric named in ``text``."""
    out = []
    for m in v.alias_re.finditer(text):
        name = canonical_metric(m.group(0))
        if name:
            out.append((m.start(), m.end(), name))
    return out


def occurrences(text: str, names: Mapping[str, str]) -> list[tuple[int, int, str]]:
    """Every occurrence of the surface forms in ``names`` (surface -> canonical), in order.

    Whole words only ("X-based" counts as X); where two forms overlap, the longer wins. Plain
    string search: the few names of one paper are not worth compiling a pattern for.
    """
    found: list[tuple[int, int, str]] = []
    for surface in sorted(names, key=len, reverse=True):
        i = text.find(surface)
        while i != -1:
            end = i + len(surface)
            before = text[i - 1] if i else " "
            after = text[end : end + 2]
            ok_before = not (before.isalnum() or before in "_-")
            ok_after = (
                not after[:1]
                or not (after[0].isalnum() or after[0] == "_")
                and not (
                    after[0] == "-" and text[end + 1 : end + 6] != "based" and after[1:2].isalnum()
                )
            )
            if ok_before and ok_after and not any(s < end and i < e for s, e, _ in found):
                found.append((i, end, names[surface]))
            i = text.find(surface, i + 1)
    return sorted(found)


class Mentions:
    """What is named in the text, each list in order of position with its start offsets."""

    def __init__(self, metrics, benches, methods, proposed: str | None) -> None:
        self.metrics: list[tuple[int, int, str]] = metrics
        self.benches: list[tuple[int, int, str]] = benches
        self.methods: list[tuple[int, int, str]] = methods
        self.proposed = proposed
        self.mstarts = [m[0] for m in metrics]
        self.bstarts = [b[0] for b in benches]
        self.method_starts = [m[0] for m in methods]

    def methods_in(self, lo: int, hi: int) -> list[tuple[int, int, str]]:
        """Method mentions inside ``[lo, hi)``."""
        i = bisect.bisect_left(self.method_starts, lo)
        j = bisect.bisect_left(self.method_starts, hi)
        return [m for m in self.methods[i:j] if m[1] <= hi]


class _Names:
    """Recognises benchmark-shaped names in the context of results."""

    def __init__(
        self, text: str, v: Vocab, not_names: frozenset[str], metric_spans, canonical
    ) -> None:
        self.text = text
        self.v = v
        self.not_names = not_names
        self.metric_starts = {s for s, _, _ in metric_spans}
        self.canonical = canonical
        self.found: list[tuple[int, int, str]] = []

    def name_at(self, pos: int, loose: bool, listed: bool = False) -> tuple[int, int] | None:
        """A name starting at ``pos``: capitalised, mixed-case or digit-bearing words.

        ``loose``: a plain capitalised word counts ("on Recipes" right after a result); else a
        single word needs a capital inside or a digit ("MSRVTT", "bAbI", "LRS2"). ``listed``:
        the name follows a benchmark in a list or "datasets i.e.", which outweighs the methods
        stage calling it a method ("across KITTI and Waymo"); a model name still is none.
        """
        text, end, i, words = self.text, pos, pos, []
        while i < len(text) and len(words) < 6:
            m = NAME_TOKEN.match(text, i)
            if not m:
                break
            # "Litbank.We": a name glued to the next sentence ends at the stop
            tok = before_glued_sentence(m.group(0)).rstrip(".")
            if not tok or not (
                any(c.isupper() for c in tok)
                or any(c.isdigit() for c in tok)
                or (words and re.fullmatch(r"v\d+(?:\.\d)?", tok))
            ):
                break
            if tok in self.v.not_bench or (not words and tok[0].isdigit()):
                break  # a name does not start with a number ("2-bit", "68.8")
            if i in self.metric_starts or DIMENSIONS_NAME.fullmatch(tok):
                break
            words.append(tok)
            end = i + len(tok)
            if (
                text[end : end + 1] in (" ", "\u00a0")
                and end + 1 < len(text)
                and (
                    text[end + 1].isupper()
                    or (text[end + 1].isdigit() and words)
                    or re.match(r"v\d", text[end + 1 : end + 3])
                )
            ):
                i = end + 1
                continue
            break
        if not words:
            return None
        name = text[pos:end]
        if (name in self.not_names and not listed) or name.isdigit() or len(name) < 2:
            return None
        if self.v.model_re.match(name):
            return None
        if (
            len(words) == 1
            and not loose
            and not (any(c.isupper() for c in name[1:]) or any(c.isdigit() for c in name))
        ):
            return None
        return pos, end

    def add(self, span: tuple[int, int], taken: list[tuple[int, int]]) -> int:
        """Record the name at ``span``; "Lip Reading Sentences 2 (LRS2)" is named LRS2."""
        s, e = span
        name, end = self.text[s:e], e
        words = name.split()
        if len(words) > 1 and words[-1] in self.v.task_words and name not in self.canonical:
            e = s + len(" ".join(words[:-1]))  # "CoNLL 2003 NER benchmark": the data is CoNLL 2003
            name = self.text[s:e]
        acro = ACRONYM_AFTER.match(self.text, e)
        if acro and " " in name:
            name, end = acro.group(1), acro.end()
        if not any(s < te and ts < e for ts, te in taken):
            canon = self.canonical.get(name) or by_initials(name) or name
            self.found.append((s, e, canon))
            taken.append((s, e))
        return end

    def list_at(
        self, pos: int, loose: bool, taken: list[tuple[int, int]], listed: bool = False
    ) -> None:
        """Names from ``pos`` on, as a list: "A, B (b) and C"."""
        first = True
        while True:
            got = self.name_at(pos, loose or not first, listed or not first)  # "KITTI and Waymo"
            if not got:
                return
            first = False
            end = self.add(got, taken)
            sep = NAME_LIST_SEP.match(self.text, end)
            if not sep:
                return
            pos = sep.end()


def context_benchmarks(
    text: str,
    nums: list[Num],
    known: list[tuple[int, int, str]],
    v: Vocab,
    not_names: frozenset[str],
    metric_spans: list[tuple[int, int, str]],
    canonical: Mapping[str, str],
) -> list[tuple[int, int, str]]:
    """Names a result places as benchmarks ("72.4% on Foo", "Foo (+1.2%)", "On Foo, ...")."""
    names = _Names(text, v, not_names, metric_spans, canonical)
    taken = [(s, e) for s, e, _ in known] + [(s, e) for s, e, _ in metric_spans]
    for n in nums:
        pos = n.unit_end
        # skip a metric name and gain words: "3.8 AP gains for X on COCO", "40% fewer calls in X"
        m = TO_ON.match(text[pos : pos + 80])
        if m:
            pos += m.end()
        on = ON.match(text, pos)
        if on:
            names.list_at(on.end(), True, taken)
        # "FineGym (+17.9%)"
        before = text[max(0, n.start - 60) : n.start].rstrip()
        pm = BRACKETED_AFTER.search(before) if before.endswith("(") else None
        if pm:
            s = n.start - len(before) + pm.start(1)
            for w in pm.group(1).split():
                if any(c.isupper() for c in w) or any(c.isdigit() for c in w):
                    break
                s += len(w) + 1
            got = names.name_at(s, True)
            if got:
                names.add(got, taken)
    # sentence-wide: "On the SQuAD dataset, ...", "accuracy on VQA-CP v2 with a 7.55% gain",
    # "two datasets, i.e., WMT-5 and OPUS-100, ..."
    starts = [n.num for n in nums]
    for off, sent in sentences(text):
        if bisect.bisect_left(starts, off) == bisect.bisect_left(starts, off + len(sent)):
            continue
        for m in ON_NAME.finditer(sent):
            names.list_at(off + m.end(), False, taken)
        for m in DATASETS_LIST.finditer(sent):
            names.list_at(off + m.end(), False, taken, listed=True)
        for m in NAME_THEN_DATASET.finditer(sent):
            # "using Omniglot dataset": the word before "dataset"
            w = re.search(r"([A-Za-z0-9][\w+'’.-]*)$", sent[: m.start()])
            if w:
                got = names.name_at(off + w.start(1), False)
                if got and got[1] == off + m.start():
                    names.add(got, taken)
    return names.found


def benchmark_names(rows: Sequence[dict], text_view: str) -> dict[str, str]:
    """Surface form -> canonical name for this paper's benchmark rows.

    The spellings come from the rows' ``surface`` column ("WikiText2|WikiText-2") where the
    benchmarks stage gives one, and from the vocabulary's aliases found in the text.
    """
    names = {
        r["name"]: by_initials(r["name"]) or r["name"]
        for r in rows
        if r.get("name") and plausible_benchmark(r["name"])
    }
    if not names:
        return {}
    for r in rows:
        if r.get("name") in names:
            for surface in (r.get("surface") or "").split("|"):
                if surface.strip() and surface in text_view:
                    names.setdefault(surface, names[r["name"]])
    for surface, canon in benchmark_vocabulary().items():
        if canon in names and surface in text_view:
            names.setdefault(surface, canon)
    return names
