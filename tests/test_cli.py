"""The stich command line, driven as a user would."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from games import GAME_IDS
from stich.cli import app

runner = CliRunner()


def test_games_json_lists_every_game() -> None:
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0
    games = json.loads(result.stdout)["games"]
    assert [g["id"] for g in games] == list(GAME_IDS)
    assert {"id": "24"}.items() <= games[1].items() and games[1]["players"] == [2, 3, 4, 5]


def test_games_says_trump_chaos_drops_the_caller_penalty() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "off by default with trump_chaos" in " ".join(result.stdout.split())


@pytest.mark.parametrize("game", GAME_IDS)
def test_simulate_then_check(tmp_path: Path, game: str) -> None:
    players = "4" if game != "24" else "3"
    out = tmp_path / "round.json"
    result = runner.invoke(app, ["simulate", game, "--players", players, "--seed", "7", "--out", str(out)])
    assert result.exit_code == 0, result.output
    checked = runner.invoke(app, ["check", str(out), "--json"])
    assert checked.exit_code == 0, checked.output
    report = json.loads(checked.stdout)
    assert report["ok"] and report["complete"]
    assert all(set(t) >= {"leader", "cards", "winner"} for t in report["tricks"])
    assert sum(report["result"]["tricks"]) == len(report["tricks"])
    text = runner.invoke(app, ["check", str(out)])
    assert text.exit_code == 0 and "round complete" in text.stdout


def test_simulate_is_reproducible() -> None:
    one = runner.invoke(app, ["simulate", "stiche-raten", "-n", "5", "-s", "3"])
    two = runner.invoke(app, ["simulate", "stiche-raten", "-n", "5", "-s", "3"])
    assert one.exit_code == 0 and one.stdout == two.stdout


def test_simulate_never_overwrites(tmp_path: Path) -> None:
    out = tmp_path / "mine.json"
    out.write_text("my notes", encoding="utf-8")
    result = runner.invoke(app, ["simulate", "wizard", "-n", "3", "--out", str(out)])
    assert result.exit_code == 1
    assert "already exists" in result.stderr
    assert out.read_text(encoding="utf-8") == "my notes"


def test_check_reports_the_first_bad_event(tmp_path: Path) -> None:
    record = json.loads(runner.invoke(app, ["simulate", "stiche-raten", "-n", "4", "-s", "1"]).stdout)
    first_bid = record["events"][0]
    first_bid["bid"] = 99
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = runner.invoke(app, ["check", str(path), "--json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report == report | {"ok": False, "event": 0}
    assert report["error"].startswith("event 0: Anna bid 99, but bids go from 0 to")
    text = runner.invoke(app, ["check", str(path)])
    assert text.exit_code == 1
    assert text.stderr.count("\n") == 1 and "Traceback" not in text.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "skat"], "unknown game 'skat'"),
        (["simulate", "wizard", "-n", "9"], "wizard is played by 3-6 players, not 9"),
        (["simulate", "wizard", "-o", "edition=big"], "option 'edition' of wizard must be one of"),
        (["simulate", "wizard", "-o", "edition"], "must look like key=value"),
        (["check", "/nonexistent/round.json"], "no such file"),
    ],
)
def test_user_errors_are_one_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 1
    assert message in result.stderr
    assert result.stderr.startswith("stich: error: ") and result.stderr.count("\n") == 1


@pytest.mark.parametrize("option", ["first_round", "rounds", "blind_round"])
def test_a_null_option_is_one_line(option: str) -> None:
    result = runner.invoke(app, ["simulate", "stiche-raten", "-o", f"{option}=null"])
    assert result.exit_code == 1
    assert result.stderr == f"stich: error: option {option!r} of stiche-raten must be int, got None\n"


def test_simulate_a_whole_game() -> None:
    result = runner.invoke(app, ["simulate", "24", "-n", "3", "-s", "2", "--match"])
    assert result.exit_code == 0, result.output
    match = json.loads(result.stdout)
    assert match["format"] == "stich-match/1" and match["standing"]["ended"]
    assert all(r["format"] == "stich-round/1" for r in match["rounds"])


def test_check_names_a_bad_known_block(tmp_path: Path) -> None:
    record = json.loads(runner.invoke(app, ["simulate", "wizard", "-n", "3", "-s", "1"]).stdout)
    record["known"]["hands"]["1"][0] = record["known"]["hands"]["0"][0]
    path = tmp_path / "twice.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = runner.invoke(app, ["check", str(path), "--json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["ok"] is False and report["event"] is None
    assert "is in two hands" in report["error"]
    text = runner.invoke(app, ["check", str(path)])
    assert text.exit_code == 1 and "is in two hands" in text.stderr and text.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("game", "fact", "message"),
    [
        ("wizard", {"round": -1e30}, "known/round: -1e+30 is less than the minimum of 1"),
        ("wizard", {"round": "banana"}, "known/round: 'banana' is not of type 'integer'"),
        ("wizard", {"round": 2}, "known.round 2 deals 2 cards each under the options, but the hands hold 1"),
        ("stiche-raten", {"blind": [None]}, "known/blind: [None] is not of type 'boolean'"),
    ],
)
def test_check_refuses_a_known_round_or_blind_that_cannot_be(
    tmp_path: Path, game: str, fact: dict[str, object], message: str
) -> None:
    record = json.loads(runner.invoke(app, ["simulate", game, "-n", "3", "-s", "1"]).stdout)
    record["known"].update(fact)
    path = tmp_path / "round.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert message in result.stderr and result.stderr.count("\n") == 1, result.stderr
