"""What a side plays for, in the form the search needs.

The search asks "can the side reach value ≥ target from here?". An objective says
how the value comes about:

- *additive* objectives (`Tricks`) count one per trick the side wins, so the
  transposition table stores bounds on the tricks still to come, whatever was won
  before (as DDS does);
- the others carry a *progress* (what the finished tricks have settled: tricks per
  seat, colours taken, the last winner) that is part of the table key, and a
  *final* value once the tricks are over, with cheap *bounds* that end the search
  early when the outcome is already decided.

Values are integers and larger is better for the side; `report` turns a value into
the figure a user reads (24 round points, where fewer is better).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from stich.games.base import TaskGoal
from stich.games.cards import CardSet
from stich.games.trick_tables import PlayContext
from stich.solvers.position import ObjectiveKind, Position

if TYPE_CHECKING:  # the kernel's table types live in its stub (solvers/_dd.pyi)
    from stich.solvers._dd import (
        ExactObjective,
        KernelObjective,
        PointsObjective,
        TaskObjective,
        TricksObjective,
    )
    from stich.solvers._dd import (
        TaskKind as KernelTask,
    )

__all__ = [
    "Objective",
    "Tricks",
    "ExactTricks",
    "SeatTask",
    "RoundPoints",
    "make_objective",
]

Progress = Hashable


class Objective:
    """The interface the search uses; `Tricks` is the additive case."""

    additive: bool = False
    # More tricks for the side never hurt: quick-trick bounds apply.
    monotone: bool = False
    # Goal text for reports.
    goal: str = "max"

    def value_range(self, left: int) -> tuple[int, int]:
        """Smallest and largest value possible with ``left`` tricks to play."""
        raise NotImplementedError

    def start(self) -> Progress:
        """The progress at the position."""
        return None

    def after_trick(self, progress: Progress, winner: int, cards: CardSet) -> Progress:
        """The progress once ``winner`` has taken a trick of ``cards``."""
        return progress

    def final(self, progress: Progress, state: int) -> int:
        """The value when no trick is left (``state``: the dynamic state at the end)."""
        raise NotImplementedError

    def bounds(self, progress: Progress, left: int) -> tuple[int, int]:
        """Cheap bounds on the value from here; equal when the outcome is settled."""
        return self.value_range(left)

    def card_tags(self, size: int) -> list[int]:
        """A tag per card: cards with different tags are never treated as equivalent."""
        return [0] * size

    def report(self, value: int) -> int:
        """The value as a user reads it."""
        return value

    def kernel_spec(self) -> KernelObjective | None:
        """The objective as the compiled kernel reads it (``solvers/_dd.c``, ``read_objective``), or
        None where the kernel cannot serve it: the pure-Python search then runs."""
        return None


class Tricks(Objective):
    """The number of the remaining tricks the side takes (Stich für Stich: its trick points)."""

    additive = True
    monotone = True

    def value_range(self, left: int) -> tuple[int, int]:
        return 0, left

    def kernel_spec(self) -> TricksObjective:
        return {"kind": "tricks"}


@dataclass
class ExactTricks(Objective):
    """1 if the side ends the round with exactly ``k`` tricks (``so_far`` of them already won), else 0."""

    k: int
    so_far: int
    side: frozenset[int]

    def value_range(self, left: int) -> tuple[int, int]:
        return 0, 1

    def start(self) -> Progress:
        return min(self.so_far, self.k + 1)

    def after_trick(self, progress: Progress, winner: int, cards: CardSet) -> Progress:
        assert isinstance(progress, int)
        return min(progress + 1, self.k + 1) if winner in self.side else progress

    def final(self, progress: Progress, state: int) -> int:
        return int(progress == self.k)

    def bounds(self, progress: Progress, left: int) -> tuple[int, int]:
        assert isinstance(progress, int)
        if progress > self.k or progress + left < self.k:
            return 0, 0
        if left == 0:
            return 1, 1
        return 0, 1

    def kernel_spec(self) -> ExactObjective:
        return {"kind": "exact", "k": self.k, "side": sorted(self.side)}


@dataclass
class SeatTask(Objective):
    """1 if ``seat`` makes ``task`` (with ``owner``: while the owner fails it), else 0. The task is
    the game's own (`Game.task_of`), which judges it (`TaskGoal.status`).

    Progress: (tricks per seat, capped where more makes no difference; a bit per seat
    for "has taken one of the task's cards"; the last trick's winner).
    """

    task: TaskGoal
    seat: int
    owner: int | None
    players: int
    won: tuple[int, ...]
    taken: tuple[CardSet, ...]

    def __post_init__(self) -> None:
        self.watched = (self.seat,) if self.owner is None else (self.seat, self.owner)
        self.all_seats = self.task.all_seats
        self.cap = self.task.cap
        self.watches_last = self.task.watches_last
        # The cards the task watches, as the game's deck has them (none for most tasks).
        self.colour_mask: CardSet = self.task.cards

    def value_range(self, left: int) -> tuple[int, int]:
        return 0, 1

    def card_tags(self, size: int) -> list[int]:
        return [int(self.colour_mask >> c & 1) for c in range(size)]

    def _counted(self, seat: int) -> bool:
        return self.all_seats or seat in self.watched

    def start(self) -> Progress:
        won = tuple(min(w, self.cap) if self._counted(s) else 0 for s, w in enumerate(self.won))
        flags = sum(1 << s for s in self.watched if self.taken[s] & self.colour_mask)
        return won, flags, -1

    def after_trick(self, progress: Progress, winner: int, cards: CardSet) -> Progress:
        won: tuple[int, ...]
        flags: int
        won, flags, _ = progress  # type: ignore[misc]
        if self._counted(winner):
            won = tuple(min(w + 1, self.cap) if s == winner else w for s, w in enumerate(won))
        if cards & self.colour_mask and winner in self.watched:
            flags |= 1 << winner
        last = winner if self.watches_last and winner in self.watched else -1
        return won, flags, last

    def status(self, seat: int, progress: Progress, left: int) -> int | None:
        """1 made, 0 failed (both settled), None open."""
        won: tuple[int, ...]
        flags: int
        last: int
        won, flags, last = progress  # type: ignore[misc]
        return self.task.status(seat, won, flags, last, left)

    def bounds(self, progress: Progress, left: int) -> tuple[int, int]:
        made = self.status(self.seat, progress, left)
        if made == 0:
            return 0, 0
        if self.owner is None:
            return (0, 1) if made is None else (1, 1)
        owner = self.status(self.owner, progress, left)
        if owner == 1:
            return 0, 0
        if made == 1 and owner == 0:
            return 1, 1
        return 0, 1

    def final(self, progress: Progress, state: int) -> int:
        return self.bounds(progress, 0)[0]

    def kernel_spec(self) -> TaskObjective | None:
        kind = self.task.kernel_kind
        if kind is None:  # a task the kernel does not know: the Python search serves it
            return None
        seats = range(self.players)
        return {
            "kind": "task",
            "task": cast("KernelTask", kind),
            "seat": self.seat,
            "owner": -1 if self.owner is None else self.owner,
            "cap": self.cap,
            "colour_mask": self.colour_mask,
            "watched": list(self.watched),
            "counted": [s for s in seats if self._counted(s)],
        }


@dataclass
class RoundPoints(Objective):
    """Minus the round points of the side's seats, as the game scores them (`PlayContext.seat_points`:
    24's trick values, yellow and blind, the penalty for no trick, Trump Chaos's last-named trump).
    Progress: the tricks of each seat of the side over the round."""

    side: tuple[int, ...]
    won: tuple[int, ...]
    context: PlayContext
    states: int
    most_tricks: int
    goal = "min"

    def __post_init__(self) -> None:
        # The extremes over every trick count and every state the round may end in.
        lo = hi = 0
        for seat in self.side:
            points = [
                self.context.seat_points(seat, t, state)
                for t in range(self.most_tricks + 1)
                for state in range(self.states)
            ]
            lo -= max(points)
            hi -= min(points)
        self.range = (lo, hi)
        # Per seat of the side, by its tricks so far w and the tricks left l: the extremes of its
        # value over w..w+l tricks at the end and every state (the kernel's `points_bounds`).
        self._seat_bounds: list[list[list[tuple[int, int]]]] = []
        most = self.most_tricks
        for seat in self.side:
            by_tricks = [
                [-self.context.seat_points(seat, t, state) for state in range(self.states)]
                for t in range(most + 1)
            ]
            self._seat_bounds.append(
                [
                    [
                        (
                            min(min(v) for v in by_tricks[w : w + n + 1]),
                            max(max(v) for v in by_tricks[w : w + n + 1]),
                        )
                        for n in range(most - w + 1)
                    ]
                    for w in range(most + 1)
                ]
            )

    def value_range(self, left: int) -> tuple[int, int]:
        return self.range

    def bounds(self, progress: Progress, left: int) -> tuple[int, int]:
        """The sum over the side's seats of each one's extremes with its tricks so far and at most
        ``left`` more (every state the round may end in): once a 24 seat has a trick, the
        penalty for none is out of reach, and its points lie between its tricks' and those with
        every trick left."""
        assert isinstance(progress, tuple)
        lo = hi = 0
        for by_won, won in zip(self._seat_bounds, progress, strict=True):
            seat_lo, seat_hi = by_won[won][min(left, self.most_tricks - won)]
            lo += seat_lo
            hi += seat_hi
        return lo, hi

    def start(self) -> Progress:
        return tuple(self.won[s] for s in self.side)

    def after_trick(self, progress: Progress, winner: int, cards: CardSet) -> Progress:
        assert isinstance(progress, tuple)
        if winner not in self.side:
            return progress
        i = self.side.index(winner)
        return (*progress[:i], progress[i] + 1, *progress[i + 1 :])

    def final(self, progress: Progress, state: int) -> int:
        assert isinstance(progress, tuple)
        seat_points = self.context.seat_points
        return -sum(
            seat_points(seat, tricks, state) for seat, tricks in zip(self.side, progress, strict=True)
        )

    def report(self, value: int) -> int:
        return -value

    def kernel_spec(self) -> PointsObjective:
        seat_points = self.context.seat_points
        points = [
            seat_points(seat, tricks, state)
            for seat in self.side
            for tricks in range(self.most_tricks + 1)
            for state in range(self.states)
        ]
        lo, hi = self.range
        return {
            "kind": "points",
            "side": list(self.side),
            "most": self.most_tricks,
            "lo": lo,
            "hi": hi,
            "points": points,
        }


def make_objective(position: Position) -> Objective:
    """The objective of a position, ready for the search."""
    spec = position.objective
    side = position.side()
    game = position.rules_game
    if spec.type is ObjectiveKind.TRICKS or (spec.type is ObjectiveKind.POINTS and game.points_count_tricks):
        return Tricks()
    if spec.type is ObjectiveKind.EXACT:
        assert spec.k is not None
        return ExactTricks(spec.k, sum(position.won[s] for s in side), frozenset(side))
    if spec.type is ObjectiveKind.TASK:
        assert spec.task is not None
        seat = spec.seat if spec.seat is not None else position.to_move
        task = game.task_of(spec.task)
        return SeatTask(task, seat, spec.owner, position.players, position.won, position.taken)
    most = max(position.won) + position.tricks_left()
    states = len(position.context.trick_tables().states)
    return RoundPoints(tuple(side), position.won, position.context, states, most)
