"""A position for the double-dummy solver: everything known, checked (the type; `solvers.parse` reads it).

The JSON form (``stich solve POSITION``)::

    {"game": "stiche-raten", "options": {}, "trump": "S",
     "hands": [["AS","KS"], ["QS","2H"], ["3H","4H"], ["5H","6H"]],
     "leader": 0, "trick": [], "teams": [[0,2],[1,3]],
     "objective": {"type": "tricks"}}

Games give their context: ``trump`` (a suit letter or null) for Stiche-Raten and
Wizard; ``secret`` for Was sticht? (``{"trump_suit": "R", "trump_number": 5}``) and
Stich für Stich (``{"culprit": "gardener", "weapon": "knife"}``); ``trump``,
``order`` and the pending ``next_trump`` / ``next_order``, ``blind``, ``caller`` and
``dropped`` for 24. Optional for every game: ``won`` (tricks won so far by seat)
and ``taken`` (cards each seat has won so far), which objectives about the whole
round count. `solvers.parse.parse_position` reads and checks the JSON form;
`solvers.rounds.position_of` takes a position from a round in play.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from stich.games.base import Game, TaskGoal
from stich.games.cards import Card, CardSet, Deck, popcount
from stich.games.errors import StichError
from stich.games.reports import ObjectiveJson
from stich.games.trick_tables import PlayContext

__all__ = ["OBJECTIVE_TYPES", "ObjectiveKind", "ObjectiveSpec", "Position"]


class ObjectiveKind(StrEnum):
    """What kind of objective the side plays for (the JSON ``type``; `OBJECTIVE_TYPES` lists them)."""

    TRICKS = "tricks"
    EXACT = "exact"
    TASK = "task"
    POINTS = "points"


OBJECTIVE_TYPES: tuple[str, ...] = tuple(kind.value for kind in ObjectiveKind)


@dataclass(frozen=True, init=False)
class ObjectiveSpec:
    """What the side plays for.

    ``tricks``: the most of the remaining tricks; ``exact``: exactly ``k`` tricks in
    the round (counting ``won``); ``task``: the ``task`` of ``seat``, by its id (Was sticht?'s
    task chips; with ``owner``: ``seat`` makes the owner's task while the owner fails it, the
    dealer's goal); ``points``: the fewest 24 round points, or the most Stich für Stich trick
    points.

    The kind may be given by its text (``"exact"``), which is read here into an `ObjectiveKind`;
    the task is kept by its id (a game's task, `TaskGoal`, gives its id) and read by the
    position's game (`Game.task_of`).
    """

    type: ObjectiveKind
    k: int | None
    task: str | None
    seat: int | None
    owner: int | None

    def __init__(
        self,
        type: ObjectiveKind | str = ObjectiveKind.TRICKS,
        k: int | None = None,
        task: TaskGoal | str | None = None,
        seat: int | None = None,
        owner: int | None = None,
    ) -> None:
        try:
            kind = ObjectiveKind(type)
        except ValueError:
            raise StichError(
                f"unknown objective {type!r} (objectives: {', '.join(OBJECTIVE_TYPES)})"
            ) from None
        object.__setattr__(self, "type", kind)
        object.__setattr__(self, "k", k)
        object.__setattr__(self, "task", task if task is None or isinstance(task, str) else task.id)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "owner", owner)

    def to_json(self) -> ObjectiveJson:
        out: ObjectiveJson = {"type": self.type.value}
        if self.k is not None:
            out["k"] = self.k
        if self.task is not None:
            out["task"] = self.task
        if self.seat is not None:
            out["seat"] = self.seat
        if self.owner is not None:
            out["owner"] = self.owner
        return out


@dataclass(frozen=True)
class Position:
    """A checked position: hands by seat, the current trick, the side, the objective, the context."""

    game: str
    options: Mapping[str, Any]
    deck: Deck
    hands: tuple[CardSet, ...]
    leader: int
    trick: tuple[Card, ...]
    teams: tuple[tuple[int, ...], ...] | None
    objective: ObjectiveSpec
    context: PlayContext
    won: tuple[int, ...]
    taken: tuple[CardSet, ...]
    rules_game: Game = field(repr=False, compare=False, hash=False)

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def playing(self) -> tuple[int, ...]:
        """Seats that play to tricks, clockwise (24 without those who dropped out)."""
        dropped = self.context.dropped
        return tuple(s for s in range(self.players) if s not in dropped)

    def trick_seats(self) -> list[int]:
        """Seats in the order they play to the current trick, from the leader."""
        seats = self.playing
        start = seats.index(self.leader)
        return [seats[(start + i) % len(seats)] for i in range(len(seats))]

    @property
    def to_move(self) -> int:
        """The seat whose card comes next."""
        return self.trick_seats()[len(self.trick)]

    def side(self) -> tuple[int, ...]:
        """The seats whose objective is searched: the team of the objective's seat, or of the seat to move."""
        seat = self.objective.seat if self.objective.seat is not None else self.to_move
        if self.teams is None:
            return (seat,)
        return next(team for team in self.teams if seat in team)

    def tricks_left(self) -> int:
        """Tricks still to be finished, the current one included."""
        seats = self.trick_seats()
        played = set(seats[: len(self.trick)])
        return min(popcount(self.hands[s]) + (1 if s in played else 0) for s in seats)

    def to_json(self) -> dict[str, Any]:
        """The JSON form (round-trips through `parse_position`)."""
        out: dict[str, Any] = {
            "game": self.game,
            "options": dict(self.options),
            **self.context.to_json(),
            "hands": [self.deck.names(h) for h in self.hands],
            "leader": self.leader,
            "trick": self.deck.names(self.trick),
            "objective": self.objective.to_json(),
        }
        if self.teams is not None:
            out["teams"] = [list(t) for t in self.teams]
        if any(self.won):
            out["won"] = list(self.won)
        if any(self.taken):
            out["taken"] = [self.deck.names(t) for t in self.taken]
        return out
