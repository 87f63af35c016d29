"""``stich import`` driven as a user would: records out, every bad line named, nothing half written."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from stich.cli import app

runner = CliRunner()
SAMPLES = Path(__file__).parent / "games" / "imports" / "samples"


def test_one_game_prints_its_record_and_check_replays_it(tmp_path: Path) -> None:
    result = runner.invoke(app, ["import", str(SAMPLES / "trickster_oh_hell_245.pbn")])
    assert result.exit_code == 0, result.output
    assert "stich: warning:" in result.stderr and "LocalDateTime" in result.stderr
    record = json.loads(result.stdout)
    assert record["format"] == "stich-round/1" and record["game"] == "stiche-raten"
    path = tmp_path / "oh.json"
    path.write_text(result.stdout, encoding="utf-8")
    checked = runner.invoke(app, ["check", str(path), "--json"])
    assert checked.exit_code == 0 and json.loads(checked.stdout)["ok"]


def test_several_games_print_a_list_or_go_to_a_directory(tmp_path: Path) -> None:
    source = SAMPLES / "trickster_bridge_171.pbn"
    listed = runner.invoke(app, ["import", str(source)])
    assert listed.exit_code == 0
    assert [r["known"]["trump"] for r in json.loads(listed.stdout)] == ["S", "S"]
    out = tmp_path / "boards"
    written = runner.invoke(app, ["import", str(source), "--out", str(out)])
    assert written.exit_code == 0
    assert sorted(p.name for p in out.iterdir()) == [
        "trickster_bridge_171-1.json",
        "trickster_bridge_171-2.json",
    ]
    again = runner.invoke(app, ["import", str(source), "--out", str(out)])
    assert again.exit_code == 1
    assert again.stderr.startswith(f"stich: error: {out / 'trickster_bridge_171-1.json'} already exists")
    hint = runner.invoke(app, ["hint", str(out / "trickster_bridge_171-2.json"), "--worlds", "2", "--json"])
    assert hint.exit_code == 0 and json.loads(hint.stdout)["action"]["seat"] == 2


def test_each_bad_line_gets_one_error_and_nothing_is_written(tmp_path: Path) -> None:
    source = tmp_path / "bad.pbn"
    source.write_text(
        '[Deal "N:AK... QJ... T9... 87"]\n[Contract "1NT"]\n[Declarer "S"]\n\n[Deal "X"]\n', encoding="utf-8"
    )
    result = runner.invoke(app, ["import", str(source), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"stich: error: {source}:1: [Deal] West's hand '87' needs four suits S.H.D.C separated by dots",
        f'stich: error: {source}:5: [Deal "X"] must start with the first hand\'s seat, e.g. "N:"',
    ]
    assert not (tmp_path / "out").exists()
    wrong = runner.invoke(app, ["import", str(SAMPLES / "trickster_oh_hell_245.pbn"), "--game", "wizard"])
    assert wrong.exit_code == 1
    assert "a Trickster Oh Hell round imports as stiche-raten, not wizard" in wrong.stderr
