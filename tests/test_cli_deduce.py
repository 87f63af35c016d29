"""``stich deduce``, driven as a user would."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stich.cli import app
from stich.games.record import Record, simulate
from stich.games.views import seat_view
from tests.deducer.test_hypotheses import rulebook_record

runner = CliRunner()


def write(tmp_path: Path, record: Record, name: str = "round.json") -> str:
    path = tmp_path / name
    path.write_text(record.dumps(), encoding="utf-8")
    return str(path)


def test_rulebook_example_as_json(tmp_path: Path) -> None:
    result = runner.invoke(app, ["deduce", write(tmp_path, rulebook_record()), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    pairs = {(c["trump_suit"], c["trump_number"]) for c in report["consistent"]}
    assert ("R", 2) in pairs and (None, 2) in pairs and ("Y", None) in pairs and len(pairs) == 11
    assert sum(c["p"] for c in report["consistent"]) == pytest.approx(1.0)
    suits = {m["value"]: m["p"] for m in report["marginals"]["trump_suit"]}
    assert suits["Y"] == pytest.approx(7 / 11)
    assert report["conflict"] is None and "locations" not in report


def test_rulebook_example_as_text(tmp_path: Path) -> None:
    result = runner.invoke(app, ["deduce", write(tmp_path, rulebook_record())])
    assert result.exit_code == 0, result.output
    assert "11 of 50 trumps possible" in result.stdout
    assert "trump suit" in result.stdout and "none" in result.stdout


def test_an_omniscient_record_needs_a_seat(tmp_path: Path) -> None:
    path = write(tmp_path, simulate("stich-fuer-stich", 4, 3))
    refused = runner.invoke(app, ["deduce", path])
    assert refused.exit_code == 1 and "--seat" in refused.stderr and "Traceback" not in refused.output
    result = runner.invoke(app, ["deduce", path, "--seat", "Ben", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["view"] == 1
    assert all(set(c) == {"culprit", "weapon", "p"} for c in report["consistent"])
    assert report["locations"]["consistent"] and report["locations"]["places"]


def test_the_confidant_sees_each_sleuths_possibilities(tmp_path: Path) -> None:
    record = simulate("stich-fuer-stich", 4, 3)
    short = replace(record, events=record.events[:12])
    result = runner.invoke(app, ["deduce", write(tmp_path, short), "--seat", "3", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["count"] == 1
    assert [o["seat"] for o in report["others"]] == [0, 1, 2]
    text = runner.invoke(app, ["deduce", write(tmp_path, short), "--seat", "3"])
    assert "what the others can still consider possible" in text.stdout


def test_a_contradiction_is_told_in_one_sentence(tmp_path: Path) -> None:
    record = seat_view(simulate("was-sticht", 4, 1), 1)
    reveal = next(i for i, e in enumerate(record.events) if "reveal" in e)
    secret = record.events[reveal]["reveal"]
    wrong = {
        "trump_suit": "G" if secret["trump_suit"] != "G" else "R",
        "trump_number": secret["trump_number"],
    }
    bad = replace(record, events=[*record.events[:reveal], {"reveal": wrong}])
    result = runner.invoke(app, ["deduce", write(tmp_path, bad), "--json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["count"] == 0 and report["stopped"].startswith(f"event {reveal}")
    assert reveal in report["conflict"]["events"]
    assert "cannot both hold" in report["conflict"]["message"]
    # Refused as every command refuses: besides the report, one line on stderr.
    assert result.stderr.startswith("stich: error: ") and result.stderr.count("\n") == 1
    assert report["conflict"]["message"] in result.stderr


def test_a_seat_that_is_not_the_records_view(tmp_path: Path) -> None:
    path = write(tmp_path, rulebook_record(view=0))
    result = runner.invoke(app, ["deduce", path, "--seat", "2"])
    assert result.exit_code == 1 and "seen from seat 0" in result.stderr


@pytest.mark.parametrize("game", ["stiche-raten", "wizard", "24"])
def test_deduce_hidden_hands_prints_the_card_locations(tmp_path: Path, game: str) -> None:
    """Games without a secret: where each unseen card can be, as the view saw it."""
    record = simulate(game, 4, 5)
    record.events = record.events[: len(record.events) // 2]
    path = tmp_path / "half.json"
    path.write_text(record.dumps(), encoding="utf-8")
    result = CliRunner().invoke(app, ["deduce", str(path), "--seat", "1", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["consistent"] is None and report["conflict"] is None
    places = {place["name"] for place in report["locations"]["places"]}
    assert "Ben" not in places and places >= {"Anna", "Carla", "Dan"}
    text = CliRunner().invoke(app, ["deduce", str(path), "--seat", "1"])
    assert text.exit_code == 0 and "card locations" in text.stdout


def test_deduce_info_ranks_the_drafters_picks(tmp_path: Path) -> None:
    """A drafter's choices ordered by the doubt they leave; the figures match the deducer's."""
    from stich.deducer.hypotheses import evidence
    from stich.deducer.information import information

    record = simulate("was-sticht", 4, 4)
    view = seat_view(record, 1)
    view = replace(view, events=view.events[:5])  # Ben holds the marker for column 2
    path = write(tmp_path, view)
    result = runner.invoke(app, ["deduce", path, "--info", "--json"])
    assert result.exit_code == 0, result.output
    info = json.loads(result.stdout)["information"]
    expected = information(evidence(view)).to_json()
    assert info["want_low"] == expected["want_low"] and info["mode"] == "finder"
    assert len(info["candidates"]) == 4
    text = runner.invoke(app, ["deduce", path, "--info"])
    assert "what each choice tells" in text.stdout


def test_names_are_printed_as_they_are(tmp_path: Path) -> None:
    """A name that looks like Rich markup is a name (it was a MarkupError traceback)."""
    record = simulate("stiche-raten", 3, 2, {"first_round": 3})
    record.players = ["[/]", "[bold]Ben", "Carla"]
    record.events = record.events[:6]  # the others' hands still hidden, so listed by name
    result = runner.invoke(app, ["deduce", write(tmp_path, record), "--seat", "2"])
    assert result.exit_code == 0, result.output
    assert "[/]" in result.stdout and "[bold]Ben" in result.stdout


def test_deduce_text_writes_cards_as_the_game_does(tmp_path: Path) -> None:
    import re

    path = write(tmp_path, simulate("stiche-raten", 4, 3))
    text = runner.invoke(app, ["deduce", path, "--seat", "0", "--cards", "--at", "8"]).stdout
    assert re.search(r"\b[2-9TJQKA][SHDC]\b", text) is None and "10♥" in text, text
    plain = runner.invoke(app, ["deduce", path, "--seat", "0", "--cards", "--at", "8", "--ascii"]).stdout
    assert "TH" in plain and not re.search("[♠♥♦♣]", plain), plain
