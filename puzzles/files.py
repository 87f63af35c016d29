"""Puzzle files: a JSON list of puzzles, written and read with one-line errors.

The shape is a contract (``docs/format.md``, "Puzzles")::

    [{"kind": "trump", "game": "was-sticht", "grade": "medium",
      "clues": [{"cards": ["R3", "B7", "R6", "Y2"], "winner": 3}],
      "answer": {"trump_suit": "R", "trump_number": 2},
      "explanation": [{"technique": "single-clue", "text": "...", "clues": [0]}]}]

``cards`` are in play order from the leader and ``winner`` indexes them; a case
puzzle's clues may also be ``{"false_guess": ["gardener", "knife"]}``. An endgame
puzzle has no clues (``[]``) but a ``position`` (the solver's JSON), a ``task``, a
``target`` and the ``answer`` move. Fields a reader does not know are ignored, so
the shape can grow.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from deducer import HypothesisSpace
from games.errors import StichError
from games.jsonfile import read_json
from games.registry import find
from puzzles.model import (
    GRADES,
    KINDS,
    TECHNIQUES,
    DeductionKind,
    DeductionPuzzle,
    EndgamePuzzle,
    FalseGuess,
    Grade,
    Puzzle,
    PuzzleClue,
    Step,
    Technique,
    TrickClue,
    space_of_kind,
)

__all__ = [
    "PUZZLE_FILE_SCHEMA",
    "dumps",
    "hypothesis_of",
    "load_puzzles",
    "parse_puzzle",
    "parse_puzzles",
    "puzzle_json",
]

_STEP: dict[str, Any] = {
    "type": "object",
    "required": ["technique", "text"],
    "properties": {
        "technique": {"type": "string"},
        "text": {"type": "string"},
        "clues": {"type": "array", "items": {"type": "integer", "minimum": 0}},
        "steps": {"type": "array", "items": {"$ref": "#/$defs/step"}},
    },
}
_MOVE: dict[str, Any] = {
    "type": "object",
    "required": ["card"],
    "properties": {"card": {"type": "string"}, "reverse": {"type": "boolean"}, "trump": {"type": "string"}},
}

# The shape of a puzzle file (docs/format.md, "Puzzles"); the reader checks the rest (cards
# exist, winners index them, secrets and positions are valid) with one-line errors.
PUZZLE_FILE_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://stich.invalid/schema/stich-puzzles-1.json",
    "title": "stich puzzle file",
    "type": "array",
    "minItems": 1,
    "items": {
        "type": "object",
        "required": ["kind", "grade", "clues", "answer"],
        "properties": {
            "kind": {"enum": list(KINDS)},
            "game": {"type": "string"},
            "grade": {"enum": list(GRADES)},
            "clues": {
                "type": "array",
                "items": {
                    "oneOf": [
                        {
                            "type": "object",
                            "required": ["cards", "winner"],
                            "properties": {
                                "cards": {
                                    "type": "array",
                                    "items": {"type": "string"},
                                    "minItems": 3,
                                    "maxItems": 4,
                                },
                                "winner": {"type": "integer", "minimum": 0, "maximum": 3},
                            },
                        },
                        {
                            "type": "object",
                            "required": ["false_guess"],
                            "properties": {
                                "false_guess": {
                                    "type": "array",
                                    "items": {"type": "string"},
                                    "minItems": 2,
                                    "maxItems": 2,
                                }
                            },
                        },
                    ]
                },
            },
            "answer": {
                "oneOf": [
                    {
                        "type": "object",
                        "required": ["trump_suit", "trump_number"],
                        "properties": {
                            "trump_suit": {"enum": ["R", "G", "Y", "B", None]},
                            "trump_number": {"enum": [*range(1, 10), None]},
                        },
                    },
                    {
                        "type": "object",
                        "required": ["culprit", "weapon"],
                        "properties": {"culprit": {"type": "string"}, "weapon": {"type": "string"}},
                    },
                    _MOVE,
                ]
            },
            "explanation": {"type": "array", "items": {"$ref": "#/$defs/step"}},
            "theme": {"type": "string"},
            "task": {"type": "string"},
            "position": {"type": "object"},
            "target": {"type": "integer"},
            "obvious": {"type": "array", "items": _MOVE},
            "depth": {"type": "integer", "minimum": 0},
            "tempting": {"type": "integer", "minimum": 0},
        },
        "if": {"properties": {"kind": {"const": "endgame"}}},
        "then": {"required": ["game", "theme", "position", "target"]},
    },
    "$defs": {"step": _STEP},
}


def puzzle_json(puzzle: Puzzle) -> dict[str, Any]:
    """The JSON form of one puzzle."""
    explanation = [step.to_json() for step in puzzle.explanation]
    if isinstance(puzzle, EndgamePuzzle):
        return {
            "kind": "endgame",
            "game": puzzle.game,
            "grade": puzzle.grade,
            "theme": puzzle.theme,
            "task": puzzle.task,
            "clues": [],
            "position": dict(puzzle.position),
            "target": puzzle.target,
            "answer": dict(puzzle.answer),
            "obvious": [dict(move) for move in puzzle.obvious],
            "depth": puzzle.depth,
            "tempting": puzzle.tempting,
            "explanation": explanation,
        }
    space = puzzle.space
    return {
        "kind": puzzle.kind,
        "game": puzzle.game,
        "grade": puzzle.grade,
        "clues": [_clue_json(space, clue) for clue in puzzle.clues],
        "answer": space.to_json(puzzle.answer),
        "explanation": explanation,
    }


def _clue_json(space: HypothesisSpace, clue: PuzzleClue) -> dict[str, Any]:
    if isinstance(clue, FalseGuess):
        return {"false_guess": list(space.to_json(clue.hypothesis).values())}
    return {"cards": space.deck.names(clue.cards), "winner": clue.winner}


def dumps(puzzles: Sequence[Puzzle]) -> str:
    """A puzzle file's text: indented, with short lists and objects (a clue, a hand) on one line."""
    return _compact([puzzle_json(p) for p in puzzles], "") + "\n"


def _compact(value: Any, indent: str) -> str:
    """JSON indented by two spaces, but with what fits in 72 characters on one line."""
    flat = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    if len(flat) <= 72:
        return flat
    inner = indent + "  "
    if isinstance(value, Mapping) and value:
        items = [f"{inner}{json.dumps(k)}: {_compact(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{indent}}}"
    if isinstance(value, list) and value and any(isinstance(v, list | Mapping) for v in value):
        return "[\n" + ",\n".join(f"{inner}{_compact(v, inner)}" for v in value) + f"\n{indent}]"
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


# -- reading ---------------------------------------------------------------------------------


def load_puzzles(source: str | Path) -> list[Puzzle]:
    """The puzzles of a file (``-``: standard input); a one-line `StichError` naming the file."""
    label = "standard input" if str(source) == "-" else str(source)
    return parse_puzzles(read_json(source, label), label)


def parse_puzzles(data: object, source: str = "puzzle file") -> list[Puzzle]:
    """Puzzles from parsed JSON: a list of puzzle objects (one object alone is taken as a list of one)."""
    if isinstance(data, Mapping) and "kind" in data:
        data = [data]
    if not isinstance(data, list):
        what = (
            "a round record"
            if isinstance(data, Mapping) and "format" in data
            else f"a JSON {type(data).__name__}"
        )
        raise StichError(
            f"{source} is not a puzzle file: it holds {what}, not a list of puzzles "
            "(make one with stich puzzle new)"
        )
    if not data:
        raise StichError(f"{source} holds no puzzles (an empty list)")
    return [parse_puzzle(item, f"{source}: puzzle {i + 1}") for i, item in enumerate(data)]


def parse_puzzle(data: object, where: str = "puzzle") -> Puzzle:
    """One puzzle from its JSON object; a `StichError` naming ``where`` and the bad field."""
    if not isinstance(data, Mapping):
        raise StichError(f"{where} must be an object with kind, grade, clues and answer, got {data!r}")
    kind = data.get("kind")
    if kind not in KINDS:
        raise StichError(f"{where}: kind {kind!r} is not one of {', '.join(KINDS)}")
    grade = data.get("grade")
    if grade not in GRADES:
        raise StichError(f"{where}: grade {grade!r} is not one of {', '.join(GRADES)}")
    explanation = _steps(data.get("explanation", []), where)
    if kind == "endgame":
        return _endgame(data, grade, explanation, where)
    deduction: DeductionKind = "trump" if kind == "trump" else "case"
    space = space_of_kind(deduction)
    game = data.get("game", space.game)
    if game != space.game:
        raise StichError(f"{where}: a {deduction} puzzle is a {space.game} puzzle, not {game!r}")
    raw = data.get("clues")
    if not isinstance(raw, list) or not raw:
        raise StichError(f"{where}: clues must be a non-empty list")
    clues = [_clue(deduction, space, item, f"{where}: clue {i + 1}") for i, item in enumerate(raw)]
    _cards_once(space, clues, where)
    if "answer" not in data:
        raise StichError(f"{where}: the answer is missing")
    answer = hypothesis_of(deduction, data["answer"], f"{where}: answer")
    return DeductionPuzzle(deduction, grade, tuple(clues), answer, explanation)


def _clue(kind: DeductionKind, space: HypothesisSpace, data: object, where: str) -> PuzzleClue:
    if isinstance(data, Mapping) and "false_guess" in data:
        if kind != "case":
            raise StichError(f"{where}: false_guess belongs to case puzzles (Stich für Stich)")
        return FalseGuess(hypothesis_of(kind, data["false_guess"], f"{where}: false_guess"))
    if not isinstance(data, Mapping) or "cards" not in data or "winner" not in data:
        raise StichError(
            f'{where} must be {{"cards": [...], "winner": i}} or {{"false_guess": [culprit, weapon]}}'
        )
    raw = data["cards"]
    sizes = (4,) if kind == "trump" else (3, 4)
    if not isinstance(raw, list) or len(raw) not in sizes:
        what = (
            "a draft column has 4 cards" if kind == "trump" else "a trick has 3 or 4 cards (3 or 4 players)"
        )
        raise StichError(f"{where}: cards must be a list of {' or '.join(map(str, sizes))} cards ({what})")
    cards = []
    for text in raw:
        try:
            cards.append(space.deck.parse(text))
        except StichError as exc:
            raise StichError(f"{where}: {exc}") from None
    if len(set(cards)) != len(cards):
        raise StichError(f"{where}: a card is named twice in {raw}")
    winner = data["winner"]
    if isinstance(winner, bool) or not isinstance(winner, int) or not 0 <= winner < len(cards):
        raise StichError(
            f"{where}: winner {winner!r} must be the index of a card in cards (0..{len(cards) - 1})"
        )
    return TrickClue(tuple(cards), winner)


def _cards_once(space: HypothesisSpace, clues: Sequence[PuzzleClue], where: str) -> None:
    """A draft lays out each card once and a case plays each card once."""
    seen: dict[int, int] = {}
    for index, clue in enumerate(clues):
        if not isinstance(clue, TrickClue):
            continue
        for card in clue.cards:
            if card in seen:
                raise StichError(
                    f"{where}: card {space.deck.name_of(card)} is in clues {seen[card] + 1} and {index + 1} "
                    "(each card appears once)"
                )
            seen[card] = index


def hypothesis_of(kind: DeductionKind, raw: object, where: str) -> int:
    """A secret in the record's notation as a hypothesis of the kind's space."""
    space = space_of_kind(kind)
    if kind == "trump":
        from games.was_sticht import COLOURS
        from games.was_sticht import parse_secret as ws_secret

        suit, number = ws_secret(raw, where)
        return space.index(
            space.values[0].index(None if suit is None else COLOURS[suit]), space.values[1].index(number)
        )
    from games.stich_fuer_stich import parse_secret as sfs_secret

    culprit, weapon = sfs_secret(raw, where)
    return space.index(culprit, weapon)


def _steps(raw: object, where: str) -> tuple[Step, ...]:
    """An explanation as written (checks rebuild it; a malformed one is an error all the same)."""
    if not isinstance(raw, list):
        raise StichError(f"{where}: explanation must be a list of steps")
    steps = []
    for item in raw:
        if not isinstance(item, Mapping) or not isinstance(item.get("text"), str):
            raise StichError(f'{where}: each explanation step must be an object with "text"')
        clues = item.get("clues", [])
        inner = _steps(item.get("steps", []), where)
        named = item.get("technique")
        technique: Technique = next((t for t in TECHNIQUES if t == named), "answer")
        steps.append(Step(technique, item["text"], tuple(c for c in clues if isinstance(c, int)), inner))
    return tuple(steps)


def _endgame(
    data: Mapping[str, Any], grade: Grade, explanation: tuple[Step, ...], where: str
) -> EndgamePuzzle:
    from puzzles.endgame import theme_named
    from solvers import parse_position

    game = data.get("game")
    if not isinstance(game, str):
        raise StichError(f"{where}: an endgame puzzle must name its game")
    game = find(game).id
    theme = data.get("theme")
    if not isinstance(theme, str):
        raise StichError(f"{where}: an endgame puzzle must name its theme")
    try:
        theme_named(game, theme)
    except StichError as exc:
        raise StichError(f"{where}: {exc}") from None
    position = data.get("position")
    if not isinstance(position, Mapping):
        raise StichError(f"{where}: position must be the solver's position object")
    if position.get("game", game) != game:
        raise StichError(
            f"{where}: the position is a {position.get('game')} position, the puzzle a {game} one"
        )
    try:
        parsed = parse_position(position)
    except StichError as exc:
        raise StichError(f"{where}: position: {exc}") from None
    target = data.get("target")
    if isinstance(target, bool) or not isinstance(target, int):
        raise StichError(f"{where}: target must be a whole number (the value that counts as success)")
    answer = data.get("answer")
    if not isinstance(answer, Mapping) or "card" not in answer:
        raise StichError(f'{where}: answer must be a move like {{"card": "QS"}}')
    try:
        parsed.deck.parse(answer["card"])
    except StichError as exc:
        raise StichError(f"{where}: answer: {exc}") from None
    obvious = data.get("obvious", [])
    if not isinstance(obvious, list) or not all(isinstance(m, Mapping) for m in obvious):
        raise StichError(f"{where}: obvious must be a list of moves")
    task = data.get("task", "")
    return EndgamePuzzle(
        grade,
        game,
        theme,
        task if isinstance(task, str) else "",
        dict(position),
        target,
        dict(answer),
        tuple(dict(m) for m in obvious),
        explanation,
        int(data.get("depth", parsed.tricks_left())),
        int(data.get("tempting", 0)),
    )
