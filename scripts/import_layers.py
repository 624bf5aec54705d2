"""Print the project's import graph as layers: every module imports only modules of lower layers.

    python scripts/import_layers.py [--package extract] [--package dashboard]

Edges are every ``import``/``from ... import`` anywhere in a module (inside functions too) that
names a project module, as :mod:`extract.versioning` reads them; the implicit import of a parent
package (``a.b`` runs ``a/__init__``) is left out, since a package importing its own submodules
is not a cycle. Layer 0 imports no project module; a module's layer is one more than the highest
layer it imports. A cycle is printed and makes the exit status 1.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from extract import versioning  # noqa: E402


def modules(packages: list[str]) -> list[str]:
    """Every module of ``packages`` (dotted names)."""
    out = []
    for pkg in packages:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out.append(".".join(parts))
    return out


def graph(mods: list[str]) -> dict[str, set[str]]:
    """``module -> project modules it imports explicitly`` (parents of the importer left out)."""
    known = set(mods)
    out = {}
    for m in mods:
        parents = {".".join(m.split(".")[:i]) for i in range(1, m.count(".") + 1)}
        deps = set(versioning.direct_imports(m)) & known
        # a module named in an import statement, not a parent reached only through it
        explicit = {d for d in deps if not any(o.startswith(d + ".") for o in deps) or d in _named(m)}
        out[m] = explicit - parents - {m}
    return out


def _named(module: str) -> set[str]:
    import ast

    tree = ast.parse(versioning.module_path(module).read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def layers(g: dict[str, set[str]]) -> tuple[dict[str, int], list[str]]:
    """Layer per module, and the modules left on a cycle."""
    level: dict[str, int] = {}
    todo = set(g)
    while todo:
        ready = [m for m in todo if all(d in level for d in g[m])]
        if not ready:
            return level, sorted(todo)
        for m in ready:
            level[m] = 1 + max((level[d] for d in g[m]), default=-1)
            todo.discard(m)
    return level, []


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--package", action="append", default=None)
    args = ap.parse_args(argv)
    g = graph(modules(args.package or ["extract", "dashboard"]))
    level, cyclic = layers(g)
    for n in range(max(level.values(), default=-1) + 1):
        print(f"layer {n}: {', '.join(sorted(m for m, v in level.items() if v == n))}")
    if cyclic:
        print(f"on a cycle (no layer): {', '.join(cyclic)}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
