"""Whole games: rounds one after another until the game's end, by random legal play.

Each game strings its rounds together in its own way (rulebooks, "Game End"):
Stiche-Raten and Wizard follow their round sequences, 24 plays until a score
reaches 0 or 48, Stich für Stich gives every player one case as confidant, and
Was sticht? plays until a player has discarded all five task chips.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from games.base import Game, Round
from games.errors import StichError
from games.record import DEFAULT_NAMES, Record
from games.registry import find

__all__ = ["Match", "play_match", "play_random_round"]

MAX_ROUNDS = 500  # a safety stop; random play ends every game far earlier


@dataclass
class Match:
    """A whole game: its round records, the running totals and the final standing."""

    game: str
    players: list[str]
    options: dict[str, Any]
    rounds: list[Record] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    standing: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "stich-match/1",
            "game": self.game,
            "options": self.options,
            "players": self.players,
            "rounds": [r.to_json() for r in self.rounds],
            "totals": self.totals,
            "standing": self.standing,
        }


def play_random_round(
    game: Game, names: list[str], dealer: int, known: dict[str, Any], rng: random.Random
) -> tuple[Round, Record]:
    """Play one round from ``known`` by picking uniformly among the legal events."""
    state = game.new_round(names, dealer, None, known)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_events()))
    return state, Record(game.id, names, dealer, state.events, dict(game.options), None, known)


def _bidding_game(game: Any, match: Match, rng: random.Random) -> None:
    """Stiche-Raten and Wizard: the round sequence, then (Stiche-Raten) extra rounds to break a tie."""
    n = game.players
    dealer = n - 1
    sizes = game.round_sizes()
    number = 0
    while True:
        number += 1
        size = sizes[number - 1] if number <= len(sizes) else max(sizes)
        state, record = play_random_round(
            game, match.players, dealer, game.deal(rng, dealer, size, number), rng
        )
        match.rounds.append(record)
        match.totals = [t + p for t, p in zip(match.totals, state.result()["points"], strict=True)]
        dealer = (dealer + 1) % n
        if number >= len(sizes):
            match.standing = game.standing(match.totals)
            if match.standing["ended"] or number >= MAX_ROUNDS:
                return


def _vierundzwanzig(game: Any, match: Match, rng: random.Random) -> None:
    """24: every player starts with 24 points; play until a score reaches 0 or 48."""
    n = game.players
    match.totals = [24] * n
    dealer = n - 1
    for _ in range(MAX_ROUNDS):
        known = game.deal(rng, dealer, scores=match.totals)
        state, record = play_random_round(game, match.players, dealer, known, rng)
        match.rounds.append(record)
        match.totals = [t + p for t, p in zip(match.totals, state.result()["points"], strict=True)]
        match.standing = game.standing(match.totals)
        if match.standing["ended"]:
            return
        dealer = (dealer + 1) % n


def _stich_fuer_stich(game: Any, match: Match, rng: random.Random) -> None:
    """Stich für Stich: each player is the confidant of one case, passing to the left."""
    for confidant in game.confidant_order(0):
        state, record = play_random_round(game, match.players, confidant, game.deal(rng, confidant), rng)
        match.rounds.append(record)
        match.totals = [t + p for t, p in zip(match.totals, state.result()["points"], strict=True)]
    match.standing = game.standing(match.totals)


def _was_sticht(game: Any, match: Match, rng: random.Random) -> None:
    """Was sticht?: draft 5 chips each, then rounds until a player has discarded all of them."""
    n = game.players
    dealer = 0
    pool = [chip["task"] for chip in game.chip_set()]
    held: list[list[str]] = [[] for _ in range(n)]
    for seat in game.draft_chips_order(dealer):
        held[seat].append(pool.pop(rng.randrange(len(pool))))
    values = game.chip_values()
    discarded: list[list[int]] = [[] for _ in range(n)]
    for _ in range(MAX_ROUNDS):
        known = game.deal(rng, dealer)
        known["chips"] = {str(s): list(chips) for s, chips in enumerate(held)}
        state, record = play_random_round(game, match.players, dealer, known, rng)
        match.rounds.append(record)
        for seat, task in state.result()["discards"].items():
            held[seat].remove(task)
            discarded[seat].append(values[task])
        match.totals = [sum(v) for v in discarded]
        match.standing = game.standing(discarded, [len(h) for h in held])
        if match.standing["ended"]:
            return
        dealer = (dealer + 1) % n


_PLAYERS: dict[str, Callable[[Any, Match, random.Random], None]] = {
    "stiche-raten": _bidding_game,
    "wizard": _bidding_game,
    "24": _vierundzwanzig,
    "stich-fuer-stich": _stich_fuer_stich,
    "was-sticht": _was_sticht,
}


def play_match(
    game_id: str, players: int, seed: int | None = None, options: Mapping[str, Any] | None = None
) -> Match:
    """A whole game of random legal play, from the first deal to the winner."""
    game = find(game_id)(players, options)
    if game.id not in _PLAYERS:
        raise StichError(f"no whole-game play for {game.id}")
    match = Match(game.id, list(DEFAULT_NAMES[:players]), dict(options or {}), totals=[0] * players)
    _PLAYERS[game.id](game, match, random.Random(seed))
    return match
