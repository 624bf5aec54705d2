"""paper-trends extraction layer: ingest paper lists, extract, store in DuckDB.

The public entry points are :func:`extract.pipeline.build` (and the ``paper-trends``
command in :mod:`extract.cli`) and :func:`extract.api.extract_all` for extracting from
abstracts without a database. This package module imports nothing: every module of
``extract`` runs it first, so it stays out of every stage's code version.
"""
