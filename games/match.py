"""Whole games (``stich-match/1``): played by random legal play, read and checked.

Each game strings its rounds together in its own way (rulebooks, "Game End"):
Stiche-Raten and Wizard follow their round sequences, 24 plays until a score
reaches 0 or 48, Stich für Stich gives every player one case as confidant, and
Was sticht? plays until a player has discarded all its task chips: each game's
`Game.course` (`games.course`) deals and follows the rounds of a whole game, here
and in ``stich live``, ``stich serve`` and ``stich check``.

A match document (`MATCH_FORMAT`) holds the rounds as ``stich-round/1`` records, the
totals after each round (``scores``) and at the end (``totals``), and the standing;
``stich simulate --match`` and the journal of ``stich live`` write it (`Match.to_json`),
``docs/format.md`` specifies it with the JSON Schema `MATCH_SCHEMA`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from stich.games.base import Game, Round
from stich.games.course import Standing
from stich.games.errors import StichError
from stich.games.jsonfile import read_json, short_repr
from stich.games.record import (
    DEFAULT_NAMES,
    FORMAT,
    RECORD_SCHEMA,
    Record,
    check_names,
    check_report,
    explain_schema_error,
    fresh_seed,
    parse_record,
    replay,
)
from stich.games.registry import GAME_IDS, find
from stich.games.reports import Known
from stich.games.schema import SchemaValidator

__all__ = [
    "MATCH_FORMAT",
    "MATCH_SCHEMA",
    "Match",
    "check_match_report",
    "load_round_or_match",
    "parse_match",
    "play_match",
    "play_random_round",
]

MATCH_FORMAT = "stich-match/1"
MAX_ROUNDS = 500  # a safety stop; random play ends every game far earlier

_totals = {"type": "array", "items": {"type": "integer"}}
_record_known = RECORD_SCHEMA["properties"]["known"]
_seat_cards = {
    "type": "object",
    "patternProperties": {"^[0-9]+$": {"type": "array", "items": {"type": "string", "minLength": 1}}},
    "additionalProperties": False,
}
# The journal of `stich live`: the seat, the first dealer, and the known facts entered for the
# round under way (its hands by seat, as a live seat enters them; Was sticht?'s chips by seat).
_live = {
    "type": "object",
    "required": ["me"],
    "properties": {
        "me": {"type": "integer", "minimum": 0},
        "dealer": {"type": "integer", "minimum": 0},
        "known": {
            "type": "object",
            "properties": {**_record_known["properties"], "hands": _seat_cards, "chips": _seat_cards},
        },
    },
}
MATCH_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://stich.invalid/schema/stich-match-1.json",
    "title": "stich match",
    "type": "object",
    "required": ["format", "game", "players", "rounds"],
    "properties": {
        "format": {"const": MATCH_FORMAT},
        "game": {"enum": list(GAME_IDS)},
        "options": {"type": "object"},
        "players": RECORD_SCHEMA["properties"]["players"],
        "seed": {"type": "integer"},
        "rounds": {"type": "array", "items": {"$ref": RECORD_SCHEMA["$id"]}},
        "scores": {"type": "array", "items": _totals},
        "totals": _totals,
        "standing": {"type": "object"},
        "live": _live,
    },
}
_VALIDATOR = SchemaValidator(MATCH_SCHEMA, refers_to=(RECORD_SCHEMA,), explain=explain_schema_error)


@dataclass
class Match:
    """A whole game: its round records, the running totals and the final standing."""

    game: str
    players: list[str]
    options: dict[str, Any]
    rounds: list[Record] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    standing: Standing = field(default_factory=lambda: Standing(ended=False))
    seed: int | None = None
    scores: list[list[int]] = field(default_factory=list)  # the totals after each round
    live: dict[str, Any] | None = None  # a stich live journal's own field (docs/live.md)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": MATCH_FORMAT,
            "game": self.game,
            "options": self.options,
            "players": self.players,
            "rounds": [r.to_json() for r in self.rounds],
            "scores": self.scores,
            "totals": self.totals,
            "standing": self.standing,
        }
        if self.seed is not None:
            data["seed"] = self.seed
        if self.live is not None:
            data["live"] = self.live
        return data


def play_random_round(
    game: Game, names: list[str], dealer: int, known: Known, rng: random.Random
) -> tuple[Round, Record]:
    """Play one round from ``known`` by picking uniformly among the legal events."""
    state = game.new_round(names, dealer, None, known)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_events()))
    return state, Record(game.id, names, dealer, state.events, dict(game.options), None, known)


def play_match(
    game_id: str,
    players: int,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    dealer: int | None = None,
) -> Match:
    """A whole game of random legal play, from the first deal to the winner, its first round dealt
    by ``dealer`` (None: the game's first dealer); it stores the seed."""
    game = find(game_id)(players, options)
    course = game.course(dealer)
    seed = fresh_seed() if seed is None else seed
    rng = random.Random(seed)
    course.prepare(rng)
    names = list(DEFAULT_NAMES[:players])
    match = Match(game.id, names, game.current_options(options), seed=seed)
    while not course.ended and course.rounds < MAX_ROUNDS:
        state, record = play_random_round(game, match.players, course.dealer, course.deal(rng), rng)
        match.rounds.append(record)
        course.finish(state)
    match.totals, match.scores, match.standing = course.totals, course.scores, course.standing
    return match


# -- reading and checking --------------------------------------------------------------


def parse_match(data: object, source: str = "match") -> Match:
    """A `Match` from parsed JSON; a one-line `StichError` naming ``source`` and the bad field.

    Each round is read as a record (its errors name ``rounds/i``) and must be of the
    match's game, with its players and options.
    """
    if not isinstance(data, dict):
        raise StichError(f"{source}: a match must be a JSON object, got {type(data).__name__}")
    if data.get("format") != MATCH_FORMAT:
        raise StichError(f"{source}: format must be {MATCH_FORMAT!r}, got {short_repr(data.get('format'))}")
    if "game" in data and data["game"] not in GAME_IDS:
        raise StichError(f"{source}: unknown game {short_repr(data['game'])} (games: {', '.join(GAME_IDS)})")
    error = _VALIDATOR.error(data)
    if error is not None:
        raise StichError(f"{source}: {error}")
    players = list(data["players"])
    check_names(players, source)
    options = find(data["game"]).current_options(data.get("options"))
    try:
        game = find(data["game"])(len(players), options)
    except StichError as exc:
        raise StichError(f"{source}: {exc}") from None
    rounds: list[Record] = []
    for i, raw in enumerate(data["rounds"]):
        where = f"{source}: rounds/{i}"
        record = parse_record(raw, where)
        if record.game != game.id or record.players != players:
            raise StichError(f"{where}: the round must be of the match's game with its players")
        try:
            same = record.game_instance().options == game.options
        except StichError as exc:
            raise StichError(f"{where}: {exc}") from None
        if not same:
            raise StichError(f"{where}: the round's options differ from the match's")
        rounds.append(record)
    live = data.get("live")
    if live is not None:
        _check_live(live, players, rounds, source)
    return Match(
        game=game.id,
        players=players,
        options=options,
        rounds=rounds,
        totals=list(data.get("totals", [])),
        # As the document gives it (an object): `check_match_report` follows the game itself.
        standing=cast(Standing, dict(data.get("standing") or {})),
        seed=data.get("seed"),
        scores=[list(s) for s in data.get("scores", [])],
        live=None if live is None else dict(live),
    )


def _check_live(live: dict[str, Any], players: list[str], rounds: list[Record], source: str) -> None:
    """A journal's ``live`` field: its seats exist, and every round is seen from its seat."""
    seats = f"seats are 0..{len(players) - 1}"
    for key in ("me", "dealer"):
        if live.get(key) is not None and live[key] >= len(players):
            raise StichError(f"{source}: live/{key}: seat {live[key]} does not exist ({seats})")
    known = live.get("known") or {}
    for key in ("hands", "chips"):
        for seat in known.get(key) or {}:
            if seat not in [str(s) for s in range(len(players))]:
                raise StichError(f"{source}: live/known/{key}: {short_repr(seat)} is not a seat ({seats})")
    for i, record in enumerate(rounds):
        if record.view != live["me"]:
            raise StichError(
                f"{source}: rounds/{i}: a journal's rounds are seen from live/me (seat {live['me']}), "
                f"not from {'every seat' if record.view is None else f'seat {record.view}'}"
            )


def load_round_or_match(path: str | Path) -> Record | Match:
    """A round record or a match from a file (``-``: standard input), by its ``format``."""
    data = read_json(path)
    source = str(Path(path))
    if isinstance(data, dict) and data.get("format") == MATCH_FORMAT:
        return parse_match(data, source)
    if isinstance(data, dict) and data.get("format") not in (FORMAT, None):
        raise StichError(
            f"{source}: format must be {FORMAT!r} or {MATCH_FORMAT!r}, got {short_repr(data.get('format'))}"
        )
    return parse_record(data, source)


def check_match_report(
    match: Match, check_round: Callable[[Record], dict[str, Any]] = check_report
) -> dict[str, Any]:
    """The ``stich check --json`` shape of a match: each round's report, and the totals.

    Every round but the last must be complete; the totals after each round (``scores``)
    and at the end (``totals``), where the document gives them, must be those the rounds'
    points add up to, from the game's starting totals. A round whose result carries the
    ``scores`` after it (24) must agree with them. The first disagreement is the error,
    with ``round`` its index and ``event`` the bad event within it, if any.
    """
    game = find(match.game)(len(match.players), match.options)
    totals = game.course().start_totals()
    course = game.course(match.rounds[0].dealer) if match.rounds else None
    reports: list[dict[str, Any]] = []
    report: dict[str, Any] = {"ok": True, "game": match.game, "format": MATCH_FORMAT, "rounds": reports}

    def refuse(index: int, event: int | None, error: str) -> dict[str, Any]:
        report.update(ok=False, round=index, event=event, error=f"round {index}: {error}", totals=totals)
        return report

    for i, record in enumerate(match.rounds):
        checked = check_round(record)
        reports.append(checked)
        if not checked["ok"]:
            return refuse(i, checked["event"], checked["error"])
        assert course is not None
        try:
            if i == 0:
                course.hold_known(record.known, match.players)
            problem = course.start_problem(record.dealer, record.known, match.players)
        except StichError as exc:
            problem = str(exc)
        if problem is not None:
            return refuse(i, None, problem)
        if not checked["complete"]:
            if i + 1 < len(match.rounds):
                return refuse(i, None, f"the round is incomplete (phase {checked['phase']}) but more follow")
            break
        course.finish(replay(record).round)
        totals = [t + p for t, p in zip(totals, checked["result"]["points"], strict=True)]
        carried = checked["result"].get("scores")
        if carried is not None and carried != totals:
            return refuse(i, None, f"the round ends with the scores {carried}, the totals are {totals}")
        if i < len(match.scores) and match.scores[i] != totals:
            return refuse(i, None, f"scores/{i} is {match.scores[i]}, but the rounds add up to {totals}")
    # Complete: the game has ended (its last round played out and nothing follows by its rules).
    ended = course is not None and course.ended
    report.update(complete=ended, totals=totals)
    if course is not None and not ended:
        report["next"] = course.describe_next()
    error = None
    if len(match.scores) > len(match.rounds):
        error = f"scores has {len(match.scores)} entries for {len(match.rounds)} rounds"
    elif match.totals and match.totals != totals:
        error = f"totals are {match.totals}, but the rounds add up to {totals}"
    if error is not None:
        report.update(ok=False, round=None, event=None, error=error)
    return report
