"""Double-dummy speed on 4-player Stiche-Raten (Oh Hell!) deals, the questions bidding advice asks.

For ``--deals`` random deals at each hand size (``--cards``, default 5, 8, 10 and 13),
a random trump (or none) and seat 0 to lead, seat 0 plays against the other three:

- ``value``: one value per world, the most tricks seat 0 can take (``tricks``), or
  whether it can take exactly k (``exact``, k drawn per deal), through `hints.dd.value`;
- ``moves``: every legal card's value, through `hints.dd.move_values`.

The deals of one hand size are worlds of one decision as far as the solver can tell
(same trump, leader and objective), so `hints.dd` keeps one solver and table across
them, as advice does. Times per question: median / p90 / max, and the same questions
to the pure-Python search of main (a new `Solver(kernel=False)` each) on the first
``--python-deals`` deals, with the ratio of the totals over those same deals; answers
are checked equal.

    python -m bench.dd_ohhell --deals 50 --python-deals 5 --seed 1
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Callable
from typing import Any

from stich.hints import dd
from stich.solvers.parse import parse_position
from stich.solvers.position import Position
from stich.solvers.solver import Solver
from tests.solvers.samples import bridge_position_json

from .timing import kernel_and_python, percentile


def deal(seed: int, cards: int, trump: str | None, objective: str) -> Position:
    """A random deal of ``cards`` per hand, seat 0 to lead against the other three."""
    data = bridge_position_json(seed, cards, trump, 0)
    data["teams"] = [[0], [1, 2, 3]]
    k = random.Random(seed).randint(0, cards // 2)
    data["objective"] = {"type": "tricks"} if objective == "tricks" else {"type": "exact", "k": k}
    return parse_position(data)


def run(
    name: str,
    positions: list[Position],
    ask: Callable[[Position], Any],
    plain: Callable[[Solver], Any],
    python_deals: int,
) -> None:
    """Time one question on every position both ways and print one line."""
    dd.SOLVERS.clear()
    fast, slow = kernel_and_python(name, [(pos, ask, plain) for pos in positions], python_deals)
    ratio = sum(slow) / sum(fast[: len(slow)]) if slow else float("nan")
    python = statistics.median(slow) * 1e3 if slow else float("nan")
    print(
        f"{name:<22} {len(fast):>5} {statistics.median(fast) * 1e3:>9.2f} {percentile(fast, 0.9) * 1e3:>9.2f}"
        f" {max(fast) * 1e3:>9.1f}   {python:>9.1f} {ratio:>7.0f}x",
        flush=True,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50, help="deals per hand size")
    parser.add_argument("--python-deals", type=int, default=5, help="deals also solved by the Python search")
    parser.add_argument("--cards", default="5,8,10,13", help="hand sizes, comma-separated")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    header = f"{'question':<22} {'asked':>5} {'median ms':>9} {'p90 ms':>9} {'max ms':>9}"
    print(f"{header}   {'Python ms':>9} {'ratio':>8}")
    for cards in (int(c) for c in args.cards.split(",")):
        trump = random.Random(args.seed * 100 + cards).choice(["S", "H", "D", "C", None])
        for objective in ("tricks", "exact"):
            positions = [deal(args.seed + d, cards, trump, objective) for d in range(args.deals)]
            name = f"{cards} cards {objective}"
            run(f"{name} value", positions, dd.value, Solver.value, args.python_deals)
            run(f"{name} moves", positions, dd.move_values, Solver.move_values, args.python_deals)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
