"""Where the vocabularies and patterns live (``extract/data``), and how they are read."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tomllib

DATA_DIR = Path(__file__).parent / "data"


def load_toml(name: str) -> dict[str, Any]:
    """Parse ``extract/data/<name>``."""
    return tomllib.loads((DATA_DIR / name).read_text(encoding="utf-8"))
