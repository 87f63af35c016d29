"""``all-seeing``: an arena bot that sees every hand and the secret, for measuring how much of a game
is information. Never advice: no player at a table knows what it knows.

The arena hands this bot (and no other) the omniscient round (`hints.play.arena.play_table`).
At each decision it takes the valuation the advisor would use and values the choices once,
in the true deal, every card and the secret known — the value `stich analyze` gives a
decision in the true deal — and plays the best (ties by the valuation's own order):

- Stiche-Raten, Wizard: a card by the solver's ``exact`` question (can it still end with
  exactly its bid against everyone; `hints.advisors.bids.advisor`), a bid by the most tricks it
  can take against everyone, Wizard's trump by the best bid that allows;
- Was sticht? (the advisor's ``open_valuation``): a draft pick by the card's strength under the
  true trumps (the advisor's rule, under the trumps it would only guess); the task and every
  card double-dummy on the open hands with the trumps and every seat's task known
  (`hints.advisors.was_sticht.open_play`: its task made against any play, then the most of the others
  unable to spoil it alone; the dealer keeps the most targets in reach);
- Stich für Stich: the cards by the advisor's valuation in the true deal, with the true case;
- 24: the cards by the round points double-dummy in the true deal.

It plays as the heuristic bot does (the game's rules of thumb, `hints.advisors`, from its own
seat's view; ``all-seeing:N``: as ``advisor:N`` does) where the true deal does not tell the
choices apart — every choice of the same value (Was sticht?'s task when no task can be made
against everyone, a card when the bid is made or lost whatever it plays) — and where it has no
value in the true deal: the advisor's valuation depends on chance still to come (Was sticht?'s
dealer's discard, 24's exchange and trump call) or the advisor settles the
decision by a rule (Stich für Stich's guesses: an all-seeing player that named the case at once
would measure nothing of the play).
"""

from __future__ import annotations

import random
from dataclasses import replace

from stich.deducer.hypotheses import known_hypothesis
from stich.games.base import Event, Round
from stich.hints.advisors import advisor_for, heuristic_for
from stich.hints.advisors.bids.advisor import PlayOutValuation
from stich.hints.choices import distinct_choices
from stich.hints.session import Session
from stich.hints.valuation import Advice, Tally, Valuation
from stich.hints.worlds import World

__all__ = ["ALL_SEEING", "all_seeing", "true_world"]

ALL_SEEING = "all-seeing"


def true_world(session: Session, truth: Round) -> World:
    """The deal as it is (``truth``: the omniscient round at the session's point), nothing sampled."""
    hands = tuple(h or 0 for h in truth.tracked_hands())
    held = 0
    for hand in hands:
        held |= hand
    return World(hands, session.observations().hidden & ~held, known_hypothesis(truth))


def _true_valuation(session: Session, truth: Round) -> Valuation | None:
    """How the decision is valued in the true deal, or None where it cannot be (module docstring)."""
    advisor = advisor_for(session.round.game.id)
    # An advisor whose own valuations are not double-dummy offers one for the open deal (Was sticht?).
    open_valuation = getattr(getattr(advisor, "advisor", advisor), "open_valuation", None)
    if open_valuation is not None:
        opened: Valuation | None = open_valuation(session, truth)
        if opened is not None:
            return opened
    found = advisor.valuation(session)
    if isinstance(found, Advice) or found.chance:
        return None
    if isinstance(found, PlayOutValuation) and found.truth is not None:
        return replace(found, evaluate=found.truth, truth=None)
    return found


def all_seeing(session: Session, truth: Round, rng: random.Random, worlds: int | None = None) -> Event:
    """The event the all-seeing bot chooses for the session's seat (module docstring); where the
    true deal does not value the choices, the heuristic's, or with ``worlds`` the advisor's with
    that budget (``all-seeing:N``)."""
    legal = session.legal()
    if len(distinct_choices(legal)) == 1:
        return legal[0]
    valuation = _true_valuation(session, truth)
    if valuation is not None:
        values, figures = valuation.evaluate(true_world(session, truth))
        tally = Tally(len(values))
        tally.add(values, figures)
        if valuation.rank is not None:
            ranked = valuation.rank(tally)
            if ranked[0].value != ranked[-1].value:
                return ranked[0].action
        elif min(values) != max(values):  # else every choice alike in the true deal
            return valuation.choices[tally.order(valuation.then)[0]][0]
    if worlds is None:
        return heuristic_for(session.round.game.id)(session, rng)
    from stich.hints.advice import Budget, advise

    return advise(session, Budget(worlds=worlds, seed=rng.getrandbits(32))).action
