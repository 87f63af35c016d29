"""Advisors: each game's way of valuing the choices of its decisions.

What to play for is strategy, not rules, so it lives here rather than in ``games/``:
an advisor takes a `hints.session.Session` whose seat is to move and a budget, and
returns `hints.valuation.Advice`. Advisors are found by game id, as games are. Each game's
advisor module also exports its rules of thumb as ``HEURISTIC`` (the heuristic bot, and the
advice's fallback when no world is solved in time), found by `heuristic_for`; the valuations
of the advisor `advisor_for` gives fall back on it.

The advisors build on `hints.valuation` and are asked by `hints.advice.advise`, above them.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Protocol, cast

from stich.games.base import Event
from stich.games.errors import StichError
from stich.hints.session import Session
from stich.hints.valuation import Advice, TrueValues, Valuation
from stich.hints.worlds import World

__all__ = ["Advisor", "Heuristic", "advisor_for", "heuristic_for"]


class Advisor(Protocol):
    """How the decision the session's seat faces is valued: a `Valuation` over worlds, or, for a
    decision the rules force or a rule of thumb settles, the `Advice` itself. An advisor may also
    define ``true_values(session, advice, world)``: the choices of such advice valued in the true
    deal (`hints.valuation.TrueValues`), for `stich analyze` (`hints.analysis.true_values_of`; None
    where it has none)."""

    def valuation(self, session: Session) -> Valuation | Advice: ...


# game id -> module defining ADVISOR and HEURISTIC (imported on first use)
_MODULES = {
    "was-sticht": "stich.hints.advisors.was_sticht.advisor",
    "24": "stich.hints.advisors.vierundzwanzig.advisor",
    "stich-fuer-stich": "stich.hints.advisors.stich_fuer_stich.advisor",
    "stiche-raten": "stich.hints.advisors.bids.advisor",
    "wizard": "stich.hints.advisors.bids.advisor",
}


def advisor_for(game_id: str) -> Advisor:
    """The advisor of a game, its valuations falling back on the game's rules of thumb."""
    if game_id not in _MODULES:
        raise StichError(f"no advice for the game {game_id!r}")
    module = importlib.import_module(_MODULES[game_id])
    return _WithFallback(module.ADVISOR, module.HEURISTIC)


Heuristic = Callable[[Session, random.Random], Event]
"""A game's rules of thumb: the event a club player would choose for the session's seat."""


def heuristic_for(game_id: str) -> Heuristic:
    """The heuristic of a game: what its advisor module exports as ``HEURISTIC``."""
    if game_id not in _MODULES:
        raise StichError(f"no heuristic bot for the game {game_id!r}")
    rules_of_thumb: Heuristic = importlib.import_module(_MODULES[game_id]).HEURISTIC
    return rules_of_thumb


@dataclass(frozen=True)
class _WithFallback:
    """A game's advisor whose valuations play the game's heuristic when no world is solved in time."""

    advisor: Advisor
    heuristic: Heuristic

    def valuation(self, session: Session) -> Valuation | Advice:
        found = self.advisor.valuation(session)
        return found if isinstance(found, Advice) else replace(found, fallback=self.heuristic)

    def true_values(self, session: Session, advice: Advice, world: World) -> TrueValues | None:
        """The game's advisor's own ``true_values`` (`Advisor`), or None."""
        valued = getattr(self.advisor, "true_values", None)
        return None if valued is None else cast("TrueValues | None", valued(session, advice, world))
