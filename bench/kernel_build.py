"""The compiled kernel built with different compiler flags, timed on the same solves in one process.

Each build of ``solvers/_dd.c`` (the C compiler Python was built with, ``-shared -fPIC``
and the flags given) is loaded as a module of its own. The same solves -- ``--ohhell``
4-player Stiche-Raten deals of 13 cards, seat 0 against the other three, and every trump
and two leaders of ``--bridge`` bridge deals -- run with each build in turn, for
``--rounds`` rounds; the best round of each build is printed (CPU seconds) with its ratio
to the first build's. The flags change speed, not the search: the node counts must be
equal, and the script exits with 1 if they are not.

    python bench/kernel_build.py
    python bench/kernel_build.py --flags="-O2 -DSTICH_NO_POPCNT" --flags=-O2 --flags=-O3

The default compares the flags the kernel was built with before (``-O2``, no popcnt
instruction) with the shipped ones (``-O3``, the search compiled for popcnt on x86-64).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import shlex
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dd_ohhell import deal

import stich.solvers.solver as solver_module
from stich.solvers.parse import parse_position
from stich.solvers.position import Position
from stich.solvers.solver import Solver
from tests.solvers.samples import bridge_position_json

SOURCE = Path(__file__).resolve().parents[1] / "solvers" / "_dd.c"


def build(flags: str, out: Path) -> ModuleType:
    """Compile the kernel with ``flags`` into ``out`` and load it."""
    compiler = shlex.split(sysconfig.get_config_var("CC") or "cc")[:1]
    include = sysconfig.get_paths()["include"]
    command = [
        *compiler,
        *shlex.split(flags),
        "-shared",
        "-fPIC",
        f"-I{include}",
        str(SOURCE),
        "-o",
        str(out),
    ]
    subprocess.run(command, check=True)
    spec = importlib.util.spec_from_file_location("stich.solvers._dd", out)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def positions(ohhell: int, bridge: int) -> list[Position]:
    """The solves: Stiche-Raten deals (a random trump each), then bridge deals."""
    trumps = ["S", "H", "D", "C", None]
    out = [deal(seed, 13, random.Random(seed).choice(trumps), "tricks") for seed in range(ohhell)]
    for seed in range(bridge):
        base = bridge_position_json(seed, 13, None, 0)
        for trump in trumps:
            for leader in (0, 1):
                out.append(parse_position({**base, "trump": trump, "leader": leader}))
    return out


def run(module: ModuleType, solves: list[Position]) -> tuple[float, int]:
    """CPU seconds and nodes of every solve with this build (a new solver each)."""
    solver_module._dd = module
    seconds, nodes = 0.0, 0
    for pos in solves:
        solver = Solver(pos)
        assert solver.compiled, "the kernel does not serve this position"
        t0 = time.process_time()
        solver.value()
        seconds += time.process_time() - t0
        nodes += solver.nodes
    return seconds, nodes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--flags",
        action="append",
        help='compiler flags of one build (repeat; default "-O2 -DSTICH_NO_POPCNT", "-O3")',
    )
    parser.add_argument("--ohhell", type=int, default=12, help="Stiche-Raten deals (13 cards)")
    parser.add_argument("--bridge", type=int, default=1, help="bridge deals (10 solves each)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds; the best of each build counts")
    args = parser.parse_args()
    builds = args.flags or ["-O2 -DSTICH_NO_POPCNT", "-O3"]
    solves = positions(args.ohhell, args.bridge)
    with tempfile.TemporaryDirectory() as tmp:
        modules = [build(flags, Path(tmp) / f"build{i}.so") for i, flags in enumerate(builds)]
        best = [float("inf")] * len(builds)
        nodes = [0] * len(builds)
        for _ in range(args.rounds):
            for i, module in enumerate(modules):
                seconds, nodes[i] = run(module, solves)
                best[i] = min(best[i], seconds)
    kinds = f"{args.ohhell} Stiche-Raten, {10 * args.bridge} bridge"
    print(f"{len(solves)} solves ({kinds}), best of {args.rounds} rounds")
    for flags, seconds, n in zip(builds, best, nodes, strict=True):
        print(f"{flags:<28} {seconds:8.3f} s  {n:>12,} nodes  {seconds / best[0]:6.3f}x")
    if len(set(nodes)) > 1:
        print("node counts differ between builds: the flags changed the search")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
