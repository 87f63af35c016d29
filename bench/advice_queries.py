"""How fast the questions advice asks per world are answered (`hints.dd`), game by game.

Each game's round is simulated and cut where a full-hand decision is advised, and the
question that decision asks is put to ``--worlds`` worlds:

- ``was-sticht task``: the task choice's question, `value` of one task for the seat to
  move against everyone, every task of the seat on each of ``--worlds`` random deals
  (every hand is open, so each deal is its own world; nothing is shared between deals);
- ``stich-fuer-stich play``: the first play's `move_values` (trick points, no duty to
  follow, the confidant's three extra cards), worlds dealing the cards the seat cannot
  see afresh (hand sizes kept);
- ``24 play``: the first play's `move_values` (round points; reversals and declarations),
  worlds as above.

Times per question: median / p90 / max through `hints.dd` (the compiled kernel, one
solver and table kept across the worlds of a decision), and the pure-Python search of
main's advice (a new `Solver(kernel=False)` per question) on the first
``--python-worlds`` questions, with the ratio of the two over those same questions.
Values are checked equal.

``--jobs N`` also times advice's worlds loop (`hints.advice.anytime`) on the first
play of a 4-player Stiche-Raten round of ``--jobs-cards`` cards, ``--worlds`` worlds,
with one process and with N worker processes (the tallies are checked equal).

    python -m bench.advice_queries --worlds 30 --python-worlds 3 --seed 1
    python -m bench.advice_queries --games none --jobs 2 --jobs-cards 10 --worlds 40
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from stich.games.base import Round
from stich.games.cards import CardSet, iter_cards, mask_of
from stich.games.record import simulate, start_round
from stich.games.was_sticht import TASKS
from stich.hints import dd
from stich.hints.advice import Budget, Valuation, anytime
from stich.hints.advisors import advisor_for
from stich.hints.session import Session
from stich.solvers import ObjectiveSpec, Position
from stich.solvers.solver import Solver

from .timing import kernel_and_python, percentile


def first_play(game_id: str, seed: int) -> Round:
    """A simulated 4-player round of ``game_id`` just before its first card is played."""
    record = simulate(game_id, 4, seed)
    state = start_round(record)
    for event in record.events:
        if "play" in event:
            break
        state.apply(event)
    return state


def other_world(hands: tuple[CardSet, ...], seat: int, rng: random.Random) -> list[CardSet]:
    """The cards ``seat`` cannot see dealt afresh among the other hands, each keeping its size."""
    hidden = [c for s, h in enumerate(hands) if s != seat for c in iter_cards(h)]
    rng.shuffle(hidden)
    out: list[CardSet] = []
    for s, h in enumerate(hands):
        if s == seat:
            out.append(h)
            continue
        n = h.bit_count()
        out.append(mask_of(hidden[:n]))
        hidden = hidden[n:]
    return out


Question = tuple[Position, Callable[[Position], Any], Callable[[Solver], Any]]


def task_questions(worlds: int, seed: int) -> list[Question]:
    """Every task of the seat to move, on ``worlds`` open deals."""
    out: list[Question] = []
    for deal in range(worlds):
        state = first_play("was-sticht", seed + deal)
        seat = state.to_move()
        assert seat is not None
        hands = [h or 0 for h in state.hands]
        teams = dd.one_against_all(seat, range(4))
        for task in TASKS:
            pos = dd.position(state, hands, ObjectiveSpec("task", task=task, seat=seat), teams)
            out.append((pos, dd.value, Solver.value))
    return out


def play_questions(game_id: str, objective: str, worlds: int, seed: int) -> list[Question]:
    """The first play's move values in ``worlds`` worlds of one round."""
    state = first_play(game_id, seed)
    seat = state.to_move()
    assert seat is not None
    hands = tuple(h or 0 for h in state.hands)
    teams = dd.one_against_all(seat, range(4))
    rng = random.Random(seed)
    spec = ObjectiveSpec(objective, seat=seat)
    true = dd.position(state, list(hands), spec, teams)  # the simulated round knows every hand
    out: list[Question] = []
    for world in range(worlds):
        pos = true if world == 0 else replace(true, hands=tuple(other_world(hands, seat, rng)))
        out.append((pos, dd.move_values, Solver.move_values))
    return out


def measure(name: str, questions: list[Question], python_worlds: int) -> None:
    """Time every question both ways and print one line."""
    dd.SOLVERS.clear()
    fast, slow = kernel_and_python(name, questions, python_worlds)
    ratio = sum(slow) / sum(fast[: len(slow)]) if slow else float("nan")
    print(
        f"{name:<24} {len(fast):>5} {statistics.median(fast) * 1e3:>9.1f} {percentile(fast, 0.9) * 1e3:>9.1f}"
        f" {max(fast) * 1e3:>9.1f}   {statistics.median(slow) * 1e3 if slow else float('nan'):>9.1f}"
        f" {ratio:>8.0f}x",
        flush=True,
    )


def measure_jobs(jobs: int, cards: int, worlds: int, seed: int) -> None:
    """Advice's worlds loop on one Stiche-Raten play decision with 1 and with ``jobs`` processes."""
    record = simulate("stiche-raten", 4, seed, {"first_round": cards})
    cut = next(i for i, e in enumerate(record.events) if "play" in e)
    head = replace(record, events=record.events[:cut])
    mover = Session.from_record(head, 0).to_move()
    assert mover is not None
    valuation = advisor_for("stiche-raten").valuation(Session.from_record(head, mover))
    assert isinstance(valuation, Valuation)
    budget = Budget(worlds=worlds, seed=seed)
    count = len(valuation.choices)
    seconds: dict[int, float] = {}
    tallies = {}
    for n in (1, jobs):
        dd.SOLVERS.clear()
        tallies[n], seconds[n] = anytime(budget, count, valuation.draw, valuation.evaluate, jobs=n)
    if tallies[1].values != tallies[jobs].values:
        raise SystemExit("the worlds loop gave another tally in worker processes")
    print(
        f"worlds loop, {cards} cards, {worlds} worlds: 1 process {seconds[1]:.2f} s,"
        f" {jobs} processes {seconds[jobs]:.2f} s, speed-up {seconds[1] / seconds[jobs]:.2f}x"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worlds", type=int, default=30, help="worlds (Was sticht?: deals) per game")
    parser.add_argument(
        "--python-worlds", type=int, default=3, help="questions also put to the Python search"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default="was-sticht,stich-fuer-stich,24", help="comma-separated")
    parser.add_argument(
        "--jobs", type=int, default=1, help="also time the worlds loop with this many processes"
    )
    parser.add_argument("--jobs-cards", type=int, default=10, help="cards per hand for the worlds loop")
    args = parser.parse_args()
    games = args.games.split(",")
    header = f"{'question':<24} {'asked':>5} {'median ms':>9} {'p90 ms':>9} {'max ms':>9}"
    print(f"{header}   {'Python ms':>9} {'ratio':>9}")
    if "was-sticht" in games:
        measure("was-sticht task value", task_questions(args.worlds, args.seed), args.python_worlds)
    if "stich-fuer-stich" in games:
        questions = play_questions("stich-fuer-stich", "tricks", args.worlds, args.seed)
        measure("stich-fuer-stich play", questions, args.python_worlds)
    if "24" in games:
        measure("24 play", play_questions("24", "points", args.worlds, args.seed), args.python_worlds)
    if args.jobs > 1:
        measure_jobs(args.jobs, args.jobs_cards, args.worlds, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
