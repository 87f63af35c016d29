"""Games by id: ``games.find("was-sticht")``."""

from __future__ import annotations

import importlib

from stich.games.base import Game
from stich.games.errors import StichError

__all__ = ["GAME_IDS", "find", "all_games"]

# id -> module that defines it (imported on first use)
_MODULES = {
    "was-sticht": "stich.games.was_sticht",
    "24": "stich.games.vierundzwanzig",
    "stich-fuer-stich": "stich.games.stich_fuer_stich",
    "stiche-raten": "stich.games.stiche_raten",
    "wizard": "stich.games.wizard",
}
GAME_IDS: tuple[str, ...] = tuple(_MODULES)


def find(name: str) -> type[Game]:
    """The game class with id ``name`` (case-insensitive)."""
    key = name.strip().lower()
    if key not in _MODULES:
        raise StichError(f"unknown game {name!r} (games: {', '.join(GAME_IDS)})")
    module = importlib.import_module(_MODULES[key])
    game: type[Game] = module.GAME
    return game


def all_games() -> list[type[Game]]:
    """Every game, in the order of `GAME_IDS`."""
    return [find(game_id) for game_id in GAME_IDS]
