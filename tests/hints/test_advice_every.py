"""Advice for every seat at every kind of decision it meets, over player counts and variants.

For each simulated round the last decision of each kind of each seat is advised (the
last: the fewest cards, so the whole matrix stays quick); the advised action is one the
rules accept there. Which kinds a round must offer is checked too, so a variant that
stops producing (say) 24's dropping out fails here rather than going untested.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from stich.games.record import Record, simulate
from stich.hints.session import Session
from tests.deducer import simulate_deal
from tests.hints.test_advice import advise_before, assert_accepted

ACTIONS = ("pick", "announce", "reveal", "task", "discard", "trump", "exchange", "drop", "bid", "play")
ACTIONS += ("winner", "guess")


def decisions(record: Record) -> dict[tuple[int, str], int]:
    """(seat, kind of decision) → the index of the last such event in the record (an event
    without a seat, as Stich für Stich's announced winner, is the seat's to move)."""
    last: dict[tuple[int, str], int] = {}
    for index, event in enumerate(record.events):
        kind = next((k for k in ACTIONS if k in event), None)
        if kind is None:
            continue
        seat = event.get("seat")
        if seat is None:
            seat = Session.from_record(replace(record, events=record.events[:index]), 0).to_move()
        last[(int(seat), kind)] = index
    return last


Make = Callable[[int], Record]
VARIANTS: list[tuple[str, Make, set[str]]] = [
    (
        "oh-hell-3-strict",
        lambda s: simulate("stiche-raten", 3, s, {"first_round": 4, "scoring": "strict"}),
        {"bid", "play"},
    ),
    (
        "oh-hell-5-blind",
        lambda s: simulate("stiche-raten", 5, s, {"first_round": 3, "blind_round": 1}),
        {"bid", "play"},
    ),
    (
        "oh-hell-4-simultaneous-minus",
        lambda s: simulate(
            "stiche-raten", 4, s, {"first_round": 3, "bidding": "simultaneous", "scoring": "minus"}
        ),
        {"bid", "play"},
    ),
    (
        "oh-hell-6-no-restriction",
        lambda s: simulate("stiche-raten", 6, s, {"first_round": 2, "restriction": False}),
        {"bid", "play"},
    ),
    (
        "whist-named-trump",
        lambda s: simulate("stiche-raten", 4, s, {"first_round": 3, "bidding": "none", "trump": "named"}),
        {"play"},
    ),
    ("wizard-3-seed", lambda s: simulate_deal("wizard", 3, s, {}, cards=3), {"bid", "play"}),
    (
        "wizard-5-original-restriction",
        lambda s: simulate_deal("wizard", 5, s, {"edition": "original", "restriction": True}, cards=2),
        {"bid", "play"},
    ),
    (
        "was-sticht-3",
        lambda s: simulate("was-sticht", 3, s),
        {"pick", "announce", "reveal", "task", "play", "discard"},
    ),
    ("24-2", lambda s: simulate("24", 2, s), {"trump", "exchange", "play"}),
    (
        "24-3-chaos-dropping",
        lambda s: simulate("24", 3, s, {"trump_chaos": True, "dropping_out": True}),
        {"trump", "exchange", "play"},
    ),
    ("stich-fuer-stich-3", lambda s: simulate("stich-fuer-stich", 3, s), {"play", "winner", "guess"}),
    ("stich-fuer-stich-4", lambda s: simulate("stich-fuer-stich", 4, s), {"play", "winner", "guess"}),
]


@pytest.mark.parametrize("make, kinds", [v[1:] for v in VARIANTS], ids=[v[0] for v in VARIANTS])
def test_every_seat_gets_advice_at_every_kind_of_decision(make: Make, kinds: set[str]) -> None:
    record = make(0)
    points = decisions(record)
    assert kinds <= {kind for _, kind in points}, f"the round offers no {kinds - {k for _, k in points}}"
    for (seat, kind), cut in sorted(points.items(), key=lambda item: item[1]):
        session, advice = advise_before(record, cut, worlds=1)
        assert (advice.seat, session.seat) == (seat, seat), f"{kind} at event {cut}"
        # The kind of choice made there is among the alternatives weighed (24's dropping out is
        # weighed against exchanging: one decision).
        assert any(kind in alternative.action for alternative in advice.alternatives), (kind, cut)
        assert advice.reason
        assert_accepted(record, cut, advice.action)
