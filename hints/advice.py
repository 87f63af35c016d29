"""Advice for the seat to move: every legal choice with its figures, the best one, and why.

`advise(session, budget)` asks the game's advisor (``hints/advisors``) for the decision
at hand. Most decisions are valued over *worlds*: the hidden hands drawn exactly
uniformly among the deals that fit what the seat has seen (``deducer.sampling``), the
hidden secret drawn from its posterior, each world solved double-dummy. The loop is
anytime: worlds are added until the budget (seconds, or a fixed number of worlds) is
spent, and every alternative is valued on the same worlds, so that the difference
between the best and the second has a paired standard error.

What this can get wrong (see ``docs/advice.md``): each world is solved as if every hand
were open (*strategy fusion*: a line that needs to guess right is valued as if the
guess were always right), and the other players are modelled as perfect and against
the seat. The figures say how sure the ranking is over the worlds seen, not whether
those assumptions hold.

The advice's types and its anytime loop live in `hints.valuation`, below the advisors that
build on them; this module, above the advisors, asks them and re-exports those names.
"""

from __future__ import annotations

import time
from dataclasses import replace

from stich.games.base import Event
from stich.games.errors import StichError
from stich.games.record import Record
from stich.hints import advisors
from stich.hints.session import Session
from stich.hints.valuation import (
    FIRST_WORLD_PATIENCE,
    MAX_SECONDS,
    MAX_WORLDS,
    MIN_SECONDS,
    SETTLE_FROM,
    SETTLE_GROWTH,
    Advice,
    Alternative,
    Budget,
    Evaluate,
    Lead,
    Tally,
    Valuation,
    anytime,
    forced_advice,
    lead_text,
    ranked_alternatives,
    worlds_text,
)

__all__ = [
    "FIRST_WORLD_PATIENCE",
    "MAX_SECONDS",
    "MAX_WORLDS",
    "MIN_SECONDS",
    "SETTLE_FROM",
    "SETTLE_GROWTH",
    "Advice",
    "Alternative",
    "Budget",
    "Evaluate",
    "Lead",
    "Tally",
    "advise",
    "anytime",
    "for_record",
    "forced_advice",
    "lead_text",
    "ranked_alternatives",
    "worlds_text",
    "Valuation",
]


def advise(session: Session, budget: Budget | None = None) -> Advice:
    """Advice for this seat's next decision; a `StichError` when it is not the seat's turn."""
    budget = budget or Budget()
    if session.stopped is not None:
        raise StichError(f"the record contradicts itself ({session.stopped}): no advice past it")
    seat = session.to_move()
    if seat is None:
        raise StichError("the round is over: there is no decision left to advise on")
    if seat != session.seat:
        raise StichError(
            f"{session.names[session.seat]} has no decision now: it is {session.names[seat]}'s turn "
            f"({session.round.phase})"
        )
    if not session.legal():
        raise StichError(f"{session.names[seat]} has no legal choice to advise on")
    asked = time.monotonic()
    found = advisors.advisor_for(session.round.game.id).valuation(session)
    if isinstance(found, Advice):
        return found
    # The budget counts from the question: what the valuation prepares (Stich für Stich's
    # information measure, a quarter of a second) is thinking time too.
    spent = time.monotonic() - asked
    if budget.worlds is None and spent > 0:
        until = asked + budget.wall if budget.until is None else min(budget.until, asked + budget.wall)
        budget = replace(budget, seconds=max(budget.seconds - spent, MIN_SECONDS), until=until)
    advice = found.advise(session, budget)
    return replace(advice, seconds=advice.seconds + spent)


FILLED_BY_RULES = ("receive",)
"""Fields of an event that the record can fill in and the seat's view cannot: the cards a 24
exchange draws, known to an omniscient record (its stock) and not to the seat."""


def for_record(advice: Advice, record: Record) -> Advice:
    """``advice`` with each action completed from ``record``, the record it was asked of, so that
    appended to its events `stich check` accepts it: where the record's own round knows more
    than the seat (an omniscient record's 24 stock), the rules' event with the fields the seat
    could not fill (`FILLED_BY_RULES`) replaces the seat's. Actions stay as they are where the
    record knows no more (a view record: the cards drawn are written once they are seen)."""
    from stich.games.record import replay

    outcome = replay(record)
    if not outcome.ok or outcome.round.to_move() != advice.seat:
        return advice
    legal = outcome.round.legal_events()

    def complete(action: Event) -> Event:
        fits = [
            event
            for event in legal
            if all(event.get(k) == v for k, v in action.items())
            and all(k in action or k in FILLED_BY_RULES for k in event)
        ]
        return fits[0] if len(fits) == 1 else action

    alternatives = tuple(replace(a, action=complete(a.action)) for a in advice.alternatives)
    lead = None if advice.lead is None else replace(advice.lead, over=complete(advice.lead.over))
    return replace(advice, action=complete(advice.action), alternatives=alternatives, lead=lead)
