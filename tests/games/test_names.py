"""The one rule for players' names (games.names)."""

from __future__ import annotations

import pytest

from stich.games.errors import StichError
from stich.games.names import MAX_NAME, check_player_names, name_problem


@pytest.mark.parametrize("name", ["Ann\tBen", "Ann\nBen", "Ann\u2028Ben", "Ann\x01", "\x00", "A\u200bB"])
def test_player_name_with_control_character_is_refused(name: str) -> None:
    with pytest.raises(StichError, match=r"players/1: the name .* holds a control character"):
        check_player_names(["Carla", name, "Dan"])


def test_player_name_length_is_one_to_forty_characters() -> None:
    assert check_player_names(["x" * MAX_NAME, "B"]) == ["x" * MAX_NAME, "B"]
    with pytest.raises(StichError, match=f"players/0: a player's name has at most {MAX_NAME} characters"):
        check_player_names(["x" * (MAX_NAME + 1), "B"])
    with pytest.raises(StichError, match="players/1: a player's name needs a visible character"):
        check_player_names(["A", ""])


def test_player_name_of_spaces_only_is_refused() -> None:
    assert name_problem("   ") == "a player's name needs a visible character"
    assert name_problem("Anna Lena") is None


def test_player_names_alike_ignoring_case_and_spaces_are_refused() -> None:
    with pytest.raises(StichError, match=r"game\.json: players 0 and 2 are both called 'Anna'"):
        check_player_names(["Anna", "Ben", " anna"], "game.json")


def test_player_name_that_is_not_text_is_refused() -> None:
    with pytest.raises(StichError, match="players/1: a player's name is text, not 7"):
        check_player_names(["Anna", 7])
