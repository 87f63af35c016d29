"""`--time T` returns within T + 0.5 s: the budget counts from the question (the valuation's
preparation included), and `Budget.until` caps every limit, the first world's patience too.
No test here measures time: the clock is faked, or only the limits handed on are looked at."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from stich.cli import app
from stich.games.record import simulate
from stich.hints import advisors, dd
from stich.hints.advice import Advice, Budget, Valuation, advise, anytime
from stich.hints.session import Session

runner = CliRunner()


def test_until_caps_the_first_worlds_patience(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(time, "monotonic", lambda: 1000.0)
    limits: list[float | None] = []

    def evaluate(world: Any) -> tuple[list[float], None]:
        limits.append(dd._DEADLINE[0])
        return [1.0, 0.0], None

    anytime(Budget(seconds=0.05, until=1000.2), 2, lambda rng: rng.random(), evaluate)
    # The first world: the wall (10 × 0.05 s) would allow 1000.5, `until` stops it at 1000.2.
    assert limits[0] == 1000.2
    assert all(limit == 1000.05 for limit in limits[1:])
    limits.clear()
    anytime(Budget(seconds=0.05), 2, lambda rng: rng.random(), evaluate)
    assert limits[0] == 1000.5  # without `until`: the patience of ten times the budget


def test_a_budget_of_worlds_stops_at_until(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(time, "monotonic", lambda: 1000.0)
    limits: list[float | None] = []

    def evaluate(world: Any) -> tuple[list[float], None]:
        limits.append(dd._DEADLINE[0])
        return [1.0, 0.0], None

    tally, _ = anytime(Budget(worlds=3, until=1001.0), 2, lambda rng: rng.random(), evaluate)
    assert tally.worlds == 3 and limits == [1001.0] * 3


def test_the_valuations_preparation_counts_against_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [500.0]
    monkeypatch.setattr(time, "monotonic", lambda: clock[0])
    handed: list[Budget] = []

    def prepared(session: Session) -> Valuation:
        clock[0] += 0.7  # the valuation takes 0.7 s to prepare
        return Valuation("play", [], lambda world: ([], None), lambda rng: None, "expected points", str)

    def advise_valuation(self: Valuation, session: Session, budget: Budget) -> Advice:
        handed.append(budget)
        return Advice(0, "play", {}, (), 1, True, "", "", 0.25, "expected points")

    class Prepares:
        valuation = staticmethod(prepared)

    monkeypatch.setattr(advisors, "advisor_for", lambda game: Prepares())
    monkeypatch.setattr(Valuation, "advise", advise_valuation)
    record = simulate("stiche-raten", 4, 1, {"first_round": 2})
    session = Session.from_record(replace(record, events=[]), record.events[0]["seat"])
    advice = advise(session, Budget(seconds=1.0))
    assert handed[-1].seconds == pytest.approx(0.3)
    assert handed[-1].until == pytest.approx(510.0)  # the wall, ten times the budget from the question
    assert advice.seconds == pytest.approx(0.95)  # the preparation is in the seconds reported
    advise(session, Budget(seconds=1.0, until=505.0))
    assert handed[-1].until == 505.0  # an earlier instant given is kept
    advise(session, Budget(worlds=3))
    assert handed[-1].seconds == 2.0 and handed[-1].until is None  # a budget of worlds: as given


def test_hint_with_time_sets_until_and_with_worlds_not(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from stich.hints import advice as advice_module

    record = tmp_path / "round.json"
    record.write_text(simulate("stiche-raten", 4, 1, {"first_round": 2}).dumps())
    handed: list[Budget] = []
    real = advice_module.advise

    def spy(session: Session, budget: Budget | None = None) -> Advice:
        assert budget is not None
        handed.append(budget)
        return real(session, budget)

    monkeypatch.setattr(advice_module, "advise", spy)
    before = time.monotonic()
    result = runner.invoke(app, ["hint", str(record), "--at", "0", "--time", "0.3", "--seed", "1", "--json"])
    assert result.exit_code == 0, result.output
    until = handed[-1].until
    assert until is not None and before + 0.3 < until <= time.monotonic() + 0.3 + 0.5
    result = runner.invoke(app, ["hint", str(record), "--at", "0", "--worlds", "2", "--seed", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert handed[-1].until is None


def test_analysis_counts_the_valuations_preparation_too(monkeypatch: pytest.MonkeyPatch) -> None:
    from stich.hints.analysis.truth import advised

    clock = [500.0]
    monkeypatch.setattr(time, "monotonic", lambda: clock[0])
    handed: list[Budget] = []

    def advise_valuation(self: Valuation, session: Session, budget: Budget) -> Advice:
        handed.append(budget)
        return Advice(0, "play", {}, (), 1, True, "", "", 0.1, "expected points")

    monkeypatch.setattr(Valuation, "advise", advise_valuation)
    valuation = Valuation("play", [], lambda world: ([], None), lambda rng: None, "expected points", str)
    record = simulate("stiche-raten", 4, 1, {"first_round": 2})
    session = Session.from_record(replace(record, events=[]), record.events[0]["seat"])
    asked = clock[0]
    clock[0] += 0.2  # the valuation took 0.2 s to prepare
    advice = advised(valuation, session, Budget(seconds=0.5), asked)
    assert handed[-1].seconds == pytest.approx(0.3) and handed[-1].until == pytest.approx(505.0)
    assert advice.seconds == pytest.approx(0.3)
    advised(valuation, session, Budget(worlds=2), asked)
    assert handed[-1] == Budget(worlds=2)
