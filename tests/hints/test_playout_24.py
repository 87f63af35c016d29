"""24's fast play-out (`hints.advisors.vierundzwanzig.playout`) plays every seat's cards as the
heuristic bot does: from the hands after the exchanges, the tricks it deals out are the ones the
heuristic bots take at the arena's table."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from stich.games.cards import mask_of
from stich.games.record import Record, parse_record, replay, simulate
from stich.games.vierundzwanzig import DECK, SUITS, TRICKS, VierUndZwanzigRound
from stich.hints.advice import Budget, advise
from stich.hints.advisors.vierundzwanzig.playout import play_on, play_out
from stich.hints.play.arena import ArenaSpec, play_table
from stich.hints.play.bots import parse_bot
from stich.hints.session import Session


def _heuristic_rounds(players: int, deals: int, seed: int) -> Iterator[Record]:
    """The records of ``deals`` arena rounds of 24 between heuristic bots."""
    spec = ArenaSpec("24", players, tuple(parse_bot("heuristic") for _ in range(players)), deals, seed)
    for index in range(deals):
        played = play_table(spec, index, 0, keep_record=True)
        assert played.record is not None
        yield parse_record(played.record)


@pytest.mark.parametrize("players", [3, 4])
def test_play_out_takes_the_heuristic_bots_tricks(players: int) -> None:
    reversals = 0
    for index, record in enumerate(_heuristic_rounds(players, 12, 5)):
        state = replay(record).round
        hands = [mask_of(DECK.parse(c) for c in record.known["hands"][str(s)]) for s in range(players)]
        gone = [0] * players
        plays = []
        for event in record.events:
            seat = event["seat"]
            if "exchange" in event:
                give = mask_of(DECK.parse(c) for c in event["exchange"])
                hands[seat] = hands[seat] & ~give | mask_of(DECK.parse(c) for c in event.get("receive", []))
                gone[seat] |= give
            plays.append(event)
        reversals += sum(1 for e in plays if e.get("reverse"))
        trump = SUITS.index(record.events[0]["trump"])
        won = play_out(hands, trump, False, record.events[0]["seat"], gone)
        assert won == list(state.won), index
        assert sum(won) == TRICKS
    assert reversals > 0  # the deals try the reversal on a 1


def test_exchange_never_gives_a_one_away() -> None:
    held = 0
    for seed in range(40):
        record = simulate("24", 3, seed)
        cut = next(i for i, e in enumerate(record.events) if "exchange" in e)
        head = replace(record, events=record.events[:cut])
        seat = replay(head).round.to_move()
        assert seat is not None
        session = Session.from_record(head, seat, strict=True)
        hand = DECK.names(session.round.hands[seat] or 0)
        if not any(c != "24" and c[1:] == "1" for c in hand):
            continue
        held += 1
        advice = advise(session, Budget(worlds=2, seed=seed))
        for alternative in advice.alternatives:
            given = alternative.action.get("exchange") or []
            assert not any(c[1:] == "1" for c in given), (hand, given)
    assert held >= 5


def test_play_on_from_any_trick_takes_the_heuristic_bots_tricks() -> None:
    """From every card of a round the heuristic bots played, playing on with that card first gives
    the tricks they took: the trick in progress, the order pending and the cards played carry."""
    players = 3
    checked = 0
    for index, record in enumerate(_heuristic_rounds(players, 6, 7)):
        final = list(replay(record).round.won)
        for cut, event in enumerate(record.events):
            if "play" not in event:
                continue
            state = replay(replace(record, events=record.events[:cut])).round
            assert isinstance(state, VierUndZwanzigRound) and state.trump is not None
            hands = [h or 0 for h in state.hands]
            done = mask_of(c for t in state.tricks for c in t.cards) | mask_of(state.trick_cards)
            gone = [0] * players  # the cards each seat gave away
            for e in record.events:
                gone[e["seat"]] |= mask_of(DECK.parse(c) for c in e.get("exchange") or [])
            first = (DECK.parse(event["play"]), bool(event.get("reverse")))
            won = play_on(
                hands,
                state.trump,
                state.reversed,
                state.next_reversed,
                list(range(players)),
                state.leader,
                state.trick_cards,
                state.won,
                done,
                gone,
                first,
            )
            assert won == final, (index, cut)
            checked += 1
    assert checked == 6 * 6 * players
