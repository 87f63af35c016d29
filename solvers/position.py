"""A position for the double-dummy solver: everything known, parsed and checked.

The JSON form (``stich solve POSITION``)::

    {"game": "stiche-raten", "options": {}, "trump": "S",
     "hands": [["AS","KS"], ["QS","2H"], ["3H","4H"], ["5H","6H"]],
     "leader": 0, "trick": [], "teams": [[0,2],[1,3]],
     "objective": {"type": "tricks"}}

Games give their context: ``trump`` (a suit letter or null) for Stiche-Raten and
Wizard; ``secret`` for Was sticht? (``{"trump_suit": "R", "trump_number": 5}``) and
Stich für Stich (``{"culprit": "gardener", "weapon": "knife"}``); ``trump``,
``order`` and the pending ``next_trump`` / ``next_order``, ``blind``, ``caller`` and
``dropped`` for 24. Optional for every game: ``won`` (tricks won so far by seat)
and ``taken`` (cards each seat has won so far), which objectives about the whole
round count. Every bad field raises one `StichError` line naming it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.base import Game
from games.cards import Card, CardSet, Deck, popcount
from games.errors import StichError
from games.jsonfile import parse_json, read_json
from games.registry import find

__all__ = [
    "OBJECTIVE_TYPES",
    "ObjectiveSpec",
    "Position",
    "load_position",
    "parse_position",
]

OBJECTIVE_TYPES = ("tricks", "exact", "task", "points")

_COMMON_FIELDS = {"game", "options", "hands", "leader", "trick", "teams", "objective", "won", "taken"}
_CONTEXT_FIELDS: dict[str, set[str]] = {
    "stiche-raten": {"trump"},
    "wizard": {"trump"},
    "was-sticht": {"secret"},
    "stich-fuer-stich": {"secret", "confidant"},
    "24": {"trump", "order", "next_trump", "next_order", "blind", "caller", "dropped"},
}


@dataclass(frozen=True)
class ObjectiveSpec:
    """What the side plays for.

    ``tricks``: the most of the remaining tricks; ``exact``: exactly ``k`` tricks in
    the round (counting ``won``); ``task``: the Was sticht? ``task`` of ``seat`` (with
    ``owner``: ``seat`` makes the owner's task while the owner fails it, the dealer's
    goal); ``points``: the fewest 24 round points, or the most Stich für Stich trick points.
    """

    type: str = "tricks"
    k: int | None = None
    task: str | None = None
    seat: int | None = None
    owner: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for name in ("k", "task", "seat", "owner"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        return out


@dataclass(frozen=True)
class Position:
    """A checked position: hands by seat, the current trick, the side, the objective, the context."""

    game: str
    options: Mapping[str, Any]
    deck: Deck
    hands: tuple[CardSet, ...]
    leader: int
    trick: tuple[Card, ...]
    teams: tuple[tuple[int, ...], ...] | None
    objective: ObjectiveSpec
    context: Mapping[str, Any]
    won: tuple[int, ...]
    taken: tuple[CardSet, ...]
    rules_game: Game = field(repr=False, compare=False, hash=False)

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def playing(self) -> tuple[int, ...]:
        """Seats that play to tricks, clockwise (24 without those who dropped out)."""
        dropped = set(self.context.get("dropped", ()))
        return tuple(s for s in range(self.players) if s not in dropped)

    def trick_seats(self) -> list[int]:
        """Seats in the order they play to the current trick, from the leader."""
        seats = self.playing
        start = seats.index(self.leader)
        return [seats[(start + i) % len(seats)] for i in range(len(seats))]

    @property
    def to_move(self) -> int:
        """The seat whose card comes next."""
        return self.trick_seats()[len(self.trick)]

    def side(self) -> tuple[int, ...]:
        """The seats whose objective is searched: the team of the objective's seat, or of the seat to move."""
        seat = self.objective.seat if self.objective.seat is not None else self.to_move
        if self.teams is None:
            return (seat,)
        return next(team for team in self.teams if seat in team)

    def tricks_left(self) -> int:
        """Tricks still to be finished, the current one included."""
        seats = self.trick_seats()
        played = set(seats[: len(self.trick)])
        return min(popcount(self.hands[s]) + (1 if s in played else 0) for s in seats)

    def to_json(self) -> dict[str, Any]:
        """The JSON form (round-trips through `parse_position`)."""
        out: dict[str, Any] = {
            "game": self.game,
            "options": dict(self.options),
            **{k: v for k, v in self.context.get("json", {}).items()},
            "hands": [self.deck.names(h) for h in self.hands],
            "leader": self.leader,
            "trick": self.deck.names(self.trick),
            "objective": self.objective.to_json(),
        }
        if self.teams is not None:
            out["teams"] = [list(t) for t in self.teams]
        if any(self.won):
            out["won"] = list(self.won)
        if any(self.taken):
            out["taken"] = [self.deck.names(t) for t in self.taken]
        return out


def load_position(source: str | Path) -> Position:
    """A position from a JSON file (``-`` for standard input) or from JSON text."""
    if isinstance(source, Path) or not source.lstrip().startswith("{"):
        data = read_json(source, f"position {Path(source)}")
    else:
        data = parse_json(source, "position")
    return parse_position(data)


def seat_number(value: object, players: int, what: str) -> int:
    """``value`` as a seat of ``players``; a one-line `StichError` naming ``what`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise StichError(f"{what} {value!r} is not a seat (seats are 0..{players - 1})")
    return value


def _int_list(raw: object, players: int, what: str) -> tuple[int, ...]:
    if (
        not isinstance(raw, list)
        or len(raw) != players
        or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in raw)
    ):
        raise StichError(f"{what} must be a list of {players} whole numbers ≥ 0, one per seat, got {raw!r}")
    return tuple(raw)


def _cards_by_seat(raw: object, deck: Deck, players: int, what: str) -> list[CardSet]:
    if isinstance(raw, Mapping):
        items: list[tuple[int, object]] = []
        for key, cards in raw.items():
            seat = int(key) if isinstance(key, str) and key.isdigit() else key
            items.append((seat_number(seat, players, f"{what} seat"), cards))
        result = [0] * players
        for seat, cards in items:
            result[seat] = _card_list(cards, deck, f"{what}[{seat}]")
        return result
    if not isinstance(raw, list) or len(raw) != players:
        raise StichError(f"{what} must be a list of {players} card lists, one per seat")
    return [_card_list(cards, deck, f"{what}[{i}]") for i, cards in enumerate(raw)]


def _card_list(raw: object, deck: Deck, what: str) -> CardSet:
    if not isinstance(raw, list):
        raise StichError(f"{what} must be a list of cards, got {raw!r}")
    return deck.parse_set(raw, what)


def _check_trick(position: Position) -> None:
    """Each card of the current trick was a legal play for its seat (following the led class)."""
    if not position.trick:
        return
    from games.trick import legal_plays
    from solvers.contexts import build_arena

    arena = build_arena(position.game, position.context, position.options)
    rules = arena.states[arena.live]
    for i, (seat, card) in enumerate(zip(position.trick_seats(), position.trick, strict=False)):
        if not legal_plays(rules, position.hands[seat] | 1 << card, position.trick[:i]) >> card & 1:
            name = position.deck.name_of(card)
            raise StichError(f"trick[{i}]: seat {seat} may not play {name}: it holds a card of the led class")


def _teams(raw: object, players: int) -> tuple[tuple[int, ...], ...] | None:
    if raw is None:
        return None
    if not isinstance(raw, list) or not all(isinstance(t, list) and t for t in raw):
        raise StichError(f"teams must be a list of non-empty seat lists, e.g. [[0,2],[1,3]], got {raw!r}")
    seen: list[int] = []
    teams = []
    for team in raw:
        seats = tuple(seat_number(s, players, "teams: seat") for s in team)
        teams.append(seats)
        seen += seats
    if sorted(seen) != list(range(players)):
        twice = sorted({s for s in seen if seen.count(s) > 1})
        missing = sorted(set(range(players)) - set(seen))
        why = f"seat {twice[0]} is in two teams" if twice else f"seat {missing[0]} is in no team"
        raise StichError(f"teams {raw!r} must split the seats 0..{players - 1} into teams: {why}")
    return tuple(teams)


def _objective(raw: object, players: int) -> ObjectiveSpec:
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
    k = raw.get("k")
    if kind == "exact":
        if isinstance(k, bool) or not isinstance(k, int) or k < 0:
            raise StichError(f'objective "exact" needs "k", a whole number of tricks ≥ 0, got {k!r}')
    elif k is not None:
        raise StichError(f'objective "{kind}" takes no "k" (only "exact" does)')
    task = raw.get("task")
    if kind == "task":
        from games.was_sticht import parse_task

        task = parse_task(task)
    elif task is not None:
        raise StichError(f'objective "{kind}" takes no "task" (only "task" does)')
    seat = raw.get("seat")
    if seat is not None:
        seat = seat_number(seat, players, "objective.seat")
    owner = raw.get("owner")
    if owner is not None:
        if kind != "task":
            raise StichError('objective.owner belongs to a "task" objective (the dealer\'s goal)')
        owner = seat_number(owner, players, "objective.owner")
        if owner == seat:
            raise StichError("objective.owner must be another seat than objective.seat")
    return ObjectiveSpec(kind, k, task, seat, owner)


def parse_position(data: object) -> Position:
    """Parse and check a position; a `StichError` names the first bad field or card."""
    if not isinstance(data, Mapping):
        raise StichError("a position must be a JSON object with game, hands, leader and trick")
    if "game" not in data:
        raise StichError('a position must name its "game" (e.g. "stiche-raten")')
    game_cls = find(str(data["game"]))
    game_id = game_cls.id
    allowed = _COMMON_FIELDS | _CONTEXT_FIELDS[game_id]
    extra = sorted(set(data) - allowed)
    if extra:
        raise StichError(
            f"position for {game_id} has unknown fields {extra} (allowed: {', '.join(sorted(allowed))})"
        )
    options = data.get("options") or {}
    if not isinstance(options, Mapping):
        raise StichError(f"options must be an object, got {options!r}")
    raw_hands = data.get("hands")
    if not isinstance(raw_hands, list):
        raise StichError("hands must be a list of card lists, one per seat")
    players = len(raw_hands)
    game = game_cls(players, dict(options))
    deck = game.deck
    hands = _cards_by_seat(raw_hands, deck, players, "hands")
    seen = 0
    for seat, hand in enumerate(hands):
        if hand & seen:
            code = deck.name_of((hand & seen).bit_length() - 1)
            other = next(s for s in range(seat) if hands[s] & (hand & seen))
            raise StichError(f"hands: card {code} is in the hands of seat {other} and seat {seat}")
        seen |= hand

    from solvers.contexts import parse_context

    context = parse_context(game_id, data, game, hands)
    dropped = set(context.get("dropped", ()))
    playing = [s for s in range(players) if s not in dropped]

    leader = seat_number(data.get("leader", playing[0]), players, "leader")
    if leader in dropped:
        raise StichError(f"leader {leader} dropped out of the round and cannot lead")
    raw_trick = data.get("trick", [])
    if not isinstance(raw_trick, list):
        raise StichError(f"trick must be a list of the cards played to the current trick, got {raw_trick!r}")
    trick: list[Card] = []
    for i, text in enumerate(raw_trick):
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
    teams = _teams(data.get("teams"), players)
    objective = _objective(data.get("objective"), players)
    won = _int_list(data["won"], players, "won") if "won" in data else (0,) * players
    taken = (
        tuple(_cards_by_seat(data["taken"], deck, players, "taken")) if "taken" in data else (0,) * players
    )
    for seat, cards in enumerate(taken):
        if cards & seen:
            raise StichError(
                f"taken[{seat}]: card {deck.name_of((cards & seen).bit_length() - 1)} is still in play"
            )
    position = Position(
        game_id,
        dict(options),
        deck,
        tuple(hands),
        leader,
        tuple(trick),
        teams,
        objective,
        context,
        won,
        taken,
        game,
    )
    _check_sizes(position, dropped)
    _check_trick(position)
    from solvers.objectives import check_objective

    check_objective(position)
    return position


def _holder(hands: Sequence[CardSet], card: Card) -> int:
    return next(s for s, h in enumerate(hands) if h >> card & 1)


def _check_sizes(position: Position, dropped: set[int]) -> None:
    """Hand sizes must be ones a round can reach: equal once the trick is counted (Stich für Stich:
    the confidant holds 3 more), and no cards for seats that dropped out."""
    extra: dict[int, int] = position.context.get("extra_cards", {})
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
