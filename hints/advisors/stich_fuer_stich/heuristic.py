"""Stich für Stich: the heuristic bot's rules of thumb.

Guess the most probable pair still consistent. A sleuth still searching plays the card with
the most of: its chance to head the trick over the possible culprits and weapons, plus the
bits that the trick's winner as it then stands tells of them (the lower number on a tie); a
sleuth who has solved plays for the trick. The confidant plays to win the trick under the
secret, less half a trick per bit that the winner tells the sleuths still searching (the
cheapest winner as the last to play, else the highest; the lowest loser).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from stich.games.base import Event
from stich.games.cards import Card, iter_cards
from stich.games.errors import StichError
from stich.games.stich_fuer_stich import StichFuerStichRound
from stich.games.trick import TrickRules, trick_winner
from stich.hints.advisors.stich_fuer_stich.belief import belief
from stich.hints.advisors.trick_heuristic import most_likely, play_event, play_for, strength, wins_now
from stich.hints.session import Session

__all__ = ["HEURISTIC", "INFO_WEIGHT", "LEAK_WEIGHT", "stich_fuer_stich_heuristic"]

INFO_WEIGHT = 1.0  # a sleuth's play: a bit told by the trick's winner against a trick
LEAK_WEIGHT = 0.5  # the confidant's play: a bit told to the sleuths against a trick


def _winner_spread(
    rules_of: Sequence[TrickRules], weights: Sequence[float], trick: Sequence[Card], card: Card
) -> tuple[float, float]:
    """Over the possible culprits and weapons (``rules_of`` with their ``weights``): the chance
    that ``card`` heads the trick once played, and the bits that the trick's winner as it then
    stands tells of the pair (the entropy of the winning position)."""
    cards = [*trick, card]
    shares: dict[int, float] = {}
    for rules, w in zip(rules_of, weights, strict=True):
        at = trick_winner(rules, cards)
        shares[at] = shares.get(at, 0.0) + w
    total = sum(shares.values()) or 1.0
    bits = -sum(p / total * math.log2(p / total) for p in shares.values() if p > 0)
    return shares.get(len(trick), 0.0) / total, bits


def _possible(post: Any) -> tuple[list[TrickRules], list[float]]:
    hs = [h for h, p in enumerate(post.probabilities) if p > 0]
    return [post.space.rules(h) for h in hs], [post.probabilities[h] for h in hs]


def stich_fuer_stich_heuristic(session: Session, rng: random.Random) -> Event:
    """The heuristic bot's event in Stich für Stich (module docstring)."""
    state = session.round
    if not isinstance(state, StichFuerStichRound):
        raise StichError("the Stich für Stich heuristic needs a Stich für Stich round")
    if state.phase == "play":
        seat = session.seat
        legal = sorted(iter_cards(state.legal_cards(seat)), key=lambda c: state.deck.name_of(c))
        trick = state.trick_cards
        last = len(trick) == len(state.trick_order()) - 1
        known = state.rules()
        if known is not None and seat != state.confidant:
            # A sleuth who has solved the case plays for the tricks alone.
            return play_event(session, play_for(known, state.legal_cards(seat), trick, True, last))
        if known is not None and session.tracker is not None:
            # The confidant: win the trick, telling the sleuths still searching as little as can be.
            searching = [s for s in state.sleuths if state.solved_at[s] is None]

            def confidant_value(card: Card) -> tuple[float, int]:
                wins = wins_now(known, trick, card)
                leak = 0.0
                for s in searching:
                    leak += _winner_spread(*_possible(session.posterior(s)), trick, card)[1]
                leak /= max(1, len(searching))
                high = strength(known, card)[0] * 64 + strength(known, card)[1]
                return wins - LEAK_WEIGHT * leak, high if wins and not last else -high

            return play_event(session, max(legal, key=confidant_value))
        post = belief(session)
        if post is None:
            raise StichError("the play needs the culprit and weapon's posterior")
        rules_of, weights = _possible(post)

        def sleuth_value(card: Card) -> tuple[float, int]:
            chance, bits = _winner_spread(rules_of, weights, trick, card)
            number = max(r.lead_power[card] for r in rules_of)
            return chance + INFO_WEIGHT * bits, -number

        return play_event(session, max(legal, key=sleuth_value))
    if state.phase == "search":
        post = belief(session)
        if post is None or session.tracker is None:
            raise StichError("a guess needs the culprit and weapon's posterior")
        pair = session.tracker.space.to_json(most_likely(post.probabilities))
        guess = [pair["culprit"], pair["weapon"]]
        for event in session.legal():
            if event.get("guess") == guess:
                return event
        raise StichError(f"the guess {guess} is not legal")
    raise StichError(f"no heuristic for the phase {state.phase!r}")


HEURISTIC = stich_fuer_stich_heuristic
