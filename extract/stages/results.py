r"""Results: what scored how much on which benchmark ("X achieves 72.4% accuracy on GSM8K").

Every number of the abstract that reports an outcome becomes a row linking it to the benchmark
it was measured on, the metric, the method that achieved it and the kind of figure it is:

* ``score``: a value of a metric ("72.4% accuracy", "an F1 of 84.1", "F1 = 82.7", "1.24
  bits/char", "52.8 on PTB"; both ends of "reduces WER from 10.2 to 8.1");
* ``delta``: a difference ("outperforms Y by 3.1 points", "+2.2% mIoU", "a 36% reduction in
  memory", "improves accuracy by 1.2%");
* ``relative``: a ratio ("2x faster", "16x memory saving", "retains 85% of the gain");
* ``other``: a count of successes ("solving 20/20 tasks", "9 out of 12").

How a sentence is read. Numbers are found with their unit (``%``, ``points``, ``x``, a time
unit or none), the qualifier before them ("up to", "over", "about": ``data/units.toml``) and
their sign. Numbers glued to a name or notation ("GPT-4", "Top-1", "ResNet-50", "H100", "7B",
"F(6, 3)", "{-1,+1}"), dimensions ("128x128"), years, enumerations ("1)"), counts ("11
languages"), section numbers and setup figures ("10% of the training data", "only 0.4% tunable
parameters", "5-shot", "8-bit") are skipped. The numbers of a sentence are grouped into lists
("72.4% and 81.3%"), ranges ("2-3x") and bracketed additions ("72.4% (+1.2%)"); a group gets

* a kind from its unit ("x": relative), sign ("+1.2": delta) and the words around it ("by 3.1",
  "a 36% reduction", "improvements of 4.0 points", "outperforms X by a large margin, i.e., 5%");
* a metric: the one named right after it ("77% accuracy", "4.0 accuracy points"), else the
  list of metrics named before it spread over its numbers ("an F1 of", "METEOR/CIDEr of
  25.2/98.6"), else that of the previous group, else a later one in the sentence, else what a
  comparative implies ("2x faster": speedup), else the benchmark's usual metric ("52.8 on PTB":
  perplexity, ``[defaults]`` of the vocabulary);
* a benchmark: the one right after it ("on GSM8K", a list "on A and B" spread over a list of
  numbers), the one it is bracketed after ("FineGym (+17.9%)"), a list aligned by
  "respectively", else the nearest one introduced by "on"/"in" in the sentence;
* a method: the subject of the sentence, a name or "we"/"our" (then the method the paper
  proposes, from the methods stage); a score after "from", "than", "compared to" or "vs" is the
  baseline's, named there when a name is.

Benchmarks come from the benchmarks stage (its rows, every occurrence of their names and of
their vocabulary aliases) and from the results' own context: a name-shaped word ("MSRVTT",
"COCO-stuff", "Penn Treebank") after "on"/"in" in a sentence reporting a result, bracketed
before a result or listed after "datasets i.e.", is a benchmark by construction; a name the
methods stage knows as an existing method or model, or a metric name, is not. Metric names,
directions, comparatives, default metrics and words that are not benchmarks are data:
``data/results_vocab.toml``.

A row's span covers the qualifier, sign, number and unit ("up to 5x", "+2.2%"), so its text
always contains the value as written. Work is linear in the length of the abstract: every
pattern is applied once or on a bounded window around a number.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from extract.datafiles import load_toml
from extract.records import PaperText
from extract.text.markup import View, clean_view
from extract.text.phrases import alternation
from extract.text.sentences import sentences

TABLE = "results"
VERSION = "4"
DATA_FILES: tuple[str, ...] = ("results_vocab.toml", "units.toml")

KINDS = ("score", "delta", "relative", "other")
MAX_NUMBERS_PER_SENTENCE = 60  # more is a table or a dump pasted into the abstract, not prose

_SP = r"[ \u00a0\u2009\u202f]"
_WIN = 160  # characters looked at before a group of numbers
_TIME_UNITS = (
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
_NUMBER = re.compile(r"(?:\d{1,3}(?:,\d{3})+|\d{1,9})(?:\.\d{1,9})?|(?<![\w.])\.\d{1,9}")
_WORD_NUMBER = re.compile(
    r"(?<![\w-])(?i:twice|two|three|four|five|six|seven|eight|nine|ten)"
    r"(?=-?fold\b|\s+times\s|\s+as\s)"
)
_WORD_VALUES = {
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
_PERCENT = re.compile(
    rf"{_SP}?(?:%|％|percent\b|per{_SP}cent\b)"
    rf"(?:{_SP}?(?P<pts>(?i:percentage{_SP}points?|pp\b|p\.p\.|points?\b|pts\b)))?"
)
_POINTS = re.compile(
    rf"{_SP}?(?i:percentage{_SP}points?|absolute{_SP}points?|pp\b|p\.p\.|points?\b|pts\b)"
    rf"(?!{_SP}of\b)"
)
_TIMES = re.compile(rf"(?:{_SP}?(?:×|\\times)|[xX])(?![A-Za-z0-9])(?!{_SP}?\\?\$?{_SP}?\d)")
_FOLD = re.compile(r"(?:-|\s)?fold\b(?![\s-]+cross)")
_TIMES_WORD = re.compile(
    rf"{_SP}times(?={_SP}(?i:faster|slower|more|fewer|less|higher|lower|smaller|larger|better|"
    rf"cheaper|greater|as|speedup|speed-up|the|reduction|improvement|compression)\b)"
)
_FOLD_CONTEXT = re.compile(
    rf"(?:{_SP}|-)*(?:\w+{_SP}+)?(?i:faster|slower|more|fewer|less|higher|lower|smaller|larger|"
    rf"better|cheaper|greater|as|improvements?|increases?|reductions?|speedups?|speed-ups?|"
    rf"gains?|acceleration|compression|boost|savings?|decrease)\b"
)
_TIME_UNIT = re.compile(rf"{_SP}?(?P<u>ms|seconds?|sec|minutes?|min|hours?)\b(?!-)")
_OUT_OF = re.compile(
    rf"{_SP}out{_SP}of{_SP}(?:\d{{1,6}}|(?i:two|three|four|five|six|seven|eight|nine|ten|twelve|twenty))\b"
)
_SLASH_OF = re.compile(rf"/\d{{1,6}}(?={_SP}[a-z])")

# --- numbers that are not results ---------------------------------------------------------------
_DIM_BEFORE = re.compile(r"\d\s?(?:×|\\times|x|X|\*)\s?\$?\s?$")
_CALL_BEFORE = re.compile(r"[A-Za-z]\((?:\d+,\s?)+$")
_DIMENSION = re.compile(rf"{_SP}?(?:×|\\times|[xX]|\*){_SP}?\$?{_SP}?\d")
# a compound or a magnitude glued to the number: 8-bit, 5-shot, 6-DoF, 3D, 100K, 2nd
_GLUED_SUFFIX = re.compile(r"-[A-Za-z]|(?:d|D|th|st|nd|rd|k|K|M|B|T|px|GB|MB|TB)\b")
_BEFORE_SKIP = re.compile(
    r"(?i:\b(?:section|sec\.|table|tab\.|figure|fig\.|eq\.|equation|step|stage|level|phase|"
    r"version|task|class|layer|epoch|round|iteration|chapter|part|top|rank|k|n|m|seed|lambda|"
    r"alpha|beta|gamma|epsilon|temperature|batch size|learning rate|window|length)"
    r"\s?(?:=|of|:)?\s?)$"
)
# a cheap test before _SETUP_BEFORE, which is anchored at the end and so tried at every offset
_SETUP_HINT = re.compile(
    r"(?i:=|sparsity|density|ratio|budget|threshold|dropout|mask|set to|when|if|random|sampl|"
    r"keep|prun|remov|corrupt|noise|train|tun|with|using|containing|at|under)"
)
_LETTER = re.compile(r"[A-Za-z]")
_QUAL_SIGN = re.compile(r"[~∼≈<>≥≤&$\\]")
_STD_BEFORE = re.compile(r"(?:±|\\pm|\+/-|\+-)\s?$")
_NOUN_AFTER = re.compile(
    rf"{_SP}(?!(?i:on|in|and|or|vs|versus|compared|while|with|for|at|across|over|than|to|which|"
    rf"when|from|against|respectively|average|overall|by|of|points?|relative|absolute|higher|"
    rf"lower|better|more|less|fewer|improvement|gain|gains|increase|reduction|faster|slower)\b)"
    rf"[A-Za-z][\w-]+"
)
_MAGNITUDE = re.compile(rf"{_SP}?(?i:thousand|million|billion|trillion)\b|[KMBT]\b")
_SETUP_AFTER = re.compile(
    rf"{_SP}?(?:of{_SP}(?:the{_SP}|all{_SP}|total{_SP}|its{_SP}|their{_SP}|our{_SP}|each{_SP})?)?"
    rf"(?:(?:original|full|whole|entire|available|labeled|labelled|annotated|unlabeled|"
    rf"unlabelled|training|tunable|trainable|learnable|model|total|remaining|additional|extra|"
    rf"pre-training|pretraining|clean|noisy|bilingual|parallel|synthetic|real|seed|target|"
    rf"source|test|downstream|in-domain|out-of-domain|possible|input|the){_SP}){{0,2}}"
    rf"(?i:data|dataset|datasets|parameters|params|weights|labels|annotations|samples|examples|"
    rf"demonstrations|comparisons|tokens|instances|images|sentences|queries|documents|corpus|"
    rf"connections|neurons|layers|heads|channels|vocabulary|budget|sparsity|density)\b|"
    rf"{_SP}?of{_SP}the{_SP}time\b"
)
_SETUP_BEFORE = re.compile(
    r"(?i:(?:=|\bsparsity|\bdensity|\bratio|\bbudget|\bthreshold|\bdropout|\bmasking|\bset to|"
    r"\bwhen|\bif|\brandom(?:ly)?|\bsampl(?:e|ed|ing)|\bkeep(?:ing)?|\bprun(?:e|ed|ing)|"
    r"\bremov(?:e|ed|ing)|\bmask(?:ed)?|\bcorrupt(?:ed|ing)?|\bnoise|"
    r"\btrain(?:ed|ing)? (?:on|with)|"
    r"\bfine-?tun(?:e|ed|ing) (?:on|with)|\bwith only|\busing only|\busing|\bcontaining|"
    r"(?:^|[,.;(]\s*|\s)(?:at|under)(?:\s+(?:a|an|the))?)"
    r"(?:\s+(?:as\s+few\s+as|as\s+little\s+as|about|around|up\s+to|less\s+than|more\s+than|only|"
    r"just|merely|a|an|the))*\s*)$"
)

# --- cues around a number -----------------------------------------------------------------------
_GAIN = (
    r"improvements?|gains?|increases?|increased|boosts?|reductions?|drops?|decreases?|decline|"
    r"higher|lower|better|worse|more|fewer|less|lesser|smaller|shallower|faster|slower|cheaper|"
    r"savings?|absolute|relative|relatively|margin|lift|advantage|speedups?|speed-ups?|"
    r"enhancement|jump|lead"
)
_TAIL_GAIN = re.compile(
    rf"(?:{_SP}|[-,])*(?:[\w@.+-]{{1,20}}{_SP}+){{0,3}}?(?i:{_GAIN})\b(?!{_SP}than{_SP}\d)"
)
_OR_MORE = re.compile(
    rf"{_SP}*(?:,{_SP}*)?or{_SP}+(?:less|more|lower|higher|better|fewer|greater|above|below)\b"
)
_HEAD_BY = re.compile(
    r"(?i:\bby|\badditional|\bextra|\b(?:gains?|improvements?|increases?|reductions?|margins?|boosts?|drops?|"
    r"decreases?|degradation|lead|gap|advantage|enhancement)(?:\s+of|\s*\(|\s+by)?)"
    r"(?:\s+(?:a|an|the|large|significant|substantial|considerable|average|absolute|relative|"
    r"relatively|margin|of|around|about|approximately|roughly|nearly|almost|over|up|to|more|"
    r"than|at|least|most|further|another|additional|extra|i\.e\.,?|e\.g\.,?|averagely))*\s*$"
)
_CHANGE_VERB = re.compile(
    r"(?i:\b(?:outperform\w*|surpass\w*|exceed\w*|beat\w*|improv\w*|boost\w*|increas\w*|reduc\w*|"
    r"decreas\w*|lower\w*|rais\w*|gain\w*|advanc\w*|sav(?:e|es|ed|ing)|cut\w*|enhanc\w*|"
    r"accelerat\w*|speed\w*\s+up|lift\w*|bring\w*|brought)\b)"
)
_TO_SCORE = re.compile(
    r"(?i:\b(?:to|reach\w*|achiev\w*|obtain\w*|attain\w*|scor\w*|of|at|=|:|is|are|was|were|"
    r"yield\w*|record\w*|lifting\s+\w+(?:\s+\w+){0,3}\s+to)"
    r"(?:\s+(?:a|an|the|new|state-of-the-art|SOTA|best|top|average|overall|mean|only|just|"
    r"around|about|approximately|nearly|almost|high|competitive|remarkable|impressive))*\s*)$"
)
_HEAD_FROM = re.compile(r"(?i:\bfrom)\s*\(?\s*$")
_HEAD_COMPARE = re.compile(
    r"(?i:\b(?:than|vs\.?|versus|compared\s+(?:to|with)|relative\s+to|against)"
    r"(?:\s+\(?[\w.'’-]+){0,6}?\s*(?:'s|’s|of|with|at|\(|:)?)\s*$"
)
_HEAD_SCORE = re.compile(
    r"(?i:(?:\b(?:achiev\w*|obtain\w*|attain\w*|reach\w*|scor\w*|yield\w*|get|gets|getting|"
    r"records?|establish\w*|sets?|report\w*|deliver\w*|to|of|at|is|are|was|were|remains?|"
    r"drops?\s+to|falls?\s+to)|=|:)"
    r"(?:\s+(?:a|an|the|new|state-of-the-art|SOTA|best|top|average|overall|mean|score|scores|of|"
    r"around|about|approximately|up|to|over|only|just|nearly|almost|high|competitive|remarkable|"
    r"impressive))*\s*$)"
)
_RESULT_VERB = re.compile(
    r"(?i:\b(?:achiev|obtain|attain|reach|outperform|surpass|improv|boost|increas|reduc|decreas|"
    r"lower|rais|exceed|beat|gain|yield|scor|advanc|lift|sav|accelerat|speed|cut|drop|perform|"
    r"match|retain|recover|establish|deliver|bring|result|enhanc|prefer|detect|solv)\w*)"
)
_RELATIVE_OF = re.compile(
    rf"{_SP}?of{_SP}(?:the{_SP}|its{_SP}|their{_SP}|a{_SP})?(?:[\w-]+{_SP}){{0,2}}?"
    rf"(?i:performance|gain|gains|quality|accuracy|achievable|perplexity|training{_SP}cost|cost|"
    rf"compute|computation|FLOPs|memory|speed|latency|improvement|score|capabilit\w+)\b"
)
_PROPOSED = re.compile(
    r"(?i:\b(?:we|our|ours|the proposed|this (?:method|approach|model|framework|system)))\b"
)
_COMPARED_BEFORE = re.compile(
    r"(?i:\b(?:than|over|outperform\w*|surpass\w*|beat\w*|exceed\w*|vs\.?|versus|against|"
    r"compared\s+(?:to|with)|relative\s+to|of|from|such\s+as|like|including|e\.g\.,?|i\.e\.,?|"
    r"by|on|to|and|or|improves?|improving)(?:\s+(?:the|a|an|strong|previous|prior|existing|"
    r"recent|baseline|state-of-the-art|SOTA|powerful|popular|original|vanilla|standard|other|"
    r"several|many|all|competing|leading))*\s*)$"
)
_LIST_GLUE = re.compile(rf"(?:{_SP}|[,;/&]|\band\b|\bor\b)*")
_PER_ITEM_GLUE = re.compile(
    rf"{_SP}(?i:for|in){_SP}[^\s,;:()]{{1,16}}(?:{_SP}?,)?{_SP}(?:and{_SP})?"
)
_RANGE_GLUE = re.compile(rf"{_SP}?[-–—~∼]{_SP}?|{_SP}to{_SP}")
_RESPECTIVELY = re.compile(r"(?i:\brespectively\b)")
_JOINED = re.compile(rf"(?:{_SP}*[\w@/-]+)?{_SP}*(?:\({_SP}*)?(?i:from|to)?{_SP}*\(?{_SP}*")
_REDUCE_BY = re.compile(r"(?i:\b(?:reduc\w*|sav(?:e|es|ed|ing)|cut\w*|decreas\w*|lower\w*)\b)")
_SCOPE = re.compile(
    rf"(?i:(?:specifically|particularly|notably|for instance|for example|in particular|"
    rf"moreover|furthermore|finally|first|second|third|also)[,:]?{_SP}+)?"
    rf"(?i:on|in|for|across){_SP}+(?:(?i:the|both){_SP}+)?(?:[\w-]+{_SP}+){{0,2}}?"
)
# a verb changing a measure the vocabulary does not name: "and reduces off-target rates from"
_NEW_MEASURE = re.compile(
    r"(?i:\b(?:reduc|increas|decreas|lower|rais|improv|boost|cut|sav|enhanc)\w*)"
    r"(?:\s+(?:the|its|their|our))?(?:\s+(?!(?:performance|results?|scores?|by|from|to)\b)"
    r"[a-z][\w-]*){1,3}\s+(?:from|by|to)\s*$"
)
_SETTING_BREAK = re.compile(r";|,\s+(?:while|whereas|but)\b|\b(?:while|whereas)\b")
_CORRELATIONS = ("correlation", "Spearman", "Pearson", "Kendall")
_METRIC_LIST_SEP = re.compile(
    rf"{_SP}?(?:,|/|&|and|,{_SP}and){_SP}?(?:the{_SP})?(?:[A-Za-z]+{_SP})?"
)
# between a metric name and its value: "an F1 of 84.1", "F1 = 82.7", "accuracy reaches 72.4"
_NEAR_SCORE = re.compile(
    rf"(?:{_SP}|[=:(])*(?i:(?:scores?|values?|rates?|results?|of|is|was|are|were|at|to|reaches|"
    rf"reaching|reached|achieves?|achieving|obtains?|from|by|around|about|approximately|nearly|"
    rf"almost|over|only|just|up|a|an|the|new|best|high|record|top){_SP}*|[=:(]{_SP}*)*"
)
_IN_UNKNOWN = re.compile(
    rf"{_SP}(?:in|on){_SP}(?:terms{_SP}of{_SP})?(?!(?:the|a|an|average|most|all|each|both|"
    rf"several|many|some|our|their|its|this|these|addition|total|comparison|practice|"
    rf"general|particular)\b)[a-z][a-z-]{{2,}}\b(?!{_SP}(?:dataset|benchmark|set|split|task))"
)
# between two results of one list-like clause: "on ProPara and", "against ETPA (...) and"
_SAME_AGAIN = re.compile(
    rf"(?:[^;:]*?{_SP})?(?:(?i:on|in|for|and|against|over|than){_SP}+(?:the{_SP}+)?[^;:]{{1,60}}?)?"
    rf"(?:,{_SP}*)?(?i:and|,){_SP}*(?:(?i:by|of){_SP}*)?"
)
_SETTING = re.compile(
    r"(?i:\b(?:zero|one|few|\d{1,3})[- ]shot\b|\bfine-?tun(?:ed|ing)\b|\blinear[- ]prob(?:e|ing)\b|"
    r"\btest[- ](?:dev|std|clean|other)\b|"
    r"\b(?:test|dev|development|validation|val)\s+(?:set|split)\b|"
    r"\bval20\d\d\b|\btest20\d\d\b|\bsingle[- ]model\b|\bensemble\b|\bsemi-supervised\b|"
    r"\bunsupervised\b|\bin-domain\b|\bout-of-domain\b)"
)

# --- benchmark names in the results' own context ------------------------------------------------
_ON = re.compile(
    rf"{_SP}?\)?(?:{_SP}|,)*(?:(?i:on|in){_SP}average,?{_SP}+)?(?i:on|in|over|across|for|at){_SP}+(?:(?i:the|a|an|both|all|two|three|four|"
    rf"five|several|popular|challenging|standard|widely[- ](?:used|accepted)|public|"
    rf"publicly{_SP}available|large-scale|real-world|well-known|competitive|famous|recent|"
    rf"recently{_SP}proposed|benchmark|dataset|datasets|benchmarks|our|their|its|this|these|new|"
    rf"proposed|original|full|official|held-out|hidden){_SP}+){{0,4}}"
)
_OURS = re.compile(
    rf"\b(?i:our|this|the{_SP}proposed|the{_SP}new){_SP}+(?:[\w’'-]+{_SP}+){{0,3}}"
    rf"(?i:dataset|benchmark|corpus|test{_SP}set)\b"
)
_ON_AGAIN = re.compile(rf"[^\s,;:.()]{{1,12}}{_SP}+(?i:on|in){_SP}+(?:(?i:the){_SP}+)?")
# "on 13 few-shot downstream tasks", "on several benchmarks": measured on something unnamed
_UNNAMED = re.compile(
    rf"(?:\d+|several|multiple|various|many|all|other|most|both|each|average){_SP}+"
    rf"(?:[\w-]+{_SP}+){{0,3}}?(?i:tasks?|datasets?|benchmarks?|languages?|domains?|settings?|"
    rf"categories|splits?|environments?|games?|problems?)\b"
)
# words between a result and "on X": a metric or gain words, "40% fewer CL calls in SMAC"
_TO_ON = re.compile(
    rf"(?:{_SP}?\)?{_SP}?(?!(?i:while|when|and|or|but|than|compared|by|with|using|which|that|"
    rf"for|on|in|over|across|at|to)\b)[A-Za-z@][\w@.+-]*){{0,4}}?(?={_SP}?\)?(?:{_SP}|,)*"
    rf"(?i:on|in|over|across|at|for){_SP})"
)
_ON_BEFORE = re.compile(
    rf"(?i:\b(?:on|in|over|across|for|using))(?:{_SP}+(?i:the|a|an|both|all|popular|challenging|"
    rf"standard|widely[- ](?:used|accepted)|public|large-scale|real-world|well-known|famous|new|"
    rf"recently{_SP}proposed|competitive|benchmark|dataset|our|their|this|proposed)){{0,4}}{_SP}+$"
)
# "on" before a name anywhere in a sentence reporting a result
_ON_NAME = re.compile(
    rf"(?i:\b(?:on|in|over|across))(?:{_SP}+(?i:the|a|an|both|popular|challenging|standard|"
    rf"widely[- ](?:used|accepted)|public|large-scale|real-world|well-known|famous|new|"
    rf"recently{_SP}proposed|competitive)){{0,3}}{_SP}+(?=[A-Za-z0-9])"
)
_NAME_THEN_DATASET = re.compile(
    rf"{_SP}(?i:dataset|benchmark|corpus|test{_SP}set|datasets|benchmarks)\b"
)
_DATASETS_LIST = re.compile(
    rf"(?i:datasets?|data{_SP}sets?|benchmarks?|corpora|test{_SP}sets?)[,:]?{_SP}*\(?{_SP}*"
    rf"(?i:i\.e\.|e\.g\.|such{_SP}as|including|namely|like)?,?{_SP}*"
)
_NAME_TOKEN = re.compile(r"[A-Za-z0-9][\w+'’.–-]*[\w+]|[A-Z0-9]")
_NAME_LIST_SEP = re.compile(
    rf"{_SP}?(?:\([^()]{{0,40}}\))?{_SP}?(?:,{_SP}?(?:and{_SP}|or{_SP})?|{_SP}and{_SP}|{_SP}or{_SP}|"
    rf"{_SP}?/{_SP}?|{_SP}?&{_SP}?)(?:the{_SP})?"
)
_BRACKETED_AFTER = re.compile(
    rf"((?:[A-Za-z0-9][\w+'’.-]*{_SP}){{0,3}}[A-Za-z0-9][\w+'’.-]*){_SP}?\($"
)
_REPEAT = re.compile(rf"{_SP}?\({_SP}?")
_ACRONYM_AFTER = re.compile(rf"{_SP}?\(([A-Z][\w-]{{1,15}})\)")
_DIMENSIONS_NAME = re.compile(r"\d+[x×]\d+(?:[x×]\d+)?")


@dataclass
class _Num:
    start: int  # span start (qualifier and sign included)
    num: int  # the digits
    end: int
    unit_end: int  # span end
    value: float
    unit: str | None
    qualifier: str | None = None
    signed: bool = False
    paren: bool = False  # bracketed after another number: "72.4% (+1.2%)"
    kind: str | None = None
    metric: str | None = None
    metric_sure: bool = False  # named next to the number, not guessed
    benchmark: str | None = None
    bench_sure: bool = False
    method: str | None = None
    setting: str | None = None
    unnamed: bool = False  # measured "on 13 tasks": on something the abstract does not name
    own: bool = False  # measured "on our dataset": on the benchmark the paper introduces


class _Group:
    """Numbers read together: a list, a range or a value with bracketed additions."""

    def __init__(self, first: _Num) -> None:
        self.slots: list[list[_Num]] = [[first]]  # per list item: its numbers
        self.nums: list[_Num] = [first]
        self.start = first.start
        self.end = first.unit_end

    def add(self, n: _Num, new_slot: bool) -> None:
        """Add ``n`` to the last list item, or as a new item."""
        if new_slot:
            self.slots.append([n])
        else:
            self.slots[-1].append(n)
        self.nums.append(n)
        self.end = max(self.end, n.unit_end)


@dataclass(frozen=True)
class ResultMatch:
    """A reported result found in a text (offsets into that text)."""

    start: int
    end: int
    value: float
    unit: str | None
    kind: str
    metric: str | None
    direction: str | None
    qualifier: str | None
    setting: str | None
    benchmark: str | None
    method: str | None
    confidence: float


# --- vocabulary ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Vocab:
    alias_re: re.Pattern[str]
    lookup: dict[str, str]  # alias (lower-cased unless an acronym) -> canonical metric
    direction: dict[str, str | None]
    percent: frozenset[str]
    efficiency: frozenset[str]
    comparatives: dict[str, str]
    defaults: dict[str, str]
    not_bench: frozenset[str]
    qualifier_re: re.Pattern[str]
    qualifiers: list[str]
    model_re: re.Pattern[str]  # names of model families: never a benchmark
    task_words: frozenset[str]  # a task after a data set's name: "CoNLL 2003 NER"


def _is_acronym(word: str) -> bool:
    return len(word) <= 5 and sum(ch.isupper() for ch in word) >= 2


@lru_cache(maxsize=1)
def _vocab() -> _Vocab:
    data = load_toml("results_vocab.toml")
    units = load_toml("units.toml")["metrics"]
    lookup: dict[str, str] = {}
    direction: dict[str, str | None] = {}
    percent, efficiency = set(), set()
    for m in data["metric"]:
        direction[m["name"]] = m.get("direction")
        if m.get("percent"):
            percent.add(m["name"])
        if m.get("efficiency"):
            efficiency.add(m["name"])
        for a in (m["name"], *m["aliases"]):
            lookup[a if _is_acronym(a) else a.lower()] = m["name"]
    ci = [a for a in lookup if not _is_acronym(a)]
    cs = [a for a in lookup if _is_acronym(a)]
    alias_re = re.compile(
        rf"(?<![\w@-])(?:(?i:top-\d{{1,2}}{_SP}(?:accuracy|acc|error|recall))|(?i:{alternation(ci)})|"
        rf"{alternation(cs)})(?:@\d{{1,3}})?(?![\w@+]|-(?=\w))"
    )
    quals = units["qualifiers"]
    q_alt = "|".join(f"(?P<q{i}>{alternation(v)})" for i, v in enumerate(quals.values()))
    qualifier_re = re.compile(
        rf"(?<![A-Za-z])(?i:{q_alt})(?:[\s\u00a0\u2009\u202f(]|\\sim|\\approx|~){{0,3}}$"
    )
    return _Vocab(
        alias_re,
        lookup,
        direction,
        frozenset(percent),
        frozenset(efficiency),
        dict(data.get("comparatives", {})),
        dict(data.get("defaults", {})),
        frozenset(data.get("not_benchmarks", {}).get("words", [])),
        qualifier_re,
        list(quals),
        re.compile(
            rf"(?:{alternation(data['not_benchmarks']['model_families'])})"
            r"(?:[-\s.]?v?\d[\w.]*)?(?:[-\s/]?(?i:base|large|small|tiny|mini|XL|XXL|instruct|chat|"
            r"\d+(?:\.\d+)?[BMK]))*\Z"
        ),
        frozenset(data.get("not_benchmarks", {}).get("task_words", [])),
    )


def canonical_metric(phrase: str) -> str | None:
    """The canonical metric named by ``phrase`` ("F1-score" -> "F1", "HR@1" -> "Hits@1")."""
    v = _vocab()
    m = re.fullmatch(r"(?i:top-(\d{1,2})[ \u00a0](accuracy|acc|error|recall))", phrase.strip())
    if m:
        k, what = m.group(1), m.group(2).lower()
        if what in ("accuracy", "acc"):
            return "accuracy" if k == "1" else f"top-{k} accuracy"
        return "error rate" if what == "error" else f"recall@{k}"
    cut = re.search(r"@\d{1,3}$", phrase)
    name = v.lookup.get(phrase) or v.lookup.get(phrase.lower())
    if name is None and cut:
        base = phrase[: cut.start()]
        name = v.lookup.get(base) or v.lookup.get(base.lower())
    if name is None:
        return None
    if cut and "@" not in name:
        return name + cut.group(0)
    return name


def metric_direction(metric: str | None) -> str | None:
    """``higher`` or ``lower`` (is better) for a canonical metric; None when it is not known."""
    if metric is None:
        return None
    v = _vocab()
    if metric in v.direction:
        return v.direction[metric]
    base = re.sub(r"@\d+$", "", metric)
    if re.fullmatch(r"top-\d+ accuracy", base):
        base = "accuracy"
    return v.direction.get(base)


def metric_is_percent(metric: str | None) -> bool:
    """True for metrics usually written on a 0-100 scale (accuracy, F1, ...)."""
    if metric is None:
        return False
    v = _vocab()
    base = re.sub(r"@\d+$", "", metric)
    return metric in v.percent or base in v.percent or base.endswith(" accuracy")


def default_metric(benchmark: str) -> str | None:
    """The metric ``benchmark`` is usually reported in (``[defaults]``), or None."""
    v = _vocab()
    if benchmark in v.defaults:
        return v.defaults[benchmark]
    for key, metric in v.defaults.items():
        if benchmark.startswith(key) and not benchmark[len(key) : len(key) + 1].isalpha():
            return metric
    return None


# --- numbers ------------------------------------------------------------------------------------


def _unit_at(text: str, end: int) -> tuple[str | None, int]:
    for pat, unit in (
        (_PERCENT, "%"),
        (_POINTS, "points"),
        (_TIMES, "x"),
        (_FOLD, "x"),
        (_TIMES_WORD, "x"),
        (_OUT_OF, "count"),
        (_TIME_UNIT, "time"),
    ):
        m = pat.match(text, end)
        if m:
            if unit == "%" and m.group("pts"):
                return "points", m.end()
            if unit == "time":
                return m.group("u"), m.end()
            return unit, m.end()
    return None, end


def _glued(text: str, start: int, end: int) -> bool:
    """True for digits inside a name or notation: GPT-4, Top-1, H100, x^2, [12], F(6, 3), {1}."""
    if start == 0:
        return False
    prev = text[start - 1]
    if prev.isalpha() or prev in "_@^#'’\\":
        return True
    if prev == "/":
        return start < 2 or text[start - 2] not in "%)"  # "25.2%/98.6%" is a list
    if prev in "-‑" and start >= 2 and (text[start - 2].isalpha() or text[start - 2] in "_'’"):
        return True
    if prev in "[{" or "{" in text[max(0, start - 4) : start] or "}" in text[end : end + 3]:
        return True
    if prev == "(" and start >= 2 and text[start - 2].isalpha():
        return True  # F(6, 3)
    if "(" in text[max(0, start - 6) : start] and _CALL_BEFORE.search(
        text[max(0, start - 12) : start]
    ):
        return True  # the 3 of F(6, 3)
    back = text[max(0, start - 10) : start]
    return any(c in back for c in "×xX*") and bool(_DIM_BEFORE.search(back))  # the 128 of 128x128


def _find_numbers(text: str, v: _Vocab) -> list[_Num]:
    """Candidate result numbers of ``text`` with unit, sign and qualifier (not yet judged)."""
    found: list[_Num] = []
    spans = [(m.start(), m.end(), m.group(0)) for m in _NUMBER.finditer(text)]
    spans += [(m.start(), m.end(), m.group(0)) for m in _WORD_NUMBER.finditer(text)]
    spans.sort()
    for start, end, raw in spans:
        if raw[0].isalpha():
            value = float(_WORD_VALUES[raw.lower()])
            unit, unit_end = _unit_at(text, end)
            unit, unit_end = "x", (unit_end if unit == "x" else end)
            if not _FOLD_CONTEXT.match(text, unit_end) and not re.search(
                r"(?i:\b(?:by|a|an|about|nearly|almost|over|than)\s*)$",
                text[max(0, start - 12) : start],
            ):
                continue  # "the contribution is two-fold"
        else:
            if start and text[start - 1] in ".," and start >= 2 and text[start - 2].isdigit():
                continue  # the tail of 1.2.3
            if text.startswith(".", end) and end + 1 < len(text) and text[end + 1].isdigit():
                continue  # a version: 1.2.3
            if _glued(text, start, end):
                continue
            value = float(raw.replace(",", ""))
            unit, unit_end = _unit_at(text, end)
            if unit is None:
                if end < len(text) and (text[end].isalpha() or text[end] in "^_"):
                    continue  # 7B, 3D, 2nd, 2^12
                if (
                    _GLUED_SUFFIX.match(text, end)
                    or _DIMENSION.match(text, end)
                    or _MAGNITUDE.match(text, end)
                ):
                    continue  # 8-bit, 5-shot, 100K, 128x128, 1.2 trillion
                if text.startswith("/", end) and end + 1 < len(text) and text[end + 1].isdigit():
                    m = _SLASH_OF.match(text, end)
                    if not m:
                        continue  # 1/4
                    unit, unit_end = "count", m.end()  # "solving 20/20 tasks"
                elif "." not in raw and "," not in raw and 1950 <= value <= 2039:
                    continue  # a year
                elif text.startswith(")", end) and "." not in raw and value < 20:
                    continue  # an enumeration: "1) ..."
            elif unit == "x" and _DIMENSION.match(text, end):
                continue
        before = text[max(0, start - 40) : start]
        if ("±" in before[-6:] or "pm" in before[-6:] or "+" in before[-6:]) and _STD_BEFORE.search(
            before
        ):
            continue  # the spread of 85.3 ± 0.4
        wordy = _LETTER.search(before) is not None
        if unit is None and wordy and _BEFORE_SKIP.search(before):
            continue  # Table 2, top-k = 5, epsilon = 0.1
        s, signed = start, False
        if s and text[s - 1] in "+-−–" and (s == 1 or text[s - 2] in " \u00a0(:,[/~"):
            s, signed = s - 1, True
            if text[s] != "+":
                value = -value
        q = (
            v.qualifier_re.search(text, max(0, s - 30), s)
            if wordy or _QUAL_SIGN.search(before)
            else None
        )
        if (
            q
            and q.group(0).strip() in ("~", "∼")
            and q.start()
            and (text[q.start() - 1].isdigit() or text[q.start() - 1] == "%")
        ):
            q = None  # "0.2%~0.7%": a range
        qual = None
        if q:
            qual = v.qualifiers[next(i for i, g in enumerate(q.groups()) if g is not None)]
            s = q.start()
        found.append(_Num(s, start, end, unit_end, value, unit, qual, signed))
    return found


# --- mentions -----------------------------------------------------------------------------------


def _metric_mentions(text: str, v: _Vocab) -> list[tuple[int, int, str]]:
    out = []
    for m in v.alias_re.finditer(text):
        name = canonical_metric(m.group(0))
        if name:
            out.append((m.start(), m.end(), name))
    return out


def _occurrences(text: str, names: Mapping[str, str]) -> list[tuple[int, int, str]]:
    """Every occurrence of the surface forms in ``names`` (surface -> canonical), in order."""
    if not names:
        return []
    alt = alternation(sorted(names, key=len, reverse=True))
    return [
        (m.start(), m.end(), names[m.group(0)])
        for m in re.finditer(rf"(?<![\w-])(?:{alt})(?![\w]|-(?!based\b)\w)", text)
    ]


class _Mentions:
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
        self, text: str, v: _Vocab, not_names: frozenset[str], metric_spans, canonical
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
            m = _NAME_TOKEN.match(text, i)
            if not m:
                break
            tok = m.group(0).rstrip(".")
            if not tok or not (
                any(c.isupper() for c in tok)
                or any(c.isdigit() for c in tok)
                or (words and re.fullmatch(r"v\d+(?:\.\d)?", tok))
            ):
                break
            if tok in self.v.not_bench or (not words and tok[0].isdigit()):
                break  # a name does not start with a number ("2-bit", "68.8")
            if i in self.metric_starts or _DIMENSIONS_NAME.fullmatch(tok):
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
        acro = _ACRONYM_AFTER.match(self.text, e)
        if acro and " " in name:
            name, end = acro.group(1), acro.end()
        if not any(s < te and ts < e for ts, te in taken):
            canon = self.canonical.get(name) or _by_initials(name) or name
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
            sep = _NAME_LIST_SEP.match(self.text, end)
            if not sep:
                return
            pos = sep.end()


@lru_cache(maxsize=1)
def _initials_index() -> dict[str, str]:
    """Capitals of each vocabulary benchmark ("SQuAD" -> "SQAD") -> its canonical name."""
    out: dict[str, str] = {}
    for surface, canon in _benchmark_vocabulary().items():
        caps = "".join(c for c in surface if c.isupper())
        if len(caps) >= 4 and caps == "".join(c for c in surface if c.isalpha() and c.isupper()):
            out.setdefault(caps, canon)
    return out


def _by_initials(name: str) -> str | None:
    """The vocabulary benchmark a spelled-out name abbreviates, by its initials.

    "Stanford Question Answering Dataset" -> SQuAD, "Massive Multitask Language Understanding"
    -> MMLU: four or more capitalised words, so three initials never decide.
    """
    words = re.split(r"[\s-]+", name)
    if len(words) < 4 or not all(w[:1].isupper() for w in words):
        return None
    return _initials_index().get("".join(w[0] for w in words))


def _context_benchmarks(
    text: str,
    nums: list[_Num],
    known: list[tuple[int, int, str]],
    v: _Vocab,
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
        m = _TO_ON.match(text[pos : pos + 80])
        if m:
            pos += m.end()
        on = _ON.match(text, pos)
        if on:
            names.list_at(on.end(), True, taken)
        # "FineGym (+17.9%)"
        before = text[max(0, n.start - 60) : n.start].rstrip()
        pm = _BRACKETED_AFTER.search(before) if before.endswith("(") else None
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
        for m in _ON_NAME.finditer(sent):
            names.list_at(off + m.end(), False, taken)
        for m in _DATASETS_LIST.finditer(sent):
            names.list_at(off + m.end(), False, taken, listed=True)
        for m in _NAME_THEN_DATASET.finditer(sent):
            # "using Omniglot dataset": the word before "dataset"
            w = re.search(r"([A-Za-z0-9][\w+'’.-]*)$", sent[: m.start()])
            if w:
                got = names.name_at(off + w.start(1), False)
                if got and got[1] == off + m.start():
                    names.add(got, taken)
    return names.found


@lru_cache(maxsize=1)
def _benchmark_vocabulary() -> dict[str, str]:
    """Surface form -> canonical name of every benchmark the benchmarks stage knows."""
    try:
        from extract.stages import benchmarks

        return dict(benchmarks.benchmark_names())
    except (ImportError, AttributeError):  # the benchmarks stage without a vocabulary API
        return {}


def plausible_benchmark(name: str) -> bool:
    """False for names no result is measured on.

    A model ("LLaVA-1.6"), a size ("256x256"), a language or another word of the vocabulary's
    ``[not_benchmarks]`` ("Galician").
    """
    v = _vocab()
    return not (_DIMENSIONS_NAME.fullmatch(name) or v.model_re.match(name) or name in v.not_bench)


def _benchmark_names(rows: Sequence[dict], text_view: str) -> dict[str, str]:
    """Surface form -> canonical name for this paper's benchmark rows.

    The spellings come from the rows' ``surface`` column ("WikiText2|WikiText-2") where the
    benchmarks stage gives one, and from the vocabulary's aliases found in the text.
    """
    names = {
        r["name"]: _by_initials(r["name"]) or r["name"]
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
    for surface, canon in _benchmark_vocabulary().items():
        if canon in names and surface in text_view:
            names.setdefault(surface, canon)
    return names


# --- reading a sentence -------------------------------------------------------------------------


def _groups(
    text: str, nums: list[_Num], metrics: Sequence[tuple[int, int, str]] = ()
) -> list[_Group]:
    """Numbers of one sentence grouped into lists, ranges and bracketed additions.

    "72.4% and 81.3%" is one group of two slots; "2-3x" one slot holding both ends of the range;
    "72.4% (+1.2%), 90.3% (+0.7%)" two slots, each with its bracketed delta; "1.19 bits/char
    and 1.08 bits/char" (a metric named after each item) a list of two.
    """
    ends = {e: s for s, e, _ in metrics}
    groups: list[_Group] = []
    cur: _Group | None = None
    in_paren = False
    for n in nums:
        if cur is not None:
            prev = cur.nums[-1]
            gap = text[prev.unit_end : n.start]
            stripped = gap.strip()
            from_before = _HEAD_FROM.search(text[max(0, cur.start - 8) : cur.start])
            if _RANGE_GLUE.fullmatch(gap) and not from_before and prev.unit in (None, n.unit):
                prev.unit = n.unit  # "28-68 %": the low end takes the unit of the high end
                n.paren = prev.paren
                if prev.signed and not n.signed:
                    n.signed = True  # "+0.2%~0.7%"
                    n.value = abs(n.value) if prev.value >= 0 else -abs(n.value)
                cur.add(n, False)
                continue
            if not in_paren and stripped in ("(", "["):
                n.paren = in_paren = True
                cur.add(n, False)
                continue
            if in_paren and stripped[:1] in (")", "]") and _LIST_GLUE.fullmatch(stripped[1:]):
                in_paren = False
                if stripped[1:].strip():
                    cur.add(n, True)
                    continue
            elif (
                not in_paren
                and stripped
                and _LIST_GLUE.fullmatch(gap)
                and (prev.unit == n.unit or None in (prev.unit, n.unit))
            ):
                cur.add(n, True)
                continue
            elif (
                not in_paren
                and prev.unit == n.unit
                and _metric_then_glue(text, prev.unit_end, n.start, ends)
            ):
                cur.add(n, True)
                continue
            elif not in_paren and prev.unit == n.unit and _PER_ITEM_GLUE.fullmatch(gap):
                cur.add(n, True)  # "31.16 for en→de and 38.37 for de→en on IWSLT14"
                continue
            groups.append(cur)
        cur = _Group(n)
        in_paren = False
    if cur is not None:
        groups.append(cur)
    return groups


def _metric_then_glue(text: str, lo: int, hi: int, ends: Mapping[int, int]) -> bool:
    """True when ``text[lo:hi]`` is a metric name then list glue: " bits/char and "."""
    m = re.search(rf"(?:{_SP}?,)?(?:{_SP}and)?{_SP}*$", text[lo:hi])
    cut = lo + m.start() if m and m.group(0).strip() else None
    if cut is None:
        return False
    start = ends.get(cut)
    return start is not None and not text[lo:start].strip()


def _main(slot: list[_Num]) -> list[_Num]:
    return [n for n in slot if not n.paren] or slot


_GAIN_IN = re.compile(
    rf"{_SP}*(?:(?:absolute|relative|average|overall|mean){_SP}+)?(?i:{_GAIN}){_SP}+"
    rf"(?:in|on|of){_SP}+(?:the{_SP}+|terms{_SP}+of{_SP}+)?"
)
_AFTER_STOP = re.compile(
    r"[,;:.!?()\d]|\b(?:than|while|whereas|compared|which|that|for|with|by|over|across|and|or|"
    r"but|on|at|to|from|using|when|where|after|before|as|against|via|respectively)\b"
)


def _metric_after(
    text: str, n: _Num, limit: int, men: _Mentions, mstarts: list[int]
) -> tuple[str, int] | None:
    """The metric named right after number ``n`` and where its name ends.

    "77% accuracy", "4.0 accuracy points", "a 36% reduction in inference memory usage": at most
    three plain words in between.
    """
    i = bisect.bisect_left(mstarts, n.unit_end)
    if i >= len(men.metrics):
        return None
    a_start, a_end, name = men.metrics[i]
    if a_start >= limit:
        return None
    gap = text[n.unit_end : a_start]
    if _GAIN_IN.fullmatch(gap):
        return name, a_end  # "3% improvement on accuracy", "a 2.5% gain in F1"
    if gap.strip() not in ("(", ")") and _AFTER_STOP.search(gap):
        return None  # (a bracket may stand between: "(+26.0%) mAP")
    if len(re.findall(r"[A-Za-z][\w-]*", gap)) > 3:
        return None
    return name, a_end


def _bench_list_at(
    text: str, pos: int, limit: int, men: _Mentions, bstarts: list[int]
) -> list[tuple[int, int, str]]:
    """Benchmarks starting at ``pos`` and following each other as a list ("A, B and C")."""
    out: list[tuple[int, int, str]] = []
    i = bisect.bisect_left(bstarts, pos)
    expected = pos
    while i < len(men.benches) and men.benches[i][0] < limit:
        b = men.benches[i]
        gap = text[expected : b[0]]
        if out and b[2] == out[-1][2] and _REPEAT.fullmatch(gap):
            expected = b[1] + (1 if text[b[1] : b[1] + 1] == ")" else 0)
            i += 1
            continue  # "Penn Treebank (PTB) and ...": the acronym in brackets is the same name
        if (out and not _NAME_LIST_SEP.fullmatch(gap)) or (not out and gap.strip()):
            break
        out.append(b)
        expected = b[1]
        i += 1
    return out


class _Sentence:
    """The numbers of one sentence and what is named around them."""

    def __init__(
        self, text: str, lo: int, hi: int, nums: list[_Num], men: _Mentions, v: _Vocab
    ) -> None:
        self.text, self.lo, self.hi, self.men, self.v = text, lo, hi, men, v
        self.mstarts, self.bstarts = men.mstarts, men.bstarts
        m_lo, m_hi = bisect.bisect_left(men.mstarts, lo), bisect.bisect_left(men.mstarts, hi)
        b_lo, b_hi = bisect.bisect_left(men.bstarts, lo), bisect.bisect_left(men.bstarts, hi)
        self.metrics = [m for m in men.metrics[m_lo:m_hi] if m[1] <= hi]
        self.benches = [b for b in men.benches[b_lo:b_hi] if b[1] <= hi]
        self.metric_starts = [m[0] for m in self.metrics]
        self.groups = _groups(text, nums, self.metrics)
        sent = text[lo:hi]
        self.respectively = bool(_RESPECTIVELY.search(sent))
        # the fallback candidates: benchmarks introduced by "on"/"in", or scoping the sentence
        self.scoping = [
            b for b in self.benches if b[0] - lo < 4 or _SCOPE.fullmatch(text[lo : b[0]])
        ]
        self.bound = [
            b
            for b in self.benches
            if b in self.scoping or _ON_BEFORE.search(text[max(lo, b[0] - 50) : b[0]])
        ]
        self.settings = [(m.start() + lo, m.group(0).lower()) for m in _SETTING.finditer(sent)]
        self.has_verb = bool(_RESULT_VERB.search(sent))
        self.listed: set[int] = set()  # benchmark mentions spread over a list of results
        # metric mentions named right after a number with a unit ("77% accuracy", "2.2% model
        # parameters"): that number's, not the next group's head metric, even for setup
        self.consumed: set[int] = set()
        for n in nums:
            got = _metric_after(text, n, hi, men, self.mstarts) if n.unit else None
            if got:
                self.consumed.add(men.metrics[bisect.bisect_left(self.mstarts, n.unit_end)][0])
        self.unnamed = False  # the last group was measured "on 13 tasks": nothing named

    def head(self, gi: int) -> str:
        g = self.groups[gi]
        lo = self.groups[gi - 1].end if gi else self.lo
        return self.text[max(lo, g.start - _WIN) : g.start]

    def tail_limit(self, gi: int) -> int:
        return self.groups[gi + 1].start if gi + 1 < len(self.groups) else self.hi

    def read(self) -> None:
        prev_metric: str | None = None
        prev_bench: tuple[str | None, bool] = (None, False)
        prev_kind: str | None = None
        prev_ok = False
        for gi, g in enumerate(self.groups):
            head = self.head(gi)
            prev_ok = gi > 0 and any(n.kind for n in self.groups[gi - 1].nums)
            self._kinds(g, head, prev_kind)
            self._setup(g)
            if not any(n.kind for n in g.nums):
                continue
            self._metrics(gi, g, head, prev_metric)
            self._evidence(gi, g, head, prev_ok)
            if not any(n.kind for n in g.nums):
                continue
            self._benchmarks(gi, g, head, prev_bench)
            self._methods(g, head)
            self._settings(g)
            named = [
                n.metric
                for n in g.nums
                if n.kind and not n.paren and n.metric and n.kind != "relative"
            ]
            if named:
                prev_metric = named[-1]
            elif any(n.kind in ("score", "delta") for n in g.nums):
                prev_metric = None  # a result in an unnamed measure: nothing to pass on
            benches = {n.benchmark for n in g.nums if n.kind}
            if self.unnamed:
                prev_bench = (None, True)
            elif len(benches) == 1 and None not in benches:
                prev_bench = (benches.pop(), True)
            else:
                prev_bench = (None, False)
            kinds = {n.kind for n in g.nums if n.kind and not n.paren}
            prev_kind = kinds.pop() if len(kinds) == 1 else None
        # "by 40% (from 0.23 to 0.14) on FLORES-200": a result joined to the next one by
        # "(from", "to" or "(" shares its benchmark
        for gi in range(len(self.groups) - 2, -1, -1):
            g, nxt = self.groups[gi], self.groups[gi + 1]
            gap = self.text[g.end : nxt.start]
            if _JOINED.fullmatch(gap) and not any(n.bench_sure for n in g.nums if n.kind):
                sure = [n for n in nxt.nums if n.kind and (n.bench_sure or n.own or n.unnamed)]
                if sure:
                    for n in g.nums:
                        n.benchmark, n.bench_sure = sure[0].benchmark, True
                        n.own, n.unnamed = sure[0].own, sure[0].unnamed
        # a score with no benchmark yet: the one benchmark the sentence names, if only one
        # ("problems like GSM8K by achieving over 90% accuracy")
        names = {b[2] for b in self.benches}
        if len(names) == 1:
            for g in self.groups:
                live = [n for n in g.nums if n.kind]
                if live and all(
                    n.kind == "score" and n.benchmark is None and not (n.own or n.unnamed)
                    for n in live
                ):
                    for n in live:
                        n.benchmark = self.benches[0][2]

    # -- kind --
    def _kinds(self, g: _Group, head: str, prev_kind: str | None) -> None:
        text = self.text
        clause = re.split(r"[;:]|\b(?:while|whereas|but)\b", head)[-1]
        by = bool(_HEAD_BY.search(head[-90:]))
        from_ = bool(_HEAD_FROM.search(head[-10:]))
        to_score = bool(_TO_SCORE.search(head[-60:]))
        change = bool(_CHANGE_VERB.search(clause)) and not to_score
        # "by 5.0% on ProPara and 3.2% on Recipes", "by 35% recall and 25% mAP": one more
        if prev_kind == "delta" and _SAME_AGAIN.fullmatch(head[-60:] if len(head) > 60 else head):
            change = True
        for slot in g.slots:
            last = slot[-1]
            main_last = _main(slot)[-1]
            for n in slot:
                a = text[n.unit_end : min(self.hi, n.unit_end + 60)]
                # a range reads on from its high end: "3%-11% improvement"
                owner = n if n.paren else main_last
                after = text[owner.unit_end : min(self.hi, owner.unit_end + 60)]
                if n.unit == "count":
                    n.kind = "other"
                elif n.unit == "x":
                    n.kind = "relative"
                elif n.unit == "%" and _RELATIVE_OF.match(a) and not _REDUCE_BY.search(clause):
                    n.kind = "relative"
                elif (
                    (n.signed and (n.value > 0 or n.unit in ("%", "points")))
                    or n.unit == "points"
                    or last.unit == "points"
                ):
                    n.kind = "delta"
                elif n.paren and n.unit in ("%", "points"):
                    n.kind = "delta"  # "72.4% (+1.2%)" and "(1.2%)" after a score
                elif (by or change) and not from_ and n.unit in ("%", None, "points"):
                    n.kind = "delta"
                elif (
                    n.unit in ("%", None)
                    and not from_
                    and _TAIL_GAIN.match(after)
                    and not _OR_MORE.match(after)
                ):
                    n.kind = "delta"
                else:
                    n.kind = "score"
        # "70% and 20% gain", "a 15.1% and 7.6% error reduction": the list reads as its last item
        last_kind = _main(g.slots[-1])[-1].kind
        if len(g.slots) > 1 and last_kind == "delta":
            for n in g.nums:
                if n.kind == "score" and n.unit == g.slots[-1][-1].unit:
                    n.kind = "delta"

    # -- setup numbers --
    def _setup(self, g: _Group) -> None:
        text = self.text
        for slot in g.slots:
            last = slot[-1]
            after = text[last.unit_end : min(self.hi, last.unit_end + 60)]
            before = text[max(self.lo, slot[0].start - 50) : slot[0].start]
            setup = False
            if (
                last.unit in ("%", None)
                and last.kind in ("score", "delta")
                and _SETUP_AFTER.match(after)
            ):
                setup = not _TAIL_GAIN.match(after[:12])
            elif (
                last.kind == "score"
                and last.unit == "%"
                and _SETUP_HINT.search(before)
                and _SETUP_BEFORE.search(before)
            ):
                setup = True
            elif last.unit in _TIME_UNITS and (
                re.match(rf"{_SP}*(?:or{_SP}\w+{_SP})?of\b", after)
                or not re.search(
                    r"(?i:\b(?:in|within|taking|takes|took|only|just|at|requires?|under)\s*$)",
                    before,
                )
            ):
                setup = True  # "99 minutes of transcribed data"
            elif (
                slot[0].unit is None
                and before.rstrip().endswith("=")
                and not self._metric_word_before(slot[0].start)
            ):
                setup = True  # "for ε=1", "k = 5": a parameter set to a value
            elif (
                last.unit is None
                and last.kind == "score"
                and float(last.value).is_integer()
                and "." not in text[last.num : last.end]
                and _NOUN_AFTER.match(after)
                and not self._metric_word_at(last.unit_end)
            ):
                setup = True  # "11 languages"
            if setup:
                # "with 30%, 40%, and 60% of the input tokens": the whole list is setup
                for n in slot if slot is not g.slots[-1] else g.nums:
                    n.kind = None

    def _metric_word_before(self, pos: int) -> bool:
        """True when a metric is named right before the "=" ending at ``pos`` ("F1 = 82.7")."""
        i = bisect.bisect_left(self.mstarts, pos) - 1
        return i >= 0 and not self.text[self.men.metrics[i][1] : pos].strip(" =\u00a0(:")

    def _metric_word_at(self, pos: int) -> bool:
        i = bisect.bisect_left(self.mstarts, pos)
        return i < len(self.men.metrics) and self.men.metrics[i][0] - pos <= 1

    # -- metric --
    def _head_metrics(self, g: _Group, head: str) -> tuple[list[str], bool]:
        """The metric(s) named before a group, and whether right before its numbers.

        The trailing list of names counts ("FID, CAS by", "METEOR/CIDEr-D of"); "an F1 of 84.1"
        is right before.
        """
        text = self.text
        lo = g.start - len(head)
        i, j = (
            bisect.bisect_left(self.metric_starts, lo),
            bisect.bisect_left(self.metric_starts, g.start),
        )
        in_head = [m for m in self.metrics[i:j] if m[1] <= g.start and m[0] not in self.consumed]
        if not in_head:
            return [], False
        names = [in_head[-1][2]]
        j = len(in_head) - 1
        while j > 0:
            gap = text[in_head[j - 1][1] : in_head[j][0]]
            if not _METRIC_LIST_SEP.fullmatch(gap):
                break
            names.insert(0, in_head[j - 1][2])
            j -= 1
        if (
            j > 0
            and in_head[j - 1][2] in _CORRELATIONS
            and re.fullmatch(rf"{_SP}(?:with|to){_SP}", text[in_head[j - 1][1] : in_head[j][0]])
        ):
            names = [in_head[j - 1][2]]  # "correlation with BLEU: 0.82"
        if len(set(names)) == 1:
            names = names[-1:]
        near = bool(_NEAR_SCORE.fullmatch(text[in_head[-1][1] : g.start]))
        return names, near

    def _metrics(self, gi: int, g: _Group, head: str, prev_metric: str | None) -> None:
        text, v = self.text, self.v
        limit_all = self.tail_limit(gi)
        nums = g.nums
        after: dict[int, str] = {}
        for k, n in enumerate(nums):
            limit = nums[k + 1].start if k + 1 < len(nums) else limit_all
            got = _metric_after(text, n, limit, self.men, self.mstarts)
            if got:
                after[id(n)] = got[0]
                self.consumed.add(self.men.metrics[bisect.bisect_left(self.mstarts, n.unit_end)][0])
                if n.unit is None and re.match(
                    rf"{_SP}?(?i:points?|pts)\b", text[got[1] : got[1] + 8]
                ):
                    n.unit = "points"  # "18.5 BLEU points"
                    if n.kind == "score":
                        n.kind = "delta"
        # a metric after the last number is shared by the list: "72.4% (+1.2%), 90.3% ... mAP"
        shared = after.get(id(g.nums[-1])) or after.get(id(_main(g.slots[-1])[-1]))
        head_list, near = self._head_metrics(g, head)
        k = bisect.bisect_left(self.metric_starts, g.end)
        later = self.metrics[k : k + 1]
        if later and re.search(r"\d", text[g.end : later[0][0]]):
            later = []  # a later metric past another number is that number's
        tail_metric = later[0][2] if later else None
        # "... and .038 in faithfulness": a measure the vocabulary does not know
        unknown = not after and bool(_IN_UNKNOWN.match(text, g.end))
        # "..., and reduces off-target rates from 22.9%": a new verb, its own (unknown) measure
        new_clause = gi > 0 and bool(_NEW_MEASURE.search(head))
        by = bool(_HEAD_BY.search(head[-90:]))
        n_slots = len(g.slots)
        for si, slot in enumerate(g.slots):
            main = _main(slot)
            for n in slot:
                if n.kind is None:
                    continue
                if n.unit in _TIME_UNITS and id(n) not in after:
                    n.metric = "latency"
                elif id(n) in after:
                    n.metric, n.metric_sure = after[id(n)], True
                elif n.paren and any(id(m) in after for m in slot if m.paren):
                    n.metric = next(after[id(m)] for m in slot if m.paren and id(m) in after)
                    n.metric_sure = True
                elif any(id(m) in after for m in main):
                    n.metric = next(after[id(m)] for m in main if id(m) in after)  # a range
                    n.metric_sure = True
                elif shared and n.kind != "relative":
                    n.metric, n.metric_sure = shared, True
                elif len(head_list) > 1 and n_slots % len(head_list) == 0:
                    n.metric, n.metric_sure = head_list[si % len(head_list)], near
                elif head_list and (n.kind != "relative" or by):
                    n.metric, n.metric_sure = head_list[-1], near
                elif unknown:
                    pass
                elif prev_metric and n.kind != "relative" and not new_clause:
                    n.metric = prev_metric
                elif tail_metric and n.kind != "relative":
                    n.metric = tail_metric
                if n.metric is None and n.kind == "relative":
                    m = re.match(
                        rf"{_SP}*(?:\$|\*)?{_SP}*(?:more{_SP}|less{_SP})?([a-z]+)",
                        text[n.unit_end : n.unit_end + 24],
                    )
                    if m and m.group(1) in v.comparatives:
                        n.metric, n.metric_sure = v.comparatives[m.group(1)], True
                    elif later and later[0][0] - n.unit_end < 40:
                        n.metric = later[0][2]

    # -- is it a result at all? --
    def _evidence(self, gi: int, g: _Group, head: str, prev_ok: bool) -> None:
        """A bare number needs its metric named next to it or a score cue; a percentage a verb.

        ``prev_ok``: the previous group of the sentence is a result; "52.8 on PTB and 52.0 on
        WikiText-2" continues it.
        """
        score_head = bool(_HEAD_SCORE.search(head[-60:])) or (
            prev_ok and bool(_SAME_AGAIN.fullmatch(head))
        )
        sentence_before = self.text[self.lo : g.start]
        from_to = bool(_HEAD_FROM.search(head[-10:])) or bool(
            re.search(rf"{_SP}to{_SP}?$", head) and _CHANGE_VERB.search(sentence_before)
        )
        by = bool(re.search(r"(?i:\bby\s*)$", head[-20:]))
        on_bench = bool(_ON.match(self.text, g.end)) and bool(self.benches)
        group_sure = any(n.metric_sure for n in g.nums if n.unit is None and n.kind)
        for n in g.nums:
            if n.kind is None:
                continue
            if n.unit is None and n.kind in ("score", "delta"):
                ok = (
                    group_sure
                    or (
                        n.metric
                        and (score_head or from_to or n.signed or (by and n.kind == "delta"))
                    )
                    or (on_bench and (score_head or n.signed))
                )
                if not ok:
                    n.kind = None
            elif (
                n.unit in ("%", "points") and n.kind == "score" and not (self.has_verb or n.metric)
            ):
                n.kind = None

    # -- benchmark --
    def _on_after(self, pos: int, limit: int) -> re.Match[str] | None:
        """The "on"/"in" after a result, past a metric name and gain words ("20% gain on").

        An "on"/"for" followed by no name is passed once: "35.15 for de→en on the WMT14 dataset".
        """
        m = _TO_ON.match(self.text[pos : min(limit, pos + 80)])
        on = _ON.match(self.text, pos + m.end() if m else pos)
        if on and not _bench_list_at(self.text, on.end(), self.hi, self.men, self.bstarts):
            again = _ON_AGAIN.match(self.text, on.end())
            if again:
                return again
        return on

    def _benchmarks(self, gi: int, g: _Group, head: str, prev: tuple[str | None, bool]) -> None:
        text, men = self.text, self.men
        live = [n for n in g.nums if n.kind]
        n_slots = len(g.slots)
        self.unnamed = False

        def put(nums, name, sure=True):
            for n in nums:
                n.benchmark, n.bench_sure = name, sure

        names: list[tuple[int, int, str]] = []
        on = self._on_after(g.end, self.tail_limit(gi) + 60)
        if on:
            names = _bench_list_at(text, on.end(), self.hi, men, self.bstarts)
            if not names and _OURS.search(text[on.start() : on.end() + 60]):
                for n in live:
                    n.own = True  # "only achieves 13.0% accuracy on our dataset"
                return
            if not names and _UNNAMED.match(text, on.end()):
                self.unnamed = True  # "+6.3% AP on 13 downstream tasks": nothing named
                for n in live:
                    n.unnamed = True
                return
        if names:
            if len(names) == n_slots:
                for slot, b in zip(g.slots, names):
                    put(slot, b[2])
                if n_slots > 1:
                    self.listed.update(b[0] for b in names)
                return
            if len(names) == 1 or n_slots == 1:
                put(live, names[0][2])
                return
        if head.rstrip().endswith(("(", "[")):
            k = bisect.bisect_left(self.bstarts, g.start) - 1
            if k >= 0 and len(text[men.benches[k][1] : g.start].strip()) <= 2:
                put(live, men.benches[k][2])
                return
        if n_slots > 1:
            lists, k = [], 0
            while k < len(self.benches):
                lst = _bench_list_at(text, self.benches[k][0], self.hi, men, self.bstarts)
                lists.append(lst)
                k += max(1, len(lst))
            match = [lst for lst in lists if len(lst) == n_slots]
            if match and (self.respectively or len(match) == 1):
                for slot, b in zip(g.slots, match[0]):
                    put(slot, b[2])
                self.listed.update(b[0] for b in match[0])
                return
        # costs and speeds take only a benchmark that scopes the whole sentence ("On X, ...")
        cost = all(n.metric in self.v.efficiency for n in live)
        if gi and prev[1] and not cost:
            lo = self.groups[gi - 1].end
            fresh = bisect.bisect_left(self.bstarts, lo) < bisect.bisect_left(self.bstarts, g.start)
            if ";" not in text[lo : g.start] and not fresh:
                put(live, prev[0], False)  # the benchmark of the previous result, or none
                return
        bound = [b for b in (self.scoping if cost else self.bound) if b[0] not in self.listed]
        k = bisect.bisect_left([b[0] for b in bound], g.start)
        before = [b for b in bound[:k] if b[1] <= g.start and ";" not in text[b[1] : g.start]][-1:]
        after_ = [b for b in bound[k:] if b[0] >= g.end][:1]
        next_start = self.groups[gi + 1].start if gi + 1 < len(self.groups) else self.hi
        if before:
            put(live, before[-1][2], False)
        elif after_ and next_start > after_[0][0]:
            put(live, after_[0][2], False)

    # -- method --
    def _methods(self, g: _Group, head: str) -> None:
        text, men = self.text, self.men
        subject = _subject(text, self.lo, g.start, men)
        compare = _HEAD_COMPARE.search(head[-70:])
        from_ = _HEAD_FROM.search(head[-10:])
        for n in g.nums:
            n.method = subject
        if (compare or from_) and all(n.kind == "score" for n in g.nums if n.kind):
            lo = g.start - len(head[-70:])
            named = [name for _, _, name in men.methods_in(lo, g.start)]
            for n in g.nums:
                n.method = named[-1] if named else None

    def _settings(self, g: _Group) -> None:
        """The setting of each number, written before it in its clause or right after it.

        "Under the zero-shot setting, ... a 2.5% gain"; "84.6 F1 score on the test set".
        """
        text = self.text
        for n in g.nums:
            before = [
                (n.num - p, s)
                for p, s in self.settings
                if p < n.num and n.num - p < 150 and not _SETTING_BREAK.search(text[p : n.num])
            ]
            after = [
                (p - n.unit_end, s)
                for p, s in self.settings
                if 0 <= p - n.unit_end < 40 and not _SETTING_BREAK.search(text[n.unit_end : p])
            ]
            if before or after:
                n.setting = min(before or after)[1]


def _subject(text: str, lo: int, hi: int, men: _Mentions) -> str | None:
    """The method a result belongs to: the name or "we"/"our" that is the subject before it.

    Names right after a comparison ("than X", "outperforms X", "such as X") are not subjects.
    "we"/"our" stand for the paper's proposed method; when the paper names none, the last other
    name before it is taken ("finetuning a RoBERTa model, we achieve ...").
    """
    window_lo = max(lo, hi - 240)
    cands: list[tuple[int, str | None, bool]] = []
    for s, _, name in men.methods_in(window_lo, hi):
        if not _COMPARED_BEFORE.search(text[max(0, s - 60) : s]):
            cands.append((s, name, name == men.proposed))
    for m in _PROPOSED.finditer(text, window_lo, hi):
        cands.append((m.start(), men.proposed, True))
    if not cands:
        return None
    cands.sort(key=lambda c: c[0])
    ours = [c for c in cands if c[2]]
    if ours and ours[-1][1] is not None:
        return ours[-1][1]
    named = [c for c in cands if c[1] is not None]
    return named[-1][1] if named else None


# --- the stage ----------------------------------------------------------------------------------


def find_results(
    text: str,
    benchmark_names: Mapping[str, str] | None = None,
    method_names: Sequence[str] = (),
    proposed: Sequence[str] = (),
    own_benchmarks: Sequence[str] = (),
) -> list[ResultMatch]:
    """Every reported result in a markup-free ``text``.

    Args:
        text: The abstract (markup-free view).
        benchmark_names: Surface form -> canonical name of the benchmarks named in ``text``.
        method_names: Existing methods and models named in ``text`` (never benchmarks).
        proposed: Names the paper proposes, in order; "we"/"our" stand for the first that is
            not used as a benchmark.
        own_benchmarks: Benchmarks the paper introduces (canonical names).

    Returns:
        Results in order of position.
    """
    v = _vocab()
    nums = _find_numbers(text, v)
    if not nums:
        return []
    canonical = dict(benchmark_names or {})
    metric_spans = _metric_mentions(text, v)
    known = _occurrences(text, canonical)
    # a name the results place is spelled as the vocabulary spells it ("PTB" -> "Penn Treebank")
    spelled = {**_benchmark_vocabulary(), **canonical}
    extra = _context_benchmarks(
        text, nums, known, v, frozenset(method_names), metric_spans, spelled
    )
    benches = sorted(known + extra)
    bench_set = {b[2] for b in benches}
    ours = next((p for p in proposed if p not in bench_set), None)
    names = {m: m for m in (*method_names, *proposed) if m not in bench_set}
    men = _Mentions(metric_spans, benches, _occurrences(text, names), ours)
    starts = [n.num for n in nums]
    for off, sent in sentences(text):
        in_sent = nums[
            bisect.bisect_left(starts, off) : bisect.bisect_left(starts, off + len(sent))
        ]
        if len(in_sent) > MAX_NUMBERS_PER_SENTENCE:
            for n in in_sent:
                n.kind = None  # a table or a dump, not a sentence reporting results
        elif in_sent:
            _Sentence(text, off, off + len(sent), in_sent, men, v).read()

    # A paper that introduces a benchmark reports its scores on it when it names no other one
    # ("SLOG ... Transformer models only reach 40.6%").
    own = list(dict.fromkeys([*own_benchmarks, *(p for p in proposed if p in bench_set)]))
    out = []
    for n in nums:
        if n.kind is None:
            continue
        if n.own:
            n.benchmark = own[0] if len(own) == 1 else None
        elif n.benchmark is None and n.kind == "score" and len(own) == 1 and not n.unnamed:
            n.benchmark = own[0]
        if n.metric is None and n.benchmark and n.kind == "score":
            d = default_metric(n.benchmark)
            # a 0-100 metric fits "87.7%" and a bare "94.0", a perplexity only a bare number
            if d and (
                (
                    metric_is_percent(d)
                    and (n.unit in ("%", "points") or (n.unit is None and 1 < abs(n.value) <= 100))
                )
                or (not metric_is_percent(d) and n.unit is None)
            ):
                n.metric = d
        conf = 0.45 + (0.2 if n.metric_sure else 0.08 if n.metric else 0)
        conf += 0.2 if n.bench_sure else 0.08 if n.benchmark else 0
        conf += 0.1 if n.unit else 0
        out.append(
            ResultMatch(
                n.start,
                n.unit_end,
                n.value,
                n.unit,
                n.kind,
                n.metric,
                metric_direction(n.metric),
                n.qualifier,
                n.setting,
                n.benchmark,
                n.method,
                round(min(conf, 0.95), 2),
            )
        )
    return out


def result_rows(paper_id: str, view: View, matches: Sequence[ResultMatch]) -> list[dict]:
    """Rows of the ``results`` table for one paper (offsets mapped into the abstract)."""
    rows = []
    for m in matches:
        start, end = view.span(m.start, m.end)
        rows.append(
            {
                "paper_id": paper_id,
                "method": m.method,
                "benchmark": m.benchmark,
                "metric": m.metric,
                "value": m.value,
                "unit": m.unit,
                "kind": m.kind,
                "direction": m.direction,
                "qualifier": m.qualifier,
                "setting": m.setting,
                "start": start,
                "end": end,
                "confidence": m.confidence,
            }
        )
    return rows


def extract_rows(paper: PaperText, deps: Mapping[str, Sequence[dict]] | None = None) -> list[dict]:
    """Result rows for ``paper``.

    In a build, ``deps`` holds this paper's rows of the benchmarks and methods stages (the
    stage declares it reads them). Called on its own (``deps`` None), those stages run here.
    """
    view = clean_view(paper.abstract)
    if not _NUMBER.search(view.text):
        return []
    if deps is None:
        from extract.stages import benchmarks, methods

        deps = {
            "benchmarks": benchmarks.extract_rows(paper),
            "methods": methods.extract_rows(paper),
        }
    bench_names = _benchmark_names(list(deps.get("benchmarks", ())), view.text)
    canon = set(bench_names.values())
    method_rows = [r for r in deps.get("methods", ()) if r.get("name") and r["name"] not in canon]
    existing = [r["name"] for r in method_rows if r.get("role") != "proposed"]
    proposed = [r["name"] for r in method_rows if r.get("role") == "proposed"]
    own = [r["name"] for r in deps.get("benchmarks", ()) if r.get("role") == "proposed"]
    matches = find_results(view.text, bench_names, existing, proposed, own)
    return result_rows(paper.paper_id, view, matches)
