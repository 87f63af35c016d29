"""Round records (``stich-round/1``): read, validate, write and replay.

A record holds one round of one game as seen from one seat (``view``) or by an
omniscient observer (``view: null``): what that view knew from the start
(``known``) and the events in order. The full specification and its JSON Schema
are in ``docs/format.md``; `RECORD_SCHEMA` below is the same schema.
"""

from __future__ import annotations

import json
import random
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from stich.games.base import Event, Game, Round
from stich.games.errors import StichError
from stich.games.events import EventKind
from stich.games.jsonfile import read_json, short_repr
from stich.games.names import MAX_NAME, check_player_names, name_problem
from stich.games.registry import GAME_IDS, find
from stich.games.reports import Known, RoundCheck, known_of
from stich.games.schema import SchemaValidator

if TYPE_CHECKING:
    import jsonschema  # imported by the validator, only for a record that does not fit

__all__ = [
    "FORMAT",
    "MAX_NAME",
    "RECORD_SCHEMA",
    "Record",
    "Replay",
    "action_keys",
    "check_names",
    "check_report",
    "check_round",
    "explain_schema_error",
    "fresh_seed",
    "load_record",
    "parse_record",
    "record_teams",
    "replay",
    "simulate",
    "DEFAULT_NAMES",
]

FORMAT = "stich-round/1"
DEFAULT_NAMES = ("Anna", "Ben", "Carla", "Dan", "Eva", "Finn", "Greta")

_seat = {"oneOf": [{"type": "integer", "minimum": 0}, {"type": "string", "minLength": 1}]}
_card = {"type": "string", "minLength": 1}
_cards = {"type": "array", "items": _card}
_EVENT_KINDS = typing.get_args(EventKind)  # the kinds, in the schema's order
# ``trump`` beside a ``play`` is no action of its own: the new trump a 2 names in 24's
# Trump Chaos (variant a).
_PLAY_MODIFIER = "trump"

RECORD_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://stich.invalid/schema/stich-round-1.json",
    "title": "stich round record",
    "type": "object",
    "required": ["format", "game", "players", "dealer", "events"],
    "properties": {
        "format": {"const": FORMAT},
        "game": {"enum": list(GAME_IDS)},
        "options": {"type": "object"},
        "players": {
            "type": "array",
            "items": {"type": "string", "minLength": 1, "maxLength": MAX_NAME},
            "minItems": 2,
            "maxItems": 7,
        },
        "dealer": {"type": "integer", "minimum": 0},
        "view": {"oneOf": [{"type": "integer", "minimum": 0}, {"type": "null"}]},
        "start": {"type": "string"},
        "seed": {"type": "integer"},
        "teams": {
            "type": "array",
            "items": {"type": "array", "items": {"type": "integer", "minimum": 0}, "minItems": 1},
            "minItems": 2,
        },
        "known": {
            "type": "object",
            "properties": {
                "layout": {"type": "array", "items": _cards},
                "hands": {
                    "oneOf": [
                        {
                            "type": "object",
                            "patternProperties": {"^[0-9]+$": _cards},
                            "additionalProperties": False,
                        },
                        {"type": "array", "items": {"oneOf": [_cards, {"type": "null"}]}},
                    ]
                },
                "secret": {"type": "object"},
                "trump_card": {"oneOf": [_card, {"type": "null"}]},
                "trump": {"oneOf": [{"type": "string"}, {"type": "null"}]},
                "stock": _cards,
                "cards": {"type": "integer", "minimum": 1},
                "round": {"type": "integer", "minimum": 1},
                "blind": {"type": "boolean"},
                "scores": {"type": "array", "items": {"type": "integer"}},
            },
        },
        "events": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "seat": _seat,
                    "pick": _card,
                    "announce": {"anyOf": [{"type": "integer", "minimum": 0}, {"type": "string"}]},
                    "reveal": {"type": "object"},
                    "task": {"type": "string"},
                    "discard": {"type": "string"},
                    "trump": {"oneOf": [{"type": "string"}, {"type": "null"}]},
                    "blind": {"type": "boolean"},
                    "exchange": {"oneOf": [_cards, {"type": "integer", "minimum": 0, "maximum": 3}]},
                    "receive": _cards,
                    "drop": {"type": "boolean"},
                    "bid": {"type": "integer", "minimum": 0},
                    "play": _card,
                    "reverse": {"type": "boolean"},
                    "winner": _seat,
                    "guess": {"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 2},
                    "answer": {"enum": ["solved", "false"]},
                    "solved": {"type": "boolean"},
                },
                "oneOf": [
                    {"required": [kind]}
                    if kind != _PLAY_MODIFIER
                    # A trump call, unless it names Trump Chaos's new trump beside a play.
                    else {"required": [kind], "not": {"required": ["play"]}}
                    for kind in _EVENT_KINDS
                ],
            },
        },
    },
}


@dataclass
class Record:
    """One round record; unknown top-level fields are kept in ``extra`` and written back."""

    game: str
    players: list[str]
    dealer: int
    events: list[Event]
    options: dict[str, Any] = field(default_factory=dict)
    view: int | None = None
    known: Known = field(default_factory=Known)
    start: str = "deal"
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON object, fields in the documented order."""
        data: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "options": self.options,
            "players": self.players,
            "dealer": self.dealer,
            "view": self.view,
        }
        if self.start != "deal":
            data["start"] = self.start
        data["known"] = self.known
        data["events"] = self.events
        data.update(self.extra)
        return data

    def dumps(self) -> str:
        """The record as JSON text, one event a line."""
        head = {k: v for k, v in self.to_json().items() if k != "events"}
        text = json.dumps(head, ensure_ascii=False)[:-1]
        events = ",\n  ".join(json.dumps(e, ensure_ascii=False) for e in self.events)
        return f'{text}, "events": [\n  {events}\n]}}\n' if self.events else f'{text}, "events": []}}\n'

    def game_instance(self) -> Game:
        """The game with the record's player count and options."""
        return find(self.game)(len(self.players), self.options)


def action_keys(event: Mapping[str, Any]) -> list[str]:
    """The keys of ``event`` that say what happened (a record's event has exactly one)."""
    return [
        kind for kind in _EVENT_KINDS if kind in event and not (kind == _PLAY_MODIFIER and "play" in event)
    ]


def explain_schema_error(error: jsonschema.ValidationError) -> str | None:
    """The record's own words for the errors users make most (also for records inside a match)."""
    path = list(error.absolute_path)
    if len(path) >= 2 and path[-2] == "events" and isinstance(error.instance, dict):
        keys = action_keys(error.instance)
        if not keys:
            return f"an event needs one of the keys {', '.join(_EVENT_KINDS)}"
        if len(keys) > 1:
            return f"an event has one action key, this one has {len(keys)}: {', '.join(keys)}"
    if len(path) >= 2 and path[-2] == "players" and error.validator in ("maxLength", "minLength", "type"):
        return name_problem(error.instance)
    return None


_VALIDATOR = SchemaValidator(RECORD_SCHEMA, explain=explain_schema_error)


def check_names(players: list[str], source: str) -> None:
    """Names are what seats are given by: the rule of `games.names.check_player_names`."""
    check_player_names(players, source)


def parse_record(data: object, source: str = "record") -> Record:
    """A `Record` from parsed JSON; a one-line `StichError` naming ``source`` and the bad field."""
    if not isinstance(data, dict):
        raise StichError(f"{source}: a record must be a JSON object, got {type(data).__name__}")
    if data.get("format") != FORMAT:
        hint = " (a whole game, which `stich check` reads)" if data.get("format") == "stich-match/1" else ""
        raise StichError(f"{source}: format must be {FORMAT!r}, got {short_repr(data.get('format'))}{hint}")
    if "game" in data and data["game"] not in GAME_IDS:
        raise StichError(f"{source}: unknown game {short_repr(data['game'])} (games: {', '.join(GAME_IDS)})")
    error = _VALIDATOR.error(data)
    if error is not None:
        raise StichError(f"{source}: {error}")
    fields = {"format", "game", "options", "players", "dealer", "view", "known", "events", "start"}
    players = list(data["players"])
    check_names(players, source)
    dealer = data["dealer"]
    if dealer >= len(players):
        raise StichError(f"{source}: dealer {dealer} does not exist (seats are 0..{len(players) - 1})")
    view = data.get("view")
    if view is not None and view >= len(players):
        raise StichError(f"{source}: view {view} does not exist (seats are 0..{len(players) - 1})")
    if "teams" in data:
        _check_teams(data["teams"], len(players), source)
    return Record(
        game=data["game"],
        players=players,
        dealer=dealer,
        events=list(data["events"]),
        options=find(data["game"]).current_options(data.get("options")),
        view=view,
        known=known_of(data.get("known")),
        start=data.get("start", "deal"),
        extra={k: v for k, v in data.items() if k not in fields},
    )


def _check_teams(teams: list[list[int]], players: int, source: str) -> None:
    """``teams`` must split the seats: every seat in exactly one team."""
    seen = [seat for team in teams for seat in team]
    if sorted(seen) != list(range(players)):
        twice = sorted({s for s in seen if seen.count(s) > 1})
        missing = sorted(set(range(players)) - set(seen))
        outside = sorted(s for s in seen if s >= players)
        if outside:
            why = f"seat {outside[0]} does not exist (seats are 0..{players - 1})"
        elif twice:
            why = f"seat {twice[0]} is in two teams"
        else:
            why = f"seat {missing[0]} is in no team"
        raise StichError(f"{source}: teams {teams} must split the seats into partnerships: {why}")


def record_teams(record: Record) -> list[list[int]] | None:
    """The record's partnerships (``teams``, e.g. ``[[0, 2], [1, 3]]`` for a bridge deal), or None
    when every seat plays for itself."""
    teams = record.extra.get("teams")
    return [list(team) for team in teams] if isinstance(teams, list) else None


def load_record(path: str | Path) -> Record:
    """Read a record file (``-``: standard input); a one-line `StichError` naming the file if it is bad."""
    data = read_json(path)
    return parse_record(data, str(Path(path)))


@dataclass
class Replay:
    """The outcome of replaying a record: the round as far as it went, and the first bad event if any."""

    round: Round
    error_event: int | None = None
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


def start_round(record: Record) -> Round:
    """The round of a record in its starting phase (errors name the record's fields)."""
    game = record.game_instance()
    return game.new_round(record.players, record.dealer, record.view, record.known, record.start)


def replay(record: Record) -> Replay:
    """Apply the record's events in order, stopping at the first one the rules forbid."""
    state = start_round(record)
    for i, event in enumerate(record.events):
        try:
            state.apply(event)
        except StichError as exc:
            return Replay(state, i, f"event {i}: {exc}")
    return Replay(state)


def check_round(record: Record) -> RoundCheck:
    """Replay a record by the rules: its tricks, winners, result and the game's public facts, or
    the first bad event (a record whose start cannot be set up, bad options or a bad ``known``
    block, has no phase and ``event`` None)."""
    try:
        outcome = replay(record)
    except StichError as exc:
        return RoundCheck(False, record.game, error=str(exc))
    state = outcome.round
    return RoundCheck(
        ok=outcome.ok,
        game=record.game,
        phase=state.phase,
        complete=state.is_terminal(),
        events=len(record.events) if outcome.ok else outcome.error_event,
        tricks=tuple(state.trick_json(t) for t in state.tricks),
        result=state.result(),
        facts=state.report(),
        event=None if outcome.ok else outcome.error_event,
        error=outcome.error,
    )


def check_report(record: Record) -> dict[str, Any]:
    """The ``stich check --json`` shape (`check_round`'s JSON form): tricks, winners and result, or
    the first bad event; ``{"ok": false, "event": null, "error": ...}`` when the start cannot be
    set up."""
    return check_round(record).to_json()


def fresh_seed() -> int:
    """A seed for a run given none, drawn from the system's entropy, to be stored so it can be repeated."""
    return random.SystemRandom().randrange(2**32)


def simulate(
    game_id: str,
    players: int,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    dealer: int | None = None,
    names: Sequence[str] | None = None,
    round_number: int | None = None,
) -> Record:
    """A round of random legal play, as an omniscient record; it stores the seed (``seed`` field).

    ``round_number`` picks the round of a game that deals its rounds in a sequence of hand
    sizes (Stiche-Raten, Wizard); the default is the first.
    """
    game = find(game_id)(players, options)
    if round_number is not None:
        sizes = game.round_sizes()
        if sizes is None:
            raise StichError(f"--round: {game.title} has no sequence of rounds to choose from")
        count = len(sizes)
        if not 1 <= round_number <= count:
            raise StichError(
                f"--round {round_number}: {game.title} with these options has rounds 1 to {count}"
            )
    seed = fresh_seed() if seed is None else seed
    rng = random.Random(seed)
    names = check_player_names(names if names is not None else DEFAULT_NAMES[:players], "names")
    if len(names) != players:
        raise StichError(f"{players} players need {players} names, got {len(names)}")
    dealer = players - 1 if dealer is None else dealer
    if not 0 <= dealer < players:
        raise StichError(f"dealer {dealer} does not exist (seats are 0..{players - 1})")
    if round_number is None:
        known = game.deal(rng, dealer)
    else:
        known = game.course(dealer).round_deal(rng, round_number)
    state = game.new_round(names, dealer, None, known)
    while not state.is_terminal():
        events = state.legal_events()
        if not events:
            raise AssertionError(f"{game_id}: no legal event in phase {state.phase}")
        state.apply(rng.choice(events))
    return Record(
        game.id, names, dealer, state.events, game.current_options(options), None, known, extra={"seed": seed}
    )
