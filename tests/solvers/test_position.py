"""The position format of ``stich solve``: what it accepts, and one-line errors for what it does not."""

from __future__ import annotations

from typing import Any

import pytest

from stich.games.errors import StichError
from stich.games.vierundzwanzig import VierUndZwanzigContext
from stich.solvers.parse import parse_position
from stich.solvers.position import Position
from stich.solvers.solver import Solver

EXAMPLE: dict[str, Any] = {
    "game": "stiche-raten",
    "options": {},
    "trump": "S",
    "hands": [["AS", "KS"], ["QS", "2H"], ["3H", "4H"], ["5H", "6H"]],
    "leader": 0,
    "trick": [],
    "teams": [[0, 2], [1, 3]],
    "objective": {"type": "tricks"},
}


def test_the_design_example_parses() -> None:
    position = parse_position(EXAMPLE)
    assert position.players == 4
    assert position.to_move == 0
    assert position.side() == (0, 2)
    assert position.tricks_left() == 2
    assert position.context.to_json() == {"trump": "S"}
    assert parse_position(position.to_json()) == position


def test_teams_default_to_the_seat_to_move_against_the_others() -> None:
    data = {**EXAMPLE, "hands": [["AS"], ["QS", "2H"], ["3H", "4H"], ["5H", "6H"]], "trick": ["KS"]}
    del data["teams"]
    position = parse_position(data)
    assert position.to_move == 1
    assert position.side() == (1,)
    assert position.tricks_left() == 2


def test_a_partial_trick_counts_towards_hand_sizes() -> None:
    data = {**EXAMPLE, "hands": [["AS"], ["QH"], ["3H", "4H"], ["5H", "6H"]], "trick": ["KS", "2H"]}
    assert parse_position(data).to_move == 2


def _error(change: dict[str, Any]) -> str:
    with pytest.raises(StichError) as info:
        parse_position({**EXAMPLE, **change})
    message = str(info.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"hands": [["AS", "XS"], ["QS", "2H"], ["3H", "4H"], ["5H", "6H"]]}, ["hands[0]", "XS"]),
        ({"hands": [["AS", "KS"], ["AS", "2H"], ["3H", "4H"], ["5H", "6H"]]}, ["AS", "seat 0", "seat 1"]),
        ({"hands": [["AS", "KS"], ["QS"], ["3H", "4H"], ["5H", "6H"]]}, ["sizes", "seat 1: 1"]),
        ({"trick": ["7C", "8C", "9C", "TC"]}, ["trick", "4 cards"]),
        ({"trick": ["AS"]}, ["AS", "seat 0"]),
        ({"teams": [[0, 2], [1, 2]]}, ["teams", "seat 2"]),
        ({"teams": [[0, 2], [1]]}, ["teams", "seat 3"]),
        ({"objective": {"type": "slam"}}, ["objective", "slam"]),
        ({"objective": {"type": "exact"}}, ["exact", "k"]),
        ({"objective": {"type": "task", "task": "no-red"}}, ["task", "was-sticht"]),
        ({"leader": 9}, ["leader", "9"]),
        ({"trump": "X"}, ["trump", "X"]),
        ({"secret": {}}, ["unknown fields", "secret"]),
        ({"game": "skat"}, ["unknown game", "skat"]),
    ],
)
def test_bad_input_names_the_field(change: dict[str, Any], words: list[str]) -> None:
    message = _error(change)
    for word in words:
        assert word in message, message


def test_was_sticht_tasks_and_the_dealers_goal() -> None:
    data = {
        "game": "was-sticht",
        "secret": {"trump_suit": "R", "trump_number": 5},
        "hands": [["R1", "G2"], ["Y3", "B4"], ["R6", "G7"], ["Y8", "B9"]],
        "leader": 1,
        "trick": [],
        "objective": {"type": "task", "task": "exactly-1", "seat": 3, "owner": 1},
    }
    position = parse_position(data)
    assert position.objective.owner == 1
    assert position.side() == (3,)
    with pytest.raises(StichError, match="task"):
        parse_position({**data, "objective": {"type": "task", "task": "win-everything"}})
    with pytest.raises(StichError, match='secret must give "trump_number"'):
        parse_position({**data, "secret": {"trump_suit": "R"}})


def test_stich_fuer_stich_confidant_holds_three_more() -> None:
    data = {
        "game": "stich-fuer-stich",
        "secret": {"culprit": "gardener", "weapon": "knife"},
        "hands": [["I1", "I2", "I3", "I4", "I5"], ["H1", "H2"], ["G1", "G2"]],
        "leader": 1,
        "trick": [],
        "objective": {"type": "points"},
    }
    position = parse_position(data)
    assert position.context.to_json()["confidant"] == 0
    assert position.tricks_left() == 2
    with pytest.raises(StichError, match="sizes"):
        parse_position({**data, "confidant": 1})


def test_24_context_and_dropped_seats() -> None:
    data = {
        "game": "24",
        "options": {"dropping_out": True},
        "trump": "Y",
        "order": "reversed",
        "caller": 0,
        "dropped": [2],
        "hands": [["Y1", "B2"], ["R3", "G4"], []],
        "leader": 0,
        "trick": [],
        "objective": {"type": "points"},
    }
    position = parse_position(data)
    assert position.playing == (0, 1)
    assert position.context.to_json()["order"] == "reversed"
    with pytest.raises(StichError, match="dropped"):
        parse_position({**data, "hands": [["Y1", "B2"], ["R3", "G4"], ["G5", "G6"]]})
    with pytest.raises(StichError, match="order: 'upside-down' is not one of"):
        parse_position({**data, "order": "upside-down"})
    with pytest.raises(StichError, match="Trump Chaos"):
        parse_position({**data, "next_trump": "B"})
    # Trump Chaos drops "Own Trump Without a Trick" unless the options keep it.
    assert _caller_penalty(position) is True
    chaos = {**data, "options": {"dropping_out": True, "trump_chaos": True}}
    assert _caller_penalty(parse_position(chaos)) is False
    kept = {**data, "options": {"trump_chaos": True, "caller_penalty": True, "dropping_out": True}}
    assert _caller_penalty(parse_position(kept)) is True


def _caller_penalty(position: Position) -> bool:
    context = position.context
    assert isinstance(context, VierUndZwanzigContext)
    return context.caller_penalty


def test_a_card_named_twice_is_named_once_in_the_error() -> None:
    with pytest.raises(StichError) as info:
        parse_position({**EXAMPLE, "hands": [["AS", "AS"], ["QS", "2H"], ["3H", "4H"], ["5H", "6H"]]})
    assert str(info.value) == "hands[0]: card AS is named twice"


def test_a_trick_card_that_does_not_follow_is_an_error() -> None:
    # Seat 1 holds QS but plays 2H to a spade lead.
    position = {**EXAMPLE, "hands": [["AS"], ["QS"], ["3H", "4H"], ["5H", "6H"]], "trick": ["KS", "2H"]}
    with pytest.raises(StichError, match=r"trick\[1\]: seat 1 may not play 2H"):
        parse_position(position)
    # Showing out is fine when the seat holds no spade.
    legal = {**EXAMPLE, "hands": [["AS"], ["QH"], ["3H", "4H"], ["5H", "6H"]], "trick": ["KS", "2H"]}
    assert parse_position(legal).trick


def test_deeply_nested_json_is_a_one_line_error() -> None:
    from stich.games.jsonfile import parse_json

    with pytest.raises(StichError, match="nested too deeply"):
        parse_json("[" * 100_000 + "]" * 100_000, "position")


def test_a_file_whose_name_starts_with_a_brace_is_read_as_a_file(tmp_path: Any) -> None:
    import json

    from stich.solvers.parse import load_position

    path = tmp_path / "{deal}.json"
    path.write_text(json.dumps(EXAMPLE), encoding="utf-8")
    assert load_position(path).players == 4


def test_schema_in_docs_is_the_schema_in_code() -> None:
    import json
    import re
    from pathlib import Path

    from stich.solvers.parse import position_schema

    text = (Path(__file__).resolve().parents[2] / "docs" / "solver.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- schema -->\s*```json\n(.*?)```", text, re.S)
    assert block is not None, "docs/solver.md has no schema block"
    assert json.loads(block.group(1)) == json.loads(json.dumps(position_schema()))


def test_every_game_example_passes_the_schema() -> None:
    import jsonschema

    from stich.solvers.parse import position_schema
    from tests.solvers.samples import GAME_PLAYERS, random_position_json

    validator = jsonschema.Draft202012Validator(position_schema())
    for game in GAME_PLAYERS:
        for seed in range(20):
            data = random_position_json(game, seed)
            assert not list(validator.iter_errors(data)), data
            assert parse_position(data).to_json() == parse_position(parse_position(data).to_json()).to_json()


def test_hands_may_be_given_by_seat_as_an_object() -> None:
    data = {**EXAMPLE, "hands": {"0": ["AS", "KS"], "1": ["QS", "2H"], "2": ["3H", "4H"], "3": ["5H", "6H"]}}
    assert parse_position(data) == parse_position(EXAMPLE)
    with pytest.raises(StichError, match="seat 2 is missing"):
        parse_position({**EXAMPLE, "hands": {"0": ["AS"], "1": ["QS"], "3": ["5H"]}})


def test_an_exact_target_beyond_the_tricks_left_is_an_error() -> None:
    with pytest.raises(StichError) as info:
        parse_position({**EXAMPLE, "objective": {"type": "exact", "k": 3}})
    assert "k = 3" in str(info.value) and "(2 left)" in str(info.value)
    # Tricks already won count towards the round's; a target the side can no longer reach is a value 0.
    position = parse_position({**EXAMPLE, "objective": {"type": "exact", "k": 3}, "won": [0, 1, 0, 0]})
    assert Solver(position).value() == 0


def test_a_field_of_another_game_is_named() -> None:
    message = _error({"order": "reversed"})
    assert "unknown fields ['order']" in message
    missing = {k: v for k, v in EXAMPLE.items() if k != "trump"}
    with pytest.raises(StichError, match='must give "trump"'):
        parse_position(missing)
