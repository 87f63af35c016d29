"""The kinds of endgame a game's puzzles set: each game lists its own (`Game.endgame_themes`).

A theme says how a position of its game is dealt (the trumps or the secret, who holds
extra cards), what South plays for, and how the task reads. The position is always the
solver's JSON (`solvers.parse_position`), four seats, South to move; `puzzles.endgame`
deals, solves and grades it ([puzzles.md](../docs/puzzles.md)). The helpers here are the
parts several games' themes share.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from stich.games.cards import FRENCH_SUIT_NAMES, FRENCH_SUITS, Card, Deck
from stich.games.reports import ObjectiveJson
from stich.games.trick import TrickRules
from stich.games.trick_tables import ContextJson

__all__ = [
    "PYTHON_OBJECTIVE_DEPTH",
    "SEATS",
    "SOUTH",
    "Theme",
    "exact_objectives",
    "french_setting",
    "french_trump",
    "tricks_objectives",
]

SEATS = ("North", "East", "South", "West")
SOUTH = 2  # the seat to move

# Exactly k tricks and the Was sticht? tasks are searched without the compiled kernel (see
# docs/solver.md): beyond this many tricks they slow the generator down more than they add.
PYTHON_OBJECTIVE_DEPTH = 5


@dataclass(frozen=True)
class Theme:
    """One kind of endgame of one game (see the module docstring)."""

    name: str
    game: str
    deck: Deck  # the game's cards (with the theme's options)
    context: Callable[[random.Random], ContextJson]  # the position's context fields
    rules: Callable[[Mapping[str, Any]], TrickRules]  # the trick tables of a position's context
    setting: Callable[[Mapping[str, Any]], str]  # the context as a player says it
    # What South may play for with `cards` tricks left, in the order to try.
    objectives: Callable[[random.Random, int], list[ObjectiveJson]]
    max_depth: int = 7  # deeper positions take too long to solve while generating
    teams: tuple[tuple[int, ...], ...] | None = None  # None: South alone against the others
    options: Mapping[str, Any] = field(default_factory=dict)
    extra_cards: Callable[[Mapping[str, Any]], dict[int, int]] = lambda context: {}
    south_holds: Callable[[Card], bool] | None = None  # South is dealt one such card
    answer_declares: str | None = None  # the answer must carry this declaration (24: "reverse")
    # How an objective's task reads, by task id ("take the last trick"; Was sticht?'s chips).
    task_words: Mapping[str, str] = field(default_factory=dict)


def french_trump(rng: random.Random) -> ContextJson:
    """A trump suit of the French deck, or none."""
    return {"trump": rng.choice([*FRENCH_SUITS, None])}


def french_setting(context: Mapping[str, Any]) -> str:
    """``spades are trumps``, ``no trumps``."""
    trump = context["trump"]
    return "no trumps" if trump is None else f"{FRENCH_SUIT_NAMES[trump]} are trumps"


def exact_objectives(rng: random.Random, cards: int) -> list[ObjectiveJson]:
    """South takes exactly k tricks, for each k in a random order (none beyond the depth the
    search without the kernel serves)."""
    if cards > PYTHON_OBJECTIVE_DEPTH:
        return []
    counts = list(range(1, cards + 1))
    rng.shuffle(counts)
    return [{"type": "exact", "k": k, "seat": SOUTH} for k in counts]


def tricks_objectives(rng: random.Random, cards: int) -> list[ObjectiveJson]:
    """South (or South's side) takes as many tricks as it can."""
    return [{"type": "tricks", "seat": SOUTH}]
