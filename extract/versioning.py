"""Stage versions computed from the code: the project modules a stage imports, transitively.

A stage's rows depend on the source of every project module its extractor runs, not only on the
module named in the registry. :func:`module_closure` reads the import graph with :mod:`ast`
(every ``import`` and ``from ... import`` anywhere in a module, inside functions too, plus
``importlib.import_module("...")`` calls with a literal name), follows it through the project
packages (``extract``, ``dashboard``) and adds the ``__init__`` of every package on the way,
since importing ``a.b.c`` runs ``a/__init__.py`` and ``a/b/__init__.py`` first.
:func:`code_hash` hashes the sources of that closure; :func:`third_party` lists the installed
distributions the closure imports, with their versions (a new numpy or spaCy can change rows
too).

Nothing here imports the stage modules: the graph comes from the files, so computing a version
is cheap and never loads a model.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.metadata as md
import sys
import threading
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROJECT_PACKAGES = ("extract", "dashboard")


def module_path(name: str) -> Path | None:
    """The source file of project module ``name`` (a package's ``__init__.py``); None if none."""
    if name.split(".")[0] not in PROJECT_PACKAGES:
        return None
    base = ROOT.joinpath(*name.split("."))
    if (base / "__init__.py").is_file():
        return base / "__init__.py"
    if base.with_suffix(".py").is_file():
        return base.with_suffix(".py")
    return None


def _is_package(name: str) -> bool:
    path = module_path(name)
    return path is not None and path.name == "__init__.py"


def _resolve_relative(name: str, module: str | None, level: int) -> str:
    base = name.split(".")
    base = base if _is_package(name) else base[:-1]
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join([*base, module] if module else base)


# CPython 3.11's parser is not safe in threads (two parses at once fail with "AST constructor
# recursion depth mismatch"): the first stage versions of a Dask worker with several threads
# are computed at once
_PARSE_LOCK = threading.Lock()


@lru_cache(maxsize=None)
def _tree(name: str) -> ast.Module | None:
    """The parsed source of project module ``name`` (None when it is not one); parsed once for
    the imports, the external packages and the data files it names."""
    path = module_path(name)
    if path is None:
        return None
    with _PARSE_LOCK:
        return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


@lru_cache(maxsize=None)
def direct_imports(name: str) -> tuple[str, ...]:
    """Project modules that module ``name`` imports anywhere in its source (sorted).

    ``from pkg import x`` counts ``pkg.x`` when that is a module, else ``pkg``; parents of every
    imported module count too (their ``__init__`` runs first).
    """
    tree = _tree(name)
    if tree is None:
        return ()
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            if node.level:
                mod = _resolve_relative(name, node.module, node.level)
            found.add(mod)
            for alias in node.names:
                if module_path(f"{mod}.{alias.name}") is not None:
                    found.add(f"{mod}.{alias.name}")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.add(node.args[0].value)
    out: set[str] = set()
    for mod in found:
        parts = mod.split(".")
        for i in range(1, len(parts) + 1):
            parent = ".".join(parts[:i])
            if module_path(parent) is not None:
                out.add(parent)
    out.discard(name)
    return tuple(sorted(out))


@lru_cache(maxsize=None)
def _external_imports(name: str) -> tuple[str, ...]:
    """Top-level names of the non-project modules ``name`` imports (sorted)."""
    tree = _tree(name)
    if tree is None:
        return ()
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module.split(".")[0])
    return tuple(sorted(m for m in found if m not in PROJECT_PACKAGES and m != "__future__"))


def module_closure(*names: str) -> tuple[str, ...]:
    """Every project module that importing ``names`` runs, ``names`` and parents included."""
    todo = []
    for n in names:
        parts = n.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts) + 1)]
    seen: set[str] = set()
    while todo:
        mod = todo.pop()
        if mod in seen or module_path(mod) is None:
            continue
        seen.add(mod)
        todo.extend(direct_imports(mod))
    return tuple(sorted(seen))


@lru_cache(maxsize=None)
def data_refs(name: str) -> tuple[str, ...]:
    """Data files module ``name`` names: string literals that are a file under ``extract/data``.

    ``DATA_DIR / "taxonomy.toml"``, ``load_toml("units.toml")`` and a list of rule files all
    name their file as a literal; a stage's version hashes the files named anywhere in its
    import closure, so a vocabulary read by an imported module counts without being declared.
    """
    tree = _tree(name)
    if tree is None:
        return ()
    data = ROOT / "extract" / "data"
    found = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and 0 < len(node.value) < 200 and "\n" not in node.value
                and not node.value.startswith(("/", "."))):
            try:
                if (data / node.value).is_file():
                    found.add(node.value)
            except (OSError, ValueError):
                continue
    return tuple(sorted(found))


def closure_data_files(*names: str) -> tuple[str, ...]:
    """Every data file named by a module of :func:`module_closure` (sorted)."""
    out: set[str] = set()
    for mod in module_closure(*names):
        out.update(data_refs(mod))
    return tuple(sorted(out))


def code_hash(*names: str) -> str:
    """SHA-1 over the name and source bytes of every module of :func:`module_closure`."""
    h = hashlib.sha1()
    for mod in module_closure(*names):
        h.update(mod.encode() + b"\0")
        h.update(module_path(mod).read_bytes())  # type: ignore[union-attr]
        h.update(b"\0")
    return h.hexdigest()


@lru_cache(maxsize=1)
def _distributions() -> dict[str, list[str]]:
    return md.packages_distributions()


def third_party(*names: str) -> tuple[str, ...]:
    """``distribution==version`` of every installed non-stdlib package the closure imports."""
    tops: set[str] = set()
    for mod in module_closure(*names):
        tops.update(_external_imports(mod))
    out: set[str] = set()
    for top in tops:
        if top in sys.stdlib_module_names:
            continue
        for dist in _distributions().get(top, ()):
            try:
                out.add(f"{dist.lower()}=={md.version(dist)}")
            except md.PackageNotFoundError:  # pragma: no cover - a stale metadata entry
                continue
    return tuple(sorted(out))
