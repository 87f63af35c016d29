"""Every import of ours goes through the one installed name, ``stich``.

The top-level folders (games, deducer, solvers, hints, puzzles) are installed as
``stich.games``, ``stich.solvers``, …; imported by their folder's own name from the
repository root they would be second copies of the same modules, whose classes are not the
installed ones (``games.errors.StichError is stich.games.errors.StichError`` is False). So
no file in the repository, the packages, tests and bench/ included, imports them that way,
and nothing imports ``bench`` or a bench script by its top-level name either: a bench
script shares code with another by a relative import, run as ``python -m bench.NAME``.

The files are read with `ast`, not imported: every ``import`` and ``from ... import``
statement counts, at module level, inside functions and under ``if TYPE_CHECKING:``.
"""

from __future__ import annotations

import ast
import os
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FOLDERS = ("games", "deducer", "solvers", "hints", "puzzles", "bench")
"""The top-level folders that are imported only as ``stich.X`` (bench: only relatively)."""

BENCH_SCRIPTS = frozenset(path.stem for path in (ROOT / "bench").glob("*.py")) - {"__init__"}
"""The bench scripts, which are no top-level modules either."""

SKIPPED = {".git", ".venv", "build", "dist", "node_modules", "__pycache__"}


def python_files() -> Iterator[Path]:
    """Every ``.py`` file of the repository, not following links (``stich/games`` is a link to
    ``games/``) and not looking into the virtual environment or build folders."""
    for folder, subfolders, files in os.walk(ROOT):
        subfolders[:] = sorted(
            name for name in subfolders if name not in SKIPPED and not name.startswith(".")
        )
        for name in sorted(files):
            if name.endswith(".py"):
                yield Path(folder) / name


def imported_names(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Each absolute import's module name with its line (relative imports are not by name)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module is not None:
            yield node.lineno, node.module


def by_own_name(module: str) -> bool:
    top = module.split(".")[0]
    return top in FOLDERS or top in BENCH_SCRIPTS


def test_the_files_are_found() -> None:
    found = {path.relative_to(ROOT).parts[0] for path in python_files()}
    assert {"games", "solvers", "hints", "stich", "tests", "bench"} <= found
    assert not any(part == ".venv" for path in python_files() for part in path.parts)


def test_no_import_by_a_folders_own_name() -> None:
    offending = [
        f"{path.relative_to(ROOT)}:{line}: import {module} (import it as stich.{module} or relatively)"
        for path in python_files()
        for line, module in imported_names(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        if by_own_name(module)
    ]
    assert not offending, "\n".join(offending)


def test_the_check_sees_each_form() -> None:
    source = "import games\nfrom solvers.search import x\nimport bench.timing\nfrom timing import y\n"
    names = [module for _, module in imported_names(ast.parse(source)) if by_own_name(module)]
    assert names == ["games", "solvers.search", "bench.timing", "timing"]
    fine = "import stich.games\nfrom stich.hints import advice\nfrom .timing import y\nimport typer\n"
    assert not [module for _, module in imported_names(ast.parse(fine)) if by_own_name(module)]
