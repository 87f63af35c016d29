"""Was sticht? in the true deal (`stich analyze`): each task, card and pick valued with every card
known and every task as it was chosen.

After the reveal every hand is open, so the true deal differs from a seat's view only in the
tasks the others had not yet turned up at the task choice, and in how the others will play.
Here the tasks are the true ones (the record's later events give those not yet shown) and the
round is played out as the advice plays it (`hints.advisors.was_sticht.playout`: every seat for
its own task, the dealer to catch one, the seat valued looking ahead); a task or card that
keeps the task forceable against any play (double-dummy, exact) is certain. A draw is one seed:
`PLAYOUTS` play-outs of each choice on the same random numbers, so that the analysis's cost (the
best value minus the chosen one) is a paired difference; the analysis draws until its standard
error is small (`hints.analysis.drawn_truth`).

The dealer's draft pick is valued by its strength under the true trumps (`card_strength`: the
share of two-card tricks it wins against every other card of the deck, leading once and
following once), the figure its advice weighs; a drafter's pick as its advice values it, under
the true trumps (`hints.advisors.was_sticht.draft`).
"""

from __future__ import annotations

from collections.abc import Sequence

from stich.games.base import Event, seat_index
from stich.games.events import event_pick, event_play, event_task
from stich.games.was_sticht import DECK, Task, WasStichtRound
from stich.hints.advisors.was_sticht.heuristic import card_strength
from stich.hints.advisors.was_sticht.playout import (
    PLAYOUTS,
    Deal,
    Rng,
    _forced_cards,
    _forced_tasks,
    deal_of,
    dealer_valuation,
    made_share,
)
from stich.hints.session import Session
from stich.hints.valuation import Advice, TrueDraw, Valuation
from stich.hints.worlds import World

__all__ = ["pick_truth", "play_truth", "task_truth", "true_tasks"]


def true_tasks(state: WasStichtRound, later: Sequence[Event]) -> list[Task | None]:
    """Each seat's task: those shown, the others from the record's ``later`` events (None for the
    dealer, and for a chooser whose task the record does not give, as one ending before the tasks)."""
    tasks: list[Task | None] = [None] * state.game.players
    for seat, chosen in state.tasks.items():
        tasks[seat] = Task.of(chosen)
    for event in later:
        if "task" in event and "seat" in event:
            seat = seat_index(event["seat"], state.names)
            if tasks[seat] is None:
                tasks[seat] = Task.of(event_task(event))
    return tasks


def task_truth(session: Session, state: WasStichtRound) -> TrueDraw:
    """The task choice in the true deal: each task's chip value times the chance it is made as every
    seat plays for its true task (1 where it can be forced against any play). Nothing is prepared
    before the first draw: advice that is not analysed pays nothing for it."""
    seat = session.seat
    values = state.game.chip_values()
    prepared: list[tuple[Deal, dict[str, bool]]] = []

    def draw(world: World, later: Sequence[Event], seed: int, which: Sequence[Event]) -> list[float] | None:
        assignment = true_tasks(state, later)
        if any(assignment[s] is None for s in state.task_order() if s != seat):
            return None
        if not prepared:
            tasks = [event_task(e) for e in session.legal()]
            prepared.append((deal_of(state), _forced_tasks(state, seat, tasks)))
        d, forced = prepared[0]
        found = []
        for event in which:
            task = Task.of(event_task(event))
            assignment[seat] = task
            p = 1.0 if forced[task.id] else made_share(d, assignment, seat, Rng(seed), PLAYOUTS, look=True)
            found.append(values[task.id] * p)
        return found

    return draw


def play_truth(session: Session, state: WasStichtRound) -> TrueDraw:
    """A card in the true deal: for a seat with a task its chip value times the chance to make it
    after the card (1 where the card keeps it forceable); for the dealer the advice's own valuation
    (`dealer_valuation`: every task is shown once the cards are played), a draw being its world.
    Nothing is prepared before the first draw."""
    seat = session.seat
    if seat == state.dealer:
        dealer: list[Valuation] = []

        def dealer_draw(
            world: World, later: Sequence[Event], seed: int, which: Sequence[Event]
        ) -> list[float]:
            if not dealer:
                dealer.append(dealer_valuation(session, state))
            scores, _ = dealer[0].evaluate(seed)
            by_card = dict(zip((label for _, label in dealer[0].choices), scores, strict=True))
            return [by_card[event_play(event)] for event in which]

        return dealer_draw
    task = state.tasks[seat]
    value = float(state.game.chip_values()[task])
    prepared: list[tuple[Deal, dict[str, bool]]] = []

    def draw(world: World, later: Sequence[Event], seed: int, which: Sequence[Event]) -> list[float]:
        if not prepared:
            prepared.append((deal_of(state), _forced_cards(state, seat, task)))
        d, forced = prepared[0]
        assignment = true_tasks(state, ())
        found = []
        for event in which:
            label = event_play(event)
            first = d.tables.place[state.deck.parse(label)]
            sure = forced.get(label, False)
            p = 1.0 if sure else made_share(d, assignment, seat, Rng(seed), PLAYOUTS, first, look=True)
            found.append(value * p)
        return found

    return draw


def pick_truth(session: Session, advice: Advice, world: World) -> dict[str, float] | None:
    """Each of the dealer's picks' strength under the true trumps (``world.secret``), by label (None:
    the trumps are not in the true deal)."""
    if world.secret is None or session.tracker is None:
        return None
    rules = session.tracker.space.rules(world.secret)
    found = {}
    for alternative in advice.alternatives:
        card = DECK.parse(event_pick(alternative.action))
        found[alternative.label] = card_strength(rules, card, DECK.all & ~(1 << card))
    return found
