"""The dashboard's downloads use the one export path of :mod:`extract.export` (formula-safe CSV)."""

from extract.export import (  # noqa: F401  (re-exported for the pages)
    FORMATS,
    FORMULA_PREFIXES,
    formula_safe,
    neutralise,
    to_bytes,
    to_csv,
    to_json,
    to_parquet,
    zip_tables,
)
