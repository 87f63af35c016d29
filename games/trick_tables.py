"""The trick play of one position as rules data: what a double-dummy search needs from a game.

A game answers for its own trick play through a `PlayContext`: its rules context for
one position (trumps known or hypothesised, 24's rank order and pending declarations,
who sits out, ...), read from a solver position's JSON fields (`Game.parse_play_context`)
or from a round in progress (`Round.play_context`). The context compiles into an
`TrickTables`: the trick tables of every *state* the round can reach (24's rank order ×
trump suit; one state for the other games), the state live for the current trick
and the one pending for the next, the declarations a card may carry (24's reversal
with a 1, Trump Chaos's new trump with a 2), and the *blocks* — printed suits or
colours — inside which cards of equal standing may be collapsed by a search.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeAlias, TypedDict

from stich.games.cards import Card, CardSet
from stich.games.errors import StichError
from stich.games.trick import TrickRules

__all__ = ["ContextJson", "TrickTables", "Declaration", "PlayContext", "french_blocks"]

Declaration: TypeAlias = tuple[tuple[str, Any], ...]
"""What a card announces besides being played, e.g. ``(("reverse", True),)``; empty for nothing."""


@dataclass(frozen=True)
class TrickTables:
    """The compiled trick play of a position."""

    states: tuple[TrickRules, ...]
    live: int
    pending: int
    # (pending state, card) -> the choices that card offers: (declaration, new pending state),
    # the plain play first. Cards not listed offer only the plain play.
    declarations: Mapping[tuple[int, Card], tuple[tuple[Declaration, int], ...]]
    blocks: tuple[CardSet, ...]

    def choices(self, pending: int, card: Card) -> tuple[tuple[Declaration, int], ...]:
        """The ways ``card`` may be played when ``pending`` is the state for the next trick."""
        return self.declarations.get((pending, card), (((), pending),))


def french_blocks(extra: int = 0) -> tuple[CardSet, ...]:
    """The four suits of 13, then each extra card (wizards, jesters) alone."""
    suits = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
    return suits + tuple(1 << (52 + i) for i in range(extra))


class ContextJson(TypedDict, total=False):
    """A position's context fields (docs/solver.md), as `Game.parse_play_context` reads them: the
    trump suit (Stiche-Raten, Wizard, 24), 24's orders, call and dropped seats, the secret (Was
    sticht?, Stich für Stich) and Stich für Stich's confidant."""

    trump: str | None
    order: str
    next_trump: str
    next_order: str
    blind: bool
    caller: int | None
    dropped: list[int]
    secret: dict[str, Any]
    confidant: int


class PlayContext(ABC):
    """A game's rules context for the trick play of one position (immutable, compared by value).

    Each game defines its own (a frozen dataclass) in its module; the solver asks it
    only through these methods.
    """

    @abstractmethod
    def trick_tables(self) -> TrickTables:
        """The compiled trick tables (built once per context and cached by the game)."""

    @abstractmethod
    def to_json(self) -> ContextJson:
        """The position's context fields, as `Game.parse_play_context` reads them back."""

    @abstractmethod
    def describe(self, seat_name: Callable[[int], str]) -> str:
        """The context as a player reads it, e.g. ``trump: spades``."""

    @property
    def dropped(self) -> tuple[int, ...]:
        """Seats that sit the trick play out (24's dropping out)."""
        return ()

    @property
    def extra_cards(self) -> Mapping[int, int]:
        """Seats dealt more cards than the others, and how many more (Stich für Stich's confidant)."""
        return {}

    def seat_points(self, seat: int, tricks: int, state: int) -> int:
        """The round points of ``seat`` (fewer is better) for ``tricks`` won in the whole round, with
        ``state`` the rules state in force at the end; a seat's points depend on its own tricks only."""
        raise StichError("this game scores no round points: use the tricks objective")
