"""Arena bots that play Was sticht? as ``advisor:8`` except for one kind of decision, which the
heuristic bot makes, to find where the advisor's points against the heuristic are won or lost.

- ``DRAFT_H``: the heuristic's draft picks (the dealer's too; its announcements are forced).
- ``TASK_H``: the heuristic's task choice.
- ``DEALER_H``: the heuristic's cards when the seat is the dealer.
- ``DRAFT_A``: the heuristic everywhere but the draft, which the advisor makes.
- ``DRAFT_NO_INFO``: the advisor, its draft by the strength averaged over the trumps still
  possible (its former draft without the information term).
- ``DRAFT_MEAN_INFO``: the advisor with its former draft (that average plus 0.1 × bits told).
- ``H_*``, ``A_*``: the heuristic's (``H``) or the advisor's (``A``) play with a draft by one of
  the rules below (``rule_*``): ``MEAN`` the average over the trumps still possible, ``FIRST``
  the first trumps still possible (the heuristic's "most likely": the posterior is uniform;
  the advisor's draft since),
  ``BET`` the trumps the hand held is strongest under, ``BET_HAND``
  the hand's strength at its best, ``SPREAD`` its mean plus spread over the trumps.

    mkdir -p /tmp/bots && cp bench/was_sticht_parts.py /tmp/bots/
    PYTHONPATH=/tmp/bots stich arena was-sticht --players 3 \\
        --bots was_sticht_parts:DRAFT_H,heuristic,random --rounds 100 --seed 1 --jobs 2

"""

from __future__ import annotations

import random
from collections.abc import Callable

from stich.games.base import Event
from stich.games.was_sticht import DECK, WasStichtRound
from stich.hints.advice import Budget, advise
from stich.hints.advisors.was_sticht.heuristic import was_sticht_heuristic
from stich.hints.session import Session

WORLDS = 8


def _advisor(session: Session, rng: random.Random, worlds: int = WORLDS) -> Event:
    return advise(session, Budget(worlds=worlds, seed=rng.getrandbits(32))).action


class Swapped:
    """``advisor:8`` but where ``part(state, seat)`` holds, the heuristic (or the reverse)."""

    def __init__(self, name: str, part: Callable[[WasStichtRound, int], bool], reverse: bool = False) -> None:
        self.name = name
        self.part = part
        self.reverse = reverse

    def act(self, session: Session, rng: random.Random) -> Event:
        state = session.round
        assert isinstance(state, WasStichtRound)
        if len(session.legal()) == 1:
            return session.legal()[0]
        heuristic = self.part(state, session.seat) != self.reverse
        return was_sticht_heuristic(session, rng) if heuristic else _advisor(session, rng)


DRAFT_H = Swapped("draft-h", lambda s, seat: s.phase in ("draft", "announce"))
"""The advisor, with the heuristic's draft."""

TASK_H = Swapped("task-h", lambda s, seat: s.phase == "tasks")
"""The advisor, with the heuristic's task choice."""

DEALER_H = Swapped("dealer-h", lambda s, seat: s.phase == "play" and seat == s.dealer)
"""The advisor, with the heuristic's cards as the dealer."""

DRAFT_A = Swapped("draft-a", lambda s, seat: s.phase in ("draft", "announce"), reverse=True)
"""The heuristic, with the advisor's draft."""


# -- draft rules: the advisor's (or the heuristic's) play with another draft -----------------------
# Each rule values a draft pick from the seat's view; the bot picks the highest value (the first
# of the legal picks on a tie, as the heuristic's ``max``).

DraftRule = Callable[[Session, WasStichtRound, int], float]


def _possible(session: Session) -> list[int]:
    from stich.deducer.hypotheses import members

    post = session.posterior()
    assert post is not None
    return list(members(post.possible))


def _strength_under(session: Session, h: int, card: int) -> float:
    from stich.hints.advisors.was_sticht.heuristic import card_strength

    assert session.tracker is not None
    return card_strength(session.tracker.space.rules(h), card, DECK.all & ~(1 << card))


def rule_mean(session: Session, state: WasStichtRound, card: int) -> float:
    """The strength averaged over the trumps still possible (the advisor's, no information)."""
    hs = _possible(session)
    return sum(_strength_under(session, h, card) for h in hs) / len(hs)


def rule_mean_info(session: Session, state: WasStichtRound, card: int) -> float:
    """The advisor's former draft: the strength averaged over the trumps still possible plus
    0.1 × the bits the announcement after the column will tell (minus those it gives away, as
    the dealer)."""
    from stich.deducer.information import information

    assert session.tracker is not None
    report = information(session.tracker.evidence())
    bits = report.current_entropy - next(c for c in report.candidates if c.card == card).expected_entropy
    return rule_mean(session, state, card) + (-0.1 if report.mode == "hider" else 0.1) * bits


def rule_first(session: Session, state: WasStichtRound, card: int) -> float:
    """The strength under the first trumps still possible (the heuristic's "most likely")."""
    return _strength_under(session, _possible(session)[0], card)


def _hand_strength(session: Session, h: int, hand: int) -> float:
    return sum(_strength_under(session, h, c) for c in range(DECK.size) if hand >> c & 1)


def rule_bet(session: Session, state: WasStichtRound, card: int) -> float:
    """The strength under the trumps still possible that the hand held is strongest under
    (the first of them on a tie): play for the trumps the hand already bets on."""
    hand = state.hands[session.seat] or 0
    hs = _possible(session)
    best = max(hs, key=lambda h: _hand_strength(session, h, hand))
    return _strength_under(session, best, card)


def rule_bet_hand(session: Session, state: WasStichtRound, card: int) -> float:
    """The hand's strength with ``card`` under the trumps still possible it is strongest under."""
    hand = (state.hands[session.seat] or 0) | 1 << card
    return max(_hand_strength(session, h, hand) for h in _possible(session))


def rule_spread(session: Session, state: WasStichtRound, card: int) -> float:
    """The spread of the hand's strength with ``card`` over the trumps still possible, plus the
    mean: a hand strong under some trumps and weak under others leaves an easy task either way."""
    hand = (state.hands[session.seat] or 0) | 1 << card
    xs = [_hand_strength(session, h, hand) for h in _possible(session)]
    mean = sum(xs) / len(xs)
    return mean / 9 + (sum((x - mean) ** 2 for x in xs) / len(xs)) ** 0.5 / 9


class Drafted:
    """The advisor (or with ``heuristic``, the heuristic) but for the draft picks, by ``rule``."""

    def __init__(self, name: str, rule: DraftRule, heuristic: bool = False, worlds: int = WORLDS) -> None:
        self.name = name
        self.rule = rule
        self.heuristic = heuristic
        self.worlds = worlds

    def act(self, session: Session, rng: random.Random) -> Event:
        state = session.round
        assert isinstance(state, WasStichtRound)
        legal = session.legal()
        if len(legal) == 1:
            return legal[0]
        if state.phase == "draft":
            return max(legal, key=lambda e: self.rule(session, state, DECK.parse(str(e["pick"]))))
        return was_sticht_heuristic(session, rng) if self.heuristic else _advisor(session, rng, self.worlds)


H_MEAN = Drafted("h-mean", rule_mean, heuristic=True)
H_FIRST = Drafted("h-first", rule_first, heuristic=True)
H_BET = Drafted("h-bet", rule_bet, heuristic=True)
H_BET_HAND = Drafted("h-bet-hand", rule_bet_hand, heuristic=True)
H_SPREAD = Drafted("h-spread", rule_spread, heuristic=True)
A_BET = Drafted("a-bet", rule_bet)
"""The advisor, its draft by the trumps its hand is strongest under (measured, not taken)."""
A_FIRST = Drafted("a-first", rule_first)
"""The advisor with the draft it has since taken (`was_sticht.played_for`), as ``advisor:8`` but
for the seeds of its worlds (its draft draws none)."""
DRAFT_MEAN_INFO = Drafted("draft-mean-info", rule_mean_info)
"""The advisor with its former draft (as ``advisor:8`` before the draft by the trumps played for)."""
DRAFT_NO_INFO = Drafted("draft-no-info", rule_mean)
"""The advisor, its draft by the strength averaged over the trumps still possible (no information)."""
FIRST_16 = Drafted("first-16", rule_first, worlds=16)
"""``advisor:16`` with the draft it had before the draft by the round played out: the card
strongest under the first trumps still possible (the dealer: under the trumps it knows)."""
