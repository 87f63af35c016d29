"""Stich für Stich: the sleuths' guesses and plays, the confidant's announcements and plays.

*Guess.* Every sleuth hands in a culprit and a weapon in each search, and a false
suspicion costs nothing but the chance: the best guess is the pair most likely to be
the secret, never one the announcements have ruled out; once only one pair remains it
is the solution.

*Winner.* The confidant knows the secret: the rules leave one announcement.

*Play.* Over sampled worlds (the hidden hands, and for a sleuth the secret from its
posterior), each card's double-dummy trick points for the seat, and for a sleuth how
much the announcement after the trick will tell (expected entropy left), for the
confidant how much it gives away. Both are shown; the ranking adds ``INFO_WEIGHT``
points per bit gained (sleuth) or subtracts it per bit given away (confidant), since
solving one trick earlier is worth one investigation point and a bit is roughly a
halving of the pairs left.
"""

from __future__ import annotations

from dataclasses import dataclass

from stich.deducer.hypotheses import members
from stich.games.errors import StichError
from stich.games.stich_fuer_stich import StichFuerStichRound
from stich.hints.advisors.stich_fuer_stich_belief import belief
from stich.hints.advisors.stich_fuer_stich_heuristic import HEURISTIC as HEURISTIC
from stich.hints.figures import CHANCE, clearly_ahead_exact, shown
from stich.hints.session import Session
from stich.hints.valuation import Advice, Alternative, Valuation, forced_advice

__all__ = ["ADVISOR", "INFO_WEIGHT", "StichFuerStichAdvisor"]

INFO_WEIGHT = 0.5  # trick points per bit of information


@dataclass(frozen=True)
class StichFuerStichAdvisor:
    """Advice for every decision of Stich für Stich."""

    def valuation(self, session: Session) -> Valuation | Advice:
        state = session.round
        if not isinstance(state, StichFuerStichRound):
            raise StichError("the Stich für Stich advisor needs a Stich für Stich round")
        legal = session.legal()
        if state.phase == "winner" and len(legal) == 1:
            winner = legal[0]["winner"]
            card = state.deck.name_of(state.trick_cards[state.trick_seats.index(winner)])
            reason = f"the rules oblige: {state.names[winner]}'s {card} wins under the secret"
            return forced_advice(session, "winner", legal[0], f"winner {state.names[winner]}", reason)
        if state.phase == "search":
            return self.guess(session)
        if state.phase == "play":
            from stich.hints.advisors.open_play import stich_fuer_stich_play

            return stich_fuer_stich_play(session, state)
        raise StichError(f"no advice for the phase {state.phase!r} of Stich für Stich")

    def guess(self, session: Session) -> Advice:
        post = belief(session)  # the announcements' pairs weighed by the confidant's cards
        assert post is not None and session.tracker is not None
        space = session.tracker.space
        possible = members(post.possible)
        if not possible:
            raise StichError("no culprit and weapon fit the announcements: see `stich deduce` for why")
        alternatives = []
        for h in possible:
            pair = space.to_json(h)
            event = {"seat": session.seat, "guess": [pair["culprit"], pair["weapon"]]}
            p = post.probabilities[h]
            alternatives.append(Alternative(event, f"{pair['culprit']} {pair['weapon']}", p, 0.0))
        alternatives.sort(key=lambda a: -a.value)
        best = alternatives[0]
        if len(possible) == 1:
            reason = f"only {best.label} fits every announcement: the case is solved"
        else:
            reason = (
                f"{best.label} is one of the {len(possible)} pairs that fit every announcement "
                f"({shown(CHANCE, best.value)} to solve now); a false suspicion costs nothing"
            )
        return Advice(
            session.seat,
            "guess",
            best.action,
            tuple(alternatives),
            0,
            len(possible) == 1 or clearly_ahead_exact(CHANCE, best.value - alternatives[1].value),
            reason,
            f"the {len(possible)} culprit-weapon pairs still possible"
            if len(possible) > 1
            else "the one culprit-weapon pair left",
            0.0,
            "chance to solve now",
        )


ADVISOR = StichFuerStichAdvisor()
