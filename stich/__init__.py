"""stich: a solver and deduction assistant for trick-taking card games.

The public Python API (see ``docs/api.md``)::

    import stich

    record = stich.simulate("stiche-raten", players=4, seed=1)   # a random legal round
    round_ = stich.replay(record, events=20)                      # its state after 20 events
    session = stich.session(record, seat="Ben", events=20)        # what Ben sees and deduces

Games are found by id (``stich.GAMES``); rounds are state machines over record events
(``round_.play("AS")``, ``round_.bid(2)``, ``round_.act("announce", "Carla")``); records
are the ``stich-round/1`` files the command line reads and writes.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from stich.games.base import Event, Game, Round, seat_index
from stich.games.errors import RuleError, StichError
from stich.games.registry import GAME_IDS as GAMES
from stich.games.registry import find
from stich.games.reports import known_of

if TYPE_CHECKING:
    from stich.games.record import Record
    from stich.hints.advice import Advice
    from stich.hints.session import Deduction, Session
    from stich.solvers import Position, Solution

# Imported on first use: the record schema's validator is slow to import, and the command line
# (which imports this package first) should start at once.
_LAZY = {"Record": ("stich.games.record", "Record")}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        module, attribute = _LAZY[name]
        import importlib

        return getattr(importlib.import_module(module), attribute)
    raise AttributeError(f"module 'stich' has no attribute {name!r}")


__all__ = [
    "GAMES",
    "Event",
    "Game",
    "Record",
    "Round",
    "RuleError",
    "StichError",
    "__version__",
    "advise",
    "deduce",
    "game",
    "load",
    "new_round",
    "parse",
    "position",
    "replay",
    "session",
    "simulate",
    "solve",
]

__version__ = "0.2.0"


def game(name: str, players: int = 4, options: Mapping[str, Any] | None = None) -> Game:
    """The game ``name`` (an id of `GAMES`) for ``players`` players with ``options`` checked."""
    return find(name)(players, options)


def new_round(
    name: str,
    *,
    players: Sequence[str] | int = 4,
    dealer: int | str | None = None,
    view: int | str | None = None,
    known: Mapping[str, Any] | None = None,
    start: str = "deal",
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
) -> Round:
    """A round at its start. ``players`` are names (or a count: Anna, Ben, ...); ``dealer``
    defaults to the last seat. Without ``known`` the cards are dealt at random (``seed``) and
    everything is known; with it, ``known`` is what ``view`` knows (see docs/format.md)."""
    from stich.games.record import DEFAULT_NAMES

    names = list(DEFAULT_NAMES[:players]) if isinstance(players, int) else list(players)
    rules = game(name, len(names), options)
    dealer_seat = len(names) - 1 if dealer is None else seat_index(dealer, names, "dealer")
    if known is None:
        if view is not None:
            raise StichError("give known (what the view knows) for a round seen by one seat")
        known = rules.deal(random.Random(seed), dealer_seat)
    view_seat = None if view is None else seat_index(view, names, "view")
    return rules.new_round(names, dealer_seat, view_seat, known_of(known), start)


def simulate(
    name: str, *, players: int = 4, seed: int | None = None, options: Mapping[str, Any] | None = None
) -> Record:
    """A round of random legal play as an omniscient record."""
    from stich.games.record import simulate as simulate_round

    return simulate_round(name, players, seed, options)


def load(path: str | Path) -> Record:
    """A ``stich-round/1`` record from a file (``-``: standard input)."""
    from stich.games.record import load_record

    return load_record(path)


def parse(data: object) -> Record:
    """A ``stich-round/1`` record from parsed JSON."""
    from stich.games.record import parse_record

    return parse_record(data)


def replay(record: Record, *, events: int | None = None) -> Round:
    """The round of a record after its first ``events`` events (default all); a `StichError`
    naming the first event the rules refuse."""
    from stich.games.record import start_round

    state = start_round(record)
    for i, event in enumerate(record.events[:events]):
        try:
            state.apply(event)
        except StichError as exc:
            raise type(exc)(f"event {i}: {exc}") from None
    return state


def session(record: Record, seat: int | str | None = None, *, events: int | None = None) -> Session:
    """``seat``'s view of a record (after its first ``events`` events): the round as that seat
    sees it, what it can deduce (`Session.deduction`), and advice (`hints.advice.advise`)."""
    from stich.hints.session import Session

    if events is not None:
        record = replace(record, events=record.events[:events])
    return Session.from_record(record, seat)


def deduce(source: Record | Session, seat: int | str | None = None) -> Deduction:
    """What a seat can deduce: the hidden secret's posterior, card locations with probabilities,
    and any contradiction."""
    from stich.hints.session import Session

    view = source if isinstance(source, Session) else Session.from_record(source, seat)
    return view.deduction()


def advise(
    source: Session, *, seconds: float = 2.0, worlds: int | None = None, seed: int | None = None
) -> Advice:
    """Advice for the session's seat at its decision: the best action, every alternative with its
    figures and standard error, the worlds looked at, and the reason. ``worlds`` fixes the number
    of sampled worlds (then ``seconds`` only sets the wall limit, ten times it: the worlds not
    solved by then are given up, `Advice.abandoned`); ``seed`` fixes which ones."""
    from stich.hints.advice import Budget
    from stich.hints.advice import advise as advise_session

    return advise_session(source, Budget(seconds=seconds, worlds=worlds, seed=seed))


def position(
    round_: Round,
    *,
    hands: Sequence[Sequence[str]] | None = None,
    secret: Mapping[str, Any] | None = None,
    objective: Mapping[str, Any] | None = None,
    teams: Sequence[Sequence[int]] | None = None,
) -> Position:
    """The double-dummy position of a round at any point of its trick play (every hand known, or
    given as card names in ``hands``); ``objective`` as in a position file (default: what the seat
    to move plays for: its bid, its task, its points); ``teams`` default to that seat alone."""
    from stich.solvers import position_of

    given = None if hands is None else [round_.deck.parse_set(h, f"hands[{i}]") for i, h in enumerate(hands)]
    return position_of(round_, hands=given, secret=secret, objective=objective, teams=teams)


def solve(source: Round | Position, *, line: bool = True, **kwargs: Any) -> Solution:
    """Solve a position (or a round, through `position` with ``kwargs``): the value, each legal
    move's value and a best line."""
    from stich.solvers import Position as SolverPosition
    from stich.solvers import solve as solve_position

    found = source if isinstance(source, SolverPosition) else position(source, **kwargs)
    return solve_position(found, with_line=line)
