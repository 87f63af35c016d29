"""The compiled kernel (`solvers/_dd.c`) against the pure-Python search it mirrors.

The kernel follows the Python code step for step, so on every position it runs
both must give the same value, the same value for every legal move and the same
node count (a stronger check than equal values: the same moves in the same order
and the same table hits). Positions are larger than the reference minimax can
take: up to 9 cards per hand in bridge, every game, and every objective each game
knows (exact k, the Was sticht? tasks with the dealer's goal, 24's round points
with its reversals and Trump Chaos, Stich für Stich's trick points).
"""

from __future__ import annotations

import importlib
import random
from dataclasses import replace

import pytest

from stich.games.cards import iter_cards, mask_of
from stich.solvers.parse import parse_position
from stich.solvers.position import ObjectiveSpec, Position
from stich.solvers.solver import Move, Solver
from tests.solvers.samples import bridge_position_json, random_position


def test_kernel_is_built() -> None:
    try:
        importlib.import_module("stich.solvers._dd")
    except ImportError as exc:  # pragma: no cover
        pytest.fail(f"the compiled kernel is missing ({exc}): `pip install -e .` with a C compiler builds it")


def _same(position_json: dict[str, object], where: str) -> bool:
    position = parse_position(position_json)
    fast, plain = Solver(position), Solver(position, kernel=False)
    assert not plain.compiled
    assert fast.compiled, f"the kernel fell back to Python: {where}"
    value = fast.value()
    assert value == plain.value(), where
    assert fast.nodes == plain.nodes, where
    if plain.nodes < 20_000:  # every move's value too, where the Python search is quick
        assert fast.move_values() == plain.move_values(), where
        assert fast.nodes == plain.nodes, where
    return fast.compiled


@pytest.mark.parametrize("game", ["stiche-raten", "wizard", "was-sticht", "stich-fuer-stich", "24"])
def test_kernel_equals_python_search(game: str) -> None:
    compiled = 0
    cases = 60
    for seed in range(cases):
        # 3-7 cards per hand; Stich für Stich 3-6 (its confidant holds 3 more)
        cards = 3 + seed % (4 if game == "stich-fuer-stich" else 5)
        position = random_position(game, 10_000 + seed, cards, None, "tricks")
        compiled += _same(position.to_json(), f"{game} seed {10_000 + seed}")
    assert compiled == cases, compiled


OBJECTIVES = {
    "stiche-raten": ["exact"],
    "wizard": ["exact"],
    "was-sticht": ["exact", "task"],
    "stich-fuer-stich": ["exact", "points"],
    "24": ["tricks", "exact", "points"],
}


@pytest.mark.parametrize(
    "game, objective", [(g, o) for g, objectives in OBJECTIVES.items() for o in objectives]
)
def test_kernel_equals_python_search_for_every_objective(game: str, objective: str) -> None:
    # Each seed draws the objective's details (k, the task and its owner, 24's options) afresh.
    for seed in range(30):
        cards = 3 + seed % (3 if game == "stich-fuer-stich" else 4)
        position = random_position(game, 20_000 + seed, cards, None, objective)
        assert position.objective.type == objective
        _same(position.to_json(), f"{game} {objective} seed {20_000 + seed}")


@pytest.mark.parametrize("cards", [8, 9])
def test_kernel_equals_python_search_on_bridge_positions(cards: int) -> None:
    for seed in range(10):
        base = bridge_position_json(200 + seed, cards, None, 0)
        trump = ["S", "H", "D", "C", None][seed % 5]
        assert _same({**base, "trump": trump, "leader": seed % 4}, f"bridge seed {200 + seed} {trump}")


def test_kernel_table_limit_and_reuse() -> None:
    # A small table forces evictions; answers stay exact and the table stays under its limit.
    base = bridge_position_json(7, 9, None, 0)
    position = parse_position({**base, "trump": "H", "leader": 1})
    small = Solver(position, tt_limit=200)
    assert small.compiled
    expected = Solver(position, kernel=False).value()
    assert small.value() == expected
    assert 0 < small.table_entries <= 200
    # Another leader of the same deal keeps the table and still gets DDS-equal answers.
    other = parse_position({**base, "trump": "H", "leader": 3})
    assert small.reuse_for(other)
    assert small.value() == Solver(other, kernel=False).value()


def _another_world(position: Position, rng: random.Random) -> Position:
    """The same position with the cards in hand dealt afresh, every hand keeping its size."""
    cards = [c for h in position.hands for c in iter_cards(h)]
    rng.shuffle(cards)
    hands: list[int] = []
    for h in position.hands:
        n = h.bit_count()
        hands.append(mask_of(cards[:n]))
        cards = cards[n:]
    return replace(position, hands=tuple(hands))


@pytest.mark.parametrize("kernel", [True, False])
@pytest.mark.parametrize("game, objective", [(g, o) for g in OBJECTIVES for o in ["tricks", *OBJECTIVES[g]]])
def test_table_kept_across_worlds_gives_fresh_answers(kernel: bool, game: str, objective: str) -> None:
    # Advice solves one decision in many worlds with one solver (`Solver.reuse_for_world`).
    rng = random.Random(5)
    for seed in range(4):
        first = random_position(game, 30_000 + seed, 3 + seed % 3, None, objective)
        kept = Solver(first, kernel=kernel)
        assert kept.compiled == kernel
        for world in range(5):
            position = first if world == 0 else _another_world(first, rng)
            assert kept.reuse_for_world(position)
            fresh = Solver(position, kernel=False)
            where = f"{game} {objective} seed {30_000 + seed} world {world}"
            assert kept.move_values() == fresh.move_values(), where
            assert kept.value() == fresh.value(), where
    # Anything but the cards in each hand differs: no reuse.
    solver = Solver(first)
    spec = ObjectiveSpec("tricks") if objective != "tricks" else ObjectiveSpec("exact", k=1)
    assert not solver.reuse_for_world(replace(first, objective=spec))
    moved = list(first.hands)
    card = moved[0] & -moved[0]
    moved[0] ^= card
    moved[1] |= card
    assert not solver.reuse_for_world(replace(first, hands=tuple(moved)))
    assert solver.position is first


@pytest.mark.parametrize("kernel", [True, False])
def test_one_table_serves_both_partnerships(kernel: bool) -> None:
    # As DDS's table calculation does: the four leaders of a strain share one table, the
    # other partnership's questions turned into the searched one's. Values, move values and
    # the line's value equal a fresh solver's for every leader.
    for seed in range(6):
        base = bridge_position_json(300 + seed, 7, None, 0)
        trump = ["S", "H", "D", "C", None][seed % 5]
        shared: Solver | None = None
        for leader in (1, 0, 3, 2, 1):
            position = parse_position({**base, "trump": trump, "leader": leader})
            if shared is None:
                shared = Solver(position, kernel=kernel)
            else:
                assert shared.reuse_for(position)
            assert shared.side == position.side()
            fresh = Solver(position, kernel=kernel)
            value = fresh.value()
            where = f"seed {300 + seed} {trump} leader {leader}"
            assert shared.value() == value, where
            assert shared.move_values() == fresh.move_values(), where
            line = shared.line(value=value)
            assert sum(1 for winner in _winners(shared, line) if winner in position.side()) == value, where


def test_other_team_shares_the_table_only_when_two_teams_take_every_trick() -> None:
    base = bridge_position_json(11, 5, "H", 0)
    solver = Solver(parse_position(base))
    # Three teams: a leader of another team is not the complement of the searched one.
    three = {**base, "teams": [[0, 2], [1], [3]]}
    solver3 = Solver(parse_position(three))
    assert not solver3.reuse_for(parse_position({**three, "leader": 1}))
    # Exact k is not additive: no reuse across teams either.
    exact = {**base, "objective": {"type": "exact", "k": 2}}
    solver_k = Solver(parse_position(exact))
    assert not solver_k.reuse_for(parse_position({**exact, "leader": 1}))
    assert solver.reuse_for(parse_position({**base, "leader": 1}))


def _winners(solver: Solver, line: list[tuple[int, Move]]) -> list[int]:
    """The winner of each trick of a line from the solver's root."""
    node = solver.root()
    for _, move in line:
        node = solver.child(node, move)
    return list(node.winners)


@pytest.mark.parametrize("kernel", [True, False])
def test_a_search_past_its_deadline_raises_and_keeps_only_finished_answers(kernel: bool) -> None:
    import time

    from stich.solvers import SolveTimeout

    position = parse_position({**bridge_position_json(3, 10, None, 0), "trump": None, "leader": 0})
    solver = Solver(position, kernel=kernel)
    assert solver.compiled == kernel
    solver.deadline = time.monotonic() - 1.0  # already past: the search stops at its 1,024th node
    with pytest.raises(SolveTimeout):
        solver.value()
    assert 1024 <= solver.nodes < 4096
    # Without a limit the same solver, with what its table kept, answers as a new one does.
    solver.deadline = None
    fresh = Solver(position, kernel=kernel)
    assert solver.value() == fresh.value()
    assert solver.move_values() == fresh.move_values()
