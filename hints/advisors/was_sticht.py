"""Was sticht?: draft picks, the dealer's announcements, tasks, play and the dealer's discard.

*Draft pick.* Which card of the column to take weighs two things, both shown:
its expected *strength* over the trumps still possible (the share of two-card
tricks against each other card of the deck it wins, leading once and following once,
averaged over the consistent trumps) and what the dealer's announcement after the
column will *tell* (the expected entropy it leaves, from ``deducer.information``).
A drafter ranks by strength + ``INFO_WEIGHT`` × bits gained; the dealer, who knows the
trumps, by strength − ``INFO_WEIGHT`` × bits it gives away.

*Announcement, reveal.* The dealer knows the trumps, so the rules leave one choice.

*Task and play* (`hints.advisors.was_sticht_playout`). After the reveal every hand is open
and the trumps are known: each task, and each card, is valued by playing the round out,
every seat for its own task, as expected points — the chip's value times the chance to
make the task (1 where the solver finds the task forceable against any play). The dealer's
cards likewise, by the chance to make some player's task while its owner fails (and so to
discard its most valuable chip).

*Discard.* The dealer's most valuable chip (the hardest to make later).
"""

from __future__ import annotations

from dataclasses import dataclass

from stich.deducer.hypotheses import members
from stich.games.errors import StichError
from stich.games.was_sticht import DECK, WasStichtRound
from stich.hints.advisors.was_sticht_heuristic import HEURISTIC as HEURISTIC
from stich.hints.advisors.was_sticht_heuristic import card_strength
from stich.hints.figures import BITS, COUNT, SHARE, STRENGTH, clearly_ahead_exact, shown
from stich.hints.session import Session
from stich.hints.valuation import Advice, Alternative, Valuation, forced_advice

__all__ = ["ADVISOR", "INFO_WEIGHT", "WasStichtAdvisor", "card_strength"]

INFO_WEIGHT = 0.1  # strength units per bit; a bit of information ≈ a tenth of the strength scale


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
            return self.pick(session, state)
        if phase in ("announce", "reveal") and len(legal) == 1:
            return self.forced(session, phase, legal[0])
        if phase == "discard":
            return self.discard(session, state)
        from stich.hints.advisors.was_sticht_playout import play_valuation, task_valuation

        if phase == "tasks":
            return task_valuation(session, state)
        if phase == "play":
            return play_valuation(session, state)
        raise StichError(f"no advice for the phase {phase!r} of Was sticht?")

    def forced(self, session: Session, phase: str, event: dict[str, object]) -> Advice:
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
        post = session.posterior()
        assert post is not None and session.tracker is not None
        hypotheses = members(post.possible)
        if not hypotheses:
            raise StichError("no trumps fit the announcements so far: see `stich deduce` for why")
        space = session.tracker.space
        from stich.deducer.information import information  # numpy: loaded where it is asked

        report = information(session.tracker.evidence())
        hider = report.mode == "hider"
        by_card = {c.card: c for c in report.candidates}
        alternatives = []
        for event in session.legal():
            card = DECK.parse(event["pick"])
            others = DECK.all & ~(1 << card)
            strengths = [card_strength(space.rules(h), card, others) for h in hypotheses]
            strength = sum(strengths) / len(strengths)
            entropy = by_card[card].expected_entropy
            if hider:
                # Bits the announcement gives away (the others' entropy lost).
                shown = report.current_entropy - entropy
                value = strength - INFO_WEIGHT * shown
                figures = {"strength": strength, "bits_given": shown}
            else:
                gain = report.current_entropy - entropy
                value = strength + INFO_WEIGHT * gain
                figures = {"strength": strength, "bits_gained": gain}
            figures["strength_spread"] = _spread(strengths)
            alternatives.append(Alternative(event, DECK.name_of(card), value, 0.0, figures))
        alternatives.sort(key=lambda a: -a.value)
        best = alternatives[0]
        reason = _pick_reason(best, alternatives, hider, len(hypotheses))
        separated = len(alternatives) < 2 or clearly_ahead_exact(STRENGTH, best.value - alternatives[1].value)
        return Advice(
            session.seat,
            "pick",
            best.action,
            tuple(alternatives),
            0,
            separated,
            reason,
            f"strength over the {len(hypotheses)} possible trumps, and information",
            0.0,
            "strength and information",
        )

    def discard(self, session: Session, state: WasStichtRound) -> Advice:
        values = state.game.chip_values()
        legal = session.legal()
        alternatives = sorted(
            (Alternative(e, str(e["discard"]), float(values[str(e["discard"])]), 0.0) for e in legal),
            key=lambda a: -a.value,
        )
        best = alternatives[0]
        reason = f"discard {best.label} (value {best.value:.0f}): the hardest chip to make in a later round"
        return Advice(
            session.seat,
            "discard",
            best.action,
            tuple(alternatives),
            0,
            len(alternatives) < 2 or clearly_ahead_exact(COUNT, best.value - alternatives[1].value),
            reason,
            "chip values",
            0.0,
            "chip value",
        )


def _secret(state: WasStichtRound) -> str:
    from stich.games.was_sticht import secret_text

    return secret_text(state.trump_suit, state.trump_number)


def _spread(xs: list[float]) -> float:
    """The standard deviation of a figure over the hypotheses (how much it depends on the trumps)."""
    if len(xs) < 2:
        return 0.0
    mean = sum(xs) / len(xs)
    return float((sum((x - mean) ** 2 for x in xs) / len(xs)) ** 0.5)


def _pick_reason(best: Alternative, alternatives: list[Alternative], hider: bool, count: int) -> str:
    strength = best.figures["strength"]
    strongest = max(alternatives, key=lambda a: a.figures["strength"])
    where = f"over the {count} trumps still possible" if count > 1 else "under the trumps"
    text = f"{best.label} wins {shown(SHARE, strength)} of two-card tricks {where}"
    if hider:
        given = best.figures["bits_given"]
        return text + (f" and the announcement gives away {shown(BITS, given)} bits" if given > 0.05 else "")
    gain = best.figures["bits_gained"]
    if strongest is not best:
        return text + (
            f"; {strongest.label} is stronger ({shown(SHARE, strongest.figures['strength'])}) "
            f"but the announcement after {best.label} tells more ({shown(BITS, gain)} bits)"
        )
    return text + (f"; the announcement will tell {shown(BITS, gain)} bits" if gain > 0.05 else "")


ADVISOR = WasStichtAdvisor()
