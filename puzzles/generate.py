"""Batches of puzzles from a seed, and the checks of any puzzle.

Puzzle i of a batch is drawn from its own generator, seeded by the batch seed, the
game, the kind, the grade and i: the same seed gives the same puzzles, and a longer
batch begins with the puzzles of a shorter one. Every puzzle made is checked before
it is handed out (`verify`), by the same checks `stich puzzle check` runs.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from stich.games.errors import StichError
from stich.games.registry import find
from stich.puzzles.deduction import generate_deduction, verify_deduction
from stich.puzzles.grading import solve_like_a_person
from stich.puzzles.model import (
    DEDUCTION_KINDS,
    GRADES,
    KINDS,
    DeductionPuzzle,
    EndgamePuzzle,
    Grade,
    Kind,
    Puzzle,
    Step,
    Verdict,
    deduction_kind,
    space_of_kind,
)

__all__ = [
    "DEFAULT_BUDGET",
    "MAX_BUDGET",
    "MAX_COUNT",
    "Batch",
    "default_kind",
    "explanation",
    "generate",
    "verify",
]

# Attempts per puzzle: random clue sets (trump, case), or dealt positions (endgame).
DEFAULT_BUDGET: dict[Kind, int] = {"trump": 3000, "case": 3000, "endgame": 1000}
# The most puzzles a batch makes, and attempts per puzzle: a command that could run for days
# (a mistyped count, a budget for a grade the seed never gives) is refused instead.
MAX_COUNT = 10_000
MAX_BUDGET = 100_000


def default_kind(game: str) -> Kind:
    """Trump puzzles for Was sticht?, case puzzles for Stich für Stich, endgames for the others."""
    game = find(game).id
    return next((kind for kind in DEDUCTION_KINDS if space_of_kind(kind).game == game), "endgame")


@dataclass(frozen=True)
class Batch:
    """Generated puzzles, the seed that makes them again, and what checking each one found."""

    puzzles: tuple[Puzzle, ...]
    seed: int
    verdicts: tuple[Verdict, ...]


def _check_request(game: str, kind: Kind, grade: str, count: int, budget: int) -> None:
    owner = None if kind == "endgame" else space_of_kind(kind).game
    if owner is not None and game != owner:
        raise StichError(
            f"{kind} puzzles are {owner} puzzles, not {game} ones "
            f"(try: stich puzzle new {owner} --kind {kind}, or --kind endgame)"
        )
    if grade not in GRADES:
        raise StichError(f"unknown grade {grade!r} (grades: {', '.join(GRADES)})")
    if not 1 <= count <= MAX_COUNT:
        raise StichError(f"--count must be 1 to {MAX_COUNT:,}, not {count}")
    if not 1 <= budget <= MAX_BUDGET:
        raise StichError(f"--budget must be 1 to {MAX_BUDGET:,}, not {budget}")


def generate(
    game: str,
    kind: str | None = None,
    grade: str = "medium",
    count: int = 1,
    seed: int | None = None,
    budget: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> Batch:
    """``count`` checked puzzles of ``kind`` (default: the game's own) and ``grade``.

    ``budget`` bounds the attempts per puzzle; when it runs out a `StichError` says so
    (no puzzle of that grade was found), rather than searching on. ``progress`` is
    called with the number of puzzles made so far.
    """
    game = find(game).id
    wanted = kind if kind is not None else default_kind(game)
    if wanted not in KINDS:
        raise StichError(f"unknown puzzle kind {wanted!r} (kinds: {', '.join(KINDS)})")
    kind_: Kind = next(k for k in KINDS if k == wanted)
    attempts = budget if budget is not None else DEFAULT_BUDGET[kind_]
    _check_request(game, kind_, grade, count, attempts)
    seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
    chosen: Grade = next(g for g in GRADES if g == grade)
    kind = kind_
    made: list[Puzzle] = []
    verdicts: list[Verdict] = []
    for index in range(count):
        rng = random.Random(f"{seed}/{game}/{kind}/{chosen}/{index}")
        puzzle: Puzzle | None
        if kind == "endgame":
            from stich.puzzles.endgame import generate_endgame  # the solvers: loaded only for endgames

            puzzle = generate_endgame(game, chosen, rng, attempts)
        else:
            puzzle = generate_deduction(deduction_kind(kind), chosen, rng, attempts)
        if puzzle is None:
            noun = "position" if kind == "endgame" else "attempt"
            raise StichError(
                f"no {chosen} {kind} puzzle for {game} found within the budget of {attempts} {noun}s "
                f"(seed {seed}, puzzle {index + 1}); raise --budget, or try another seed or grade"
            )
        verdict = verify(puzzle)
        if not verdict.ok:
            raise RuntimeError(f"a generated puzzle fails its check: {'; '.join(verdict.problems)}")
        made.append(puzzle)
        verdicts.append(verdict)
        if progress is not None:
            progress(index + 1)
    return Batch(tuple(made), seed, tuple(verdicts))


def explanation(puzzle: Puzzle) -> tuple[Step, ...]:
    """The solution worked out again from the clues or the position, not read from the file (a
    `StichError` when the puzzle has no single answer to explain)."""
    if isinstance(puzzle, EndgamePuzzle):
        from stich.puzzles.endgame import explain_endgame

        return explain_endgame(puzzle)
    trace = solve_like_a_person(puzzle.kind, puzzle.clues)
    if trace.status != "solved":
        why = "contradict each other" if trace.status == "contradiction" else "leave more than one answer"
        raise StichError(f"the clues {why}: nothing to explain")
    return trace.steps


def verify(puzzle: Puzzle) -> Verdict:
    """Every check of a puzzle: for trump and case puzzles uniqueness and minimality by two
    independent evaluators, the answer and the grade; for endgames the double-dummy values
    of the first moves (and the reference minimax on small positions), the answer and the grade."""
    if isinstance(puzzle, DeductionPuzzle):
        return verify_deduction(puzzle)
    from stich.puzzles.endgame import verify_endgame

    return verify_endgame(puzzle)
