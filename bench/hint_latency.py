"""Advice speed and stability: time to advice, worlds solved per second, and how often two runs with
different seeds recommend the same action.

Decisions (each at ``--instances`` simulated rounds):

- Stiche-Raten, 4 players, the first bid and the first play at 5, 8 and 13 cards;
- Was sticht?, a draft pick (column 3) and the task choice;
- 24, the trump call;
- Stich für Stich, a sleuth's first play.

Each advice runs twice with the same budget (``--seconds``, the default 2 s of the
command line) and different seeds. Figures per decision: the median seconds to advice
(anytime: it stops at the budget once one world is done, so a world slower than the
budget shows here), the median worlds looked at, worlds per second, and the share of
instances where both runs recommend the same action:

    python bench/hint_latency.py --instances 5 --seconds 2
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from dataclasses import replace

from stich.games.record import Record, simulate
from stich.hints.advice import Budget, advise
from stich.hints.session import Session


def _session_before(record: Record, index: int) -> Session:
    head = replace(record, events=record.events[:index])
    probe = Session.from_record(head, 0)
    mover = probe.to_move()
    assert mover is not None
    return probe if mover == 0 else Session.from_record(head, mover)


def _first(record: Record, kind: str, nth: int = 0) -> int:
    return [i for i, e in enumerate(record.events) if kind in e][nth]


def oh_hell(cards: int, kind: str) -> Callable[[int], Session]:
    def make(seed: int) -> Session:
        record = simulate("stiche-raten", 4, seed, {"first_round": cards})
        return _session_before(record, _first(record, kind))

    return make


def was_sticht(kind: str) -> Callable[[int], Session]:
    def make(seed: int) -> Session:
        record = simulate("was-sticht", 4, seed)
        return _session_before(record, _first(record, kind, 8 if kind == "pick" else 0))

    return make


def first_of(game: str, players: int, kind: str) -> Callable[[int], Session]:
    def make(seed: int) -> Session:
        record = simulate(game, players, seed)
        return _session_before(record, _first(record, kind))

    return make


DECISIONS: dict[str, Callable[[int], Session]] = {
    "stiche-raten 5 cards: bid": oh_hell(5, "bid"),
    "stiche-raten 5 cards: first play": oh_hell(5, "play"),
    "stiche-raten 8 cards: bid": oh_hell(8, "bid"),
    "stiche-raten 8 cards: first play": oh_hell(8, "play"),
    "stiche-raten 13 cards: bid": oh_hell(13, "bid"),
    "stiche-raten 13 cards: first play": oh_hell(13, "play"),
    "was-sticht: draft pick": was_sticht("pick"),
    "was-sticht: task": was_sticht("task"),
    "24: trump call": first_of("24", 4, "trump"),
    "stich-fuer-stich: sleuth's first play": first_of("stich-fuer-stich", 4, "play"),
}


def main() -> None:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--instances", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--only", help="only decisions whose name contains this text")
    args = parser.parse_args()
    print(f"{'decision':40} {'median s':>9} {'worlds':>7} {'worlds/s':>9} {'same':>6}")
    for name, make in DECISIONS.items():
        if args.only and args.only not in name:
            continue
        times: list[float] = []
        worlds: list[int] = []
        same = 0
        for seed in range(args.instances):
            session = make(seed)
            actions = []
            for run in (1, 2):
                start = time.perf_counter()
                advice = advise(session, Budget(seconds=args.seconds, seed=1000 * seed + run))
                times.append(time.perf_counter() - start)
                worlds.append(advice.worlds)
                actions.append(advice.action)
            same += actions[0] == actions[1]
        rate = sum(worlds) / sum(times) if sum(times) else 0.0
        print(
            f"{name:40} {statistics.median(times):9.2f} {statistics.median(worlds):7.0f} "
            f"{rate:9.1f} {same / args.instances:6.0%}",
            flush=True,
        )


if __name__ == "__main__":
    main()
