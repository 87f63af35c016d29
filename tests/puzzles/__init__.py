"""Oracles for puzzle tests, written apart from the puzzles and deducer packages.

`secrets_fitting` tries every secret with the games' own trick rules: the third,
independent check beside the two the puzzles package runs (python-constraint and
CP-SAT through the deducer).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stich.games.stich_fuer_stich import SUSPECTS, WEAPONS, sfs_rules
from stich.games.trick import trick_winner
from stich.games.was_sticht import COLOURS, was_sticht_rules
from stich.puzzles import DeductionPuzzle, FalseGuess, TrickClue
from stich.puzzles.model import PuzzleClue


def _secrets(kind: str) -> list[tuple[dict[str, Any], Any]]:
    if kind == "trump":
        return [
            ({"trump_suit": None if s is None else COLOURS[s], "trump_number": n}, was_sticht_rules(s, n))
            for s in (0, 1, 2, 3, None)
            for n in (*range(1, 10), None)
        ]
    return [
        ({"culprit": SUSPECTS[c], "weapon": WEAPONS[w]}, sfs_rules(c, w))
        for c in range(len(SUSPECTS))
        for w in range(len(WEAPONS))
    ]


def secrets_fitting(kind: str, clues: Sequence[PuzzleClue], space_text: Any = None) -> list[dict[str, Any]]:
    """Every secret (in the record's notation) under which every clue holds."""
    fitting = []
    for secret, rules in _secrets(kind):
        ok = True
        for clue in clues:
            if isinstance(clue, TrickClue):
                ok = trick_winner(rules, clue.cards) == clue.winner
            else:
                ok = space_text(clue.hypothesis) != secret
            if not ok:
                break
        if ok:
            fitting.append(secret)
    return fitting


def oracle_report(puzzle: DeductionPuzzle) -> tuple[list[dict[str, Any]], list[int]]:
    """The secrets fitting all clues, and the clues whose removal still leaves exactly one."""
    space = puzzle.space

    def as_json(h: int) -> dict[str, Any]:
        return space.to_json(h)

    everything = secrets_fitting(puzzle.kind, puzzle.clues, as_json)
    redundant = [
        i
        for i in range(len(puzzle.clues))
        if len(secrets_fitting(puzzle.kind, [c for k, c in enumerate(puzzle.clues) if k != i], as_json)) == 1
    ]
    return everything, redundant


def has_false_guess(puzzle: DeductionPuzzle) -> bool:
    return any(isinstance(clue, FalseGuess) for clue in puzzle.clues)
