"""Where a 24 first play's worlds go: nodes, questions and CPU per world, as the advice asks them.

The first play of ``--instances`` simulated 4-player rounds (seeds ``--seed`` on, as
``bench/advice_speed.py`` takes them) is valued by the 24 advisor over ``--worlds`` worlds
each, drawn from fixed seeds, in one process with the advice's solver cache (one solver and
its table kept from world to world). Per world: the solver's nodes, the zero-window questions
asked (`Solver.test`) and the CPU time; the totals, median and p90, and a check sum of the
values (equal runs ask the same questions and must give the same values).

``--points`` asks the points objective as the advice did before it asked for tricks
(`hints.advisors.vierundzwanzig.advisor._by_tricks` refused); ``--fresh`` drops the kept solvers
before every world (no per-world reuse of the table); ``--no-kernel`` runs the pure-Python
search (slow: use few worlds); ``--profile`` prints cProfile's top functions of the run.

    python -m bench.dd_24_play --instances 3 --worlds 40
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import statistics
import time

from stich.hints import dd
from stich.hints.advisors.vierundzwanzig import advisor as vierundzwanzig
from stich.hints.advisors.vierundzwanzig.advisor import ADVISOR
from stich.solvers import solver as solver_module

from .hint_latency import first_of


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--instances", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=40)
    parser.add_argument("--points", action="store_true", help="the points objective, not tricks")
    parser.add_argument("--fresh", action="store_true", help="a new solver for every world")
    parser.add_argument("--no-kernel", action="store_true", help="the pure-Python search")
    parser.add_argument("--profile", action="store_true", help="cProfile's top functions")
    args = parser.parse_args()

    questions = [0]
    original_test = solver_module.Solver.test

    def counted_test(self: solver_module.Solver, node: solver_module.Node, target: int) -> bool:
        questions[0] += 1
        return original_test(self, node, target)

    solver_module.Solver.test = counted_test  # type: ignore[method-assign]
    if args.no_kernel:
        original_init = solver_module.Solver.__init__

        def python_init(self: solver_module.Solver, *a: object, **k: object) -> None:
            k["kernel"] = False
            original_init(self, *a, **k)  # type: ignore[arg-type]

        solver_module.Solver.__init__ = python_init  # type: ignore[method-assign]

    if args.points:
        vierundzwanzig._by_tricks = lambda pos, seat: None  # type: ignore[assignment]
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    nodes: list[int] = []
    asked: list[int] = []
    cpu: list[float] = []
    check = 0.0
    profiler = cProfile.Profile() if args.profile else None
    for seed in range(args.seed, args.seed + args.instances):
        session = first_of("24", 4, "play")(seed)
        valuation = ADVISOR.valuation(session)
        rng = random.Random(1000 + seed)
        dd.SOLVERS.clear()
        for _ in range(args.worlds):
            world = valuation.draw(rng)
            if args.fresh:
                dd.SOLVERS.clear()
            before_nodes = sum(s.nodes for s, _ in dd.SOLVERS._kept)
            before_q = questions[0]
            start = time.process_time()
            if profiler is not None:
                profiler.enable()
            values, _ = valuation.evaluate(world)
            if profiler is not None:
                profiler.disable()
            cpu.append(time.process_time() - start)
            after_nodes = sum(s.nodes for s, _ in dd.SOLVERS._kept)
            nodes.append(after_nodes - (0 if args.fresh else before_nodes))
            asked.append(questions[0] - before_q)
            check += sum(v * (i + 1) for i, v in enumerate(values))

    def p90(xs: list[float] | list[int]) -> float:
        return sorted(xs)[int(0.9 * (len(xs) - 1))]

    def row(name: str, xs: list[int]) -> str:
        return f"{name:10} total {sum(xs):>12,}  median {statistics.median(xs):>9,.0f}  p90 {p90(xs):>10,.0f}"

    print(f"worlds {len(cpu)}  check sum {check:.1f}")
    print(row("nodes", nodes))
    print(row("questions", asked))
    print(
        f"CPU s      total {sum(cpu):>12.2f}  median {statistics.median(cpu) * 1000:>8.1f}ms  "
        f"p90 {p90(cpu) * 1000:>8.1f}ms  worlds/1.5 s {1.5 * len(cpu) / sum(cpu):.0f}"
    )
    print(f"load average {os.getloadavg()[0]:.1f}")
    if profiler is not None:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(30)


if __name__ == "__main__":
    main()
