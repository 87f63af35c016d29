"""Puzzles per second, per kind and grade, each puzzle checked as `stich puzzle new` checks it.

For trump and case puzzles, ``--count`` puzzles of each grade through `puzzles.generate`
(generation, grading, and the checks: python-constraint and CP-SAT uniqueness and
minimality); for endgames, ``--per-game`` puzzles of each game for each grade, so a
grade's row counts 5 × per-game puzzles. Each row prints the wall time, the puzzles
per second, the share of the time the checks took (the same puzzles checked again,
timed apart), and the time against the issue's targets: 100 trump or case puzzles in
under 10 s, 20 endgames in under 60 s. Then the graded distribution of the generator's
stream before it picks a grade (what share of random clue sets or dealt positions is
a puzzle of each grade).

The machine is shared, so a reference workload runs in the same process before and
after (checking 20 fixed trump puzzles): each row also gives its time in units of
that reference, which compares across runs better than seconds do.

    python bench/puzzles.py --count 100 --per-game 4 --seed 1
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TypeVar

# Run as a script, this file's folder leads sys.path and its name would hide the puzzles package.
sys.path[:] = [entry for entry in sys.path if Path(entry or ".").resolve() != Path(__file__).resolve().parent]

from games.errors import StichError  # noqa: E402
from puzzles import GRADES, generate, verify  # noqa: E402
from puzzles.deduction import random_puzzles  # noqa: E402
from puzzles.endgame import dealt_puzzles  # noqa: E402
from puzzles.model import DEDUCTION_KINDS  # noqa: E402

GAMES = ("stiche-raten", "wizard", "was-sticht", "stich-fuer-stich", "24")
T = TypeVar("T")


def timed(run: Callable[[], T]) -> tuple[float, T]:
    start = time.perf_counter()
    result = run()
    return time.perf_counter() - start, result


def made_and_checked(game: str, kind: str, grade: str, count: int, seed: int) -> tuple[float, float] | None:
    """Seconds to generate ``count`` checked puzzles and seconds to check them again (None: the
    generator found none within its budget)."""
    try:
        seconds, batch = timed(partial(generate, game, kind, grade, count=count, seed=seed))
    except StichError:
        return None
    checks, _ = timed(partial(list, map(verify, batch.puzzles)))
    return seconds, checks


def reference() -> float:
    """Seconds to check 20 fixed trump puzzles (the unit the rows are also given in)."""
    batch = generate("was-sticht", "trump", "medium", count=20, seed=0)
    seconds, _ = timed(partial(list, map(verify, batch.puzzles)))
    return seconds


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
    print(f"reference: 20 trump puzzles checked in {unit:.2f} s")
    print()
    head = ("puzzles", "seconds", "per s", "checks", "target", "× ref")
    widths = (7, 8, 7, 7, 16, 7)
    print(f"{'kind':<8} {'grade':<7} " + " ".join(f"{h:>{w}}" for h, w in zip(head, widths, strict=True)))
    for kind, game in (("trump", "was-sticht"), ("case", "stich-fuer-stich")):
        for grade in GRADES:
            timing = made_and_checked(game, kind, grade, args.count, args.seed)
            if timing is None:
                print(f"{kind:<8} {grade:<7} none within the budget")
                continue
            seconds, checks = timing
            scaled = seconds * 100 / args.count
            target = f"{scaled:5.1f}/10 s per 100"
            print(
                f"{kind:<8} {grade:<7} {args.count:>7} {seconds:>8.2f} {args.count / seconds:>7.1f}"
                f" {checks / seconds:>7.0%} {target:>16} {seconds / unit:>7.1f}"
            )
    for grade in GRADES:
        total, checks, endgames, by_game = 0.0, 0.0, 0, []
        for game in GAMES:
            timing = made_and_checked(game, "endgame", grade, args.per_game, args.seed)
            if timing is None:
                by_game.append(f"{game}: none within the budget")
                continue
            total += timing[0]
            checks += timing[1]
            endgames += args.per_game
            by_game.append(f"{game} {timing[0]:.1f} s")
        scaled = total * 20 / endgames
        target = f"{scaled:5.1f}/60 s per 20"
        print(
            f"{'endgame':<8} {grade:<7} {endgames:>7} {total:>8.2f} {endgames / total:>7.2f}"
            f" {checks / total:>7.0%} {target:>16} {total / unit:>7.1f}   ({', '.join(by_game)})"
        )
    after = reference()
    print(f"reference again: {after:.2f} s (load changed by {after / unit - 1:+.0%} during the run)")
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
