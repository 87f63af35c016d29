"""``stich import`` driven as a user would: records out, every bad line named, nothing half written."""

from __future__ import annotations

import json
import re
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


def test_import_output_names_match_docs(tmp_path: Path) -> None:
    """docs/import.md's examples of the names of several records are the names written: numbered
    from 1 in file order, with as many digits as the last number needs, so they sort in order."""
    from stich.cli.import_cmd import output_paths

    docs = (Path(__file__).parents[1] / "docs" / "import.md").read_text(encoding="utf-8")
    examples = re.findall(r"`(boards-\d+\.json)`\s+…\s+`(boards-\d+\.json)`\s+for\s+(\d+)\s+games", docs)
    assert len(examples) >= 3, "docs/import.md gives no examples of the names"
    for first, last, count in examples:
        paths = output_paths(Path("boards.pbn"), int(count), tmp_path / "out")
        assert (paths[0].name, paths[-1].name) == (first, last)
        assert [p.name for p in paths] == sorted(p.name for p in paths)
    assert "-1.json`, `<file>-2.json`" not in docs
    source = SAMPLES / "trickster_bridge_171.pbn"
    written = runner.invoke(app, ["import", str(source), "--out", str(tmp_path / "two")])
    assert written.exit_code == 0
    assert sorted(p.name for p in (tmp_path / "two").iterdir()) == [
        "trickster_bridge_171-1.json",
        "trickster_bridge_171-2.json",
    ]


def test_import_out_into_a_missing_folder_or_under_a_file_is_one_error_line(tmp_path: Path) -> None:
    one = str(SAMPLES / "trickster_oh_hell_245.pbn")
    two = str(SAMPLES / "trickster_bridge_171.pbn")
    (tmp_path / "afile").write_text("x", encoding="utf-8")
    cases = [
        (one, tmp_path / "missing" / "x.json", "cannot write it (no folder"),
        (
            one,
            tmp_path / "afile" / "x.json",
            f"cannot write it ({tmp_path / 'afile'} is a file, not a folder)",
        ),
        (
            two,
            tmp_path / "afile" / "sub",
            f"cannot make the folder ({tmp_path / 'afile'} is a file, not a folder)",
        ),
        (two, tmp_path / "afile", "is a file; 2 records need a directory for --out"),
    ]
    for source, out, message in cases:
        result = runner.invoke(app, ["import", source, "--out", str(out)])
        assert result.exit_code == 1, result.output
        errors = [line for line in result.stderr.splitlines() if not line.startswith("stich: warning:")]
        assert len(errors) == 1 and errors[0].startswith("stich: error:") and message in errors[0]
        assert "Traceback" not in result.output
    made = runner.invoke(app, ["import", two, "--out", str(tmp_path / "new" / "deeper")])
    assert made.exit_code == 0 and len(list((tmp_path / "new" / "deeper").iterdir())) == 2


def test_imported_records_with_bad_player_tags_pass_check(tmp_path: Path) -> None:
    """A NUL in a player tag, a tab, a name of 47 characters: the import warns and writes records
    that `stich check` accepts."""
    long = "Bartholomew Fitzgerald-Montgomery of Kensington"
    source = tmp_path / "names.pbn"
    source.write_text(
        f'[North "Ann\x00e"]\n[East "{long}"]\n[South "Cy\tby"]\n[West "\x1b[31mDi"]\n'
        '[Deal "N:AK... QJ... T9... 87..."]\n',
        encoding="utf-8",
    )
    out = tmp_path / "names.json"
    result = runner.invoke(app, ["import", str(source), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stderr.count("stich: warning:") == 4
    record = json.loads(out.read_text(encoding="utf-8"))
    assert record["players"] == ["Ann e", long[:39] + "…", "Cy by", "[31mDi"]
    checked = runner.invoke(app, ["check", str(out), "--json"])
    assert checked.exit_code == 0, checked.output
    assert json.loads(checked.stdout)["ok"]
