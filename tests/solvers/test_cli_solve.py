"""``stich solve`` driven as a user would, on a local app holding just the command."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
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


def test_text_output_echoes_the_position_and_ranks_the_moves(tmp_path: Path) -> None:
    # No trump: North's AS wins if North cashes it at once; after the 2C West takes the rest.
    data = {
        **EXAMPLE,
        "trump": None,
        "hands": [["AS", "2C"], ["3C", "2H"], ["4C", "5C"], ["6C", "7C"]],
    }
    out = runner.invoke(app, ["solve", write(tmp_path, data)]).stdout
    lines = out.splitlines()
    # The position as solved: trump, every hand, who leads, what is played for.
    assert "no trump" in lines[0]
    assert [line.split()[0] for line in lines[1:5]] == ["N", "E", "S", "W"]
    assert "AS 2C" in lines[1] and "N leads trick 1" in out
    assert "objective: the most of the remaining tricks for N and S" in out
    # Moves best first, the best marked, then the line one trick a line with its winner.
    moves = [line.split() for line in lines if line.strip().startswith(("AS", "2C"))]
    assert [m[0] for m in moves] == ["AS", "2C"]
    assert moves[0][1:] == ["1", "←", "best"] and moves[1][1:] == ["0"]
    tricks = [line.strip() for line in lines if line.strip().startswith("trick ") and "→" in line]
    assert tricks[0].startswith("trick 1: N AS, E ") and tricks[0].endswith(" W 6C → N")
    assert len(tricks) == 2


def test_seats_are_numbers_unless_the_position_is_bridge_shaped(tmp_path: Path) -> None:
    # Four seats of Oh Hell without partnerships: "2 (S)" would read as spades.
    data = {k: v for k, v in EXAMPLE.items() if k != "teams"}
    out = runner.invoke(app, ["solve", write(tmp_path, data)]).stdout
    assert "seat 0" in out and "(S)" not in out
    assert not any(line.split()[:1] == ["N"] for line in out.splitlines())


def test_hands_by_seat_as_an_object_are_accepted(tmp_path: Path) -> None:
    given: list[list[str]] = EXAMPLE["hands"]  # type: ignore[assignment]
    hands = {str(seat): cards for seat, cards in enumerate(given)}
    result = runner.invoke(app, ["solve", write(tmp_path, {**EXAMPLE, "hands": hands}), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["value"] == 2


def test_an_exact_target_beyond_the_tricks_left_is_a_one_line_error(tmp_path: Path) -> None:
    data = {**EXAMPLE, "objective": {"type": "exact", "k": 5}}
    result = runner.invoke(app, ["solve", write(tmp_path, data)])
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1 and "k = 5" in result.stderr and "2 left" in result.stderr


def test_a_round_record_is_solved_where_it_stops(tmp_path: Path) -> None:
    from stich.games.record import simulate

    record = simulate("stiche-raten", 4, 3, {"first_round": 4})
    plays = [i for i, e in enumerate(record.events) if "play" in e]
    record.events = record.events[: plays[6]]  # two cards into the second trick
    path = tmp_path / "round.json"
    path.write_text(record.dumps(), encoding="utf-8")
    result = runner.invoke(app, ["solve", str(path), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["tricks_left"] == 3 and len(out["position"]["trick"]) == 2
    # By default the seat to move plays for its bid; --objective overrides it.
    assert out["objective"]["type"] == "exact" and out["objective"]["seat"] == out["to_move"]
    tricks = runner.invoke(app, ["solve", str(path), "--json", "--objective", "tricks"])
    assert json.loads(tricks.stdout)["objective"]["type"] == "tricks"
    text = runner.invoke(app, ["solve", str(path)]).stdout
    assert record.players[out["to_move"]] + " to play" in text and "trick 2 so far" in text
    # A view that does not see the other hands cannot be solved.
    from stich.games.views import seat_view

    path.write_text(seat_view(record, 0).dumps(), encoding="utf-8")
    hidden = runner.invoke(app, ["solve", str(path)])
    assert hidden.exit_code == 1 and "not known to this view" in hidden.stderr


def test_table_progress_bar_appears_only_when_the_table_is_slow(tmp_path: Path, monkeypatch: Any) -> None:
    import time

    import stich.cli.solve as command
    from stich import solvers

    quick = runner.invoke(app, ["solve", write(tmp_path, EXAMPLE), "--table"])
    assert quick.exit_code == 0 and quick.stderr == ""
    table = solvers.table.trick_table

    def slow_table(position: Any, progress: Any = None, jobs: int = 1) -> Any:
        time.sleep(0.5)
        return table(position, progress, jobs)

    monkeypatch.setattr(solvers.table, "trick_table", slow_table)
    monkeypatch.setattr(command, "PROGRESS_AFTER", 0.05)
    slow = runner.invoke(app, ["solve", write(tmp_path, EXAMPLE), "--table"])
    assert slow.exit_code == 0, slow.output
    assert "tricks table" in slow.stderr and "20/20" in slow.stderr


def test_solve_table_gives_every_trump_and_leader(tmp_path: Path) -> None:
    result = runner.invoke(app, ["solve", write(tmp_path, EXAMPLE), "--table", "--json"])
    assert result.exit_code == 0, result.output
    cells = json.loads(result.stdout)["table"]
    assert len(cells) == 20
    assert {c["trump"] for c in cells} == {"S", "H", "D", "C", None}
    spades_north = next(c for c in cells if c["trump"] == "S" and c["leader"] == 0)
    assert spades_north == {"trump": "S", "leader": 0, "side": [0, 2], "tricks": 2}
    # A bridge-shaped position also gives the declarer table: the declarer's side takes what the
    # side of the leader on its left does not.
    declarer = json.loads(result.stdout)["declarer"]
    assert list(declarer) == ["N", "S", "E", "W"] and list(declarer["N"]) == ["NT", "S", "H", "D", "C"]
    for seat, row in declarer.items():
        leader = ("NESW".index(seat) + 1) % 4
        for strain, tricks in row.items():
            cell = next(c for c in cells if c["leader"] == leader and (c["trump"] or "NT") == strain)
            assert tricks == 2 - cell["tricks"]
    text = runner.invoke(app, ["solve", write(tmp_path, EXAMPLE), "--table"])
    assert text.exit_code == 0 and "NT" in text.stdout
    rows = text.stdout.splitlines()[2:6]
    assert [line.split()[0] for line in rows] == ["N", "S", "E", "W"]
    assert [int(v) for v in rows[0].split()[1:]] == [declarer["N"][s] for s in ("NT", "S", "H", "D", "C")]
    # Without partnerships the table stays by leader, each seat for itself.
    alone = {k: v for k, v in EXAMPLE.items() if k != "teams"}
    single = runner.invoke(app, ["solve", write(tmp_path, alone), "--table", "--json"])
    assert single.exit_code == 0 and "declarer" not in json.loads(single.stdout)
    assert all(len(c["side"]) == 1 for c in json.loads(single.stdout)["table"])


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


def test_table_in_worker_processes_is_the_same_table(tmp_path: Path) -> None:
    from stich.solvers.parse import parse_position
    from stich.solvers.table import trick_table
    from tests.solvers.samples import bridge_position_json

    data = {**bridge_position_json(3, 6, None, 0), "teams": [[0, 2], [1, 3]]}
    # Each trump is solved as with one job: same values and the same node counts.
    assert trick_table(parse_position(data), jobs=2) == trick_table(parse_position(data))
    one = runner.invoke(app, ["solve", write(tmp_path, data), "--table", "--json"])
    two = runner.invoke(app, ["solve", write(tmp_path, data), "--table", "--json", "--jobs", "2"])
    assert two.exit_code == 0, two.output
    assert json.loads(two.stdout) == json.loads(one.stdout)
    bad = runner.invoke(app, ["solve", write(tmp_path, data), "--table", "--jobs", "0"])
    assert bad.exit_code == 1 and "--jobs must be at least 1" in bad.stderr


def test_solve_table_of_bridge_board_matches_dds(tmp_path: Path) -> None:
    """An imported PBN board, solved with --table and no --objective: the declarer table of every
    bridge program, cell for cell DDS's calc_dd_table, in JSON and in text (rows named)."""
    pytest.importorskip("endplay")
    from stich.games.imports import import_file
    from tests.oracles.dds import dds_table

    samples = Path(__file__).parents[1] / "games" / "imports" / "samples"
    records = [
        *import_file(samples / "bbo_extractor_board_1.pbn").records,
        *import_file(samples / "dealer4_boards_1_2.pbn").records,
    ]
    records[0].players = ["Ann", "Bo", "Cy", "Di"]
    for number, record in enumerate(records):
        path = tmp_path / f"board{number}.json"
        path.write_text(record.dumps(), encoding="utf-8")
        result = runner.invoke(app, ["solve", str(path), "--table", "--json"])
        assert result.exit_code == 0, result.output
        declarer = json.loads(result.stdout)["declarer"]
        hands = [cards_of(record.known["hands"][str(seat)]) for seat in range(4)]
        by_dds = dds_table(hands)  # (trump suit index or None, leader) -> the leader's side's tricks
        trumps = {"NT": None, "S": 0, "H": 1, "D": 2, "C": 3}
        expected = {
            seat: {
                strain: 13 - by_dds[(trump, ("NESW".index(seat) + 1) % 4)] for strain, trump in trumps.items()
            }
            for seat in "NSEW"
        }
        assert declarer == expected
    text = runner.invoke(app, ["solve", str(tmp_path / "board0.json"), "--table"])
    assert text.exit_code == 0, text.output
    lines = text.stdout.splitlines()
    assert lines[1].split() == ["declarer", "NT", "S", "H", "D", "C"]
    assert lines[2].split() == ["N", "Ann", "13", "8", "13", "13", "10"]
    assert lines[5].split()[:2] == ["W", "Di"]


def cards_of(names: list[str]) -> int:
    from stich.games.cards import french_deck

    return french_deck().parse_set(names)


def test_a_bridge_record_is_solved_for_the_partnership(tmp_path: Path) -> None:
    """Solving an imported board without --table: the value is the tricks of the side to move."""
    from stich.games.imports import import_text

    text = '[Deal "N:AK... QJ... T9... 87..."]\n[Contract "1NT"]\n[Declarer "S"]\n'
    (record,) = import_text(text, "ending.pbn").records
    path = tmp_path / "ending.json"
    path.write_text(record.dumps(), encoding="utf-8")
    result = runner.invoke(app, ["solve", str(path), "--json"])
    assert result.exit_code == 0, result.output
    solved = json.loads(result.stdout)
    assert solved["to_move"] == 3 and solved["side"] == [1, 3] and solved["value"] == 0
