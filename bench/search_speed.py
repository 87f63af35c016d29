"""The pure-Python search's speed: this tree's `stich.solvers.search` against an older one.

Solves a fixed set of positions (random positions of every game with the objectives each
knows, and bridge deals of 6 to 8 cards a hand, from `tests/solvers/samples.py`) with the
compiled kernel off, once with this tree's search and once with the search of ``--old``
(a commit; its ``solvers/search.py`` is loaded from git into a temporary module and put in
the solver's place), alternating the two ``--rounds`` times in one process. Both must give
the same value and node count on every position; the script prints for each the total time
of its best round and the node count.

    python -m bench.search_speed --old 57032fb
    python -m bench.search_speed --old 57032fb --positions 40 --rounds 3

The machine may be shared: compare the ratio, not the absolute times.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import stich.solvers.solver as solver_module
from stich.solvers.parse import parse_position
from stich.solvers.position import Position
from stich.solvers.solver import Solver
from tests.solvers.samples import bridge_position_json, random_position

ROOT = Path(__file__).resolve().parents[1]
GAMES = {
    "stiche-raten": ["tricks", "exact"],
    "wizard": ["tricks", "exact"],
    "was-sticht": ["tricks", "task"],
    "stich-fuer-stich": ["tricks", "points"],
    "24": ["tricks", "points"],
}
NAMES = ("make_search", "make_keys", "TranspositionTable", "Seating")


def positions(count: int) -> list[tuple[str, Position]]:
    """``count`` positions of every game and objective, and bridge deals (fixed seeds)."""
    out = []
    for game, objectives in GAMES.items():
        for objective in objectives:
            for seed in range(count):
                cards = 4 + seed % (3 if game == "stich-fuer-stich" else 4)
                out.append(
                    (
                        f"{game} {objective} {seed}",
                        random_position(game, 30_000 + seed, cards, None, objective),
                    )
                )
    for seed in range(count):
        base = bridge_position_json(300 + seed, 6 + seed % 3, None, 0)
        trump = ["S", "H", "D", "C", None][seed % 5]
        out.append((f"bridge {seed}", parse_position({**base, "trump": trump, "leader": seed % 4})))
    return out


def load_old(commit: str) -> ModuleType:
    """``solvers/search.py`` of ``commit`` as a module of its own."""
    text = subprocess.run(
        ["git", "show", f"{commit}:solvers/search.py"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout
    path = Path(tempfile.mkdtemp()) / "search_old.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location("stich_search_old", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@contextmanager
def search_of(module: ModuleType | None) -> Iterator[None]:
    """The solver built with ``module``'s search (None: this tree's)."""
    saved = {name: getattr(solver_module, name) for name in NAMES}
    if module is not None:
        for name in NAMES:
            setattr(solver_module, name, getattr(module, name))
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(solver_module, name, value)


def run(cases: list[tuple[str, Position]]) -> tuple[float, list[tuple[int, int]]]:
    """Processor seconds to find every position's value, and each value and node count."""
    results = []
    start = time.process_time()
    for _, position in cases:
        solver = Solver(position, kernel=False)
        results.append((solver.value(), solver.nodes))
    return time.process_time() - start, results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--old", required=True, help="the commit whose search.py to compare with")
    parser.add_argument("--positions", type=int, default=20, help="positions per game and objective")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    old = load_old(args.old)
    cases = positions(args.positions)
    best: dict[str, float] = {"old": float("inf"), "new": float("inf")}
    found: dict[str, Any] = {}
    for _ in range(args.rounds):
        for name, module in (("old", old), ("new", None)):
            with search_of(module):
                seconds, results = run(cases)
            best[name] = min(best[name], seconds)
            found[name] = results
    for (where, _), a, b in zip(cases, found["old"], found["new"], strict=True):
        if a != b:
            print(f"differ on {where}: old (value, nodes) {a}, new {b}")
            return 1
    nodes = sum(n for _, n in found["new"])
    print(f"{len(cases)} positions, {nodes:,} nodes, the same values and node counts old and new")
    print(f"old search ({args.old}): {best['old']:.2f} s (best of {args.rounds})")
    print(f"new search:            {best['new']:.2f} s (best of {args.rounds})")
    print(f"new / old: {best['new'] / best['old']:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
