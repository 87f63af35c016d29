"""`stich analyze` values the decisions of the deduction games in the true deal, as it does Oh
Hell's: Was sticht?'s tasks and cards by the round played out with the true tasks (forceable ones
certain), its picks under the true trumps, 24's call and exchange double-dummy with every card
known, Stich für Stich's guesses by the true pair; each with a cost and the same verdicts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from stich.cli import app
from stich.games.record import simulate
from stich.hints.analysis import TRUE_DRAWS, Analysis, Review

runner = CliRunner()

COSTED = {"best", "lucky", "unlucky", "mistake"}
"""The verdicts of a decision with a cost (`advised` and `differs` are those without one)."""


def _analyze(tmp_path: Path, record: dict[str, Any], *args: str) -> dict[str, Any]:
    path = tmp_path / "round.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = runner.invoke(app, ["analyze", str(path), "--json", "--jobs", "1", *args])
    assert result.exit_code == 0, result.output
    found: dict[str, Any] = json.loads(result.stdout)
    return found


def test_every_was_sticht_task_and_card_not_forced_has_a_cost_and_a_verdict(tmp_path: Path) -> None:
    record = simulate("was-sticht", 4, 1).to_json()
    analysis = _analyze(tmp_path, record, "--worlds", "1", "--seed", "1")
    decided = [d for d in analysis["decisions"] if d["decision"] in ("task", "play", "pick")]
    assert {d["decision"] for d in decided} == {"task", "play", "pick"}
    # a drafter's pick as its advice values it, under the true trumps; the dealer's by its
    # strength under the (true) trumps it knows, exact
    dealer_pick = {"strength under the true trumps", "strength under the trumps played for"}
    picks = {d["value"] for d in decided if d["decision"] == "pick"}
    assert "expected points" in picks and picks <= {"expected points", *dealer_pick}
    for decision in decided:
        if decision["verdict"] == "forced":
            continue
        assert isinstance(decision["cost"], float | int) and decision["cost"] >= 0, decision
        assert decision["verdict"] in COSTED, decision
        assert decision["label"] in decision["values"]
        if decision["value"] in dealer_pick:  # the dealer's pick, exact
            assert decision["decision"] == "pick"
            assert decision["cost_stderr"] is None
        else:  # a drafter's pick, a task or a card: drawn play-outs
            assert decision["cost_stderr"] is not None and decision["cost_stderr"] >= 0
            assert decision["true_draws"] >= TRUE_DRAWS[0]


def test_a_task_that_cannot_be_made_while_one_is_forceable_is_a_mistake(tmp_path: Path) -> None:
    """Anna (seed 1) can force last-trick (chip value 4) against any play; no-tricks cannot be made
    in the true deal. Choosing it costs the whole chip, and her own view said so."""
    record = simulate("was-sticht", 4, 1).to_json()
    first = next(i for i, e in enumerate(record["events"]) if "task" in e)
    record["events"][first] = {"seat": 0, "task": "no-tricks"}
    at = str(first + 3)  # every task chosen: the true deal's tasks are known
    analysis = _analyze(tmp_path, record, "--at", at, "--seat", "0", "--worlds", "8", "--seed", "1")
    (task,) = [d for d in analysis["decisions"] if d["decision"] == "task"]
    assert task["values"]["last-trick"] == 4.0 and task["values"]["no-tricks"] == 0.0
    assert task["best"] == ["last-trick"]
    assert task["verdict"] == "mistake" and task["cost"] == 4.0
    assert task["advice"]["action"] == {"seat": 0, "task": "last-trick"}
    # The text gives a cost drawn from play-outs with its standard error, as the advice its figures.
    path = str(tmp_path / "round.json")
    text = runner.invoke(app, ["analyze", path, "--at", at, "--seat", "0", "--worlds", "8", "--seed", "1"])
    assert " 4.00 ± 0.00 " in text.stdout  # every play-out of either task ends alike


def test_a_24_trump_call_that_loses_points_with_every_card_known_is_a_mistake(tmp_path: Path) -> None:
    """Anna (seed 6) calls yellow blind: with every card known it loses her 48 points, where green
    wins 3; her view (three cards) already favoured green."""
    record = simulate("24", 4, 6).to_json()
    record["events"][0] = {"seat": 0, "trump": "Y", "blind": True}
    analysis = _analyze(tmp_path, record, "--at", "1", "--seat", "0", "--worlds", "8", "--seed", "1")
    (call,) = analysis["decisions"]
    assert call["values"] == {"Y": -24.0, "B": 2.0, "R": -12.0, "G": 3.0, "Y blind": -48.0}
    assert call["verdict"] == "mistake" and call["cost"] == 51.0
    assert call["cost_stderr"] is None and call["true_draws"] == 1  # exact: nothing left to chance


def test_every_24_exchange_is_valued_by_the_cards_it_would_have_drawn(tmp_path: Path) -> None:
    record = simulate("24", 4, 1).to_json()
    analysis = _analyze(tmp_path, record, "--at", "5", "--worlds", "1", "--seed", "1")
    exchanges = [d for d in analysis["decisions"] if d["decision"] == "exchange"]
    assert len(exchanges) == 4
    for decision in exchanges:
        assert decision["verdict"] in COSTED and decision["cost"] is not None
        assert decision["label"] in decision["values"]  # the exchange made, weighed or not


def test_a_stich_fuer_stich_guess_is_valued_by_the_true_pair(tmp_path: Path) -> None:
    record = simulate("stich-fuer-stich", 4, 1).to_json()
    secret = record["known"]["secret"]
    truth = f"{secret['culprit']} {secret['weapon']}"
    analysis = _analyze(tmp_path, record, "--seat", "0", "--worlds", "1", "--seed", "1")
    guesses = [d for d in analysis["decisions"] if d["decision"] == "guess" and d["verdict"] != "forced"]
    assert guesses
    for decision in guesses:
        assert decision["values"][truth] == 1.0
        assert decision["cost"] == (0.0 if decision["label"] == truth else 1.0)
        assert decision["verdict"] in COSTED


def test_decisions_without_a_value_in_the_true_deal_are_said_plainly() -> None:
    record = simulate("was-sticht", 4, 1)

    def review(decision: str, label: str, values: dict[str, float] | None, verdict: str) -> Review:
        return Review(
            event=1,
            seat=0,
            decision=decision,
            action={"seat": 0, decision: label},
            label=label,
            advice=None,
            values=values,
            value_name="chip value",
            best=(),
            cost=None if values is None else 0.0,
            followed=True,
            verdict=verdict,
        )

    discard = review("discard", "no-tricks", None, "advised")
    task = review("task", "last-trick", {"last-trick": 4.0}, "best")
    note = Analysis(record, (0,), [discard, task]).unvalued_note()
    assert note.startswith("1 decision (discard) has no value with every card known")
    assert Analysis(record, (0,), [task]).unvalued_note() == ""
