"""An arena bot that values Stich für Stich's cards as the advice did before a world's search had a
node limit, to measure the limit against it at one table.

``Limited`` (``FULL``, ``N100K``): the advisor with 4 worlds a decision and a node limit of its
own for a world's search (`hints.advisors.stich_fuer_stich.world_points`): ``FULL`` without one,
every world searched to the end (each card's exact double-dummy trick points, however long the
world takes); ``N100K`` with 100,000 nodes (the advisor's is ``WORLD_NODES``).

    mkdir -p /tmp/bots && cp bench/sfs_bots.py /tmp/bots/
    PYTHONPATH=/tmp/bots stich arena stich-fuer-stich --players 3 \\
        --bots advisor:4,sfs_bots:FULL,heuristic --rounds 100 --seed 1 --jobs 1
    PYTHONPATH=/tmp/bots stich arena stich-fuer-stich --players 3 \
        --bots advisor:4,sfs_bots:N100K,sfs_bots:FULL --rounds 100 --seed 1 --jobs 1

"""

from __future__ import annotations

import random

from stich.games.base import Event
from stich.hints.advice import Budget
from stich.hints.advisors.stich_fuer_stich import StichFuerStichAdvisor
from stich.hints.session import Session
from stich.hints.valuation import Valuation


class Limited:
    """The advisor with 4 worlds a decision, a world's search limited to ``nodes`` nodes."""

    worlds = 4

    def __init__(self, nodes: int, name: str) -> None:
        self.advisor = StichFuerStichAdvisor(world_nodes=nodes)
        self.name = name

    def act(self, session: Session, rng: random.Random) -> Event:
        found = self.advisor.valuation(session)
        if not isinstance(found, Valuation):
            return found.action
        return found.advise(session, Budget(worlds=self.worlds, seed=rng.getrandbits(32))).action


FULL = Limited(1 << 62, "full-search:4")
"""The advisor without a node limit, for ``--bots sfs_bots:FULL``."""

N100K = Limited(100_000, "nodes-100k:4")
"""The advisor with a limit of 100,000 nodes a world, for ``--bots sfs_bots:N100K``."""
