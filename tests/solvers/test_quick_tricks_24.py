"""24's quick tricks count beyond the current trick once no declaring card is left in play (no
1 to reverse the order, under Trump Chaos no 2 to name a trump): the ranking then holds for
the rest of the round. On random small 24 positions with the tricks objective (reversals
pending and declared, Trump Chaos, every side) the search with it finds the reference
minimax's value, the Python search and the kernel node for node; the plausible wrong
version, counting every quick trick while a 1 or a 2 may still change the ranking, is caught
by the same comparison."""

from __future__ import annotations

import dataclasses
from functools import partial

import pytest

from stich.solvers import Solver, search
from stich.solvers.bounds import quick_tricks
from stich.solvers.position import Position
from stich.solvers.reference import reference_solve, reference_value
from stich.solvers.seating import Seating
from stich.solvers.tables import SearchTables
from tests.solvers.samples import random_position

POSITIONS: list[Position] = [
    random_position("24", 80_000 + seed, cards=2 + seed % 3, objective="tricks") for seed in range(200)
]


def _declaring_left(pos: Position) -> bool:
    tables = Solver(pos, kernel=False).tables
    present = 0
    for hand in pos.hands:
        present |= hand
    return bool(tables.declaring & present)


def test_24_quick_tricks_without_declarations_left_equal_the_reference() -> None:
    without = 0
    for pos in POSITIONS:
        value, _ = reference_solve(pos)
        plain = Solver(pos, kernel=False)
        assert plain.value() == value, pos.to_json()
        fast = Solver(pos)
        if fast.compiled:
            assert (fast.value(), fast.nodes) == (value, plain.nodes), pos.to_json()
        without += not _declaring_left(pos)
    assert 20 <= without <= len(POSITIONS) - 20  # both kinds of position are checked


def test_24_quick_tricks_counted_while_a_1_is_left_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def uncapped(tables: SearchTables, seating: Seating) -> object:
        return partial(quick_tricks, dataclasses.replace(tables, declaring=0), seating)

    monkeypatch.setattr(search, "make_quick_tricks", uncapped)
    wrong = sum(
        Solver(pos, kernel=False).value() != reference_value(pos) for pos in POSITIONS if _declaring_left(pos)
    )
    assert wrong > 0
