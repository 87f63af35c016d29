"""The course of a whole game between its rounds: who deals next, what the next round deals,
the running totals and the standing.

Each game strings its rounds together in its own way (rulebooks, "Game End"): Stiche-Raten
and Wizard follow their round sequences (Stiche-Raten plays extra rounds of the largest
size to break a tie), 24 plays until a score reaches 0 or 48, Stich für Stich gives every
player one case as confidant, and Was sticht? plays until a player has discarded all five
task chips. A `Course` knows only what the whole table knows, so it serves a seat at a real
table (``stich live``) as well as random play: `facts` are the public ``known`` facts of the
next round (its number and hand size, the scores before it, the chips a seat is known to
hold), `finish` takes a finished round — omniscient or one seat's view — and moves on.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from stich.games.base import Game, Round, seat_key
from stich.games.errors import StichError
from stich.games.jsonfile import short_repr

__all__ = ["COURSES", "Course", "course_of"]


class Course(ABC):
    """A whole game from one round to the next; ``dealer`` and `facts` describe the next round."""

    def __init__(self, game: Game, dealer: int | None = None) -> None:
        self.game = game
        n = game.players
        self.dealer = self.first_dealer() if dealer is None else dealer
        if not 0 <= self.dealer < n:
            raise StichError(f"dealer {self.dealer} does not exist (seats are 0..{n - 1})")
        self.rounds = 0  # rounds finished
        self.totals: list[int] = self.start_totals()
        self.scores: list[list[int]] = []  # the totals after each round
        self.standing: dict[str, Any] = {"ended": False}
        self.held: dict[int, list[str]] = {}  # task chips a seat is known to hold (Was sticht?)

    def hold(self, seat: int, tasks: Sequence[str]) -> None:
        """The task chips ``seat`` drew before the first round (games with chips)."""
        raise StichError(f"{self.game.title} has no task chips")

    def first_dealer(self) -> int:
        """Who deals the first round when nobody is named (the last seat)."""
        return self.game.players - 1

    def start_totals(self) -> list[int]:
        """Each player's total before the first round; rounds add their points to it."""
        return self.game.match_start_totals()

    def prepare(self, rng: random.Random) -> None:
        """Random play: what is drawn once before the first round (default nothing)."""

    @property
    def ended(self) -> bool:
        return bool(self.standing.get("ended"))

    def facts(self) -> dict[str, Any]:
        """The ``known`` facts of the next round that follow from the game so far (no cards)."""
        return {}

    def hand_size(self, seat: int) -> int | None:
        """Cards ``seat`` is dealt in the next round, when a hand is dealt (None: drafted)."""
        return None

    @abstractmethod
    def deal(self, rng: random.Random) -> dict[str, Any]:
        """A random omniscient ``known`` block for the next round (random play)."""

    def finish(self, state: Round) -> None:
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
    def settle(self, state: Round) -> None:
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


class BiddingCourse(Course):
    """Stiche-Raten and Wizard: round r deals the r-th size of the game's sequence."""

    game: Any

    def number(self) -> int:
        return self.rounds + 1

    def size(self) -> int:
        size: int = self.game.size_of_round(self.number())
        return size

    def facts(self) -> dict[str, Any]:
        return {"cards": self.size(), "round": self.number()}

    def hand_size(self, seat: int) -> int | None:
        return self.size()

    def deal(self, rng: random.Random) -> dict[str, Any]:
        known: dict[str, Any] = self.game.deal(rng, self.dealer, self.size(), self.number())
        return known

    def settle(self, state: Round) -> None:
        if self.rounds >= len(self.game.round_sizes()):
            self.standing = self.game.standing(self.totals)

    def describe_next(self) -> str:
        extra = " (extra round to break the tie)" if self.number() > len(self.game.round_sizes()) else ""
        cards = f"{self.size()} card{'s' if self.size() > 1 else ''} each"
        return f"round {self.number()} of {len(self.game.round_sizes())}, {cards}{extra}"


class TwentyFourCourse(Course):
    """24: every player starts with 24 points; play until a score reaches 0 or 48."""

    game: Any

    def facts(self) -> dict[str, Any]:
        return {"scores": list(self.totals)}

    def hand_size(self, seat: int) -> int | None:
        return 6

    def deal(self, rng: random.Random) -> dict[str, Any]:
        known: dict[str, Any] = self.game.deal(rng, self.dealer, scores=self.totals)
        return known

    def settle(self, state: Round) -> None:
        self.standing = self.game.standing(self.totals)


class CaseCourse(Course):
    """Stich für Stich: each player is the confidant of one case, passing to the left."""

    game: Any

    def first_dealer(self) -> int:
        return 0

    def hand_size(self, seat: int) -> int | None:
        return 10 if seat == self.dealer else 7

    def deal(self, rng: random.Random) -> dict[str, Any]:
        known: dict[str, Any] = self.game.deal(rng, self.dealer)
        return known

    def settle(self, state: Round) -> None:
        if self.rounds == self.game.players:
            self.standing = self.game.standing(self.totals)

    def describe_next(self) -> str:
        return f"case {self.rounds + 1} of {self.game.players}"


class ChipCourse(Course):
    """Was sticht?: 5 task chips each, rounds until a player has discarded all of them.

    The chips a seat holds are known for the seats given in `hold` (at a real table: one's
    own); every seat's count and the values it discarded follow from the rounds.
    """

    game: Any

    def __init__(self, game: Game, dealer: int | None = None) -> None:
        super().__init__(game, dealer)
        n = game.players
        self.left = [5] * n
        self.discarded: list[list[int]] = [[] for _ in range(n)]

    def first_dealer(self) -> int:
        return 0

    def hold(self, seat: int, tasks: Sequence[str]) -> None:
        """The chips ``seat`` drew at the preparation (before the first round)."""
        from stich.games.was_sticht import CHIPS_PER_PLAYER, parse_task

        if self.rounds:
            raise StichError("the chips are drawn before the first round")
        chips = [parse_task(t) for t in tasks]
        if len(chips) != CHIPS_PER_PLAYER:
            raise StichError(f"each player draws {CHIPS_PER_PLAYER} chips, not {len(chips)}")
        counts = self.game.chip_counts()
        for task in set(chips):
            if chips.count(task) > counts.get(task, 0):
                raise StichError(
                    f"the chip set has {counts.get(task, 0)} {task} chips, not {chips.count(task)}"
                )
        self.held[seat] = chips

    def prepare(self, rng: random.Random) -> None:
        """Random play: every seat draws its chips from the shuffled pool, the dealer first."""
        pool = [chip["task"] for chip in self.game.chip_set()]
        held: dict[int, list[str]] = {s: [] for s in range(self.game.players)}
        for seat in self.game.draft_chips_order(self.dealer):
            held[seat].append(pool.pop(rng.randrange(len(pool))))
        self.held = held

    def facts(self) -> dict[str, Any]:
        if not self.held:
            return {}
        return {"chips": {str(s): list(chips) for s, chips in sorted(self.held.items())}}

    def hold_known(self, known: Mapping[str, Any], names: Sequence[str]) -> None:
        for seat, tasks in self._chips_of(known, names).items():
            self.hold(seat, tasks)

    def known_fact(self, key: str, known: Mapping[str, Any], names: Sequence[str]) -> Any:
        if key != "chips":
            return super().known_fact(key, known, names)
        # The chips of the seats the course follows, in any order.
        chips = self._chips_of(known, names)
        return {str(s): sorted(chips[s]) if s in chips else None for s in sorted(self.held)}

    @staticmethod
    def _chips_of(known: Mapping[str, Any], names: Sequence[str]) -> dict[int, list[str]]:
        from stich.games.was_sticht import parse_task

        raw = known.get("chips") or {}
        if not isinstance(raw, Mapping):
            raise StichError("known.chips must be an object of seat → task ids held")
        chips: dict[int, list[str]] = {}
        for key, tasks in raw.items():
            if not isinstance(tasks, list):
                raise StichError(f"known.chips[{key}] must be a list of task ids")
            chips[seat_key(key, names, "known.chips seat")] = [parse_task(t) for t in tasks]
        return chips

    def deal(self, rng: random.Random) -> dict[str, Any]:
        known: dict[str, Any] = self.game.deal(rng, self.dealer)
        known.update(self.facts())
        return known

    def finish(self, state: Round) -> None:
        values = self.game.chip_values()
        for seat, task in state.result()["discards"].items():
            if seat in self.held:
                self.held[seat].remove(task)
            self.left[seat] -= 1
            self.discarded[seat].append(values[task])
        super().finish(state)

    def settle(self, state: Round) -> None:
        self.standing = self.game.standing(self.discarded, self.left)


COURSES: dict[str, Callable[[Game, int | None], Course]] = {
    "stiche-raten": BiddingCourse,
    "wizard": BiddingCourse,
    "24": TwentyFourCourse,
    "stich-fuer-stich": CaseCourse,
    "was-sticht": ChipCourse,
}


def course_of(game: Game, dealer: int | None = None) -> Course:
    """The course of a whole game of ``game``, its first round dealt by ``dealer``."""
    if game.id not in COURSES:
        raise StichError(f"no whole-game course for {game.id}")
    return COURSES[game.id](game, dealer)
