"""Advice at the decisions of every game: a legal action that the rules accept, with its figures."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from stich.games.errors import StichError
from stich.games.record import Record, replay, simulate
from stich.hints.advice import Budget, Valuation, advise, anytime
from stich.hints.advisors import advisor_for
from stich.hints.session import Session
from tests.deducer import simulate_deal


def decision_points(record: Record, rng: random.Random, count: int, late: int = 0) -> list[int]:
    """Event indices to stop before (``late``: only among the last ``late`` events)."""
    first = max(0, len(record.events) - late) if late else 0
    indices = list(range(first, len(record.events)))
    return sorted(rng.sample(indices, min(count, len(indices))))


def advise_before(record: Record, cut: int, worlds: int = 2) -> tuple[Session, Any]:
    """The session of the seat to move before event ``cut``, and its advice."""
    head = replace(record, events=record.events[:cut])
    probe = Session.from_record(head, 0)
    mover = probe.to_move()
    assert mover is not None
    session = probe if mover == 0 else Session.from_record(head, mover)
    return session, advise(session, Budget(worlds=worlds, seed=cut))


def assert_accepted(record: Record, cut: int, action: dict[str, Any]) -> None:
    """The advised action, appended to the omniscient record there, is what the rules accept."""
    outcome = replay(replace(record, events=[*record.events[:cut], action]))
    assert outcome.ok, f"advice {action} refused: {outcome.error}"


CASES = [
    ("stiche-raten", lambda seed: simulate("stiche-raten", 4, seed, {"first_round": 3}), 0),
    (
        "stiche-raten",
        lambda seed: simulate("stiche-raten", 3, seed, {"first_round": 4, "scoring": "minus"}),
        0,
    ),
    (
        "stiche-raten",
        lambda seed: simulate(
            "stiche-raten", 4, seed, {"first_round": 3, "bidding": "none", "trump": "named"}
        ),
        0,
    ),
    ("wizard", lambda seed: simulate_deal("wizard", 4, seed, {"edition": "original"}, cards=3), 0),
    ("was-sticht", lambda seed: simulate("was-sticht", 4, seed), 12),
    ("24", lambda seed: simulate("24", 3, seed), 8),
    ("stich-fuer-stich", lambda seed: simulate("stich-fuer-stich", 3, seed), 10),
]


@pytest.mark.parametrize("game, make, late", CASES, ids=[c[0] for c in CASES])
def test_every_decision_gets_advice_the_rules_accept(game: str, make: Any, late: int) -> None:
    rng = random.Random(7)
    for seed in range(2):
        record = make(seed)
        for cut in decision_points(record, rng, 5, late):
            session, advice = advise_before(record, cut)
            assert advice.seat == session.seat
            legal = [{k: v for k, v in e.items() if k not in ("receive", "answer")} for e in session.legal()]
            chosen = {k: v for k, v in advice.action.items() if k not in ("receive", "answer")}
            assert chosen in legal or "guess" in chosen
            assert advice.alternatives[0].action == advice.action
            assert all(a.value <= advice.alternatives[0].value for a in advice.alternatives)
            assert advice.reason
            assert_accepted(record, cut, advice.action)


def test_a_seat_that_has_no_decision_is_told_so() -> None:
    from stich.games.errors import StichError

    record = simulate("stiche-raten", 4, 1, {"first_round": 3})
    session = Session.from_record(replace(record, events=record.events[:2]), 0)
    with pytest.raises(StichError, match="has no decision now"):
        advise(session, Budget(worlds=1))
    over = Session.from_record(record, 0)
    with pytest.raises(StichError, match="round is over"):
        advise(over, Budget(worlds=1))


def test_worlds_in_worker_processes_give_the_same_tally() -> None:
    # A fixed number of worlds and a seed: two worker processes tally exactly what one loop does.
    record = simulate("stiche-raten", 4, 3, {"first_round": 5})
    cut = next(i for i, e in enumerate(record.events) if "play" in e)
    session = Session.from_record(replace(record, events=record.events[:cut]), 0)
    mover = session.to_move()
    assert mover is not None
    session = Session.from_record(replace(record, events=record.events[:cut]), mover)
    valuation = advisor_for("stiche-raten").valuation(session)
    assert isinstance(valuation, Valuation)
    count = len(valuation.choices)
    budget = Budget(worlds=7, seed=11)
    alone, _ = anytime(budget, count, valuation.draw, valuation.evaluate)
    shared, _ = anytime(budget, count, valuation.draw, valuation.evaluate, jobs=2)
    assert alone.worlds == shared.worlds == 7
    assert alone.values == shared.values
    assert alone.figures == shared.figures
    with pytest.raises(StichError, match="jobs"):
        anytime(budget, count, valuation.draw, valuation.evaluate, jobs=0)


def test_a_world_still_solving_when_the_time_is_up_is_given_up() -> None:
    # The first world (min_worlds) may take ten times the budget; later worlds are solved
    # under the budget's limit, and a solve that runs past it ends the tally there.
    from stich.hints import dd
    from stich.solvers import SolveTimeout

    limits: list[float | None] = []

    def evaluate(world: Any) -> tuple[list[float], None]:
        limits.append(dd._DEADLINE[0])
        if len(limits) == 3:
            raise SolveTimeout("the search ran past its deadline")
        return [1.0, 0.0], None

    tally, _ = anytime(Budget(seconds=600), 2, lambda rng: rng.random(), evaluate)
    assert tally.worlds == 2
    first, second, third = limits
    assert first is not None and second is not None and third == second
    assert first - second == pytest.approx(9 * 600)
    assert tally.abandoned == 1
    # A budget of a number of worlds has one wall limit for every world (Budget.wall), far
    # enough that it only cuts worlds that would keep a player waiting.
    limits.clear()
    tally, _ = anytime(Budget(worlds=2), 2, lambda rng: rng.random(), evaluate)
    assert tally.worlds == 2 and tally.abandoned == 0
    assert limits[0] is not None and limits[0] == limits[1]
    assert dd._DEADLINE[0] is None


def test_no_world_solved_in_time_gives_the_heuristic_choice_and_says_so() -> None:
    from stich.solvers import SolveTimeout

    def too_slow(world: Any) -> tuple[list[float], None]:
        raise SolveTimeout("the search ran past its deadline")

    record = simulate("stiche-raten", 4, 3, {"first_round": 5})
    cut = next(i for i, e in enumerate(record.events) if "play" in e)
    head = replace(record, events=record.events[:cut])
    session = Session.from_record(head, replay(head).round.to_move())
    found = advisor_for("stiche-raten").valuation(session)
    assert isinstance(found, Valuation)
    advice = replace(found, evaluate=too_slow).advise(session, Budget(seconds=1, seed=1))
    assert advice.action in session.legal()
    assert advice.worlds == 0 and not advice.separated
    assert "heuristic" in advice.method and "no world was solved" in advice.reason
    shape = advice.to_json()
    assert shape["alternatives"][0]["value"] is None and shape["worlds"] == 0
