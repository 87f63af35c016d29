"""``stich check`` of a board imported from PBN: the file's double-dummy tables against the solver."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from stich.cli import app

runner = CliRunner()
SAMPLES = Path(__file__).parent / "games" / "imports" / "samples"


def imported(tmp_path: Path, text: str) -> Path:
    """The record ``stich import`` writes for a PBN text of one board."""
    source = tmp_path / "board.pbn"
    source.write_text(text, encoding="utf-8")
    out = tmp_path / "board.json"
    result = runner.invoke(app, ["import", str(source), "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def test_check_compares_pbn_table_agrees(tmp_path: Path) -> None:
    """A right table (BBO Extractor's, which DDS confirms): every cell agrees, in text and JSON."""
    path = imported(tmp_path, (SAMPLES / "bbo_extractor_board_1.pbn").read_text(encoding="utf-8"))
    text = runner.invoke(app, ["check", str(path)])
    assert text.exit_code == 0, text.output
    lines = text.stdout.splitlines()
    assert "the file's table [DoubleDummyTricks] agrees with the solver: 20/20" in lines
    assert "the file's table [OptimumResultTable] agrees with the solver: 20/20" in lines
    report = json.loads(runner.invoke(app, ["check", str(path), "--json"]).stdout)
    assert report["ok"]
    assert report["stored_tables"] == [
        {"tag": "DoubleDummyTricks", "cells": 20, "agree": 20, "differ": []},
        {"tag": "OptimumResultTable", "cells": 20, "agree": 20, "differ": []},
    ]


def test_check_names_differing_cells(tmp_path: Path) -> None:
    """One cell altered in each table (North in hearts, East in clubs): those cells, and only they,
    are named with the file's figure and the solver's; the record itself is still right."""
    text = (SAMPLES / "bbo_extractor_board_1.pbn").read_text(encoding="utf-8")
    right = "d8ddad8dda0500105001"
    altered = text.replace(right, right[:10] + "05002" + right[15:]).replace("N H 13", "N H 12")
    assert altered.count("05002") == 1 and "N H 12" in altered
    path = imported(tmp_path, altered)
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "the file's table [DoubleDummyTricks] differs from the solver in 1 of 20 cells" in out
    assert "  declarer E in C: the file says 2, the solver 1" in out.splitlines()
    assert "the file's table [OptimumResultTable] differs from the solver in 1 of 20 cells" in out
    assert "  declarer N in H: the file says 12, the solver 13" in out.splitlines()
    report = json.loads(runner.invoke(app, ["check", str(path), "--json"]).stdout)
    assert report["ok"]
    dd, optimum = report["stored_tables"]
    assert dd["agree"] == 19 and dd["differ"] == [{"declarer": "E", "strain": "C", "file": 2, "solver": 1}]
    assert optimum["differ"] == [{"declarer": "N", "strain": "H", "file": 12, "solver": 13}]


def test_check_says_when_a_stored_table_cannot_be_read(tmp_path: Path) -> None:
    text = (SAMPLES / "bbo_extractor_board_1.pbn").read_text(encoding="utf-8")
    path = imported(tmp_path, text.replace("d8ddad8dda0500105001", "d8ddad8dda"))
    result = runner.invoke(app, ["check", str(path), "--json"])
    assert result.exit_code == 0, result.output
    dd, optimum = json.loads(result.stdout)["stored_tables"]
    assert dd["tag"] == "DoubleDummyTricks" and "must be 20 hexadecimal digits" in dd["error"]
    assert optimum["agree"] == 20


def test_a_board_without_a_stored_table_is_checked_as_before(tmp_path: Path) -> None:
    path = imported(tmp_path, '[Deal "N:AK... QJ... T9... 87..."]\n')
    report = json.loads(runner.invoke(app, ["check", str(path), "--json"]).stdout)
    assert report["ok"] and "stored_tables" not in report


def test_check_finds_the_cells_a_dealer4_table_writes_as_1(tmp_path: Path) -> None:
    """A real file with wrong tables: Dealer4 4.82 writes every cell under 7 tricks as 1. Every cell
    check names is one the file writes as 1 where the solver finds fewer than 7 tricks, and both
    of a board's tables differ in the same cells."""
    out = tmp_path / "club"
    result = runner.invoke(app, ["import", str(SAMPLES / "dealer4_boards_1_2.pbn"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    for path in sorted(out.iterdir()):
        report = json.loads(runner.invoke(app, ["check", str(path), "--json"]).stdout)
        for table in report["stored_tables"]:
            assert table["cells"] == 20 and table["differ"]
            assert all(c["file"] == 1 and c["solver"] < 7 for c in table["differ"])
            assert table["agree"] == 20 - len(table["differ"])
        dd, optimum = report["stored_tables"]
        assert dd["differ"] == optimum["differ"]
