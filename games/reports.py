"""The typed forms a game hands to other modules: the check report of a round, a seat's
objective, the game's facts.

`RoundCheck` is the report of one replayed round, what `games.record.check_round` finds and
`stich check` prints; its JSON form (``stich check --json``, docs/format.md) is
`RoundCheck.to_json`, read back by `RoundCheck.from_json`. Each game adds its own parts to the
printed report through `Game.check_tables` and `Game.check_lines` (`ReportTable` is a table of
text, drawn by the command line). `ObjectiveJson` is a solver position's ``objective``
(`Round.solver_objective`, read by `solvers.parse.parse_objective`); `GameFacts` what
``stich games`` lists (`Game.describe`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NotRequired, TypedDict, cast

__all__ = [
    "GameFacts",
    "Known",
    "known_of",
    "ObjectiveJson",
    "Observation",
    "OptionFacts",
    "ReportTable",
    "RoundResult",
    "RoundCheck",
    "TrickReport",
    "seat_list",
]


class Known(TypedDict, total=False):
    """A record's ``known`` block (docs/format.md), what a view knows from the start: as a deal
    writes it (omniscient), as a seat sees it (`Game.view_known`), or the facts a whole game
    carries into its next round. Each game reads the keys it knows; values from a file are
    checked by the game as the round starts."""

    layout: list[list[str]]
    hands: Any  # by seat: {"0": [cards]}, or a list in a record file
    secret: dict[str, Any]
    trump_card: str | None
    trump: str | None
    stock: list[str]
    cards: int | None
    round: int
    blind: bool
    scores: list[int]
    chips: dict[str, list[str]]
    bids: list[int | None]
    caller: int | str
    confidant: int | str | None
    dropped: list[bool]
    order: str
    table: str | None
    tasks: dict[str, str]
    properties: dict[str, Any]


class RoundResult(TypedDict):
    """A round's result (`Round.result`, ``result`` of ``stich check --json``): tricks won and
    points (null until the round is over), and what else the game scores."""

    tricks: list[int]
    points: list[int] | None
    # Stiche-Raten, Wizard
    bids: NotRequired[list[int | None]]
    # Was sticht?
    tasks: NotRequired[dict[int, str]]
    success: NotRequired[dict[int, bool]]
    dealer_made: NotRequired[list[int]]
    discards: NotRequired[dict[int, str]]
    # 24
    trump: NotRequired[str | None]
    blind: NotRequired[bool]
    order: NotRequired[str]
    caller: NotRequired[int | None]
    dropped: NotRequired[list[int]]
    scores: NotRequired[list[int]]
    # Stich für Stich
    investigation: NotRequired[list[int]]
    solved_at: NotRequired[dict[int, int | None]]
    confidant: NotRequired[int | None]
    secret: NotRequired[dict[str, Any] | None]


class Observation(TypedDict):
    """What one seat may see now (`Round.observation`): the trick play every game has, and the
    public facts of the game."""

    seat: int
    phase: str
    hand: list[str] | None
    hand_sizes: list[int]
    tricks: list[TrickReport]
    trick: list[str]
    leader: int
    won: list[int]
    dealer: NotRequired[int]
    trump: NotRequired[str | None]
    secret: NotRequired[dict[str, Any] | None]
    # Stiche-Raten, Wizard
    trump_card: NotRequired[str | None]
    bids: NotRequired[list[int | None]]
    # 24
    next_trump: NotRequired[str | None]
    blind: NotRequired[bool]
    order: NotRequired[str]
    next_order: NotRequired[str]
    caller: NotRequired[int | None]
    scores: NotRequired[list[int]]
    exchanged: NotRequired[list[Any]]
    dropped: NotRequired[list[int]]
    stock_size: NotRequired[int | None]
    # Was sticht?
    hands: NotRequired[list[list[str] | None]]
    layout: NotRequired[list[list[str]]]
    column: NotRequired[int]
    marker: NotRequired[int]
    picks: NotRequired[list[dict[str, Any]]]
    columns: NotRequired[list[Any]]
    table: NotRequired[list[str]]
    tasks: NotRequired[dict[int, str]]
    chips: NotRequired[dict[int, list[str]]]
    # Stich für Stich
    confidant: NotRequired[int | None]
    solved_at: NotRequired[dict[int, int | None]]
    guesses: NotRequired[list[dict[str, Any]]]


def known_of(raw: Mapping[str, Any] | None) -> Known:
    """A copy of a ``known`` block read from a file or given by a caller (None: empty), as a
    `Known`; the game checks its keys and values as the round starts."""
    return cast("Known", dict(raw or {}))


class TrickReport(TypedDict):
    """A finished trick: who led, the seats in play order, their cards by name, who won."""

    leader: int
    seats: list[int]
    cards: list[str]
    winner: int


# The keys of the JSON form that are not the game's own facts (`Round.report`).
_SHARED_KEYS = ("ok", "game", "complete", "phase", "events", "tricks", "result", "event", "error")


@dataclass(frozen=True)
class RoundCheck:
    """A round replayed by the rules: its tricks, result and the game's public facts, or the first
    event the rules forbid (``event``, its index; None with ``phase`` None: the start could not
    be set up)."""

    ok: bool
    game: str
    phase: str | None = None
    complete: bool = False
    events: int | None = None  # events accepted (all of them when ok)
    tricks: tuple[TrickReport, ...] = ()
    result: Mapping[str, Any] = field(default_factory=dict)  # the game's `Round.result`
    facts: Mapping[str, Any] = field(default_factory=dict)  # the game's `Round.report`
    event: int | None = None
    error: str | None = None

    @property
    def started(self) -> bool:
        """Whether the record's start was set up (then the tricks and the result are there)."""
        return self.phase is not None

    def to_json(self) -> dict[str, Any]:
        """The ``stich check --json`` form of a round (docs/format.md)."""
        if not self.started:
            return {"ok": self.ok, "game": self.game, "event": self.event, "error": self.error}
        out: dict[str, Any] = {
            "ok": self.ok,
            "game": self.game,
            "complete": self.complete,
            "phase": self.phase,
            "events": self.events,
            "tricks": [dict(t) for t in self.tricks],
            "result": dict(self.result),
            **self.facts,
        }
        if not self.ok:
            out["event"] = self.event
            out["error"] = self.error
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RoundCheck:
        """A report from its JSON form (keys other than the shared ones are the game's facts)."""
        if "phase" not in data:
            return cls(bool(data["ok"]), str(data["game"]), event=data.get("event"), error=data.get("error"))
        return cls(
            ok=bool(data["ok"]),
            game=str(data["game"]),
            phase=str(data["phase"]),
            complete=bool(data["complete"]),
            events=data.get("events"),
            tricks=tuple(data["tricks"]),
            result=dict(data["result"]),
            facts={k: v for k, v in data.items() if k not in _SHARED_KEYS},
            event=data.get("event"),
            error=data.get("error"),
        )


@dataclass(frozen=True)
class ReportTable:
    """A table of a printed report: a title, the column headings (True: right-aligned) and rows."""

    title: str
    columns: tuple[tuple[str, bool], ...]
    rows: tuple[tuple[str, ...], ...]


def seat_list(names: Sequence[str]) -> str:
    """``Anna``, ``Anna and Ben``, ``Anna, Ben and Carla``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class ObjectiveJson(TypedDict):
    """A solver position's ``objective`` (docs/solver.md): its ``type`` and the fields it takes."""

    type: str
    k: NotRequired[int]
    task: NotRequired[str]
    seat: NotRequired[int]
    owner: NotRequired[int]


class OptionFacts(TypedDict):
    """One option of a game, as ``stich games --json`` lists it."""

    name: str
    default: Any
    choices: list[Any] | None
    help: str


class GameFacts(TypedDict):
    """A game as ``stich games --json`` lists it."""

    id: str
    title: str
    players: list[int]
    starts: list[str]
    options: list[OptionFacts]
