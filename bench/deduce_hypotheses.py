"""Deduction update latency for the hidden secrets: one more observation, a new posterior.

Two positions, both seen by a player who does not know the secret:

- *Was sticht?*, 4 players: the whole draft but the last announcement; the observation
  is the dealer's announcement for column 9.
- *Stich für Stich*, 4 players: the whole case but the last announcement; the
  observation is the confidant's announcement of trick 7's winner.

For each, the median over ``--repeat`` runs of: the live update (`HypothesisTracker.apply`
on the new event, then the posterior and its marginals); the same from scratch
(`deduce` on the whole record, replay included); each evaluator alone on all the
clues (brute force, python-constraint, CP-SAT); the conflict check; and the information
values of the viewer's last choice (its column-9 pick, its card to trick 7) and of its
first (column 1; trick 1, where Stich für Stich has the most unseen cards to enumerate):

    python bench/deduce_hypotheses.py --seed 1 --repeat 30

Target: the live update and the from-scratch deduction under 50 ms each.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from dataclasses import replace

from stich.deducer.explain import find_hypothesis_conflict
from stich.deducer.hypotheses import (
    METHODS,
    HypothesisTracker,
    Method,
    consistent_hypotheses,
    deduce,
    evidence,
)
from stich.deducer.information import information
from stich.games.record import Record, simulate
from stich.games.views import seat_view


def median_ms(run: Callable[[], object], repeat: int, setup: Callable[[], object] | None = None) -> float:
    """Median wall time of ``run`` in milliseconds (``setup`` before each run, untimed)."""
    times = []
    for _ in range(repeat):
        if setup is not None:
            setup()
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def position(game: str, seed: int, key: str) -> tuple[Record, int]:
    """A drafter's or sleuth's view of a whole simulated round, and the index of its last ``key`` event."""
    record = simulate(game, 4, seed)
    view = seat_view(record, (record.dealer + 1) % 4)
    last = max(i for i, event in enumerate(view.events) if key in event)
    return view, last


def decision(view: Record, last: int, key: str) -> Record:
    """The view cut just before the viewer's last ``key`` event before ``last`` (its last decision)."""
    seat = view.view
    mine = max(i for i, event in enumerate(view.events[:last]) if key in event and event.get("seat") == seat)
    return replace(view, events=view.events[:mine])


def measure(game: str, seed: int, repeat: int) -> dict[str, float]:
    key = "announce" if game == "was-sticht" else "winner"
    view, last = position(game, seed, key)
    whole = replace(view, events=view.events[: last + 1])
    before = replace(view, events=view.events[:last])
    figures: dict[str, float] = {}

    tracker: list[HypothesisTracker] = []

    def prepare() -> None:
        tracker.clear()
        live = HypothesisTracker(before)
        for event in before.events:
            live.apply(event)
        tracker.append(live)

    def update() -> None:
        live = tracker[0]
        live.apply(view.events[last])
        live.posterior().marginals()

    figures["live update"] = median_ms(update, repeat, prepare)
    figures["deduce from scratch"] = median_ms(lambda: deduce(whole), repeat)
    ev = evidence(whole)
    clues = ev.clues_for()
    for method in METHODS:

        def evaluate(method: Method = method) -> int:
            return consistent_hypotheses(ev.space, clues, method)

        figures[f"evaluator {method}"] = median_ms(evaluate, repeat)
    figures["conflict check"] = median_ms(lambda: find_hypothesis_conflict(ev), repeat)
    play_key = "pick" if game == "was-sticht" else "play"
    last_choice = evidence(decision(view, last, play_key))
    figures["information, last choice"] = median_ms(lambda: information(last_choice), max(3, repeat // 5))
    mine = min(i for i, e in enumerate(view.events) if play_key in e and e.get("seat") == view.view)
    first_choice = evidence(replace(view, events=view.events[:mine]))
    figures["information, first choice"] = median_ms(lambda: information(first_choice), max(3, repeat // 5))
    figures["clues"] = len(clues)
    figures["possible after"] = deduce(whole).posterior.count
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    for game in ("was-sticht", "stich-fuer-stich"):
        figures = measure(game, args.seed, args.repeat)
        print(
            f"{game} (seed {args.seed}, {int(figures.pop('clues'))} clues, "
            f"{int(figures.pop('possible after'))} possible after the observation)"
        )
        for name, ms in figures.items():
            print(f"  {name:<28} {ms:8.2f} ms")


if __name__ == "__main__":
    main()
