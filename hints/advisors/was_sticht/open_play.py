"""Double-dummy valuations where a task is played for: Was sticht?'s task choice and play (every
hand open once the draft is over). Stich für Stich's play is valued in its own advisor
(`hints.advisors.stich_fuer_stich.advisor`).

Was sticht? values are exact, not estimates: after the reveal every card and the trumps
are known, so one double-dummy solve per question settles it. Whether the others spoil
a task depends on how they play; against everyone at once it is the double-dummy
answer, and as a softer figure the share of the other players who could not spoil it on
their own (the rest helping) tells tasks that need luck from tasks that are hopeless.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from stich.games.events import event_play, event_task
from stich.games.was_sticht import WasStichtRound
from stich.hints.dd import move_event, move_values, one_against_all, position, value
from stich.hints.figures import figure_kind, shown
from stich.hints.session import Session
from stich.hints.valuation import Alternative, Tally, Valuation
from stich.hints.worlds import World
from stich.solvers import ObjectiveSpec

__all__ = ["was_sticht_play", "was_sticht_task"]


def _helped(spoiler: int, seats: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Everyone but ``spoiler`` on one side, ``spoiler`` alone on the other."""
    return (tuple(s for s in seats if s != spoiler), (spoiler,))


def _open_world(state: WasStichtRound) -> World:
    return World(tuple(h or 0 for h in state.hands), 0, None)


def _open_draw(state: WasStichtRound) -> Callable[[random.Random], World]:
    """Every hand is open after the draft: the one world there is."""
    return lambda rng: _open_world(state)


def was_sticht_task(session: Session, state: WasStichtRound) -> Valuation:
    seat = session.seat
    seats = list(range(state.game.players))
    others = [s for s in seats if s != seat]
    values = state.game.chip_values()
    legal = session.legal()

    def evaluate(world: World) -> tuple[list[float], list[dict[str, float]]]:
        hands = list(world.hands)
        scores: list[float] = []
        figures: list[dict[str, float]] = []
        for event in legal:
            task = event_task(event)
            objective = ObjectiveSpec("task", task=task, seat=seat)
            forced = value(position(state, hands, objective, one_against_all(seat, seats)))
            alone = [value(position(state, hands, objective, _helped(o, seats))) for o in others]
            share = sum(alone) / len(alone) if alone else float(forced)
            # Ranked by whether it is forceable, then (Valuation.then) the share, then the chip.
            scores.append(float(forced))
            figures.append(
                {"forced": float(forced), "no_single_spoiler": share, "chip_value": float(values[task])}
            )
        return scores, figures

    def explain(alternatives: list[Alternative], tally: Tally) -> str:
        best = alternatives[0]
        forced = [a.label for a in alternatives if a.figures["forced"]]
        if forced:
            return (
                f"{best.label} (chip value {best.figures['chip_value']:.0f}) can be made against any play; "
                f"forceable: {', '.join(forced)}"
            )
        share = shown(figure_kind("no_single_spoiler"), best.figures["no_single_spoiler"])
        return (
            f"no task can be forced against everyone; {best.label} is the hardest to spoil: "
            f"{share} of the other players could not spoil it alone"
        )

    return Valuation(
        "task",
        [(e, event_task(e)) for e in legal],
        evaluate,
        _open_draw(state),
        "forceable against everyone",
        explain,
        exact=True,
        method="double-dummy on the open hands",
        then=("no_single_spoiler", "chip_value"),
    )


def was_sticht_play(session: Session, state: WasStichtRound) -> Valuation:
    seat = session.seat
    seats = list(range(state.game.players))
    legal = session.legal()
    labels = [event_play(e) for e in legal]
    choices = [(e, event_play(e)) for e in legal]
    draw = _open_draw(state)
    if seat == state.dealer:
        targets = sorted(state.tasks.items())

        def evaluate_dealer(world: World) -> tuple[list[float], list[dict[str, float]]]:
            # The dealer scores by making some player's task while its owner fails it.
            counts = dict.fromkeys(labels, 0.0)
            for owner, task in targets:
                objective = ObjectiveSpec("task", task=task, seat=seat, owner=owner)
                pos = position(state, list(world.hands), objective, one_against_all(seat, seats))
                for m, v in move_values(pos):
                    counts[move_event(state, seat, m)["play"]] += v
            return [counts[c] for c in labels], [{"targets": counts[c]} for c in labels]

        def explain_dealer(alternatives: list[Alternative], tally: Tally) -> str:
            best = alternatives[0]
            if not best.value:
                return "no player's task can be made while its owner fails any more; any card does as well"
            named = ", ".join(f"{state.names[o]}'s {t}" for o, t in targets)
            plural = "s" if best.value != 1 else ""
            return f"{best.label} keeps {best.value:.0f} target{plural} in reach (of {named})"

        return Valuation(
            "play",
            choices,
            evaluate_dealer,
            draw,
            "targets kept in reach (a task made while its owner fails)",
            explain_dealer,
            exact=True,
            method="double-dummy on the open hands",
        )
    task = state.tasks[seat]
    objective = ObjectiveSpec("task", task=task, seat=seat)
    others = [s for s in seats if s != seat]

    def evaluate(world: World) -> tuple[list[float], list[dict[str, float]]]:
        hands = list(world.hands)
        forced = {
            move_event(state, seat, m)["play"]: float(v)
            for m, v in move_values(position(state, hands, objective, one_against_all(seat, seats)))
        }
        alone = dict.fromkeys(labels, 0.0)
        for o in others:
            for m, v in move_values(position(state, hands, objective, _helped(o, seats))):
                alone[move_event(state, seat, m)["play"]] += v / len(others)
        scores = [forced[c] for c in labels]  # then (Valuation.then) the share no single spoiler stops
        return scores, [{"forced": forced[c], "no_single_spoiler": alone[c]} for c in labels]

    def explain(alternatives: list[Alternative], tally: Tally) -> str:
        best = alternatives[0]
        keep = [a.label for a in alternatives if a.figures["forced"]]
        if keep:
            also = [k for k in keep if k != best.label]
            return f"{best.label} keeps your task {task} certain against any play" + (
                f" (so do {', '.join(also)})" if also else ""
            )
        share = shown(figure_kind("no_single_spoiler"), best.figures["no_single_spoiler"])
        return (
            f"your task {task} can no longer be forced; {best.label} leaves the most ways to make it "
            f"({share} of the others cannot spoil it alone)"
        )

    return Valuation(
        "play",
        choices,
        evaluate,
        draw,
        "keeps the task forceable",
        explain,
        exact=True,
        method="double-dummy on the open hands",
        then=("no_single_spoiler",),
    )
