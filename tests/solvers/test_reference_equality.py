"""The fast search equals the reference minimax: 2,000 random positions per game.

Each position has 2-7 cards per hand (Stich für Stich: the confidant 3 more), part
of a trick may be played, teams are random partitions, and the objective is drawn
from every objective the game knows (tricks, exact k, Was sticht? tasks including
the dealer's goal, 24 round points with the caller and yellow rules, Stich für
Stich trick points). Both the value and every legal move's value must agree, for
the compiled kernel (`solvers/_dd.c`, where it applies) and for the pure-Python search;
and on one position in eight the reference's value alone (`reference_value`) is its value.

The sizes are weighted towards small hands so that the reference, which has no
pruning beyond alpha-beta inside a trick, stays quick; the larger hands come with
fewer seats.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from stich.solvers.reference import reference_solve, reference_value
from stich.solvers.solver import Solver
from tests.solvers.samples import random_position

POSITIONS_PER_GAME = 2000
CHUNKS = 4

# (players, cards per hand, how many[, objective]) per game; the counts add up to
# POSITIONS_PER_GAME. Hands of 6-7 cards come with few seats and the tricks objective.
SCHEDULES: dict[str, list[tuple[Any, ...]]] = {
    "stiche-raten": [
        (3, 2, 300),
        (4, 2, 300),
        (5, 2, 200),
        (3, 3, 400),
        (4, 3, 400),
        (5, 3, 100),
        (3, 4, 200),
        (4, 4, 80),
        (3, 5, 16),
        (3, 6, 4, "tricks"),
    ],
    "wizard": [
        (3, 2, 300),
        (4, 2, 300),
        (5, 2, 200),
        (3, 3, 400),
        (4, 3, 400),
        (5, 3, 100),
        (3, 4, 200),
        (4, 4, 80),
        (3, 5, 16),
        (3, 6, 4, "tricks"),
    ],
    "was-sticht": [
        (3, 2, 350),
        (4, 2, 350),
        (3, 3, 500),
        (4, 3, 450),
        (3, 4, 250),
        (4, 4, 80),
        (3, 5, 16),
        (3, 6, 4, "tricks"),
    ],
    # The confidant holds 3 cards more: 4 cards per sleuth is 7 for the confidant.
    "stich-fuer-stich": [(3, 2, 900), (4, 2, 700), (3, 3, 300), (4, 3, 90), (3, 4, 10)],
    "24": [
        (2, 2, 255),
        (3, 2, 300),
        (4, 2, 200),
        (5, 2, 120),
        (2, 3, 250),
        (3, 3, 350),
        (4, 3, 100),
        (2, 4, 250),
        (3, 4, 60),
        (2, 5, 90),
        (3, 5, 4),
        (2, 6, 15, "tricks"),
        (2, 7, 6, "tricks"),
    ],
}


def _cases(game: str) -> list[tuple[int, int, int, str | None]]:
    """(seed, players, cards, objective) for every position of a game, in a fixed order."""
    cases = []
    seed = 0
    for players, cards, count, *objective in SCHEDULES[game]:
        for _ in range(count):
            cases.append((seed, players, cards, objective[0] if objective else None))
            seed += 1
    random.Random(game).shuffle(cases)
    return cases


def test_schedules_cover_the_sizes() -> None:
    for game, schedule in SCHEDULES.items():
        assert sum(entry[2] for entry in schedule) == POSITIONS_PER_GAME, game
        sizes = {entry[1] for entry in schedule}
        assert min(sizes) == 2 and max(sizes) >= 4, game
    assert max(entry[1] for entry in SCHEDULES["24"]) == 7


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("game", list(SCHEDULES))
def test_fast_search_equals_reference(game: str, chunk: int) -> None:
    cases = _cases(game)[chunk::CHUNKS]
    kinds: dict[str, int] = {}
    compiled: dict[bool, int] = {}
    for seed, players, cards, objective in cases:
        position = random_position(game, seed, cards, players, objective)
        kinds[position.objective.type] = kinds.get(position.objective.type, 0) + 1
        expected, expected_moves = reference_solve(position)
        where = f"{game} seed {seed}: {position.to_json()}"
        if seed % 8 == 0:
            # The value alone (the root searched with cut-offs too), as the bounds' tests ask it.
            assert reference_value(position) == expected, where
        # The compiled kernel (where it applies) and the pure-Python search, each against the reference.
        for kernel in (True, False):
            solver = Solver(position, kernel=kernel)
            value = solver.value()
            moves = {(m.card, m.declaration): v for m, v in solver.move_values()}
            assert value == expected, (kernel, where)
            assert moves == dict(expected_moves), (kernel, where)
            # The kernel serves every game and objective: no silent fall-back to Python.
            assert solver.compiled == kernel, (kernel, where)
            compiled[solver.compiled] = compiled.get(solver.compiled, 0) + 1
    # Every objective of the game is exercised.
    wanted = {"tricks", "exact"} | {
        "was-sticht": {"task"},
        "24": {"points"},
        "stich-fuer-stich": {"points"},
    }.get(game, set())
    assert wanted <= set(kinds), kinds
    assert compiled == {True: len(cases), False: len(cases)}, compiled
