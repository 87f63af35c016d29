"""The entry language: words cut short, the seat implied, and completion from the round itself."""

from __future__ import annotations

import pytest

from games.errors import StichError
from games.match import play_match
from hints.entries import Command, EventEntry, Setup, complete, parse_entry
from hints.live import LiveGame
from tests.hints.table_script import round_lines


def _live() -> tuple[LiveGame, list[str]]:
    options = {"sequence": "constant", "first_round": 6, "rounds": 1}
    match = play_match("stiche-raten", 4, seed=7, options=options)
    live = LiveGame.new("stiche-raten", match.players, "Ben", "Dan", options)
    return live, round_lines(match.rounds[0], 1)


def test_words_names_and_cards_may_be_cut_short() -> None:
    live, lines = _live()
    table = live.table
    assert parse_entry("sh", table) == Command("show")
    assert parse_entry("save game.json", table) == Command("save", "game.json")
    assert parse_entry("ha as 10h", table) == Setup("hand", ["AS", "TH"])
    for line in lines[:4]:
        live.enter(line)
    entry = parse_entry("ca: bi 2", live.table)
    assert isinstance(entry, EventEntry) and entry.event == {"seat": 2, "bid": 2}
    with pytest.raises(StichError, match="ambiguous"):
        parse_entry("s", live.table)  # show, save, secret, solved
    with pytest.raises(StichError, match="unknown player"):
        parse_entry("Zoe: bid 1", live.table)


def test_completion_offers_the_cards_still_possible_for_the_seat_to_act() -> None:
    live, lines = _live()
    entered = 0
    while not (live.session is not None and live.session.my_turn() and live.session.round.phase == "play"):
        live.enter(lines[entered])
        entered += 1
    session = live.session
    legal = [e["play"] for e in session.legal()]
    assert complete("play ", live.table) == legal  # my own hand: the legal cards
    assert complete("pl", live.table) == ["play"]
    live.enter(lines[entered])
    mover = session.to_move()
    assert mover is not None and mover != session.seat
    offered = set(complete("play ", live.table))
    mine = set(session.round.hand(session.seat) or [])
    played = set(session.round.deck.names(session.round.gone))
    assert offered and not offered & mine and not offered & played
    j = session.observations().place_of(mover)
    assert j is not None
    locations = session.locations()
    assert offered == set(session.round.deck.names(locations.possible(j) | locations.certain(j)))
    assert set(complete("Dan: ", live.table)) >= {"play", "bid", "winner"}
