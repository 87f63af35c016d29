"""The kernel built for any x86-64 or other CPU: without the popcnt instruction and without BMI2's
pext (`-DSTICH_NO_POPCNT`; the partition search's holdings then come from its 7-bit tables), as a
CPU that lacks them runs it. The installed build on this machine may take the instruction paths;
this build must search the same nodes to the same values, so both paths are tested here whatever
CPU the tests run on.
"""

from __future__ import annotations

import importlib.util
import shlex
import subprocess
import sysconfig
from pathlib import Path
from types import ModuleType

import pytest

import stich.solvers.solver as solver_module
from stich.solvers.parse import parse_position
from stich.solvers.solver import Solver
from tests.solvers.samples import bridge_position_json, random_position

pytestmark = pytest.mark.slow  # compiles the kernel again, without popcnt

SOURCE = Path(__file__).resolve().parents[2] / "solvers" / "_dd.c"


@pytest.fixture(scope="module")
def portable(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    """The kernel's source compiled with ``-O2 -DSTICH_NO_POPCNT`` and loaded as a module of its own."""
    if solver_module._dd is None:
        pytest.skip("no compiled kernel here (no C compiler when installed)")
    compiler = shlex.split(sysconfig.get_config_var("CC") or "cc")[:1]
    out = tmp_path_factory.mktemp("kernel") / "_dd_portable.so"
    include = sysconfig.get_paths()["include"]
    command = [*compiler, "-O2", "-DSTICH_NO_POPCNT", "-shared", "-fPIC", f"-I{include}", str(SOURCE)]
    subprocess.run([*command, "-o", str(out)], check=True)
    spec = importlib.util.spec_from_file_location("stich.solvers._dd", out)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _answers(position_json: dict[str, object]) -> tuple[int, dict[object, int], int]:
    solver = Solver(parse_position(position_json))
    assert solver.compiled
    value = solver.value()
    moves = {(m.card, m.declaration): v for m, v in solver.move_values()}
    return value, moves, solver.nodes


def _positions() -> list[dict[str, object]]:
    """Bridge deals of 8 to 10 cards a hand in every strain (the partition search's own ground),
    and random positions of every game."""
    out: list[dict[str, object]] = []
    for seed in range(6):
        for trump in ("S", None):
            out.append(bridge_position_json(seed, 8 + seed % 3, trump, seed % 4, trick=seed % 3))
    from tests.solvers.samples import random_position_json

    for game in ("stiche-raten", "wizard", "was-sticht", "24", "stich-fuer-stich"):
        for seed in range(4):
            out.append(random_position_json(game, 80_000 + seed, 4))
    return out


def test_the_portable_build_searches_the_same_nodes(
    portable: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    installed = [_answers(p) for p in _positions()]
    monkeypatch.setattr(solver_module, "_dd", portable)
    again = [_answers(p) for p in _positions()]
    for position, (a, b) in zip(_positions(), zip(installed, again, strict=True), strict=True):
        assert a == b, position
    # The bridge deals are searched, not answered at the root.
    assert sum(nodes for _, _, nodes in installed[:12]) > 2000, [n for _, _, n in installed[:12]]


def test_a_random_position_solves_alike(portable: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    # The portable build is not left unused: it answers a position the installed build answers.
    position = random_position("stiche-raten", 7, 5, 4)
    expected = Solver(position).value()
    monkeypatch.setattr(solver_module, "_dd", portable)
    solver = Solver(position)
    assert solver.compiled and solver.value() == expected
