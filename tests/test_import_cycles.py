"""The import graph of the project's modules: no cycle, and the layers hold.

The graph is read from the source with `ast`, not by importing: every ``import`` and
``from ... import`` statement of a module counts, at module level, inside functions and
under ``if TYPE_CHECKING:`` alike (an import moved into a function to dodge a cycle is
still a cycle). Relative imports are resolved against the importing module's package.

What an import is an edge to:

- ``import stich.a.b`` and ``import stich.a.b as x``: the module ``stich.a.b``;
- ``from stich.a import b``: ``stich.a.b`` where that is a module (``from . import b``
  alike), otherwise the package ``stich.a`` (a name its ``__init__`` defines or re-exports);
- a string that is exactly the dotted name of one of our modules: the modules registries
  import on first use (``importlib.import_module(name)``, the game and advisor registries);
- a name of ours that is no file (none today) is an error of the test, not a silent gap.

A package is its ``__init__``: an edge to ``stich.a`` is one to ``stich/a/__init__.py``,
which may import its own submodules to re-export them like any other module (so the
package and the submodules it re-exports stand together, as one). Importing ``stich.a.b``
runs the packages it sits in first, so it is an edge to ``stich.a`` as well — except where
the importer sits in that package itself: Python has begun that package before the module,
and a module is not in a cycle with its own packages merely by sitting in them. A cycle
through an ``__init__`` then means that a submodule imports its own package's re-exports
instead of the sibling that defines them, or that a module imports into a package whose
``__init__`` imports it back.

The layers (bottom up): ``stich.games``; ``stich.deducer`` and ``stich.solvers`` on the
games; the assistant core ``stich.hints`` on those; ``stich.hints.live`` and
``stich.hints.play`` above the core; ``stich.puzzles``; ``stich`` itself (the Python API),
``stich.serve`` and the command line ``stich.cli`` on top.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PACKAGES = {
    "stich.games": ROOT / "games",
    "stich.deducer": ROOT / "deducer",
    "stich.solvers": ROOT / "solvers",
    "stich.hints": ROOT / "hints",
    "stich.puzzles": ROOT / "puzzles",
    "stich.cli": ROOT / "stich" / "cli",
    "stich.serve": ROOT / "stich" / "serve",
}
"""Each package of ours and the folder it is installed from (pyproject's package-dir)."""

Module = tuple[str, Path, bool]  # dotted name, file, whether it is a package's __init__


def project_modules() -> dict[str, Module]:
    """Every module of ours by dotted name: the ``.py`` files, and compiled modules by their
    stub (``solvers/_dd.pyi``)."""
    found: dict[str, Module] = {"stich": ("stich", ROOT / "stich" / "__init__.py", True)}
    for package, folder in PACKAGES.items():
        for path in sorted(folder.rglob("*.py*")):
            if path.suffix not in (".py", ".pyi") or "__pycache__" in path.parts:
                continue
            parts = list(path.relative_to(folder).with_suffix("").parts)
            is_init = parts[-1] == "__init__"
            if is_init:
                parts.pop()
            name = ".".join([package, *parts])
            if path.suffix == ".pyi" and name in found:
                continue
            found[name] = (name, path, is_init)
    return found


def _resolve(importer: Module, level: int, module: str | None) -> str:
    """The absolute name of a ``from`` import's module (relative ones against the importer's
    package)."""
    name, _, is_init = importer
    if not level:
        assert module is not None
        return module
    base = name.split(".")
    if not is_init:
        base.pop()
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join([*base, module]) if module else ".".join(base)


def _ours(name: str) -> bool:
    return name == "stich" or name.startswith("stich.")


def imports_of(module: Module, modules: dict[str, Module]) -> Iterator[tuple[str, int]]:
    """The modules of ours that ``module`` imports anywhere in its source, with the line."""
    _, path, _ = module
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _ours(alias.name):
                    assert alias.name in modules, f"{path}:{node.lineno}: no module {alias.name}"
                    yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(module, node.level, node.module)
            if not _ours(target):
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                if sub in modules:
                    yield sub, node.lineno
                else:
                    assert target in modules, f"{path}:{node.lineno}: no module {target}"
                    yield target, node.lineno
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in modules:
            yield node.value, node.lineno  # a module imported by name (`importlib.import_module`)


def import_graph() -> dict[str, dict[str, int]]:
    """Each module of ours: the modules of ours it imports, each with the first line doing so."""
    modules = project_modules()
    graph: dict[str, dict[str, int]] = {}
    for name, module in modules.items():
        edges: dict[str, int] = {}
        for target, line in imports_of(module, modules):
            parts = target.split(".")
            for n in range(2, len(parts) + 1):  # the target and the packages it sits in (`stich` aside)
                reached = ".".join(parts[:n])
                if not _within(name, reached):  # not the module itself nor a package it sits in
                    edges.setdefault(reached, line)
        graph[name] = edges
    return graph


def find_cycle(graph: dict[str, dict[str, int]]) -> list[str] | None:
    """One cycle of the graph (its modules in import order, the first again at the end), or None."""
    state: dict[str, int] = {}  # 1: on the path being explored, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, {})):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            found = visit(start)
            if found:
                return found
    return None


def _cycle_text(cycle: list[str], graph: dict[str, dict[str, int]]) -> str:
    modules = project_modules()
    steps = []
    for a, b in pairwise(cycle):
        path = modules[a][1].relative_to(ROOT)
        steps.append(f"  {a} imports {b} ({path}:{graph[a][b]})")
    return "import cycle:\n" + "\n".join(steps)


def _within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def test_the_graph_sees_imports_inside_functions_and_relative_ones() -> None:
    tree = {
        "stich.hints": ("stich.hints", ROOT / "hints" / "__init__.py", True),
        "stich.hints.x": ("stich.hints.x", ROOT / "hints" / "x.py", False),
        "stich.hints.y": ("stich.hints.y", ROOT / "hints" / "y.py", False),
    }
    assert _resolve(tree["stich.hints.x"], 1, None) == "stich.hints"
    assert _resolve(tree["stich.hints.x"], 1, "y") == "stich.hints.y"
    assert _resolve(tree["stich.hints"], 1, "y") == "stich.hints.y"
    assert _resolve(tree["stich.hints.x"], 2, "games.cards") == "stich.games.cards"
    graph = import_graph()
    # the command group imports the note on the kernel inside a function only
    assert "stich.cli._common" in graph["stich.cli"]
    # the advisor registry imports each game's advisor by name (importlib)
    assert "stich.hints.advisors.bids.advisor" in graph["stich.hints.advisors"]
    # `stich serve` imports the web app inside the command: the package stich.serve runs first
    assert {"stich.serve.app", "stich.serve"} <= set(graph["stich.cli.serve"])
    # `from stich.solvers import _dd` names the compiled module (by its stub), not the package,
    # and a module's own packages are no edges of its own
    assert "stich.solvers._dd" in graph["stich.solvers.solver"]
    assert "stich.solvers" not in graph["stich.solvers.solver"]


def test_find_cycle_names_a_cycle_and_only_a_cycle() -> None:
    assert find_cycle({"a": {"b": 1}, "b": {"c": 1}, "c": {}}) is None
    assert find_cycle({"a": {"b": 1}, "b": {"c": 1}, "c": {"a": 1}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b": 1, "c": 1}, "b": {"c": 1}, "c": {}}) is None


def test_no_import_cycle_between_the_projects_modules() -> None:
    graph = import_graph()
    cycle = find_cycle(graph)
    assert cycle is None, _cycle_text(cycle, graph)


LAYERS = {
    "stich.games": ("stich.games",),
    "stich.deducer": ("stich.deducer", "stich.games"),
    "stich.solvers": ("stich.solvers", "stich.games"),
    "stich.hints": ("stich.hints", "stich.deducer", "stich.solvers", "stich.games"),
    "stich.puzzles": ("stich.puzzles", "stich.hints", "stich.deducer", "stich.solvers", "stich.games"),
}
"""What each layer below the command line, the web app and the Python API may import of ours."""


def _violations(allowed: dict[str, tuple[str, ...]]) -> list[str]:
    graph = import_graph()
    found = []
    for name, edges in graph.items():
        for layer, may in allowed.items():
            if not _within(name, layer):
                continue
            for target, line in edges.items():
                if not any(_within(target, ok) for ok in may):
                    found.append(f"{name} imports {target} (line {line})")
    return sorted(found)


def test_each_layer_imports_only_the_layers_below() -> None:
    # games nothing of ours; deducer and solvers only games; hints and puzzles nothing above them
    found = _violations(LAYERS)
    assert not found, "\n".join(found)


def test_the_hints_core_imports_neither_the_live_entries_nor_the_bots() -> None:
    graph = import_graph()
    above = ("stich.hints.live", "stich.hints.play")
    core = [n for n in graph if _within(n, "stich.hints") and not any(_within(n, a) for a in above)]
    assert "stich.hints.advice" in core and "stich.hints.advisors.bids.advisor" in core
    found = sorted(
        f"{name} imports {target} (line {line})"
        for name in core
        for target, line in graph[name].items()
        if any(_within(target, a) for a in above)
    )
    assert not found, "\n".join(found)


def test_nothing_below_the_command_line_imports_it() -> None:
    graph = import_graph()
    found = sorted(
        f"{name} imports {target} (line {line})"
        for name, edges in graph.items()
        if not _within(name, "stich.cli")
        for target, line in edges.items()
        if _within(target, "stich.cli")
    )
    assert not found, "\n".join(found)
