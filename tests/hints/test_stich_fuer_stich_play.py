"""Stich für Stich's play advice in one world: the double-dummy search within a node limit, else
the world played out (`hints.advisors.stich_fuer_stich.advisor.world_points`, `play_out`)."""

from __future__ import annotations

from typing import Any

import pytest

from stich.hints.advisors.stich_fuer_stich.advisor import (
    _policy_card,
    card_points,
    own_play_out,
    play_out,
    world_points,
)
from stich.solvers.parse import parse_position
from stich.solvers.position import Position
from stich.solvers.reference import reference_solve
from stich.solvers.solver import Solver
from tests.solvers.samples import random_position_json


def _lone_position(seed: int, cards: int = 3) -> tuple[Position, int]:
    """A random Stich für Stich position of one seat against the rest, that seat to move."""
    while True:
        players = 3 + seed % 2
        data: dict[str, Any] = random_position_json("stich-fuer-stich", seed, cards, players, "tricks")
        seed += 1000
        seats = [*range(data["leader"], players), *range(data["leader"])]
        lone = seats[len(data["trick"])]
        data["teams"] = [[lone], [s for s in range(players) if s != lone]]
        data["objective"] = {"type": "tricks", "seat": lone}
        return parse_position(data), lone


def _lone_last_position(seed: int) -> tuple[Position, int]:
    """A random Stich für Stich position of one seat against the rest, that seat the last to play
    to the trick under way."""
    players = 3 + seed % 2
    data: dict[str, Any] = random_position_json("stich-fuer-stich", seed, 3, players, "tricks")
    lone = (data["leader"] - 1) % players
    data["teams"] = [[lone], [s for s in range(players) if s != lone]]
    data["objective"] = {"type": "tricks", "seat": lone}
    return parse_position(data), lone


@pytest.mark.parametrize("seed", range(12))
def test_world_points_within_the_node_limit_are_the_double_dummy_values(seed: int) -> None:
    position, lone = _lone_position(70_000 + seed)
    found, searched = world_points(position, lone, nodes=10_000_000)
    _, expected = reference_solve(position)
    assert searched
    assert {(m.card, m.declaration): v for m, v in found} == dict(expected)


@pytest.mark.parametrize("seed", range(12))
def test_a_world_past_the_node_limit_is_played_out(seed: int) -> None:
    position, lone = _lone_position(71_000 + seed, cards=4)
    found, searched = world_points(position, lone, nodes=1)
    solver = Solver(position)
    root = solver.root()
    assert not searched
    assert found == play_out(solver, root, lone)
    assert {m.card for m, _ in found} == {m.card for m in solver.moves(root)}
    assert all(0 <= v <= root.left for _, v in found)
    # Whether a world is searched depends on the world alone, not on what was asked before.
    again, searched = world_points(position, lone, nodes=10_000_000)
    assert searched
    assert dict(again) == dict(Solver(position).move_values())


def test_a_node_limit_stops_the_kernel_and_python_on_the_same_node() -> None:
    from stich.solvers.solver import SolveTimeout

    position, _ = _lone_position(72_000, cards=5)
    full = Solver(position)
    full.value()
    limit = full.nodes // 2
    assert limit > 10
    counts = []
    for kernel in (True, False):
        solver = Solver(position, kernel=kernel)
        solver.node_limit = limit
        with pytest.raises(SolveTimeout):
            solver.value()
        counts.append(solver.nodes)
    # Past the limit the search unwinds, counting the nodes it leaves as it goes, alike in both.
    assert counts[0] == counts[1] > limit


@pytest.mark.parametrize("seed", range(30))
def test_the_lone_seat_last_takes_the_trick_with_its_cheapest_winner(seed: int) -> None:
    # Last to play, the lone seat plays the weakest card that beats the card lying, or throws its
    # weakest card when none does.
    position, lone = _lone_last_position(73_000 + seed)
    solver = Solver(position)
    node = solver.root()
    while node.seat != lone:
        node = solver.child(node, solver.moves(node)[0])
    assert node.k == len(solver.seats) - 1
    strength = solver.tables.strength[node.live]
    hand = [c for c in range(solver.size) if node.hands[lone] >> c & 1]
    lying = strength[node.wcard]
    winners = [c for c in hand if strength[c] > lying]
    card = _policy_card(solver, node, lone)
    if winners:
        assert strength[card] == min(strength[c] for c in winners)
    else:
        assert strength[card] == min(strength[c] for c in hand)


SEATS_FOR_THEMSELVES: dict[str, Any] = {
    "game": "stich-fuer-stich",
    "options": {},
    "secret": {"culprit": "hairdresser", "weapon": "poison"},
    "confidant": 1,
    "leader": 0,
    "hands": [["H13", "G11"], ["I10", "I11", "I12", "G12", "G13"], ["H9", "H11"]],
    "trick": [],
    "teams": [[0], [1, 2]],
    "objective": {"type": "tricks", "seat": 0},
}
"""Seat 0 to lead against the confidant and a sleuth, where the two together take every trick."""


def test_a_play_out_where_each_seat_plays_for_itself_keeps_a_trick_the_team_would_take() -> None:
    # Hairdresser and poison: I12 is a weapon trump, the hairdressers culprit trumps, G11 none.
    # Against the two others as a team seat 0 takes nothing whatever it leads (after G11 the
    # sleuth takes the trick with H9 and leads H11, and the confidant's I12 takes H13). Each for
    # itself, the confidant takes G11 with I12 at once (the one card it holds that nobody after
    # it can beat) and then throws its weakest: H13 takes the last trick. Led first, H13 falls to
    # I12 and the sleuth's H11 takes G11.
    position = parse_position(SEATS_FOR_THEMSELVES)
    found, searched = world_points(position, 0, nodes=10_000_000)
    assert searched and sorted(v for _, v in found) == [0, 0]
    names = {25: "H13", 36: "G11"}
    assert {names[c]: v for c, v in own_play_out(position, 0).items()} == {"H13": 0, "G11": 1}


def test_a_cards_trick_points_take_the_play_out_share_and_choose_the_card_it_favours() -> None:
    # The position above: double-dummy ties the two cards at nothing; half the play-out's trick
    # makes G11 the card (H13 = 25, G11 = 36).
    position = parse_position(SEATS_FOR_THEMSELVES)
    points, searched = card_points(position, 0, nodes=10_000_000, share=0.5)
    assert searched and points == {25: 0.0, 36: 0.5}
    assert max(points, key=lambda c: points[c]) == 36
    assert card_points(position, 0, nodes=10_000_000, share=0.0)[0] == {25: 0.0, 36: 0.0}
