"""Generated puzzle sets shared by the puzzle tests (made once per session: they take a while)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

import pytest

from stich.puzzles import GRADES, DeductionPuzzle, EndgamePuzzle, Verdict, verify
from stich.puzzles.deduction import random_puzzles
from stich.puzzles.endgame import dealt_puzzles

# Per grade, trump and case puzzles; per game, endgames (any grade): 200 or more of each kind.
DEDUCTION_PER_GRADE = {"easy": 60, "medium": 60, "hard": 40, "expert": 40}
ENDGAMES_PER_GAME = {"stiche-raten": 60, "wizard": 40, "was-sticht": 40, "stich-fuer-stich": 20, "24": 40}
# The deepest endgames dealt for the tests (Stich für Stich's deeper positions are slow to solve).
ENDGAME_DEPTH = {"stiche-raten": 5, "wizard": 5, "was-sticht": 5, "stich-fuer-stich": 4, "24": 5}


@dataclass(frozen=True)
class Checked:
    """Puzzles with the verdicts of `puzzles.verify`."""

    deduction: tuple[DeductionPuzzle, ...]
    endgames: tuple[EndgamePuzzle, ...]
    verdicts: tuple[Verdict, ...]

    def grades(self) -> Counter[str]:
        return Counter(p.grade for p in (*self.deduction, *self.endgames))


def _deduction_set(kind: str) -> Checked:
    """Puzzles from the generator's stream over several seeds, kept until each grade has its share."""
    wanted = dict(DEDUCTION_PER_GRADE)
    found: list[DeductionPuzzle] = []
    seed = 0
    while any(wanted.values()):
        stream = random_puzzles(
            "trump" if kind == "trump" else "case", random.Random(seed), guesses=seed % 2 == 1
        )
        for _ in range(400):
            puzzle = next(stream)
            if puzzle is not None and wanted[puzzle.grade] > 0:
                wanted[puzzle.grade] -= 1
                found.append(puzzle)
        seed += 1
    return Checked(tuple(found), (), tuple(verify(p) for p in found))


@pytest.fixture(scope="session")
def trump_set() -> Checked:
    return _deduction_set("trump")


@pytest.fixture(scope="session")
def case_set() -> Checked:
    return _deduction_set("case")


@pytest.fixture(scope="session")
def endgame_set() -> Checked:
    """Endgames of every game from the generator's stream, two to `ENDGAME_DEPTH` tricks deep."""
    found: list[EndgamePuzzle] = []
    for game, count in ENDGAMES_PER_GAME.items():
        stream = dealt_puzzles(game, random.Random(f"tests/{game}"), (2, ENDGAME_DEPTH[game]))
        made = 0
        while made < count:
            puzzle = next(stream)
            if puzzle is not None:
                found.append(puzzle)
                made += 1
    return Checked((), tuple(found), tuple(verify(p) for p in found))


__all__ = ["GRADES", "Checked"]
