"""The session: one seat's view read once, then moved event by event (apply and undo) in step
with a fresh reading of the same events."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from stich.games.errors import StichError
from stich.games.record import Record, simulate
from stich.games.views import seat_view
from stich.hints.session import Session

GAMES = [
    ("was-sticht", 4),
    ("was-sticht", 3),
    ("24", 4),
    ("stich-fuer-stich", 4),
    ("stiche-raten", 4),
    ("wizard", 3),
]


def snapshot(session: Session) -> tuple[object, ...]:
    """What a view shows: the round's observation, the secret still possible, the hidden places."""
    deduction = session.deduction()
    possible = None if deduction.posterior is None else deduction.posterior.possible
    places = [(p.name, p.size, p.certain, p.possible, p.voids) for p in deduction.places]
    return (session.round.observation(session.seat), possible, places, len(session.events))


@pytest.mark.parametrize("game, players", GAMES)
def test_a_session_of_an_omniscient_record_is_the_session_of_the_seats_view(game: str, players: int) -> None:
    record = simulate(game, players, seed=11)
    for seat in range(players):
        direct = Session.from_record(record, seat)
        viewed = Session(seat_view(record, seat))
        assert direct.events == viewed.events
        assert snapshot(direct) == snapshot(viewed)


@pytest.mark.parametrize("game, players", GAMES)
def test_undo_returns_to_the_state_of_a_fresh_reading(game: str, players: int) -> None:
    rng = random.Random(5)
    record = simulate(game, players, seed=rng.randrange(1000))
    seat = rng.randrange(players)
    view = seat_view(record, seat)
    session = Session(view)
    for _ in range(6):
        back = rng.randint(1, min(8, len(session.events)))
        for _ in range(back):
            session.undo()
        fresh = Session(replace(view, events=session.events))
        assert snapshot(session) == snapshot(fresh)
        # ... and reading the events again arrives where it was.
        for event in view.events[len(session.events) : len(session.events) + back]:
            session.apply(event)
        assert snapshot(session) == snapshot(
            Session(replace(view, events=view.events[: len(session.events)]))
        )


def test_the_session_holds_no_more_than_its_seat_sees() -> None:
    record = simulate("stiche-raten", 4, seed=2)
    session = Session.from_record(record, 1)
    assert [hand is not None for hand in session.round.hands] == [False, True, False, False]
    assert session.to_record().view == 1


def _refusal_case() -> tuple[Record, dict[str, object]]:
    """A drafter's view just before an announcement, and an announcement that contradicts the
    earlier ones (a seat of the column no consistent trumps let win)."""
    for seed in range(200):
        record = simulate("was-sticht", 4, seed=seed)
        view = seat_view(record, 0)
        announcements = [i for i, e in enumerate(view.events) if "announce" in e]
        for index in announcements[1:]:
            session = Session(replace(view, events=view.events[:index]))
            allowed = {e["announce"] for e in session.round.legal_events()}
            seats = set(session.round.column_seats)  # type: ignore[attr-defined]
            refused = sorted(s for s in seats if s not in allowed)
            if refused:
                return replace(view, events=view.events[:index]), {"announce": refused[0]}
    raise AssertionError("no contradicting announcement found")


def test_an_announcement_that_contradicts_the_earlier_ones_is_refused_and_nothing_changes() -> None:
    view, event = _refusal_case()
    session = Session(view)
    before = snapshot(session)
    with pytest.raises(StichError, match="refused"):
        session.apply(event)
    assert snapshot(session) == before
    # Read as a record (not live), the contradiction is kept and explained.
    read = Session(replace(view, events=[*view.events, event]), strict=False)
    conflict = read.deduction().conflict
    assert conflict is not None and len(view.events) in conflict.events


def test_a_revoke_by_a_hidden_hand_is_refused_live_and_reported_when_read() -> None:
    """Carla shows out of a suit, later plays a card of it: no deal fits."""
    for seed in range(300):
        record = simulate("stiche-raten", 4, seed=seed, options={"first_round": 6})
        view = seat_view(record, 0)
        session = Session(view)
        voids = session.observations().voids
        if not voids:
            continue
        void = voids[0]
        if void.seat == 0:
            continue
        plays = [i for i, e in enumerate(view.events) if "play" in e]
        later = [i for i in plays if i > (void.event or 0) and view.events[i].get("seat") == void.seat]
        if not later:
            continue
        # Carla's later card becomes one of the suit she showed out of (one nobody has seen).
        unseen = session.observations().deck.names(void.cards & ~session.round.gone)
        fresh = Session(replace(view, events=view.events[: later[0]]))
        candidates = [c for c in unseen if c in fresh.observations().deck.names(fresh.observations().hidden)]
        if not candidates:
            continue
        revoke = {"seat": void.seat, "play": candidates[0]}
        with pytest.raises(StichError, match="refused"):
            fresh.apply(revoke)
        assert len(fresh.events) == later[0]
        read = Session(replace(view, events=[*view.events[: later[0]], revoke]), strict=False)
        conflict = read.deduction().conflict
        assert conflict is not None and later[0] in conflict.events
        return
    raise AssertionError("no revoke case found")
