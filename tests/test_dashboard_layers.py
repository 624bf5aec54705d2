"""The dashboard's modules import in layers: no import cycle, counting imports inside functions.

Also: no module of the dashboard is over 700 lines, and the filter model needs no Streamlit.
"""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_LINES = 700


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _graph() -> dict[str, set[str]]:
    files = {_module_name(p): p for p in (ROOT / "dashboard").rglob("*.py")}
    files["streamlit_app"] = ROOT / "streamlit_app.py"
    graph: dict[str, set[str]] = {m: set() for m in files}
    for mod, path in files.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                # "from dashboard import data" imports dashboard.data
                targets = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            graph[mod] |= {t for t in targets if t in files and t != mod}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                return [*stack[stack.index(n) :], n]
            if n not in state and (found := visit(n)):
                return found
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state and (found := visit(m)):
            return found
    return None


def test_the_graph_sees_imports_inside_functions():
    graph = _graph()
    # imports at the top and inside functions both count
    assert "dashboard.filters" in graph["dashboard.data"]
    assert "dashboard.analytics.statistics" in graph["dashboard.analytics.rates"]
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_dashboard_has_no_import_cycle():
    assert _cycle(_graph()) is None


def test_data_and_filters_do_not_import_each_other_both_ways():
    graph = _graph()
    assert "dashboard.data" not in graph["dashboard.filters"]
    assert "dashboard.data" not in graph["dashboard.source"]
    assert "dashboard.filters" not in graph["dashboard.source"]


def test_no_dashboard_module_is_over_700_lines():
    long = {
        str(p.relative_to(ROOT)): n
        for p in (ROOT / "dashboard").rglob("*.py")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}


def test_filter_model_does_not_import_streamlit():
    saved = {k: v for k, v in sys.modules.items() if k == "streamlit" or k.startswith("dashboard")}
    for k in saved:
        del sys.modules[k]
    try:
        sys.modules["streamlit"] = None  # any "import streamlit" now fails
        importlib.import_module("dashboard.filter_model")
    finally:
        sys.modules.pop("streamlit", None)
        for k in [k for k in sys.modules if k.startswith("dashboard")]:
            del sys.modules[k]
        sys.modules.update(saved)
