"""``stich analyze`` at a terminal and on a pipe: a progress bar on stderr naming the decision at a
terminal; on a pipe nothing on stderr (a script reads the output alone)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pexpect

from stich.games.record import simulate

STICH = str(Path(sys.executable).with_name("stich"))
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\r")


def _round(tmp_path: Path) -> Path:
    path = tmp_path / "round.json"
    record = simulate("stiche-raten", 3, 2, {"first_round": 3})
    path.write_text(json.dumps(record.to_json()), encoding="utf-8")
    return path


def test_analyze_shows_progress_on_a_terminal(tmp_path: Path) -> None:
    path = _round(tmp_path)
    child = pexpect.spawn(
        STICH,
        ["analyze", str(path), "--worlds", "1", "--seed", "1"],
        encoding="utf-8",
        timeout=300,
        dimensions=(40, 200),
    )
    screen = ANSI.sub("", child.read())
    child.close()
    assert child.exitstatus == 0, screen
    events = len(json.loads(path.read_text(encoding="utf-8"))["events"])
    assert re.search(rf"analysing .* \d+/{events} events, \w+'s decision at event \d+", screen), screen
    assert "decisions" in screen  # then the analysis itself


def test_analyze_on_a_pipe_writes_nothing_on_stderr(tmp_path: Path) -> None:
    path = _round(tmp_path)
    done = subprocess.run(
        [STICH, "analyze", str(path), "--worlds", "1", "--seed", "1"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert "decisions" in done.stdout


CARD_CODE = re.compile(r"\b[2-9TJQKA][SHDC]\b")  # a French card as records write it: KC, TH


def _analyze(*args: str) -> str:
    from typer.testing import CliRunner

    from stich.cli import app

    example = Path(__file__).parents[1] / "stich" / "examples" / "stiche-raten.json"
    done = CliRunner().invoke(
        app, ["analyze", str(example), "--worlds", "1", "--seed", "1", "-j", "1", *args]
    )
    assert done.exit_code == 0, done.output
    return done.stdout


def test_analyze_text_writes_cards_as_the_game_does_and_names_the_game() -> None:
    text = _analyze()
    assert text.startswith("Stiche-Raten (Oh Hell!): decisions")
    assert CARD_CODE.search(text) is None, text
    assert re.search(r"\b(10|[2-9JQKA])[♠♥♦♣]", text), text


def test_analyze_ascii_writes_cards_as_records_do() -> None:
    text = _analyze("--ascii")
    assert CARD_CODE.search(text) and not re.search("[♠♥♦♣]", text), text


def test_analyze_json_keeps_the_card_codes() -> None:
    data = json.loads(_analyze("--json"))
    plays = [d for d in data["decisions"] if d["decision"] == "play"]
    assert plays and all(CARD_CODE.fullmatch(d["label"]) for d in plays)
    assert all(CARD_CODE.fullmatch(card) for d in plays for card in d["best"])
    assert all("♠" not in d["advice"]["reason"] for d in plays if d["advice"])
