"""``stich demo``: the README's main job, on the embedded examples of every game."""

from __future__ import annotations

from typer.testing import CliRunner

from stich.cli import app
from stich.games.record import replay
from stich.games.registry import GAME_IDS, find
from stich.hints.demo import demo, example


def test_every_example_is_a_valid_record_with_its_stops() -> None:
    for game in GAME_IDS:
        record = example(game)
        assert replay(record).ok
        spec = record.extra["demo"]
        assert spec["stops"] and 0 <= spec["seat"] < len(record.players)


def test_each_stop_is_a_decision_of_the_examples_seat_with_advice() -> None:
    for shown in demo(worlds=4):
        assert len(shown.stops) >= 2
        for stop in shown.stops:
            assert stop.advice.seat == shown.seat
            assert stop.advice.reason and stop.advice.alternatives


def test_the_demo_command_shows_every_game() -> None:
    result = CliRunner().invoke(app, ["demo", "--worlds", "4"])
    assert result.exit_code == 0, result.output
    for game in GAME_IDS:
        assert find(game).title in result.stdout
    assert result.stdout.count(" to ") >= 10  # "Ben to bid", "Anna to play", ...
