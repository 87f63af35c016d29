"""stich live's engine: whole games entered from one seat, as at a real table, against the rules
engine's own account of the same games (random play, `games.match.play_match`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from stich.games.errors import StichError
from stich.games.match import Match, play_match
from stich.games.record import check_report, parse_record
from stich.hints.live import LiveGame
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


def test_a_journal_with_the_old_edition_name_seed_resumes(tmp_path: Path) -> None:
    """A Wizard journal written before 0.2.0 says ``edition: seed``: it resumes as the rulebook
    edition, and the journal is written on with the new name."""
    match = play_match("wizard", 3, seed=4, options={"edition": "rulebook"})
    journal = tmp_path / "j.json"
    live = LiveGame.new("wizard", match.players, "ben", "carla", {"edition": "seed"}, journal)
    lines = game_lines(match, 1)
    first_round = len(round_lines(match.rounds[0], 1))
    feed(live, lines[: first_round + 2])
    text = journal.read_text()
    assert '"edition": "rulebook"' in text and '"seed"' not in text
    journal.write_text(text.replace('"edition": "rulebook"', '"edition": "seed"'))
    resumed = LiveGame.resume(journal)
    assert resumed.to_json() == live.to_json()
    feed(resumed, lines[first_round + 2 : first_round + 4])
    assert '"seed"' not in journal.read_text()


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


# -- a damaged journal is refused before anything is built from it ---------------------------


def _journal(tmp_path: Path, rounds_done: int = 1, extra_lines: int = 2) -> dict[str, Any]:
    """The journal of a Stiche-Raten game after ``rounds_done`` rounds and a few entries more."""
    match, live, lines = _stiche_raten(tmp_path)
    first_round = len(round_lines(match.rounds[0], 1))
    feed(live, lines[: first_round * rounds_done + extra_lines])
    data: dict[str, Any] = json.loads((tmp_path / "j.json").read_text())
    return data


def _resume_error(tmp_path: Path, data: object) -> str:
    damaged = tmp_path / "damaged.json"
    damaged.write_text(json.dumps(data))
    with pytest.raises(StichError) as caught:
        LiveGame.resume(damaged)
    message = str(caught.value)
    assert message.startswith(f"{damaged}: ") and "\n" not in message
    return message.removeprefix(f"{damaged}: ")


@pytest.mark.parametrize("dealer", [{"seat": 1}, 1.5, "Ben", -1, 4])
def test_resume_refuses_dealer_of_wrong_type(tmp_path: Path, dealer: object) -> None:
    data = _journal(tmp_path)
    data["live"]["dealer"] = dealer
    assert _resume_error(tmp_path, data).startswith("live/dealer: ")


@pytest.mark.parametrize("me", [99, -1, 4, 1.0, None])
def test_resume_refuses_me_out_of_range(tmp_path: Path, me: object) -> None:
    data = _journal(tmp_path)
    data["live"]["me"] = me
    assert _resume_error(tmp_path, data).startswith("live/me: ")


def test_resume_refuses_a_seat_that_is_not_the_rounds_view(tmp_path: Path) -> None:
    data = _journal(tmp_path)
    data["live"]["me"] = 2  # the rounds were seen from seat 1
    assert "rounds/0: a journal's rounds are seen from live/me (seat 2), not from seat 1" in _resume_error(
        tmp_path, data
    )


@pytest.mark.parametrize("options", [7, "x", [], {"rounds": "x"}])
def test_resume_refuses_options_of_wrong_type(tmp_path: Path, options: object) -> None:
    data = _journal(tmp_path)
    data["options"] = options
    message = _resume_error(tmp_path, data)
    assert message.startswith("options: ") or "option 'rounds'" in message


@pytest.mark.parametrize("hands", [["AS"], 3, {"1": [7]}, {"1": "AS"}, {"x": ["AS"]}, {"9": ["AS"]}])
def test_resume_refuses_known_hands_of_wrong_type(tmp_path: Path, hands: object) -> None:
    data = _journal(tmp_path, extra_lines=1)  # round 2 waits for the rest of the hand
    assert data["live"]["known"]["hands"] == {"1": data["live"]["known"]["hands"]["1"]}
    data["live"]["known"]["hands"] = hands
    assert _resume_error(tmp_path, data).startswith("live/known/hands")


def test_resume_refuses_a_player_added_after_a_finished_round(tmp_path: Path) -> None:
    data = _journal(tmp_path)
    data["players"].append("Eva")
    message = _resume_error(tmp_path, data)
    assert message.startswith("rounds/0: the round must be of the match's game with its players")


@pytest.mark.parametrize(("name", "said"), [("", "needs a visible character"), ("x" * 41, "at most 40")])
def test_resume_refuses_an_empty_or_long_name(tmp_path: Path, name: str, said: str) -> None:
    data = _journal(tmp_path, rounds_done=0, extra_lines=0)
    data["players"][2] = name
    message = _resume_error(tmp_path, data)
    assert message.startswith("players/2: ") and said in message


def test_resume_refuses_a_round_the_course_does_not_deal(tmp_path: Path) -> None:
    data = _journal(tmp_path, extra_lines=3)  # round 2 has begun: the hand and the turned card
    assert len(data["rounds"]) == 2 and not data["rounds"][1]["events"]
    data["rounds"][1]["dealer"] = 2  # Anna deals round 2, after Dan
    assert _resume_error(tmp_path, data) == "round 1: Carla deals, but it is Anna's deal"
    data = _journal(tmp_path, extra_lines=3)
    data["rounds"][1]["known"]["round"] = 5
    assert _resume_error(tmp_path, data).startswith("round 1: known/round is 5, but the game so far gives 2")


def test_resume_accepts_what_check_accepts_on_damaged_journals(tmp_path: Path) -> None:
    """Every field of a journal in turn given a value of another type: resume refuses exactly
    the journals `stich check` refuses, in one line naming the journal."""
    from stich.deducer.conflicts import check_report_with_hidden_hands
    from stich.games.match import check_match_report, parse_match

    base = _journal(tmp_path)
    values: list[object] = [None, 1.5, -1, "x", [], {}, ["AS"], "x" * 41]
    outcomes = {True: 0, False: 0}
    for path in _paths(base):
        for value in values:
            data = json.loads(json.dumps(base))
            _set(data, path, value)
            try:
                checked = check_match_report(parse_match(data), check_report_with_hidden_hands)["ok"]
            except StichError:
                checked = False
            damaged = tmp_path / "damaged.json"
            damaged.write_text(json.dumps(data))
            try:
                LiveGame.resume(damaged)
                resumed = True
            except StichError as exc:
                assert str(exc).startswith(str(damaged)) and "\n" not in str(exc)
                resumed = False
            if path[0] != "live":
                assert resumed == checked, (path, value)
            else:
                assert checked or not resumed, (path, value)
            outcomes[resumed] += 1
    assert outcomes[True] and outcomes[False] > outcomes[True]


def _paths(data: object, prefix: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """Paths to every value of ``data``, the first two items of each list only (and not each
    event of a round, one of them)."""
    found = [prefix] if prefix else []
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data[:2]):
            found += _paths(value, (*prefix, i))
    return found


def _set(data: Any, path: tuple[str | int, ...], value: object) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value
