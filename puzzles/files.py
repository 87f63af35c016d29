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
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from stich.games.errors import StichError
from stich.games.jsonfile import QUOTED, printable, read_json, short_repr
from stich.games.registry import find
from stich.games.secret import Value
from stich.puzzles.model import (
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
    StepJson,
    Technique,
    TrickClue,
    deduction_game,
    deduction_kind,
    kind_facts,
    space_of_kind,
)

if TYPE_CHECKING:
    import jsonschema

    from stich.deducer import HypothesisSpace

__all__ = [
    "MAX_FILE_BYTES",
    "PUZZLE_FILE_SCHEMA",
    "dumps",
    "hypothesis_of",
    "load_puzzles",
    "parse_puzzle",
    "parse_puzzles",
    "puzzle_json",
    "schema_error",
]

_STRING: dict[str, Any] = {"type": "string"}
_COUNT: dict[str, Any] = {"type": "integer", "minimum": 0}

# The shape of a puzzle file (docs/format.md, "Puzzles"), checked before anything is built
# from a file: every field's type, per kind. The reader then checks the values with
# one-line errors: cards exist and appear once, ``winner`` indexes ``cards``, a draft column
# has 4 cards, secrets name real suits, numbers, suspects and weapons, positions are valid.
PUZZLE_FILE_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://stich.invalid/schema/stich-puzzles-1.json",
    "title": "stich puzzle file",
    "type": "array",
    "minItems": 1,
    "items": {"$ref": "#/$defs/puzzle"},
    "$defs": {
        "puzzle": {
            "type": "object",
            "required": ["kind", "grade", "clues", "answer"],
            "properties": {
                "kind": {"enum": list(KINDS)},
                "game": _STRING,
                "grade": {"enum": list(GRADES)},
                "clues": {"type": "array"},
                "explanation": {"type": "array", "items": {"$ref": "#/$defs/step"}},
                "theme": _STRING,
                "task": _STRING,
                "position": {"type": "object"},
                "target": {"type": "integer"},
                "obvious": {"type": "array", "items": {"$ref": "#/$defs/move"}},
                "depth": _COUNT,
                "tempting": _COUNT,
            },
            "allOf": [
                {
                    "if": {"properties": {"kind": {"enum": ["trump", "case"]}}, "required": ["kind"]},
                    "then": {
                        "properties": {"clues": {"minItems": 1, "items": {"$ref": "#/$defs/clue"}}},
                    },
                },
                {
                    "if": {"properties": {"kind": {"const": "trump"}}, "required": ["kind"]},
                    "then": {"properties": {"answer": {"$ref": "#/$defs/trumps"}}},
                },
                {
                    "if": {"properties": {"kind": {"const": "case"}}, "required": ["kind"]},
                    "then": {"properties": {"answer": {"$ref": "#/$defs/pair"}}},
                },
                {
                    "if": {"properties": {"kind": {"const": "endgame"}}, "required": ["kind"]},
                    "then": {"$ref": "#/$defs/endgame"},
                },
            ],
        },
        "clue": {
            "type": "object",
            "if": {"required": ["false_guess"]},
            "then": {"properties": {"false_guess": {"$ref": "#/$defs/pair"}}},
            "else": {
                "required": ["cards", "winner"],
                "properties": {
                    "cards": {"type": "array", "items": _STRING, "minItems": 3, "maxItems": 4},
                    "winner": {"type": "integer"},
                },
            },
        },
        "trumps": {
            "type": "object",
            "required": ["trump_suit", "trump_number"],
            "properties": {
                "trump_suit": {"type": ["string", "null"]},
                "trump_number": {"type": ["integer", "string", "null"]},
            },
        },
        "pair": {
            "type": ["object", "array"],
            "required": ["culprit", "weapon"],
            "properties": {"culprit": _STRING, "weapon": _STRING},
            "items": _STRING,
            "minItems": 2,
            "maxItems": 2,
        },
        "endgame": {
            "required": ["game", "theme", "position", "target"],
            "properties": {"clues": {"maxItems": 0}, "answer": {"$ref": "#/$defs/move"}},
        },
        "move": {
            "type": "object",
            "required": ["card"],
            "properties": {"card": _STRING, "reverse": {"type": "boolean"}, "trump": _STRING},
        },
        "step": {
            "type": "object",
            "required": ["text"],
            "properties": {
                "technique": _STRING,
                "text": _STRING,
                "clues": {"type": "array", "items": _COUNT},
                "steps": {"type": "array", "items": {"$ref": "#/$defs/step"}},
            },
        },
    },
}


def _is_integer(_checker: object, value: object) -> bool:
    """A whole number written without a decimal point (JSON Schema would take 1.0; Python cannot
    index with it), as games.schema reads records."""
    return isinstance(value, int) and not isinstance(value, bool)


@cache
def _validator() -> jsonschema.protocols.Validator:
    """The schema's validator, with strict integers (built when a file is first read)."""
    import jsonschema

    strict = jsonschema.validators.extend(
        jsonschema.Draft202012Validator,
        type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer),
    )
    validator: jsonschema.protocols.Validator = strict(PUZZLE_FILE_SCHEMA)
    return validator


_TYPE_WORDS = {
    "array": "a list",
    "object": "an object",
    "string": "text",
    "integer": "a whole number",
    "boolean": "true or false",
    "null": "null",
}
# What a list's items are called in a message, by the field that holds them.
_ITEMS = {
    "clues": "clue",
    "explanation": "explanation step",
    "steps": "step",
    "obvious": "obvious move",
    "cards": "card",
    "false_guess": "name",
}


def schema_error(data: object, source: str = "puzzle file") -> str | None:
    """The first way ``data`` does not fit `PUZZLE_FILE_SCHEMA`, as one line naming the file,
    the puzzle and the field (``puzzles.json: puzzle 1: "clues" must be a list, not true``), or
    None when it fits."""
    import jsonschema

    errors = list(_validator().iter_errors(data))
    if not errors:
        return None
    # The first puzzle at fault, and in it its kind first (the rest depends on it), then its grade.
    puzzle = min(_place(e, 0) for e in errors)
    errors = [e for e in errors if _place(e, 0) == puzzle]
    field = min(_place(e, 1) for e in errors)
    error = jsonschema.exceptions.best_match(e for e in errors if _place(e, 1) == field)
    assert error is not None
    path = list(error.absolute_path)
    if not path:
        return f"{source} {_said(error)}"
    parts = [source]
    for index, step in enumerate(path):
        if isinstance(step, int) and index == 0:
            parts.append(f"puzzle {step + 1}")
        elif isinstance(step, int):
            # The field "clues" and then index 1 read as 'clue 2'.
            parts[-1] = f"{_ITEMS.get(str(path[index - 1]), 'item')} {step + 1}"
        else:
            parts.append(f'"{printable(step)}"')
    # The last part is what the words are about: 'puzzle 1 must be an object', '"clues" must be a list'.
    return f"{': '.join(parts[:-1])}: {parts[-1]} {_said(error)}"


def _place(error: jsonschema.ValidationError, depth: int) -> tuple[int, int | str]:
    """Where an error lies at one depth of its path, for ordering: a puzzle by its number; a
    field with kind first, then grade, then the puzzle as a whole (a field missing), then the
    other fields by name."""
    path = list(error.absolute_path)
    if len(path) <= depth:
        return (2, "") if depth else (-1, 0)
    step = path[depth]
    if isinstance(step, int):
        return (0, step)
    return ({"kind": 0, "grade": 1}.get(step, 3), str(step))


def _shown(value: object) -> str:
    """A value as JSON writes it (``true``, ``null``, ``"x"``), cut short, on one line."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return short_repr(value)
    text = printable(text)
    return text if len(text) <= QUOTED else f"{text[: QUOTED // 2]}…{text[-QUOTED // 2 :]}"


def _said(error: jsonschema.ValidationError) -> str:
    """What is wrong with the value, in words."""
    value = error.instance
    rule = error.validator_value
    if error.validator == "type" and len(error.absolute_path) == 1:  # a puzzle that is no object
        return f"must be an object with kind, grade, clues and answer, not {_shown(value)}"
    if error.validator == "type":
        kinds = [rule] if isinstance(rule, str) else list(rule)
        said = f"must be {' or '.join(_TYPE_WORDS.get(k, k) for k in kinds)}, not {_shown(value)}"
        if isinstance(value, float) and "integer" in kinds:
            said += " (a whole number is written without a decimal point)"
        return said
    if error.validator == "required" and isinstance(value, Mapping):
        missing = next((name for name in rule if name not in value), rule[0])
        return f'has no "{printable(str(missing))}" (it is required)'
    if error.validator == "enum":
        allowed = ", ".join("null" if v is None else str(v) for v in rule)
        return f"must be one of {allowed}, not {_shown(value)}"
    if error.validator == "maxItems" and rule == 0 and isinstance(value, list):
        return f"must be empty, not a list of {len(value)}"
    if error.validator in ("minItems", "maxItems") and isinstance(value, list):
        bound = "at least" if error.validator == "minItems" else "at most"
        return f"must hold {bound} {rule} item(s), not {len(value)}"
    if error.validator == "minimum":
        return f"must be at least {rule}, not {_shown(value)}"
    return printable(f"{error.validator} {_shown(rule)} fails for {_shown(value)}")


class TrickClueJson(TypedDict):
    cards: list[str]
    winner: int


class FalseGuessJson(TypedDict):
    false_guess: list[Value]


class PuzzleJson(TypedDict):
    """One puzzle of a puzzle file (docs/format.md): a deduction puzzle, or an endgame with its
    position, target, answer and the tempting moves."""

    kind: str
    game: str
    grade: str
    theme: NotRequired[str]
    task: NotRequired[str]
    clues: list[TrickClueJson | FalseGuessJson]
    position: NotRequired[dict[str, Any]]
    target: NotRequired[int]
    answer: dict[str, Any]
    obvious: NotRequired[list[dict[str, Any]]]
    depth: NotRequired[int]
    tempting: NotRequired[int]
    explanation: list[StepJson]


def puzzle_json(puzzle: Puzzle) -> PuzzleJson:
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


def _clue_json(space: HypothesisSpace, clue: PuzzleClue) -> TrickClueJson | FalseGuessJson:
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


# A puzzle file is a few kilobytes a puzzle; a larger file is refused before it is read.
MAX_FILE_BYTES = 64 * 1024 * 1024


def load_puzzles(source: str | Path) -> list[Puzzle]:
    """The puzzles of a file (``-``: standard input); a one-line `StichError` naming the file."""
    label = "standard input" if str(source) == "-" else str(source)
    return parse_puzzles(read_json(source, label, limit=MAX_FILE_BYTES), label)


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
    problem = schema_error(data, source)  # every field's type, before anything is built
    if problem is not None:
        raise StichError(problem)
    return [parse_puzzle(item, f"{source}: puzzle {i + 1}") for i, item in enumerate(data)]


def parse_puzzle(data: object, where: str = "puzzle") -> Puzzle:
    """One puzzle from its JSON object; a `StichError` naming ``where`` and the bad field."""
    if not isinstance(data, Mapping):
        raise StichError(
            f"{where} must be an object with kind, grade, clues and answer, not {short_repr(data)}"
        )
    kind = data.get("kind")
    if kind not in KINDS:
        raise StichError(f"{where}: kind {short_repr(kind)} is not one of {', '.join(KINDS)}")
    grade = data.get("grade")
    if grade not in GRADES:
        raise StichError(f"{where}: grade {short_repr(grade)} is not one of {', '.join(GRADES)}")
    explanation = _steps(data.get("explanation", []), where)
    if kind == "endgame":
        return _endgame(data, grade, explanation, where)
    deduction = deduction_kind(kind)
    space = space_of_kind(deduction)
    game = data.get("game", space.game)
    if game != space.game:
        raise StichError(f"{where}: a {deduction} puzzle is a {space.game} puzzle, not {short_repr(game)}")
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
        if not kind_facts(kind).false_guesses:
            raise StichError(f"{where}: false_guess belongs to case puzzles (Stich für Stich)")
        return FalseGuess(hypothesis_of(kind, data["false_guess"], f"{where}: false_guess"))
    if not isinstance(data, Mapping) or "cards" not in data or "winner" not in data:
        raise StichError(
            f'{where} must be {{"cards": [...], "winner": i}} or {{"false_guess": [culprit, weapon]}}'
        )
    raw = data["cards"]
    sizes = kind_facts(kind).clue_sizes
    if not isinstance(raw, list) or len(raw) not in sizes:
        what = kind_facts(kind).clue_sizes_why
        raise StichError(f"{where}: cards must be a list of {' or '.join(map(str, sizes))} cards ({what})")
    cards = []
    for text in raw:
        try:
            cards.append(space.deck.parse(text))
        except StichError as exc:
            raise StichError(f"{where}: {exc}") from None
    if len(set(cards)) != len(cards):
        raise StichError(f"{where}: a card is named twice in {short_repr(raw)}")
    winner = data["winner"]
    if isinstance(winner, bool) or not isinstance(winner, int) or not 0 <= winner < len(cards):
        raise StichError(
            f"{where}: winner {short_repr(winner)} must be the index of a card in cards (0..{len(cards) - 1})"
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
    """A secret in the record's notation as a hypothesis of the kind's space, read by its game
    (`Game.secret_hypothesis`)."""
    return deduction_game(kind).secret_hypothesis(raw, where)


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
    from stich.puzzles.endgame import theme_named
    from stich.puzzles.themes import SEATS, SOUTH
    from stich.solvers import parse_position

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
    if parsed.players != len(SEATS) or parsed.to_move != SOUTH:
        raise StichError(
            f"{where}: position: an endgame puzzle is played by four seats (North, East, South, West) "
            f"with South (seat {SOUTH}) to move; this one has {parsed.players} seats and seat "
            f"{parsed.to_move} to move"
        )
    # The hands, leader and trick as lists and numbers (a position may give hands by seat, or
    # leave the trick out), the rest as written.
    normal = parsed.to_json()
    position = {**position, **{key: normal[key] for key in ("hands", "leader", "trick")}}
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
