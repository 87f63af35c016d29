"""``stich puzzle play``: only what can be read as an answer counts, and a card that cannot be played
is named as such, not judged against the defence."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from stich.cli import app
from stich.puzzles import PlaySession, parse_puzzles

runner = CliRunner()

# South (seat 2) answers East's lead of the 5 of hearts; hearts must be followed.
FOLLOWING: dict[str, Any] = {
    "kind": "endgame",
    "game": "stiche-raten",
    "grade": "easy",
    "theme": "partnership",
    "task": "South to move, no trumps. North and South must take 1 of the last 2 tricks.",
    "clues": [],
    "position": {
        "game": "stiche-raten",
        "options": {},
        "trump": None,
        "hands": [["2S", "9S"], ["AC"], ["TH", "2D"], ["8S", "KC"]],
        "leader": 1,
        "trick": ["5H"],
        "teams": [[0, 2], [1, 3]],
        "objective": {"type": "tricks", "seat": 2},
    },
    "target": 1,
    "answer": {"card": "TH"},
}


def _file(tmp_path: Path, puzzles: list[dict[str, Any]]) -> Path:
    path = tmp_path / "puzzles.json"
    path.write_text(json.dumps(puzzles), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def case_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("play") / "case.json"
    made = runner.invoke(app, ["puzzle", "new", "stich-fuer-stich", "--seed", "3", "--out", str(path)])
    assert made.exit_code == 0, made.output
    return path


def test_play_unreadable_entry_is_not_an_answer(case_file: Path) -> None:
    answer = json.loads(case_file.read_text(encoding="utf-8"))[0]["answer"]
    lines = ["foo", "KS", "gardener", f"{answer['culprit']} {answer['weapon']}"]
    result = runner.invoke(app, ["puzzle", "play", str(case_file)], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.count("Unreadable: ") == 3 and out.count("Try again.") == 3
    assert "Unreadable: give two things, got 'foo'. Answer like 'gardener knife'" in out
    assert "Wrong." not in out
    # Only the one answer that could be read was counted.
    assert "Solved without hints in 1 answer(s)." in out


def test_play_unreadable_entry_leaves_the_tries_alone() -> None:
    session = PlaySession(parse_puzzles([FOLLOWING])[0])
    reply = session.answer("banana")
    assert reply.correct is None and reply.message.startswith("Unreadable: unknown card 'banana'")
    assert "a card of South's hand, such as 'TH'" in reply.message
    assert session.tries == [] and not session.solved


def test_play_card_not_in_hand_is_named(tmp_path: Path) -> None:
    path = _file(tmp_path, [FOLLOWING])
    result = runner.invoke(app, ["puzzle", "play", str(path)], input="KS\nTH\n")
    assert result.exit_code == 0, result.output
    assert "K♠ is not in South's hand (South holds 10♥ 2♦). Try again." in result.stdout
    assert "fails against the best defence" not in result.stdout
    assert "Right: 10♥." in result.stdout and "in 1 answer(s)" in result.stdout


def test_play_card_that_does_not_follow_is_named() -> None:
    session = PlaySession(parse_puzzles([FOLLOWING])[0])
    reply = session.answer("2D")
    assert reply.correct is None
    assert reply.message == "South may not play 2D: the led suit must be followed (TH). Try again."
    assert session.tries == []
    assert session.answer("TH").correct is True and session.tries == ["TH"]


def test_play_wrong_card_in_hand_is_judged_against_the_defence(tmp_path: Path) -> None:
    # Hearts led and South out of hearts: any card may go, and a wrong one is judged.
    puzzle = json.loads(json.dumps(FOLLOWING))
    puzzle["position"]["hands"][2] = ["TC", "2D"]
    puzzle["answer"] = {"card": "2D"}
    session = PlaySession(parse_puzzles([puzzle])[0])
    reply = session.answer("TC")
    assert reply.correct is False and "That move fails against the best defence" in reply.message
    assert session.tries == ["TC"]
