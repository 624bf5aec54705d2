"""The parts of the results stage (:mod:`extract.stages.results`, which documents the reading).

:mod:`~extract.results.patterns` (regexes), :mod:`~extract.results.vocab` (metric and benchmark
knowledge from the data files), :mod:`~extract.results.numbers` (candidate numbers),
:mod:`~extract.results.names` (metric, benchmark and method mentions) and
:mod:`~extract.results.reading` (one sentence at a time, in steps by job:
:mod:`~extract.results.grouping`, :mod:`~extract.results.kind`,
:mod:`~extract.results.attachment` and :mod:`~extract.results.settings`, sharing a
:mod:`~extract.results.sentence`). A change to any of them that changes
the rows is a change of the stage: bump ``VERSION`` in :mod:`extract.stages.results`.
"""
