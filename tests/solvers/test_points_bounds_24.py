"""The bounds of 24's round points from the tricks won so far (`RoundPoints.bounds`, the kernel's
``points_bounds``): on random small 24 positions (reversals pending and declared, Trump Chaos,
yellow and blind, the caller's penalty, sides of one seat or more, tricks already won) they
hold the reference minimax's value, the search that uses them (the Python search and the
kernel, node for node) finds the reference's value, and two plausible wrong versions are
caught by the same comparison."""

from __future__ import annotations

from typing import Any

from stich.solvers import Solver
from stich.solvers.objectives import Progress, RoundPoints, make_objective
from stich.solvers.position import Position
from stich.solvers.reference import reference_solve, reference_value
from tests.solvers.samples import random_position

SEEDS = range(240)


def _positions() -> list[Position]:
    out = []
    for seed in SEEDS:
        pos = random_position("24", 70_000 + seed, cards=2 + seed % 2, objective="points")
        out.append(pos)
    return out


POSITIONS = _positions()


def _points(pos: Position) -> RoundPoints:
    objective = make_objective(pos)
    assert isinstance(objective, RoundPoints)
    return objective


def test_24_points_bounds_hold_the_reference_value() -> None:
    tighter = 0
    for pos in POSITIONS:
        objective = _points(pos)
        lo, hi = objective.bounds(objective.start(), pos.tricks_left())
        value, _ = reference_solve(pos)
        assert lo <= value <= hi, pos.to_json()
        tighter += (lo, hi) != objective.range
    assert tighter > len(POSITIONS) // 4  # the bounds say more than the whole range


def test_24_points_search_with_the_bounds_equals_the_reference() -> None:
    chaos = 0
    for pos in POSITIONS:
        value, _ = reference_solve(pos)
        plain = Solver(pos, kernel=False)
        assert plain.value() == value, pos.to_json()
        fast = Solver(pos)
        if fast.compiled:
            assert (fast.value(), fast.nodes) == (value, plain.nodes), pos.to_json()
        chaos += bool(pos.options.get("trump_chaos"))
    assert chaos > 50


class LiveStateOnly(RoundPoints):
    """Wrong: the extremes in the trump in force only (Trump Chaos may make yellow trump later,
    at 2 points a trick, or leave it)."""

    def bounds(self, progress: Progress, left: int) -> tuple[int, int]:
        assert isinstance(progress, tuple)
        state = self.context.trick_tables().live
        lo = hi = 0
        for seat, won in zip(self.side, progress, strict=True):
            values = [-self.context.seat_points(seat, t, state) for t in range(won, won + left + 1)]
            lo += min(values)
            hi += max(values)
        return lo, hi


class NoPenalty(RoundPoints):
    """Wrong: the tricks to come counted from the tricks so far, the penalty for none forgotten."""

    def bounds(self, progress: Progress, left: int) -> tuple[int, int]:
        assert isinstance(progress, tuple)
        state = self.context.trick_tables().live
        lo = hi = 0
        for seat, won in zip(self.side, progress, strict=True):
            lo -= self.context.seat_points(seat, max(won, 1), state)
            hi -= self.context.seat_points(seat, max(won + left, 1), state)
        return lo, hi


def _caught(wrong: type[RoundPoints]) -> int:
    """Positions where the Python search with the ``wrong`` bounds misses the reference's value."""
    missed = 0
    for pos in POSITIONS:
        objective = _points(pos)
        fields: dict[str, Any] = {
            "side": objective.side,
            "won": objective.won,
            "context": objective.context,
            "states": objective.states,
            "most_tricks": objective.most_tricks,
        }
        solver = Solver(pos, kernel=False, objective=wrong(**fields))
        missed += solver.value() != reference_value(pos)
    return missed


def test_24_points_bounds_in_the_trump_in_force_only_are_caught() -> None:
    assert _caught(LiveStateOnly) > 0


def test_24_points_bounds_without_the_penalty_for_no_trick_are_caught() -> None:
    assert _caught(NoPenalty) > 0
