"""stich live: how long the prompt takes to come back after an entry (advice aside).

Whole games of random play (`games.match.play_match`, full-size: 4 players, the games'
default options) are typed into `hints.live.LiveGame` from seat 1, entry by entry, as a
player would (`tests/hints/table_script.py`), with the journal written and fsynced after
each entry as at a real table. Each entry is timed from the line to the news it prints;
the reference, timed in the same run, is the rules engine alone taking the same round's
events (`Round.apply` on the omniscient record), so the ratio says what the session,
the deduction news and the journal cost on top of the rules:

    python -m bench.live --rounds 3 --seed 1

The figure to compare: the slowest entry, against the target of 1 s.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from stich.games.match import Match, play_match
from stich.games.record import start_round
from stich.hints.live import LiveGame
from tests.hints.table_script import round_lines

GAMES = ("stiche-raten", "wizard", "24", "stich-fuer-stich", "was-sticht")
SEAT = 1


def entry_times(match: Match, rounds: int, folder: Path) -> list[float]:
    """Seconds per entry of seat 1 typing the first ``rounds`` rounds of ``match``."""
    first = match.players[match.rounds[0].dealer]
    journal = folder / "journal.json"
    live = LiveGame.new(match.game, match.players, match.players[SEAT], first, match.options, journal)
    lines: list[str] = []
    chips = match.rounds[0].known.get("chips")
    if chips is not None:
        lines.append("chips " + " ".join(chips[str(SEAT)]))
    for record in match.rounds[:rounds]:
        lines += round_lines(record, SEAT)
    times = []
    for line in lines:
        start = time.perf_counter()
        live.enter(line)
        times.append(time.perf_counter() - start)
    return times


def rules_times(match: Match, rounds: int) -> list[float]:
    """Seconds per event of the rules engine replaying the same rounds."""
    times = []
    for record in match.rounds[:rounds]:
        state = start_round(record)
        for event in record.events:
            start = time.perf_counter()
            state.apply(event)
            times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each game to type")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    heads = f"{'entries':>7} {'median ms':>9} {'p90 ms':>7} {'max ms':>7} {'rules ms':>8} {'ratio':>6}"
    print(f"{'game':18} {heads}")
    worst = 0.0
    for game in GAMES:
        match = play_match(game, args.players, seed=args.seed)
        with tempfile.TemporaryDirectory() as folder:
            times = entry_times(match, args.rounds, Path(folder))
        rules = rules_times(match, args.rounds)
        median, rules_median = statistics.median(times), statistics.median(rules)
        p90 = statistics.quantiles(times, n=10)[-1]
        worst = max(worst, max(times))
        print(
            f"{game:18} {len(times):7d} {1000 * median:9.1f} {1000 * p90:7.1f} {1000 * max(times):7.1f}"
            f" {1000 * rules_median:8.3f} {median / rules_median:6.0f}"
        )
    print(f"slowest entry: {1000 * worst:.0f} ms (target: under 1000 ms)")


if __name__ == "__main__":
    main()
