"""Properties every game keeps, checked on random legal rounds (hypothesis)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from stich.games import GAME_IDS, StichError, find
from stich.games.base import Round
from stich.games.record import parse_record, replay, simulate
from stich.games.trick import trick_winner


@st.composite
def game_and_players(draw: st.DrawFn) -> tuple[str, int, dict[str, Any]]:
    """A game, a player count it allows, and a draw of its options (every variant)."""
    game_id = draw(st.sampled_from(GAME_IDS))
    game = find(game_id)
    players = draw(st.sampled_from(game.player_counts))
    options: dict[str, Any] = {}
    for spec in game.option_specs:
        if spec.choices is not None:
            options[spec.name] = draw(st.sampled_from(spec.choices))
        elif isinstance(spec.default, bool):
            options[spec.name] = draw(st.booleans())
    try:
        game(players, options)
    except StichError:
        assume(False)  # a combination the rules exclude (e.g. dropping out with two players)
    return game_id, players, options


def check_invariants(state: Round) -> None:
    """No card in two places; the finished tricks are consistent."""
    places = [hand for hand in state.hands if hand is not None] + [state.gone]
    union = 0
    for cards in places:
        assert not union & cards, "a card is in two places"
        union |= cards
    for seat, hand in enumerate(state.hands):
        if hand is not None:
            assert hand.bit_count() == state.hand_size[seat]
    assert sum(state.won) == len(state.tricks)
    for trick in state.tricks:
        assert trick.winner in trick.seats
        assert len(set(trick.seats)) == len(trick.seats)


SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(game_and_players(), st.integers(0, 2**32 - 1))
def test_random_round_keeps_the_invariants(game: tuple[str, int, dict[str, Any]], seed: int) -> None:
    game_id, players, options = game
    record = simulate(game_id, players, seed, options)
    state = find(game_id)(players, options).new_round(record.players, record.dealer, None, record.known)
    check_invariants(state)
    for event in record.events:
        assert state.legal_events(), "legal events are never empty before the end"
        if "play" in event:
            assert state.legal_cards(state.to_move() or 0), "legal plays are never empty"
        # One rule for every game (docs/format.md): no points while the round is incomplete.
        assert state.result()["points"] is None, f"points before the end, after {state.events}"
        state.apply(event)
        check_invariants(state)
    assert state.is_terminal()
    assert len(state.result()["points"]) == players
    assert not state.legal_events()
    for trick in state.tricks:
        # The winner is the trick algebra's, under the tables in force during that trick.
        assert trick.rules is not None
        assert trick.seats[trick_winner(trick.rules, trick.cards)] == trick.winner


@SETTINGS
@given(game_and_players(), st.integers(0, 2**32 - 1))
def test_record_write_read_replay_is_the_identity(game: tuple[str, int, dict[str, Any]], seed: int) -> None:
    game_id, players, options = game
    record = simulate(game_id, players, seed, options)
    again = parse_record(json.loads(record.dumps()))
    assert again == record
    first, second = replay(record), replay(again)
    assert first.ok and second.ok
    assert first.round.result() == second.round.result()
    assert first.round.events == second.round.events == record.events
