"""Double-dummy speed of Stich für Stich worlds as the advice for a sleuth's first play asks them.

For each seed a 4-player round is simulated; at its first play (a sleuth's, full hands: the
sleuths 7 cards, the confidant 10) ``--worlds`` worlds are drawn as the advisor draws them
(hidden hands and a secret from the posterior), and each is solved as the advisor asks: the
seat's most trick points against the three others, then every card's value. Printed per
world: its value, the nodes and the seconds; then the worlds past ``--limit`` seconds and the
nodes and times in all, at the median, the p90 and at most, and how many worlds the advice's
search finishes within its node limit (``WORLD_NODES``; the others it plays out)::

    python -m bench.dd_stich_fuer_stich --seeds 8 --worlds 4 --limit 30

``--no-kernel`` runs the pure-Python search (about 20 times slower per node).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from stich.hints.advisors.stich_fuer_stich.advisor import WORLD_NODES
from stich.hints.advisors.stich_fuer_stich.belief import belief
from stich.hints.dd import one_against_all, position
from stich.hints.worlds import WorldSource
from stich.solvers import ObjectiveSpec, Position, Solver
from stich.solvers.solver import SolveTimeout

from .hint_latency import first_of


def sample(seed: int, worlds: int) -> list[Position]:
    """The first play's worlds of the round simulated from ``seed``, drawn with the same seed."""
    session = first_of("stich-fuer-stich", 4, "play")(seed)
    state = session.round
    assert session.tracker is not None
    space = session.tracker.space
    source = WorldSource(session, posterior=belief(session))  # as the advice draws them
    rng = random.Random(seed)
    teams = one_against_all(session.seat, list(range(state.game.players)))
    objective = ObjectiveSpec("tricks", seat=session.seat)
    out = []
    for _ in range(worlds):
        world = source.draw(rng)
        secret = space.to_json(world.secret) if world.secret is not None else None
        out.append(position(state, list(world.hands), objective, teams, secret))
    return out


def p90(xs: list[float]) -> float:
    return sorted(xs)[int(0.9 * (len(xs) - 1))]


def main() -> None:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--seeds", type=int, default=8, help="rounds, seeds 1 to N (default 8)")
    parser.add_argument("--worlds", type=int, default=4, help="worlds per round (default 4)")
    parser.add_argument("--limit", type=float, default=30.0, help="seconds per world at most (default 30)")
    parser.add_argument("--no-kernel", action="store_true", help="the pure-Python search")
    args = parser.parse_args()
    nodes: list[float] = []
    seconds: list[float] = []
    late = 0
    for seed in range(1, args.seeds + 1):
        for i, pos in enumerate(sample(seed, args.worlds)):
            solver = Solver(pos, kernel=not args.no_kernel)
            solver.deadline = time.monotonic() + args.limit
            start = time.perf_counter()
            try:
                root = solver.root()
                value: int | str = solver.value_to_go(root)
                assert isinstance(value, int)
                solver.move_values(root, value)
            except SolveTimeout:
                value = "past the limit"
                late += 1
            took = time.perf_counter() - start
            nodes.append(solver.nodes)
            seconds.append(took)
            print(f"seed {seed} world {i}: value {value}, {solver.nodes:,} nodes, {took:.3f} s", flush=True)
    print(
        f"{len(nodes)} worlds, {late} past {args.limit:g} s; nodes {sum(nodes):,.0f} in all, median "
        f"{statistics.median(nodes):,.0f}, p90 {p90(nodes):,.0f}, most {max(nodes):,.0f}; seconds "
        f"{sum(seconds):.1f} in all, median {statistics.median(seconds) * 1000:.1f} ms, p90 "
        f"{p90(seconds) * 1000:.0f} ms, most {max(seconds):.1f} s"
    )
    within = sum(n <= WORLD_NODES for n in nodes)
    print(f"{within} of {len(nodes)} worlds within the advice's {WORLD_NODES:,} nodes")


if __name__ == "__main__":
    main()
