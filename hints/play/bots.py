"""Bots: players for the arena, each a function from one seat's view to that seat's next event.

A bot is given the seat's `Session` — what the seat has seen, never another hand — and a
random generator, and returns one of the session's legal events. What the rules answer
(a guess's answer, the cards drawn in an exchange) is filled in by the arena from the
omniscient round. These bots, and any bot from outside the project that follows the `Bot`
protocol, named ``package.module:attribute`` (docs/strength.md):

- ``random``: uniformly among the distinct choices (a guess with either answer is one choice);
- ``heuristic``: rules of thumb a club player uses, game by game (its game's heuristic, docs/strength.md);
- ``rules-bot``: Stiche-Raten and Wizard only, a public Oh Hell app's bot rules (`hints.play.rules_bot`);
- ``advisor`` (``advisor:N``): the hint engine (`hints.advice`) with a budget of N worlds, not
  seconds, so that what it plays does not depend on the machine's load (unless a decision's
  worlds run past the wall limit, 20 s, `hints.advice.Budget.wall`: then the worlds solved by
  then decide, or with none the heuristic's choice);
- ``advisor:N:win``: the advisor ranking bids and cards by the chance to win the game rather than
  the round's expected points (`hints.standings`), in the arena's whole games (``--games``) of
  Stiche-Raten and Wizard, where the arena hands it the game's standings before each round;
- ``montecarlo`` (``montecarlo:D`` or ``montecarlo:DxP``) and ``montecarlo-heuristic``: Stiche-Raten
  and Wizard only, a common public design of sampled deals played out at random (or by a club
  player's cards), each outcome valued by the seat's share of all seats' points
  (`hints.play.montecarlo`);
- ``all-seeing`` (``all-seeing:N``): sees every hand and the secret and plays double-dummy for
  its own goal, a measure of how much of a game is information, never advice
  (`hints.play.all_seeing`); the only bot the arena hands the omniscient round. Where the true
  deal does not value the choices it plays as the heuristic, or with N as ``advisor:N``.

The heuristic bot plays each game by that game's rules of thumb, which its advisor module exports
as ``HEURISTIC`` (``hints/advisors/<game>_heuristic.py``; found by `hints.advisors.heuristic_for`).
"""

from __future__ import annotations

import importlib
import random
import re
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol, runtime_checkable

from stich.games.base import Event, Round
from stich.games.errors import StichError
from stich.games.names import name_problem
from stich.hints.advisors import heuristic_for
from stich.hints.choices import ANSWER_FIELDS, choice_key, distinct_choices
from stich.hints.session import Objective, Session

__all__ = [
    "BOT_NAMES",
    "DEFAULT_WORLDS",
    "ANSWER_FIELDS",
    "Bot",
    "BotSpec",
    "heuristic",
    "load_bot",
    "choice_key",
    "distinct_choices",
    "parse_bot",
]

BOT_NAMES = (
    "random",
    "heuristic",
    "rules-bot",
    "advisor",
    "montecarlo",
    "montecarlo-heuristic",
    "all-seeing",
)
BIDDING_ONLY = ("rules-bot", "montecarlo", "montecarlo-heuristic")  # Stiche-Raten and Wizard alone
DEFAULT_WORLDS = 32  # the advisor's worlds per decision when ``advisor`` is named without a budget


@runtime_checkable
class Bot(Protocol):
    """What the arena asks of a bot from outside the project (``--bots package.module:attr``)."""

    @property
    def name(self) -> str:
        """The bot's name (an attribute or a property)."""
        ...

    def act(self, session: Session, rng: random.Random) -> Event:
        """One of ``session.legal()``: the event this bot chooses for the session's seat."""
        ...


@dataclass(frozen=True)
class BotSpec:
    """A bot by name: ``random``, ``heuristic``, ``advisor`` with its budget of worlds, or a bot
    from outside the project named by ``module:attribute`` (``kind`` ``"external"``)."""

    kind: str
    worlds: int | None = None  # the advisor's worlds; montecarlo's deals a card
    target: str | None = None  # "package.module:attribute" for an external bot
    playouts: int | None = None  # montecarlo's play-outs of each deal
    objective: Objective = "points"  # the advisor's: "win" ranks by the chance to win the game

    def montecarlo(self) -> Bot:
        """The montecarlo bot with this spec's counts (its defaults where none are given)."""
        from stich.hints.play.montecarlo import DEALS, PLAYOUTS, MonteCarlo

        return MonteCarlo(
            self.worlds or DEALS, self.playouts or PLAYOUTS, self.kind == "montecarlo-heuristic"
        )

    @property
    def sees_all(self) -> bool:
        """Whether the arena hands this bot the omniscient round (`hints.play.all_seeing`)."""
        return self.kind == "all-seeing"

    @property
    def name(self) -> str:
        """How the bot is named on the command line and in the arena's tables."""
        if self.target is not None:
            return load_bot(self.target).name
        if self.kind.startswith("montecarlo"):
            return self.montecarlo().name
        name = f"{self.kind}:{self.worlds}" if self.worlds is not None else self.kind
        return f"{name}:{self.objective}" if self.objective != "points" else name

    def act(self, session: Session, rng: random.Random, truth: Round | None = None) -> Event:
        """The event this bot chooses for the session's seat, which must be to move; ``truth``, the
        omniscient round, only for the bot that `sees_all`."""
        legal = session.legal()
        if not legal:
            raise StichError(f"{session.names[session.seat]} has no decision now")
        if self.target is not None:
            return load_bot(self.target).act(session, rng)
        if self.kind == "random":
            return rng.choice(distinct_choices(legal))
        if self.kind == "heuristic":
            return heuristic(session, rng)
        if self.kind == "rules-bot":
            from stich.hints.play.rules_bot import rules_bot

            return rules_bot(session, rng)
        if self.kind.startswith("montecarlo"):
            return self.montecarlo().act(session, rng)
        if self.sees_all:
            from stich.hints.play.all_seeing import all_seeing

            if truth is None:
                raise StichError("the all-seeing bot plays in the arena only, which shows it every hand")
            return all_seeing(session, truth, rng, self.worlds)
        from stich.hints.advice import Budget, advise

        budget = Budget(worlds=self.worlds or DEFAULT_WORLDS, seed=rng.getrandbits(32))
        if self.objective == "win" and session.standings is not None:
            # The chance to win ranks bids and cards; a choice it does not rank (Wizard's trump)
            # is ranked by its points.
            session.objective = "win" if session.round.phase in ("bid", "play") else "points"
        return advise(session, budget).action


_EXTERNAL = re.compile(r"[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*:[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*")


@cache
def load_bot(target: str) -> Bot:
    """The bot named ``package.module:attribute``: the object itself when it has ``name`` and
    ``act``, else what calling it (a class or a factory, without arguments) returns."""
    module_name, _, attribute = target.partition(":")
    try:
        found: Any = importlib.import_module(module_name)
    except ImportError as exc:
        raise StichError(f"bot {target!r}: cannot import {module_name!r} ({exc})") from None
    for part in attribute.split("."):
        if not hasattr(found, part):
            raise StichError(f"bot {target!r}: {module_name!r} has no {attribute!r}") from None
        found = getattr(found, part)
    if isinstance(found, type) or (not isinstance(found, Bot) and callable(found)):
        found = found()  # a class (whose attributes name the protocol too) or a factory
    if not isinstance(found, Bot):
        raise StichError(f"bot {target!r}: not a bot (an object with a name and act(session, rng))")
    problem = name_problem(found.name)
    if problem is not None:
        raise StichError(f"bot {target!r}: its name is a player's name, and {problem}")
    return found


def parse_bot(text: str) -> BotSpec:
    """A bot from its name: ``random``, ``heuristic``, ``advisor``, ``advisor:N`` (N worlds),
    ``advisor:N:win`` (playing to win the game),
    ``montecarlo[-heuristic][:D[xP]]``, ``all-seeing[:N]``, or ``package.module:attribute`` for a
    bot from outside the project (docs/strength.md, docs/arena.md)."""
    kind, sep, budget = text.strip().partition(":")
    if kind not in BOT_NAMES and _EXTERNAL.fullmatch(text.strip()):
        load_bot(text.strip())  # refuse now, not in the middle of the arena
        return BotSpec("external", target=text.strip())
    if kind not in BOT_NAMES:
        raise StichError(
            f"unknown bot {text.strip()!r}: the bots are {', '.join(BOT_NAMES)} (advisor:N), "
            "or package.module:attribute"
        )
    if kind.startswith("montecarlo"):
        from stich.hints.play.montecarlo import parse_montecarlo

        found = parse_montecarlo(kind, budget)
        return BotSpec(kind, found.deals, playouts=found.playouts)
    if not sep:
        return BotSpec(kind)
    if kind not in ("advisor", "all-seeing"):
        raise StichError(f"bot {text.strip()!r}: only the advisor takes a budget (advisor:N worlds)")
    budget, colon, objective = budget.partition(":")
    if colon and (kind != "advisor" or objective not in ("points", "win")):
        raise StichError(
            f"bot {text.strip()!r}: the advisor plays for points or to win (advisor:N:win), no other"
        )
    if not budget.isdecimal() or not budget.isascii() or not 1 <= int(budget) <= 100_000:
        raise StichError(f"bot {text.strip()!r}: the advisor's budget is a number of worlds, 1 to 100000")
    return BotSpec(kind, int(budget), objective="win" if objective == "win" else "points")


# -- the heuristic bot ------------------------------------------------------------------------


def heuristic(session: Session, rng: random.Random) -> Event:
    """The rule-of-thumb event for the session's seat: the game's own heuristic (its advisor
    module's ``HEURISTIC``), or the only choice there is."""
    rules_of_thumb = heuristic_for(session.round.game.id)
    legal = session.legal()
    if len(distinct_choices(legal)) == 1:
        return legal[0]
    return rules_of_thumb(session, rng)
