"""Bridge-shaped positions give exactly DDS's trick counts (PyPI ``endplay``).

French deck, four seats, partnerships [[0, 2], [1, 3]], each trump suit or none,
each leader, 5-8 cards per hand, and part of a trick sometimes played.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("endplay")

from stich.solvers.parse import parse_position
from stich.solvers.solver import Solver
from tests.oracles.dds import dds_tricks
from tests.solvers.samples import bridge_position_json

POSITIONS = 240
CHUNKS = 4
TRUMPS = [None, "S", "H", "D", "C"]


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_tricks_equal_dds(chunk: int) -> None:
    seen = set()
    for seed in range(chunk, POSITIONS, CHUNKS):
        rng = random.Random(1000 + seed)
        cards = 5 + (seed // CHUNKS) % 4
        trump = TRUMPS[seed % 5]
        leader = rng.randrange(4)
        data = bridge_position_json(1000 + seed, cards, trump, leader, trick=rng.randrange(4))
        position = parse_position(data)
        seen.add((cards, trump, leader))
        assert Solver(position).value() == dds_tricks(position), data
    assert len({c for c, _, _ in seen}) == 4 and len({t for _, t, _ in seen}) == 5


def test_every_leader_and_trump_of_a_small_deal_equals_dds() -> None:
    data = bridge_position_json(7, 5, None, 0)
    for trump in TRUMPS:
        for leader in range(4):
            position = parse_position({**data, "trump": trump, "leader": leader})
            assert Solver(position).value() == dds_tricks(position)


def test_move_values_equal_dds_per_card() -> None:
    from endplay import dds
    from endplay.types import Card as EndplayCard

    from tests.oracles.dds import dds_deal

    for seed in range(6):
        data = bridge_position_json(2000 + seed, 6, TRUMPS[seed % 5], seed % 4, trick=seed % 3)
        position = parse_position(data)
        theirs = {str(card): tricks for card, tricks in dds.solve_board(dds_deal(position))}
        ours = Solver(position).move_values()
        deck = position.deck
        for move, value in ours:
            name = deck.name_of(move.card)
            key = str(EndplayCard(name[1] + name[0]))
            if key in theirs:  # DDS lists one card of each run of equivalent cards
                assert theirs[key] == value, (data, name)
        assert max(v for _, v in ours) == max(theirs.values())
