"""Round records: validation, one-line errors, replay up to the first bad event."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from stich.games import StichError
from stich.games.record import RECORD_SCHEMA, check_report, load_record, parse_record, simulate

DOCS = Path(__file__).resolve().parents[2] / "docs" / "format.md"


def test_schema_in_docs_is_the_schema_in_code() -> None:
    text = DOCS.read_text(encoding="utf-8")
    block = re.search(r"<!-- schema -->\s*```json\n(.*?)```", text, re.S)
    assert block is not None, "docs/format.md has no schema block"
    assert json.loads(block.group(1)) == json.loads(json.dumps(RECORD_SCHEMA))


def test_replay_stops_at_the_first_illegal_play() -> None:
    record = parse_record(
        {
            "format": "stich-round/1",
            "game": "stiche-raten",
            "players": ["Anna", "Ben", "Carla"],
            "dealer": 2,
            "known": {"hands": {"0": ["2H", "3C"], "1": ["AH", "4C"], "2": ["5C", "6C"]}, "trump_card": "AS"},
            "events": [
                {"seat": 0, "bid": 1},
                {"seat": 1, "bid": 1},
                {"seat": 2, "bid": 1},
                {"seat": 0, "play": "2H"},
                {"seat": 1, "play": "4C"},
                {"seat": 2, "play": "5C"},
            ],
        }
    )
    report = check_report(record)
    assert report["ok"] is False and report["event"] == 4
    assert report["error"] == "event 4: Ben played 4C but must follow hearts (holds AH)"
    assert [t["cards"] for t in report["tricks"]] == []


def test_card_played_twice_is_named() -> None:
    record = simulate("stiche-raten", 3, 2, {"first_round": 4})
    plays = [i for i, e in enumerate(record.events) if "play" in e]
    record.events[plays[3]]["play"] = record.events[plays[0]]["play"]
    report = check_report(record)
    assert report["event"] == plays[3]
    assert "already played" in report["error"] or "does not hold" in report["error"]


def test_incomplete_record_is_ok_but_not_complete() -> None:
    record = simulate("stiche-raten", 4, 1, {"first_round": 4})
    record.events = record.events[:7]
    report = check_report(record)
    assert report["ok"] and not report["complete"] and report["phase"] == "play"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"format": "stich-round/1", "game": "stiche-raten"', "truncated at line 1"),
        ("[1, 2]", "a record must be a JSON object"),
        ('{"format": "stich-round/2"}', "format must be 'stich-round/1'"),
        (
            '{"format": "stich-round/1", "game": "skat", "players": [], "dealer": 0, "events": []}',
            "unknown game 'skat'",
        ),
        (
            '{"format": "stich-round/1", "game": "wizard", "players": ["a", "b", "c"], "events": []}',
            "'dealer' is a required property",
        ),
        (
            '{"format": "stich-round/1", "game": "wizard", "players": ["a", "b", "c"], "dealer": 0, '
            '"events": [{"seat": 0, "dance": 1}]}',
            "events/0: an event needs one of the keys",
        ),
    ],
)
def test_malformed_files_give_one_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(StichError) as info:
        load_record(path)
    assert message in str(info.value)
    assert str(path) in str(info.value)
    assert "\n" not in str(info.value)
    assert path.read_text(encoding="utf-8") == text  # nothing the user wrote is changed


def test_unknown_fields_survive_a_round_trip() -> None:
    data = simulate("wizard", 3, 1).to_json()
    data["comment"] = "Friday night"
    record = parse_record(data)
    assert record.to_json()["comment"] == "Friday night"


# -- what a hand-written or damaged file gets wrong (issue: hardening) ----------------------

BASE = {"format": "stich-round/1", "game": "wizard", "players": ["Anna", "Ben", "Carla"], "dealer": 0}


def refusal(data: object) -> str:
    with pytest.raises(StichError) as info:
        parse_record(data, "r.json")
    message = str(info.value)
    assert message.startswith("r.json: ") and "\n" not in message
    return message


def test_a_float_seat_is_refused_where_a_whole_number_is_meant() -> None:
    assert "view: 1.0 must be a whole number or null" in refusal({**BASE, "view": 1.0, "events": []})
    assert "dealer: 0.0 must be a whole number" in refusal({**BASE, "dealer": 0.0, "events": []})
    assert "events/0/bid: 2.0 must be a whole number" in refusal({**BASE, "events": [{"bid": 2.0}]})


def test_player_names_are_bounded_and_told_apart_ignoring_case() -> None:
    long = "B" * 100_000
    message = refusal({**BASE, "players": ["Anna", long, "Carla"], "events": []})
    assert "players/1: a player's name has at most 40 characters, this one has 100000" in message
    assert len(message) < 200
    message = refusal({**BASE, "players": ["Anna", "anna ", "Carla"], "events": []})
    assert "players 0 and 1 are both called 'Anna'" in message
    assert "control character" in refusal({**BASE, "players": ["Anna", "Ben\nBen", "Carla"], "events": []})
    assert "visible character" in refusal({**BASE, "players": ["Anna", "  ", "Carla"], "events": []})


def test_an_event_has_exactly_one_action_key() -> None:
    message = refusal({**BASE, "events": [{"seat": 0, "bid": 2, "play": "AS"}]})
    assert message == "r.json: events/0: an event has one action key, this one has 2: bid, play"
    # Trump Chaos (24, variant a): a 2 played names the next trump beside the play.
    record = parse_record(
        {
            **BASE,
            "game": "24",
            "players": ["A", "B", "C"],
            "events": [{"seat": 0, "play": "Y2", "trump": "B"}],
        }
    )
    assert record.events == [{"seat": 0, "play": "Y2", "trump": "B"}]
    assert "trump, bid" in refusal({**BASE, "events": [{"seat": 0, "trump": "S", "bid": 1}]})


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty (no JSON in it)"),
        (" \n\t\n", "empty (no JSON in it)"),
        ('{"format": "stich-round/1", "players": ["A", "\\ud800", "C"]}', "players/1 holds \\ud800"),
        ('{"format": "stich-round/1", "\\udfff": 1}', "a key at top level holds \\udfff"),
        ("1" * 5000, "a number has more than 4300 digits"),
        ('{"format": "stich-round/1", "dealer": NaN}', "NaN is not a JSON value"),
    ],
)
def test_files_that_are_no_json_text_give_one_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(StichError) as info:
        load_record(path)
    assert message in str(info.value) and "\n" not in str(info.value)
    str(info.value).encode("utf-8")  # printable: no lone surrogate in the message itself


def test_a_byte_order_mark_is_skipped(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_text("\ufeff" + simulate("wizard", 3, 1).dumps(), encoding="utf-8")
    assert check_report(load_record(path))["ok"]


def test_a_simulated_record_stores_its_seed_and_replays_from_it() -> None:
    drawn = simulate("stiche-raten", 4, None, {"first_round": 3})
    seed = drawn.extra["seed"]
    assert isinstance(seed, int)
    assert simulate("stiche-raten", 4, seed, {"first_round": 3}).to_json() == drawn.to_json()
    assert parse_record(drawn.to_json()).extra["seed"] == seed
