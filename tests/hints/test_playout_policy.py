"""The play-out's card policy and the bids it gives the seats still to bid (hints/advisors/bids/playout.py,
hints/advisors/bids/others.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from stich.games.record import Record
from stich.games.registry import find
from stich.games.stiche_raten import BiddingRound, suit_rules
from stich.games.trick import FREE, trick_winner
from stich.games.wizard import wizard_rules
from stich.hints.advisors.bids import playout as playout
from stich.hints.advisors.bids.heuristic import sure_tricks
from stich.hints.advisors.bids.others import fit_weight, guessed_bids, others_bids
from stich.hints.advisors.bids.playout import UNDECIDED, head_of, tables_of, winners_of
from stich.hints.session import Session

NAMES = ["Anna", "Ben", "Carla", "Dan"]
RULES = [
    suit_rules(find("stiche-raten")(4, {}).deck, 1),
    suit_rules(find("stiche-raten")(4, {}).deck, None),
    wizard_rules("rulebook", 2),
    wizard_rules("original", None),
]


@pytest.mark.parametrize("rules", RULES)
def test_the_cards_that_take_a_trick_are_those_the_rules_make_win(rules: Any) -> None:
    """Random tricks of one to three cards: a card is among `winners_of` the trick's head exactly
    when the rules make it win the trick played after them (every card not yet in the trick)."""
    t = tables_of(rules)
    rng = random.Random(5)
    size = len(rules.cls)
    for _ in range(300):
        trick = rng.sample(range(size), rng.randrange(1, 4))
        best, _, led = head_of(t, [t.place[c] for c in trick])
        winners = winners_of(t, best, led)
        for card in range(size):
            if card in trick:
                continue
            wins = trick_winner(rules, [*trick, card]) == len(trick)
            if led >= 0 and rules.cls[card] not in (led, FREE) and not rules.trump_power[card]:
                continue  # off the class led without trump power: never wins (and is legal only void)
            assert bool(winners >> t.place[card] & 1) == wins, (trick, card, led != UNDECIDED)


def _at_bid(game: str, size: int, seed: int) -> tuple[Session, list[int], Record]:
    options: dict[str, Any] = {"first_round": size} if game == "stiche-raten" else {}
    rules = find(game)(4, options)
    dealer, known = rules.course().series_deal(random.Random(seed), size - 1 if game == "wizard" else 0)
    record = Record(game, NAMES, dealer, [], dict(rules.options), None, known)
    session = Session.from_record(record, (dealer + 1) % 4)
    hands = [session.round.deck.parse_set(known["hands"][str(s)]) for s in range(4)]
    return session, hands, record


@pytest.mark.parametrize("game", ["stiche-raten", "wizard"])
def test_the_seats_still_to_bid_bid_their_sure_tricks(game: str) -> None:
    """In a world, each seat still to bid is given its sure tricks; a restricted dealer's bid
    never makes the bids add up."""
    checked = 0
    for seed in range(20):
        session, hands, _ = _at_bid(game, 6, seed)
        state = session.round
        if not isinstance(state, BiddingRound) or state.phase != "bid":
            continue
        seat = session.seat
        guesses = guessed_bids(state, hands, seat)
        assert set(guesses) == {s for s in range(4) if s != seat}
        live = state.deck.all & ~state.gone
        for other, guess in guesses.items():
            assert guess == sure_tricks(state.rules(), hands[other], live & ~hands[other], 4)
        for bid in range(state.size + 1):
            bids = others_bids(state, hands, seat, bid, guesses)
            assert bids[seat] == bid
            if state.restricted() and state.dealer != seat:
                assert sum(bids) != state.size
        checked += 1
    assert checked >= 10


def test_the_fit_weight_falls_with_the_cards_a_hand() -> None:
    """The worlds' fit to the bids: 0.8 up to 5 cards a hand, 0.40 at 8 and about 0.2 at 13
    (fitted on seed 7, docs/advice.md)."""
    assert fit_weight(3) == fit_weight(5) == pytest.approx(0.8)
    assert fit_weight(8) == pytest.approx(0.4, abs=0.01)
    assert 0.15 < fit_weight(13) < 0.25


def _played_by_choose(t: Any, hands: list[int], leader: int, aims: list[int], takes: bool) -> list[int]:
    """The tricks each seat ends with when every card is chosen by `playout.choose` (the policy
    `play_out` writes out inline), every seat playing for its aim."""
    n = len(hands)
    live = 0
    for hand in hands:
        live |= hand
    won = [0] * n
    while hands[leader]:
        trick: list[int] = []
        for pos in range(n):
            player = (leader + pos) % n
            best, _, led = head_of(t, trick)
            hand, unseen = hands[player], live & ~hands[player]
            want = playout.wants_trick(aims[player] - won[player], takes)
            card = playout.choose(t, hand, trick, best, led, unseen, want, pos == n - 1)
            hands[player] &= ~(1 << card)
            trick.append(card)
        for card in trick:
            live &= ~(1 << card)
        leader = (leader + head_of(t, trick)[1]) % n
        won[leader] += 1
    return won


@pytest.mark.parametrize("rules", RULES)
def test_the_play_out_plays_the_cards_the_policy_chooses(rules: Any) -> None:
    """Random deals of 3 to 13 cards a seat and random aims: the counts of `play_out` are those of
    the round played card by card with `choose`."""
    t = tables_of(rules)
    rng = random.Random(8)
    size = len(rules.cls)
    for _ in range(150):
        cards = rng.randrange(3, 14)
        deck = rng.sample(range(size), 4 * cards)
        hands = [sum(1 << c for c in deck[i * cards : (i + 1) * cards]) for i in range(4)]
        live = sum(1 << c for c in deck)
        aims = [rng.randrange(cards + 1) for _ in range(4)]
        leader, seat, takes = rng.randrange(4), rng.randrange(4), rng.random() < 0.5
        won = [0] * 4
        found: dict[int, int] = {}
        playout.play_out(t, list(hands), won, leader, aims, live, takes, seat, [aims[seat]], found)
        assert won == _played_by_choose(t, list(hands), leader, aims, takes)
        assert found == {aims[seat]: won[seat]}


@pytest.mark.parametrize("rules", RULES[:2])
def test_opponents_playing_for_extra_tricks_play_as_if_they_bid_more(rules: Any) -> None:
    """`playout.Opponents`' ``extra``: the other seats play as seats whose bids are that much
    higher; the seat valued plays for its own bid."""
    t = tables_of(rules)
    rng = random.Random(9)
    size = len(rules.cls)
    differed = 0
    for _ in range(100):
        cards = rng.randrange(3, 14)
        deck = rng.sample(range(size), 4 * cards)
        hands = [sum(1 << c for c in deck[i * cards : (i + 1) * cards]) for i in range(4)]
        live = sum(1 << c for c in deck)
        aims = [rng.randrange(cards) for _ in range(4)]
        leader, seat, takes = rng.randrange(4), rng.randrange(4), rng.random() < 0.5
        won = [0] * 4
        found: dict[int, int] = {}
        greedy = playout.Opponents(extra=1)
        playout.play_out(
            t, list(hands), won, leader, aims, live, takes, seat, [aims[seat]], found, (), None, greedy
        )
        raised = [a + (s != seat) for s, a in enumerate(aims)]
        assert won == _played_by_choose(t, list(hands), leader, raised, takes)
        differed += won != _played_by_choose(t, list(hands), leader, aims, takes)
    assert differed > 10
