"""The compiled kernel built with different compiler flags, timed on the same solves in one process.

Each build of ``solvers/_dd.c`` (the C compiler Python was built with, ``-shared -fPIC``
and the flags given) is loaded as a module of its own. The same solves -- ``--ohhell``
4-player Stiche-Raten deals of 13 cards, seat 0 against the other three, and every trump
and two leaders of ``--bridge`` bridge deals -- run with each build in turn, for
``--rounds`` rounds; the best round of each build is printed (CPU seconds) with its ratio
to the first build's. The flags change speed, not the search: the node counts must be
equal, and the script exits with 1 if they are not.

    python -m bench.kernel_build
    python -m bench.kernel_build --flags="-O2 -DSTICH_NO_POPCNT" --flags=-O2 --flags=-O3
    git show HEAD:solvers/_dd.c > /tmp/before.c
    python -m bench.kernel_build --source /tmp/before.c --source solvers/_dd.c --flags=-O3 --strains

``--source`` builds other versions of the kernel's source (one build per source and flags,
paired in order; one of either serves every build). ``--strains`` asks the bridge deals
as ``bench/dd_vs_dds.py`` does: every trump, the four leaders of a strain sharing one
solver (its table) and each later leader starting from the value found before.

The default compares the flags the kernel was built with before (``-O2``, no popcnt
instruction) with the shipped ones (``-O3``, the search compiled for popcnt on x86-64).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import shlex
import subprocess
import sysconfig
import tempfile
import time
from pathlib import Path
from types import ModuleType

import stich.solvers.solver as solver_module
from stich.solvers.parse import parse_position
from stich.solvers.position import Position
from stich.solvers.solver import Solver
from tests.solvers.samples import bridge_position_json

from .dd_ohhell import deal
from .timing import strain_guess

SOURCE = Path(__file__).resolve().parents[1] / "solvers" / "_dd.c"


def build(flags: str, out: Path, source: Path = SOURCE) -> ModuleType:
    """Compile the kernel's ``source`` with ``flags`` into ``out`` and load it."""
    compiler = shlex.split(sysconfig.get_config_var("CC") or "cc")[:1]
    include = sysconfig.get_paths()["include"]
    command = [
        *compiler,
        *shlex.split(flags),
        "-shared",
        "-fPIC",
        f"-I{include}",
        str(source),
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


def strains(bridge: int) -> list[list[Position]]:
    """Every trump of ``bridge`` bridge deals, the four leaders of each."""
    out = []
    for seed in range(bridge):
        base = bridge_position_json(seed, 13, None, 0)
        for trump in ["S", "H", "D", "C", None]:
            out.append([parse_position({**base, "trump": trump, "leader": leader}) for leader in range(4)])
    return out


def run_strains(module: ModuleType, groups: list[list[Position]]) -> tuple[float, int]:
    """CPU seconds and nodes of every strain, asked as bench/dd_vs_dds.py asks them."""
    solver_module._dd = module
    seconds, nodes = 0.0, 0
    for group in groups:
        t0 = time.process_time()
        solver: Solver | None = None
        found: dict[int, int] = {}
        for leader, pos in enumerate(group):
            if solver is None or not solver.reuse_for(pos):
                solver = Solver(pos)
            assert solver.compiled, "the kernel does not serve this position"
            found[leader] = solver.value(strain_guess(found, 13))
        seconds += time.process_time() - t0
        assert solver is not None
        nodes += solver.nodes
    return seconds, nodes


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
    parser.add_argument("--source", action="append", type=Path, help="a version of solvers/_dd.c (repeat)")
    parser.add_argument(
        "--strains", action="store_true", help="the bridge deals as bench/dd_vs_dds.py asks them"
    )
    args = parser.parse_args()
    flag_list = args.flags or (["-O3"] if args.source else ["-O2 -DSTICH_NO_POPCNT", "-O3"])
    sources = args.source or [SOURCE]
    count = max(len(flag_list), len(sources))
    if {len(flag_list), len(sources)} - {1, count}:
        parser.error("give one --flags or one --source, or as many of each")
    builds = [(sources[i % len(sources)], flag_list[i % len(flag_list)]) for i in range(count)]
    solves = positions(args.ohhell, 0 if args.strains else args.bridge)
    groups = strains(args.bridge) if args.strains else []
    with tempfile.TemporaryDirectory() as tmp:
        modules = [
            build(flags, Path(tmp) / f"build{i}.so", source) for i, (source, flags) in enumerate(builds)
        ]
        best = [float("inf")] * len(builds)
        nodes = [0] * len(builds)
        for _ in range(args.rounds):
            for i, module in enumerate(modules):
                seconds, nodes[i] = run(module, solves)
                if groups:
                    more_seconds, more_nodes = run_strains(module, groups)
                    seconds += more_seconds
                    nodes[i] += more_nodes
                best[i] = min(best[i], seconds)
    bridge = f"{args.bridge} bridge deals x 20" if args.strains else f"{10 * args.bridge} bridge"
    total = len(solves) + 4 * len(groups)
    print(f"{total} solves ({args.ohhell} Stiche-Raten, {bridge}), best of {args.rounds} rounds")
    for (source, flags), seconds, n in zip(builds, best, nodes, strict=True):
        name = f"{source.name} {flags}" if len(sources) > 1 else flags
        print(f"{name:<28} {seconds:8.3f} s  {n:>12,} nodes  {seconds / best[0]:6.3f}x")
    if len(set(nodes)) > 1:
        print("node counts differ between builds: the flags changed the search")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
