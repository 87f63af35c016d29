"""``--at N`` of hint, deduce, solve and analyze: the record's first N events, a negative N counting
from the end, an N out of range refused in one line naming N and the event count."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stich.cli import app
from stich.cli._common import at_events
from stich.games.record import Record, simulate

runner = CliRunner()


@pytest.fixture
def round_file(tmp_path: Path) -> tuple[Path, Record]:
    record = simulate("stiche-raten", 3, 2, {"first_round": 3})
    path = tmp_path / "round.json"
    path.write_text(json.dumps(record.to_json()), encoding="utf-8")
    return path, record


def _cut_file(tmp_path: Path, record: Record, kept: int) -> Path:
    path = tmp_path / f"cut-{kept}.json"
    path.write_text(json.dumps(replace(record, events=record.events[:kept]).to_json()), encoding="utf-8")
    return path


def test_at_keeps_the_first_n_events(round_file: tuple[Path, Record]) -> None:
    _, record = round_file
    assert at_events(record, 5).events == record.events[:5]
    assert at_events(record, 0).events == []
    assert at_events(record, len(record.events)).events == record.events
    assert at_events(record, None) is record


def test_at_negative_counts_from_end(round_file: tuple[Path, Record]) -> None:
    _, record = round_file
    total = len(record.events)
    assert at_events(record, -1).events == record.events[: total - 1]
    assert at_events(record, -total).events == []


@pytest.mark.parametrize("command", ["hint", "deduce", "solve", "analyze"])
@pytest.mark.parametrize("n", ["99", "-99"])
def test_at_out_of_range_names_n_and_the_event_count(
    round_file: tuple[Path, Record], command: str, n: str
) -> None:
    path, record = round_file
    extra = ["--seat", "1"] if command == "deduce" else []
    result = runner.invoke(app, [command, str(path), "--at", n, *extra])
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("stich: error: ")
    assert f"--at {n}" in lines[0] and f"{len(record.events)} events" in lines[0]


def test_hint_at_advises_as_on_the_cut_record(tmp_path: Path, round_file: tuple[Path, Record]) -> None:
    path, record = round_file
    at = len(record.events) - 3
    budget = ["--worlds", "2", "--seed", "1", "--json"]
    asked = runner.invoke(app, ["hint", str(path), "--at", "-3", *budget])
    cut = runner.invoke(app, ["hint", str(_cut_file(tmp_path, record, at)), *budget])
    assert asked.exit_code == 0 and cut.exit_code == 0, asked.output + cut.output
    one, two = json.loads(asked.stdout), json.loads(cut.stdout)
    assert one["seat"] == two["seat"] and one["action"] == two["action"]
    assert [a["label"] for a in one["alternatives"]] == [a["label"] for a in two["alternatives"]]


def test_solve_and_deduce_at_answer_as_on_the_cut_record(
    tmp_path: Path, round_file: tuple[Path, Record]
) -> None:
    path, record = round_file
    cut = _cut_file(tmp_path, record, 7)
    for command in (["solve", "--json"], ["deduce", "--seat", "2", "--json"]):
        asked = runner.invoke(app, [command[0], str(path), "--at", "7", *command[1:]])
        plain = runner.invoke(app, [command[0], str(cut), *command[1:]])
        assert asked.exit_code == 0, asked.output
        assert json.loads(asked.stdout) == json.loads(plain.stdout)


def test_analyze_at_stops_at_event_n(round_file: tuple[Path, Record]) -> None:
    path, _ = round_file
    result = runner.invoke(app, ["analyze", str(path), "--at", "6", "--worlds", "1", "--seed", "1", "--json"])
    assert result.exit_code == 0, result.output
    events = [d["event"] for d in json.loads(result.stdout)["decisions"]]
    assert events and max(events) < 6


def test_solve_at_refuses_a_position_file(tmp_path: Path) -> None:
    position = tmp_path / "position.json"
    position.write_text('{"hands": [["AS"], ["KS"]], "leader": 0}', encoding="utf-8")
    result = runner.invoke(app, ["solve", str(position), "--at", "1"])
    assert result.exit_code == 1 and "--at 1" in result.stderr
