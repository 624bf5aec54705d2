"""The import graph of ``extract/`` and ``dashboard/``: layers that only point down, small modules.

The graph is built with ``ast`` from every ``import`` and ``from ... import`` anywhere in a
module, inside functions included (a function-level import is a dependency all the same). An
import of ``a.b`` is an edge to module ``a.b``; ``from a import b`` is an edge to ``a.b`` when
that is a module, else to the package ``a``. Importing a submodule is not counted as importing
its parent package's ``__init__`` (Python runs it, but a package that imports its own
submodules is not a cycle of the code's layers).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MAX_LINES = 700
# Modules still over MAX_LINES or packages still with a cycle, each split by another change of
# issue 25: expected to fail until then (non-strict, so the split needs no edit here).
PENDING_SIZE: set[str] = set()
PENDING_CYCLES: set[str] = set()


def _modules(package: str) -> dict[str, Path]:
    """Dotted module name -> path, for every ``.py`` file under ``ROOT / package``."""
    out = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _resolve(module: str, path: Path, node: ast.ImportFrom) -> str:
    """The absolute module name a ``from ... import`` refers to (relative imports resolved)."""
    if not node.level:
        return node.module or ""
    base = module.split(".")
    if path.name != "__init__.py":
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Edges module -> project modules it imports (anywhere in its source)."""
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = _resolve(name, path, node)
                targets = [
                    f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base
                    for a in node.names
                ]
            for t in targets:
                # "import a.b.c" of a name that is not a module: its longest module prefix
                while t and t not in modules:
                    t = t.rpartition(".")[0]
                if t and t != name:
                    graph[name].add(t)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = 0

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_graph_sees_function_level_imports(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("def f():\n    from pkg import b\n    return b\n")
    (pkg / "b.py").write_text("import pkg.a\n")
    modules = {"pkg": pkg / "__init__.py", "pkg.a": pkg / "a.py", "pkg.b": pkg / "b.py"}
    graph = import_graph(modules)
    assert graph == {"pkg": set(), "pkg.a": {"pkg.b"}, "pkg.b": {"pkg.a"}}
    assert cycles(graph) == [["pkg.a", "pkg.b"]]
    # "from extract.names import roles as R": the submodule, not the package
    assert "extract.names.roles" in import_graph(_modules("extract"))["extract.names.recogniser"]


def test_the_cycle_finder_finds_a_cycle_through_three_modules():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]


@pytest.mark.parametrize(
    "package",
    [
        pytest.param(p, marks=pytest.mark.xfail(reason="split pending (issue 25)", strict=False))
        if p in PENDING_CYCLES
        else p
        for p in ("extract", "dashboard")
    ],
)
def test_no_import_cycles(package):
    found = cycles(import_graph(_modules(package)))
    assert found == [], f"import cycles in {package}/: {found}"


def test_names_never_imports_a_stage():
    graph = import_graph(_modules("extract"))
    names = {m for m in graph if m == "extract.names" or m.startswith("extract.names.")}
    assert len(names) >= 8
    bad = {(m, t) for m in names for t in graph[m] if t.startswith("extract.stages")}
    assert bad == set()


@pytest.mark.parametrize(
    "path",
    [
        pytest.param(p, marks=pytest.mark.xfail(reason="split pending (issue 25)", strict=False))
        if p in PENDING_SIZE
        else p
        for p in sorted(
            str(f.relative_to(ROOT))
            for pkg in ("extract", "dashboard")
            for f in (ROOT / pkg).rglob("*.py")
        )
    ],
)
def test_module_size(path):
    n = len((ROOT / path).read_text(encoding="utf-8").splitlines())
    assert n <= MAX_LINES, f"{path} has {n} lines"
