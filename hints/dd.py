"""Double-dummy questions advice asks of one world, and nothing more.

Every function takes a round (the session's, at the decision), a world's hands and
secret, and asks the solver one question: the side's value, or each legal move's value
after it. Positions come from `solvers.position_of`, which reads the rules context
(trumps, 24's order, Trump Chaos, tricks won so far) from the round.

Advice asks the same questions of one decision in hundreds of worlds, so the solvers
are kept (`SolverCache`): a question that differs from an earlier one only in the cards
of each hand reuses that solver's transposition table (`Solver.reuse_for_world`) and
starts from its last value as a guess. Each process has its own cache.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from stich.games.base import Round
from stich.games.cards import Card, CardSet
from stich.games.events import Event, PlayEvent
from stich.solvers import ObjectiveSpec, Position, Solver, position_of
from stich.solvers.search import DEFAULT_TT_LIMIT
from stich.solvers.solver import Move

__all__ = [
    "SOLVERS",
    "SolverCache",
    "current_deadline",
    "deadline",
    "exact_by_move",
    "hypothetically",
    "most_tricks",
    "most_tricks_by_move",
    "move_event",
    "move_values",
    "one_against_all",
    "position",
    "value",
]

Teams = tuple[tuple[int, ...], ...]


def one_against_all(seat: int, seats: Sequence[int]) -> Teams:
    """``seat`` on its own against every other seat that plays."""
    others = tuple(s for s in seats if s != seat)
    return ((seat,), others) if others else ((seat,),)


def position(
    state: Round,
    hands: Sequence[CardSet],
    objective: ObjectiveSpec,
    teams: Teams | None,
    secret: dict[str, Any] | None = None,
    imagined: Collection[int] = (),
) -> Position:
    """The solver's position of ``state`` with the world's ``hands`` (and ``secret``); the
    ``imagined`` seats' hands may differ from what the round knows (`solvers.position_of`)."""
    return position_of(state, hands=hands, secret=secret, objective=objective, teams=teams, imagined=imagined)


class SolverCache:
    """The last few solvers asked, each with its last value; the oldest is dropped beyond ``size``.

    A decision asks up to four questions per world (Was sticht? play: the task against
    everyone and against each of three spoilers), so four solvers are kept; each table
    stays within ``tt_limit`` entries."""

    def __init__(self, size: int = 4, tt_limit: int = DEFAULT_TT_LIMIT) -> None:
        self.size = size
        self.tt_limit = tt_limit
        self._kept: list[tuple[Solver, list[int]]] = []  # most recently used last

    def solver(self, pos: Position) -> tuple[Solver, list[int]]:
        """A solver pointed at ``pos`` (kept, or new) and its last values (at most one)."""
        for i, (solver, last) in enumerate(self._kept):
            if solver.reuse_for_world(pos):
                self._kept.append(self._kept.pop(i))
                return solver, last
        kept: tuple[Solver, list[int]] = (Solver(pos, self.tt_limit), [])
        self._kept.append(kept)
        if len(self._kept) > self.size:
            self._kept.pop(0)
        return kept

    def clear(self) -> None:
        """Drop every kept solver (and its table's memory)."""
        self._kept.clear()


SOLVERS = SolverCache()
"""This process's solvers for advice."""

_DEADLINE: list[float | None] = [None]


@contextmanager
def deadline(when: float | None) -> Iterator[None]:
    """Within the block, a solve that runs past ``when`` (`time.monotonic` seconds; None: no
    limit) raises `SolveTimeout`: advice with a time budget stops there instead of waiting
    for a world that takes minutes."""
    before = _DEADLINE[0]
    _DEADLINE[0] = when
    try:
        yield
    finally:
        _DEADLINE[0] = before


def current_deadline() -> float | None:
    """The time limit `deadline` set for the solves of the block that runs (None: none)."""
    return _DEADLINE[0]


def value(pos: Position) -> int:
    """The side's value with best play by everyone."""
    solver, last = SOLVERS.solver(pos)
    solver.deadline = _DEADLINE[0]
    found = solver.value(guess=last[0] if last else None)
    last[:] = [found]
    return found


def move_values(
    pos: Position,
    only: Collection[Card] | None = None,
    lo: int | None = None,
    hi: int | None = None,
    guess: int | None = None,
) -> list[tuple[Move, int]]:
    """Each legal move of the seat to move with the side's value after it (``only``, ``lo``,
    ``hi``, ``guess``: as `Solver.move_values`; without a guess, the side's value). The side's
    own value, which bounds every move's, is asked first, from the last world's as a guess."""
    solver, last = SOLVERS.solver(pos)
    solver.deadline = _DEADLINE[0]
    root = solver.root()
    if root.left == 0:
        return []
    best = solver.value_to_go(root, guess=last[0] if last else None)
    last[:] = [best]
    # Without a guess, each move's value is first asked at the side's value: the best moves
    # reach it (one question each instead of halving the range: a 24 first play asked half
    # the nodes), and the others' moves are held to it.
    return solver.move_values(root, best, only=only, lo=lo, hi=hi, guess=best if guess is None else guess)


def move_event(state: Round, seat: int, move: Move) -> PlayEvent:
    """A solver move as a record event of ``seat`` (a 24 declaration as its fields)."""
    event: PlayEvent = {"seat": seat, "play": state.deck.name_of(move.card)}
    for key, value in move.declaration:
        if key == "reverse":
            event["reverse"] = value
        elif key == "trump":
            event["trump"] = value
        else:
            raise ValueError(f"a play declares no {key!r}")
    return event


def most_tricks(
    state: Round,
    hands: Sequence[CardSet],
    seat: int,
    secret: dict[str, Any] | None = None,
    imagined: Collection[int] = (),
) -> int:
    """The most of the remaining tricks ``seat`` can take against everyone (one solve).

    Tricks are shared between the seat and the others, so this is also the fewest the others
    can hold it to: a second solve from their side gives the same number."""
    teams = one_against_all(seat, list(range(len(hands))))
    return value(position(state, hands, ObjectiveSpec("tricks", seat=seat), teams, secret, imagined))


def most_tricks_by_move(
    state: Round,
    hands: Sequence[CardSet],
    seat: int,
    secret: dict[str, Any] | None = None,
    only: Collection[Card] | None = None,
    lo: int | None = None,
    hi: int | None = None,
    guess: int | None = None,
) -> dict[Move, int]:
    """For each legal move of ``seat`` (to move): the most of the remaining tricks, the current one
    included, it can take after that move against everyone.

    ``only``: just the moves of these cards; ``lo``, ``hi``: each count clamped to them, when
    the caller needs less than the number (with ``hi = guess = k``: can it take ``k``, and if
    not, how many? one question a move that can); ``guess``: a likely count."""
    teams = one_against_all(seat, list(range(len(hands))))
    pos = position(state, hands, ObjectiveSpec("tricks", seat=seat), teams, secret)
    return dict(move_values(pos, only=only, lo=lo, hi=hi, guess=guess))


def exact_by_move(
    state: Round, hands: Sequence[CardSet], seat: int, k: int, secret: dict[str, Any] | None = None
) -> dict[Move, bool]:
    """For each legal move of ``seat`` (to move): can it end the round with exactly ``k`` tricks
    (those already won included) after that move, against everyone else?"""
    teams = one_against_all(seat, list(range(len(hands))))
    spec = ObjectiveSpec("exact", k=k, seat=seat)
    return {m: v == 1 for m, v in move_values(position(state, hands, spec, teams, secret))}


@contextmanager
def hypothetically(state: Round, event: Event) -> Iterator[Round]:
    """The round with ``event`` applied for the duration of the block, then taken back."""
    state.apply(event)
    try:
        yield state
    finally:
        state.undo()
