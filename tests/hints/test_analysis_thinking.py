"""How `stich analyze` spends its thinking time: a decision with one choice asks no advice, and the
round's time is split among the others by what is at stake in each in the true deal."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from stich.games.record import Record, simulate
from stich.hints.advice import Advice, Alternative, Budget
from stich.hints.analysis import analyze, choice_key, default_budget_of
from stich.hints.analysis.truth import (
    ANALYZE_PATIENCE,
    ANALYZE_SECONDS,
    ONE_CHOICE,
    STAKE_CAP,
    budget_shares,
    verdict_of,
)
from stich.hints.figures import value_kind
from stich.hints.session import Session


def _legal_count(record: Record, index: int, seat: int) -> int:
    """How many legal choices the seat had at the record's event ``index`` (read afresh)."""
    return len(Session.from_record(replace(record, events=record.events[:index]), seat).legal())


def test_a_decision_with_one_choice_asks_no_advice_but_keeps_its_true_value() -> None:
    record = simulate("stiche-raten", 4, 3, {"first_round": 3})
    analysis = analyze(record, budget=Budget(worlds=2, seed=1))
    single = [r for r in analysis.reviews if _legal_count(record, r.event, r.seat) == 1]
    several = [r for r in analysis.reviews if r not in single]
    assert single and several  # the last trick is forced, the bids are not
    for review in single:
        assert review.advice is not None and review.advice.worlds == 0
        assert review.advice.reason == ONE_CHOICE and review.advice.seconds == 0.0
        assert math.isnan(review.advice.best.value)  # no figure where nothing was weighed
        assert review.verdict == "forced" and review.values is not None and review.thinking is None
    for review in several:
        assert review.advice is not None and review.advice.worlds >= 2  # (play-outs: 16 a world)
    thinking = analysis.to_json()["thinking"]
    assert thinking["one_choice"] == len(single) and thinking["advised"] == len(several)
    assert thinking["seconds"] is None and thinking["worlds"] == 2


def _stake(values: dict[str, float], value_name: str) -> float:
    spread = max(values.values()) - min(values.values())
    return 1.0 + min(spread / value_kind(value_name).smallest, STAKE_CAP)


def test_the_rounds_time_is_split_by_what_is_at_stake_in_each_decision() -> None:
    record = simulate("stiche-raten", 4, 2, {"first_round": 3})
    seconds = 0.02
    analysis = analyze(record, budget=Budget(seconds=seconds, seed=1))
    advised = [r for r in analysis.reviews if r.thinking is not None]
    assert analysis.thinking is not None and analysis.thinking.advised == len(advised)
    total = seconds * len(advised)
    assert analysis.thinking.seconds == pytest.approx(total)
    assert sum(r.thinking or 0.0 for r in advised) == pytest.approx(total)
    stakes = {r.event: _stake(r.values or {}, r.value_name) for r in advised}
    weight = sum(stakes.values())
    for review in advised:
        assert review.thinking == pytest.approx(total * stakes[review.event] / weight)
    level = [r for r in advised if stakes[r.event] == 1.0]  # every choice worth the same
    costly = [r for r in advised if stakes[r.event] > 1.0]
    assert level and costly
    assert max(r.thinking or 0.0 for r in level) < min(r.thinking or 0.0 for r in costly)


def test_shares_sum_to_the_rounds_time_and_keep_the_patience() -> None:
    budget = Budget(seconds=0.5, seed=3)
    shares = budget_shares([1.0, 0.0, 3.0, 4.0], budget)
    assert [round(b.seconds, 6) for b in shares] == [0.1875, 0.5, 0.5625, 0.75]
    assert sum(b.seconds for i, b in enumerate(shares) if i != 1) == pytest.approx(0.5 * 3)
    assert all(b.wall == budget.wall and b.seed == 3 for b in shares)  # a small share, the same patience
    assert shares[1] == budget  # no stake: no share (one choice, or exact advice)
    worlds = Budget(worlds=4)
    assert budget_shares([1.0, 5.0], worlds) == [worlds, worlds]  # a number of worlds is that many each


def test_the_default_budget_is_a_tenth_of_a_second_a_decision_with_the_former_patience() -> None:
    default = default_budget_of(None, None, 7)
    assert default.seconds == ANALYZE_SECONDS and default.wall == ANALYZE_PATIENCE and default.seed == 7
    assert default_budget_of(None, 3, None).wall == ANALYZE_PATIENCE  # --worlds keeps the limit
    assert default_budget_of(0.3, 3, None).wall == pytest.approx(3.0)  # --time with --worlds sets it
    # A small average keeps the patience a true deal needs; a large one gives ten times itself.
    assert default_budget_of(0.05, None, None).wall == ANALYZE_PATIENCE
    assert default_budget_of(2.0, None, None).wall == pytest.approx(20.0)


def test_a_fallback_to_one_rule_of_thumb_is_not_a_forced_decision() -> None:
    """Advice that solved no world in time gives one alternative (the heuristic's); the decision
    had several choices, so following it is judged as any choice, not called forced."""
    action = {"seat": 0, "play": "AS"}
    fallback = Advice(
        0, "play", action, (Alternative(action, "AS", math.nan, math.nan),), 0, False, "", "", 0.0, "points"
    )
    key = choice_key(action)
    assert verdict_of(fallback, key, 0.0, weighed=3) == (True, "best")
    assert verdict_of(fallback, key, 0.0, weighed=1) == (True, "forced")
    assert verdict_of(fallback, key, 0.0) == (True, "forced")  # without the count: the alternatives'
