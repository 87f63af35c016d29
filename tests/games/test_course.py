"""The whole-game model: each game's `Game.course`, the deals of a whole game and of the
arena's series, and ``stich simulate --match --dealer``."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from stich.cli import app
from stich.games.course import Course
from stich.games.errors import StichError
from stich.games.match import play_match
from stich.games.registry import GAME_IDS, find
from stich.games.stich_fuer_stich import CONFIDANT_CARDS, SLEUTH_CARDS
from stich.games.vierundzwanzig import HAND
from stich.games.was_sticht import CHIPS_PER_PLAYER

runner = CliRunner()
PLAYERS = {"stiche-raten": 4, "wizard": 3, "24": 3, "stich-fuer-stich": 4, "was-sticht": 4}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_gives_its_whole_game_course(game_id: str) -> None:
    game = find(game_id)(PLAYERS[game_id])
    course = game.course()
    assert isinstance(course, Course)
    assert course.game is game
    assert course.standing == {"ended": False}
    assert course.totals == [24 if game_id == "24" else 0] * game.players
    assert game.course(1).dealer == 1


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_next_rounds_hands_have_the_sizes_the_course_announces(game_id: str) -> None:
    game = find(game_id)(PLAYERS[game_id])
    course = game.course()
    known = course.deal(random.Random(1))
    for seat in range(game.players):
        size = course.hand_size(seat)
        if size is not None:
            assert len(known["hands"][str(seat)]) == size


def test_hand_sizes_are_the_games_own() -> None:
    assert find("24")(3).course().hand_size(0) == HAND
    case = find("stich-fuer-stich")(4).course(2)
    assert [case.hand_size(s) for s in range(4)] == [
        SLEUTH_CARDS,
        SLEUTH_CARDS,
        CONFIDANT_CARDS,
        SLEUTH_CARDS,
    ]


@pytest.mark.parametrize("game_id", ["stiche-raten", "wizard", "stich-fuer-stich", "was-sticht"])
def test_a_series_is_dealt_by_the_dealers_of_a_whole_game(game_id: str) -> None:
    players = PLAYERS[game_id]
    match = play_match(game_id, players, seed=4)
    game = find(game_id)(players)
    sizes = game.round_sizes()  # past its sequence a whole game plays extra rounds, a series starts again
    for number, record in enumerate(match.rounds[: None if sizes is None else len(sizes)]):
        dealer, known = game.course().series_deal(random.Random(number), number)
        assert dealer == record.dealer
        for key in ("round", "cards"):
            assert known.get(key) == record.known.get(key)


def test_a_series_of_bidding_rounds_starts_its_sequence_again_after_the_last() -> None:
    game = find("wizard")(6)
    last = len(game.round_sizes())
    dealer, known = game.course().series_deal(random.Random(0), last)
    assert (dealer, known["round"], known["cards"]) == ((last - 1) % 6, 1, 1)


def test_a_series_of_24_starts_at_seat_0_with_the_starting_scores() -> None:
    game = find("24")(4)
    assert game.course().dealer == 3
    for number in range(5):
        dealer, known = game.course().series_deal(random.Random(number), number)
        assert dealer == number % 4
        assert known["scores"] == [24] * 4


def test_each_seat_of_a_was_sticht_series_deal_holds_its_chips() -> None:
    game = find("was-sticht")(3)
    counts = game.chip_counts()
    _, known = game.course().series_deal(random.Random(5), 2)
    drawn = [task for seat in range(3) for task in known["chips"][str(seat)]]
    assert all(len(known["chips"][str(seat)]) == CHIPS_PER_PLAYER for seat in range(3))
    assert all(drawn.count(task) <= counts[task] for task in drawn)


def test_simulate_match_deals_the_first_round_from_the_dealer_given() -> None:
    result = runner.invoke(app, ["simulate", "24", "-p", "3", "--seed", "3", "--match", "--dealer", "1"])
    assert result.exit_code == 0, result.output
    rounds = json.loads(result.output)["rounds"]
    assert [r["dealer"] for r in rounds[:4]] == [1, 2, 0, 1]
    default = runner.invoke(app, ["simulate", "24", "-p", "3", "--seed", "3", "--match"])
    assert json.loads(default.output)["rounds"][0]["dealer"] == 2


def test_simulate_match_refuses_a_dealer_who_is_not_at_the_table() -> None:
    result = runner.invoke(app, ["simulate", "wizard", "-p", "3", "--match", "--dealer", "3"])
    assert result.exit_code == 1
    assert result.output.strip() == "stich: error: dealer 3 does not exist (seats are 0..2)"


@pytest.mark.parametrize("game_id", ["stiche-raten", "wizard"])
def test_a_round_of_the_sequence_is_dealt_with_its_number_and_size(game_id: str) -> None:
    game = find(game_id)(3)
    known = game.course(1).round_deal(random.Random(2), 4)
    size = game.round_sizes()[3]
    assert (known["round"], known["cards"]) == (4, size)
    assert [len(known["hands"][str(seat)]) for seat in range(3)] == [size] * 3


def test_a_game_without_a_sequence_of_rounds_has_no_round_to_deal() -> None:
    with pytest.raises(StichError, match="no sequence of rounds"):
        find("24")(3).course().round_deal(random.Random(2), 2)
