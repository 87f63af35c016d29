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

Every bot here but ``OWN_*`` values a card by double-dummy alone (``playout_share`` 0), as the
advice did when they were run; ``BELIEF_BITS`` is the advice before the play-out share,
``OWN_HALF`` the advice's settings since. ``Swap`` (``CONF_A``, ``SEARCH_A``, ``SOLVED_A``): the
advisor's cards in one role, the heuristic's in the others. ``ConfidantWeighted`` (``CONF_W0``,
``CONF_W1``, ``CONF_W2``, ``SLEUTH_W025``; ``OWN_W025`` with the play-out share): other weights of
a bit for the confidant or a sleuth still searching. ``OWN_1``, ``OWN_HALF``, ``OWN_Q``: the
share of a card's trick points from the play-out of every seat for itself. Each against the
heuristic with the random player, two runs of one seed paired by deal with
``bench/sfs_pair_runs.py`` (docs/research/2026-12-03-stich-fuer-stich-strength.md):

    PYTHONPATH=/tmp/bots stich arena stich-fuer-stich --players 3 \
        --bots sfs_bots:OWN_HALF,heuristic,random --rounds 100 --seed 1 --jobs 1 --records /tmp/b
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from stich.games.base import Event
from stich.games.stich_fuer_stich import StichFuerStichRound
from stich.hints.advice import Budget
from stich.hints.advisors.stich_fuer_stich.advisor import INFO_WEIGHT, WORLD_NODES, StichFuerStichAdvisor
from stich.hints.session import Session
from stich.hints.valuation import Valuation


class Limited:
    """The advisor with ``worlds`` worlds a decision (4), a world's search limited to ``nodes``
    nodes, a bit of information worth ``info_weight`` trick points."""

    def __init__(self, nodes: int, name: str, worlds: int = 4, info_weight: float = INFO_WEIGHT) -> None:
        self.advisor = StichFuerStichAdvisor(world_nodes=nodes, info_weight=info_weight, playout_share=0.0)
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


FORMER = Variant("former:32", solved_weight=INFO_WEIGHT, belief_bits=False, playout_share=0.0)
"""``advisor:32`` as it was before 2026-12-03: a sleuth's bits of the pairs the announcements
allow taken alike, a sleuth who has solved weighing the bits it gives away as the confidant."""

SOLVED_0 = Variant("solved-0:32", belief_bits=False, playout_share=0.0)
"""``FORMER`` whose sleuth plays for the tricks alone once it has solved."""

BELIEF_BITS = Variant("belief-bits:32", playout_share=0.0)
"""The advice's settings before the play-out share (double-dummy alone) as a bench bot: its worlds
are drawn from the arena's seed as the other bots here draw theirs, not as ``advisor:32`` draws."""


class Swap(Limited):
    """``advisor:32``'s card play where the seat's role is in ``parts`` (``confidant``, ``searching``:
    a sleuth still searching, ``solved``: a sleuth who has solved), the heuristic's elsewhere
    (its guesses are the heuristic's: the two guess alike)."""

    def __init__(self, name: str, parts: frozenset[str], **settings: Any) -> None:
        super().__init__(WORLD_NODES, name, worlds=32)
        self.advisor = StichFuerStichAdvisor(**settings)
        self.parts = parts

    def act(self, session: Session, rng: random.Random) -> Event:
        from stich.games.stich_fuer_stich import StichFuerStichRound
        from stich.hints.advisors.stich_fuer_stich.heuristic import HEURISTIC

        state = session.round
        assert isinstance(state, StichFuerStichRound)
        if state.phase != "play":
            return HEURISTIC(session, rng)
        seat = session.seat
        role = (
            "confidant"
            if seat == state.confidant
            else "solved"
            if state.solved_at[seat] is not None
            else "searching"
        )
        if role not in self.parts:
            return HEURISTIC(session, rng)
        return super().act(session, rng)


CONF_A = Swap("conf-a:32", frozenset({"confidant"}), playout_share=0.0)
"""The advisor's card play as the confidant, the heuristic's as a sleuth."""

SEARCH_A = Swap("search-a:32", frozenset({"searching"}), playout_share=0.0)
"""The advisor's card play as a sleuth still searching, the heuristic's otherwise."""

SOLVED_A = Swap("solved-a:32", frozenset({"solved"}), playout_share=0.0)
"""The advisor's card play as a sleuth who has solved, the heuristic's otherwise."""


@dataclass(frozen=True)
class ConfidantWeighted(StichFuerStichAdvisor):
    """The advice with the confidant's bits given away weighed by ``confidant_weight`` trick points."""

    confidant_weight: float = INFO_WEIGHT

    def weight(self, state: StichFuerStichRound, seat: int, hider: bool) -> float:
        if seat == state.confidant:
            return self.confidant_weight
        return super().weight(state, seat, hider)


class Built(Limited):
    """``advisor:32`` as the given ``advisor`` object."""

    def __init__(self, name: str, advisor: StichFuerStichAdvisor) -> None:
        super().__init__(WORLD_NODES, name, worlds=32)
        self.advisor = advisor


CONF_W1 = Built("conf-w1:32", ConfidantWeighted(confidant_weight=1.0, playout_share=0.0))
"""The advice with the confidant's bits weighed 1 trick point each (the sleuths' 0.5)."""

CONF_W2 = Built("conf-w2:32", ConfidantWeighted(confidant_weight=2.0, playout_share=0.0))
"""The advice with the confidant's bits weighed 2 trick points each."""

CONF_W0 = Built("conf-w0:32", ConfidantWeighted(confidant_weight=0.0, playout_share=0.0))
"""The advice with the confidant weighing no bits (it plays for its tricks)."""

OWN_1 = Variant("own-1:32", playout_share=1.0)
"""The advice with a card's trick points those of a play-out, every seat for its own tricks."""

OWN_HALF = Variant("own-half:32", playout_share=0.5)
"""The advice with a card's trick points half double-dummy, half the play-out of ``OWN_1``: the
advice's settings since 2026-12-03 as a bench bot."""


OWN_Q = Variant("own-q:32", playout_share=0.25)
"""The advice with a card's trick points three quarters double-dummy, a quarter the play-out."""

SLEUTH_W025 = Built(
    "sleuth-w025:32", ConfidantWeighted(info_weight=0.25, confidant_weight=INFO_WEIGHT, playout_share=0.0)
)
"""The advice with a searching sleuth's bits gained worth a quarter trick point each (the
confidant's 0.5)."""

OWN_W025 = Built("own-w025:32", ConfidantWeighted(info_weight=0.25, confidant_weight=INFO_WEIGHT))
"""The advice (the play-out share) with a searching sleuth's bits gained worth a quarter trick point."""
