"""An arena bot that values Stich für Stich's cards as the advice did before a world's search had a
node limit, to measure the limit against it at one table.

``Limited`` (``FULL``, ``N100K``): the advisor with 4 worlds a decision and a node limit of its
own for a world's search (`hints.advisors.stich_fuer_stich.advisor.world_points`): ``FULL`` without one,
every world searched to the end (each card's exact double-dummy trick points, however long the
world takes); ``N100K`` with 100,000 nodes (the advisor's is ``WORLD_NODES``).

    mkdir -p /tmp/bots && cp bench/sfs_bots.py /tmp/bots/
    PYTHONPATH=/tmp/bots stich arena stich-fuer-stich --players 3 \\
        --bots advisor:4,sfs_bots:FULL,heuristic --rounds 100 --seed 1 --jobs 1
    PYTHONPATH=/tmp/bots stich arena stich-fuer-stich --players 3 \
        --bots advisor:4,sfs_bots:N100K,sfs_bots:FULL --rounds 100 --seed 1 --jobs 1

``Variant`` (``FORMER``, ``SOLVED_0``, ``BELIEF_BITS``): ``advisor:32`` with other settings of the
advice, to measure a change head to head (docs/research/2026-12-03-stich-fuer-stich-strength.md):

    PYTHONPATH=/tmp/bots stich arena stich-fuer-stich --players 3 \
        --bots sfs_bots:FORMER,advisor:32,heuristic --rounds 100 --seed 1 --jobs 1

"""

from __future__ import annotations

import random
from typing import Any

from stich.games.base import Event
from stich.hints.advice import Budget
from stich.hints.advisors.stich_fuer_stich.advisor import INFO_WEIGHT, WORLD_NODES, StichFuerStichAdvisor
from stich.hints.session import Session
from stich.hints.valuation import Valuation


class Limited:
    """The advisor with ``worlds`` worlds a decision (4), a world's search limited to ``nodes``
    nodes, a bit of information worth ``info_weight`` trick points."""

    def __init__(self, nodes: int, name: str, worlds: int = 4, info_weight: float = INFO_WEIGHT) -> None:
        self.advisor = StichFuerStichAdvisor(world_nodes=nodes, info_weight=info_weight)
        self.name = name
        self.worlds = worlds

    def act(self, session: Session, rng: random.Random) -> Event:
        found = self.advisor.valuation(session)
        if not isinstance(found, Valuation):
            return found.action
        return found.advise(session, Budget(worlds=self.worlds, seed=rng.getrandbits(32))).action


FULL = Limited(1 << 62, "full-search:4")
"""The advisor without a node limit, for ``--bots sfs_bots:FULL``."""

N100K = Limited(100_000, "nodes-100k:4")
"""The advisor with a limit of 100,000 nodes a world, for ``--bots sfs_bots:N100K``."""

INFO_1 = Limited(WORLD_NODES, "info-1:32", worlds=32, info_weight=1.0)
"""``advisor:32`` with a bit worth 1 trick point (the advisor's since; it was 0.5)."""

INFO_05 = Limited(WORLD_NODES, "info-0.5:32", worlds=32, info_weight=0.5)
"""``advisor:32`` with a bit worth 0.5 trick points, as the advisor had it."""

INFO_2 = Limited(WORLD_NODES, "info-2:32", worlds=32, info_weight=2.0)
"""``advisor:32`` with a bit worth 2 trick points."""

INFO_0 = Limited(WORLD_NODES, "info-0:32", worlds=32, info_weight=0.0)
"""``advisor:32`` with the information not weighed."""


class Variant(Limited):
    """``advisor:32`` built with ``settings`` (`StichFuerStichAdvisor`'s fields)."""

    def __init__(self, name: str, **settings: Any) -> None:
        super().__init__(WORLD_NODES, name, worlds=32)
        self.advisor = StichFuerStichAdvisor(**settings)


FORMER = Variant("former:32", solved_weight=INFO_WEIGHT, belief_bits=False)
"""``advisor:32`` as it was before 2026-12-03: a sleuth's bits of the pairs the announcements
allow taken alike, a sleuth who has solved weighing the bits it gives away as the confidant."""

SOLVED_0 = Variant("solved-0:32", belief_bits=False)
"""``FORMER`` whose sleuth plays for the tricks alone once it has solved."""

BELIEF_BITS = Variant("belief-bits:32")
"""The advice's settings (`StichFuerStichAdvisor`'s defaults) as a bench bot: its worlds are
drawn from the arena's seed as the other bots here draw theirs, not as ``advisor:32`` draws."""
