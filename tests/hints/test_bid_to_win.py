"""Bids valued by the chance to win the game, where its scores are known (`hints.standings`)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stich.cli import app
from stich.games.errors import StichError
from stich.games.match import Match, play_match
from stich.hints.advice import Budget, advise
from stich.hints.session import Session
from stich.hints.standings import Standings, standings_of_match

runner = CliRunner()


def _game_so_far(rounds: int) -> Match:
    """A 4-player Wizard game cut after its first ``rounds`` rounds (the last one the round asked about)."""
    match = play_match("wizard", 4, seed=3)
    return replace(match, rounds=match.rounds[:rounds], scores=match.scores[:rounds])


def _first_bid(match: Match) -> tuple[Session, int]:
    """The session of the first seat to bid in the match's last round, and the events before its bid."""
    record = match.rounds[-1]
    at = next(i for i, event in enumerate(record.events) if "bid" in event)
    seat = int(record.events[at]["seat"]) if "seat" in record.events[at] else None
    cut = replace(record, events=record.events[:at])
    from stich.games.record import replay

    mover = replay(cut).round.to_move() if seat is None else seat
    assert mover is not None
    return Session.from_record(cut, mover, strict=True), at


def test_standings_of_a_game_are_the_scores_before_its_last_round() -> None:
    match = _game_so_far(5)
    standings = standings_of_match(match)
    assert standings is not None
    assert standings.scores == tuple(match.scores[3])
    assert standings.rounds_after == tuple(range(6, 15))


def test_each_bid_gains_the_chance_to_win() -> None:
    session, _ = _first_bid(_game_so_far(5))
    session.standings = standings_of_match(_game_so_far(5))
    advice = advise(session, Budget(worlds=2, seed=1))
    assert advice.value_name == "expected points"
    for alternative in advice.alternatives:
        assert 0 <= alternative.figures["p_win"] <= 1
    assert "chance to win" in advice.reason


def test_objective_win_ranks_by_the_chance_to_win() -> None:
    session, _ = _first_bid(_game_so_far(5))
    session.standings = standings_of_match(_game_so_far(5))
    session.objective = "win"
    advice = advise(session, Budget(worlds=2, seed=1))
    assert advice.value_name == "chance to win"
    values = [a.value for a in advice.alternatives]
    assert values == sorted(values, reverse=True)
    assert all("points" in a.figures for a in advice.alternatives)


def test_a_sure_leader_in_the_last_round_wins_whatever_it_bids() -> None:
    session, _ = _first_bid(_game_so_far(5))
    me = session.seat
    session.standings = Standings(tuple(1000 if s == me else 0 for s in range(4)), ())
    advice = advise(session, Budget(worlds=2, seed=1))
    assert {a.figures["p_win"] for a in advice.alternatives} == {1.0}


def test_objective_win_without_the_scores_is_refused() -> None:
    session, _ = _first_bid(_game_so_far(5))
    session.objective = "win"
    with pytest.raises(StichError, match="needs the game's scores"):
        advise(session, Budget(worlds=2, seed=1))


def test_hint_objective_win_on_a_whole_game(tmp_path: Path) -> None:
    match = _game_so_far(5)
    _, at = _first_bid(match)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(match.to_json()))
    found = runner.invoke(
        app, ["hint", str(path), "--at", str(at), "--worlds", "2", "--seed", "1", "--objective", "win"]
    )
    assert found.exit_code == 0, found.output
    assert "chance to win" in found.output


def test_hint_objective_win_on_one_round_is_a_one_line_error(tmp_path: Path) -> None:
    match = _game_so_far(5)
    _, at = _first_bid(match)
    path = tmp_path / "round.json"
    path.write_text(json.dumps(match.rounds[-1].to_json()))
    found = runner.invoke(app, ["hint", str(path), "--at", str(at), "--worlds", "2", "--objective", "win"])
    assert found.exit_code != 0
    assert "needs the game's scores" in found.output
    assert "Traceback" not in found.output


def test_each_card_gains_the_chance_to_win() -> None:
    match = _game_so_far(5)
    record = match.rounds[-1]
    at = next(i for i, event in enumerate(record.events) if "play" in event)
    from stich.games.record import replay

    cut = replace(record, events=record.events[:at])
    mover = replay(cut).round.to_move()
    assert mover is not None
    session = Session.from_record(cut, mover, strict=True)
    session.standings = standings_of_match(match)
    session.objective = "win"
    advice = advise(session, Budget(worlds=2, seed=1))
    assert advice.value_name == "chance to win"
    assert all(0 <= a.value <= 1 and "points" in a.figures for a in advice.alternatives)


def test_the_situation_in_words() -> None:
    assert Standings((120, 106, 90), (5, 6)).situation(0) == "you lead by 14 with 2 rounds after this one"
    assert Standings((100, 106, 90), ()).situation(0) == "you trail the leader by 6, in the last round"
    assert (
        Standings((106, 106, 90), (3,)).situation(1)
        == "you are level with the leader with 1 round after this one"
    )


def test_hint_objective_must_be_points_or_win(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_game_so_far(5).to_json()))
    found = runner.invoke(app, ["hint", str(path), "--worlds", "2", "--objective", "most"])
    assert found.exit_code != 0
    assert "give points or win" in found.output
