"""The entry language: words cut short, the seat implied, and completion from the round itself."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stich.games.base import Event
from stich.games.errors import StichError
from stich.games.match import play_match
from stich.games.views import seat_view
from stich.hints.live import LiveGame
from stich.hints.live.entries import (
    EVENT_WORDS,
    Command,
    EventEntry,
    Setup,
    complete,
    entry_text,
    parse_entry,
    resolve_seat,
)
from tests.hints.table_script import round_lines, setup_lines


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


def _24_at_the_exchange() -> tuple[LiveGame, list[str]]:
    """A 24 round entered from seat 1 up to the first exchange (another seat's, by count)."""
    match = play_match("24", 3, seed=8)
    record = match.rounds[0]
    live = LiveGame.new("24", match.players, match.players[1], match.players[record.dealer], {})
    lines = round_lines(record, 1)
    first = next(i for i, line in enumerate(lines) if line.startswith("exchange"))
    for line in lines[:first]:
        live.enter(line)
    return live, lines[first:]


@pytest.mark.parametrize("entry", ["bid ²", "bid ١", "bid 1" + "0" * 5000, "bid -1", "bid 1.5"])
def test_live_bid_superscript_digit_is_refused(entry: str) -> None:
    live, lines = _live()
    for line in lines[:4]:
        live.enter(line)
    before = live.to_json()["rounds"]
    with pytest.raises(StichError, match="is not a number of tricks"):
        live.enter(entry)
    assert live.to_json()["rounds"] == before


@pytest.mark.parametrize("entry", ["exchange ³", "exchange ²", "Anna: exchange ³", "reveal R ²"])
def test_live_exchange_superscript_digit_is_refused(entry: str) -> None:
    live, lines = _24_at_the_exchange()
    before = live.to_json()["rounds"]
    with pytest.raises(StichError):
        live.enter(entry)
    assert live.to_json()["rounds"] == before
    live.enter(lines[0])  # the real entry still goes in


def test_live_cards_typed_for_another_seats_exchange_are_read_as_cards() -> None:
    live, lines = _24_at_the_exchange()
    session = live.session
    assert session is not None and session.to_move() != session.seat
    assert lines[0] == "exchange 3"  # another seat exchanges; its cards are not seen
    mover = session.to_move()
    assert mover is not None
    # The cards that seat may give are those the deduction still places in its hand.
    offered = complete("exchange ", live.table)
    assert offered[-1] == "receive" and set(offered[:-1]) <= set(live.game.deck.codes)
    live.enter(f"{live.players[mover]}: exchange {offered[0]} {offered[1]}")
    assert session.events[-1] == {"seat": mover, "exchange": offered[:2]}
    live.enter("undo")
    with pytest.raises(StichError, match="hand is not known"):
        live.enter(f"exchange {offered[0]} receive {offered[1]}")
    live.enter(lines[0])
    assert session.events[-1]["exchange"] == 3


# -- the writer: every event written reads back as the same event ---------------------------

ROUND_TRIP_GAMES = [
    ("stiche-raten", 4, {"sequence": "constant", "first_round": 5, "rounds": 1}),
    ("wizard", 6, {}),
    ("24", 3, {"trump_chaos": True, "dropping_out": True}),
    ("stich-fuer-stich", 3, {}),
    ("was-sticht", 4, {}),
]


def _reads_back(event: Event, live: LiveGame) -> None:
    """``event`` written as an entry and read again is ``event``, as the session applies it."""
    session = live.session
    assert session is not None
    text = entry_text(event, live.players)
    entry = parse_entry(text, live.table)
    assert isinstance(entry, EventEntry), text
    assert resolve_seat(session, entry.event) == resolve_seat(session, event), text


@pytest.mark.parametrize(
    ("game", "players", "options"), ROUND_TRIP_GAMES, ids=[g[0] for g in ROUND_TRIP_GAMES]
)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_every_event_and_every_legal_event_written_as_an_entry_reads_back(
    game: str, players: int, options: dict[str, Any], seed: int
) -> None:
    match = play_match(game, players, seed=seed, options=options)
    record = match.rounds[0]
    live = LiveGame.new(game, match.players, match.players[1], None, options)
    for line in setup_lines(record, 1):
        live.enter(line)
    for event in seat_view(record, 1).events:
        session = live.session
        assert session is not None
        state = session.round
        try:
            legal = state.legal_events()
        except StichError:
            legal = []  # a hidden hand to move: the view cannot list its events
        for choice in legal:
            _reads_back(choice, live)
        _reads_back(event, live)
        live.enter(entry_text(event, live.players))


def test_no_module_of_live_or_serve_writes_entries_by_hand() -> None:
    """The entries that `stich live` and `stich serve` write (taps, advice, undo news, the
    table script of the tests) come from `entry_text`, beside its parser; the advisors' labels
    and the analysis' descriptions are prose, not entries."""
    root = Path(__file__).resolve().parents[2]
    words = "|".join(EVENT_WORDS)
    pattern = re.compile(rf"""f["'](?:\{{[^}}]*\}}: )?(?:{words}) \{{""")
    paths = [*(root / "hints" / "live").glob("*.py"), *(root / "stich" / "serve").glob("*.py")]
    paths += [*(root / "stich" / "cli").glob("*.py"), root / "tests" / "hints" / "table_script.py"]
    found = []
    for path in sorted(paths):
        if path == root / "hints" / "live" / "entries.py":
            continue
        found += [f"{path.relative_to(root)}: {m.group(0)}" for m in pattern.finditer(path.read_text())]
    assert found == [], found
