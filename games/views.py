"""One seat's view of a round: an omniscient record with what that seat cannot see removed.

The deducer and the hint engine work from such views only, so they cannot peek:
other hands, the stock, the secret (unless the seat is the dealer or confidant),
the cards other players exchanged, and other sleuths' guesses are taken out. Each
game says what its seats see through the hooks `Game.view_known`, `Game.view_event`
and `Round.implied_events`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from stich.games.base import Event, Round, seat_index
from stich.games.errors import StichError
from stich.games.record import Record, start_round

__all__ = ["ViewFeed", "seat_view"]


class ViewFeed:
    """Replays an omniscient record once, event by event, and says what each seat hears of it.

    ``truth`` is the omniscient round: before `step` it stands just before the next event
    (whose seat is to move, what it holds); `step` applies the event and returns, for each
    seat asked for, the events of its view (the event as that seat saw it, and what it
    hears besides, such as an announced winner).
    """

    def __init__(self, record: Record, seats: Iterable[int]) -> None:
        if record.view is not None:
            raise StichError(
                f"the record is already seen from seat {record.view}; a view needs an omniscient record"
            )
        self.record = record
        self.seats = list(seats)
        for seat in self.seats:
            if not 0 <= seat < len(record.players):
                raise StichError(f"seat {seat} does not exist (seats are 0..{len(record.players) - 1})")
        self.truth: Round = start_round(record)
        self.index = 0

    def header(self, seat: int) -> Record:
        """``seat``'s view record with no events yet: what it knows from the start."""
        record = self.record
        known = self.truth.game.view_known(record.known, seat, record.dealer, record.start)
        return replace(record, events=[], view=seat, known=known)

    def actor(self, event: Event) -> int | None:
        """The seat that makes ``event`` (its ``seat`` field, else the seat to move)."""
        if "seat" in event:
            return seat_index(event["seat"], self.truth.names)
        return self.truth.to_move()

    def step(self) -> dict[int, list[Event]]:
        """Apply the next event of the record; each seat's view events of it."""
        return self._step(live=False)

    def extend(self, event: Event) -> dict[int, list[Event]]:
        """Live play: append ``event`` to the record and apply it; each seat's view events of it.

        The event after it is not chosen yet. Where the rules leave only one (an announcement
        the round will make), that one stands for it, so that the seats do not also hear it
        as implied."""
        if not self.done():
            raise StichError("the record still has events to step through before it can be extended")
        self.record.events.append(event)
        try:
            return self._step(live=True)
        except StichError:
            self.record.events.pop()
            raise

    def _step(self, live: bool) -> dict[int, list[Event]]:
        record, truth = self.record, self.truth
        i = self.index
        event = record.events[i]
        actor = self.actor(event)
        tricks_before = len(truth.tricks)
        try:
            truth.apply(event)
        except StichError as exc:
            raise StichError(f"cannot take a view of a record the rules reject: event {i}: {exc}") from None
        self.index += 1
        following = record.events[i + 1] if i + 1 < len(record.events) else None
        if live and not truth.is_terminal():
            forced = truth.legal_events()
            following = forced[0] if len(forced) == 1 else None
        heard = truth.implied_events(event, following, tricks_before)
        game = truth.game
        return {seat: [game.view_event(event, actor, seat, record.dealer), *heard] for seat in self.seats}

    def done(self) -> bool:
        return self.index >= len(self.record.events)


def seat_view(record: Record, seat: int) -> Record:
    """The record as ``seat`` saw it; the record must be omniscient and replay without error."""
    feed = ViewFeed(record, [seat])
    events: list[Event] = []
    while not feed.done():
        events.extend(feed.step()[seat])
    return replace(feed.header(seat), events=events)
