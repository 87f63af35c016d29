"""Whole games from the first deal to the winner, and one seat's view of a round."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest

from stich.games import StichError, find
from stich.games.match import MATCH_SCHEMA, check_match_report, parse_match, play_match
from stich.games.record import replay, simulate
from stich.games.views import seat_view

VARIANTS = [
    ("stiche-raten", {}),
    ("stiche-raten", {"scoring": "minus", "sequence": "up", "first_round": 5}),
    ("stiche-raten", {"scoring": "strict", "restriction": False, "first_round": 4, "blind_round": 4}),
    ("stiche-raten", {"bidding": "simultaneous", "sequence": "constant", "first_round": 3, "rounds": 3}),
    ("wizard", {}),
    ("wizard", {"edition": "original", "restriction": True}),
    ("24", {}),
    ("24", {"trump_chaos": True, "caller_penalty": False}),
    ("24", {"dropping_out": True, "point_restrictions": True}),
    ("stich-fuer-stich", {}),
    ("was-sticht", {}),
    ("was-sticht", {"table_card": False}),
]


def _counts(game_id: str, options: dict[str, object]) -> list[int]:
    counts = list(find(game_id).player_counts)
    if options.get("dropping_out"):
        counts = [n for n in counts if n > 2]  # the rulebook: not in a two-player game
    return counts


@pytest.mark.parametrize(("game_id", "options"), VARIANTS)
def test_whole_games_end_with_a_winner(game_id: str, options: dict[str, object]) -> None:
    for players in _counts(game_id, options):
        match = play_match(game_id, players, seed=players, options=options)
        assert match.standing["ended"], (game_id, players)
        assert match.standing["winners"], (game_id, players)
        assert all(replay(r).ok and replay(r).round.is_terminal() for r in match.rounds)
        dealers = [r.dealer for r in match.rounds]
        assert all(b == (a + 1) % players for a, b in itertools.pairwise(dealers))  # to the left


def test_stiche_raten_game_follows_the_round_sequence() -> None:
    match = play_match("stiche-raten", 7, seed=1)
    assert [r.known["cards"] for r in match.rounds][:13] == [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]
    assert all(len(r.known["hands"]["0"]) == r.known["cards"] for r in match.rounds)


def test_stich_fuer_stich_every_player_is_confidant_once() -> None:
    match = play_match("stich-fuer-stich", 4, seed=2)
    assert sorted(r.dealer for r in match.rounds) == [0, 1, 2, 3]


def test_vierundzwanzig_game_ends_at_zero_or_48() -> None:
    match = play_match("24", 4, seed=3)
    assert min(match.totals) <= 0 or max(match.totals) >= 48


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    [
        ("stiche-raten", 4, {}),
        ("wizard", 5, {}),
        ("24", 3, {}),
        ("24", 4, {"dropping_out": True}),
        ("stich-fuer-stich", 4, {}),
        ("was-sticht", 3, {}),
        ("was-sticht", 4, {}),
    ],
)
def test_a_seat_view_replays_to_the_same_tricks_without_the_hidden_cards(
    game_id: str, players: int, options: dict[str, object]
) -> None:
    for seed in range(5):
        record = simulate(game_id, players, seed, options)
        full = replay(record).round
        for seat in range(players):
            view = seat_view(record, seat)
            outcome = replay(view)
            assert outcome.ok, outcome.error
            state = outcome.round
            assert [(t.seats, t.cards, t.winner) for t in state.tricks] == [
                (t.seats, t.cards, t.winner) for t in full.tricks
            ]
            assert "stock" not in view.known
            if game_id != "was-sticht":  # Was sticht? hands come from the open draft
                assert set(view.known["hands"]) == {str(seat)}
            secret_visible = "secret" in view.known
            if game_id in ("was-sticht", "stich-fuer-stich"):
                assert secret_visible == (seat == record.dealer)
            for event in view.events:
                if event.get("seat") != seat and "exchange" in event:
                    assert isinstance(event["exchange"], int) and "receive" not in event
                if "guess" in event and seat != record.dealer:
                    assert event["seat"] == seat


def test_a_view_needs_an_omniscient_record() -> None:
    view = seat_view(simulate("wizard", 3, 1), 0)
    with pytest.raises(StichError, match="already seen from seat 0"):
        seat_view(view, 1)


# -- whole games read back and checked ---------------------------------------------------


def test_match_schema_in_docs_is_the_schema_in_code() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "format.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- match schema -->\s*```json\n(.*?)```", text, re.S)
    assert block is not None, "docs/format.md has no match schema block"
    assert json.loads(block.group(1)) == json.loads(json.dumps(MATCH_SCHEMA))


@pytest.mark.parametrize(("game_id", "options"), VARIANTS)
def test_a_played_match_reads_back_and_checks(game_id: str, options: dict[str, object]) -> None:
    players = _counts(game_id, options)[0]
    written = play_match(game_id, players, seed=5, options=options)
    match = parse_match(json.loads(json.dumps(written.to_json())), "m.json")
    report = check_match_report(match)
    assert report["ok"] and report["complete"], report.get("error")
    assert report["totals"] == written.totals == written.scores[-1]
    assert len(report["rounds"]) == len(written.rounds) == len(written.scores)


def test_a_match_whose_totals_do_not_add_up_is_refused() -> None:
    data = play_match("stiche-raten", 4, seed=1).to_json()
    data["totals"][2] += 1
    report = check_match_report(parse_match(data))
    assert not report["ok"] and report["round"] is None
    assert "but the rounds add up to" in report["error"]
    data = play_match("24", 3, seed=2).to_json()
    data["scores"][0][0] -= 1
    report = check_match_report(parse_match(data))
    assert report["error"].startswith("round 0: scores/0 is [") and report["round"] == 0


def test_a_bad_event_in_a_match_names_its_round() -> None:
    data = play_match("wizard", 3, seed=3).to_json()
    bids = [i for i, e in enumerate(data["rounds"][4]["events"]) if "bid" in e]
    data["rounds"][4]["events"][bids[0]]["bid"] = 99
    report = check_match_report(parse_match(data))
    assert report["round"] == 4 and report["event"] == bids[0]
    assert report["error"] == "round 4: event 0: Ben bid 99, but bids go from 0 to 5"
    assert len(report["rounds"]) == 5


def test_a_match_round_of_another_game_or_table_is_refused() -> None:
    data = play_match("wizard", 3, seed=3).to_json()
    data["rounds"][1]["players"] = ["Anna", "Ben", "Dora"]
    with pytest.raises(StichError, match=r"^m.json: rounds/1: the round must be of the match's game"):
        parse_match(data, "m.json")
    data = play_match("wizard", 3, seed=3).to_json()
    data["rounds"][2]["options"] = {"edition": "big"}
    with pytest.raises(StichError, match=r"^m.json: rounds/2: option 'edition' of wizard must be one of"):
        parse_match(data, "m.json")
    data = play_match("wizard", 3, seed=3).to_json()
    data["rounds"][0]["events"][0]["play"] = "AS"
    with pytest.raises(StichError, match=r"^m.json: rounds/0/events/0: an event has one action key"):
        parse_match(data, "m.json")


def test_an_unfinished_round_may_only_end_a_match() -> None:
    data = play_match("stich-fuer-stich", 3, seed=4).to_json()
    data["rounds"][-1]["events"] = data["rounds"][-1]["events"][:10]
    del data["totals"], data["scores"][-1]
    report = check_match_report(parse_match(data))
    assert report["ok"] and not report["complete"]
    data["rounds"][0]["events"] = data["rounds"][0]["events"][:10]
    report = check_match_report(parse_match(data))
    assert not report["ok"] and report["round"] == 0 and "incomplete" in report["error"]


@pytest.mark.parametrize(("game_id", "options"), VARIANTS)
def test_a_match_cut_after_a_finished_round_is_not_complete(game_id: str, options: dict[str, object]) -> None:
    players = _counts(game_id, options)[0]
    data = play_match(game_id, players, seed=5, options=options).to_json()
    data["rounds"], data["scores"] = data["rounds"][:1], data["scores"][:1]
    data["totals"] = data["scores"][0]
    report = check_match_report(parse_match(data))
    assert report["ok"] and report["rounds"][0]["complete"]
    assert not report["complete"] and report["next"].startswith(("round 2", "case 2"))


def test_a_match_round_the_game_does_not_deal_is_refused() -> None:
    data = play_match("stiche-raten", 4, seed=1).to_json()
    data["rounds"][1], data["rounds"][2] = data["rounds"][2], data["rounds"][1]  # each plays by the rules
    report = check_match_report(parse_match(data))
    assert report["round"] == 1 and report["error"] == "round 1: Ben deals, but it is Anna's deal"
    data = play_match("24", 3, seed=1).to_json()
    data["rounds"][1]["known"]["scores"] = [24, 24, 24]
    report = check_match_report(parse_match(data))
    assert report["round"] == 1
    assert "known/scores is [24, 24, 24], but the game so far gives" in report["error"]
    data = play_match("wizard", 3, seed=3).to_json()
    data["rounds"].append(data["rounds"][-1])
    report = check_match_report(parse_match(data))
    last = len(data["rounds"]) - 1
    assert report["error"] == f"round {last}: the game was over after round {last}: no round follows"
