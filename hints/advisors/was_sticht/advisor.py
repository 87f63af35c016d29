"""Was sticht?: draft picks, the dealer's announcements, tasks, play and the dealer's discard.

*Draft pick* (`hints.advisors.was_sticht.draft`). A drafter's pick is valued by the round it
leads to: in each world the trumps are drawn from those still possible and the rest of the
draft is dealt at random, and the hand is worth the expected points of its best task, the
round played out as the task choice plays it. The dealer knows the trumps and chooses no task:
it takes the card strongest under them, the share of two-card tricks against each other card
of the deck it wins, leading once and following once (`card_strength`), with what its
announcement after the column will give away (the expected entropy it leaves, from
``deducer.information``) shown beside it, not weighed.

*Announcement, reveal.* The dealer knows the trumps, so the rules leave one choice.

*Task and play* (`hints.advisors.was_sticht.playout`). After the reveal every hand is open
and the trumps are known: each task, and each card, is valued by playing the round out,
every seat for its own task, as expected points — the chip's value times the chance to
make the task (1 where the solver finds the task forceable against any play). The dealer's
cards likewise, by the chance to make some player's task while its owner fails (and so to
discard its most valuable chip).

*Discard.* The dealer's most valuable chip (the hardest to make later).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from stich.games.base import Round
from stich.games.errors import StichError
from stich.games.events import Event, event_discard, event_pick
from stich.games.was_sticht import DECK, WasStichtRound
from stich.hints.advisors.was_sticht.heuristic import HEURISTIC as HEURISTIC
from stich.hints.advisors.was_sticht.heuristic import card_strength
from stich.hints.figures import BITS, SHARE, shown
from stich.hints.session import Session
from stich.hints.valuation import Advice, Alternative, TrueValues, Valuation, exact_verdict, forced_advice
from stich.hints.worlds import World

__all__ = ["ADVISOR", "PICK_VALUE", "WasStichtAdvisor", "card_strength"]

PICK_VALUE = "strength under the trumps played for"
"""The dealer's draft ``value_name``: a share of two-card tricks (`hints.figures.SHARE`)."""

TRUE_PICK_VALUE = "strength under the true trumps"
"""A pick's value in the true deal (`stich analyze`): the same share under the true trumps."""


@dataclass(frozen=True)
class WasStichtAdvisor:
    """Advice for every decision of Was sticht?."""

    def valuation(self, session: Session) -> Valuation | Advice:
        state = session.round
        if not isinstance(state, WasStichtRound):
            raise StichError("the Was sticht? advisor needs a Was sticht? round")
        phase = state.phase
        legal = session.legal()
        if phase == "draft":
            if session.seat == state.dealer:
                return self.pick(session, state)
            from stich.hints.advisors.was_sticht.draft import pick_valuation

            return pick_valuation(session, state)
        if phase in ("announce", "reveal") and len(legal) == 1:
            return self.forced(session, phase, legal[0])
        if phase == "discard":
            return self.discard(session, state)
        from stich.hints.advisors.was_sticht.playout import play_valuation, task_valuation
        from stich.hints.advisors.was_sticht.truth import play_truth, task_truth

        if phase == "tasks":
            return replace(task_valuation(session, state), true_draw=task_truth(session, state))
        if phase == "play":
            return replace(play_valuation(session, state), true_draw=play_truth(session, state))
        raise StichError(f"no advice for the phase {phase!r} of Was sticht?")

    def true_values(self, session: Session, advice: Advice, world: World) -> TrueValues | None:
        """A draft pick in the true deal: each card's strength under the true trumps
        (`hints.advisors.was_sticht.truth`); None for the other decisions the advice settles itself."""
        if advice.decision != "pick":
            return None
        from stich.hints.advisors.was_sticht.truth import pick_truth

        found = pick_truth(session, advice, world)
        return None if found is None else (TRUE_PICK_VALUE, found)

    def open_valuation(self, session: Session, truth: Round) -> Valuation | None:
        """For the arena's all-seeing bot (``truth``: the omniscient round): a drafter's pick as the
        draft advice values it but under the true trumps, over 16 deals of the rest of the draft;
        the dealer's by its strength under the trumps (which it knows); the task or card
        double-dummy with every task known (`hints.advisors.was_sticht.open_play`); None at other
        decisions."""
        if not isinstance(truth, WasStichtRound):
            return None
        state = session.round
        if truth.phase == "draft" and isinstance(state, WasStichtRound) and session.seat != state.dealer:
            from stich.hints.advisors.was_sticht.draft import under_true_trumps

            return under_true_trumps(session, state)
        if truth.phase not in ("tasks", "play"):
            return None
        from stich.hints.advisors.was_sticht.open_play import was_sticht_play, was_sticht_task

        return (was_sticht_task if truth.phase == "tasks" else was_sticht_play)(session, truth)

    def forced(self, session: Session, phase: str, event: Event) -> Advice:
        state = session.round
        assert isinstance(state, WasStichtRound)
        if phase == "announce":
            winner = state.column_winner()
            assert winner is not None
            card = DECK.name_of(state.column_cards[state.column_seats.index(winner)])
            reason = f"the rules oblige: under the trumps {_secret(state)} {state.who(winner)}'s {card} wins"
            return forced_advice(session, "announce", event, f"announce {state.who(winner)}", reason)
        reason = f"the rules oblige: reveal the trumps {_secret(state)}"
        return forced_advice(session, "reveal", event, "reveal", reason)

    def pick(self, session: Session, state: WasStichtRound) -> Advice:
        """The dealer's pick: the card strongest under the trumps it knows."""
        trumps = state.rules()
        assert trumps is not None, "the dealer knows the trumps"
        from stich.deducer.information import information  # numpy: loaded where it is asked

        assert session.tracker is not None
        report = information(session.tracker.evidence())
        by_card = {c.card: c for c in report.candidates}
        alternatives = []
        for event in session.legal():
            card = DECK.parse(event_pick(event))
            strength = card_strength(trumps, card, DECK.all & ~(1 << card))
            # Shown, not weighed: what the announcement after the column gives away.
            given = report.current_entropy - by_card[card].expected_entropy
            figures = {"strength": strength, "bits_given": given}
            alternatives.append(Alternative(event, DECK.name_of(card), strength, 0.0, figures))
        alternatives.sort(key=lambda a: -a.value)
        best = alternatives[0]
        text = _secret(state)
        share = shown(SHARE, best.value)
        reason = f"{best.label} wins {share} of two-card tricks under the trumps {text}"
        if best.figures["bits_given"] > 0.05:
            reason += f"; the announcement gives away {shown(BITS, best.figures['bits_given'])} bits"
        lead, separated, ahead = exact_verdict(alternatives, PICK_VALUE)
        return Advice(
            session.seat,
            "pick",
            best.action,
            tuple(alternatives),
            0,
            separated,
            reason + ahead,
            f"strength under the trumps {text}",
            0.0,
            PICK_VALUE,
            lead=lead,
        )

    def discard(self, session: Session, state: WasStichtRound) -> Advice:
        values = state.game.chip_values()
        legal = session.legal()
        alternatives = sorted(
            (Alternative(e, event_discard(e), float(values[event_discard(e)]), 0.0) for e in legal),
            key=lambda a: -a.value,
        )
        best = alternatives[0]
        reason = f"discard {best.label} (value {best.value:.0f}): the hardest chip to make in a later round"
        lead, separated, ahead = exact_verdict(alternatives, "chip value")
        return Advice(
            session.seat,
            "discard",
            best.action,
            tuple(alternatives),
            0,
            separated,
            reason + ahead,
            "chip values",
            0.0,
            "chip value",
            lead=lead,
        )


def _secret(state: WasStichtRound) -> str:
    from stich.games.was_sticht import secret_text

    return secret_text(state.trump_suit, state.trump_number)


ADVISOR = WasStichtAdvisor()
