"""Arena bots for whole games: the advisor playing to win only in the last rounds.

``LATE_8``: ``advisor:8`` ranking its bids and cards by the chance to win (as ``advisor:8:win``)
in the last round and the one before it, by the round's expected points before them (a lead
built early is worth its points; taking chances pays where few rounds are left to make up for
them). ``ALONE_8`` and ``ALONE_32``: ``advisor:8:win`` and ``advisor:32:win`` with the chance to win
from the seat's own points in the play-outs, the others' round points from the model of the
standings (`BiddingAdvisor.others_by_model`). Loaded by ``stich arena --bots win_bots:LATE_8``
with this folder on the path (bench/README.md), in ``--games`` (the arena hands a bot from
outside the project the game's standings before each round).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from stich.games.base import Event
from stich.hints.advice import Budget, Valuation, advise
from stich.hints.advisors.bids.advisor import BiddingAdvisor
from stich.hints.session import Session

__all__ = ["ALONE_8", "ALONE_32", "LATE_8", "AloneWin", "LateWin"]


@dataclass(frozen=True)
class LateWin:
    """The advisor with ``worlds`` worlds, playing to win once ``last`` rounds or fewer follow."""

    worlds: int = 8
    last: int = 1

    @property
    def name(self) -> str:
        return f"late{self.last}-win:{self.worlds}"

    def act(self, session: Session, rng: random.Random) -> Event:
        standings = session.standings
        late = standings is not None and len(standings.rounds_after) <= self.last
        phase_ranked = session.round.phase in ("bid", "play")
        session.objective = "win" if late and phase_ranked else "points"
        return advise(session, Budget(worlds=self.worlds, seed=rng.getrandbits(32))).action


LATE_8 = LateWin(8, 1)


@dataclass(frozen=True)
class AloneWin:
    """The advisor with ``worlds`` worlds playing to win, the others' round points by the model."""

    worlds: int = 8

    @property
    def name(self) -> str:
        return f"alone-win:{self.worlds}"

    def act(self, session: Session, rng: random.Random) -> Event:
        ranked = session.standings is not None and session.round.phase in ("bid", "play")
        session.objective = "win" if ranked else "points"
        found = BiddingAdvisor(others_by_model=True).valuation(session)
        if not isinstance(found, Valuation):
            return found.action
        return found.advise(session, Budget(worlds=self.worlds, seed=rng.getrandbits(32))).action


ALONE_8 = AloneWin(8)
ALONE_32 = AloneWin(32)
