"""stich live's engine: whole games entered from one seat, as at a real table, against the rules
engine's own account of the same games (random play, `games.match.play_match`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.errors import StichError
from games.match import Match, play_match
from games.record import check_report, parse_record
from hints.live import LiveGame
from tests.hints.table_script import round_lines

# Whole games short enough for the suite (the seed picks one); each seat is the dealer in turn.
GAMES = [
    ("stiche-raten", 4, {"sequence": "constant", "first_round": 4, "rounds": 2}, 11),
    ("stiche-raten", 3, {"first_round": 2, "blind_round": 2}, 11),
    ("wizard", 6, {}, 1),
    ("24", 3, {"dropping_out": True, "trump_chaos": True}, 8),
    ("stich-fuer-stich", 3, {}, 11),
    ("was-sticht", 3, {}, 9),
]


def game_lines(match: Match, seat: int) -> list[str]:
    """Every entry of a whole game as ``seat`` would type it."""
    lines: list[str] = []
    chips = match.rounds[0].known.get("chips")
    if chips is not None:
        lines.append("chips " + " ".join(chips[str(seat)]))
    for record in match.rounds:
        lines += round_lines(record, seat)
    return lines


def feed(live: LiveGame, lines: list[str]) -> None:
    for line in lines:
        live.enter(line)


@pytest.mark.parametrize(("game_id", "players", "options", "seed"), GAMES)
def test_a_whole_game_ends_as_the_rules_engine_says(
    game_id: str, players: int, options: dict[str, object], seed: int, tmp_path: Path
) -> None:
    match = play_match(game_id, players, seed=seed, options=options)
    seat = 1
    journal = tmp_path / "journal.json"
    first_dealer = match.players[match.rounds[0].dealer]
    live = LiveGame.new(game_id, match.players, match.players[seat], first_dealer, options, journal)
    feed(live, game_lines(match, seat))
    assert live.over()
    assert live.course.totals == match.totals
    assert live.course.standing["winners"] == match.standing["winners"]
    data = json.loads(journal.read_text())
    assert data["format"] == "stich-match/1" and data == live.to_json()
    assert data["totals"] == match.totals and len(data["rounds"]) == len(match.rounds)
    for raw in data["rounds"]:
        report = check_report(parse_record(raw))
        assert report["ok"] and report["complete"], report
    resumed = LiveGame.resume(journal)
    assert resumed.to_json() == live.to_json()


def _stiche_raten(tmp_path: Path) -> tuple[Match, LiveGame, list[str]]:
    options = {"sequence": "constant", "first_round": 4, "rounds": 2}
    match = play_match("stiche-raten", 4, seed=3, options=options)
    live = LiveGame.new("stiche-raten", match.players, "ben", "dan", options, tmp_path / "j.json")
    return match, live, game_lines(match, 1)


def test_a_refused_entry_changes_nothing_and_writes_nothing(tmp_path: Path) -> None:
    _, live, lines = _stiche_raten(tmp_path)
    feed(live, lines[:8])
    before = (tmp_path / "j.json").read_bytes()
    events = list(live.session.events) if live.session else []
    for typo in ("pley 3C", "play 1Z", "bid 9", "hand AS", "Zoe: bid 1", "undo undo"):
        with pytest.raises(StichError):
            live.enter(typo)
    assert (tmp_path / "j.json").read_bytes() == before
    assert live.session is not None and live.session.events == events


def test_undo_takes_back_events_the_end_of_a_round_and_cards_entered(tmp_path: Path) -> None:
    match, live, lines = _stiche_raten(tmp_path)
    first_round = len(round_lines(match.rounds[0], 1))
    feed(live, lines[: first_round + 1])  # the first round and the first card of the next hand
    assert len(live.finished) == 1 and live.session is None
    live.enter("undo")  # the card of the next hand
    assert "hands" not in live.known
    live.enter("undo")  # the last play: round 1 is open again
    assert not live.finished and live.session is not None and live.course.totals == [0, 0, 0, 0]
    feed(live, lines[first_round - 1 :])
    assert live.over() and live.course.totals == match.totals


def test_resume_goes_on_where_it_stopped(tmp_path: Path) -> None:
    match, live, lines = _stiche_raten(tmp_path)
    first_round = len(round_lines(match.rounds[0], 1))
    done = 0
    for cut in (2, 9, first_round, first_round + 1, len(lines) - 3):
        feed(live, lines[done:cut])
        done = cut
        resumed = LiveGame.resume(tmp_path / "j.json")
        assert resumed.to_json() == live.to_json()
        assert [n.text for n in resumed.status()] == [n.text for n in live.status()]
        live = resumed
    feed(live, lines[done:])
    assert live.over() and live.course.totals == match.totals


def test_the_seat_is_implied_only_when_one_player_may_act(tmp_path: Path) -> None:
    match = play_match("was-sticht", 4, seed=2)
    record = match.rounds[0]
    live = LiveGame.new("was-sticht", match.players, "Ben", match.players[record.dealer], {}, None)
    lines = round_lines(record, 1)
    tasks = next(i for i, line in enumerate(lines) if ": task" in line)
    feed(live, lines[:tasks])
    name, _, task = lines[tasks].partition(": ")
    with pytest.raises(StichError, match="say whose"):
        live.enter(task)
    live.enter(f"{name[:2]}: {task}")  # a name cut short
    assert live.session is not None and live.session.events[-1]["task"] == task.split()[1]
