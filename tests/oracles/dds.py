"""Bo Haglund's DDS, through the PyPI package ``endplay``, as an oracle for bridge-shaped positions.

A bridge-shaped position: the French deck, four seats (0 = North, clockwise), teams
[[0, 2], [1, 3]], a trump suit or none. ``endplay`` is an optional dependency
(``pip install stich[oracles]``); importing this module without it raises ImportError.
"""

from __future__ import annotations

from typing import Any

from endplay import dds
from endplay.types import Card as EndplayCard
from endplay.types import Deal, Denom, Player

from stich.games.cards import FRENCH_RANKS, FRENCH_SUITS, CardSet, popcount
from stich.games.stiche_raten import SuitContext
from stich.solvers.position import Position

__all__ = ["dds_deal", "dds_tricks", "dds_table"]


def _pbn_hand(cards: CardSet) -> str:
    return ".".join(
        "".join(FRENCH_RANKS[r] for r in range(12, -1, -1) if cards >> (s * 13 + r) & 1) for s in range(4)
    )


def dds_deal(position: Position) -> Any:
    """The position as an endplay ``Deal``: hands, trump, leader, and the current trick played."""
    if type(position.context) is not SuitContext or position.players != 4:
        raise ValueError("DDS solves French-deck positions of four seats")
    hands = list(position.hands)
    seats = position.trick_seats()
    for i, card in enumerate(position.trick):
        hands[seats[i]] |= 1 << card
    deal = Deal("N:" + " ".join(_pbn_hand(h) for h in hands))
    deal.first = Player(position.leader)
    trump = position.context.trump
    deal.trump = Denom(4 if trump is None else trump)
    for card in position.trick:
        deal.play(EndplayCard(FRENCH_SUITS[card // 13] + FRENCH_RANKS[card % 13]))
    return deal


def dds_tricks(position: Position) -> int:
    """DDS's count of the remaining tricks for the partnership of the seat to move."""
    return max(tricks for _, tricks in dds.solve_board(dds_deal(position)))


def dds_table(hands: list[CardSet]) -> dict[tuple[int | None, int], int]:
    """DDS's table for a full deal: (trump suit or None, leader) → tricks of the leader's partnership.

    DDS tabulates tricks for a declarer with the next seat on lead; the leader's
    partnership takes the rest.
    """
    deal = Deal("N:" + " ".join(_pbn_hand(h) for h in hands))
    table = dds.calc_dd_table(deal).to_list()  # [denomination S, H, D, C, NT][declarer N, E, S, W]
    total = popcount(hands[0])
    row_of = {0: 0, 1: 1, 2: 2, 3: 3, None: 4}  # our suit index (S H D C) → endplay's row
    out: dict[tuple[int | None, int], int] = {}
    for trump, row in row_of.items():
        for leader in range(4):
            declarer = (leader + 3) % 4
            out[(trump, leader)] = total - table[row][declarer]
    return out
