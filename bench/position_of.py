"""How cheap a round → position is: `position_of` against reading the same position's JSON.

The hint engine takes one position per sampled world, hundreds per decision. For each
game a simulated round is cut in its trick play; the script then builds positions for
``--worlds`` hand assignments (the round's own hands, given as a sampled world would
be) with `position_of`, and the same positions through ``parse_position(to_json())``
(the JSON path a caller would otherwise take), timed in this process, and the cost of
solving each position for scale.

    python bench/position_of.py --worlds 500 --seed 1
"""

from __future__ import annotations

import argparse
import time

from stich.games.record import simulate, start_round
from stich.solvers.parse import parse_position
from stich.solvers.rounds import position_of
from stich.solvers.solver import Solver

GAMES = {
    "stiche-raten": (4, {}),
    "wizard": (4, {}),
    "was-sticht": (4, {}),
    "stich-fuer-stich": (4, {}),
    "24": (4, {}),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worlds", type=int, default=500, help="positions per game")
    parser.add_argument("--seed", type=int, default=1, help="seed of the simulated rounds")
    args = parser.parse_args()
    print(f"{'game':<18} {'position_of':>14} {'JSON + parse':>14} {'ratio':>7} {'solve':>10}")
    for game_id, (players, options) in GAMES.items():
        record = simulate(game_id, players, args.seed, options)
        state = start_round(record)
        plays = [i for i, e in enumerate(record.events) if "play" in e]
        for event in record.events[: plays[len(plays) // 2] + 1]:  # mid-round, mid-trick
            state.apply(event)
        hands = [h if h is not None else 0 for h in state.hands]

        start = time.perf_counter()
        for _ in range(args.worlds):
            position = position_of(state, hands=hands)
        ours = (time.perf_counter() - start) / args.worlds

        start = time.perf_counter()
        for _ in range(args.worlds):
            parse_position(position.to_json())
        theirs = (time.perf_counter() - start) / args.worlds

        solves = max(1, args.worlds // 50)
        start = time.perf_counter()
        for _ in range(solves):
            Solver(position).value()
        solve = (time.perf_counter() - start) / solves
        print(
            f"{game_id:<18} {ours * 1e6:>11.1f} µs {theirs * 1e6:>11.1f} µs {theirs / ours:>6.0f}x"
            f" {solve * 1e3:>7.1f} ms"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
