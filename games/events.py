"""The events of a round record, one typed record per kind.

An event is a JSON object with (usually) a ``seat`` and exactly one key that names what
happened (``{"seat": 0, "play": "R7"}``); see the record format in docs/format.md. Each kind
is a `TypedDict` here and `Event` is their union. They are plain dicts at run time, so a
record reads and writes exactly as before; the types only let the checker know which keys
an event of each kind has. A kind is told apart by its key: ``if "play" in event:`` narrows
``event`` to `PlayEvent` (or `TrumpEvent` when it is ``"trump"``, which a Trump Chaos play also
carries). The kinds are final, so such a test excludes every kind that lacks the key.

Values are typed as the engine writes them (``legal_events``); a record file may also name
a seat by its player's name, which `Round.apply` reads with `seat_index`, and every value a
file gives is checked by the rules as it is applied.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypeAlias, TypedDict, cast, final

__all__ = [
    "AnnounceEvent",
    "BidEvent",
    "DiscardEvent",
    "DropEvent",
    "Event",
    "EventKind",
    "ExchangeEvent",
    "GuessEvent",
    "PickEvent",
    "PlayEvent",
    "RevealEvent",
    "SolvedEvent",
    "TaskEvent",
    "TrumpEvent",
    "WinnerEvent",
    "event_bid",
    "event_discard",
    "event_exchange",
    "event_from",
    "event_guess",
    "event_pick",
    "event_play",
    "event_task",
    "event_trump",
    "event_receive",
    "event_winner",
    "exchange_cards",
    "with_seat",
    "without",
]

EventKind: TypeAlias = Literal[
    "pick",
    "announce",
    "reveal",
    "task",
    "trump",
    "exchange",
    "drop",
    "bid",
    "play",
    "winner",
    "guess",
    "solved",
    "discard",
]
"""The keys that name an event's kind, in the order of the record schema."""


@final
class PickEvent(TypedDict):
    """Was sticht? draft: the card a seat takes from the layout."""

    seat: NotRequired[int]
    pick: str


@final
class AnnounceEvent(TypedDict):
    """Was sticht? the dealer announces a column's winner: a seat (index or name) or ``"table"``."""

    seat: NotRequired[int]
    announce: int | str


@final
class RevealEvent(TypedDict):
    """Was sticht? the trumps shown after the draft (``{"trump_suit": "R", "trump_number": 2}``)."""

    seat: NotRequired[int]
    reveal: dict[str, Any]


@final
class TaskEvent(TypedDict):
    """Was sticht? the task chip a seat chooses."""

    seat: NotRequired[int]
    task: str


@final
class DiscardEvent(TypedDict):
    """Was sticht? after the tricks, the chip the dealer discards."""

    seat: NotRequired[int]
    discard: str


@final
class TrumpEvent(TypedDict):
    """A trump call: 24's (``blind`` for yellow blind), Wizard's dealer choice; None for no trump."""

    seat: NotRequired[int]
    trump: str | None
    blind: NotRequired[bool]


@final
class ExchangeEvent(TypedDict):
    """24: the cards given away (with ``receive``, the cards drawn), or their count when unseen."""

    seat: NotRequired[int]
    exchange: list[str] | int
    receive: NotRequired[list[str]]


@final
class DropEvent(TypedDict):
    """24 variant b: the seat drops out of the round."""

    seat: NotRequired[int]
    drop: bool


@final
class BidEvent(TypedDict):
    """Stiche-Raten, Wizard: the number of tricks a seat bids."""

    seat: NotRequired[int]
    bid: int


@final
class PlayEvent(TypedDict):
    """A card played to the current trick; 24's ``reverse`` declaration, Trump Chaos's new ``trump``."""

    seat: NotRequired[int]
    play: str
    reverse: NotRequired[bool]
    trump: NotRequired[str | None]


@final
class WinnerEvent(TypedDict):
    """Stich für Stich: the trick winner the confidant announces."""

    seat: NotRequired[int]
    winner: int


@final
class GuessEvent(TypedDict):
    """Stich für Stich: a guess ``[culprit, weapon]``; the viewing sleuth hears ``answer``
    (``"solved"`` or ``"false"``), another seat's outcome is ``solved``."""

    seat: NotRequired[int]
    guess: list[str]
    answer: NotRequired[Literal["solved", "false"]]
    solved: NotRequired[bool]


@final
class SolvedEvent(TypedDict):
    """Stich für Stich: another sleuth's guess, heard only as its outcome."""

    seat: NotRequired[int]
    solved: bool


Event: TypeAlias = (
    PickEvent
    | AnnounceEvent
    | RevealEvent
    | TaskEvent
    | DiscardEvent
    | TrumpEvent
    | ExchangeEvent
    | DropEvent
    | BidEvent
    | PlayEvent
    | WinnerEvent
    | GuessEvent
    | SolvedEvent
)
"""One event of a round record, of any kind."""


def event_from(fields: Mapping[str, Any]) -> Event:
    """An event from fields put together at run time (a key chosen by a caller, fields copied
    from another event), in their order. The one place an untyped mapping becomes an `Event`:
    the rules check its keys and values when it is applied, as they check a record file's."""
    return cast("Event", dict(fields))


def with_seat(event: Event, seat: int) -> Event:
    """The event with ``seat`` as its first key (replacing any seat it has)."""
    return event_from({"seat": seat, **event})


def without(event: Event, key: str) -> Event:
    """The event without ``key`` (e.g. the ``receive`` of an exchange), in its order."""
    return event_from({k: v for k, v in event.items() if k != key})


# Typed reads of one kind's value: each raises `KeyError` for an event of another kind, as
# ``event[key]`` does, where the caller knows the kind from the phase (a legal event).


def event_pick(event: Event) -> str:
    """The card of a ``pick`` event."""
    if "pick" in event:
        return event["pick"]
    raise KeyError("pick")


def event_play(event: Event) -> str:
    """The card of a ``play`` event."""
    if "play" in event:
        return event["play"]
    raise KeyError("play")


def event_bid(event: Event) -> int:
    """The number of a ``bid`` event."""
    if "bid" in event:
        return event["bid"]
    raise KeyError("bid")


def event_task(event: Event) -> str:
    """The chip of a ``task`` event."""
    if "task" in event:
        return event["task"]
    raise KeyError("task")


def event_discard(event: Event) -> str:
    """The chip of a ``discard`` event."""
    if "discard" in event:
        return event["discard"]
    raise KeyError("discard")


def event_trump(event: Event) -> str | None:
    """The trump a ``trump`` event calls (or a Trump Chaos play names)."""
    if "trump" in event:
        return event["trump"]
    raise KeyError("trump")


def event_exchange(event: Event) -> list[str] | int:
    """The cards (or the count) an ``exchange`` event gives away."""
    if "exchange" in event:
        return event["exchange"]
    raise KeyError("exchange")


def exchange_cards(event: Event) -> list[str] | None:
    """The cards an ``exchange`` event gives away, when it names them; None for a count (the
    cards unseen) or an event of another kind."""
    if "exchange" in event and isinstance(event["exchange"], list):
        return event["exchange"]
    return None


def event_receive(event: Event) -> list[str]:
    """The cards an ``exchange`` event draws; [] when it does not say."""
    return (event.get("receive") or []) if "exchange" in event else []


def event_winner(event: Event) -> int:
    """The seat a ``winner`` event names."""
    if "winner" in event:
        return event["winner"]
    raise KeyError("winner")


def event_guess(event: Event) -> list[str]:
    """The ``[culprit, weapon]`` of a ``guess`` event."""
    if "guess" in event:
        return event["guess"]
    raise KeyError("guess")
