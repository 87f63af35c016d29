"""``stich check``, driven as a user would: what a player reads, views, whole games, refusals."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stich.cli import app
from stich.games import GAME_IDS
from stich.games.match import play_match
from stich.games.record import Record, check_report, simulate
from stich.games.views import seat_view
from tests.deducer.test_conflicts import ANNA, anna_sees

runner = CliRunner()

# What a player should never have to read: Python's own notation and the report's keys.
INTERNALS = re.compile(r"[{}\[\]]|\bNone\b|\bTrue\b|\bFalse\b|'culprit'|solved_at|dealer_made|_")


def write(tmp_path: Path, record: Record, name: str = "round.json") -> str:
    path = tmp_path / name
    path.write_text(record.dumps(), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("game", GAME_IDS)
@pytest.mark.parametrize("players", [3, 4])
def test_check_prints_what_a_player_reads(tmp_path: Path, game: str, players: int) -> None:
    for seed in range(3):
        record = simulate(game, players, seed)
        result = runner.invoke(app, ["check", write(tmp_path, record)])
        assert result.exit_code == 0, result.output
        assert INTERNALS.search(result.stdout) is None, result.stdout
        assert all(name in result.stdout for name in record.players)
        assert "round complete" in result.stdout


def test_oh_hell_and_wizard_show_the_trump_with_suit_symbols(tmp_path: Path) -> None:
    record = simulate("stiche-raten", 4, 3)
    turned = record.known["trump_card"]
    symbol = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[turned[-1]]
    out = runner.invoke(app, ["check", write(tmp_path, record)]).stdout
    assert f"trump: {symbol} (turned {turned[0].replace('T', '10')}{symbol})" in out
    assert re.search(r"\b(10|[2-9AKQJ])[♠♥♦♣]", out)
    ascii_out = runner.invoke(app, ["check", "--ascii", write(tmp_path, record)]).stdout
    suit = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[turned[-1]]
    assert f"trump: {suit} (turned {turned})" in ascii_out
    assert not re.search("[♠♥♦♣]", ascii_out)
    wizard = runner.invoke(app, ["check", write(tmp_path, simulate("wizard", 3, 8))]).stdout
    assert re.search(r"^trump: ([♠♥♦♣]|none) \(", wizard, re.M)


def test_suit_symbols_only_where_the_terminal_takes_them(tmp_path: Path) -> None:
    path = write(tmp_path, simulate("stiche-raten", 3, 1))
    stich = Path(sys.executable).with_name("stich")
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    out = subprocess.run([stich, "check", path], capture_output=True, env=env, check=True).stdout
    assert b"trump:" in out and not re.search(rb"[^\x00-\x7f]", out)
    env["PYTHONIOENCODING"] = "utf-8"
    out = subprocess.run([stich, "check", path], capture_output=True, env=env, check=True).stdout
    assert "♠".encode() in out or "♥".encode() in out


def test_stich_fuer_stich_says_who_solved_when(tmp_path: Path) -> None:
    record = simulate("stich-fuer-stich", 4, 2)  # Anna solves in the search after trick 1
    out = runner.invoke(app, ["check", write(tmp_path, record)]).stdout
    assert re.search(r"^  Anna .* at trick 1 ", out, re.M)
    assert re.search(r"^  Ben .* not solved ", out, re.M)
    assert "confidant: Dan" in out
    secret = record.known["secret"]
    assert f"the culprit: the {secret['culprit']} with the {secret['weapon']}" in out


def test_was_sticht_says_who_made_its_task(tmp_path: Path) -> None:
    out = runner.invoke(app, ["check", write(tmp_path, simulate("was-sticht", 4, 16))]).stdout
    assert "Anna chose the task 'exactly 4 tricks' and made its task: discards that chip" in out
    assert "Ben chose the task 'the most tricks' and failed it" in out
    out = runner.invoke(app, ["check", write(tmp_path, simulate("was-sticht", 4, 26))]).stdout
    assert "Dan (dealer) made the task of Anna, who failed it: discards its chip 'no green cards'" in out
    assert re.search(r"^(no|trump) .*colour.*, .*number", out, re.M)


def test_trump_chaos_says_which_trump_was_called(tmp_path: Path) -> None:
    seed = next(s for s in range(100) if _trump_changed(simulate("24", 4, s, {"trump_chaos": True})))
    record = simulate("24", 4, seed, {"trump_chaos": True})
    out = runner.invoke(app, ["check", write(tmp_path, record)]).stdout
    assert re.search(r"^trump: \w+ at the end of the round, \w+ when called, called by Anna$", out, re.M)


def _trump_changed(record: Record) -> bool:
    report = check_report(record)
    return bool(report["trump_called"] != report["result"]["trump"])


def test_a_long_name_is_refused_at_once(tmp_path: Path) -> None:
    data = simulate("stiche-raten", 3, 1).to_json()
    data["players"][1] = "B" * 100_000
    path = tmp_path / "long.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert "a player's name has at most 40 characters, this one has 100000" in result.stderr


# -- refusals ------------------------------------------------------------------------------


def test_check_json_refusal_also_says_it_on_stderr(tmp_path: Path) -> None:
    record = simulate("wizard", 3, 2)
    record.events[0]["bid"] = 99
    result = runner.invoke(app, ["check", write(tmp_path, record), "--json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["ok"] is False and report["event"] == 0
    assert result.stderr == f"stich: error: {tmp_path / 'round.json'}: {report['error']}\n"


def test_a_revoke_by_a_hidden_hand_is_the_first_bad_event(tmp_path: Path) -> None:
    """Anna's view: Ben shows out of spades at trick 1, then plays AS at trick 2."""
    record = anna_sees(ANNA, "2S 5H KS 7H  8H 9H 3H AS  4H 5S")
    result = runner.invoke(app, ["check", write(tmp_path, record), "--json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["ok"] is False and report["event"] == 11
    assert report["error"] == (
        "event 11: Ben showed out of spades at trick 1 (event 5) but played AS at trick 2 (event 11)"
    )
    assert len(report["tricks"]) == 1  # as for a rules error: the record up to the bad event
    text = runner.invoke(app, ["check", write(tmp_path, record)])
    assert text.exit_code == 1 and text.stderr.count("\n") == 1 and "played AS" in text.stderr
    fine = runner.invoke(app, ["check", write(tmp_path, anna_sees(ANNA, "2S 5H KS 7H  8H 9H 3H"))])
    assert fine.exit_code == 0, fine.output


def test_voids_leaving_no_room_are_reported_at_the_last_one(tmp_path: Path) -> None:
    """Ben, Carla and Dan all show out of spades while KS and AS are unseen: Dan's card is the bad event."""
    result = runner.invoke(app, ["check", write(tmp_path, anna_sees(ANNA, "2S 5H 6H 7H")), "--json"])
    report = json.loads(result.stdout)
    assert result.exit_code == 1 and report["event"] == 7
    assert report["error"].endswith("so nobody can hold the 2 unseen cards KS AS")


@pytest.mark.parametrize("game", ["stiche-raten", "24", "wizard", "was-sticht", "stich-fuer-stich"])
def test_views_of_simulated_rounds_are_consistent(tmp_path: Path, game: str) -> None:
    for seed in range(3):
        record = simulate(game, 4, seed)
        view = seat_view(record, seed % 4)
        result = runner.invoke(app, ["check", write(tmp_path, view), "--json"])
        assert result.exit_code == 0, result.output


# -- whole games ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAME_IDS)
def test_check_reads_a_whole_game(tmp_path: Path, game: str) -> None:
    out = tmp_path / "game.json"
    made = runner.invoke(app, ["simulate", game, "-p", "3", "-s", "4", "--match", "--out", str(out)])
    assert made.exit_code == 0, made.output
    result = runner.invoke(app, ["check", str(out), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    match = json.loads(out.read_text(encoding="utf-8"))
    assert report["ok"] and report["complete"] and report["totals"] == match["totals"]
    assert len(report["rounds"]) == len(match["rounds"])
    text = runner.invoke(app, ["check", str(out)])
    assert text.exit_code == 0 and f"a game of {len(match['rounds'])} round" in text.stdout
    assert re.search(r"^ +totals( +-?\d+){3} *$", text.stdout, re.M)


def test_a_whole_game_with_a_wrong_total_is_refused(tmp_path: Path) -> None:
    data = play_match("stich-fuer-stich", 3, seed=1).to_json()
    data["totals"][0] += 5
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert "but the rounds add up to" in result.stderr


def test_deduce_names_a_whole_game_as_such(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(play_match("wizard", 3, seed=1).to_json()), encoding="utf-8")
    result = runner.invoke(app, ["deduce", str(path)])
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert "got 'stich-match/1' (a whole game, which `stich check` reads)" in result.stderr
