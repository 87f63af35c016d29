"""The stich command line, driven as a user would."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from stich.cli import app
from stich.games import GAME_IDS
from stich.games.record import simulate
from stich.hints.advisors.bids.advisor import PLAYOUTS_PER_WORLD

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
    one = runner.invoke(app, ["simulate", "stiche-raten", "-p", "5", "-s", "3"])
    two = runner.invoke(app, ["simulate", "stiche-raten", "-p", "5", "-s", "3"])
    assert one.exit_code == 0 and one.stdout == two.stdout


def test_simulate_never_overwrites(tmp_path: Path) -> None:
    out = tmp_path / "mine.json"
    out.write_text("my notes", encoding="utf-8")
    result = runner.invoke(app, ["simulate", "wizard", "-p", "3", "--out", str(out)])
    assert result.exit_code == 1
    assert "already exists" in result.stderr
    assert out.read_text(encoding="utf-8") == "my notes"


def test_check_reports_the_first_bad_event(tmp_path: Path) -> None:
    record = json.loads(runner.invoke(app, ["simulate", "stiche-raten", "-p", "4", "-s", "1"]).stdout)
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


@pytest.mark.parametrize("command", ["hint", "analyze", "deduce"])
@pytest.mark.parametrize("fault", ["unknown card", "card played twice"])
def test_a_record_the_rules_reject_is_named_in_one_line(tmp_path: Path, command: str, fault: str) -> None:
    """`hint`, `analyze` and `deduce` refuse a record with a bad play as `check` does: one line
    that names the file and the event."""
    record = json.loads(runner.invoke(app, ["simulate", "stiche-raten", "-p", "4", "-s", "3"]).stdout)
    plays = [i for i, e in enumerate(record["events"]) if "play" in e]
    bad = plays[1]
    record["events"][bad]["play"] = "ZZ" if fault == "unknown card" else record["events"][plays[0]]["play"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    extra = ["--seat", "1"] if command == "deduce" else []
    result = runner.invoke(app, [command, str(path), *extra])
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith(f"stich: error: {path}: ") and result.stderr.count("\n") == 1
    assert f"event {bad}:" in result.stderr
    assert ("unknown card 'ZZ'" if fault == "unknown card" else "already played") in result.stderr


@pytest.mark.parametrize("command", ["check", "deduce", "hint", "analyze"])
@pytest.mark.parametrize(
    ("game", "excess"),
    [
        ("stich-fuer-stich", "Ben's hand, Carla's hand, Dan's hand and the secret"),
        ("was-sticht", "the secret"),
        ("24", "Ben's hand, Carla's hand, Dan's hand and the stock"),
        ("stiche-raten", "Ben's hand, Carla's hand and Dan's hand"),
        ("wizard", "Ben's hand, Carla's hand and Dan's hand"),
    ],
)
def test_a_view_record_holding_another_hand_is_refused_in_one_line(
    tmp_path: Path, command: str, game: str, excess: str
) -> None:
    """An omniscient record with ``view`` set to a seat holds what that seat cannot know: every
    command that reads it says so in one line, naming the file and the fix, never a traceback."""
    record = simulate(game, 4, 1).to_json()
    record["view"] = 0
    path = tmp_path / "view.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    extra = {"deduce": ["--seat", "0"], "hint": ["--at", "3"], "analyze": ["--worlds", "1"]}.get(command, [])
    result = runner.invoke(app, [command, str(path), *extra])
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith(f"stich: error: {path}: ") and result.stderr.count("\n") == 1
    assert f"known holds what Anna cannot know: {excess};" in result.stderr
    assert '"view": null' in result.stderr and "Traceback" not in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "skat"], "unknown game 'skat'"),
        (["simulate", "wizard", "-p", "9"], "wizard is played by 3-6 players, not 9"),
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
    result = runner.invoke(app, ["simulate", "24", "-p", "3", "-s", "2", "--match"])
    assert result.exit_code == 0, result.output
    match = json.loads(result.stdout)
    assert match["format"] == "stich-match/1" and match["standing"]["ended"]
    assert all(r["format"] == "stich-round/1" for r in match["rounds"])


def test_check_names_a_bad_known_block(tmp_path: Path) -> None:
    record = json.loads(runner.invoke(app, ["simulate", "wizard", "-p", "3", "-s", "1"]).stdout)
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
        ("wizard", {"round": -1e30}, "known/round: -1e+30 must be a whole number"),
        ("wizard", {"round": -3}, "known/round: -3 is less than the minimum of 1"),
        ("wizard", {"round": "banana"}, "known/round: 'banana' is not of type 'integer'"),
        ("wizard", {"round": 2}, "known.round 2 deals 2 cards each under the options, but the hands hold 1"),
        ("stiche-raten", {"blind": [None]}, "known/blind: [None] is not of type 'boolean'"),
    ],
)
def test_check_refuses_a_known_round_or_blind_that_cannot_be(
    tmp_path: Path, game: str, fact: dict[str, object], message: str
) -> None:
    record = json.loads(runner.invoke(app, ["simulate", game, "-p", "3", "-s", "1"]).stdout)
    record["known"].update(fact)
    path = tmp_path / "round.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert message in result.stderr and result.stderr.count("\n") == 1, result.stderr


# -- the command line itself ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["simulate", "wizard", "--seed", "abc"],
            "Invalid value for '--seed' / '-s': 'abc' is not a whole number",
        ),
        (["simulate", "wizard", "-p", "three"], "'three' is not a whole number"),
        (["simulate", "wizard", "-n", "3"], "No such option: -n"),
        (["simulate"], "Missing argument 'GAME'"),
        (["check", "--jsn", "x.json"], "No such option: --jsn"),
        (["deal"], "No such command 'deal'"),
    ],
)
def test_usage_errors_are_one_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.startswith("stich: error: ") and result.stderr.count("\n") == 1
    assert message in result.stderr, result.stderr
    assert "╭" not in result.output and "Usage:" not in result.output


def test_help_and_version() -> None:
    for args in (["-h"], ["--help"], [], ["simulate", "-h"], ["check", "-h"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 0 and "Usage:" in result.stdout, args
    for command in ("check", "hint", "analyze", "deduce", "live"):  # the commands that print cards
        assert "--ascii" in runner.invoke(app, [command, "-h"]).stdout, command
    assert "--players" in runner.invoke(app, ["simulate", "-h"]).stdout
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and re.fullmatch(r"stich \d+\.\d+\.\d+\n", result.stdout)


def test_simulate_players_option(tmp_path: Path) -> None:
    for flag in ("-p", "--players"):
        record = json.loads(runner.invoke(app, ["simulate", "wizard", flag, "5", "-s", "1"]).stdout)
        assert len(record["players"]) == 5


def test_simulate_into_a_missing_folder_is_one_line() -> None:
    result = runner.invoke(app, ["simulate", "stiche-raten", "--out", "/nonexistent/dir/x.json"])
    assert result.exit_code == 1
    assert (
        result.stderr
        == "stich: error: /nonexistent/dir/x.json: cannot write it (No such file or directory)\n"
    )


def test_simulate_stores_the_seed_it_drew(tmp_path: Path) -> None:
    drawn = json.loads(runner.invoke(app, ["simulate", "stiche-raten", "-p", "3"]).stdout)
    seed = drawn["seed"]
    again = runner.invoke(app, ["simulate", "stiche-raten", "-p", "3", "--seed", str(seed)])
    assert json.loads(again.stdout) == drawn
    match = json.loads(runner.invoke(app, ["simulate", "wizard", "-p", "3", "--match"]).stdout)
    replayed = runner.invoke(app, ["simulate", "wizard", "-p", "3", "--match", "-s", str(match["seed"])])
    assert json.loads(replayed.stdout) == match


def test_a_file_with_a_byte_order_mark_and_an_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_text("\ufeff" + runner.invoke(app, ["simulate", "wizard", "-p", "3", "-s", "1"]).stdout)
    assert runner.invoke(app, ["check", str(path)]).exit_code == 0
    empty = tmp_path / "empty.json"
    empty.write_text("")
    result = runner.invoke(app, ["check", str(empty)])
    assert result.exit_code == 1 and result.stderr == f"stich: error: {empty}: empty (no JSON in it)\n"
    result = runner.invoke(app, ["check", "-"], input="")
    assert result.stderr == "stich: error: -: empty (no JSON in it)\n"


# -- what crashed deduce (each was a traceback) ---------------------------------------------

WIZARD = {"format": "stich-round/1", "game": "wizard", "players": ["A", "B", "C"], "dealer": 0}


def refused(tmp_path: Path, data: object, *args: str) -> str:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, [*args[:1], str(path), *args[1:]])
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.stderr.startswith("stich: error: ") and result.stderr.count("\n") == 1
    return result.stderr


def test_a_seat_written_in_other_digits(tmp_path: Path) -> None:
    record = json.loads(runner.invoke(app, ["simulate", "wizard", "-p", "3", "-s", "1"]).stdout)
    message = refused(tmp_path, record, "deduce", "--seat", "²", "--json")
    assert "seat '²' is neither a seat number nor a player's name" in message


def test_a_float_view(tmp_path: Path) -> None:
    message = refused(tmp_path, {**WIZARD, "view": 1.0, "events": []}, "deduce", "--json")
    assert "view: 1.0 must be a whole number or null" in message


@pytest.mark.parametrize("args", [["deduce", "--json"], ["check", "--json"], ["check"], ["solve", "--json"]])
def test_a_name_with_a_lone_surrogate(tmp_path: Path, args: list[str]) -> None:
    data = {**WIZARD, "view": 1, "players": ["A", "\ud800", "C"], "events": []}
    message = refused(tmp_path, data, *args)
    assert "players/1 holds \\ud800, half of a surrogate pair" in message


@pytest.mark.parametrize("args", [["solve"], ["hint", "--seat", "1", "--worlds", "8"], ["analyze"]])
def test_names_that_look_like_markup_are_printed_as_text(tmp_path: Path, args: list[str]) -> None:
    """A player called "[/]" was a Rich MarkupError traceback in the text output."""
    simulated = runner.invoke(app, ["simulate", "stiche-raten", "-p", "3", "-s", "2", "-o", "first_round=2"])
    record = json.loads(simulated.stdout)
    record["players"][1] = "[/]"
    record["events"] = record["events"][:4]  # the bids and Anna's lead: seat 1 to play
    path = tmp_path / "round.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = runner.invoke(app, [args[0], str(path), *args[1:]])
    assert result.exit_code == 0, result.output
    assert "[/]" in result.stdout


def test_card_names_read_as_players_read_them() -> None:
    import stich
    from stich.cli._common import card_text

    french = stich.game("stiche-raten").deck
    shown = card_text("with AS it is hit; TH, 2C and bid 2 (AS-like words: BASKET)", french)
    assert shown.plain == "with A♠ it is hit; 10♥, 2♣ and bid 2 (A♠-like words: BASKET)"
    styles = {shown.plain[span.start : span.end]: str(span.style) for span in shown.spans}
    assert styles == {"10♥": "#c62828"}  # hearts and diamonds red; spades and clubs as the text is
    assert card_text("AS and TH", french, symbols=False).plain == "AS and TH"

    colours = card_text("R3 wins over B7 and Y2", stich.game("was-sticht").deck)
    assert colours.plain == "R3 wins over B7 and Y2"
    assert {colours.plain[s.start : s.end]: str(s.style) for s in colours.spans} == {
        "R3": "#c62828",
        "B7": "#1565c0",
        "Y2": "#f2b705",
    }


def test_hint_with_worker_processes_gives_the_same_advice(tmp_path: Path) -> None:
    simulated = runner.invoke(app, ["simulate", "stiche-raten", "-p", "4", "-s", "5", "-o", "first_round=6"])
    record = json.loads(simulated.stdout)
    record["events"] = record["events"][:5]  # the bids and the first lead: the second seat to play
    path = tmp_path / "round.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    args = ["hint", str(path), "--worlds", "6", "--seed", "3", "--json"]
    alone, side_by_side = runner.invoke(app, args), runner.invoke(app, [*args, "--jobs", "2"])
    assert alone.exit_code == side_by_side.exit_code == 0, side_by_side.output
    one, two = json.loads(alone.stdout), json.loads(side_by_side.stdout)
    for advice in (one, two):
        advice.pop("seconds", None)
    assert one == two and one["worlds"] == 6 * PLAYOUTS_PER_WORLD  # a card is valued by play-outs
    refused = runner.invoke(app, [*args, "--jobs", "0"])
    assert refused.exit_code == 2 and len(refused.stderr.strip().splitlines()) == 1


def _hint_text_and_json(tmp_path: Path, simulate: list[str], hint: list[str]) -> tuple[str, dict[str, Any]]:
    """`stich hint` on a simulated round: its text (one line, as a player reads it) and its JSON."""
    simulated = runner.invoke(app, ["simulate", *simulate])
    path = tmp_path / "round.json"
    path.write_text(simulated.stdout, encoding="utf-8")
    asked = ["hint", str(path), *hint]
    text, shape = runner.invoke(app, asked), runner.invoke(app, [*asked, "--json"])
    assert text.exit_code == shape.exit_code == 0, text.output
    return " ".join(text.stdout.split()), json.loads(shape.stdout)


def test_hint_clearly_best_prints_the_paired_difference(tmp_path: Path) -> None:
    # docs/advice.md's example: 6H clearly ahead of 9H; the sentence gives their paired difference
    # and its ±, from the JSON's lead, and the table each one's own ±.
    text, shape = _hint_text_and_json(
        tmp_path,
        ["stiche-raten", "-p", "4", "-s", "5", "-o", "first_round=5"],
        ["--at", "12", "--worlds", "20", "--seed", "1"],
    )
    lead, worlds = shape["lead"], shape["worlds"]
    assert shape["separated"] and lead["label"] == "9H" and lead["figure"] == "value"
    paired = f"+{lead['difference']:.2f} ± {lead['stderr']:.2f} points over"
    assert f"6H: {paired} 9H in the same {worlds} worlds" in shape["reason"]
    said = rf"6(H|♥): {re.escape(paired)} 9(H|♥) in the same {worlds} worlds \(clearly best\)"
    assert re.search(said, text), text
    own = shape["alternatives"][0]
    assert f"{own['value']:.2f} ± {own['stderr']:.2f}" in text


def test_hint_24_prints_the_score_as_the_json_gives_it(tmp_path: Path) -> None:
    # docs/advice.md's 24 example: the table, the sentence and the JSON's score are one number.
    text, shape = _hint_text_and_json(
        tmp_path, ["24", "-p", "3", "-s", "3"], ["--at", "1", "--worlds", "40", "--seed", "1"]
    )
    best = shape["alternatives"][0]
    score = f"{best['score']:+.2f}"
    assert best["score"] == pytest.approx(-best["value"]) and shape["value"] == "points off your score"
    assert f"your score (lower is better) → {best['label']} {score} ± {best['stderr']:.2f}" in text
    said = f"{best['label']}: your score {score} this round, on average over 40 worlds (lower is better;"
    assert said in text


def test_analyze_into_a_missing_folder_is_one_line_before_any_work(tmp_path: Path) -> None:
    simulated = runner.invoke(app, ["simulate", "stiche-raten", "-p", "3", "-s", "2", "-o", "first_round=2"])
    path = tmp_path / "round.json"
    path.write_text(simulated.stdout, encoding="utf-8")
    result = runner.invoke(
        app, ["analyze", str(path), "--worlds", "1", "--html", str(tmp_path / "no" / "r.html")]
    )
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"stich: error: {tmp_path / 'no' / 'r.html'}: cannot write it (no folder {tmp_path / 'no'})"
    ]


EXAMPLE_POSITION = {
    "game": "stiche-raten",
    "trump": "S",
    "hands": [["AS", "KS"], ["QS", "2H"], ["3H", "4H"], ["5H", "6H"]],
    "leader": 0,
    "teams": [[0, 2], [1, 3]],
}


def test_a_missing_kernel_is_one_note_and_the_answer_still_comes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from stich import solvers

    path = tmp_path / "position.json"
    path.write_text(json.dumps(EXAMPLE_POSITION), encoding="utf-8")
    fast = runner.invoke(app, ["solve", str(path), "--json"])
    assert fast.exit_code == 0 and fast.stderr == ""  # the kernel is built: no note
    monkeypatch.setattr(solvers.solver, "_dd", None)
    monkeypatch.setattr(solvers.solver, "_KERNEL_ERROR", "No module named 'stich.solvers._dd'")
    slow = runner.invoke(app, ["solve", str(path), "--json"])
    assert slow.exit_code == 0
    note = slow.stderr.strip().splitlines()
    assert len(note) == 1 and note[0].startswith("stich: note: the compiled search kernel is not available")
    assert "No module named 'stich.solvers._dd'" in note[0]
    assert json.loads(slow.stdout)["value"] == json.loads(fast.stdout)["value"] == 2
    # Commands that do not search say nothing of it.
    assert runner.invoke(app, ["games"]).stderr == ""
