"""Command-line values that used to end in a traceback or think without end: game options
nested thousands deep, deck files that are devices or huge, ``--records`` under a file,
thinking times and world counts without bound. Each is one ``stich: error:`` line."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stich.cli import app
from stich.cli._common import OPTION_DEPTH, parse_options
from stich.games.errors import StichError
from stich.games.record import simulate

runner = CliRunner()


def _one_error_line(output: str) -> str:
    lines = [line for line in output.splitlines() if line.strip()]
    assert len(lines) == 1, output
    assert lines[0].startswith("stich: error: "), output
    assert "Traceback" not in output
    return lines[0]


def test_options_deeply_nested_is_refused() -> None:
    with pytest.raises(StichError, match="edition: the value nests deeper than"):
        parse_options(["edition=" + "[" * 1000])
    # Just within the limit, the value is read as JSON.
    nested = "[" * OPTION_DEPTH + "]" * OPTION_DEPTH
    assert parse_options([f"edition={nested}"]) == {"edition": json.loads(nested)}


@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "stich-fuer-stich"],
        ["arena", "stich-fuer-stich", "--bots", "random,random,random,random", "--rounds", "1"],
        ["live", "stich-fuer-stich", "--players", "A,B,C,D", "--me", "A", "--no-advice"],
    ],
)
def test_options_deeply_nested_is_refused_by_every_command(command: list[str], tmp_path: Path) -> None:
    args = [*command, "-o", "deck=" + "[" * 1000]
    if command[0] == "live":
        args += ["--journal", str(tmp_path / "journal.json")]
    result = runner.invoke(app, args, input="")
    assert result.exit_code == 1
    assert "nests deeper than" in _one_error_line(result.output)


def test_options_with_a_number_too_long_are_text() -> None:
    assert parse_options(["x=" + "1" * 5000]) == {"x": "1" * 5000}


def test_deck_file_too_large_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "deck.json"
    big.write_bytes(b" " * 1_000_001)
    result = runner.invoke(app, ["simulate", "stich-fuer-stich", "-o", f"deck={big}"])
    assert result.exit_code == 1
    line = _one_error_line(result.output)
    assert str(big) in line and "too large" in line


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_deck_file_that_is_a_device_is_refused() -> None:
    result = runner.invoke(app, ["simulate", "stich-fuer-stich", "-o", "deck=/dev/zero"])
    assert result.exit_code == 1
    assert _one_error_line(result.output) == "stich: error: deck file /dev/zero: not a regular file"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_deck_file_that_is_a_pipe_is_refused_without_waiting(tmp_path: Path) -> None:
    pipe = tmp_path / "deck"
    os.mkfifo(pipe)
    result = runner.invoke(app, ["simulate", "stich-fuer-stich", "-o", f"deck={pipe}"])
    assert result.exit_code == 1
    assert "not a regular file" in _one_error_line(result.output)


def test_deck_file_within_the_limit_is_read(tmp_path: Path) -> None:
    from stich.games.stich_fuer_stich import DEFAULT_WEAPONS, SFS_DECK, SUSPECT_CARDS, WEAPONS

    cards = {SFS_DECK.name_of(c): WEAPONS[DEFAULT_WEAPONS[c]] for c in range(SUSPECT_CARDS)}
    deck = tmp_path / "deck.json"
    deck.write_text(json.dumps({"format": "stich-fuer-stich-deck/1", "cards": cards}))
    record = simulate("stich-fuer-stich", 4, seed=1, options={"deck": str(deck)})
    assert record.options == {"deck": str(deck)}


def test_arena_records_under_a_file_is_refused(tmp_path: Path) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("x")
    for records in (a_file / "x", a_file):
        arena = ["arena", "stich-fuer-stich", "--bots", "random,random,random,random", "--rounds", "1"]
        result = runner.invoke(app, [*arena, "--records", str(records)])
        assert result.exit_code == 1
        assert str(records) in _one_error_line(result.output)
    assert a_file.read_text() == "x"
