"""The whole game: who deals each round, what it deals, the running totals and the standing.

Each game strings its rounds together in its own way (rulebooks, "Game End"): Stiche-Raten
and Wizard follow their round sequences (Stiche-Raten plays extra rounds of the largest
size to break a tie), 24 plays until a score reaches 0 or 48, Stich für Stich gives every
player one case as confidant, and Was sticht? plays until a player has discarded all its
task chips. Each game says so itself: `Game.course` gives its own `Course` (defined in its
module), and this module holds what every course shares.

A `Course` knows only what the whole table knows, so it serves a seat at a real table
(``stich live``, ``stich serve``) as well as random play (``stich simulate --match``):
`facts` are the public ``known`` facts of the next round (its number and hand size, the
scores before it, the chips a seat is known to hold), `finish` takes a finished round —
omniscient or one seat's view — and moves on; ``stich check`` follows a match document's
rounds with it. `series_deal` deals round ``i`` of a series of rounds played one by one
from a game's start (the arena's deals).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, Generic, NotRequired, Protocol, TypedDict, TypeVar

from stich.games.errors import StichError
from stich.games.jsonfile import short_repr
from stich.games.reports import Known, RoundResult

__all__ = ["Course", "CourseGame", "FinishedRound", "PointsStanding", "Standing"]


class Standing(TypedDict):
    """Whether a whole game is over and who won, as a match document's ``standing`` holds it:
    ``{"ended": false}`` before the first round is finished; each game adds its own facts
    (a `Standing` subclass in its module)."""

    ended: bool
    winners: NotRequired[list[int]]  # seats, in seat order (Was sticht?: the winners' order)


class PointsStanding(Standing):
    """The standing of a game won on the most points (Wizard, Stich für Stich): ``shared`` when
    several players tie for the win."""

    shared: bool


class CourseGame(Protocol):
    """What a course asks of every game (`games.base.Game` answers it; this module imports nothing
    of `games.base`, which imports it for `Game.course`)."""

    @property
    def players(self) -> int: ...

    @property
    def title(self) -> str: ...


class FinishedRound(Protocol):
    """What a course asks of a finished round (`games.base.Round` answers it)."""

    def result(self) -> RoundResult: ...


G = TypeVar("G", bound=CourseGame, covariant=True)


class Course(ABC, Generic[G]):
    """A whole game from one round to the next; ``dealer`` and `facts` describe the next round."""

    def __init__(self, game: G, dealer: int | None = None) -> None:
        self.game = game
        n = game.players
        self.dealer = self.first_dealer() if dealer is None else dealer
        if not 0 <= self.dealer < n:
            raise StichError(f"dealer {self.dealer} does not exist (seats are 0..{n - 1})")
        self.rounds = 0  # rounds finished
        self.totals: list[int] = self.start_totals()
        self.scores: list[list[int]] = []  # the totals after each round
        self.standing: Standing = {"ended": False}
        self.held: dict[int, list[str]] = {}  # task chips a seat is known to hold (Was sticht?)

    def hold(self, seat: int, tasks: Sequence[str]) -> None:
        """The task chips ``seat`` drew before the first round (games with chips)."""
        raise StichError(f"{self.game.title} has no task chips")

    def first_dealer(self) -> int:
        """Who deals the first round when nobody is named (the last seat)."""
        return self.game.players - 1

    def start_totals(self) -> list[int]:
        """Each player's total before the first round (default 0); rounds add their points to it."""
        return [0] * self.game.players

    def prepare(self, rng: random.Random) -> None:
        """Random play: what is drawn once before the first round (default nothing)."""

    @property
    def ended(self) -> bool:
        return bool(self.standing.get("ended"))

    def facts(self) -> Known:
        """The ``known`` facts of the next round that follow from the game so far (no cards)."""
        return {}

    def hand_size(self, seat: int) -> int | None:
        """Cards ``seat`` is dealt in the next round, when a hand is dealt (None: drafted)."""
        return None

    @abstractmethod
    def deal(self, rng: random.Random) -> Known:
        """A random omniscient ``known`` block for the next round (random play)."""

    def round_deal(self, rng: random.Random, number: int) -> Known:
        """A random omniscient ``known`` block of round ``number`` (1 first) of a game that deals its
        rounds in a sequence of hand sizes (Stiche-Raten, Wizard), dealt by ``dealer``; a
        `StichError` for a game without one."""
        raise StichError(f"{self.game.title} has no sequence of rounds to choose from")

    def series_start(self) -> int:
        """The seat dealing round 0 of a series (`series_deal`): by default the first dealer."""
        return self.dealer

    def series_deal(self, rng: random.Random, number: int) -> tuple[int, Known]:
        """The dealer and a random omniscient ``known`` block of round ``number`` (0 first) of a
        series of rounds each played alone (the arena's deals): the deal passes to the left from
        `series_start`, and each round is dealt as the first round of a game this dealer starts
        (a game whose rounds differ by their number says how its series goes on)."""
        dealer = (self.series_start() + number) % self.game.players
        return dealer, type(self)(self.game, dealer).deal(rng)

    def finish(self, state: FinishedRound) -> None:
        """Take a finished round: its points, the standing, and the next dealer."""
        if self.ended:
            raise StichError("the game is over: no round follows")
        points = state.result()["points"]
        if points is None:
            raise StichError("the round is not over: it has no points yet")
        self.rounds += 1
        self.totals = [t + p for t, p in zip(self.totals, points, strict=True)]
        self.scores.append(list(self.totals))
        self.settle(state)
        if not self.ended:
            self.dealer = (self.dealer + 1) % self.game.players

    @abstractmethod
    def settle(self, state: FinishedRound) -> None:
        """The standing after a round whose points are already in ``totals``."""

    def describe_next(self) -> str:
        """The next round as players announce it."""
        return f"round {self.rounds + 1}"

    def hold_known(self, known: Mapping[str, Any], names: Sequence[str]) -> None:
        """What the first round's ``known`` block says was drawn before it (default nothing)."""

    def known_fact(self, key: str, known: Mapping[str, Any], names: Sequence[str]) -> Any:
        """The fact ``key`` of a round's ``known`` block, in the form `facts` gives it."""
        return known.get(key)

    def start_problem(self, dealer: int, known: Mapping[str, Any], names: Sequence[str]) -> str | None:
        """What in the start of the next round (its dealer, its ``known`` block) disagrees with
        the game so far, in words; None when nothing does."""
        if self.ended:
            return f"the game was over after round {self.rounds}: no round follows"
        if dealer != self.dealer:
            return f"{names[dealer]} deals, but it is {names[self.dealer]}'s deal"
        facts = self.facts()
        for key in facts:
            have, value = self.known_fact(key, known, names), self.known_fact(key, facts, names)
            if have != value:
                return f"known/{key} is {short_repr(have)}, but the game so far gives {short_repr(value)}"
        return None
