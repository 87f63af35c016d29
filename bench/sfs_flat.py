"""Stich für Stich without the belief: the bots and the calibration as they were before the
confidant's cards weighed the pairs, for before/after comparisons in one run.

Under `flat_belief` the belief (`hints.advisors.stich_fuer_stich_belief.belief`) is the
deducer's posterior, uniform over the pairs the announcements allow: the advisor's guess
and chance to solve now, the worlds' secret and the heuristic's guess and play are then
what they were. External bots for `stich arena` (docs/strength.md), run with ``bench/`` on
the path::

    PYTHONPATH=bench stich arena stich-fuer-stich --players 4 \\
        --bots heuristic,heuristic,sfs_flat:HEURISTIC,sfs_flat:HEURISTIC --rounds 200 --seed 1 --jobs 1
    PYTHONPATH=bench stich arena stich-fuer-stich --players 4 \\
        --bots advisor:4,sfs_flat:ADVISOR,heuristic,random --rounds 40 --seed 1 --jobs 1

and the calibration bench with the same arguments as ``bench/calibration.py`` (from the
repository root, as a module of the ``bench`` package)::

    python -m bench.sfs_flat stich-fuer-stich --deals 60 --bots advisor:8,heuristic,heuristic,heuristic \\
        --play heuristic
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import stich.hints.advisors.stich_fuer_stich.advisor as advisor
import stich.hints.advisors.stich_fuer_stich.belief as belief
import stich.hints.advisors.stich_fuer_stich.heuristic as heuristic
from stich.games.base import Event
from stich.hints.play.bots import parse_bot
from stich.hints.session import Session

__all__ = ["ADVISOR", "HEURISTIC", "FlatBot", "flat_belief"]


def _flat(session: Session, seat: int | None = None, *args: Any, **kwargs: Any) -> Any:
    return session.posterior(seat)


@contextmanager
def flat_belief() -> Iterator[None]:
    """The belief replaced by the deducer's posterior while the block runs."""
    modules = (belief, advisor, heuristic)
    saved = [m.belief for m in modules]
    for m in modules:
        m.belief = _flat  # type: ignore[assignment]
    try:
        yield
    finally:
        for m, found in zip(modules, saved, strict=True):
            m.belief = found  # type: ignore[assignment]


class FlatBot:
    """A bot of the project (``heuristic``, ``advisor:N``) playing without the belief."""

    def __init__(self, spec: str) -> None:
        self.inner = parse_bot(spec)
        self.name = f"old-{spec}"

    def act(self, session: Session, rng: random.Random) -> Event:
        with flat_belief():
            return self.inner.act(session, rng)


HEURISTIC = FlatBot("heuristic")
ADVISOR = FlatBot("advisor:4")


if __name__ == "__main__":
    from . import calibration

    with flat_belief():
        sys.exit(calibration.main(sys.argv[1:]))
