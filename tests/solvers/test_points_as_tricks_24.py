"""24 advice asks the solver for the seat's tricks where its round points are a strictly increasing
function of them (`hints.advisors.vierundzwanzig.advisor._by_tricks`): the value and every move's value,
mapped through that function, equal the reference minimax of the points objective on random
small 24 positions (reversals pending and declared, yellow and blind, the caller's penalty,
tricks already won, dropped seats). Under Trump Chaos the map is refused, and the checks below
show that the plausible shortcuts (ignoring the tricks already won; mapping under Trump Chaos
with the trump in force) give wrong values."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from stich.hints.advisors.vierundzwanzig.advisor import _by_tricks
from stich.hints.dd import one_against_all
from stich.solvers import Solver, parse_position
from stich.solvers.position import Position
from stich.solvers.reference import reference_solve
from tests.solvers.samples import random_position_json


def _pair(seed: int, chaos: bool | None = None) -> tuple[Position, Position, int]:
    """A random 24 position with the points objective of one seat against every other, and the same
    position with that seat's tricks as the objective; and the seat."""
    rng = random.Random(seed)
    data: dict[str, Any] = random_position_json("24", seed, cards=rng.randint(2, 3), objective="points")
    if chaos is not None:
        data["options"]["trump_chaos"] = chaos
        data.pop("next_trump", None)
    dropped = data.get("dropped", [])
    playing = [s for s in range(len(data["hands"])) if s not in dropped]
    seat = rng.choice(playing)
    data["teams"] = [list(t) for t in one_against_all(seat, playing)] + [[s] for s in dropped]
    if "won" not in data or rng.random() < 0.5:
        won = [0] * len(data["hands"])
        for _ in range(rng.randint(0, 2)):
            won[rng.choice(playing)] += 1
        data["won"] = won
    points = parse_position({**data, "objective": {"type": "points", "seat": seat}})
    tricks = parse_position({**data, "objective": {"type": "tricks", "seat": seat}})
    return points, tricks, seat


def _mapped(tricks: Position, to_value: Callable[[int], int]) -> tuple[int, dict[Any, int]]:
    """The solver's value and move values of the tricks position, mapped to points values."""
    solution = Solver(tricks).solve(with_line=False)
    moves = {(m.card, m.declaration): to_value(v) for m, v in solution.moves}
    return to_value(solution.value), moves


def test_24_points_asked_as_tricks_equal_the_reference_minimax() -> None:
    checked = with_won = 0
    for seed in range(160):
        points, tricks, seat = _pair(seed, chaos=False if seed % 2 else None)
        to_value = _by_tricks(tricks, seat)
        if to_value is None:
            assert points.options.get("trump_chaos") and not points.context.blind  # type: ignore[attr-defined]
            continue
        value, moves = reference_solve(points)
        mapped_value, mapped_moves = _mapped(tricks, to_value)
        assert mapped_value == value, seed
        assert mapped_moves == dict(moves), seed
        checked += 1
        with_won += points.won[seat] > 0
    assert checked >= 100 and with_won >= 20


def test_24_points_as_tricks_refused_under_trump_chaos() -> None:
    refused = 0
    for seed in range(40):
        _, tricks, seat = _pair(seed, chaos=True)
        if tricks.context.chaos:  # type: ignore[attr-defined]
            assert _by_tricks(tricks, seat) is None
            refused += 1
    assert refused >= 20


def test_24_points_as_tricks_without_the_tricks_won_is_caught() -> None:
    # A map that forgets the tricks already won (a seat with one trick is not threatened by
    # the penalty for none) gives wrong values on some position.
    wrong = 0
    for seed in range(160):
        points, tricks, seat = _pair(seed, chaos=False)
        if _by_tricks(tricks, seat) is None or not points.won[seat]:
            continue
        forgetful = _by_tricks(parse_position({**tricks.to_json(), "won": [0] * points.players}), seat)
        assert forgetful is not None
        value, _ = reference_solve(points)
        wrong += _mapped(tricks, forgetful)[0] != value
    assert wrong > 0


def test_24_points_as_tricks_under_trump_chaos_would_be_wrong() -> None:
    # Under Trump Chaos a 2 may make yellow trump (2 points a trick) or leave it: mapping the
    # tricks with the trump in force gives wrong values on some position, so the map is refused.
    wrong = 0
    for seed in range(200):
        points, tricks, seat = _pair(seed, chaos=True)
        ctx: Any = tricks.context
        if not ctx.chaos:
            continue
        state = ctx.trump * 2 + ctx.reversed
        won = points.won[seat]

        def naive(t: int, ctx: Any = ctx, state: int = state, won: int = won, seat: int = seat) -> int:
            return -int(ctx.seat_points(seat, won + t, state))

        value, moves = reference_solve(points)
        mapped_value, mapped_moves = _mapped(tricks, naive)
        wrong += mapped_value != value or mapped_moves != dict(moves)
    assert wrong > 0
