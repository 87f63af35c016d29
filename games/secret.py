"""A hidden secret as the deducer asks a game about it: its hypothesis space, the clues events
give, and the choice whose information value is measured.

A game whose players deduce a secret (Was sticht?'s trumps, Stich für Stich's culprit and
weapon) answers through hooks on `games.base.Game` and `games.base.Round`; this module holds
the values those hooks return, so that the game's own module defines its space and its clues
and `deducer` asks for them without naming the game (``docs/design/deducer.md``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeAlias

from stich.games.cards import Card, CardSet, Deck
from stich.games.trick import TrickRules

if TYPE_CHECKING:  # CP-SAT is a cross-check; it is imported where it runs (it takes most of a second)
    from ortools.sat.python import cp_model

__all__ = [
    "Clue",
    "ClueKind",
    "CpSatBuild",
    "DeductionPuzzleKind",
    "HypothesisSpace",
    "InformationChoice",
    "Value",
]

Value: TypeAlias = str | int | None
ClueKind: TypeAlias = Literal["column", "trick", "answer", "reveal", "secret"]


@dataclass(frozen=True)
class Clue:
    """One observation that bears on the secret.

    ``column``/``trick``: ``seats`` played ``cards`` in that order (Was sticht?'s Table as
    `games.was_sticht.TABLE`) and ``announced`` was said to win column/trick ``number``.
    ``answer``: ``seat`` guessed ``hypothesis`` after trick ``number`` and heard
    "solved" (``solved``) or "false suspicion". ``reveal``/``secret``: ``hypothesis``
    is the secret. ``event`` is the index of the record event (None: known from the
    start, or an announcement the record leaves implied); ``audience`` the seats that
    know the clue (None: everyone).
    """

    kind: ClueKind
    event: int | None
    number: int = 0
    seats: tuple[int, ...] = ()
    cards: tuple[Card, ...] = ()
    announced: int = 0
    hypothesis: int = -1
    solved: bool = False
    seat: int | None = None
    audience: frozenset[int] | None = None

    def known_to(self, seat: int) -> bool:
        """Whether ``seat`` knows this clue."""
        return self.audience is None or seat in self.audience

    @property
    def pins(self) -> bool:
        """True when the clue allows a single secret."""
        return self.kind in ("reveal", "secret") or (self.kind == "answer" and self.solved)


class CpSatBuild(Protocol):
    """What a space's CP-SAT coding sees of the model being built (`deducer.hypotheses.CpSatModel`):
    the model, one Boolean per value of each secret component, and a cache of terms per card."""

    model: cp_model.CpModel
    first: list[cp_model.IntVar]
    second: list[cp_model.IntVar]
    card_terms: dict[Card, Any]


@dataclass(frozen=True)
class HypothesisSpace:
    """The secrets of one game: two components, hypothesis ``i * len(second) + j`` for values i, j.

    Each game with a hidden secret subclasses it in its own module (Was sticht?'s `TrumpSpace`,
    Stich für Stich's `CaseSpace`) with its cards, its trick tables under a hypothesis, and its
    ranking as the constraint models code it, written from the rulebook apart from its trick
    tables so that the deducer's evaluators check each other.
    """

    game: str
    secret_name: str  # how players call the secret: "trumps", "culprit and weapon"
    components: tuple[str, str]
    values: tuple[tuple[Value, ...], tuple[Value, ...]]
    labels: tuple[tuple[str, ...], tuple[str, ...]]

    @property
    def each_name(self) -> str:
        """How players count the secrets: "trumps" (each a suit and a number), "culprit-weapon pairs"."""
        return self.secret_name

    @property
    def deck(self) -> Deck:
        """The game's cards."""
        raise NotImplementedError

    def hypothesis_rules(self, i: int, j: int) -> TrickRules:
        """The trick tables of the game when the secret has value indices ``i`` and ``j``."""
        raise NotImplementedError

    def strength(self, card: Card, first: Card, a: Value, b: Value) -> tuple[int, int]:
        """How strong ``card`` is in a trick led by ``first`` when the secret is ``(a, b)``
        (the higher wins; of equal cards the one played first)."""
        raise NotImplementedError

    def variable_names(self) -> tuple[list[str], list[str]]:
        """Names of the CP-SAT Booleans of each component's values."""
        raise NotImplementedError

    def cp_strengths(self, built: CpSatBuild, cards: Sequence[Card], index: int) -> list[cp_model.LinearExpr]:
        """One linear strength per card of column or trick number ``index`` (its ``cards``, in the
        order played) in the CP-SAT model ``built``."""
        raise NotImplementedError

    def card_note(self, card: Card) -> str | None:
        """What a card shows besides its name that bears on the secret (Stich für Stich: its
        weapon under the space's layout), or None."""
        return None

    def seat_json(self, seat: int) -> int | str:
        """A seat of a clue in ``stich deduce --json`` (a seat number unless the game has others)."""
        return seat

    def seat_text(self, seat: int, names: Sequence[str]) -> str:
        """A seat of a clue as players say it: its player's name unless the game has other seats."""
        return names[seat]

    @property
    def size(self) -> int:
        """How many hypotheses there are."""
        return len(self.values[0]) * len(self.values[1])

    @property
    def all(self) -> int:
        """Every hypothesis, as a bit mask."""
        return (1 << self.size) - 1

    def split(self, h: int) -> tuple[int, int]:
        """The value indices of hypothesis ``h``."""
        i, j = divmod(h, len(self.values[1]))
        return i, j

    def index(self, i: int, j: int) -> int:
        """The hypothesis of value indices ``i`` and ``j``."""
        return i * len(self.values[1]) + j

    def rules(self, h: int) -> TrickRules:
        """The trick tables of the game when ``h`` is the secret."""
        return self.rules_by_hypothesis[h]

    @cached_property
    def rules_by_hypothesis(self) -> tuple[TrickRules, ...]:
        """The trick tables of every hypothesis, built once per space (brute force asks for them often)."""
        tables = []
        for h in range(self.size):
            tables.append(self.hypothesis_rules(*self.split(h)))
        return tuple(tables)

    def text(self, h: int) -> str:
        """``red/2``, ``no suit/5``, ``gardener/knife``."""
        i, j = self.split(h)
        return f"{self.labels[0][i]}/{self.labels[1][j]}"

    def to_json(self, h: int) -> dict[str, Value]:
        """``{"trump_suit": "R", "trump_number": 2}`` or ``{"culprit": "gardener", "weapon": "knife"}``."""
        i, j = self.split(h)
        return {self.components[0]: self.values[0][i], self.components[1]: self.values[1][j]}


@dataclass(frozen=True)
class DeductionPuzzleKind:
    """How a game's hidden secret makes a deduction puzzle (``puzzles``): judged tricks (draft
    columns or tricks) from which exactly one secret follows. A game gives it as
    `Game.deduction_puzzle`, and reads an answer in the record's notation with
    `Game.secret_hypothesis`; the puzzles ask the game, never its module."""

    kind: str  # the puzzle kind, as puzzle files name it ("trump", "case")
    title: str  # the heading of a puzzle of this kind
    question: str  # what a player is asked, with the rules the clues need
    clue_noun: Literal["column", "trick"]  # what a trick clue is called ("column": a draft column)
    max_clues: int  # trick clues at most (the draft's columns, the case's tricks)
    clue_sizes: tuple[int, ...]  # how many cards a trick clue may have
    clue_sizes_why: str  # why, as a message about a clue of another size says it
    false_guesses: bool  # whether a false suspicion may be a clue
    component_names: tuple[str, str]  # the secret's two parts, as an explanation names them
    bare_labels: bool  # the parts' values named bare ("red", "5"), else with an article ("the knife")
    card_notes: bool  # whether a clue's cards are shown with what each shows besides its name
    answer_schema: str  # the puzzle file schema's definition of the answer (``$defs``)
    answer_example: str  # how a player types an answer
    answer_fields: tuple[str, ...] | None  # a typed answer's two words as these fields, else as a list
    compact_answer: str | None  # a one-word typed answer (a regular expression) split after its first letter


@dataclass(frozen=True)
class InformationChoice:
    """The choice whose information value `deducer.information` measures: ``seat`` puts one of
    ``candidates`` into the open column or trick after ``played``, and the ``later`` seats
    complete it.

    With ``pool`` the later seats take the pool's cards (what is left of it once the candidate
    is taken) in every order, each equally likely, and with ``leftover`` the card nobody takes
    comes last (Was sticht?'s Table). Without it they play from hands the view cannot see: any
    card it has not seen (``unseen``), nobody having to follow (Stich für Stich).
    """

    seat: int
    candidates: tuple[Card, ...]
    played: tuple[Card, ...]
    later: tuple[int, ...]
    pool: CardSet | None = None
    leftover: bool = False
    unseen: CardSet = 0
