"""Puzzle clues as the deducer's clues, and how a person names them.

A puzzle's trick or column clue lists its cards from the leader on, so the seats are
the positions 0, 1, 2, ... and the announced seat is the winner's position; a false
suspicion is the deducer's "answer" clue with "false" heard.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from stich.puzzles.model import DeductionKind, FalseGuess, PuzzleClue, TrickClue, kind_facts, space_of_kind

if TYPE_CHECKING:
    from stich.deducer import Clue, HypothesisSpace

__all__ = ["clue_masks", "clue_names", "deducer_clues", "trick_noun"]


def trick_noun(kind: DeductionKind) -> Literal["column", "trick"]:
    """What a trick clue is called: a draft ``column`` (Was sticht?) or a ``trick``, as the game
    says it."""
    return kind_facts(kind).clue_noun


def deducer_clues(kind: DeductionKind, clues: Sequence[PuzzleClue]) -> list[Clue]:
    """The clues in the deducer's form, numbered as `clue_names` numbers them."""
    from stich.deducer import Clue

    noun = trick_noun(kind)
    out: list[Clue] = []
    tricks = 0
    for clue in clues:
        if isinstance(clue, TrickClue):
            tricks += 1
            seats = tuple(range(len(clue.cards)))
            out.append(Clue(noun, None, tricks, seats, clue.cards, clue.winner))
        else:
            out.append(Clue("answer", None, 0, hypothesis=clue.hypothesis, solved=False))
    return out


def clue_masks(kind: DeductionKind, clues: Sequence[PuzzleClue]) -> list[int]:
    """The hypotheses each clue allows on its own (the deducer's brute-force evaluator)."""
    from stich.deducer import consistent_hypotheses

    space = space_of_kind(kind)
    return [consistent_hypotheses(space, [clue]) for clue in deducer_clues(kind, clues)]


def clue_names(kind: DeductionKind, clues: Sequence[PuzzleClue]) -> list[str]:
    """``column 3``, ``trick 2``, ``the false suspicion gardener/knife``: tricks are numbered apart."""
    space: HypothesisSpace = space_of_kind(kind)
    noun = trick_noun(kind)
    names: list[str] = []
    tricks = 0
    for clue in clues:
        if isinstance(clue, FalseGuess):
            names.append(f"the false suspicion {space.text(clue.hypothesis)}")
        else:
            tricks += 1
            names.append(f"{noun} {tricks}")
    return names
