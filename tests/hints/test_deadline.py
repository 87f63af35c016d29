"""Every piece of advice has a wall limit, a budget of worlds too (`Budget.wall`); a world still
unsolved then is given up, and the advice says how many were (``abandoned``). Thinking
times and world counts have bounds. No test here measures time: the clock is faked, or the
limit is already past when the solve begins."""

from __future__ import annotations

import itertools
import math
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from stich.cli import app
from stich.games.errors import StichError
from stich.games.record import Record, simulate
from stich.hints import dd
from stich.hints.advice import (
    FIRST_WORLD_PATIENCE,
    MAX_SECONDS,
    MAX_WORLDS,
    Budget,
    Valuation,
    advise,
    anytime,
)
from stich.hints.advisors import advisor_for
from stich.hints.advisors.bids.advisor import PLAYOUTS_PER_WORLD
from stich.hints.session import Session
from stich.solvers import SolveTimeout

runner = CliRunner()


def _first_play(game: str, seed: int, options: dict[str, Any] | None = None) -> Session:
    """The session of the seat to make the first play of a simulated round."""
    record = simulate(game, 4, seed, options)
    cut = next(i for i, e in enumerate(record.events) if "play" in e)
    head = replace(record, events=record.events[:cut])
    return Session.from_record(head, record.events[cut]["seat"], strict=True)


def _valuation(session: Session) -> Valuation:
    found = advisor_for(session.round.game.id).valuation(session)
    assert isinstance(found, Valuation)
    return found


@pytest.mark.parametrize("seconds", [math.inf, -math.inf, math.nan, 0.0, -1.0, MAX_SECONDS + 1])
def test_time_inf_is_refused(seconds: float) -> None:
    with pytest.raises(StichError, match="seconds"):
        Budget(seconds=seconds)
    Budget(seconds=MAX_SECONDS)  # the bound itself is taken


def test_time_inf_is_refused_on_the_command_line(tmp_path: Path) -> None:
    record = tmp_path / "round.json"
    record.write_text(simulate("stiche-raten", 4, 1, {"first_round": 2}).dumps())
    live = [
        "live",
        "stiche-raten",
        "--players",
        "A,B,C,D",
        "--me",
        "A",
        "--journal",
        str(tmp_path / "j.json"),
    ]
    for command in (["hint", str(record)], ["analyze", str(record)], live):
        result = runner.invoke(app, [*command, "--time", "inf"])
        assert result.exit_code == 1
        assert (
            result.output.strip() == "stich: error: a budget of inf seconds: give a finite number of seconds"
        )


def test_worlds_too_many_is_refused(tmp_path: Path) -> None:
    with pytest.raises(StichError, match="too many: give at most 100,000"):
        Budget(worlds=MAX_WORLDS + 1)
    Budget(worlds=MAX_WORLDS)
    record = tmp_path / "round.json"
    record.write_text(simulate("stiche-raten", 4, 1, {"first_round": 2}).dumps())
    result = runner.invoke(app, ["hint", str(record), "--worlds", "99999999999999999999999"])
    assert result.exit_code == 1
    assert "99999999999999999999999 worlds is too many" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_a_budget_of_worlds_has_finite_seconds_too() -> None:
    with pytest.raises(StichError, match="finite"):
        Budget(worlds=3, seconds=math.inf)
    with pytest.raises(StichError, match="too small"):
        Budget(worlds=3, seconds=0)


def test_advice_has_wall_deadline_with_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    # A fixed clock: every world of a budget of worlds is solved under one limit, the
    # default budget's seconds times the patience factor after the advice began.
    monkeypatch.setattr(time, "monotonic", lambda: 1000.0)
    limits: list[float | None] = []

    def evaluate(world: Any) -> tuple[list[float], None]:
        limits.append(dd._DEADLINE[0])
        return [1.0, 0.0], None

    tally, _ = anytime(Budget(worlds=3), 2, lambda rng: rng.random(), evaluate)
    assert tally.worlds == 3 and tally.abandoned == 0
    assert Budget(worlds=3).wall == Budget().seconds * FIRST_WORLD_PATIENCE == 20.0
    assert limits == [1020.0] * 3
    # With --time given, the wall is that many seconds times the patience factor.
    limits.clear()
    anytime(Budget(worlds=2, seconds=0.5), 2, lambda rng: rng.random(), evaluate)
    assert limits == [1005.0] * 2


def test_no_world_is_begun_past_the_wall(monkeypatch: pytest.MonkeyPatch) -> None:
    # A clock that moves 8 s each time it is read: the worlds after the wall are not begun.
    ticks = itertools.count()
    monkeypatch.setattr(time, "monotonic", lambda: 8.0 * next(ticks))
    tally, _ = anytime(Budget(worlds=10), 2, lambda rng: rng.random(), lambda world: ([1.0, 0.0], None))
    assert 1 <= tally.worlds < 10
    assert tally.abandoned == 0


def test_abandoned_world_is_reported() -> None:
    # The third world's solve runs past the wall: two worlds are counted, one given up.
    session = _first_play("stiche-raten", 3, {"first_round": 5})
    valuation = _valuation(session)
    solved = itertools.count()

    def evaluate(world: Any) -> Any:
        if next(solved) == 2:
            raise SolveTimeout("the search ran past its deadline")
        return valuation.evaluate(world)

    # Valuation.advise itself: a play-out valuation would value a card on 16 play-outs a world.
    advice = Valuation.advise(replace(valuation, evaluate=evaluate), session, Budget(worlds=5, seed=1))
    assert advice.worlds == 2 and advice.abandoned == 1
    assert advice.action in session.legal()
    assert "only 2 of the 5 worlds asked for were solved within 20 s; 1 given up unfinished" in advice.reason
    shape = advice.to_json()
    assert shape["worlds"] == 2 and shape["abandoned"] == 1


def test_advice_without_a_world_given_up_reports_none() -> None:
    session = _first_play("stiche-raten", 3, {"first_round": 2})
    advice = advise(session, Budget(worlds=2, seed=1))
    assert advice.worlds == 2 * PLAYOUTS_PER_WORLD and advice.abandoned == 0  # a card: play-outs
    assert advice.to_json()["abandoned"] == 0
    assert "asked for" not in advice.reason


def test_abandoned_worlds_are_reported_from_worker_processes() -> None:
    drawn = itertools.count()

    def evaluate(world: Any) -> tuple[list[float], None]:
        if world == 2:
            raise SolveTimeout("the search ran past its deadline")
        return [float(world), 0.0], None

    tally, _ = anytime(Budget(worlds=6), 2, lambda rng: next(drawn), evaluate, jobs=2)
    assert tally.worlds == 2 and tally.values[0] == [0.0, 1.0]
    assert tally.abandoned >= 1  # the world given up, and any others in flight


def test_a_slow_solve_stops_at_the_wall_and_the_advice_says_so() -> None:
    # A Stich für Stich full hand takes the solver far more than the 1,024 nodes after which
    # it first looks at the clock; with a wall already past by then, the real search stops.
    session = _first_play("stich-fuer-stich", 4)
    advice = advise(session, Budget(worlds=2, seconds=1e-6, seed=3))
    assert advice.worlds == 0 and advice.abandoned == 1
    assert advice.action in session.legal()
    assert "heuristic" in advice.method and "no world was solved" in advice.reason
    assert "2 worlds" in advice.reason


def test_true_values_past_the_limit_are_none() -> None:
    session = _first_play("stich-fuer-stich", 4)
    valuation = _valuation(session)
    world = valuation.draw(__import__("random").Random(1))
    assert valuation.true_values(world, seconds=1e-9) is None


def test_analysis_gives_up_the_true_deal_past_the_wall(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every solve looks at the limit as the solver does: with a wall past before the first
    # solve ends, the advice and the true deal's values are given up, not waited for.
    from stich import hints
    from stich.hints.analysis import analyze

    class Impatient:
        def valuation(self, session: Session) -> Valuation:
            found = _valuation(session)

            def impatient(inner: Any) -> Any:
                def evaluate(world: Any) -> Any:
                    limit = dd._DEADLINE[0]
                    if limit is not None and time.monotonic() > limit:
                        raise SolveTimeout("the search ran past its deadline")
                    return inner(world)

                return evaluate

            changes = {"evaluate": impatient(found.evaluate)}
            if getattr(found, "truth", None) is not None:  # the true deal valued its own way
                changes["truth"] = impatient(found.truth)  # type: ignore[attr-defined]
            return replace(found, **changes)

    monkeypatch.setattr(hints.analysis.truth, "advisor_for", lambda game: Impatient())
    record: Record = simulate("stiche-raten", 4, 3, {"first_round": 5})
    first = next(i for i, e in enumerate(record.events) if "play" in e)
    head = replace(record, events=record.events[: first + 1])
    seat = record.events[first]["seat"]
    with monkeypatch.context() as clock:  # a clock that moves a minute each time it is read
        ticks = itertools.count()
        clock.setattr(time, "monotonic", lambda: 60.0 * next(ticks))
        analysis = analyze(head, seats=[seat], budget=Budget(worlds=1))
    review = analysis.reviews[-1]
    assert review.event == first
    assert review.values is None and review.cost is None
    assert review.advice is not None and review.advice.abandoned == 1
    # Within the limit, the same decision has its true values.
    review = analyze(head, seats=[seat], budget=Budget(worlds=1)).reviews[-1]
    assert review.values is not None and review.advice is not None and review.advice.abandoned == 0
