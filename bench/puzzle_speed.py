"""Puzzles per second, per kind and grade, each puzzle checked as `stich puzzle new` checks it.

For trump and case puzzles, ``--count`` puzzles of each grade through `puzzles.generate`
(generation, grading, and the checks: python-constraint and CP-SAT uniqueness and
minimality); for endgames, ``--per-game`` puzzles of each game for each grade, so a
grade's row counts 5 × per-game puzzles. Each row prints the puzzles per second, the
wall and CPU seconds for as many puzzles as the issue's target names (100 trump or
case puzzles in under 10 s, 20 endgames in under 60 s), the share of the CPU time the
checks took (the same puzzles checked again, timed apart), and the CPU time in units
of a reference workload. Then the graded distribution of the generator's stream
before it picks a grade (what share of random clue sets or dealt positions is a
puzzle of each grade).

The machine is shared, so wall time depends on what else runs: the CPU time of this
process, and the reference workload run in the same process before and after
(checking 20 fixed trump puzzles), compare across runs better.

    python bench/puzzle_speed.py --count 100 --per-game 4 --seed 1
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TypeVar

from stich.games.errors import StichError
from stich.puzzles import GRADES, generate, verify
from stich.puzzles.deduction import random_puzzles
from stich.puzzles.endgame import dealt_puzzles
from stich.puzzles.model import DEDUCTION_KINDS

GAMES = ("stiche-raten", "wizard", "was-sticht", "stich-fuer-stich", "24")
T = TypeVar("T")


@dataclass
class Timing:
    """Wall and CPU seconds of some work, and the CPU seconds the checks alone took."""

    wall: float = 0.0
    cpu: float = 0.0
    checks: float = 0.0
    puzzles: int = 0

    def add(self, other: Timing) -> None:
        self.wall += other.wall
        self.cpu += other.cpu
        self.checks += other.checks
        self.puzzles += other.puzzles


def timed(run: Callable[[], T]) -> tuple[float, float, T]:
    """Wall and CPU (this process) seconds of ``run``, and its result."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = run()
    return time.perf_counter() - wall, time.process_time() - cpu, result


def made_and_checked(game: str, kind: str, grade: str, count: int, seed: int) -> Timing | None:
    """Generating ``count`` checked puzzles, and checking them again (None: the generator found
    none within its budget)."""
    try:
        wall, cpu, batch = timed(partial(generate, game, kind, grade, count=count, seed=seed))
    except StichError:
        return None
    _, checks, _ = timed(partial(list, map(verify, batch.puzzles)))
    return Timing(wall, cpu, checks, count)


def reference() -> float:
    """CPU seconds to check 20 fixed trump puzzles (the unit the rows are also given in)."""
    batch = generate("was-sticht", "trump", "medium", count=20, seed=0)
    _, cpu, _ = timed(partial(list, map(verify, batch.puzzles)))
    return cpu


def row(kind: str, grade: str, timing: Timing, per: int, target: int, unit: float, note: str = "") -> str:
    """One line of the table: the time for ``per`` puzzles (wall and CPU) against ``target`` seconds."""
    wall = timing.wall * per / timing.puzzles
    cpu = timing.cpu * per / timing.puzzles
    return (
        f"{kind:<8} {grade:<7} {timing.puzzles:>7} {timing.puzzles / timing.wall:>7.1f} {wall:>8.1f}"
        f" {cpu:>8.1f} {f'{per} in {target} s':>11} {timing.checks / timing.cpu:>7.0%}"
        f" {timing.cpu / unit:>7.1f}{note}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100, help="trump and case puzzles per grade")
    parser.add_argument("--per-game", type=int, default=4, help="endgames per game and grade")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--stream", type=int, default=2000, help="attempts for the distribution of the stream"
    )
    args = parser.parse_args()

    unit = reference()
    print(f"reference: 20 trump puzzles checked in {unit:.2f} s of CPU")
    print()
    head = ("puzzles", "per s", "wall s", "CPU s", "target", "checks", "× ref")
    widths = (7, 7, 8, 8, 11, 7, 7)
    print(f"{'kind':<8} {'grade':<7} " + " ".join(f"{h:>{w}}" for h, w in zip(head, widths, strict=True)))
    for kind, game in (("trump", "was-sticht"), ("case", "stich-fuer-stich")):
        for grade in GRADES:
            timing = made_and_checked(game, kind, grade, args.count, args.seed)
            if timing is None:
                print(f"{kind:<8} {grade:<7} none within the budget")
                continue
            print(row(kind, grade, timing, 100, 10, unit))
    for grade in GRADES:
        total, by_game = Timing(), []
        for game in GAMES:
            timing = made_and_checked(game, "endgame", grade, args.per_game, args.seed)
            if timing is None:
                by_game.append(f"{game}: none within the budget")
                continue
            total.add(timing)
            by_game.append(f"{game} {timing.wall:.1f}")
        print(row("endgame", grade, total, 20, 60, unit, f"   (wall s: {', '.join(by_game)})"))
    after = reference()
    print(f"reference again: {after:.2f} s of CPU ({after / unit - 1:+.0%})")
    print()
    print(f"graded distribution of the generator's stream ({args.stream} attempts or dealt positions):")
    for kind in DEDUCTION_KINDS:
        stream = random_puzzles(kind, random.Random(args.seed), guesses=kind == "case")
        grades = Counter(getattr(next(stream), "grade", "none") for _ in range(args.stream))
        print(f"  {kind:<8} " + ", ".join(f"{g} {grades[g] / args.stream:.1%}" for g in (*GRADES, "none")))
    for game in GAMES:
        dealt = dealt_puzzles(game, random.Random(args.seed), (2, 6))
        count = max(1, args.stream // 4)
        grades = Counter(getattr(next(dealt), "grade", "none") for _ in range(count))
        print(f"  {game:<16} " + ", ".join(f"{g} {grades[g] / count:.1%}" for g in (*GRADES, "none")))


if __name__ == "__main__":
    main()
