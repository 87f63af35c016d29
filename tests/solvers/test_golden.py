"""The search against its golden files (``tests/solvers/golden/*.json``, written by
``tests/solvers/make_golden.py``).

Every position's value and node count, for the pure-Python search always and for the compiled
kernel where it is built. The bridge values were DDS's (``endplay``) when the files were
written, the other games' the search's own (checked against the reference minimax for small
hands): these checks run without endplay and without a C compiler. A change to the search that
changes a node count on purpose regenerates the files; a changed value is a bug.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

from stich.solvers.parse import parse_position
from stich.solvers.solver import Solver

GOLDEN = Path(__file__).resolve().parent / "golden"
FILES = sorted(GOLDEN.glob("*.json"))
KERNEL = importlib.util.find_spec("stich.solvers._dd") is not None


def _cases() -> list[tuple[str, dict[str, Any]]]:
    return [(path.stem, case) for path in FILES for case in json.loads(path.read_text("utf-8"))["cases"]]


CASES = _cases()


def test_the_golden_files_cover_every_game_and_objective() -> None:
    games = {case["position"]["game"] for _, case in CASES}
    assert games == {"stiche-raten", "wizard", "was-sticht", "stich-fuer-stich", "24"}
    objectives = {(case["position"]["game"], case["position"]["objective"]["type"]) for _, case in CASES}
    assert {("was-sticht", "task"), ("stich-fuer-stich", "points"), ("24", "points")} <= objectives
    bridge = [case for name, case in CASES if name == "bridge"]
    sizes = {max(len(hand) for hand in case["position"]["hands"]) for case in bridge}
    assert 13 in sizes and min(sizes) < 13  # full deals and smaller ones
    assert all(case["value_from"] == "dds" for case in bridge)
    assert len(CASES) >= 30


@pytest.mark.parametrize(("where", "case"), CASES, ids=[case["name"] for _, case in CASES])
def test_python_search_gives_the_golden_value_and_node_count(where: str, case: dict[str, Any]) -> None:
    solver = Solver(parse_position(case["position"]), kernel=False)
    assert (solver.value(), solver.nodes) == (case["value"], case["nodes"]), where


@pytest.mark.skipif(not KERNEL, reason="the compiled kernel is not built")
@pytest.mark.parametrize(("where", "case"), CASES, ids=[case["name"] for _, case in CASES])
def test_kernel_gives_the_golden_value_and_node_count(where: str, case: dict[str, Any]) -> None:
    solver = Solver(parse_position(case["position"]))
    assert solver.compiled
    assert (solver.value(), solver.nodes) == (case["value"], case["nodes"]), where
