"""The patterns of the results reader: numbers and units, cues around them, name contexts.

Every pattern is bounded and is applied once to a text or to a window of fixed size around a
number, so reading an abstract stays linear in its length. Word lists that are facts about
metrics and benchmarks live in ``extract/data/results_vocab.toml`` and ``units.toml``; these are
the shapes of the sentences that report results.
"""

from __future__ import annotations

import re

SP = r"[ \u00a0\u2009\u202f]"
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
NUMBER = re.compile(r"(?:\d{1,3}(?:,\d{3})+|\d{1,9})(?:\.\d{1,9})?|(?<![\w.])\.\d{1,9}")
WORD_NUMBER = re.compile(
    r"(?<![\w-])(?i:twice|two|three|four|five|six|seven|eight|nine|ten)"
    r"(?=-?fold\b|\s+times\s|\s+as\s)"
)
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
TIMES_WORD = re.compile(
    rf"{SP}times(?={SP}(?i:faster|slower|more|fewer|less|higher|lower|smaller|larger|better|"
    rf"cheaper|greater|as|speedup|speed-up|the|reduction|improvement|compression)\b)"
)
FOLD_CONTEXT = re.compile(
    rf"(?:{SP}|-)*(?:\w+{SP}+)?(?i:faster|slower|more|fewer|less|higher|lower|smaller|larger|"
    rf"better|cheaper|greater|as|improvements?|increases?|reductions?|speedups?|speed-ups?|"
    rf"gains?|acceleration|compression|boost|savings?|decrease)\b"
)
TIME_UNIT = re.compile(rf"{SP}?(?P<u>ms|seconds?|sec|minutes?|min|hours?)\b(?!-)")
OUT_OF = re.compile(
    rf"{SP}out{SP}of{SP}(?:\d{{1,6}}|(?i:two|three|four|five|six|seven|eight|nine|ten|twelve|twenty))\b"
)
SLASH_OF = re.compile(rf"/\d{{1,6}}(?={SP}[a-z])")

# --- numbers that are not results ---------------------------------------------------------------
DIM_BEFORE = re.compile(r"\d\s?(?:×|\\times|x|X|\*)\s?\$?\s?$")
CALL_BEFORE = re.compile(r"[A-Za-z]\((?:\d+,\s?)+$")
DIMENSION = re.compile(rf"{SP}?(?:×|\\times|[xX]|\*){SP}?\$?{SP}?\d")
# a compound or a magnitude glued to the number: 8-bit, 5-shot, 6-DoF, 3D, 100K, 2nd
GLUED_SUFFIX = re.compile(r"-[A-Za-z]|(?:d|D|th|st|nd|rd|k|K|M|B|T|px|GB|MB|TB)\b")
BEFORE_SKIP = re.compile(
    r"(?i:\b(?:section|sec\.|table|tab\.|figure|fig\.|eq\.|equation|step|stage|level|phase|"
    r"version|task|class|layer|epoch|round|iteration|chapter|part|top|rank|k|n|m|seed|lambda|"
    r"alpha|beta|gamma|epsilon|temperature|batch size|learning rate|window|length)"
    r"\s?(?:=|of|:)?\s?)$"
)
# a cheap test before SETUP_BEFORE, which is anchored at the end and so tried at every offset
SETUP_HINT = re.compile(
    r"(?i:=|sparsity|density|ratio|budget|threshold|dropout|mask|set to|when|if|random|sampl|"
    r"keep|prun|remov|corrupt|noise|train|tun|with|using|containing|at|under)"
)
LETTER = re.compile(r"[A-Za-z]")
QUAL_SIGN = re.compile(r"[~∼≈<>≥≤&$\\]")
STD_BEFORE = re.compile(r"(?:±|\\pm|\+/-|\+-)\s?$")
NOUN_AFTER = re.compile(
    rf"{SP}(?!(?i:on|in|and|or|vs|versus|compared|while|with|for|at|across|over|than|to|which|"
    rf"when|from|against|respectively|average|overall|by|of|points?|relative|absolute|higher|"
    rf"lower|better|more|less|fewer|improvement|gain|gains|increase|reduction|faster|slower)\b)"
    rf"[A-Za-z][\w-]+"
)
MAGNITUDE = re.compile(rf"{SP}?(?i:thousand|million|billion|trillion)\b|[KMBT]\b")
SETUP_AFTER = re.compile(
    rf"{SP}?(?:of{SP}(?:the{SP}|all{SP}|total{SP}|its{SP}|their{SP}|our{SP}|each{SP})?)?"
    rf"(?:(?:original|full|whole|entire|available|labeled|labelled|annotated|unlabeled|"
    rf"unlabelled|training|tunable|trainable|learnable|model|total|remaining|additional|extra|"
    rf"pre-training|pretraining|clean|noisy|bilingual|parallel|synthetic|real|seed|target|"
    rf"source|test|downstream|in-domain|out-of-domain|possible|input|the){SP}){{0,2}}"
    rf"(?i:data|dataset|datasets|parameters|params|weights|labels|annotations|samples|examples|"
    rf"demonstrations|comparisons|tokens|instances|images|sentences|queries|documents|corpus|"
    rf"connections|neurons|layers|heads|channels|vocabulary|budget|sparsity|density)\b|"
    rf"{SP}?of{SP}the{SP}time\b"
)
SETUP_BEFORE = re.compile(
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
GAIN = (
    r"improvements?|gains?|increases?|increased|boosts?|reductions?|drops?|decreases?|decline|"
    r"higher|lower|better|worse|more|fewer|less|lesser|smaller|shallower|faster|slower|cheaper|"
    r"savings?|absolute|relative|relatively|margin|lift|advantage|speedups?|speed-ups?|"
    r"enhancement|jump|lead"
)
TAIL_GAIN = re.compile(
    rf"(?:{SP}|[-,])*(?:[\w@.+-]{{1,20}}{SP}+){{0,3}}?(?i:{GAIN})\b(?!{SP}than{SP}\d)"
)
OR_MORE = re.compile(
    rf"{SP}*(?:,{SP}*)?or{SP}+(?:less|more|lower|higher|better|fewer|greater|above|below)\b"
)
HEAD_BY = re.compile(
    r"(?i:\bby|\badditional|\bextra|\b(?:gains?|improvements?|increases?|reductions?|margins?|boosts?|drops?|"
    r"decreases?|degradation|lead|gap|advantage|enhancement)(?:\s+of|\s*\(|\s+by)?)"
    r"(?:\s+(?:a|an|the|large|significant|substantial|considerable|average|absolute|relative|"
    r"relatively|margin|of|around|about|approximately|roughly|nearly|almost|over|up|to|more|"
    r"than|at|least|most|further|another|additional|extra|i\.e\.,?|e\.g\.,?|averagely))*\s*$"
)
CHANGE_VERB = re.compile(
    r"(?i:\b(?:outperform\w*|surpass\w*|exceed\w*|beat\w*|improv\w*|boost\w*|increas\w*|reduc\w*|"
    r"decreas\w*|lower\w*|rais\w*|gain\w*|advanc\w*|sav(?:e|es|ed|ing)|cut\w*|enhanc\w*|"
    r"accelerat\w*|speed\w*\s+up|lift\w*|bring\w*|brought)\b)"
)
TO_SCORE = re.compile(
    r"(?i:\b(?:to|reach\w*|achiev\w*|obtain\w*|attain\w*|scor\w*|of|at|=|:|is|are|was|were|"
    r"yield\w*|record\w*|lifting\s+\w+(?:\s+\w+){0,3}\s+to)"
    r"(?:\s+(?:a|an|the|new|state-of-the-art|SOTA|best|top|average|overall|mean|only|just|"
    r"around|about|approximately|nearly|almost|high|competitive|remarkable|impressive))*\s*)$"
)
HEAD_FROM = re.compile(r"(?i:\bfrom)\s*\(?\s*$")
HEAD_COMPARE = re.compile(
    r"(?i:\b(?:than|vs\.?|versus|compared\s+(?:to|with)|relative\s+to|against)"
    r"(?:\s+\(?[\w.'’-]+){0,6}?\s*(?:'s|’s|of|with|at|\(|:)?)\s*$"
)
HEAD_SCORE = re.compile(
    r"(?i:(?:\b(?:achiev\w*|obtain\w*|attain\w*|reach\w*|scor\w*|yield\w*|get|gets|getting|"
    r"records?|establish\w*|sets?|report\w*|deliver\w*|to|of|at|is|are|was|were|remains?|"
    r"drops?\s+to|falls?\s+to)|=|:)"
    r"(?:\s+(?:a|an|the|new|state-of-the-art|SOTA|best|top|average|overall|mean|score|scores|of|"
    r"around|about|approximately|up|to|over|only|just|nearly|almost|high|competitive|remarkable|"
    r"impressive))*\s*$)"
)
RESULT_VERB = re.compile(
    r"(?i:\b(?:achiev|obtain|attain|reach|outperform|surpass|improv|boost|increas|reduc|decreas|"
    r"lower|rais|exceed|beat|gain|yield|scor|advanc|lift|sav|accelerat|speed|cut|drop|perform|"
    r"match|retain|recover|establish|deliver|bring|result|enhanc|prefer|detect|solv)\w*)"
)
RELATIVE_OF = re.compile(
    rf"{SP}?of{SP}(?:the{SP}|its{SP}|their{SP}|a{SP})?(?:[\w-]+{SP}){{0,2}}?"
    rf"(?i:performance|gain|gains|quality|accuracy|achievable|perplexity|training{SP}cost|cost|"
    rf"compute|computation|FLOPs|memory|speed|latency|improvement|score|capabilit\w+)\b"
)
PROPOSED = re.compile(
    r"(?i:\b(?:we|our|ours|the proposed|this (?:method|approach|model|framework|system)))\b"
)
COMPARED_BEFORE = re.compile(
    r"(?i:\b(?:than|over|outperform\w*|surpass\w*|beat\w*|exceed\w*|vs\.?|versus|against|"
    r"compared\s+(?:to|with)|relative\s+to|of|from|such\s+as|like|including|e\.g\.,?|i\.e\.,?|"
    r"by|on|to|and|or|improves?|improving)(?:\s+(?:the|a|an|strong|previous|prior|existing|"
    r"recent|baseline|state-of-the-art|SOTA|powerful|popular|original|vanilla|standard|other|"
    r"several|many|all|competing|leading))*\s*)$"
)
LIST_GLUE = re.compile(rf"(?:{SP}|[,;/&]|\band\b|\bor\b)*")
PER_ITEM_GLUE = re.compile(rf"{SP}(?i:for|in){SP}[^\s,;:()]{{1,16}}(?:{SP}?,)?{SP}(?:and{SP})?")
RANGE_GLUE = re.compile(rf"{SP}?[-–—~∼]{SP}?|{SP}to{SP}")
RESPECTIVELY = re.compile(r"(?i:\brespectively\b)")
JOINED = re.compile(rf"(?:{SP}*[\w@/-]+)?{SP}*(?:\({SP}*)?(?i:from|to)?{SP}*\(?{SP}*")
REDUCE_BY = re.compile(r"(?i:\b(?:reduc\w*|sav(?:e|es|ed|ing)|cut\w*|decreas\w*|lower\w*)\b)")
SCOPE = re.compile(
    rf"(?i:(?:specifically|particularly|notably|for instance|for example|in particular|"
    rf"moreover|furthermore|finally|first|second|third|also)[,:]?{SP}+)?"
    rf"(?i:on|in|for|across){SP}+(?:(?i:the|both){SP}+)?(?:[\w-]+{SP}+){{0,2}}?"
)
# a verb changing a measure the vocabulary does not name: "and reduces off-target rates from"
NEW_MEASURE = re.compile(
    r"(?i:\b(?:reduc|increas|decreas|lower|rais|improv|boost|cut|sav|enhanc)\w*)"
    r"(?:\s+(?:the|its|their|our))?(?:\s+(?!(?:performance|results?|scores?|by|from|to)\b)"
    r"[a-z][\w-]*){1,3}\s+(?:from|by|to)\s*$"
)
SETTING_BREAK = re.compile(r";|,\s+(?:while|whereas|but)\b|\b(?:while|whereas)\b")
CORRELATIONS = ("correlation", "Spearman", "Pearson", "Kendall")
METRIC_LIST_SEP = re.compile(rf"{SP}?(?:,|/|&|and|,{SP}and){SP}?(?:the{SP})?(?:[A-Za-z]+{SP})?")
# between a metric name and its value: "an F1 of 84.1", "F1 = 82.7", "accuracy reaches 72.4"
NEAR_SCORE = re.compile(
    rf"(?:{SP}|[=:(])*(?i:(?:scores?|values?|rates?|results?|of|is|was|are|were|at|to|reaches|"
    rf"reaching|reached|achieves?|achieving|obtains?|from|by|around|about|approximately|nearly|"
    rf"almost|over|only|just|up|a|an|the|new|best|high|record|top){SP}*|[=:(]{SP}*)*"
)
IN_UNKNOWN = re.compile(
    rf"{SP}(?:in|on){SP}(?:terms{SP}of{SP})?(?!(?:the|a|an|average|most|all|each|both|"
    rf"several|many|some|our|their|its|this|these|addition|total|comparison|practice|"
    rf"general|particular)\b)[a-z][a-z-]{{2,}}\b(?!{SP}(?:dataset|benchmark|set|split|task))"
)
# between two results of one list-like clause: "on ProPara and", "against ETPA (...) and"
SAME_AGAIN = re.compile(
    rf"(?:[^;:]*?{SP})?(?:(?i:on|in|for|and|against|over|than){SP}+(?:the{SP}+)?[^;:]{{1,60}}?)?"
    rf"(?:,{SP}*)?(?i:and|,){SP}*(?:(?i:by|of){SP}*)?"
)
SETTING = re.compile(
    r"(?i:\b(?:zero|one|few|\d{1,3})[- ]shot\b|\bfine-?tun(?:ed|ing)\b|\blinear[- ]prob(?:e|ing)\b|"
    r"\btest[- ](?:dev|std|clean|other)\b|"
    r"\b(?:test|dev|development|validation|val)\s+(?:set|split)\b|"
    r"\bval20\d\d\b|\btest20\d\d\b|\bsingle[- ]model\b|\bensemble\b|\bsemi-supervised\b|"
    r"\bunsupervised\b|\bin-domain\b|\bout-of-domain\b)"
)

# --- benchmark names in the results' own context ------------------------------------------------
ON = re.compile(
    rf"{SP}?\)?(?:{SP}|,)*(?:(?i:on|in){SP}average,?{SP}+)?(?i:on|in|over|across|for|at){SP}+(?:(?i:the|a|an|both|all|two|three|four|"
    rf"five|several|popular|challenging|standard|widely[- ](?:used|accepted)|public|"
    rf"publicly{SP}available|large-scale|real-world|well-known|competitive|famous|recent|"
    rf"recently{SP}proposed|benchmark|dataset|datasets|benchmarks|our|their|its|this|these|new|"
    rf"proposed|original|full|official|held-out|hidden){SP}+){{0,4}}"
)
OURS = re.compile(
    rf"\b(?i:our|this|the{SP}proposed|the{SP}new){SP}+(?:[\w’'-]+{SP}+){{0,3}}"
    rf"(?i:dataset|benchmark|corpus|test{SP}set)\b"
)
ON_AGAIN = re.compile(rf"[^\s,;:.()]{{1,12}}{SP}+(?i:on|in){SP}+(?:(?i:the){SP}+)?")
# "on 13 few-shot downstream tasks", "on several benchmarks": measured on something unnamed
UNNAMED = re.compile(
    rf"(?:\d+|several|multiple|various|many|all|other|most|both|each|average){SP}+"
    rf"(?:[\w-]+{SP}+){{0,3}}?(?i:tasks?|datasets?|benchmarks?|languages?|domains?|settings?|"
    rf"categories|splits?|environments?|games?|problems?)\b"
)
# words between a result and "on X": a metric or gain words, "40% fewer CL calls in SMAC"
TO_ON = re.compile(
    rf"(?:{SP}?\)?{SP}?(?!(?i:while|when|and|or|but|than|compared|by|with|using|which|that|"
    rf"for|on|in|over|across|at|to)\b)[A-Za-z@][\w@.+-]*){{0,4}}?(?={SP}?\)?(?:{SP}|,)*"
    rf"(?i:on|in|over|across|at|for){SP})"
)
ON_BEFORE = re.compile(
    rf"(?i:\b(?:on|in|over|across|for|using))(?:{SP}+(?i:the|a|an|both|all|popular|challenging|"
    rf"standard|widely[- ](?:used|accepted)|public|large-scale|real-world|well-known|famous|new|"
    rf"recently{SP}proposed|competitive|benchmark|dataset|our|their|this|proposed)){{0,4}}{SP}+$"
)
# "on" before a name anywhere in a sentence reporting a result
ON_NAME = re.compile(
    rf"(?i:\b(?:on|in|over|across))(?:{SP}+(?i:the|a|an|both|popular|challenging|standard|"
    rf"widely[- ](?:used|accepted)|public|large-scale|real-world|well-known|famous|new|"
    rf"recently{SP}proposed|competitive)){{0,3}}{SP}+(?=[A-Za-z0-9])"
)
NAME_THEN_DATASET = re.compile(
    rf"{SP}(?i:dataset|benchmark|corpus|test{SP}set|datasets|benchmarks)\b"
)
DATASETS_LIST = re.compile(
    rf"(?i:datasets?|data{SP}sets?|benchmarks?|corpora|test{SP}sets?)[,:]?{SP}*\(?{SP}*"
    rf"(?i:i\.e\.|e\.g\.|such{SP}as|including|namely|like)?,?{SP}*"
)
NAME_TOKEN = re.compile(r"[A-Za-z0-9][\w+'’.–-]*[\w+]|[A-Z0-9]")
NAME_LIST_SEP = re.compile(
    rf"{SP}?(?:\([^()]{{0,40}}\))?{SP}?(?:,{SP}?(?:and{SP}|or{SP})?|{SP}and{SP}|{SP}or{SP}|"
    rf"{SP}?/{SP}?|{SP}?&{SP}?)(?:the{SP})?"
)
BRACKETED_AFTER = re.compile(
    rf"((?:[A-Za-z0-9][\w+'’.-]*{SP}){{0,3}}[A-Za-z0-9][\w+'’.-]*){SP}?\($"
)
REPEAT = re.compile(rf"{SP}?\({SP}?")
ACRONYM_AFTER = re.compile(rf"{SP}?\(([A-Z][\w-]{{1,15}})\)")
DIMENSIONS_NAME = re.compile(r"\d+[x×]\d+(?:[x×]\d+)?")
