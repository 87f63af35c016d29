"""stich simulate --round: a round of the game's sequence other than the first."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from stich.games.registry import find

STICH = str(Path(sys.executable).with_name("stich"))


def _simulate(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([STICH, "simulate", *args], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(("game_id", "players"), [("wizard", 3), ("stiche-raten", 4)])
def test_simulate_round_option(game_id: str, players: int, tmp_path: Path) -> None:
    game = find(game_id)(players, {})
    sizes = game.round_sizes()  # type: ignore[attr-defined]
    largest = sizes.index(max(sizes)) + 1
    for number in sorted({2, largest, len(sizes)}):
        done = _simulate(game_id, "--players", str(players), "--round", str(number), "--seed", "3")
        assert done.returncode == 0, done.stderr
        record = json.loads(done.stdout)
        known = record["known"]
        assert known["round"] == number and known["cards"] == sizes[number - 1]
        assert all(len(hand) == sizes[number - 1] for hand in known["hands"].values())
        path = tmp_path / f"{number}.json"
        path.write_text(done.stdout)
        checked = subprocess.run([STICH, "check", str(path), "--json"], capture_output=True, text=True)
        assert json.loads(checked.stdout)["complete"], checked.stdout


def test_simulate_round_option_is_checked_against_the_game() -> None:
    rounds = len(find("wizard")(3, {}).round_sizes())  # type: ignore[attr-defined]
    for number in (0, rounds + 1):
        done = _simulate("wizard", "--players", "3", "--round", str(number))
        assert done.returncode == 1
        assert (
            done.stderr
            == f"stich: error: --round {number}: Wizard with these options has rounds 1 to {rounds}\n"
        )
    done = _simulate("24", "--players", "3", "--round", "2")
    assert done.returncode == 1 and "has no sequence of rounds to choose from" in done.stderr
    done = _simulate("wizard", "--round", "²")
    assert done.returncode == 2 and "is not a whole number" in done.stderr
