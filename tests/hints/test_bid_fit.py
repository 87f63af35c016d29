"""Worlds drawn for a bid or a card fit the bids already made (`bidding.fitting_draw`)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from stich.games.record import Record
from stich.games.registry import find
from stich.games.stiche_raten import BiddingRound
from stich.hints.advisors.bids import others as bidding
from stich.hints.advisors.bids.others import bid_misfit, fitting_draw, misfit_floor
from stich.hints.session import Session
from stich.hints.worlds import World, WorldSource

NAMES = ["Anna", "Ben", "Carla", "Dan"]


def _after_a_bid(bid: int, options: dict[str, object] | None = None, blind: bool = False) -> Session:
    """Ben's view, second to bid in a 3-card Stiche-Raten round (Dan deals, hearts trump), holding
    three low cards, after Anna bid ``bid``."""
    rules = find("stiche-raten")(4, {"first_round": 3, **(options or {})})
    known: dict[str, object] = {"hands": {"1": ["2C", "3D", "4S"]}, "cards": 3, "trump_card": "JH"}
    if blind:
        known["blind"] = True
    return Session(Record("stiche-raten", NAMES, 3, [{"seat": 0, "bid": bid}], dict(rules.options), 1, known))


def _high_cards(session: Session, fitted: bool, seat: int = 0, worlds: int = 300) -> float:
    """The mean number of aces, kings and trumps in ``seat``'s hand over drawn worlds."""
    state = session.round
    assert isinstance(state, BiddingRound)
    source = WorldSource(session)
    draw = fitting_draw(source.draw, state, session.seat) if fitted else source.draw
    rng = random.Random(5)
    deck = state.deck
    strong = {c for c in range(deck.size) if deck.name_of(c)[0] in "AK" or deck.name_of(c).endswith("H")}
    total = 0
    for _ in range(worlds):
        hand = draw(rng).hands[seat]
        total += sum(1 for c in strong if hand >> c & 1)
    return total / worlds


def test_a_bid_of_every_trick_draws_strong_hands_for_its_bidder() -> None:
    session = _after_a_bid(3)
    assert _high_cards(session, fitted=True) > _high_cards(session, fitted=False) + 0.2


def test_a_bid_of_no_trick_draws_weak_hands_for_its_bidder() -> None:
    session = _after_a_bid(0)
    assert _high_cards(session, fitted=True) < _high_cards(session, fitted=False) - 0.1


def test_the_seats_still_to_bid_are_drawn_as_dealt() -> None:
    # Carla has not bid: her hand tells nothing yet, beyond what Anna's leaves her.
    session = _after_a_bid(3)
    plain = _high_cards(session, fitted=False, seat=2)
    assert _high_cards(session, fitted=True, seat=2) < plain


def test_a_blind_bid_tells_nothing_of_the_hand() -> None:
    session = _after_a_bid(3, {"blind_round": 1}, blind=True)
    state = session.round
    assert isinstance(state, BiddingRound) and state.blind
    source = WorldSource(session)
    assert fitting_draw(source.draw, state, session.seat) == source.draw


def _after_two_bids(first: int, second: int) -> Session:
    """Carla's view, third to bid in the 3-card round of `_after_a_bid`, after Anna and Ben bid."""
    rules = find("stiche-raten")(4, {"first_round": 3})
    known: dict[str, object] = {"hands": {"2": ["5C", "QD", "9H"]}, "cards": 3, "trump_card": "JH"}
    events: list[dict[str, object]] = [{"seat": 0, "bid": first}, {"seat": 1, "bid": second}]
    return Session(Record("stiche-raten", NAMES, 3, events, dict(rules.options), 2, known))


def test_no_drawn_world_misses_the_bids_by_less_than_the_floor() -> None:
    for first, second in [(3, 3), (3, 2), (1, 0), (0, 0)]:
        session = _after_two_bids(first, second)
        state = session.round
        assert isinstance(state, BiddingRound)
        floor = misfit_floor(state, [0, 1])
        assert floor == max(0, first + second - 3)
        rng = random.Random(3)
        source = WorldSource(session)
        misses = [bid_misfit(state, source.draw(rng).hands, 2, [0, 1]) for _ in range(100)]
        assert min(misses) >= floor


def test_the_floor_keeps_the_worlds_of_playing_every_world_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Bids of 3 and 3 of 3 tricks (a floor of 3): the worlds kept with the floor (the chance drawn
    first, a world drawn only when it could be kept) hold as many high cards for Anna as those
    of drawing every world and playing it out, and far fewer worlds are drawn."""
    session = _after_two_bids(3, 3)
    state = session.round
    assert isinstance(state, BiddingRound)
    source = WorldSource(session)
    strong = {c for c in range(state.deck.size) if state.deck.name_of(c)[0] in "AK"}
    drawn: list[int] = []

    def counted(rng: random.Random) -> World:
        drawn.append(1)
        return source.draw(rng)

    def high_cards(draw: Callable[[random.Random], World], worlds: int = 1500) -> list[int]:
        rng = random.Random(11)
        return [sum(1 for c in strong if draw(rng).hands[0] >> c & 1) for _ in range(worlds)]

    with_floor = high_cards(fitting_draw(counted, state, 2))
    drawn_with_floor = len(drawn)
    drawn.clear()
    monkeypatch.setattr(bidding, "misfit_floor", lambda state, bidders: 0)
    every = high_cards(fitting_draw(counted, state, 2))
    assert drawn_with_floor < len(drawn) / 2
    mean_a, mean_b = sum(with_floor) / len(with_floor), sum(every) / len(every)
    spread = (sum((x - mean_b) ** 2 for x in every) / len(every)) ** 0.5
    assert abs(mean_a - mean_b) < 4 * spread * (2 / len(every)) ** 0.5
