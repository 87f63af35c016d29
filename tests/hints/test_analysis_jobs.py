"""`stich analyze --jobs N`: decisions reviewed side by side in worker processes started once give
the same analysis as one process (with a budget of worlds, the same figures)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from stich.cli import app
from stich.games.record import simulate
from stich.games.views import seat_view
from stich.hints.advice import Budget
from stich.hints.analysis import Analysis, analyze

runner = CliRunner()


def _without_seconds(analysis: Analysis) -> dict[str, Any]:
    """The analysis's JSON without the seconds each piece of advice took."""
    shape = analysis.to_json()
    for decision in shape["decisions"]:
        if decision["advice"] is not None:
            decision["advice"].pop("seconds")
    return shape


def test_two_jobs_give_the_same_analysis_as_one() -> None:
    record = simulate("stiche-raten", 4, 2, {"first_round": 3})
    budget = Budget(worlds=2, seed=1)
    told: list[tuple[int, int]] = []
    one = analyze(record, budget=budget)
    two = analyze(record, budget=budget, jobs=2, progress=lambda done, total: told.append((done, total)))
    assert len(one.reviews) > 4
    assert _without_seconds(two) == _without_seconds(one)
    # Every decision is told to the progress bar, in order, and the end.
    assert [done for done, _ in told] == [*(r.event for r in one.reviews), len(record.events)]


def test_two_jobs_on_a_view_record_and_a_secret() -> None:
    record = simulate("was-sticht", 4, 1)
    view = seat_view(record, 1)
    view = replace(view, events=view.events[:12])
    budget = Budget(worlds=1, seed=2)
    assert _without_seconds(analyze(view, budget=budget, jobs=2)) == _without_seconds(
        analyze(view, budget=budget)
    )


def test_analyze_takes_jobs(tmp_path: Path) -> None:
    path = tmp_path / "round.json"
    path.write_text(simulate("stiche-raten", 4, 1, {"first_round": 2}).dumps())
    result = runner.invoke(app, ["analyze", str(path), "--worlds", "1", "--seed", "1", "--jobs", "2"])
    assert result.exit_code == 0, result.output
    assert "decisions" in result.output
    result = runner.invoke(app, ["analyze", str(path), "--jobs", "0"])
    assert result.exit_code == 2 and result.output.startswith("stich: error:")
