"""An arena bot that values Stich für Stich's cards as the advice did before a world's search had a
node limit, to measure the limit against it at one table.

``FullSearch`` (``FULL``): the advisor with 4 worlds a decision, every world searched to the end
(`hints.advisors.stich_fuer_stich.world_points` without a node limit): each card's exact
double-dummy trick points, however long the world takes.

    mkdir -p /tmp/bots && cp bench/sfs_bots.py /tmp/bots/
    PYTHONPATH=/tmp/bots stich arena stich-fuer-stich --players 3 \\
        --bots advisor:4,sfs_bots:FULL,heuristic --rounds 100 --seed 1 --jobs 1

(The module is copied out of ``bench/``, whose ``hints.py`` would hide the package.)
"""

from __future__ import annotations

import random

from stich.games.base import Event
from stich.hints.advice import Budget
from stich.hints.advisors.stich_fuer_stich import StichFuerStichAdvisor
from stich.hints.session import Session
from stich.hints.valuation import Valuation

FULL_ADVISOR = StichFuerStichAdvisor(world_nodes=1 << 62)


class FullSearch:
    """The advisor with 4 worlds a decision, no world played out."""

    name = "full-search:4"
    worlds = 4

    def act(self, session: Session, rng: random.Random) -> Event:
        found = FULL_ADVISOR.valuation(session)
        if not isinstance(found, Valuation):
            return found.action
        return found.advise(session, Budget(worlds=self.worlds, seed=rng.getrandbits(32))).action


FULL = FullSearch()
"""The bot itself, for ``--bots sfs_bots:FULL``."""
