"""Was sticht?: draft picks, the dealer's announcements, tasks, play and the dealer's discard.

*Draft pick.* A drafter plays for one set of trumps, the first still possible (`played_for`: all
are equally likely), and keeps to it until an announcement rules it out. It takes the card of
the column that is strongest under those trumps: the share of two-card tricks against each other
card of the deck it wins, leading once and following once (`card_strength`). The dealer knows
the trumps and takes the strongest card under them. Shown beside it, not weighed: the spread of
that strength over the trumps still possible, and what the dealer's announcement after the
column will tell (or, as the dealer, give away: the expected entropy it leaves, from
``deducer.information``). In the arena the advisor with this draft beats the heuristic with 3
players where with the former one (the strength averaged over the trumps still possible plus a
tenth of a point per bit told) it was not shown to; head to head the two drafts are within the
noise (docs/strength.md, Was sticht?).

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

import random
from collections.abc import Sequence
from dataclasses import dataclass

from stich.deducer.hypotheses import HypothesisSpace, members
from stich.games.base import Round
from stich.games.errors import StichError
from stich.games.was_sticht import DECK, WasStichtRound
from stich.hints.advisors.was_sticht_heuristic import HEURISTIC as HEURISTIC
from stich.hints.advisors.was_sticht_heuristic import card_strength
from stich.hints.figures import BITS, COUNT, SHARE, clearly_ahead_exact, shown
from stich.hints.session import Session
from stich.hints.valuation import Advice, Alternative, Tally, Valuation, forced_advice
from stich.hints.worlds import World

__all__ = ["ADVISOR", "PICK_VALUE", "WasStichtAdvisor", "card_strength", "played_for"]

PICK_VALUE = "strength under the trumps played for"
"""The draft's ``value_name``: a share of two-card tricks (`hints.figures.SHARE`)."""


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

    def open_valuation(self, session: Session, truth: Round) -> Valuation | None:
        """For the arena's all-seeing bot (``truth``: the omniscient round): a draft pick by the
        card's strength under the true trumps (as `pick` values it under the trumps it plays for);
        the task or card double-dummy with every task known (`hints.advisors.open_play`); None at
        other decisions."""
        if not isinstance(truth, WasStichtRound):
            return None
        if truth.phase == "draft" and session.tracker is not None:
            return _true_pick(session, session.tracker.space)
        if truth.phase not in ("tasks", "play"):
            return None
        from stich.hints.advisors.open_play import was_sticht_play, was_sticht_task

        return (was_sticht_task if truth.phase == "tasks" else was_sticht_play)(session, truth)

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

        target = played_for(hypotheses)
        report = information(session.tracker.evidence())
        hider = report.mode == "hider"
        by_card = {c.card: c for c in report.candidates}
        alternatives = []
        for event in session.legal():
            card = DECK.parse(event["pick"])
            others = DECK.all & ~(1 << card)
            strength = card_strength(space.rules(target), card, others)
            entropy = by_card[card].expected_entropy
            bits = report.current_entropy - entropy
            # Shown, not weighed: what the announcement after the column tells (gives away, as the dealer).
            figures = {"strength": strength, "bits_given" if hider else "bits_gained": bits}
            figures["strength_spread"] = _spread(
                [card_strength(space.rules(h), card, others) for h in hypotheses]
            )
            alternatives.append(Alternative(event, DECK.name_of(card), strength, 0.0, figures))
        alternatives.sort(key=lambda a: -a.value)
        best = alternatives[0]
        reason = _pick_reason(best, hider, space.text(target), len(hypotheses))
        separated = len(alternatives) < 2 or clearly_ahead_exact(SHARE, best.value - alternatives[1].value)
        return Advice(
            session.seat,
            "pick",
            best.action,
            tuple(alternatives),
            0,
            separated,
            reason,
            f"strength under the trumps {space.text(target)}"
            + (f", the first of the {len(hypotheses)} possible" if len(hypotheses) > 1 else ""),
            0.0,
            PICK_VALUE,
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


def _true_pick(session: Session, space: HypothesisSpace) -> Valuation:
    """Each pick's strength under the trumps of the world it is valued in (the true one)."""
    legal = session.legal()
    cards = [DECK.parse(e["pick"]) for e in legal]

    def evaluate(world: World) -> tuple[list[float], None]:
        assert world.secret is not None
        rules = space.rules(world.secret)
        return [card_strength(rules, card, DECK.all & ~(1 << card)) for card in cards], None

    def explain(alternatives: list[Alternative], tally: Tally) -> str:
        return f"{alternatives[0].label} is the strongest card under the true trumps"

    def draw(rng: random.Random) -> World:
        raise StichError("the pick under the true trumps is valued in the true deal only")

    choices = [(e, DECK.name_of(card)) for e, card in zip(legal, cards, strict=True)]
    return Valuation("pick", choices, evaluate, draw, "strength under the true trumps", explain, exact=True)


def played_for(hypotheses: Sequence[int]) -> int:
    """The trumps a drafter plays for: the first of the ``hypotheses`` still possible, in the order
    red, green, yellow, blue, no suit, each with the numbers 1 to 9, then no number. All of them are
    equally likely (the deal draws the trumps uniformly; an announcement rules trumps out, it does
    not weigh them), so these are "the most likely" as well as any; what counts is that the drafter
    keeps to them until an announcement rules them out."""
    return hypotheses[0]


def _pick_reason(best: Alternative, hider: bool, trumps: str, count: int) -> str:
    strength = best.figures["strength"]
    if count == 1:
        where = f"under the trumps {trumps}"
    else:
        where = (
            f"under {trumps}, the trumps played for (the first of the {count} still possible, all as likely)"
        )
    text = f"{best.label} wins {shown(SHARE, strength)} of two-card tricks {where}"
    if hider:
        given = best.figures["bits_given"]
        return text + (f"; the announcement gives away {shown(BITS, given)} bits" if given > 0.05 else "")
    gain = best.figures["bits_gained"]
    return text + (f"; the announcement will tell {shown(BITS, gain)} bits" if gain > 0.05 else "")


ADVISOR = WasStichtAdvisor()
