"""Rules engines: decks, card notation, the trick algebra, state machines, round records."""

from games.base import Event, Game, Option, Round, Trick
from games.cards import Card, CardSet, Deck
from games.errors import RuleError, StichError
from games.registry import GAME_IDS, all_games, find
from games.trick import FREE, TrickRules, legal_plays, trick_winner

__all__ = [
    "Card",
    "CardSet",
    "Deck",
    "Event",
    "FREE",
    "GAME_IDS",
    "Game",
    "Option",
    "Round",
    "RuleError",
    "StichError",
    "Trick",
    "TrickRules",
    "all_games",
    "find",
    "legal_plays",
    "trick_winner",
]
