"""Rules engines: decks, card notation, the trick algebra, state machines, round records."""

from stich.games.base import Event, Game, Option, Round, Trick
from stich.games.cards import Card, CardSet, Deck
from stich.games.errors import RuleError, StichError
from stich.games.registry import GAME_IDS, all_games, find
from stich.games.trick import FREE, TrickRules, legal_plays, trick_winner

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
