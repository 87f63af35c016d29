"""One seat's view of a round: an omniscient record with what that seat cannot see removed.

The deducer and the hint engine work from such views only, so they cannot peek:
other hands, the stock, the secret (unless the seat is the dealer or confidant),
the cards other players exchanged, and other sleuths' guesses are taken out.
"""

from __future__ import annotations

import copy
from typing import Any

from games.base import Event
from games.errors import StichError
from games.record import Record, replay, start_round

__all__ = ["seat_view"]

_SECRET_GAMES = ("was-sticht", "stich-fuer-stich")


def _view_known(record: Record, seat: int) -> dict[str, Any]:
    known = copy.deepcopy(record.known)
    hands = known.get("hands")
    if record.game != "was-sticht" and hands is not None:
        # Was sticht? hands come from the open draft: everyone sees them.
        if isinstance(hands, list):
            own = hands[seat] if seat < len(hands) else None
        else:
            own = hands.get(str(seat), hands.get(seat))
        known["hands"] = {} if own is None else {str(seat): own}
        if record.game in ("stiche-raten", "wizard") and own is not None:
            known["cards"] = len(own)
    known.pop("stock", None)
    # The dealer (Was sticht?) and the confidant (Stich für Stich) know the secret; a Was
    # sticht? record that starts after the draft has the trumps revealed.
    revealed = record.game == "was-sticht" and record.start != "deal"
    if record.game in _SECRET_GAMES and seat != record.dealer and not revealed:
        known.pop("secret", None)
    return known


def _view_event(record: Record, event: Event, actor: int | None, seat: int) -> Event:
    view = copy.deepcopy(event)
    if actor is None or actor == seat:
        return view
    if "exchange" in view and isinstance(view["exchange"], list):
        view["exchange"] = len(view["exchange"])
        view.pop("receive", None)
    if "guess" in view and seat != record.dealer:
        answer = view.pop("answer", None)
        view.pop("guess")
        view["solved"] = answer == "solved"
    return view


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
    events: list[Event] = []
    for i, event in enumerate(record.events):
        tricks_before = len(state.tricks)
        state.apply(event)
        actor = event.get("seat")
        events.append(_view_event(record, event, actor if isinstance(actor, int) else None, seat))
        announced = "winner" in event or (i + 1 < len(record.events) and "winner" in record.events[i + 1])
        if record.game == "stich-fuer-stich" and len(state.tricks) > tricks_before and not announced:
            # The confidant announces every winner; a sleuth learns it only that way.
            events.append({"winner": state.tricks[-1].winner})
    return Record(
        record.game,
        list(record.players),
        record.dealer,
        events,
        dict(record.options),
        seat,
        _view_known(record, seat),
        record.start,
        dict(record.extra),
    )
