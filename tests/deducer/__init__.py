"""Shared helpers: exhaustive enumeration of deals, a rules-only fit check, chi-square p-values.

The checks here do not use the deducer's own reasoning: a deal fits when every play
each hidden seat made was legal (`games.trick.legal_plays`) with the hand it then held.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

from stich.deducer.observations import Observations
from stich.games import find
from stich.games.base import Round
from stich.games.cards import CardSet, iter_cards, mask_of
from stich.games.record import DEFAULT_NAMES, Record, replay, simulate
from stich.games.trick import legal_plays
from stich.games.views import seat_view


def all_deals(hidden: CardSet, sizes: Sequence[int]) -> Iterator[tuple[CardSet, ...]]:
    """Every way to split ``hidden`` into places of the given sizes."""
    if not sizes:
        if not hidden:
            yield ()
        return
    cards = list(iter_cards(hidden))
    for chosen in itertools.combinations(cards, sizes[0]):
        first = mask_of(chosen)
        for rest in all_deals(hidden & ~first, sizes[1:]):
            yield (first, *rest)


def plays_were_legal(state: Round, hands_now: dict[int, CardSet]) -> bool:
    """Whether each seat in ``hands_now``, holding those cards now, played only legal cards.

    A seat's hand at a trick is what it holds now plus what it played from that trick on.
    """
    tricks = [(t.seats, t.cards, t.rules) for t in state.tricks]
    if state.trick_cards:
        tricks.append((tuple(state.trick_seats), tuple(state.trick_cards), state.rules()))
    for seat, now in hands_now.items():
        held = now
        for seats, cards, rules in reversed(tricks):
            if seat not in seats:
                continue
            pos = seats.index(seat)
            held |= 1 << cards[pos]
            if rules is not None and not legal_plays(rules, held, cards[:pos]) >> cards[pos] & 1:
                return False
    return True


def fitting_deals(state: Round, obs: Observations) -> list[tuple[CardSet, ...]]:
    """Every deal of the hidden cards (by the places of ``obs``) under which all plays were legal."""
    found = []
    for deal in all_deals(obs.hidden, [place.size for place in obs.places]):
        hands = {p.seat: cards for p, cards in zip(obs.places, deal, strict=True) if p.seat is not None}
        if plays_were_legal(state, hands):
            found.append(deal)
    return found


def simulate_deal(
    game_id: str, players: int, seed: int, options: dict[str, Any] | None = None, **deal: Any
) -> Record:
    """Like `games.record.simulate`, with arguments for the game's deal (e.g. ``cards=14``)."""
    game = find(game_id)(players, options)
    rng = random.Random(seed)
    dealer = players - 1
    known = game.deal(rng, dealer, **deal)
    names = list(DEFAULT_NAMES[:players])
    state = game.new_round(names, dealer, None, known)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_events()))
    return Record(game.id, names, dealer, state.events, dict(options or {}), None, known)


def cut(record: Record, plays: int) -> Record:
    """The record up to and including its ``plays``-th play (0: up to the first play)."""
    indices = [i for i, event in enumerate(record.events) if "play" in event]
    end = indices[plays - 1] + 1 if plays else indices[0]
    return replace(record, events=record.events[:end])


def late_view(
    game: str,
    players: int,
    seed: int,
    plays: int,
    view: int = 0,
    options: dict[str, Any] | None = None,
) -> Record:
    """A simulated round seen from ``view``, cut after ``plays`` cards have been played."""
    return cut(seat_view(simulate(game, players, seed, options), view), plays)


def replayed(record: Record) -> Round:
    outcome = replay(record)
    assert outcome.ok, outcome.error
    return outcome.round


def chi_square_p(statistic: float, df: int) -> float:
    """P(X >= statistic) for X chi-square with ``df`` degrees of freedom (regularised upper gamma)."""
    a, x = df / 2.0, statistic / 2.0
    if x <= 0:
        return 1.0
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:  # series for the lower function
        term = total = 1.0 / a
        k = a
        while term > total * 1e-15:
            k += 1
            term *= x / k
            total += term
        return 1.0 - total * math.exp(log_front)
    # Continued fraction for the upper function (modified Lentz).
    tiny = 1e-300
    b = x + 1.0 - a
    c = 1.0 / tiny
    d = 1.0 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        step = d * c
        h *= step
        if abs(step - 1.0) < 1e-15:
            break
    return math.exp(log_front) * h
