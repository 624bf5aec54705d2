"""The patterns of the results reader: numbers and units, cues around them, name contexts.

Every pattern is bounded and is applied once to a text or to a window of fixed size around a
number, so reading an abstract stays linear in its length. Word lists that are facts about
metrics and benchmarks live in ``extract/data/results_vocab.toml`` and ``units.toml``; these are
the shapes of the sentences that report results. Their word lists and cue phrases are data too:
``extract/data/results_cues.toml`` (read by :mod:`extract.results.cues`), one id per list.
"""

from __future__ import annotations

import re

from extract.results.cues import cue_lists

SP = r"[ \u00a0\u2009\u202f]"
# the word lists and cue phrases of the patterns below, by id (``data/results_cues.toml``)
C = cue_lists("results_cues.toml", SP=SP)
WIN = 160  # characters looked at before a group of numbers
TIME_UNITS = (
    "ms",
    "s",
    "sec",
    "second",
    "seconds",
    "minute",
    "minutes",
    "min",
    "hour",
    "hours",
    "h",
)

# --- numbers and units --------------------------------------------------------------------------
# "(?=[\d.])": a first-character test the regex engine skips ahead with (3x faster on abstracts)
NUMBER = re.compile(
    r"(?=[\d.])(?:(?:\d{1,3}(?:,\d{3})+|\d{1,9})(?:\.\d{1,9})?|(?<![\w.])\.\d{1,9})"
)
WORD_NUMBER = re.compile(rf"(?<![\w-])(?i:{C.word_number})(?=-?fold\b|\s+times\s|\s+as\s)")
WORD_VALUES = {
    "twice": 2,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}
PERCENT = re.compile(
    rf"{SP}?(?:%|％|percent\b|per{SP}cent\b)"
    rf"(?:{SP}?(?P<pts>(?i:percentage{SP}points?|pp\b|p\.p\.|points?\b|pts\b)))?"
)
POINTS = re.compile(
    rf"{SP}?(?i:percentage{SP}points?|absolute{SP}points?|pp\b|p\.p\.|points?\b|pts\b)"
    rf"(?!{SP}of\b)"
)
TIMES = re.compile(rf"(?:{SP}?(?:×|\\times)|[xX])(?![A-Za-z0-9])(?!{SP}?\\?\$?{SP}?\d)")
FOLD = re.compile(r"(?:-|\s)?fold\b(?![\s-]+cross)")
TIMES_WORD = re.compile(rf"{SP}times(?={SP}(?i:{C.times_word})\b)")
FOLD_CONTEXT = re.compile(rf"(?:{SP}|-)*(?:\w+{SP}+)?(?i:{C.fold_context})\b")
TIME_UNIT = re.compile(rf"{SP}?(?P<u>ms|seconds?|sec|minutes?|min|hours?)\b(?!-)")
OUT_OF = re.compile(rf"{SP}out{SP}of{SP}(?:\d{{1,6}}|(?i:{C.out_of}))\b")
SLASH_OF = re.compile(rf"/\d{{1,6}}(?={SP}[a-z])")

# --- numbers that are not results ---------------------------------------------------------------
DIM_BEFORE = re.compile(r"\d\s?(?:×|\\times|x|X|\*)\s?\$?\s?$")
CALL_BEFORE = re.compile(r"[A-Za-z]\((?:\d+,\s?)+$")
DIMENSION = re.compile(rf"{SP}?(?:×|\\times|[xX]|\*){SP}?\$?{SP}?\d")
# a compound or a magnitude glued to the number: 8-bit, 5-shot, 6-DoF, 3D, 100K, 2nd
GLUED_SUFFIX = re.compile(r"-[A-Za-z]|(?:d|D|th|st|nd|rd|k|K|M|B|T|px|GB|MB|TB)\b")
BEFORE_SKIP = re.compile(rf"(?i:\b(?:{C.before_skip})\s?(?:=|of|:)?\s?)$")
# a cheap test before SETUP_BEFORE, which is anchored at the end and so tried at every offset
SETUP_HINT = re.compile(rf"(?i:{C.setup_hint})")
LETTER = re.compile(r"[A-Za-z]")
QUAL_SIGN = re.compile(r"[~∼≈<>≥≤&$\\]")
STD_BEFORE = re.compile(r"(?:±|\\pm|\+/-|\+-)\s?$")
NOUN_AFTER = re.compile(rf"{SP}(?!(?i:{C.noun_after})\b)[A-Za-z][\w-]+")
MAGNITUDE = re.compile(rf"{SP}?(?i:thousand|million|billion|trillion)\b|[KMBT]\b")
SETUP_AFTER = re.compile(
    rf"{SP}?(?:of{SP}(?:{C.setup_after_1})?)?(?:(?:{C.setup_after_2}){SP}){{0,2}}(?i:"
    rf"{C.setup_after_3})\b|{SP}?of{SP}the{SP}time\b"
)
SETUP_BEFORE = re.compile(rf"(?i:(?:{C.setup_before_1})(?:\s+(?:{C.setup_before_2}))*\s*)$")

# --- cues around a number -----------------------------------------------------------------------
GAIN = C.gain
# "3.85% (absolute) increase": a bracketed absolute/relative before the words is read past
TAIL_GAIN = re.compile(
    rf"(?:{SP}|[-,])*(?:\((?i:absolute|relative|abs\.|rel\.)\){SP}*)?"
    rf"(?:[\w@.+-]{{1,20}}{SP}+){{0,3}}?(?i:{C.gain})\b(?!{SP}than{SP}\d)"
)
OR_MORE = re.compile(rf"{SP}*(?:,{SP}*)?or{SP}+(?:{C.or_more})\b")
HEAD_BY = re.compile(rf"(?i:{C.head_by_1})(?:\s+(?:{C.head_by_2}))*\s*$")
CHANGE_VERB = re.compile(rf"(?i:\b(?:{C.change_verb})\b)")
TO_SCORE = re.compile(rf"(?i:\b(?:{C.to_score_1})(?:\s+(?:{C.to_score_2}))*\s*)$")
HEAD_FROM = re.compile(r"(?i:\bfrom)\s*\(?\s*$")
HEAD_COMPARE = re.compile(
    rf"(?i:\b(?:{C.head_compare_1})(?:\s+\(?[\w.'’-]+){{0,6}}?\s*(?:{C.head_compare_2})?)\s*$"
)
HEAD_SCORE = re.compile(rf"(?i:(?:\b(?:{C.head_score_1})|=|:)(?:\s+(?:{C.head_score_2}))*\s*$)")
RESULT_VERB = re.compile(rf"(?i:\b(?:{C.result_verb})\w*)")
RELATIVE_OF = re.compile(
    rf"{SP}?of{SP}(?:{C.relative_of_1})?(?:[\w-]+{SP}){{0,2}}?(?i:{C.relative_of_2})\b"
)
PROPOSED = re.compile(rf"(?i:\b(?:{C.proposed}))\b")
COMPARED_BEFORE = re.compile(
    rf"(?i:\b(?:{C.compared_before_1})(?:\s+(?:{C.compared_before_2}))*\s*)$"
)
LIST_GLUE = re.compile(rf"(?:{SP}|[,;/&]|\band\b|\bor\b)*")
PER_ITEM_GLUE = re.compile(rf"{SP}(?i:for|in){SP}[^\s,;:()]{{1,16}}(?:{SP}?,)?{SP}(?:and{SP})?")
RANGE_GLUE = re.compile(rf"{SP}?[-–—~∼]{SP}?|{SP}to{SP}")
RESPECTIVELY = re.compile(r"(?i:\brespectively\b)")
JOINED = re.compile(rf"(?:{SP}*[\w@/-]+)?{SP}*(?:\({SP}*)?(?i:from|to)?{SP}*\(?{SP}*")
REDUCE_BY = re.compile(rf"(?i:\b(?:{C.reduce_by})\b)")
SCOPE = re.compile(
    rf"(?i:(?:{C.scope_1})[,:]?{SP}+)?(?i:{C.scope_2}){SP}+(?:(?i:the|both){SP}+)?(?:[\w-]+"
    rf"{SP}+){{0,2}}?"
)
# a verb changing a measure the vocabulary does not name: "and reduces off-target rates from"
NEW_MEASURE = re.compile(
    rf"(?i:\b(?:{C.new_measure_1})\w*)(?:\s+(?:{C.new_measure_2}))?(?:\s+(?!(?:"
    rf"{C.new_measure_3})\b)[a-z][\w-]*){{1,3}}\s+(?:from|by|to)\s*$"
)
SETTING_BREAK = re.compile(r";|,\s+(?:while|whereas|but)\b|\b(?:while|whereas)\b")
CORRELATIONS = ("correlation", "Spearman", "Pearson", "Kendall")
METRIC_LIST_SEP = re.compile(rf"{SP}?(?:{C.metric_list_sep}){SP}?(?:the{SP})?(?:[A-Za-z]+{SP})?")
# between a metric name and its value: "an F1 of 84.1", "F1 = 82.7", "accuracy reaches 72.4"
NEAR_SCORE = re.compile(rf"(?:{SP}|[=:(])*(?i:(?:{C.near_score}){SP}*|[=:(]{SP}*)*")
IN_UNKNOWN = re.compile(
    rf"{SP}(?:in|on){SP}(?:terms{SP}of{SP})?(?!(?:{C.in_unknown_1})\b)[a-z][a-z-]{{2,}}\b(?!"
    rf"{SP}(?:{C.in_unknown_2}))"
)
# between two results of one list-like clause: "on ProPara and", "against ETPA (...) and"
SAME_AGAIN = re.compile(
    rf"(?:[^;:]*?{SP})?(?:(?i:{C.same_again}){SP}+(?:the{SP}+)?[^;:]{{1,60}}?)?(?:,{SP}*)?("
    rf"?i:and|,){SP}*(?:(?i:by|of){SP}*)?"
)
SETTING = re.compile(rf"(?i:{C.setting})")

# --- benchmark names in the results' own context ------------------------------------------------
ON = re.compile(
    rf"{SP}?\)?(?:{SP}|,)*(?:(?i:on|in){SP}average,?{SP}+)?(?i:{C.on_1}){SP}+(?:(?i:"
    rf"{C.on_2}){SP}+){{0,4}}"
)
OURS = re.compile(rf"\b(?i:{C.ours_1}){SP}+(?:[\w’'-]+{SP}+){{0,3}}(?i:{C.ours_2})\b")
ON_AGAIN = re.compile(rf"[^\s,;:.()]{{1,12}}{SP}+(?i:on|in){SP}+(?:(?i:the){SP}+)?")
# "on 13 few-shot downstream tasks", "on several benchmarks": measured on something unnamed
UNNAMED = re.compile(rf"(?:{C.unnamed_1}){SP}+(?:[\w-]+{SP}+){{0,3}}?(?i:{C.unnamed_2})\b")
# words between a result and "on X": a metric or gain words, "40% fewer CL calls in SMAC"
TO_ON = re.compile(
    rf"(?:{SP}?\)?{SP}?(?!(?i:{C.to_on_1})\b)[A-Za-z@][\w@.+-]*){{0,4}}?(?={SP}?\)?(?:{SP}|,)"
    rf"*(?i:{C.to_on_2}){SP})"
)
ON_BEFORE = re.compile(rf"(?i:\b(?:{C.on_before_1}))(?:{SP}+(?i:{C.on_before_2})){{0,4}}{SP}+$")
# "on" before a name anywhere in a sentence reporting a result
ON_NAME = re.compile(
    rf"(?i:\b(?:{C.on_name_1}))(?:{SP}+(?i:{C.on_name_2})){{0,3}}{SP}+(?=[A-Za-z0-9])"
)
NAME_THEN_DATASET = re.compile(rf"{SP}(?i:{C.name_then_dataset})\b")
DATASETS_LIST = re.compile(
    rf"(?i:{C.datasets_list_1})[,:]?{SP}*\(?{SP}*(?i:{C.datasets_list_2})?,?{SP}*"
)
NAME_TOKEN = re.compile(r"[A-Za-z0-9][\w+'’.–-]*[\w+]|[A-Z0-9]")
NAME_LIST_SEP = re.compile(rf"{SP}?(?:\([^()]{{0,40}}\))?{SP}?(?:{C.name_list_sep})(?:the{SP})?")
BRACKETED_AFTER = re.compile(
    rf"((?:[A-Za-z0-9][\w+'’.-]*{SP}){{0,3}}[A-Za-z0-9][\w+'’.-]*){SP}?\($"
)
REPEAT = re.compile(rf"{SP}?\({SP}?")
ACRONYM_AFTER = re.compile(rf"{SP}?\(([A-Z][\w-]{{1,15}})\)")
DIMENSIONS_NAME = re.compile(r"\d+[x×]\d+(?:[x×]\d+)?")
