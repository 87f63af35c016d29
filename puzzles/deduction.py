"""Trump puzzles (Was sticht?) and case puzzles (Stich für Stich): generation and checks.

A puzzle is sound when exactly one secret fits its clues and each clue is needed
(without any one of them at least two secrets fit). Both are checked twice, by two
evaluators of the deducer written apart from each other: the python-constraint model,
enumerating its solutions, and the CP-SAT model, stopping at a second solution (the
way OR-Tools' samples test uniqueness with a solution callback). They must agree.

The generator draws the secret, deals columns or tricks of four cards from one
shuffled deck (so no card appears twice, as in one draft or one case), and lets the
real winner under the secret be the announced one, until one secret is left. With a
case puzzle above the easy grade it may instead stop when two or three secrets are
left and add false suspicions for the wrong ones, as a sleuth's failed guesses would
give them. Clues are then dropped, in random order, while the answer stays unique,
which leaves a minimal set: a clue kept was needed when tried, and fewer clues can
only allow more. The technique-ordered solver grades the result; a puzzle of another
grade is thrown away and the next one tried, up to the budget.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

from stich.games.trick import trick_winner
from stich.puzzles.clues import clue_masks, clue_names, deducer_clues
from stich.puzzles.grading import grade_clues, solve_like_a_person
from stich.puzzles.model import (
    DeductionKind,
    DeductionPuzzle,
    FalseGuess,
    Grade,
    PuzzleClue,
    TrickClue,
    Verdict,
    kind_facts,
    space_of_kind,
)

if TYPE_CHECKING:
    from stich.deducer import Method

__all__ = [
    "CHECKERS",
    "TRICK_CARDS",
    "generate_deduction",
    "random_puzzles",
    "verify_deduction",
]

TRICK_CARDS = 4
# The two independent uniqueness checks (evaluators of `deducer.consistent_hypotheses`).
CHECKERS: tuple[Method, ...] = ("constraint", "cp-sat")


def _attempt(
    kind: DeductionKind, grade: Grade, rng: random.Random
) -> tuple[list[PuzzleClue], list[int], int] | None:
    """One random unique, minimal clue set, what each clue allows, and the answer (None when the
    deck ran out first)."""
    space = space_of_kind(kind)
    answer = rng.randrange(space.size)
    rules = space.rules(answer)
    order = list(range(space.deck.size))
    rng.shuffle(order)
    facts = kind_facts(kind)
    guesses = facts.false_guesses and grade != "easy" and rng.random() < 0.5
    clues: list[PuzzleClue] = []
    masks: list[int] = []
    possible = space.all
    for t in range(facts.max_clues):
        cards = tuple(order[t * TRICK_CARDS : (t + 1) * TRICK_CARDS])
        clue = TrickClue(cards, trick_winner(rules, cards))
        allowed = clue_masks(kind, [clue])[0]
        if possible & allowed == possible:
            continue  # it tells nothing new
        clues.append(clue)
        masks.append(allowed)
        possible &= allowed
        if possible == 1 << answer:
            break
        if guesses and possible.bit_count() <= 3:
            # The sleuths' failed guesses rule out what is left, but the answer.
            wrong = [h for h in range(space.size) if possible >> h & 1 and h != answer]
            clues += [FalseGuess(h) for h in wrong]
            masks += [space.all & ~(1 << h) for h in wrong]
            possible = 1 << answer
            break
    if possible != 1 << answer:
        return None
    kept = list(range(len(clues)))
    trial_order = list(kept)
    rng.shuffle(trial_order)
    for index in trial_order:
        without = [k for k in kept if k != index]
        left = space.all
        for k in without:
            left &= masks[k]
        if left == 1 << answer:
            kept = without
    return [clues[k] for k in kept], [masks[k] for k in kept], answer


def generate_deduction(
    kind: DeductionKind, grade: Grade, rng: random.Random, budget: int
) -> DeductionPuzzle | None:
    """A sound puzzle of ``grade`` within ``budget`` attempts, or None."""
    for _ in range(budget):
        found = _attempt(kind, grade, rng)
        if found is None:
            continue
        clues, masks, answer = found
        if grade_clues(kind, clues, masks) != grade:
            continue
        trace = solve_like_a_person(kind, clues, masks)
        if trace.answer == answer:
            return DeductionPuzzle(kind, grade, tuple(clues), answer, trace.steps)
    return None


def random_puzzles(
    kind: DeductionKind, rng: random.Random, guesses: bool = False
) -> Iterator[DeductionPuzzle | None]:
    """Endlessly, for each attempt, the sound puzzle it makes, whatever its grade, or None: the
    generator's stream before it picks a grade (``guesses``: case puzzles may end in false suspicions)."""
    while True:
        found = _attempt(kind, "medium" if guesses else "easy", rng)
        if found is None:
            yield None
            continue
        clues, masks, answer = found
        trace = solve_like_a_person(kind, clues, masks)
        easy_with_guesses = trace.grade == "easy" and any(isinstance(c, FalseGuess) for c in clues)
        if trace.grade is None or trace.answer != answer or easy_with_guesses:
            yield None
            continue
        yield DeductionPuzzle(kind, trace.grade, tuple(clues), answer, trace.steps)


def _count(found: int) -> int:
    """A mask of at most two hypotheses as the number of answers (2: two or more)."""
    return found.bit_count()


def verify_deduction(puzzle: DeductionPuzzle) -> Verdict:
    """Uniqueness and minimality by both checkers, the answer, and the grade earned now."""
    from stich.deducer import consistent_hypotheses

    space = puzzle.space
    clues = deducer_clues(puzzle.kind, puzzle.clues)
    names = clue_names(puzzle.kind, puzzle.clues)
    problems: list[str] = []
    found = {method: consistent_hypotheses(space, clues, method, limit=2) for method in CHECKERS}
    fits = found["constraint"]
    if not _agree(found):
        problems.append(f"the uniqueness checks disagree: {_counts(found)}")
    answer = None
    redundant: list[int] = []
    if fits == 0:
        problems.append(f"no {space.secret_name} fit every clue: the clues contradict each other")
    elif fits.bit_count() > 1:
        everything = consistent_hypotheses(space, clues, "constraint")
        shown = ", ".join(space.text(h) for h in _members(everything)[:6])
        more = ", ..." if everything.bit_count() > 6 else ""
        problems.append(
            f"ambiguous: {everything.bit_count()} {space.secret_name} fit the clues ({shown}{more}); "
            "a puzzle needs exactly one"
        )
    else:
        answer = _members(fits)[0]
        if answer != puzzle.answer:
            problems.append(
                f"the clues give {space.text(answer)}, but the answer says {space.text(puzzle.answer)}"
            )
        redundant = _redundant(puzzle.kind, puzzle.clues, problems)
        if redundant:
            listed = " or ".join(names[k] for k in redundant)
            problems.append(f"not minimal: without {listed} the answer is still {space.text(answer)}")
    trace = solve_like_a_person(puzzle.kind, puzzle.clues)
    if trace.grade is not None and trace.grade != puzzle.grade:
        problems.append(f"it grades {trace.grade}, but the puzzle says {puzzle.grade}")
    checks = {
        "answers": {method: _count(mask) for method, mask in found.items()},
        "minimal": answer is not None and not redundant,
        "redundant": [names[k] for k in redundant],
    }
    return Verdict(
        puzzle.kind,
        trace.grade,
        None if answer is None else space.text(answer),
        checks,
        tuple(problems),
    )


def _redundant(kind: DeductionKind, clues: Sequence[PuzzleClue], problems: list[str]) -> list[int]:
    """Clues whose removal leaves the answer unique, by both checkers (a disagreement is a problem)."""
    from stich.deducer import consistent_leaving_out

    space = space_of_kind(kind)
    converted = deducer_clues(kind, clues)
    names = clue_names(kind, clues)
    left = {method: consistent_leaving_out(space, converted, method, limit=2) for method in CHECKERS}
    redundant = []
    for index in range(len(converted)):
        found = {method: left[method][index] for method in CHECKERS}
        if not _agree(found):
            problems.append(f"the checks disagree without {names[index]}: {_counts(found)}")
        if found["constraint"].bit_count() == 1:
            redundant.append(index)
    return redundant


def _agree(found: Mapping[Method, int]) -> bool:
    """Both checkers found no answer, the same single answer, or (stopping at two) several."""
    first, second = found.values()
    return first == second if first.bit_count() < 2 else second.bit_count() > 1


def _counts(found: Mapping[Method, int]) -> str:
    return ", ".join(
        f"{method} finds {'2 or more' if mask.bit_count() > 1 else mask.bit_count()}"
        for method, mask in found.items()
    )


def _members(mask: int) -> list[int]:
    return [h for h in range(mask.bit_length()) if mask >> h & 1]
