"""The draft layout a live game takes is the one its game lays out (`Game.draft_layout`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from stich.games.errors import StichError
from stich.games.match import play_match
from stich.games.registry import find
from stich.hints.live import LiveGame

PLAYERS = ["ann", "ben", "cat", "dan"]


def _live(game_id: str, tmp_path: Path) -> LiveGame:
    return LiveGame.new(game_id, PLAYERS, "ben", "dan", {}, tmp_path / "journal.json")


def test_a_was_sticht_layout_is_entered_in_columns_as_its_game_lays_them_out(tmp_path: Path) -> None:
    columns, size = find("was-sticht").draft_layout or (0, 0)
    assert (columns, size) == (9, 4)  # the rulebook: 9 columns of 4 cards
    live = _live("was-sticht", tmp_path)
    chips = play_match("was-sticht", 4, seed=1).rounds[0].known["chips"]["1"]  # a chip draw of ben's
    live.enter("chips " + " ".join(chips))
    cards = live.game.deck.codes
    with pytest.raises(StichError, match=f"whole columns of {size} cards, not {size - 1} cards"):
        live.enter("layout " + " ".join(cards[: size - 1]))
    reply = live.enter("layout " + " ".join(cards[: 2 * size]))
    assert f"2 of {columns} columns" in str(reply)
    assert live.layout_columns() == 2


def test_a_game_that_deals_its_hands_refuses_a_layout(tmp_path: Path) -> None:
    assert find("stiche-raten").draft_layout is None
    live = _live("stiche-raten", tmp_path)
    with pytest.raises(StichError, match=r"layout: Stiche-Raten .* deals the hands; it lays out no draft"):
        live.enter("layout AS KS QS JS")
