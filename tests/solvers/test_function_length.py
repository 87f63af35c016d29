"""No function of the packages is longer than 150 lines.

Every function and method of games, deducer, solvers, hints, puzzles and stich is measured
from its ``def`` (decorators not counted) to its last line, nested functions included in
their outer function's length and measured on their own as well.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("games", "deducer", "solvers", "hints", "puzzles", "stich")
LONGEST = 150


def _sources() -> list[Path]:
    seen: set[Path] = set()
    out = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            real = path.resolve()
            if real not in seen:  # stich/games and the like link to the top-level folders
                seen.add(real)
                out.append(real)
    return out


def long_functions(source: str, longest: int = LONGEST) -> list[tuple[str, int, int]]:
    """(name, first line, length) of every function in ``source`` longer than ``longest`` lines."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            assert node.end_lineno is not None
            length = node.end_lineno - node.lineno + 1
            if length > longest:
                out.append((node.name, node.lineno, length))
    return out


def test_the_measure_counts_nested_functions_alone_and_in_their_outer_function() -> None:
    inner = "    def inner():\n" + "        x = 1\n" * 5
    source = "def outer():\n" + inner + "    return inner\n"
    assert long_functions(source, 5) == [("outer", 1, 8), ("inner", 2, 6)]
    assert long_functions(source, 6) == [("outer", 1, 8)]
    assert long_functions(source, 8) == []


def test_the_packages_are_found() -> None:
    names = {path.relative_to(ROOT).as_posix() for path in _sources()}
    assert "solvers/search.py" in names
    assert len(names) > 50


def test_no_function_is_longer_than_150_lines() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line} {name} ({length} lines)"
        for path in _sources()
        for name, line, length in long_functions(path.read_text(encoding="utf-8"))
    ]
    assert not found, "split these functions into units of at most 150 lines:\n" + "\n".join(found)
