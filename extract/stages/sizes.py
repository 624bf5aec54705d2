"""Model sizes: parameter counts such as "454M", "~30B-sized", "175 billion parameters".

A number with a magnitude (``K``/``M``/``B``/``T`` or ``thousand``/``million``/``billion``/
``trillion``, also after a number word: "two million parameters") is a parameter count when

* a parameter word follows it ("85M parameters", "25M-parameter", "6K parameters"; after
  "trainable", "additional" and the like it counts what a method trains or adds, role
  ``trainable``: "0.1M trainable parameters"), or comes right before it ("parameter scales of
  130M, 370M and 3B", "model size (114.2M vs. 880.6M)", "fewer parameters (~0.11M)");
* a model noun follows within three words ("a 454M model"), unless that noun starts a compound
  that is something else ("4.8k model cards", "3.6K reward dataset", "LLM-based evaluations");
* it is part of a model name ("Llama-3-8B", "Qwen2.5-32B-Instruct", "LLaMA 7B"), follows a
  model name in parentheses ("T5-Small (60M)", "LLaMA-2 (7B and 70B)") or comes right before a
  name the corpus knows as a model ("250M Flan-T5");
* or it is a bare billions figure ("models of 7B and 70B").

A mixture of experts written experts x size ("Mixtral-8x7B", "Mixtral 8x7B", "8x22B") counts its
published total where ``units.toml``'s ``moe_totals`` knows it (46.7B for 8x7B), else experts x
size.

Thousands (``K``) need a parameter word: a model noun alone is mostly a count ("2K models",
"12k CAD models", "its 14k version"). ``T`` needs a parameter or model noun ("7T fMRI",
"Three Towers (3T)"), and nothing over 20 trillion is a model. A hyphenated name with an ``M``
size part is a data set ("MS-Celeb-1M", "Sports-1M", "MIT-10M", "Panda-70M") unless the names
stage's vocabulary priors or corpus statistics know its name or family as a model ("OPT-125M")
or a model noun follows; one with a ``B`` part is a model unless they or a data noun next to it
say it is a data set ("LAION-2B", "SA-1B", "dataset DFN-2B", "X-1B, a billion-frame robotic
grasping dataset"). Names inside URLs are skipped. It is not one when a data, context, compute
or money noun decides first ("655B tokens", "128K context", "token scale: 2.1B-3.9B", "1.7
million votes") or a ``$`` precedes it. A list shares the verdict of the next decided member
after it ("2B and 8B parameters"), or of a cue before its first member; bare numbers listed
before a size take its magnitude ("7, 13 and 70B", "7-13B").

Written oddly: a number set as LaTeX math is read as a plain one ("LLaMA2-$7$B", "$65$ billion
parameters"; the span keeps the dollar signs), a sentence glued to a model name after its full
stop ends the name ("Mistral-7B.Our findings"), and a size-shaped acronym of the words before
it is no size anywhere in the abstract ("two-bounce (2B) NLOS imaging ... 2B lidar").

Vocabulary lives in ``data/units.toml`` (section ``[sizes]``), the word lists of the cue and
data-name patterns in ``data/sizes_cues.toml`` (ids per list). Every pattern is a bounded
regex applied once to the abstract or to a short window, so time is linear in the length of
the text.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, replace
from functools import lru_cache

from extract.datafiles import DATA_DIR
from extract.records import PaperText
from extract.size_roles import (  # noqa: F401  (SizeMatch and distinct_sizes: the stage's API)
    C,
    SizeMatch,
    assign_roles,
    distinct_sizes,
)
from extract.text.markup import View

TABLE = "model_sizes"
DATA_FILES: tuple[str, ...] = (
    "units.toml",
    "name_stats.tsv",
    "name_types.toml",
    "methods_vocab.toml",
    "benchmarks_vocab.toml",
    "sizes_cues.toml",
)

# the word lists of the cue and data-name patterns, by id: ``C`` (``data/sizes_cues.toml``, read
# once, by :mod:`extract.size_roles`)
_SP = "[ \u00a0\u2009\u202f]"  # space, no-break space, thin space, narrow no-break space
_NUM = r"(?:\d{1,3}(?:,\d{3}){1,4}|\d{1,7})(?:\.\d{1,6})?"
_WINDOW = 48  # characters looked at after a size for the deciding noun
_BACK = 60  # characters looked at before a size for a cue or a model name
_NEXT_WORD = re.compile(r"[*_\s\u00a0\u2009\u202f-]{0,4}([A-Za-z][A-Za-z+]{0,24})")
_DECIDING_WORDS = 3
_MAX_PARAMS = 2e13  # no model has more than 20 trillion parameters ("2014T" is a year)
_MIN_VOTES = 3  # corpus votes for a name to count as a known model


@dataclass
class _Candidate:
    start: int
    end: int
    num_start: int
    params: float
    letter: str  # magnitude as written: "B", "m", "billion", ...
    verdict: str | None  # "yes", "no" or None (undecided)
    how: str = ""  # "param", "after", "cue" or "name": what decided the verdict
    model: str | None = None
    counted: bool = False  # a method's trainable or added parameters ("0.1M trainable parameters")


@lru_cache(maxsize=1)
def _vocab() -> dict:
    with open(DATA_DIR / "units.toml", "rb") as f:
        return tomllib.load(f)["sizes"]


def _initials(words) -> str:
    """The first letters of ``words`` in both cases, sorted: a character class for a
    first-character look-ahead.
    """
    return "".join(sorted({c for w in words for c in (w[0].lower(), w[0].upper())}))


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern]:
    v = _vocab()
    words = "|".join(k for k in v["magnitudes"] if len(k) > 1)
    word_initials = _initials(k for k in v["magnitudes"] if len(k) > 1)
    params = "|".join(sorted(v["param_words"], key=len, reverse=True))
    suffixes = "|".join(sorted(v["size_suffixes"], key=len, reverse=True))
    numwords = "|".join(sorted(v["number_words"], key=len, reverse=True))
    initials = _initials(v["number_words"])
    return {
        # What every size and every size in a model name has: a digit and a magnitude letter,
        # or a magnitude word. An abstract without it (most) is skipped after one search (the
        # first-character look-ahead lets the engine skip ahead: twice as fast a scan).
        "any": re.compile(
            rf"(?=[\d{word_initials}])(?:\d{_SP}?[KMBTkmbt](?![A-Za-z0-9])|(?i:{words}))"
        ),
        # A size: optional "~", the number, a magnitude (a letter after a space only before a
        # parameter word), an optional "-parameter"/"-sized".
        # A hyphen may precede the number only as the second end of a range ("4M-234M").
        "size": re.compile(
            rf"(?=[~∼≈\d]|\b[{initials}])"  # a quick first-character test, for speed
            rf"(?P<approx>[~∼≈]{_SP}?)?"
            rf"(?:(?<![\w.,\-^\\{{$])|(?<=\d[KMBkmb]-)|(?<=\d[KMBkmb]–)|(?<=\d-)|(?<=\d–))"
            rf"(?:(?P<num>{_NUM})|\b(?P<numw>(?i:{numwords}))(?=(?:{_SP}|-)(?i:{words})\b))"
            rf"(?:(?P<letter>[KMBTkmbt])(?![A-Za-z0-9])|(?:{_SP}|-)(?P<word>(?i:{words}))\b"
            # a spaced letter only before a parameter word: "7.8 M parameters"
            rf"|{_SP}(?P<spaced>[KMBTkmbt])(?=(?:{_SP}|-)(?i:{params})\b))"
            rf"(?P<suffix>(?:{_SP}|-)(?i:(?P<param>{params})|{suffixes})\b)?",
        ),
        # A hyphenated model name with a size component: "Llama-3-8B", "Qwen2.5-32B-Instruct".
        "name": re.compile(r"(?<![\w.\-])[A-Za-z][\w.]{0,30}(?:-[\w.]{1,30}){1,6}"),
        # "8B", "125M"; a mixture of experts: "8x7B" (experts x size, :func:`_size_part`)
        "component": re.compile(r"(?:(?P<experts>\d{1,2})[x×])?(\d{1,4}(?:\.\d{1,3})?)([BbMm])\Z"),
        # a mixture of experts' size on its own: "Mixtral 8x7B", "8x22b"
        "experts": re.compile(r"(?<![\w.\-])(\d{1,2})[x×](\d{1,4}(?:\.\d{1,3})?)([Bb])(?![\w\-])"),
        # A name before a spaced size: "LLaMA 7B", "Llama 2 70B", "Llama 3.1 8B".
        # Also "Llama 3-70B", "LLaMA 2-7B": a version, a hyphen, the size.
        "prev_name": re.compile(
            rf"(?<![\w.\-])(?P<name>[A-Z][\w.\-]{{0,30}}[A-Za-z0-9])"
            rf"(?:{_SP}(?P<ver>\d{{1,2}}(?:\.\d)?))?(?P<sep>{_SP}|(?<=\d)-)\Z"
        ),
        # A name before a size in parentheses, maybe after other listed sizes:
        # "T5-Small (60M)", "LLaMA-2 (7B and 70B)".
        "paren_name": re.compile(
            r"(?<![\w.\-])(?P<name>[A-Za-z][\w.\-]{0,40}[A-Za-z0-9](?:\s\d{1,2}(?:\.\d)?)?)\s?\(\s?"
            r"(?:[~≈]?\s?\d{1,4}(?:\.\d{1,3})?\s?[KMBkmb]?\s{0,2}(?:,|/|and|or|to|-|–)\s{0,2})*"
            r"[~≈]?\s?\Z"
        ),
        # A name right after a size: "250M Flan-T5", "175B InstructGPT", "11B+ T5XXL".
        "next_name": re.compile(r"\+?\s(?P<name>[A-Z][\w.\-]{0,40}[A-Za-z0-9])"),
        # A cue right before a size: "parameter scales of", "model size (", "token scale:".
        "cue": re.compile(
            r"(?P<before>[A-Za-z]+\s)?(?P<cue>[A-Za-z]+)"
            rf"(?:\s|[:(~≈∼]|\b(?:{C.cue_glue})\b){{1,6}}\Z"
        ),
        # Bare numbers listed before a size take its magnitude: "7, 13 and 70B", "7-13B".
        "bare_list": re.compile(
            r"(?<![\w.\-])(?P<nums>\d{1,4}(?:\.\d{1,3})?(?:\s?(?:,|/|-|–)\s?(?:and\s|or\s)?"
            r"\d{1,4}(?:\.\d{1,3})?)*)(?:\s?(?:,|/|-|–|to|and|or|,\s?and|,\s?or)\s?)\Z"
        ),
        "name_before": re.compile(r"[A-Z][\w.\-]{0,30}\s\Z"),
        "list_gap": re.compile(
            r"\s{0,3}(?:,|/|-|–|to|and|or|vs\.?|versus|,\s{0,3}and|,\s{0,3}or)?\s{0,3}\Z"
        ),
        "url_word": re.compile(r"\S*\Z"),
    }


def _verdict_after(text: str, end: int, v: dict) -> tuple[str | None, str]:
    """Decide from the words right after a size: a parameter or model noun, or another noun.

    Returns the verdict and what decided it: ``"param"`` (a parameter word), ``"count"`` (a
    parameter word right after a method-count word: "0.1M trainable parameters"), else ``""``.
    """
    params, models, others = set(v["param_words"]), set(v["model_nouns"]), set(v["not_params"])
    stops, compounds = set(v["list_stops"]), set(v["not_model_compounds"])
    window = text[end : end + _WINDOW]
    pos, first = 0, ""
    for k in range(_DECIDING_WORDS):
        m = _NEXT_WORD.match(window, pos)
        if not m:
            return None, ""
        word = m.group(1).lower()
        if word in params:
            return "yes", "count" if k == 1 and first in v["method_count_words"] else "param"
        if word in models:
            nxt = _NEXT_WORD.match(window, m.end())
            if nxt and (nxt.group(1).lower() in others or nxt.group(1).lower() in compounds):
                return "no", ""  # "model cards", "LLM responses", "LLM-based evaluations"
            return "yes", ""
        if word in others:
            return "no", ""
        if word in stops:
            return None, ""
        pos, first = m.end(), first or word
    return None, ""


def _parse(num: str, v: dict) -> float:
    words = v["number_words"]
    return float(words[num.lower()]) if num.lower() in words else float(num.replace(",", ""))


def _size_part(experts: str | None, num: str, letter: str, v: dict) -> float:
    """The parameter count of a size part: ``num`` times the magnitude ``letter``; with
    ``experts`` ("8" of "8x7B") a mixture of experts: its published total where
    ``units.toml``'s ``moe_totals`` knows it (Mixtral 8x7B: 46.7B, as the experts share their
    attention layers), else experts x size."""
    size = _parse(num, v) * _magnitude(letter, v)
    if not experts:
        return size
    known = v.get("moe_totals", {}).get(f"{experts}x{num}{letter.upper()}")
    return float(known) if known else int(experts) * size


def _magnitude(letter: str, v: dict) -> float:
    mags = v["magnitudes"]
    return mags[letter.upper()] if len(letter) == 1 else mags[letter.lower()]


_DATA_NOUNS = f"(?:{C.data_noun})"
_DATA_AFTER = re.compile(
    # "MS-Celeb-1M datasets", "MIT-10M, a large-scale parallel corpus", "X-1M (a dataset of",
    # "Y-1B, a billion-frame robotic grasping dataset", "Z-3M, which contains ...".
    rf"\)?\s?{_DATA_NOUNS}\b"
    rf"|[\s,(]{{1,3}}(?:(?:is|are|was)\s)?(?:a|an|the|our)\s(?:[\w-]+\s){{0,4}}?"
    rf"(?:{_DATA_NOUNS}|dataset|resource)\b"
    rf"|[\s,]{{1,3}}(?:(?:which|that)\s)?(?:{C.data_contents})\b",
    re.I,
)
# A data noun right before the name: "dataset DFN-2B", "datasets, viz. Sports-1M".
_DATA_BEFORE = re.compile(
    rf"\b(?:{C.data_noun_before})[\s,:]{{0,3}}(?:{C.data_list_cue})?\s{{0,2}}\Z",
    re.I,
)


def _lean(*names: str) -> tuple[str | None, bool]:
    """How the vocabularies or the corpus use a name: "model", "data" or None, and how clearly.

    The first of ``names`` with a clear lean in the names stage's priors or ``name_stats.tsv``
    decides (and True); else a lean of fewer votes of the first name itself (and False), never
    of its family ("FLAN" is also a data collection, "FLAN-MoE-32B" a model).
    """
    from extract.names import priors, stats
    from extract.names.candidates import fold

    weak = None  # a lean of fewer votes, used when no name has a clear one
    for name in names:
        key = fold(name)
        prior = priors().types.get(key)
        if prior in ("method", "dataset"):
            return ("model" if prior == "method" else "data"), True
        ns = stats().names.get(key)
        if ns is None:
            continue
        method, dataset = ns.votes.get("method", 0), ns.votes.get("dataset", 0)
        if method >= _MIN_VOTES and method >= 2 * dataset:
            return "model", True
        if dataset >= _MIN_VOTES and dataset >= 2 * method:
            return "data", True
        if name == names[0] and method != dataset:
            weak = "model" if method > dataset else "data"
    return weak, False


def _known_model(name: str) -> bool:
    """True when ``name`` (or its family, the part before a hyphen) is known as a model."""
    return _lean(name, name.split("-")[0]) == ("model", True)


def _names_data(
    token: str, base: str, letter: str, text: str, start: int, end: int, v: dict
) -> bool:
    """True when a name with a size part names a data set, not a model.

    ``base`` is the name before the size part ("MS-Celeb" of "MS-Celeb-1M"). A data noun or an
    apposition naming a data set right after it decides; else how the name, the base and its
    family are known (vocabulary priors, corpus statistics); else the magnitude: an ``M`` name
    is a data set unless a model noun follows, a ``B`` name is a model.
    """
    if _DATA_AFTER.match(text, end) or _DATA_BEFORE.search(text, max(0, start - 40), start):
        return True
    lean, clear = _lean(token, base, base.split("-")[0])
    if letter in "Mm":
        return not (lean == "model" and clear) and _verdict_after(text, end, v)[0] != "yes"
    return lean == "data"


def _in_url(text: str, start: int, pat: dict) -> bool:
    word = pat["url_word"].search(text, max(0, start - 80), start).group(0)
    return "://" in word or "www." in word or "\\url" in word


_GLUED_SENTENCE = re.compile(r"\.(?=[A-Z][a-z])")


def _name_models(text: str, v: dict, pat: dict) -> tuple[list[SizeMatch], list[tuple[int, int]]]:
    """Sizes that are part of a hyphenated model name, and the spans of all such names."""
    found: list[SizeMatch] = []
    taken: list[tuple[int, int]] = []
    for m in pat["name"].finditer(text):
        # a sentence glued to the name ends it: "Mistral-7B.Our findings"
        token = _GLUED_SENTENCE.split(m.group(0), maxsplit=1)[0].rstrip(".")
        offset = m.start()
        for part in re.finditer(r"[^-]+", token):
            c = pat["component"].match(part.group(0))
            if not c or part.start() == 0:
                continue
            taken.append((m.start(), m.start() + len(token)))
            base = token[: part.start() - 1]
            if _in_url(text, m.start(), pat) or _names_data(
                token, base, c.group(3), text, m.start(), m.start() + len(token), v
            ):
                break
            params = _size_part(c.group("experts"), c.group(2), c.group(3), v)
            if params <= 0:
                break  # "X-0B" is a version or a label, not a size
            found.append(
                SizeMatch(offset + part.start(), offset + part.end(), part.group(0), params, token)
            )
            break
    return found, taken


def _cue(text: str, start: int, v: dict, pat: dict) -> str | None:
    """A parameter cue ("yes") or a data/context cue ("no") right before a size, else None."""
    m = pat["cue"].search(text, max(0, start - _BACK), start)
    if not m:
        return None
    cue, before = m.group("cue").lower(), (m.group("before") or "").strip().lower()
    if cue in v["param_words"] or (cue in v["size_cues"] and before in v["size_cue_heads"]):
        return "yes"
    if cue in v["size_cues"] and before in v["not_params"]:
        return "no"  # "token scale: 2.1B-3.9B"
    if cue in v["not_params"]:
        return "no"
    return None


def _name_before(text: str, at: int, v: dict, pat: dict) -> tuple[str, str] | None:
    """The capitalised name right before a spaced size at ``at`` ("LLaMA 7B", "Llama 2 70B",
    "Llama 3-70B"): (the name, the model name's start up to the size: "Llama 2 ", "Llama 3-"),
    or None when there is none or it is a word that names nothing ("The 7B model")."""
    prev = pat["prev_name"].search(text, max(0, at - _BACK), at)
    if not prev or prev.group("name").lower() in v["not_names"]:
        return None
    name = prev.group("name") + (f" {prev.group('ver')}" if prev.group("ver") else "")
    return prev.group("name"), name + ("-" if prev.group("sep") == "-" else " ")


def _candidate(m: re.Match, text: str, v: dict, pat: dict) -> _Candidate | None:
    letter = m.group("letter") or m.group("word") or m.group("spaced")
    num = m.group("num") or m.group("numw")
    num_start = m.start("num") if m.group("num") else m.start("numw")
    params = _parse(num, v) * _magnitude(letter, v)
    if not 0 < params <= _MAX_PARAMS or _in_url(text, num_start, pat):
        return None  # "0B" is no size
    start = m.start() if m.group("approx") else num_start
    cand = _Candidate(start, m.end(), num_start, params, letter, None)
    big = letter in v["bare_ok"] or params >= 1e9
    if text[max(0, num_start - 1) : num_start] == "$":
        cand.verdict, cand.how = "no", "after"  # money
        return cand
    if m.group("param"):
        cand.verdict, cand.how = "yes", "param"
        return cand
    thousands = _magnitude(letter, v) < 1e6
    verdict, decided_by = _verdict_after(text, m.end(), v)
    by_param = decided_by in ("param", "count")
    if verdict == "yes" and thousands and not by_param:
        verdict = None  # "2K self-supervised models", "its 14k version"
    if verdict is None and m.group("suffix") and m.group("letter"):
        verdict = "yes"  # "an 278M-sized xCOMET-lite metric", "7B-scale": 17 of 17 in the corpus
    if verdict:
        cand.verdict, cand.how = verdict, "param" if by_param else "after"
        cand.counted = decided_by == "count"
    else:
        cue = _cue(text, cand.start, v, pat)
        if cue:
            cand.verdict, cand.how = cue, "cue"
    if cand.verdict == "no":
        return cand
    # A model name next to the size; before an M size only a name known as a model and a
    # whole number ("GPT-2 124M", "Pythia 160M"; not "Human 3.6M", "MNIST 8M", a version:
    # "LLaVa 1.5M"), before a lower-case b only a known model ("Mistral 7b"; not "Sutton 2021b").
    written = m.group("letter")
    if written in ("B", "T", "M", "b") and m.group("num"):
        before = _name_before(text, num_start, v, pat)
        if before and (
                written in ("B", "T")
                or (("." not in num or written == "b") and _known_model(before[0]))):
            cand.model = f"{before[1]}{num}{letter}"
            cand.verdict, cand.how = cand.verdict or "yes", cand.how or "name"
            return cand
    if thousands or letter.upper() in ("T", "TRILLION"):
        return cand  # "Three Towers (3T)"
    paren = pat["paren_name"].search(text, max(0, cand.start - _BACK), cand.start)
    if paren and _model_name_ok(paren.group("name"), v):
        if big or _known_model(paren.group("name")):
            cand.model = paren.group("name")
            cand.verdict, cand.how = cand.verdict or "yes", cand.how or "name"
            return cand
    nxt = pat["next_name"].match(text, m.end())
    if nxt and _model_name_ok(nxt.group("name"), v):
        name = re.sub(r"-based\Z", "", nxt.group("name"))  # "13B LLaMA-2-based PerSE"
        digit = re.search(r"\d", name)
        plural = re.search(r"[A-Z0-9]s\Z", name)  # "3M ODEs", "8 GPUs"
        shaped = big and digit and re.search(r"[A-Z].*[A-Z]", name)
        noun = _NEXT_WORD.match(text, nxt.end())
        after = noun.group(1) if noun else ""
        model_after = after.lower() in v["model_nouns"]
        # "one million LLaVA-1.5 agents": a plural noun after the name makes the number a count
        count = after.islower() and after.endswith("s") and not model_after
        ok = shaped or (_known_model(name) and (big or digit or model_after))
        if ok and not plural and not count:
            cand.model = name
            cand.verdict, cand.how = cand.verdict or "yes", cand.how or "name"
    return cand


def _model_name_ok(name: str, v: dict) -> bool:
    """True when ``name`` looks like a model name: a capital or a digit, not a common noun."""
    low = name.lower()
    if not re.search(r"[A-Z0-9]", name):
        return False  # "model scales (1B / 7B / 13B)"
    return low not in v["not_names"] and low not in v["model_nouns"] and low not in v["not_params"]


# A number set as LaTeX math: "LLaMA2-$7$B", "up to $65$ billion parameters".
_MATH_NUMBER = re.compile(r"\$(\d{1,7}(?:[.,]\d{1,6})?)\$")


def _math_numbers(text: str) -> View | None:
    """``text`` with the dollar signs around bare numbers taken out, or None when it has none.

    The view maps back to the original offsets. Other dollar signs stay: "$5M" is money.
    """
    if "$" not in text:
        return None
    parts: list[str] = []
    offsets: list[int] = []
    pos = 0
    for m in _MATH_NUMBER.finditer(text):
        parts.append(text[pos : m.start()] + m.group(1))
        offsets.extend(range(pos, m.start()))
        offsets.append(m.start())  # a span from the number starts at its "$"
        offsets.extend(range(m.start(1) + 1, m.end(1)))
        pos = m.end()
    if not parts:
        return None
    parts.append(text[pos:])
    offsets.extend(range(pos, len(text)))
    return View("".join(parts), tuple(offsets))


def find_sizes(text: str) -> list[SizeMatch]:
    """Every parameter count in ``text``, in order of position.

    Numbers set as LaTeX math ("$7$B") are read as plain ones; offsets and spans are the
    original's.
    """
    view = _math_numbers(text)
    if view is None:
        return _find_sizes(text)
    out = []
    for s in _find_sizes(view.text):
        start, end = view.span(s.start, s.end)
        out.append(replace(s, start=start, end=end, text=text[start:end]))
    return out


_ACRONYM_SIZE = re.compile(r"\((\d[KMBTkmbt])\)")


def _acronym_sizes(text: str, v: dict) -> frozenset[str]:
    """Size-shaped tokens the text defines as the acronym of the words before them.

    "two-bounce (2B)" (a number word and a word whose initials spell it) is no parameter
    count, nor is any later "2B" of that abstract.
    """
    out = set()
    for m in _ACRONYM_SIZE.finditer(text):
        token = m.group(1)
        words = re.findall(r"[A-Za-z]+", text[max(0, m.start() - 40) : m.start()])[-2:]
        if len(words) < 2:
            continue
        first = v["number_words"].get(words[0].lower())
        if first is not None and f"{first:g}{words[1][0]}".lower() == token.lower():
            out.add(token)
    return frozenset(out)


def _find_sizes(text: str) -> list[SizeMatch]:
    v = _vocab()
    pat = _patterns()
    if not pat["any"].search(text):
        return []
    found, taken = _name_models(text, v, pat)
    taken.sort()

    cands: list[_Candidate] = []
    t_i = 0
    for m in pat["size"].finditer(text):
        n0 = m.start("num") if m.group("num") else m.start("numw")
        while t_i < len(taken) and taken[t_i][1] <= n0:
            t_i += 1
        if t_i < len(taken) and taken[t_i][0] <= n0 < taken[t_i][1]:
            continue
        cand = _candidate(m, text, v, pat)
        if cand is not None:
            cands.append(cand)

    # A list shares the verdict of the next decided member after it ("2B and 8B parameters"),
    # or the cue before its first member ("parameter scales of 130M, 370M, and 3B").
    i = 0
    while i < len(cands):
        j = i
        while j + 1 < len(cands) and pat["list_gap"].match(text, cands[j].end, cands[j + 1].start):
            j += 1
        group = cands[i : j + 1]
        head_cue = group[0].verdict if group[0].how == "cue" else None
        for k, c in enumerate(group):
            verdict = c.verdict
            if verdict is None:
                later = (d for d in group[k + 1 :] if d.verdict and d.how in ("param", "after"))
                verdict = next((d.verdict for d in later), head_cue)
            if verdict is None and (c.letter in v["bare_ok"]):
                verdict = "yes"
            if verdict == "yes" and _magnitude(c.letter, v) < 1e6 and c.how != "param":
                shared_param = any(d.how == "param" for d in group) or head_cue == "yes"
                verdict = "yes" if shared_param else None
            if verdict == "yes":
                found.append(SizeMatch(c.start, c.end, text[c.start : c.end], c.params, c.model,
                                       "trainable" if c.counted else "own"))
                if k == 0:
                    found.extend(_bare_list(text, c, v, pat))
        i = j + 1
    for m in pat["experts"].finditer(text):  # "Mixtral 8x7B" (hyphenated names: above)
        if not any(a <= m.start() < b for a, b in taken) and not _in_url(text, m.start(), pat):
            before = _name_before(text, m.start(), v, pat)
            found.append(SizeMatch(m.start(), m.end(), m.group(0),
                                   _size_part(m.group(1), m.group(2), m.group(3), v),
                                   f"{before[1]}{m.group(0)}" if before else None))
    if found and "(" in text and (acronyms := _acronym_sizes(text, v)):
        found = [s for s in found if s.text not in acronyms]
    found.sort(key=lambda s: (s.start, s.end))
    return assign_roles(text, found)


def _bare_list(text: str, c: _Candidate, v: dict, pat: dict) -> list[SizeMatch]:
    """Bare numbers listed right before a size, with its magnitude: "7, 13 and 70B"."""
    if len(c.letter) != 1 or c.start != c.num_start:
        return []
    m = pat["bare_list"].search(text, max(0, c.start - 40), c.start)
    if not m or pat["name_before"].search(text, max(0, m.start() - 40), m.start()):
        return []  # "Llama 3-70B" is a version, not a list
    mag = _magnitude(c.letter, v)
    out = []
    for n in re.finditer(r"\d{1,4}(?:\.\d{1,3})?", m.group("nums")):
        params = float(n.group(0)) * mag
        if params <= 0 or params >= c.params:
            return []  # not an ascending list of sizes: "top-5 and 7B", "2024, 7B"
        s = m.start("nums") + n.start()
        out.append(SizeMatch(s, s + len(n.group(0)), n.group(0), params, None))
    return out


def size_rows(paper_id: str, matches: list[SizeMatch]) -> list[dict]:
    """Rows of the ``model_sizes`` table for one paper: one per mention."""
    return [
        {
            "paper_id": paper_id,
            "text": s.text,
            "params": s.params,
            "model": s.model,
            "start": s.start,
            "end": s.end,
            "role": s.role,
            "confidence": s.confidence,
        }
        for s in matches
    ]


def extract_rows(paper: PaperText) -> list[dict]:
    """Parameter counts in the abstract of ``paper``."""
    return size_rows(paper.paper_id, find_sizes(paper.abstract))
