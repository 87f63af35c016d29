"""Grading a trump or case puzzle by the reasoning a person needs, and keeping that reasoning.

A person solving such a puzzle keeps two lists of candidates, one per component of
the secret (trump suit and trump number; culprit and weapon), and crosses values
out. The solver here does the same. It tries its techniques in this order and goes
back to the first after every step:

1. **single clue**: one clue rules out a value of one component whatever the other
   component is ("with trump number 7, B7 would win column 3, not Y2");
2. **combining clues**: one clue rules out a value given what the other clues have
   already left of the other component (the trump number can only be 2 or 5 by now,
   and with either of them red would not win column 4);
3. **case analysis**: suppose one value ("there is no trump suit") and read the clues
   with the first two techniques until a component has no value left; that value is
   then out. The supposition refuted in the fewest steps is taken. This is where the
   subtle rules bite: no trump suit or number, the supertrump above the equal number
   trumps, phantoms as culprit trumps of number 0.

Case analysis is complete: when exactly one secret fits, supposing any wrong value of
a component leaves every value of the other component ruled out by some single clue,
so the solver never gets stuck on a puzzle with a unique answer. The grade is the
hardest technique the solution needs: easy (single clues only), medium (combining
clues), hard (one case analysis), expert (two or more).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from stich.games.trick import trick_winner
from stich.puzzles.clues import clue_masks, clue_names
from stich.puzzles.model import (
    DeductionKind,
    FalseGuess,
    Grade,
    PuzzleClue,
    Step,
    Technique,
    kind_facts,
    space_of_kind,
)

if TYPE_CHECKING:
    from stich.deducer import HypothesisSpace

__all__ = ["Trace", "grade_clues", "grade_of", "solve_like_a_person"]

Status = Literal["solved", "contradiction", "stuck"]


@dataclass(frozen=True)
class Trace:
    """The steps of the technique-ordered solver and where they led."""

    steps: tuple[Step, ...]
    status: Status
    answer: int | None  # the hypothesis found, when solved

    @property
    def case_analyses(self) -> int:
        """How many suppositions the solution makes."""
        return sum(step.technique == "case-analysis" for step in self.steps)

    @property
    def combines_clues(self) -> bool:
        """Whether a step outside the suppositions reads a clue with what other clues left."""
        return any(step.technique == "combining-clues" for step in self.steps)

    @property
    def grade(self) -> Grade | None:
        """The grade the solution earns (None when the clues do not lead to one answer)."""
        return grade_of(self) if self.status == "solved" else None


def grade_of(trace: Trace) -> Grade:
    """Easy: single clues only; medium: combining clues; hard: one case analysis; expert: more."""
    return _grade([step.technique for step in trace.steps])


def _grade(techniques: Sequence[Technique]) -> Grade:
    cases = techniques.count("case-analysis")
    if cases >= 2:
        return "expert"
    if cases == 1:
        return "hard"
    return "medium" if "combining-clues" in techniques else "easy"


def _bits(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def _joined(parts: Sequence[str], word: str = "or") -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + f" {word} " + parts[-1]


class _Wording:
    """How the components and their values are said: "the trump number is not 3, 6 or 7"."""

    def __init__(self, kind: DeductionKind) -> None:
        self.space: HypothesisSpace = space_of_kind(kind)
        facts = kind_facts(kind)
        # Trumps are named bare ("red", "5"); suspects and weapons with an article ("the gardener").
        self.trumps = facts.bare_labels
        self.names = facts.component_names

    def is_none(self, k: int, v: int) -> bool:
        return self.space.values[k][v] is None

    def _the(self, k: int, v: int) -> str:
        label = self.space.labels[k][v]
        return label if self.trumps else f"the {label}"

    def value_is(self, k: int, v: int) -> str:
        """``the trump suit is red``, ``there is no trump number``, ``the culprit is the gardener``."""
        if self.is_none(k, v):
            return f"there is no {self.names[k]}"
        return f"the {self.names[k]} is {self._the(k, v)}"

    def value_not(self, k: int, values: Sequence[int]) -> str:
        """``the trump number is not 3, 6 or 7``; ``there is a trump suit, and it is not red``."""
        real = [self._the(k, v) for v in values if not self.is_none(k, v)]
        if len(real) == len(values):
            return f"the {self.names[k]} is not {_joined(real)}"
        some = f"there is a {self.names[k]}"
        return f"{some}, and it is not {_joined(real)}" if real else some

    def can_only_be(self, k: int, values: Sequence[int]) -> str:
        """``the trump number can only be 2, 5 or none``, ``the weapon can only be the knife``."""
        labels = ["none" if self.is_none(k, v) else self._the(k, v) for v in values]
        return f"the {self.names[k]} can only be {_joined(labels)}"

    def with_values(self, k: int, values: Sequence[int]) -> str:
        """``with trump suit red``, ``with trump number 3, 4 or none``, ``with no trump number``,
        ``with the pillow or the ax as weapon``."""
        if len(values) == 1 and self.is_none(k, values[0]):
            return f"with no {self.names[k]}"
        if self.trumps:
            labels = ["none" if self.is_none(k, v) else self.space.labels[k][v] for v in values]
            return f"with {self.names[k]} {_joined(labels)}"
        return f"with {_joined([self._the(k, v) for v in values])} as {self.names[k]}"


@dataclass(frozen=True)
class _Elimination:
    """A step before it is put into words: values ``out`` (a mask) of component ``k`` ruled out by
    clue ``clue`` while ``other`` was left of the other component; a case analysis instead holds
    the eliminations ``inside`` its supposition and the component they left ``empty``."""

    technique: Technique
    k: int
    out: int
    other: int
    clue: int = -1
    inside: tuple[_Elimination, ...] = ()
    empty: int = 0


class _Solver:
    """The candidates of both components as bit masks of value indices, and the techniques."""

    def __init__(self, kind: DeductionKind, clues: Sequence[PuzzleClue], masks: Sequence[int]) -> None:
        self.space = space_of_kind(kind)
        self.clues = list(clues)
        self.names = clue_names(kind, clues)
        self.words = _Wording(kind)
        self.sizes = (len(self.space.values[0]), len(self.space.values[1]))
        # projections[i][k][v]: the values of the other component that clue i allows with value v
        # of component k, as a bit mask (a clue is a set of cells of the suit × number grid).
        self.projections = [
            [
                [
                    sum(1 << w for w in range(self.sizes[1 - k]) if mask >> self.cell(k, v, w) & 1)
                    for v in range(self.sizes[k])
                ]
                for k in (0, 1)
            ]
            for mask in masks
        ]

    def cell(self, k: int, v: int, w: int) -> int:
        """The hypothesis with value ``v`` of component ``k`` and ``w`` of the other."""
        return self.space.index(v, w) if k == 0 else self.space.index(w, v)

    # -- the techniques -----------------------------------------------------------

    def single_clue(self, cands: list[int]) -> _Elimination | None:
        """A clue that rules out values of one component on its own, whatever the other component is."""
        for index, projection in enumerate(self.projections):
            for k in (0, 1):
                out = sum(1 << v for v in _bits(cands[k]) if not projection[k][v])
                if out:
                    every = (1 << self.sizes[1 - k]) - 1
                    return _Elimination("single-clue", k, out, every, index)
        return None

    def combining_clues(self, cands: list[int]) -> _Elimination | None:
        """A clue that rules out values given what is left of the other component."""
        for index, projection in enumerate(self.projections):
            for k in (0, 1):
                other = cands[1 - k]
                out = sum(1 << v for v in _bits(cands[k]) if not projection[k][v] & other)
                if out:
                    return _Elimination("combining-clues", k, out, other, index)
        return None

    def case_analysis(self, cands: list[int]) -> _Elimination | None:
        """The supposition refuted in the fewest steps of the first two techniques."""
        best: _Elimination | None = None
        for k in (0, 1):
            if cands[k].bit_count() < 2:
                continue
            for v in _bits(cands[k]):
                trial = list(cands)
                trial[k] = 1 << v
                inside, status, left = self.propagate(trial, cases=False)
                if status != "contradiction" or (best is not None and len(inside) >= len(best.inside)):
                    continue
                empty = 0 if left[0] == 0 else 1
                best = _Elimination(
                    "case-analysis", k, 1 << v, cands[1 - k], inside=tuple(inside), empty=empty
                )
        return best

    # -- the loop -------------------------------------------------------------------

    def propagate(self, cands: list[int], cases: bool) -> tuple[list[_Elimination], Status, list[int]]:
        """Apply the techniques in order until solved, contradicted or stuck."""
        steps: list[_Elimination] = []
        cands = list(cands)
        while True:
            found = self.single_clue(cands) or self.combining_clues(cands)
            if found is None and cands[0].bit_count() == 1 and cands[1].bit_count() == 1:
                return steps, "solved", cands
            if found is None and cases:
                found = self.case_analysis(cands)
            if found is None:
                return steps, "stuck", cands
            steps.append(found)
            cands[found.k] &= ~found.out
            if cands[found.k] == 0:
                return steps, "contradiction", cands

    def solve(self) -> Trace:
        everything = [(1 << self.sizes[0]) - 1, (1 << self.sizes[1]) - 1]
        found, status, cands = self.propagate(everything, cases=True)
        steps = tuple(self.step(e) for e in found)
        if status != "solved":
            return Trace(steps, status, None)
        a, b = _bits(cands[0])[0], _bits(cands[1])[0]
        h = self.space.index(a, b)
        words = self.words
        text = f"Only {self.space.text(h)} is left: {words.value_is(0, a)} and {words.value_is(1, b)}."
        return Trace((*steps, Step("answer", text)), "solved", h)

    # -- the words ------------------------------------------------------------------

    def step(self, e: _Elimination) -> Step:
        """An elimination in words: the clue, and what would happen instead under each value ruled out."""
        words, out = self.words, _bits(e.out)
        conclusion = words.value_not(e.k, out)
        if e.technique == "case-analysis":
            inside = tuple(self.step(i) for i in e.inside)
            used = tuple(sorted({c for step in inside for c in step.clues}))
            text = (
                f"Suppose {words.value_is(e.k, out[0])}. Then nothing is left for the "
                f"{words.names[e.empty]}: the supposition fails, so {conclusion}."
            )
            return Step("case-analysis", text, used, inside)
        clue, name = self.clues[e.clue], self.names[e.clue]
        known = ""
        if e.technique == "combining-clues":
            known = f"{words.can_only_be(1 - e.k, _bits(e.other))}, and "
        if isinstance(clue, FalseGuess):
            text = f"{name.capitalize()}: {known}that pair is not the answer, so {conclusion}."
            return Step(e.technique, text, (e.clue,))
        deck = self.space.deck
        said = deck.name_of(clue.cards[clue.winner])
        # Values ruled out for the same reason (the same cards would win instead) are said together.
        by_winners: dict[tuple[str, ...], list[int]] = {}
        for v in out:
            winners: list[str] = []
            for w in _bits(e.other):
                position = trick_winner(self.space.rules(self.cell(e.k, v, w)), clue.cards)
                card = deck.name_of(clue.cards[position])
                if card not in winners:
                    winners.append(card)
            by_winners.setdefault(tuple(winners), []).append(v)
        reasons = [
            f"{words.with_values(e.k, values)}, {_joined(winners)} would win it"
            for winners, values in by_winners.items()
        ]
        text = f"{name.capitalize()} was won by {said}; {known}{'; '.join(reasons)}. So {conclusion}."
        return Step(e.technique, text, (e.clue,))


def grade_clues(kind: DeductionKind, clues: Sequence[PuzzleClue], masks: Sequence[int]) -> Grade | None:
    """The grade alone, without putting the steps into words (for the generator's many tries)."""
    solver = _Solver(kind, clues, masks)
    found, status, _ = solver.propagate([(1 << solver.sizes[0]) - 1, (1 << solver.sizes[1]) - 1], cases=True)
    return _grade([e.technique for e in found]) if status == "solved" else None


def solve_like_a_person(
    kind: DeductionKind, clues: Sequence[PuzzleClue], masks: Sequence[int] | None = None
) -> Trace:
    """The technique-ordered solution of a puzzle's clues (see the module docstring); ``masks``,
    the hypotheses each clue allows, saves computing them again."""
    if not clues:
        return Trace((), "stuck", None)
    return _Solver(kind, clues, clue_masks(kind, clues) if masks is None else masks).solve()
