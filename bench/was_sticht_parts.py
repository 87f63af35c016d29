"""Arena bots that play Was sticht? as ``advisor:8`` except for one kind of decision, which the
heuristic bot makes, to find where the advisor's points against the heuristic are won or lost.

- ``DRAFT_H``: the heuristic's draft picks (the dealer's too; its announcements are forced).
- ``TASK_H``: the heuristic's task choice.
- ``DEALER_H``: the heuristic's cards when the seat is the dealer.
- ``DRAFT_A``: the heuristic everywhere but the draft, which the advisor makes.
- ``DRAFT_NO_INFO``: the advisor, its draft by strength alone (no information term).

    mkdir -p /tmp/bots && cp bench/was_sticht_parts.py /tmp/bots/
    PYTHONPATH=/tmp/bots stich arena was-sticht --players 3 \\
        --bots was_sticht_parts:DRAFT_H,heuristic,random --rounds 100 --seed 1 --jobs 2

(The module is copied out of ``bench/``, whose ``hints.py`` would hide the package.)
"""

from __future__ import annotations

import random
from collections.abc import Callable

from stich.games.base import Event
from stich.games.was_sticht import WasStichtRound
from stich.hints.advice import Budget, advise
from stich.hints.advisors.was_sticht_heuristic import was_sticht_heuristic
from stich.hints.session import Session

WORLDS = 8


def _advisor(session: Session, rng: random.Random) -> Event:
    return advise(session, Budget(worlds=WORLDS, seed=rng.getrandbits(32))).action


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


class NoInformation:
    """``advisor:8`` whose draft weighs no information (``INFO_WEIGHT`` 0): strength over the
    trumps still possible alone."""

    name = "draft-no-info"

    def act(self, session: Session, rng: random.Random) -> Event:
        from stich.hints.advisors import was_sticht

        was_sticht.INFO_WEIGHT = 0.0  # this process plays no other advisor
        return _advisor(session, rng)


DRAFT_NO_INFO = NoInformation()
"""The advisor, its draft by strength alone (averaged over the possible trumps)."""
