"""A 24 exchange advised by `stich hint`, appended to the record it was asked of, is accepted
by `stich check` (docs/format.md): the cards it draws (``receive``) come from the record
where the record knows them and the seat does not."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stich.games.record import Record, replay, simulate
from stich.games.views import seat_view
from stich.hints.advice import Budget, advise, for_record
from stich.hints.session import Session


def _exchange_cut(record: Record) -> int | None:
    """The index of the first exchange decision where the seat keeps its hand known (not a drop)."""
    return next((i for i, e in enumerate(record.events) if "exchange" in e or "drop" in e), None)


def _advised(record: Record, seed: int) -> Any:
    """Advice (one world) for the seat to move in ``record``, completed for that record."""
    state = replay(record).round
    seat = state.to_move()
    assert seat is not None
    session = Session.from_record(record, seat, strict=True)
    return for_record(advise(session, Budget(worlds=1, seed=seed)), record)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    players=st.sampled_from([2, 3, 4, 5]),
    stock_known=st.booleans(),
    dropping_out=st.booleans(),
    later=st.integers(0, 4),
)
def test_advised_24_exchange_is_accepted_by_check(
    seed: int, players: int, stock_known: bool, dropping_out: bool, later: int
) -> None:
    record = simulate("24", players, seed, {"dropping_out": dropping_out and players > 2})
    if not stock_known:  # an omniscient record that does not give the stock's order
        record = replace(record, known={k: v for k, v in record.known.items() if k != "stock"})
    first = _exchange_cut(record)
    assert first is not None
    # The first exchange, or a later one (each seat exchanges in turn).
    cuts = [i for i, e in enumerate(record.events) if i >= first and ("exchange" in e or "drop" in e)]
    head = replace(record, events=record.events[: cuts[later % len(cuts)]])
    advice = _advised(head, seed)
    assert advice.decision == "exchange"
    for alternative in advice.alternatives:
        appended = replace(head, events=[*head.events, alternative.action])
        outcome = replay(appended)
        assert outcome.ok, (alternative.action, outcome.error)
    assert advice.action == advice.alternatives[0].action


def test_advised_24_exchange_draws_the_records_cards() -> None:
    # Without the stock's order, the record's rules draw the lowest cards of the stock; the
    # advice names them, where the seat's own view could not.
    record = simulate("24", 3, 5)
    record = replace(record, known={k: v for k, v in record.known.items() if k != "stock"})
    cut = _exchange_cut(record)
    assert cut is not None
    head = replace(record, events=record.events[:cut])
    advice = _advised(head, 5)
    giving = [a.action for a in advice.alternatives if a.action.get("exchange")]
    assert giving and all(len(a["receive"]) == len(a["exchange"]) for a in giving)
    # The seat's view record knows no more than the seat: its actions are left as they are.
    seat = record.events[cut]["seat"]
    view = seat_view(head, seat)
    plain = advise(Session.from_record(view, seat), Budget(worlds=1, seed=5))
    assert for_record(plain, view) == plain
