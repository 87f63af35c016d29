"""What a puzzle is: its clues or position, its answer, its grade, and the steps that solve it.

Three kinds. A *trump* puzzle (Was sticht?) gives draft columns judged as tricks and
asks for the trump suit and number; a *case* puzzle (Stich für Stich) gives tricks
with their announced winners, and sometimes false suspicions, and asks for the
culprit and weapon; an *endgame* puzzle (any game) shows every hand and asks for the
one first card that reaches an objective against any defence. The steps of the
technique-ordered solver (`puzzles.grading`, `puzzles.endgame`) are kept as the
explanation.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypeAlias, TypedDict, get_args

from stich.games.cards import Card

if TYPE_CHECKING:
    from stich.games.base import Game
    from stich.games.secret import DeductionPuzzleKind, HypothesisSpace

__all__ = [
    "DEDUCTION_KINDS",
    "GRADES",
    "KINDS",
    "DeductionKind",
    "DeductionPuzzle",
    "EndgamePuzzle",
    "FalseGuess",
    "Grade",
    "Kind",
    "Puzzle",
    "PuzzleClue",
    "Step",
    "TECHNIQUES",
    "Technique",
    "TrickClue",
    "Verdict",
    "deduction_game",
    "deduction_kind",
    "kind_facts",
    "space_of_kind",
]

Kind: TypeAlias = Literal["trump", "case", "endgame"]
DeductionKind: TypeAlias = Literal["trump", "case"]
Grade: TypeAlias = Literal["easy", "medium", "hard", "expert"]
KINDS: tuple[Kind, ...] = ("trump", "case", "endgame")
DEDUCTION_KINDS: tuple[DeductionKind, ...] = ("trump", "case")
GRADES: tuple[Grade, ...] = ("easy", "medium", "hard", "expert")

Technique: TypeAlias = Literal[
    "single-clue",  # one clue rules out a value of one component, whatever the other is
    "combining-clues",  # a clue rules out a value given what other clues left of the other component
    "case-analysis",  # supposing a value leads to a contradiction
    "answer",  # one value of each component is left
    "tempting",  # an endgame: a natural first card that fails, with the defence that beats it
    "solution",  # an endgame: the one card that works, with a line against the best defence
]
TECHNIQUES: tuple[Technique, ...] = get_args(Technique)


def deduction_kind(kind: str) -> DeductionKind:
    """``kind`` as a deduction puzzle's kind (one of `DEDUCTION_KINDS`)."""
    return next(k for k in DEDUCTION_KINDS if k == kind)


@cache
def deduction_game(kind: DeductionKind) -> Game:
    """The game whose secret makes deduction puzzles of ``kind`` (`Game.deduction_puzzle`), at its
    fewest players and its default options."""
    from stich.games.registry import all_games

    for game in all_games():
        if game.deduction_puzzle is not None and game.deduction_puzzle.kind == kind:
            return game(game.player_counts[0])
    raise ValueError(f"no game makes {kind} puzzles")


def kind_facts(kind: DeductionKind) -> DeductionPuzzleKind:
    """How puzzles of ``kind`` look and are put to a player, as their game says it."""
    facts = deduction_game(kind).deduction_puzzle
    assert facts is not None
    return facts


def space_of_kind(kind: DeductionKind) -> HypothesisSpace:
    """The secrets a deduction puzzle asks for: the space of its game's secret."""
    space = deduction_game(kind).hypothesis_space()
    assert space is not None
    return space


@dataclass(frozen=True)
class TrickClue:
    """A draft column or a trick: ``cards`` in play order from the leader; ``winner`` indexes ``cards``."""

    cards: tuple[Card, ...]
    winner: int


@dataclass(frozen=True)
class FalseGuess:
    """A sleuth's guess (a hypothesis of the case space) that the confidant called a false suspicion."""

    hypothesis: int


PuzzleClue: TypeAlias = TrickClue | FalseGuess


class StepJson(TypedDict):
    """A `Step` in a puzzle file's ``explanation``."""

    technique: Technique
    text: str
    clues: list[int]
    steps: NotRequired[list[StepJson]]


class VerdictJson(TypedDict):
    """``stich puzzle check --json``: one puzzle's `Verdict`."""

    ok: bool
    kind: Kind
    grade: Grade | None
    answer: str | None
    checks: dict[str, Any]
    problems: list[str]


@dataclass(frozen=True)
class Step:
    """One step of a solution: the technique, what it says, the clues it uses (indices), and for a
    case analysis the steps inside the supposition."""

    technique: Technique
    text: str
    clues: tuple[int, ...] = ()
    steps: tuple[Step, ...] = ()

    def to_json(self) -> StepJson:
        """``{"technique", "text", "clues"}`` and ``steps`` when there are inner steps."""
        out: StepJson = {"technique": self.technique, "text": self.text, "clues": list(self.clues)}
        if self.steps:
            out["steps"] = [step.to_json() for step in self.steps]
        return out


@dataclass(frozen=True)
class DeductionPuzzle:
    """A trump or case puzzle: clues from which exactly one secret follows, each clue needed."""

    kind: DeductionKind
    grade: Grade
    clues: tuple[PuzzleClue, ...]
    answer: int  # a hypothesis of `space`
    explanation: tuple[Step, ...] = ()

    @property
    def space(self) -> HypothesisSpace:
        """The secrets the puzzle asks for."""
        return space_of_kind(self.kind)

    @property
    def game(self) -> str:
        """The game id."""
        return self.space.game


@dataclass(frozen=True)
class EndgamePuzzle:
    """A position with every hand shown, an objective, and the one first move that reaches it.

    ``position`` is the position JSON of `solvers.parse_position`; the side to move
    succeeds when its value is at least ``target``; ``answer`` is the move as
    ``stich solve --json`` writes one (``{"card": "QS"}``, 24: with ``"reverse": true``).
    ``obvious`` are the natural first moves (the highest card, the greedy one) that fail.
    """

    grade: Grade
    game: str
    theme: str
    task: str
    position: Mapping[str, Any]
    target: int
    answer: Mapping[str, Any]
    obvious: tuple[Mapping[str, Any], ...] = ()
    explanation: tuple[Step, ...] = ()
    depth: int = 0
    tempting: int = 0
    kind: Literal["endgame"] = field(default="endgame", init=False)


Puzzle: TypeAlias = DeductionPuzzle | EndgamePuzzle


@dataclass(frozen=True)
class Verdict:
    """What re-checking a puzzle found: the grade it earns now, the answer the checks found, each
    check's figure (``checks``), and the problems in one line each (none: the puzzle is sound)."""

    kind: Kind
    grade: Grade | None
    answer: str | None
    checks: Mapping[str, Any]
    problems: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        """True when every check passed."""
        return not self.problems

    def to_json(self) -> VerdictJson:
        """``{"ok", "kind", "grade", "answer", "checks", "problems"}``."""
        return {
            "ok": self.ok,
            "kind": self.kind,
            "grade": self.grade,
            "answer": self.answer,
            "checks": dict(self.checks),
            "problems": list(self.problems),
        }
