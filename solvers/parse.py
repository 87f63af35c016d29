"""Reading a solver position from JSON: the schema first, then the checks that span fields.

`position_schema()` is the JSON Schema of the position format (``docs/solver.md``
prints it); it is assembled from each game's `Game.position_fields`, so a position
may carry exactly the context fields of its game. What a schema cannot say is
checked here, one `StichError` line naming the field or card: cards against the
deck and against each other, seats against the number of seats, hand sizes a round
can reach, a trick card its seat could not play, an objective that does not fit the
game or cannot be reached.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from stich.games.base import Game, seat_index
from stich.games.cards import Card, CardSet, Deck, popcount
from stich.games.errors import StichError
from stich.games.jsonfile import parse_json, read_json
from stich.games.registry import GAME_IDS, all_games, find
from stich.games.trick import legal_plays
from stich.solvers.position import OBJECTIVE_TYPES, ObjectiveKind, ObjectiveSpec, Position

__all__ = ["check_position", "load_position", "parse_objective", "parse_position", "position_schema"]

_CARD = {"type": "string", "minLength": 1}
_CARDS = {"type": "array", "items": _CARD}
_SEAT = {"type": "integer", "minimum": 0}
_BY_SEAT = {
    "oneOf": [
        {"type": "array", "items": _CARDS},
        {"type": "object", "patternProperties": {"^[0-9]+$": _CARDS}, "additionalProperties": False},
    ]
}


@cache
def position_schema() -> dict[str, Any]:
    """The JSON Schema of a position: the common fields, and each game's context fields."""
    games = all_games()
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://stich.invalid/schema/stich-position-1.json",
        "title": "stich solver position",
        "type": "object",
        "required": ["game", "hands"],
        "properties": {
            "game": {"enum": list(GAME_IDS)},
            "options": {"type": ["object", "null"]},
            "hands": _BY_SEAT,
            "leader": _SEAT,
            "trick": _CARDS,
            "teams": {"type": ["array", "null"], "items": {"type": "array", "items": _SEAT, "minItems": 1}},
            "objective": {
                "type": ["object", "null"],
                "properties": {
                    "type": {"enum": list(OBJECTIVE_TYPES)},
                    "k": {"type": "integer", "minimum": 0},
                    "task": {"type": "string"},
                    "seat": _SEAT,
                    "owner": _SEAT,
                },
                "additionalProperties": False,
            },
            "won": {"type": "array", "items": {"type": "integer", "minimum": 0}},
            "taken": _BY_SEAT,
        },
        "allOf": [
            {
                "if": {"properties": {"game": {"const": game.id}}, "required": ["game"]},
                "then": {
                    "properties": dict(game.position_fields["properties"]),
                    "required": list(game.position_fields["required"]),
                },
            }
            for game in games
        ],
        "unevaluatedProperties": False,
    }


if TYPE_CHECKING:
    import jsonschema


@cache
def _validator() -> jsonschema.Draft202012Validator:
    import jsonschema  # a tenth of a second to import: only where a position file is read

    return jsonschema.Draft202012Validator(position_schema())


def _schema_error(data: Mapping[str, Any], game: type[Game]) -> str | None:
    """The first schema violation as one line, or None."""
    errors = list(_validator().iter_errors(data))
    # A field that breaks its game's schema is also "unevaluated": name the real fault first.
    faults = [e for e in errors if e.validator != "unevaluatedProperties"] or errors
    import jsonschema

    error = jsonschema.exceptions.best_match(faults)
    if error is None:
        return None
    where = "/".join(str(p) for p in error.absolute_path)
    if error.validator == "unevaluatedProperties" and not where:
        allowed = set(position_schema()["properties"]) | set(game.position_fields["properties"])
        extra = sorted(set(data) - allowed)
        return f"position for {game.id} has unknown fields {extra} (allowed: {', '.join(sorted(allowed))})"
    if error.validator == "required" and isinstance(error.instance, Mapping):
        missing = next(name for name in error.validator_value if name not in error.instance)
        whose = where or f"position for {game.id}"
        return f'{whose} must give "{missing}"'
    return f"{where or 'position'}: {error.message}"


def load_position(source: str | Path) -> Position:
    """A position from a JSON file (``-`` for standard input) or from JSON text."""
    if isinstance(source, Path) or not source.lstrip().startswith("{"):
        data = read_json(source, f"position {Path(source)}")
    else:
        data = parse_json(source, "position")
    return parse_position(data)


def parse_position(data: object, *, schema: bool = True) -> Position:
    """Parse and check a position; a `StichError` names the first bad field or card.

    ``schema=False`` skips the JSON Schema check of the object's shape (several milliseconds)
    for positions a program built itself, as the puzzle generator builds thousands; the
    cards, seats and rules are checked all the same."""
    if not isinstance(data, Mapping):
        raise StichError("a position must be a JSON object with game, hands, leader and trick")
    if "game" not in data:
        raise StichError('a position must name its "game" (e.g. "stiche-raten")')
    game_cls = find(str(data["game"]))
    data = {**data, "game": game_cls.id}
    problem = _schema_error(data, game_cls) if schema else None
    if problem is not None:
        raise StichError(problem)
    players = _players(data["hands"])
    options = game_cls.current_options(data.get("options"))
    game = game_cls(players, options)
    deck = game.deck
    hands = _cards_by_seat(data["hands"], deck, players, "hands")
    seen = 0
    for seat, hand in enumerate(hands):
        if hand & seen:
            code = deck.name_of((hand & seen).bit_length() - 1)
            other = next(s for s in range(seat) if hands[s] & (hand & seen))
            raise StichError(f"hands: card {code} is in the hands of seat {other} and seat {seat}")
        seen |= hand

    context = game.parse_play_context(data, hands)
    playing = [s for s in range(players) if s not in context.dropped]
    leader = seat_index(data.get("leader", playing[0]), players, "leader")
    if leader not in playing:
        raise StichError(f"leader {leader} dropped out of the round and cannot lead")
    trick: list[Card] = []
    for i, text in enumerate(data.get("trick", [])):
        try:
            card = deck.parse(text)
        except StichError as exc:
            raise StichError(f"trick[{i}]: {exc}") from None
        if seen >> card & 1:
            where = (
                "the trick twice"
                if card in trick
                else f"the trick and in the hand of seat {_holder(hands, card)}"
            )
            raise StichError(f"trick: card {deck.name_of(card)} is in {where}")
        trick.append(card)
        seen |= 1 << card
    if len(trick) >= len(playing):
        raise StichError(
            f"trick holds {len(trick)} cards but a trick has {len(playing)}: give only the unfinished trick"
        )
    won = _won(data["won"], players) if "won" in data else (0,) * players
    taken = (
        tuple(_cards_by_seat(data["taken"], deck, players, "taken")) if "taken" in data else (0,) * players
    )
    for seat, cards in enumerate(taken):
        if cards & seen:
            raise StichError(
                f"taken[{seat}]: card {deck.name_of((cards & seen).bit_length() - 1)} is still in play"
            )
    position = Position(
        game_cls.id,
        options,
        deck,
        tuple(hands),
        leader,
        tuple(trick),
        parse_teams(data.get("teams"), players),
        parse_objective(data.get("objective"), game),
        context,
        won,
        taken,
        game,
    )
    check_position(position)
    return position


def _players(raw: object) -> int:
    """The number of seats: the hands by seat, a list or an object giving every seat from 0."""
    if isinstance(raw, Mapping):
        seats = {int(key) for key in raw}
        missing = sorted(set(range(max(seats, default=-1) + 1)) - seats)
        if missing:
            raise StichError(
                f"hands: give every seat from 0 on (seat {missing[0]} is missing; an empty hand is [])"
            )
        return len(seats)
    assert isinstance(raw, list)  # the schema allows nothing else
    return len(raw)


def _cards_by_seat(raw: object, deck: Deck, players: int, what: str) -> list[CardSet]:
    """Card lists by seat (a list, or an object whose missing seats hold nothing)."""
    if isinstance(raw, Mapping):
        result = [0] * players
        for key, cards in raw.items():
            seat = seat_index(int(key), players, f"{what} seat")
            result[seat] = deck.parse_set(cards, f"{what}[{seat}]")
        return result
    assert isinstance(raw, list)
    if len(raw) != players:
        raise StichError(f"{what} must list {players} seats' cards, one list per seat, got {len(raw)}")
    return [deck.parse_set(cards, f"{what}[{i}]") for i, cards in enumerate(raw)]


def _won(raw: Sequence[int], players: int) -> tuple[int, ...]:
    if len(raw) != players:
        raise StichError(f"won must give {players} numbers, one per seat, got {len(raw)}")
    return tuple(raw)


def _holder(hands: Sequence[CardSet], card: Card) -> int:
    return next(s for s, h in enumerate(hands) if h >> card & 1)


def parse_teams(raw: object, players: int) -> tuple[tuple[int, ...], ...] | None:
    """Teams as seat lists that split the seats (None: the seat to move against the others)."""
    if raw is None:
        return None
    if not isinstance(raw, Sequence) or not all(isinstance(t, Sequence) and t for t in raw):
        raise StichError(f"teams must be a list of non-empty seat lists, e.g. [[0,2],[1,3]], got {raw!r}")
    seen: list[int] = []
    teams = []
    for team in raw:
        seats = tuple(seat_index(s, players, "teams: seat") for s in team)
        teams.append(seats)
        seen += seats
    if sorted(seen) != list(range(players)):
        twice = sorted({s for s in seen if seen.count(s) > 1})
        missing = sorted(set(range(players)) - set(seen))
        why = f"seat {twice[0]} is in two teams" if twice else f"seat {missing[0]} is in no team"
        shown = [list(t) for t in raw]
        raise StichError(f"teams {shown} must split the seats 0..{players - 1} into teams: {why}")
    return tuple(teams)


def parse_objective(raw: object, game: Game) -> ObjectiveSpec:
    """An objective object (its shape checked by the schema) for ``game``: the fields that go together."""
    if raw is None:
        return ObjectiveSpec()
    if not isinstance(raw, Mapping):
        raise StichError(f'objective must be an object like {{"type": "tricks"}}, got {raw!r}')
    extra = set(raw) - {"type", "k", "task", "seat", "owner"}
    if extra:
        raise StichError(f"objective has unknown fields {sorted(extra)} (fields: type, k, task, seat, owner)")
    kind = raw.get("type", "tricks")
    if kind not in OBJECTIVE_TYPES:
        raise StichError(f"unknown objective {kind!r} (objectives: {', '.join(OBJECTIVE_TYPES)})")
    if kind not in game.objective_types:
        where = [g.id for g in all_games() if kind in g.objective_types]
        raise StichError(
            f'objective "{kind}" does not fit {game.id} (its objectives: {", ".join(game.objective_types)});'
            f' "{kind}" is for {", ".join(where)}'
        )
    k = raw.get("k")
    if kind == "exact":
        if isinstance(k, bool) or not isinstance(k, int) or k < 0:
            raise StichError(f'objective "exact" needs "k", a whole number of tricks ≥ 0, got {k!r}')
    elif k is not None:
        raise StichError(f'objective "{kind}" takes no "k" (only "exact" does)')
    task = raw.get("task")
    if kind == "task":
        task = game.task_of(task).id
    elif task is not None:
        raise StichError(f'objective "{kind}" takes no "task" (only "task" does)')
    players = game.players
    seat = raw.get("seat")
    if seat is not None:
        seat = seat_index(seat, players, "objective.seat")
    owner = raw.get("owner")
    if owner is not None:
        if kind != "task":
            raise StichError('objective.owner belongs to a "task" objective (the dealer\'s goal)')
        owner = seat_index(owner, players, "objective.owner")
        if owner == seat:
            raise StichError("objective.owner must be another seat than objective.seat")
    return ObjectiveSpec(kind, k, task, seat, owner)


def check_position(position: Position) -> None:
    """The checks across fields: hand sizes, the trick's cards, the objective's seats and target."""
    _check_sizes(position)
    _check_trick(position)
    check_objective(position)


def _check_sizes(position: Position) -> None:
    """Hand sizes must be ones a round can reach: equal once the trick is counted (Stich für Stich:
    the confidant holds 3 more), and no cards for seats that dropped out."""
    extra = position.context.extra_cards
    dropped = position.context.dropped
    seats = position.trick_seats()
    played = set(seats[: len(position.trick)])
    sizes = {}
    for seat in range(position.players):
        size = popcount(position.hands[seat])
        if seat in dropped:
            if size:
                raise StichError(f"hands[{seat}]: seat {seat} dropped out and holds no cards")
            continue
        sizes[seat] = size + (1 if seat in played else 0) - extra.get(seat, 0)
    if len(set(sizes.values())) > 1:
        shown = ", ".join(f"seat {s}: {popcount(position.hands[s])}" for s in sorted(sizes))
        note = " (the confidant holds 3 more)" if extra else ""
        raise StichError(
            f"hands: sizes {shown} cannot arise with {len(position.trick)} card(s) in the trick{note}; "
            "seats that have played to the current trick hold one card fewer"
        )
    if min(sizes.values()) < 0:
        raise StichError("hands: the confidant must hold 3 cards more than the sleuths")


def _check_trick(position: Position) -> None:
    """Each card of the current trick was a legal play for its seat (following the led class)."""
    if not position.trick:
        return
    trick_tables = position.context.trick_tables()
    rules = trick_tables.states[trick_tables.live]
    for i, (seat, card) in enumerate(zip(position.trick_seats(), position.trick, strict=False)):
        if not legal_plays(rules, position.hands[seat] | 1 << card, position.trick[:i]) >> card & 1:
            name = position.deck.name_of(card)
            raise StichError(f"trick[{i}]: seat {seat} may not play {name}: it holds a card of the led class")


def check_objective(position: Position) -> None:
    """The objective's seats play this round, its task is one of the game's, and an exact target is
    no more than the round's tricks."""
    spec = position.objective
    if spec.type is ObjectiveKind.TASK and spec.task is not None:
        position.rules_game.task_of(spec.task)  # an unknown task is refused, naming it
    if spec.seat is not None and spec.seat not in position.playing:
        raise StichError(f"objective.seat {spec.seat} does not play this round")
    if spec.owner is not None and spec.owner not in position.playing:
        raise StichError(f"objective.owner {spec.owner} does not play this round")
    if spec.type is ObjectiveKind.EXACT and spec.k is not None:
        # More tricks than the round has (won so far by anyone, and left) can never be made.
        won = sum(position.won)
        left = position.tricks_left()
        if spec.k > won + left:
            so_far = f"{won} won so far and {left} left" if won else f"{left} left"
            raise StichError(
                f'objective "exact": k = {spec.k} is more than the tricks of the round ({so_far})'
            )
