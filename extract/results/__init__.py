"""The parts of the results stage (:mod:`extract.stages.results`, which documents the reading).

:mod:`~extract.results.patterns` (regexes), :mod:`~extract.results.vocab` (metric and benchmark
knowledge from the data files), :mod:`~extract.results.numbers` (candidate numbers),
:mod:`~extract.results.names` (metric, benchmark and method mentions) and
:mod:`~extract.results.reading` (one sentence at a time, in steps by job:
:mod:`~extract.results.grouping`, :mod:`~extract.results.kind`,
:mod:`~extract.results.attachment` and :mod:`~extract.results.settings`, sharing a
:mod:`~extract.results.sentence`). The stage's version hashes every one of them (it is computed
from the import graph, :mod:`extract.versioning`), so a change re-runs the stage by itself.
"""
