"""Damaged puzzle files through ``stich puzzle check``, ``solve`` and ``play``: a result or one line.

Property-based (hypothesis). The seeds are puzzle files of every kind that ``stich puzzle new``
writes (trump, case with false suspicions, endgames of every game). Each example applies one to
three mutations: a value's type swapped (a list for a number, text for a list, an object, null,
``1.0`` for ``1``), a field removed, a field of another puzzle kind added with a wrong type, a
puzzle duplicated or dropped, a list emptied; then the text may be truncated. Every outcome
must be exit status 0 with nothing on stderr, or exit status 1 with exactly one
``stich: error:`` line on stderr; never a traceback, never a hang.

``STICH_FUZZ_EXAMPLES=5000 pytest tests/puzzles/test_files_fuzz.py`` runs that many fresh
examples (the default run is derandomized: the same examples every time).
"""

from __future__ import annotations

import copy
import json
import os
import re
import signal
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

import stich
from stich.cli import app
from stich.puzzles import dumps, generate

pytestmark = pytest.mark.slow  # 150 generated puzzle files per test, each checked

SECONDS = 60  # a hang, not a slow run: each command here answers in well under a second
CUSTOM = int(os.environ.get("STICH_FUZZ_EXAMPLES", "0"))
FUZZ = settings(
    max_examples=CUSTOM or 150,
    deadline=None,
    derandomize=not CUSTOM,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
ONE_LINE = re.compile(r"stich: error: [^\n]+\n")
runner = CliRunner()

COMMANDS = [["check"], ["check", "--json"], ["solve"], ["solve", "--json"], ["play"]]
# A few entries for play: unreadable ones, answers of each kind, a hint, a card.
PLAY_INPUT = "foo\nhint\nred 2\ngardener knife\nKS\nR1 reverse\nshow\nsolution\nquit\n"

# Fields of every kind of puzzle, to add where they do not belong.
FIELDS = [
    "kind", "game", "grade", "clues", "answer", "explanation", "theme", "task", "position",
    "target", "obvious", "depth", "tempting", "cards", "winner", "false_guess", "culprit",
    "weapon", "trump_suit", "trump_number", "card", "reverse", "text", "technique", "steps",
    "hands", "leader", "trick", "objective",
]  # fmt: skip
# JSON values by type; lists and objects are made afresh each time (never one shared by two places).
TYPED: list[tuple[type, st.SearchStrategy[Any]]] = [
    (type(None), st.none()),
    (bool, st.booleans()),
    (int, st.sampled_from([0, 1, -1, 3, 99, 2**63, -(10**30)])),
    (float, st.sampled_from([0.0, 1.0, 2.5, -1.0, 1e308])),
    (str, st.sampled_from(["", "x", "R1", "QS", "gardener", "trump", "easy", "\u2028", "x" * 200])),
    (
        list,
        st.builds(list)
        | st.lists(st.sampled_from([0, "a", None]) | st.builds(lambda: [1]), min_size=1, max_size=3),
    ),
    (
        dict,
        st.builds(dict)
        | st.dictionaries(st.sampled_from(FIELDS), st.sampled_from([0, "x", None]), max_size=2),
    ),
]
OTHER_TYPES = st.one_of([strategy for _, strategy in TYPED])


def of_another_type(old: Any) -> st.SearchStrategy[Any]:
    """A value whose JSON type differs from ``old``'s (an empty list for a full one too)."""
    others = [strategy for kind, strategy in TYPED if type(old) is not kind]
    if isinstance(old, list) and old:
        others.append(st.builds(list))
    return st.one_of(others)


@cache
def seeds() -> tuple[str, ...]:
    """Puzzle files as `stich puzzle new` writes them, every kind and every game's endgame."""
    batches = [
        generate("was-sticht", "trump", "hard", count=2, seed=1),
        generate("stich-fuer-stich", "case", "expert", count=2, seed=1),
        generate("stiche-raten", "endgame", "easy", count=1, seed=1),
        generate("24", "endgame", "medium", count=1, seed=3),
        generate("wizard", "endgame", "easy", count=1, seed=1),
        generate("was-sticht", "endgame", "easy", count=1, seed=1),
        generate("stich-fuer-stich", "endgame", "easy", count=1, seed=1),
    ]
    files = [dumps(batch.puzzles) for batch in batches]
    files.append(dumps([p for batch in batches[:3] for p in batch.puzzles]))  # kinds mixed
    return tuple(files)


def places(doc: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every value in ``doc``, the root first."""
    yield path
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from places(value, (*path, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            yield from places(value, (*path, i))


def at(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def mutate(data: st.DataObject, doc: Any) -> Any:
    """One mutation of a parsed puzzle file; returns the new document."""
    paths = list(places(doc))
    kind = data.draw(st.sampled_from(["type", "type", "type", "remove", "add", "puzzles", "empty"]))
    if kind == "remove" and len(paths) > 1:
        path = data.draw(st.sampled_from(paths[1:]), label="remove at")
        del at(doc, path[:-1])[path[-1]]
        return doc
    if kind == "add":
        objects = [p for p in paths if isinstance(at(doc, p), dict)]
        if objects:
            target = at(doc, data.draw(st.sampled_from(objects), label="add to"))
            target[data.draw(st.sampled_from(FIELDS), label="field")] = data.draw(OTHER_TYPES, label="value")
            return doc
    if kind == "puzzles" and isinstance(doc, list) and doc:
        i = data.draw(st.integers(0, len(doc) - 1), label="puzzle")
        if data.draw(st.booleans(), label="duplicate"):
            doc.insert(0, copy.deepcopy(doc[i]))
        else:
            del doc[i]
        return doc
    if kind == "empty":
        lists = [p for p in paths if isinstance(at(doc, p), list) and at(doc, p)]
        if lists:
            at(doc, data.draw(st.sampled_from(lists), label="empty")).clear()
            return doc
    path = data.draw(st.sampled_from(paths), label="type at")
    old = at(doc, path)
    new = data.draw(of_another_type(old), label="value")
    if not path:
        return new
    at(doc, path[:-1])[path[-1]] = new
    return doc


def damaged(data: st.DataObject) -> str:
    doc = json.loads(data.draw(st.sampled_from(seeds()), label="seed"))
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        doc = mutate(data, doc)
    text = json.dumps(doc, ensure_ascii=False)
    if data.draw(st.integers(0, 7), label="truncate?") == 0:
        text = text[: data.draw(st.integers(0, max(len(text) - 1, 0)), label="cut at")]
    return text


class Hang(Exception):
    """A command took more than `SECONDS`."""


@contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    def stop(signum: int, frame: object) -> None:
        raise Hang(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def run_cleanly(path: Path, command: list[str]) -> Result:
    """``stich puzzle COMMAND FILE``: exit 0 and a quiet stderr, or exit 1 and one error line."""
    stdin = PLAY_INPUT if command == ["play"] else None
    with time_limit(SECONDS):
        result = runner.invoke(app, ["puzzle", command[0], str(path), *command[1:]], input=stdin)
    shown = f"stich puzzle {' '.join(command)} on {path.read_text(encoding='utf-8')[:600]!r}"
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        trace = "".join(traceback.format_exception(result.exception))
        pytest.fail(f"{shown}\nraised {result.exception!r}\n{trace}")
    assert result.exit_code in (0, 1), f"{shown}: exit status {result.exit_code}\n{result.output}"
    if result.exit_code == 0:
        assert result.stderr == "", f"{shown}: exit 0 but stderr {result.stderr!r}"
    else:
        assert ONE_LINE.fullmatch(result.stderr), f"{shown}: stderr {result.stderr!r}"
    assert "Traceback" not in result.output
    if "--json" in command and result.exit_code == 0:
        json.loads(result.stdout)
    return result


@FUZZ
@given(data=st.data())
def test_damaged_puzzle_files_are_answered_or_refused_in_one_line(
    tmp_path_factory: pytest.TempPathFactory, data: st.DataObject
) -> None:
    path = tmp_path_factory.getbasetemp() / "fuzz-puzzles.json"
    path.write_text(damaged(data), encoding="utf-8")
    command = data.draw(st.sampled_from(COMMANDS), label="command")
    result = run_cleanly(path, command)
    event(f"puzzle {command[0]}: exit {result.exit_code}")


def test_the_seeds_themselves_pass(tmp_path: Path) -> None:
    path = tmp_path / "seed.json"
    for text in seeds():
        path.write_text(text, encoding="utf-8")
        for command in COMMANDS:
            assert run_cleanly(path, command).exit_code == 0


@pytest.mark.parametrize(
    ("field", "value", "expected"),
    [
        ("clues", True, '"clues" must be a list, not true'),
        ("tempting", "x", '"tempting" must be a whole number, not "x"'),
        ("depth", {}, '"depth" must be a whole number, not {}'),
        (
            "target",
            1.0,
            '"target" must be a whole number, not 1.0 (a whole number is written without a decimal point)',
        ),
        ("answer", [], '"answer" must be an object, not []'),
        ("position", "x", '"position" must be an object, not "x"'),
        ("obvious", [{"card": 5}], 'obvious move 1: "card" must be text, not 5'),
        ("explanation", {}, '"explanation" must be a list, not {}'),
    ],
)
@pytest.mark.parametrize("command", ["check", "solve", "play"])
def test_puzzle_file_with_wrong_types_is_refused(
    tmp_path: Path, command: str, field: str, value: Any, expected: str
) -> None:
    puzzles = json.loads(seeds()[2])  # an endgame: it has every field
    puzzles[0][field] = value
    path = tmp_path / "puzzles.json"
    path.write_text(json.dumps(puzzles), encoding="utf-8")
    result = runner.invoke(app, ["puzzle", command, str(path)], input="quit\n")
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit | None)
    assert result.stderr == f"stich: error: {path}: puzzle 1: {expected}\n"
    assert result.stdout == ""  # refused before anything is shown


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda p: p[0].pop("answer"), 'puzzle 1 has no "answer" (it is required)'),
        (lambda p: p[0]["clues"][0].pop("winner"), 'puzzle 1: clue 1 has no "winner" (it is required)'),
        (
            lambda p: p[0]["clues"][0]["cards"].append("R9"),
            'clue 1: "cards" must hold at most 4 item(s), not 5',
        ),
        (
            lambda p: p[1].update(kind="riddle"),
            'puzzle 2: "kind" must be one of trump, case, endgame, not "riddle"',
        ),
        (
            lambda p: p[0]["answer"].update(trump_number=[2]),
            '"answer": "trump_number" must be a whole number or text or null',
        ),
    ],
)
def test_puzzle_file_with_missing_or_misshapen_fields_is_refused(
    tmp_path: Path, change: Any, expected: str
) -> None:
    puzzles = json.loads(seeds()[0])  # two trump puzzles
    change(puzzles)
    path = tmp_path / "puzzles.json"
    path.write_text(json.dumps(puzzles), encoding="utf-8")
    result = runner.invoke(app, ["puzzle", "check", str(path)])
    assert result.exit_code == 1 and ONE_LINE.fullmatch(result.stderr), result.output
    assert expected in result.stderr and str(path) in result.stderr


def test_truncated_puzzle_file_is_refused(tmp_path: Path) -> None:
    text = seeds()[1]
    path = tmp_path / "puzzles.json"
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    result = runner.invoke(app, ["puzzle", "solve", str(path)])
    assert result.exit_code == 1 and ONE_LINE.fullmatch(result.stderr)
    assert f"{path}: not valid JSON at line " in result.stderr and "truncated" in result.stderr


def test_endgame_position_with_hands_by_seat_is_read(tmp_path: Path) -> None:
    puzzles = json.loads(seeds()[2])
    position = puzzles[0]["position"]
    hands = position["hands"]
    position["hands"] = {str(seat): cards for seat, cards in enumerate(hands)}  # as solve reads them
    path = tmp_path / "puzzles.json"
    path.write_text(json.dumps(puzzles), encoding="utf-8")
    assert run_cleanly(path, ["check"]).exit_code == 0
    shown = run_cleanly(path, ["play"]).stdout
    deck = stich.game(position["game"], len(hands)).deck  # the cards as the game writes them
    assert f"  South  {deck.shown_text(' '.join(hands[2]))}" in shown


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda pos: pos.update(leader=1), "this one has 4 seats and seat 1 to move"),
        (lambda pos: (pos["hands"].pop(), pos.pop("teams")), "this one has 3 seats"),
    ],
)
def test_endgame_position_not_south_to_move_at_a_table_of_four_is_refused(
    tmp_path: Path, change: Any, expected: str
) -> None:
    puzzles = json.loads(seeds()[2])
    change(puzzles[0]["position"])
    path = tmp_path / "puzzles.json"
    path.write_text(json.dumps(puzzles), encoding="utf-8")
    result = run_cleanly(path, ["check"])
    assert result.exit_code == 1 and expected in result.stderr
