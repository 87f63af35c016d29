"""``stich solve`` driven as a user would, on a local app holding just the command."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from typer.testing import CliRunner

from stich.cli.solve import solve_cli

app = typer.Typer()
app.command("solve")(solve_cli)
app.command("noop")(lambda: None)  # a second command keeps "solve" a subcommand
runner = CliRunner()

EXAMPLE = {
    "game": "stiche-raten",
    "options": {},
    "trump": "S",
    "hands": [["AS", "KS"], ["QS", "2H"], ["3H", "4H"], ["5H", "6H"]],
    "leader": 0,
    "trick": [],
    "teams": [[0, 2], [1, 3]],
    "objective": {"type": "tricks"},
}


def write(tmp_path: Path, data: object) -> str:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_solve_json_has_value_side_moves_and_line(tmp_path: Path) -> None:
    result = runner.invoke(app, ["solve", write(tmp_path, EXAMPLE), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["value"] == 2
    assert out["side"] == [0, 2]
    assert sorted((m["card"], m["value"]) for m in out["moves"]) == [("AS", 2), ("KS", 2)]
    assert len(out["line"]) == 8 and out["line"][0]["seat"] == 0
    assert out["tricks_left"] == 2 and out["goal"] == "max"


def test_solve_prints_a_table_of_moves(tmp_path: Path) -> None:
    result = runner.invoke(app, ["solve", write(tmp_path, EXAMPLE)])
    assert result.exit_code == 0, result.output
    assert "value 2" in result.stdout and "best line" in result.stdout


def test_solve_table_gives_every_trump_and_leader(tmp_path: Path) -> None:
    result = runner.invoke(app, ["solve", write(tmp_path, EXAMPLE), "--table", "--json"])
    assert result.exit_code == 0, result.output
    cells = json.loads(result.stdout)["table"]
    assert len(cells) == 20
    assert {c["trump"] for c in cells} == {"S", "H", "D", "C", None}
    spades_north = next(c for c in cells if c["trump"] == "S" and c["leader"] == 0)
    assert spades_north == {"trump": "S", "leader": 0, "side": [0, 2], "tricks": 2}
    text = runner.invoke(app, ["solve", write(tmp_path, EXAMPLE), "--table"])
    assert text.exit_code == 0 and "NT" in text.stdout


def test_24_declarations_in_json(tmp_path: Path) -> None:
    data = {
        "game": "24",
        "trump": "R",
        "hands": [["Y1", "Y11"], ["Y2", "Y10"]],
        "leader": 0,
        "trick": [],
        "caller": 0,
        "objective": {"type": "points"},
    }
    result = runner.invoke(app, ["solve", write(tmp_path, data), "--json"])
    assert result.exit_code == 0, result.output
    moves = json.loads(result.stdout)["moves"]
    assert {"card": "Y1", "reverse": True} in [{k: v for k, v in m.items() if k != "value"} for m in moves]


def test_bad_position_is_one_line_and_exit_1(tmp_path: Path) -> None:
    bad = {**EXAMPLE, "hands": [["AS", "KS"], ["AS", "2H"], ["3H", "4H"], ["5H", "6H"]]}
    result = runner.invoke(app, ["solve", write(tmp_path, bad)])
    assert result.exit_code == 1
    assert result.stderr.startswith("stich: error:") and result.stderr.count("\n") == 1
    assert "AS" in result.stderr
    missing = runner.invoke(app, ["solve", str(tmp_path / "nope.json")])
    assert missing.exit_code == 1 and "cannot read" in missing.stderr
    table = runner.invoke(app, ["solve", write(tmp_path, {**EXAMPLE, "game": "24"}), "--table"])
    assert table.exit_code == 1
