"""Random positions of every game, for tests and benchmarks (``bench/`` imports it from here).

`random_position` deals a few cards per seat, plays part of a trick by the rules,
and picks a context (trumps, 24's order and pending declarations) and an objective
at random, always as the position JSON a user would write.
"""

from __future__ import annotations

import random
from typing import Any

from stich.games.cards import FRENCH_SUITS, Card, iter_cards, mask_of
from stich.games.registry import find
from stich.games.trick import legal_plays
from stich.solvers.parse import parse_position
from stich.solvers.position import Position

__all__ = ["GAME_PLAYERS", "random_position", "random_position_json", "bridge_position_json"]

GAME_PLAYERS = {
    "stiche-raten": (3, 4, 5),
    "wizard": (3, 4, 5),
    "was-sticht": (3, 4),
    "stich-fuer-stich": (3, 4),
    "24": (2, 3, 4, 5),
}


def _partition(rng: random.Random, players: int) -> list[list[int]] | None:
    kind = rng.random()
    if kind < 0.4:
        return None
    if players == 4 and kind < 0.7:
        return [[0, 2], [1, 3]]
    labels = [rng.randrange(2) for _ in range(players)]
    if len(set(labels)) == 1:
        labels[rng.randrange(players)] ^= 1
    return [[s for s in range(players) if labels[s] == t] for t in (0, 1)]


def random_position_json(
    game: str,
    seed: int | None = None,
    cards: int | None = None,
    players: int | None = None,
    objective: str | None = None,
) -> dict[str, Any]:
    """A random position of ``game`` as JSON: ``cards`` per hand (2-7 by default)."""
    rng = random.Random(seed)
    players = players if players is not None else rng.choice(GAME_PLAYERS[game])
    cards = cards if cards is not None else rng.randint(2, 7)
    options: dict[str, Any] = {}
    data: dict[str, Any] = {"game": game, "options": options}
    extra: dict[int, int] = {}
    dropped: list[int] = []
    if game == "stiche-raten":
        data["trump"] = rng.choice([*FRENCH_SUITS, None])
    elif game == "wizard":
        options["edition"] = rng.choice(["rulebook", "original"])
        data["trump"] = rng.choice([*FRENCH_SUITS, None])
    elif game == "was-sticht":
        data["secret"] = {
            "trump_suit": rng.choice([*"RGYB", None]),
            "trump_number": rng.choice([*range(1, 10), None]),
        }
    elif game == "stich-fuer-stich":
        from stich.games.stich_fuer_stich import SUSPECTS, WEAPONS

        data["secret"] = {"culprit": rng.choice(SUSPECTS), "weapon": rng.choice(WEAPONS)}
        confidant = rng.randrange(players)
        data["confidant"] = confidant
        extra[confidant] = 3
    elif game == "24":
        options["trump_chaos"] = rng.random() < 0.5
        options["caller_penalty"] = rng.random() < 0.8
        if players >= 3 and rng.random() < 0.3:
            options["dropping_out"] = True
        trump = rng.choice("YBRG")
        blind = trump == "Y" and rng.random() < 0.3
        data.update({"trump": trump, "order": rng.choice(["normal", "reversed"]), "blind": blind})
        data["caller"] = rng.randrange(players)
        if options.get("dropping_out") and players >= 3:
            candidates = [s for s in range(players) if s != data["caller"]]
            dropped = rng.sample(candidates, rng.randint(0, players - 2))
            if dropped:
                data["dropped"] = sorted(dropped)
    deck = find(game)(players, options).deck
    playing = [s for s in range(players) if s not in dropped]
    need = sum(cards + extra.get(s, 0) for s in playing)
    if need > deck.size:
        cards = (deck.size - sum(extra.values())) // len(playing)
    order = list(range(deck.size))
    rng.shuffle(order)
    hands: list[list[Card]] = [[] for _ in range(players)]
    at = 0
    for s in playing:
        n = cards + extra.get(s, 0)
        hands[s] = sorted(order[at : at + n])
        at += n
    leader = rng.choice(playing)
    data["leader"] = leader
    data["hands"] = [deck.names(h) for h in hands]
    data["trick"] = []
    data["teams"] = _partition(rng, players)
    if data["teams"] is None:
        del data["teams"]
    # Play part of the current trick by the rules.
    position = parse_position({**data, "objective": {"type": "tricks"}})
    trick_tables = position.context.trick_tables()
    live = trick_tables.states[trick_tables.live]
    seats = position.trick_seats()
    trick: list[Card] = []
    masks = [mask_of(h) for h in hands]
    for seat in seats[: rng.randrange(len(seats))]:
        legal = list(iter_cards(legal_plays(live, masks[seat], trick)))
        card = rng.choice(legal)
        masks[seat] &= ~(1 << card)
        trick.append(card)
    data["hands"] = [deck.names(m) for m in masks]
    data["trick"] = deck.names(trick)
    if game == "24" and trick:
        # Declarations already made in this trick.
        if rng.random() < 0.3:
            data["next_order"] = rng.choice(["normal", "reversed"])
        if options["trump_chaos"] and not data["blind"] and rng.random() < 0.3:
            data["next_trump"] = rng.choice("YBRG")
    data["objective"] = _objective(rng, game, position, objective, cards)
    won = [0] * players
    if data["objective"]["type"] in ("exact", "task", "points") and rng.random() < 0.6:
        for _ in range(rng.randint(0, 3)):
            won[rng.choice(playing)] += 1
        data["won"] = won
        if game == "was-sticht":
            rest = [c for c in range(deck.size) if not any(c in h for h in hands) and c not in trick]
            rng.shuffle(rest)
            taken: list[list[str]] = [[] for _ in range(players)]
            for s in range(players):
                if won[s]:
                    taken[s] = deck.names(sorted(rest[: 2 * won[s]]))
                    rest = rest[2 * won[s] :]
            data["taken"] = taken
    if "k" in data["objective"]:
        # An exact target beyond the round's tricks is an input error: the most it can be.
        data["objective"]["k"] = min(data["objective"]["k"], sum(won) + cards)
    return data


def _objective(
    rng: random.Random, game: str, position: Position, kind: str | None, cards: int
) -> dict[str, Any]:
    kinds = ["tricks", "exact"]
    if game == "was-sticht":
        kinds.append("task")
    if game in ("24", "stich-fuer-stich"):
        kinds.append("points")
    kind = kind if kind is not None else rng.choice(kinds)
    out: dict[str, Any] = {"type": kind}
    if kind == "exact":
        out["k"] = rng.randint(0, cards + 1)
    if kind == "task":
        from stich.games.was_sticht import TASKS

        out["task"] = rng.choice(TASKS)
        seat = rng.choice(position.playing)
        out["seat"] = seat
        if rng.random() < 0.4:
            out["owner"] = rng.choice([s for s in position.playing if s != seat])
    elif rng.random() < 0.3:
        out["seat"] = rng.choice(position.playing)
    return out


def random_position(
    game: str,
    seed: int | None = None,
    cards: int | None = None,
    players: int | None = None,
    objective: str | None = None,
) -> Position:
    """A random position of ``game`` (see `random_position_json`)."""
    return parse_position(random_position_json(game, seed, cards, players, objective))


def bridge_position_json(
    seed: int | None, cards: int, trump: str | None, leader: int, trick: int = 0
) -> dict[str, Any]:
    """A random bridge-shaped position: French deck, 4 seats, partnerships [[0,2],[1,3]]."""
    rng = random.Random(seed)
    order = list(range(52))
    rng.shuffle(order)
    hands = [sorted(order[i * cards : (i + 1) * cards]) for i in range(4)]
    data: dict[str, Any] = {
        "game": "stiche-raten",
        "trump": trump,
        "leader": leader,
        "teams": [[0, 2], [1, 3]],
        "objective": {"type": "tricks"},
    }
    position = parse_position({**data, "hands": [[_name(c) for c in h] for h in hands], "trick": []})
    rules = position.context.trick_tables().states[0]
    masks = [mask_of(h) for h in hands]
    played: list[Card] = []
    for i in range(trick):
        seat = (leader + i) % 4
        card = rng.choice(list(iter_cards(legal_plays(rules, masks[seat], played))))
        masks[seat] &= ~(1 << card)
        played.append(card)
    data["hands"] = [[_name(c) for c in iter_cards(m)] for m in masks]
    data["trick"] = [_name(c) for c in played]
    return data


def _name(card: Card) -> str:
    return "23456789TJQKA"[card % 13] + FRENCH_SUITS[card // 13]
