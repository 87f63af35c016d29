"""One seat's view of a round: an omniscient record with what that seat cannot see removed.

The deducer and the hint engine work from such views only, so they cannot peek:
other hands, the stock, the secret (unless the seat is the dealer or confidant),
the cards other players exchanged, and other sleuths' guesses are taken out.
"""

from __future__ import annotations

from games.base import Event
from games.errors import StichError
from games.record import Record, replay, start_round

__all__ = ["seat_view"]


def seat_view(record: Record, seat: int) -> Record:
    """The record as ``seat`` saw it; the record must be omniscient and replay without error."""
    if record.view is not None:
        raise StichError(
            f"the record is already seen from seat {record.view}; a view needs an omniscient record"
        )
    if not 0 <= seat < len(record.players):
        raise StichError(f"seat {seat} does not exist (seats are 0..{len(record.players) - 1})")
    outcome = replay(record)
    if not outcome.ok:
        raise StichError(f"cannot take a view of a record the rules reject: {outcome.error}")
    state = start_round(record)
    game = state.game
    events: list[Event] = []
    for i, event in enumerate(record.events):
        tricks_before = len(state.tricks)
        state.apply(event)
        actor = event.get("seat")
        events.append(game.view_event(event, actor if isinstance(actor, int) else None, seat, record.dealer))
        following = record.events[i + 1] if i + 1 < len(record.events) else None
        events.extend(state.implied_events(event, following, tricks_before))
    return Record(
        record.game,
        list(record.players),
        record.dealer,
        events,
        dict(record.options),
        seat,
        game.view_known(record.known, seat, record.dealer, record.start),
        record.start,
        dict(record.extra),
    )
