"""Objectives the compiled kernel cannot serve: the solver falls back to the pure-Python search."""

from __future__ import annotations

import pytest

from stich.games.cards import CardSet
from stich.solvers.objectives import Objective, Progress, Tricks
from stich.solvers.solver import Node, Solver
from tests.solvers.samples import random_position


class LastTrick(Objective):
    """1 if the side takes the round's last trick: an objective the kernel knows nothing of."""

    def __init__(self, side: tuple[int, ...]) -> None:
        self.side = frozenset(side)

    def value_range(self, left: int) -> tuple[int, int]:
        return 0, 1

    def start(self) -> Progress:
        return -1

    def after_trick(self, progress: Progress, winner: int, cards: CardSet) -> Progress:
        return winner

    def final(self, progress: Progress, state: int) -> int:
        return int(progress in self.side)

    def bounds(self, progress: Progress, left: int) -> tuple[int, int]:
        return (self.final(progress, 0),) * 2 if left == 0 else (0, 1)


class UncompiledTricks(Tricks):
    """`Tricks` as an objective outside the kernel would be: the same value, no kernel form."""

    def kernel_spec(self) -> None:
        return None


def _minimax(solver: Solver, node: Node) -> int:
    """The value by plain recursion over the solver's moves (no search, no table)."""
    if node.left == 0:
        return solver.objective.final(node.prog, node.live)
    values = [_minimax(solver, solver.child(node, move)) for move in solver.moves(node)]
    return max(values) if solver.seating.sideof[node.seat] else min(values)


def test_objective_without_kernel_form_has_no_kernel_spec() -> None:
    assert Objective().kernel_spec() is None
    assert Tricks().kernel_spec() is not None


@pytest.mark.parametrize("game", ["stiche-raten", "wizard", "was-sticht", "24"])
def test_objective_the_kernel_lacks_is_searched_in_python(game: str) -> None:
    for seed in range(8):
        position = random_position(game, 30_000 + seed, 2 + seed % 3, None, "tricks")
        objective = LastTrick(position.side())
        solver = Solver(position, objective=objective)
        plain = Solver(position, objective=objective, kernel=False)
        assert not solver.compiled
        value = solver.value()
        assert value == plain.value() == _minimax(solver, solver.root()), f"{game} seed {seed}"
        assert solver.nodes == plain.nodes
        assert solver.move_values() == plain.move_values()


@pytest.mark.parametrize("game", ["stiche-raten", "wizard", "was-sticht", "stich-fuer-stich", "24"])
def test_kernel_fallback_gives_the_kernels_answer(game: str) -> None:
    for seed in range(8):
        position = random_position(game, 31_000 + seed, 3 + seed % 3, None, "tricks")
        compiled = Solver(position)
        fallback = Solver(position, objective=UncompiledTricks())
        assert compiled.compiled and not fallback.compiled
        assert fallback.value() == compiled.value(), f"{game} seed {seed}"
        assert fallback.nodes == compiled.nodes
        assert fallback.move_values() == compiled.move_values()
        assert fallback.solve().line == compiled.solve().line
