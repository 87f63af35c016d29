"""Worlds per budget: how many worlds advice weighs in its live budget, for every game and kind of
decision.

For each game (its usual table: Was sticht? 4 players, 24 and Stich für Stich 3, Stiche-Raten and
Wizard 4 at 13 cards a hand), rounds of random legal play are simulated from fixed seeds and
every decision of the seat to move with two choices or more is a candidate; of each kind of
decision (pick, task, bid, exchange, play, ...) the first and a middle one of each round are
advised with ``Budget(seconds=T)`` as `stich hint --time T` does (in this process, start-up not
counted). For each game and kind it prints the decisions asked, the worlds weighed (median and
least), how many stopped early because the ranking was settled (and so weighed fewer worlds than
the budget allows: the reason is in the advice), and the seconds taken (median and most)::

    python bench/advice_worlds.py --rounds 3 --time 1.5
    python bench/advice_worlds.py --games was-sticht --rounds 5

The figures move with the machine's load: its load average is printed before and after.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections import defaultdict
from dataclasses import replace

from stich.games.record import Record, simulate
from stich.hints.advice import Budget, advise
from stich.hints.session import Session

TABLES = {
    "was-sticht": (4, {}),
    "24": (3, {}),
    "stich-fuer-stich": (3, {}),
    "stiche-raten": (4, {"first_round": 13, "sequence": "constant"}),
    "wizard": (4, {}),
}


def decisions(record: Record) -> dict[str, list[Session]]:
    """The sessions of the seat to move at each decision with two choices or more, by phase."""
    found: dict[str, list[Session]] = defaultdict(list)
    for cut in range(len(record.events)):
        head = replace(record, events=record.events[:cut])
        mover = Session.from_record(head, 0).to_move()
        if mover is None:
            continue
        session = Session.from_record(head, mover)
        if len(session.legal()) > 1:
            found[str(session.round.phase)].append(session)
    return found


def wizard_round(players: int, seed: int) -> Record:
    """A Wizard round of 13 cards a hand, as Stiche-Raten's."""
    return simulate("wizard", players, seed, round_number=13)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(TABLES), help="game ids, comma-separated")
    parser.add_argument("--rounds", type=int, default=3, help="rounds simulated per game")
    parser.add_argument("--seed", type=int, default=1, help="the first round's seed")
    parser.add_argument("--time", type=float, default=1.5, help="the budget in seconds")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; budget {args.time:g} s")
    head = f"{'worlds (median, least)':>24} {'settled':>8} {'s (median, most)':>17}"
    print(f"{'game':18} {'decision':10} {'asked':>5} {head}")
    for game_id in args.games.split(","):
        players, options = TABLES[game_id]
        by_kind: dict[str, list[tuple[int, bool, float]]] = defaultdict(list)
        for seed in range(args.seed, args.seed + args.rounds):
            if game_id == "wizard":
                record = wizard_round(players, seed)
            else:
                record = simulate(game_id, players, seed, options)
            for sessions in decisions(record).values():
                for session in {id(s): s for s in (sessions[0], sessions[len(sessions) // 2])}.values():
                    start = time.perf_counter()
                    advice = advise(session, Budget(seconds=args.time, seed=seed))
                    wall = time.perf_counter() - start
                    by_kind[advice.decision].append((advice.worlds, advice.settled, wall))
        for kind, runs in sorted(by_kind.items()):
            worlds = [w for w, _, _ in runs]
            walls = [s for _, _, s in runs]
            settled = sum(1 for _, done, _ in runs if done)
            figure = f"{statistics.median(worlds):.0f}, {min(worlds)}"
            seconds = f"{statistics.median(walls):.2f}, {max(walls):.2f}"
            print(
                f"{game_id:18} {kind:10} {len(runs):>5} {figure:>24} {settled:>8} {seconds:>17}", flush=True
            )
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
