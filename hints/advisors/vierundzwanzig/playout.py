"""24: a fast play-out of a round in which every seat plays for its own tricks, by the heuristic
bot's card rule (`hints.advisors.vierundzwanzig.heuristic`).

Each seat sees what a player sees: its own hand and the cards played; any card it has not
seen may lie anywhere. It takes a trick with the cheapest card no unseen card can beat;
else, following, it plays the highest card that wins the trick as it stands, or its lowest
card; leading, its highest card. A 1 reverses the order when what the hand keeps beats more
unseen cards in the reversed order. The exchange is valued by such play-outs
(`hints.advisors.vierundzwanzig`): a double-dummy solve for the seat against all the others
gives the seat a control of the play no player has and values keeping a hand's low cards
too well (docs/research/2026-12-03-24-strength.md).

Plain Python over card bitmasks and the rules' compiled tables (`games.trick.TrickRules`):
a 3-player round plays out in about 0.2 ms, without the double-dummy solver.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from stich.games.cards import CardSet, card_list
from stich.games.vierundzwanzig import TWENTY_FOUR, VALUES, rules_24

__all__ = ["play_on", "play_out"]

ALL = (1 << (TWENTY_FOUR + 1)) - 1
ONES = sum(1 << (suit * VALUES) for suit in range(4))  # the 1 of each suit (the 24 is no 1)


@cache
def _tables(
    trump: int, reversed: bool
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The follow class, trump power and lead power of each card, and the cards that beat each
    card heading a trick (its class led; or, a trump, by the higher trumps)."""
    rules = rules_24(trump, reversed)
    cls, tp, lp = rules.cls, rules.trump_power, rules.lead_power
    cards = range(TWENTY_FOUR + 1)
    beaters = []
    for c in cards:
        mask = 0
        for u in cards:
            if tp[u] > tp[c] or (not tp[c] and not tp[u] and cls[u] == cls[c] and lp[u] > lp[c]):
                mask |= 1 << u
        beaters.append(mask)
    masks = [0] * 4
    for c in cards:
        masks[cls[c]] |= 1 << c
    return cls, tp, lp, (*beaters, *masks)


def _lead_strength(trump: int, reversed: bool, hand: CardSet, unseen: CardSet) -> int:
    """How many unseen cards the cards of ``hand`` beat when led, summed (the heuristic's)."""
    _, _, _, beaters = _tables(trump, reversed)
    total = 0
    for c in card_list(hand):
        led_beaters = beaters[c]
        total += sum(1 for u in card_list(unseen) if not led_beaters >> u & 1)
    return total


def play_out(
    hands: Sequence[CardSet], trump: int, reversed: bool, leader: int, gone: Sequence[CardSet] | None = None
) -> list[int]:
    """The tricks each seat takes when every seat plays the round out from its first trick by the
    heuristic's card rule (module docstring); ``hands``: every seat's hand (a dropped seat's
    empty); ``gone``: the cards each seat knows to be out of play (those it gave away)."""
    seats = [s for s in range(len(hands)) if hands[s]]
    return play_on(hands, trump, reversed, reversed, seats, leader, (), [0] * len(hands), 0, gone)


def play_on(
    hands: Sequence[CardSet],
    trump: int,
    reversed: bool,
    pending: bool,
    seats: Sequence[int],
    leader: int,
    trick: Sequence[int],
    won: Sequence[int],
    played: CardSet,
    gone: Sequence[CardSet] | None = None,
    first: tuple[int, bool] | None = None,
) -> list[int]:
    """The tricks each seat has taken at the round's end when every seat plays on from a trick in
    progress by the heuristic's card rule (module docstring): ``seats``, the seats playing, in
    the order of play; ``leader``, the current trick's; ``trick``, its cards so far, from the
    leader on; ``reversed``, the order in force for it, ``pending`` for the next trick; ``won``,
    the tricks taken so far; ``played``, every card played (the trick's among them); ``gone``:
    the cards each seat knows to be out of play; ``first``: the card the seat to play plays now,
    and whether it reverses the order (a 1), in place of the rule's."""
    hands = list(hands)
    out = list(gone) if gone is not None else [0] * len(hands)
    won = list(won)
    n = len(seats)
    at = seats.index(leader)
    cls, tp, lp, beaters = _tables(trump, reversed)
    cards = list(trick)
    best, best_at = -1, 0
    for pos, card in enumerate(cards):
        if not pos or _wins(cls, tp, lp, cards[:pos], best, card):
            best, best_at = card, pos
    while True:
        if len(cards) == n:  # the trick is full: its winner leads the next
            at = (at + best_at) % n
            won[seats[at]] += 1
            reversed = pending
            if not hands[seats[at]]:
                return won
            cls, tp, lp, beaters = _tables(trump, reversed)
            cards, best, best_at = [], -1, 0
        pos = len(cards)
        seat = seats[(at + pos) % n]
        hand = hands[seat]
        if first is not None:
            card, reverse = first
            first = None
            if reverse:
                pending = not pending
        else:
            card = _rule_card(cls, tp, lp, beaters, cards, best, hand, ALL & ~hand & ~played & ~out[seat])
            if ONES >> card & 1:
                rest = hand & ~(1 << card)
                unseen = ALL & ~hand & ~played & ~out[seat]
                keep = _lead_strength(trump, pending, rest, unseen)
                if _lead_strength(trump, not pending, rest, unseen) > keep:
                    pending = not pending
        if not cards or _wins(cls, tp, lp, cards, best, card):
            best, best_at = card, pos
        cards.append(card)
        hands[seat] = hand & ~(1 << card)
        played |= 1 << card


def _rule_card(
    cls: tuple[int, ...],
    tp: tuple[int, ...],
    lp: tuple[int, ...],
    beaters: tuple[int, ...],
    trick: Sequence[int],
    best: int,
    hand: CardSet,
    unseen: CardSet,
) -> int:
    """The heuristic's card (module docstring) from ``hand`` to ``trick``, headed by ``best``."""
    legal = hand
    if trick:
        follow = hand & beaters[TWENTY_FOUR + 1 + cls[trick[0]]]
        if follow:
            legal = follow
    ordered = sorted(card_list(legal), key=lambda c: (tp[c], lp[c]))
    for c in ordered:  # the cheapest sure winner
        if _wins(cls, tp, lp, trick, best, c) and not beaters[c] & unseen:
            return c
    if trick:
        winners = [c for c in ordered if _wins(cls, tp, lp, trick, best, c)]
        return winners[-1] if winners else ordered[0]
    return ordered[-1]


def _wins(
    cls: tuple[int, ...], tp: tuple[int, ...], lp: tuple[int, ...], trick: Sequence[int], best: int, card: int
) -> bool:
    """Whether ``card`` takes the trick from ``best``, the card heading it (the first: ``trick``'s
    class is led)."""
    if not trick:
        return True
    if tp[best] or tp[card]:
        return tp[card] > tp[best]
    return cls[card] == cls[trick[0]] and lp[card] > lp[best]
