"""stich serve: how long the page's state takes to make after an entry.

A whole game of random play (`games.match.play_match`) is entered into `hints.live.LiveGame`
from seat 1, entry by entry, and after each entry the seat's state is made as the server
makes it for the page (`stich.serve.state.seat_state`, once per change):

    python -m bench.serve_state wizard --players 6 --seed 7

It prints the entries, the total, median and slowest time, and the slowest entries.
"""

from __future__ import annotations

import argparse
import statistics
import time

from stich.games.match import play_match
from stich.games.views import seat_view
from stich.hints.live import LiveGame
from stich.serve.state import seat_state
from tests.hints.table_script import event_line, setup_lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    match = play_match(args.game, args.players, seed=args.seed)
    live = LiveGame.new(args.game, match.players, match.players[1], None, match.options, None)
    seat_state(live)  # modules loaded before the clock runs
    times: list[tuple[float, int, str]] = []
    for number, record in enumerate(match.rounds, 1):
        view = seat_view(record, 1)
        for line in setup_lines(record, 1) + [event_line(e, match.players, True) for e in view.events]:
            live.enter(line)
            start = time.perf_counter()
            seat_state(live)
            times.append((time.perf_counter() - start, number, line))
    spent = [t for t, _, _ in times]
    print(
        f"{args.game}, {args.players} players, {len(match.rounds)} rounds: {len(times)} entries; "
        f"state: total {sum(spent):.2f} s, median {1000 * statistics.median(spent):.1f} ms, "
        f"slowest {1000 * max(spent):.1f} ms"
    )
    for seconds, number, line in sorted(times, reverse=True)[:5]:
        print(f"  {1000 * seconds:8.1f} ms  round {number}: {line}")


if __name__ == "__main__":
    main()
