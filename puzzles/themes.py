"""The kinds of endgame the generator sets, one or more per game, as each game lists them
(`Game.endgame_themes`, `games.endgames`): which endgames make good puzzles of a game is said
in the game's module, as the rest of what the game is.

A theme says how a position of its game is dealt (the trumps or the secret, who holds
extra cards), what South plays for, and how the task reads. The position is always the
solver's JSON (`solvers.parse_position`), four seats, South to move:

- Stiche-Raten: take exactly k tricks (a bid to make), or North and South take t tricks;
- Wizard: take exactly k tricks, or take t tricks, with wizards and jesters in play;
- Was sticht?: a task chip (exactly k tricks, the last trick, the most tricks), or take t tricks;
- Stich für Stich: take t tricks, where nobody need follow and culprit and weapon are trumps;
- 24: take t tricks where the one first card that works is a 1 that reverses the
  order (a "reversal finesse", rulebook: "1" Played).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stich.games.endgames import PYTHON_OBJECTIVE_DEPTH, SEATS, SOUTH, Theme
from stich.games.registry import find

__all__ = ["PYTHON_OBJECTIVE_DEPTH", "SEATS", "SOUTH", "Theme", "side_words", "task_words", "themes_of"]


def themes_of(game: str) -> tuple[Theme, ...]:
    """The endgame themes of a game id (every game has at least one)."""
    return find(game).endgame_themes


def side_words(teams: object) -> str:
    """Who plays for the objective: ``South``, or ``North and South`` in a partnership."""
    return "North and South" if teams else "South"


def task_words(
    objective: Mapping[str, Any], target: int, tricks: int, tasks: Mapping[str, str] | None = None
) -> str:
    """What the side must do, as a player says it: ``take exactly 2 of the last 4 tricks``;
    ``tasks`` words each task id of a ``task`` objective (the theme's `Theme.task_words`)."""
    kind = objective["type"]
    if kind == "exact":
        return f"take exactly {objective['k']} of the last {tricks} tricks"
    if kind == "task":
        task = objective["task"]
        return f"make the task “{(tasks or {}).get(task, task)}” in the last {tricks} tricks"
    return f"take {target} of the last {tricks} tricks"
