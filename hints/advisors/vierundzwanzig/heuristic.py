"""24: the heuristic bot's rules of thumb.

Call the suit the first three cards hold most of (the 24 counts for every suit; the higher
cards break a tie), never blind; give away the side cards of 9 and below except the 1s, at
most three, the weakest first; never drop out. In the play, take a trick with the cheapest
card no unseen card can beat; else, following, the highest card that wins the trick as it
stands, or the lowest card; leading, the highest card. A 1 reverses the order when what the
hand keeps beats more unseen cards in the reversed order; nothing else is declared.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from stich.games.base import Event, Round
from stich.games.cards import Card, CardSet, bit, iter_cards
from stich.games.errors import StichError
from stich.games.events import event_trump, exchange_cards
from stich.games.trick import TrickRules, trick_winner
from stich.games.vierundzwanzig import SUITS, TWENTY_FOUR, VierUndZwanzigRound, rules_24, suit_of, value_of
from stich.hints.advisors.trick_heuristic import (
    play_event,
    rules_seen,
    strength,
    unseen_cards,
    wins_now,
)
from stich.hints.session import Session

__all__ = ["HEURISTIC", "WEAK_24", "vierundzwanzig_heuristic"]

WEAK_24 = 9  # a side card with fewer than this many cards of its suit below it (1 to 9) goes


def _beaten_by(rules: TrickRules, trick: Sequence[Card], card: Card, unseen: CardSet) -> bool:
    """Whether some unseen card, played after ``card`` to ``trick``, would take the trick from it."""
    cards = [*trick, card]
    at = len(trick)
    return any(trick_winner(rules, [*cards, u]) != at for u in iter_cards(unseen))


def _lead_strength(rules: TrickRules, hand: CardSet, unseen: CardSet) -> int:
    """How many unseen cards the cards of ``hand`` beat when led, summed: a hand's strength in
    one order (24's reversal)."""
    return sum(1 for c in iter_cards(hand) for u in iter_cards(unseen) if trick_winner(rules, [c, u]) == 0)


def _play_24(state: Round, seat: int, rules: TrickRules) -> Card:
    """24's card play (module docstring): bank a trick with the cheapest sure winner, take a
    trick cheaply as the last to play, keep the high cards otherwise, and lead the lowest card of
    the shortest side suit to make a void to trump in."""
    legal = state.legal_cards(seat)
    trick = state.trick_cards
    unseen = unseen_cards(state, seat)
    ordered = sorted(iter_cards(legal), key=lambda c: strength(rules, c))
    sure = [c for c in ordered if wins_now(rules, trick, c) and not _beaten_by(rules, trick, c, unseen)]
    if sure:
        return sure[0]
    if trick:
        winners = [c for c in ordered if wins_now(rules, trick, c)]
        return winners[-1] if winners else ordered[0]
    return ordered[-1]


def vierundzwanzig_heuristic(session: Session, rng: random.Random) -> Event:
    """The heuristic bot's event in 24 (module docstring)."""
    state = session.round
    if not isinstance(state, VierUndZwanzigRound):
        raise StichError(f"the 24 heuristic needs a round of 24, not {state.game.id}")
    seat = session.seat
    hand = state.hands[seat] or 0
    legal = session.legal()
    if state.phase == "trump":

        def weight(event: Event) -> tuple[int, int]:
            suit = SUITS.index(str(event_trump(event)))
            cards = [c for c in iter_cards(hand) if c == TWENTY_FOUR or suit_of(c) == suit]
            return len(cards), sum(value_of(c) for c in cards)

        return max((e for e in legal if not e.get("blind")), key=weight)
    if state.phase == "exchange":
        rules = rules_seen(session)
        weak = []
        for card in iter_cards(hand & ~rules.trump_mask):
            peers = rules.class_mask.get(rules.cls[card], 0) & ~rules.trump_mask
            below = sum(1 for c in iter_cards(peers) if rules.lead_power[c] < rules.lead_power[card])
            if below < WEAK_24 and value_of(card) != 1:
                weak.append(card)
        weak.sort(key=lambda c: rules.lead_power[c])
        names = sorted(state.deck.names(weak[:3]))
        exchanges: list[Event] = [e for e in legal if "exchange" in e and isinstance(e["exchange"], list)]
        for event in exchanges:
            if sorted(exchange_cards(event) or []) == names:
                return event
        return min(exchanges, key=lambda e: len(exchange_cards(e) or [])) if exchanges else legal[0]
    if state.phase == "play":
        rules = rules_seen(session)
        card = _play_24(state, seat, rules)
        name = state.deck.name_of(card)
        reverse = False
        # A 1 declares the order of the next trick: the one in which what is left of the hand
        # beats more of the unseen cards.
        if value_of(card) == 1 and card != TWENTY_FOUR and state.next_trump is not None:
            trump, now_reversed = state.next_trump, state.next_reversed
            rest = hand & ~bit(card)
            unseen = unseen_cards(state, seat)
            keep = _lead_strength(rules_24(trump, now_reversed), rest, unseen)
            turn = _lead_strength(rules_24(trump, not now_reversed), rest, unseen)
            reverse = turn > keep
        for event in legal:
            if event.get("play") == name and bool(event.get("reverse")) == reverse and "trump" not in event:
                return event
        return play_event(session, card)
    raise StichError(f"no heuristic for the phase {state.phase!r}")


HEURISTIC = vierundzwanzig_heuristic
