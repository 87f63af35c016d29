"""Adapter between OpenSpiel's ``oh_hell`` (module ``pyspiel``) and our Stiche-Raten.

OpenSpiel's encoding (``open_spiel/games/oh_hell/oh_hell.{h,cc}``), with its default
deck of 4 suits x 13 ranks:

- **Cards.** Action ``a`` in ``0..51`` is the card of rank ``a // 4`` (0 = 2 ... 12 = ace)
  and suit ``a % 4`` in the order clubs, diamonds, spades, hearts (``C D S H``). Our card
  index is ``suit * 13 + rank`` with suits ``S H D C``; the rank numbers agree.
- **Bids.** Action ``52 + b`` is the bid ``b`` (``0..tricks``).
- **Seats.** Player ``p`` is our seat ``p``; both engines go round by ``p + 1 mod n``.
- **Chance nodes, in order:** the number of tricks (action = that number, ``1 ..
  51 // n`` uniformly unless ``num_tricks_fixed``), the dealer (action = the seat), then
  ``n * tricks`` dealt cards (the i-th to player ``i mod n``; player 0 gets the first card
  whoever deals) and one more card, turned up for trump. Bidding and the first lead start
  left of the dealer.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from stich.games.cards import FRENCH_RANKS

__all__ = [
    "NUM_CARDS",
    "OPENSPIEL_SUITS",
    "Deal",
    "action_of_event",
    "bids",
    "card_action",
    "card_name",
    "event_of_action",
    "read_deal",
    "resolve_chance",
    "tricks_won",
]

NUM_CARDS = 52
OPENSPIEL_SUITS = "CDSH"


def card_name(action: int) -> str:
    """Our card name (``"AS"``) of an OpenSpiel card action."""
    if not 0 <= action < NUM_CARDS:
        raise ValueError(f"action {action} is not a card")
    rank, suit = divmod(action, len(OPENSPIEL_SUITS))
    return FRENCH_RANKS[rank] + OPENSPIEL_SUITS[suit]


def card_action(name: str) -> int:
    """The OpenSpiel card action of our card name."""
    rank, suit = FRENCH_RANKS.index(name[0].upper()), OPENSPIEL_SUITS.index(name[1].upper())
    return rank * len(OPENSPIEL_SUITS) + suit


def event_of_action(seat: int, action: int) -> dict[str, Any]:
    """Our event for an OpenSpiel bid or play action of ``seat``."""
    if action >= NUM_CARDS:
        return {"seat": seat, "bid": action - NUM_CARDS}
    return {"seat": seat, "play": card_name(action)}


def action_of_event(event: dict[str, Any]) -> int:
    """The OpenSpiel action of our bid or play event."""
    if "bid" in event:
        return NUM_CARDS + int(event["bid"])
    return card_action(str(event["play"]))


@dataclass(frozen=True)
class Deal:
    """What OpenSpiel's chance nodes decided, in our terms."""

    tricks: int
    dealer: int
    hands: dict[str, list[str]]
    trump_card: str

    def known(self) -> dict[str, Any]:
        """The ``known`` block of an omniscient round record."""
        return {"hands": self.hands, "cards": self.tricks, "trump_card": self.trump_card}


def resolve_chance(state: Any, rng: random.Random, tricks: int | None = None) -> None:
    """Apply chance outcomes drawn from ``rng`` until a player is to move.

    ``tricks`` picks the outcome of the first chance node (the number of tricks) instead;
    it must be one OpenSpiel offers.
    """
    while state.is_chance_node():
        outcomes = [action for action, _ in state.chance_outcomes()]
        if tricks is not None and not state.history():
            if tricks not in outcomes:
                raise ValueError(f"{tricks} tricks is not a chance outcome here ({outcomes})")
            state.apply_action(tricks)
        else:
            state.apply_action(rng.choice(outcomes))


def read_deal(state: Any, players: int) -> Deal:
    """The number of tricks, dealer, hands and turned trump card from a state after the deal."""
    history = list(state.history())
    tricks, dealer = history[0], history[1]
    dealt = history[2 : 2 + players * tricks]
    trump = history[2 + players * tricks]
    hands: dict[str, list[str]] = {str(p): [] for p in range(players)}
    for i, action in enumerate(dealt):
        hands[str(i % players)].append(card_name(action))
    return Deal(tricks, dealer, hands, card_name(trump))


def tricks_won(state: Any) -> list[int]:
    """Tricks won so far by each player, read from the state's text ("Tricks Won:" line)."""
    for line in str(state).splitlines():
        if line.startswith("Tricks Won:"):
            return [int(x) for x in line.split(":", 1)[1].split()]
    raise ValueError("the state text has no 'Tricks Won:' line")


def bids(state: Any) -> list[int]:
    """Bids so far by player (-1 = not yet bid), read from the state's text ("Bids:" line)."""
    for line in str(state).splitlines():
        if line.startswith("Bids:"):
            return [int(x) for x in line.split(":", 1)[1].split()]
    raise ValueError("the state text has no 'Bids:' line")
