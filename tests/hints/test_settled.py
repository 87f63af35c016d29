"""Sampling stops once the ranking is settled (`SETTLE_FROM`): the best clearly ahead of the
second, the two as good as each other, or one choice; the advice says so (``settled`` and a
sentence). A budget of a number of worlds looks at them all."""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any

from stich.games.record import simulate
from stich.hints.advice import SETTLE_FROM, Budget, Tally, Valuation, anytime
from stich.hints.session import Session


def _session() -> Session:
    record = simulate("stiche-raten", 4, 1, {"first_round": 2})
    return Session.from_record(replace(record, events=[]), record.events[0]["seat"])


def _valuation(values: Any, choices: int = 2) -> Valuation:
    """A valuation of ``choices`` choices whose world number i is worth ``values(i)``."""
    labelled = [({"seat": 0, "bid": k}, f"bid {k}") for k in range(choices)]
    counter = itertools.count()
    return Valuation(
        "bid",
        labelled,
        lambda world: (values(world), None),
        lambda rng: next(counter),
        "expected points",
        lambda alternatives, tally: "the reason",
    )


def test_a_clear_best_stops_at_the_first_look() -> None:
    advice = _valuation(lambda i: [1.0, 0.0]).advise(_session(), Budget(seconds=30))
    assert advice.worlds == SETTLE_FROM and advice.settled and advice.separated
    assert advice.reason == (
        f"the reason; bid 0: +1.00 ± 0.00 points over bid 1 in the same {SETTLE_FROM} worlds; "
        f"sampling stopped after {SETTLE_FROM} worlds, before the time was up: "
        "the best was already clearly ahead of the second"
    )
    assert advice.to_json()["settled"] is True


def test_two_equal_choices_stop_as_good_as_each_other() -> None:
    advice = _valuation(lambda i: [2.0, 2.0]).advise(_session(), Budget(seconds=30))
    assert advice.worlds == SETTLE_FROM and advice.settled and not advice.separated
    assert advice.reason.endswith("the best and the second were already as good as each other")


def test_one_choice_stops_at_the_first_look() -> None:
    advice = _valuation(lambda i: [3.0], choices=1).advise(_session(), Budget(seconds=30))
    assert advice.worlds == SETTLE_FROM and advice.settled
    assert advice.reason.endswith("there is one choice")


def test_a_close_call_samples_to_the_end_of_the_budget() -> None:
    # The first choice is worth 200 more and 200 less in turn: in the time given, nothing settles it
    # (as good as each other would take some 16 million worlds; with a swing of 20, 160,000 were
    # reached in 0.3 s on a fast machine).
    advice = _valuation(lambda i: [float(i % 2) * 400, 200.0]).advise(_session(), Budget(seconds=0.3))
    assert not advice.settled and "sampling stopped" not in advice.reason
    assert advice.to_json()["settled"] is False


def test_the_ranking_is_looked_at_on_a_growing_schedule() -> None:
    looked: list[int] = []

    def settled(tally: Tally) -> str:
        looked.append(tally.worlds)
        return "enough" if tally.worlds >= 100 else ""

    tally, _ = anytime(
        Budget(seconds=60), 2, lambda rng: 0, lambda world: ([1.0, 0.0], None), settled=settled
    )
    assert looked == [32, 48, 72, 108] and tally.worlds == 108 and tally.settled == "enough"


def test_a_budget_of_worlds_looks_at_them_all() -> None:
    advice = _valuation(lambda i: [1.0, 0.0]).advise(_session(), Budget(worlds=SETTLE_FROM + 20))
    assert advice.worlds == SETTLE_FROM + 20 and not advice.settled
