"""Damaged input through the command line: every outcome is a result or one clean line.

Property-based (hypothesis). The seeds are simulated round records of every game (several
player counts and options; omniscient, as one seat saw them, and cut short), whole games
(``stich-match/1``) and solver positions of every game. Each example applies one to three
mutations: a key removed or added, a value replaced by one of another type (huge and
negative numbers, floats such as ``1.0``, unicode with lone surrogates, long text, nested
objects), a number or text nudged, events dropped, duplicated or reordered, the text
truncated or given a byte-order mark. The document then goes through one of ``check``,
``check --json``, ``deduce --json`` (also with ``--seat``), ``deduce --seat`` and
``solve --json``, in
process. Every outcome must be exit status 0 with nothing on stderr, or exit status 1
with exactly one ``stich: error:`` line on stderr; no other exception, and each command
done within `SECONDS`.

``STICH_FUZZ_EXAMPLES=20000 pytest tests/test_fuzz_cli.py`` runs more examples per test,
drawn afresh each run (the default run is derandomized, the same examples every time).
"""

from __future__ import annotations

import copy
import json
import os
import random
import re
import signal
import traceback
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from stich.cli import app
from stich.games import find
from stich.games.match import play_match, play_random_round
from stich.games.record import DEFAULT_NAMES, Record, simulate
from stich.games.views import seat_view

pytestmark = pytest.mark.slow  # hundreds of generated commands per test

SECONDS = 30  # a hang, not a slow run: the slowest command here takes well under a second
CUSTOM = int(os.environ.get("STICH_FUZZ_EXAMPLES", "0"))
FUZZ = settings(
    max_examples=CUSTOM or 400,
    deadline=None,  # time is bounded by `time_limit`, per command
    derandomize=not CUSTOM,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example],
)

runner = CliRunner()

# -- the seeds ---------------------------------------------------------------------------

RECORD_GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("stiche-raten", 3, {"first_round": 3}),
    ("stiche-raten", 4, {"first_round": 2, "blind_round": 1, "scoring": "strict"}),
    ("stiche-raten", 5, {"first_round": 2, "bidding": "simultaneous", "scoring": "minus"}),
    ("wizard", 3, {}),
    ("wizard", 4, {"edition": "original", "restriction": True}),
    ("24", 2, {}),
    ("24", 3, {"trump_chaos": True}),
    ("24", 4, {"dropping_out": True, "point_restrictions": True}),
    ("stich-fuer-stich", 3, {}),
    ("stich-fuer-stich", 4, {}),
    ("was-sticht", 3, {}),
    ("was-sticht", 4, {"table_card": False}),
]

# Small positions of every game (3 cards a hand, a trick under way), as users write them.
POSITIONS: list[dict[str, Any]] = [
    {
        "game": "stiche-raten",
        "options": {},
        "trump": "H",
        "leader": 0,
        "hands": [["4S", "KS"], ["JS", "AH"], ["4H", "7H"], ["7S", "JH", "5D"]],
        "trick": ["AD", "8H", "QC"],
        "teams": [[1], [0, 2, 3]],
        "objective": {"type": "tricks"},
    },
    {
        "game": "stiche-raten",
        "trump": None,
        "leader": 0,
        "teams": [[0, 2], [1, 3]],
        "hands": [["AS", "KH", "2C"], ["QS", "3H", "4C"], ["JS", "5H", "6C"], ["TS", "7H", "8C"]],
        "trick": [],
        "objective": {"type": "tricks"},
    },
    {
        "game": "wizard",
        "options": {"edition": "rulebook"},
        "trump": "S",
        "leader": 1,
        "hands": [["7D", "4C", "QC"], ["5S", "JS"], ["8S", "QD"]],
        "trick": ["4H", "9H"],
        "teams": [[1], [0, 2]],
        "objective": {"type": "tricks"},
    },
    {
        "game": "was-sticht",
        "options": {},
        "secret": {"trump_suit": "G", "trump_number": None},
        "leader": 3,
        "hands": [["G1", "G8"], ["G3", "Y1"], ["G5", "G6", "B6"], ["B3", "B7"]],
        "trick": ["R2", "R6", "R4"],
        "objective": {"type": "tricks", "seat": 1},
    },
    {
        "game": "stich-fuer-stich",
        "options": {},
        "secret": {"culprit": "hairdresser", "weapon": "spade"},
        "confidant": 0,
        "leader": 0,
        "hands": [["H12", "G2", "G7", "G12", "P3"], ["G1", "G3", "M6"], ["I1", "M5", "M9"]],
        "trick": ["H10"],
        "objective": {"type": "tricks", "seat": 2},
    },
    {
        "game": "24",
        "options": {"trump_chaos": False, "caller_penalty": True},
        "trump": "Y",
        "order": "normal",
        "blind": False,
        "caller": 2,
        "leader": 1,
        "hands": [["G3", "G10", "G11"], ["Y2", "G4"], ["Y10", "R4", "G1"]],
        "trick": ["Y9"],
        "next_order": "normal",
        "objective": {"type": "exact", "k": 0},
    },
    {
        "game": "24",
        "options": {"trump_chaos": True, "caller_penalty": False, "dropping_out": True},
        "trump": "Y",
        "order": "normal",
        "blind": True,
        "caller": 1,
        "dropped": [3],
        "leader": 0,
        "hands": [["Y10", "B8", "G9"], ["Y1", "Y7", "G3"], ["Y5", "G1", "G8"], []],
        "trick": [],
        "teams": [[3], [0, 1, 2]],
        "objective": {"type": "tricks"},
    },
]


@cache
def record_seeds() -> tuple[str, ...]:
    """Records of every game: omniscient, one seat's view, cut short; as JSON text (shared, never mutated)."""
    seeds: list[Record] = []
    for i, (game_id, players, options) in enumerate(RECORD_GAMES):
        record = simulate(game_id, players, i, options)
        view = seat_view(record, i % players)
        cut = view.events[: len(view.events) // 2]
        seeds += [record, view, replace(view, events=cut)]
    # Later rounds: Wizard with more cards, a turned wizard or jester perhaps.
    game: Any = find("wizard")(4, {})
    rng = random.Random(1)
    for cards in (3, 5):
        _, record = play_random_round(game, list(DEFAULT_NAMES[:4]), 0, game.deal(rng, 0, cards, cards), rng)
        seeds.append(record)
    texts = [json.dumps(record.to_json()) for record in seeds]
    texts.append(
        json.dumps(play_match("stiche-raten", 3, 1, {"first_round": 2, "sequence": "down"}).to_json())
    )
    texts.append(json.dumps(play_match("stich-fuer-stich", 3, 2).to_json()))
    return tuple(texts)


# -- mutations ---------------------------------------------------------------------------

KEYS = [
    "format", "game", "options", "players", "dealer", "view", "known", "events", "start", "seed",
    "hands", "cards", "round", "blind", "trump", "trump_card", "secret", "layout", "stock", "scores",
    "tasks", "chips", "bids", "order", "caller", "seat", "pick", "announce", "reveal", "task",
    "discard", "exchange", "receive", "drop", "bid", "play", "reverse", "winner", "guess", "answer",
    "solved", "rounds", "totals", "leader", "trick", "teams", "objective", "type", "k", "confidant",
    "dropped", "next_order", "next_trump", "won", "taken", "edition", "first_round", "sequence",
]  # fmt: skip
STRINGS = [
    "", " ", "Anna", "anna", "ANNA ", "Ben", "0", "1", "3", "-1", "²", "٣", "1.0", "\ud800", "\udfff",
    "x" * 300, "é", "🂡", "\u2028", "\n", "[bold]", "[/]", ":smile:", "none", "null", "table", "AS", "10S",
    "TS", "2H", "Z1", "N2", "24", "Y1", "R5", "B9", "I7", "P1", "gardener", "knife", "solved", "false",
    "reversed", "normal", "S", "H", "Y", "no-tricks", "exactly-2", "deal", "tricks", "stich-round/1",
    "stich-match/1", "was-sticht", "wizard", "stiche-raten", "tricks", "exact", "task", "points",
]  # fmt: skip
NUMBERS = [0, 1, -1, 2, 3, 7, 9, 13, 52, 60, 10**9, 2**31, 2**63, -(2**63), 10**30, -(10**30)]

leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.sampled_from(NUMBERS),
    st.integers(),
    st.sampled_from([0.0, 1.0, -1.0, 2.5, 1e308, -1e308, float("inf")]),
    st.floats(allow_nan=False),
    st.sampled_from(STRINGS),
    st.text(max_size=8),
)
keys = st.sampled_from(KEYS) | st.text(max_size=6)
json_values = st.recursive(
    leaves,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4),
    max_leaves=6,
)


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


def event_lists(doc: Any) -> list[tuple[Any, ...]]:
    return [p for p in places(doc) if p and p[-1] in ("events", "rounds") and isinstance(at(doc, p), list)]


def mutate(data: st.DataObject, doc: Any) -> Any:
    """One mutation of the parsed document; returns the new document."""
    paths = list(places(doc))
    kinds = ["remove", "add", "replace", "nudge", "events", "events", "swap", "swap", "swap"]
    kind = data.draw(st.sampled_from(kinds), label="mutation")
    if kind == "swap":
        # Two values of one type change places (a card for another, a seat for another):
        # the file stays well-formed, and the rules engine and the deducer get the work.
        kinds_of = {str: [], int: []}  # type: dict[type, list[tuple[Any, ...]]]
        for p in paths:
            value = at(doc, p)
            if p and type(value) in kinds_of:
                kinds_of[type(value)].append(p)
        pool = data.draw(st.sampled_from([kinds_of[str], kinds_of[int]]), label="of type")
        if len(pool) >= 2:
            one, other = data.draw(st.lists(st.sampled_from(pool), min_size=2, max_size=2), label="swap")
            a, b = at(doc, one), at(doc, other)
            at(doc, one[:-1])[one[-1]], at(doc, other[:-1])[other[-1]] = b, a
        return doc
    if kind == "events" and event_lists(doc):
        events = at(doc, data.draw(st.sampled_from(event_lists(doc)), label="list"))
        if events:
            i = data.draw(st.integers(0, len(events) - 1), label="event")
            j = data.draw(st.integers(0, len(events) - 1), label="other event")
            how = data.draw(
                st.sampled_from(["drop", "duplicate", "swap", "move to end", "reverse"]), label="how"
            )
            if how == "drop":
                del events[i]
            elif how == "duplicate":
                events.insert(j, copy.deepcopy(events[i]))
            elif how == "swap":
                events[i], events[j] = events[j], events[i]
            elif how == "move to end":
                events.append(events.pop(i))
            else:
                events.reverse()
        return doc
    if kind == "remove" and len(paths) > 1:
        path = data.draw(st.sampled_from(paths[1:]), label="remove at")
        del at(doc, path[:-1])[path[-1]]
        return doc
    if kind == "add":
        objects = [p for p in paths if isinstance(at(doc, p), dict)]
        if objects:
            target = at(doc, data.draw(st.sampled_from(objects), label="add to"))
            key = data.draw(keys, label="key")
            target[key] = data.draw(json_values, label="value")
            return doc
    path = data.draw(st.sampled_from(paths), label="replace at")
    old = at(doc, path)
    if kind == "nudge" and isinstance(old, int) and not isinstance(old, bool):
        new: Any = old + data.draw(st.sampled_from([-1, 1, -(10**6), 10**20]), label="by")
    elif kind == "nudge" and isinstance(old, str):
        new = data.draw(
            st.sampled_from([old.lower(), old.upper(), old + " ", old[:-1], old * 2]), label="text"
        )
    else:
        new = data.draw(json_values, label="value")
    if not path:
        return new
    at(doc, path[:-1])[path[-1]] = new
    return doc


def damaged(data: st.DataObject, seed_text: str) -> str:
    """The seed with one to three mutations, as the text of a file."""
    doc = json.loads(seed_text)
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        doc = mutate(data, doc)
    # ASCII with escapes (a lone surrogate as \\ud800, as JSON writes it) or UTF-8 text.
    text = json.dumps(doc, ensure_ascii=data.draw(st.booleans(), label="escaped"))
    ending = data.draw(st.sampled_from(["as is"] * 8 + ["truncate", "bom", "trailing"]), label="text")
    if ending == "truncate":
        text = text[: data.draw(st.integers(0, max(len(text) - 1, 0)), label="cut at")]
    elif ending == "bom":
        text = "\ufeff" + text
    elif ending == "trailing":
        text += data.draw(st.sampled_from([" ", "\n", "}", "x", "\x00"]), label="tail")
    return text


# -- the property --------------------------------------------------------------------------


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


ONE_LINE = re.compile(r"stich: error: [^\n]+\n")


def run_cleanly(path: Path, args: list[str]) -> Result:
    """Run ``stich ARGS`` on the file; fail unless it answers or refuses in one clean line."""
    with time_limit(SECONDS):
        result = runner.invoke(app, [args[0], str(path), *args[1:]])
    shown = f"stich {' '.join(args)} on {path.read_bytes()[:400]!r}"
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        trace = "".join(traceback.format_exception(result.exception))
        pytest.fail(f"{shown}\nraised {result.exception!r}\n{trace}")
    assert result.exit_code in (0, 1), f"{shown}: exit status {result.exit_code}\n{result.output}"
    if result.exit_code == 0:
        assert result.stderr == "", f"{shown}: exit 0 but stderr {result.stderr!r}"
    else:
        assert ONE_LINE.fullmatch(result.stderr), f"{shown}: stderr {result.stderr!r}"
    if "--json" in args and result.stdout:
        json.loads(result.stdout)
    return result


def outcome(result: Result) -> str:
    """How far the input got: accepted, refused by the rules at an event, or refused on reading."""
    if result.exit_code == 0:
        return "exit 0"
    if re.search(r"(^|: |round \d+: )event \d+: ", result.stderr) or "conflict" in result.stdout:
        return "exit 1 at an event (rules, deducer)"
    if re.search(r"known|option|start|seat|secret|objective|cards|trick|hands", result.stderr):
        return "exit 1 setting up the round or position"
    return "exit 1 reading the file"


SEATS = ["0", "1", "2", "Anna", "carla", "Ben ", "9", "-1", "²", "1.0", ""]
COMMANDS = [
    ["check"],
    ["check", "--json"],
    ["deduce", "--json"],
    ["deduce", "--json", "--seat"],
    ["deduce", "--seat"],
]


def any_of(data: st.DataObject, choices: Sequence[Any], label: str) -> Any:
    """One of ``choices``, uniformly (``sampled_from`` favours the first ones)."""
    return data.draw(st.randoms(use_true_random=False), label=label).choice(choices)


@FUZZ
@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
@given(data=st.data())
def test_damaged_records_and_games(
    tmp_path_factory: pytest.TempPathFactory, command: list[str], data: st.DataObject
) -> None:
    text = damaged(data, any_of(data, record_seeds(), "seed"))
    path = tmp_path_factory.getbasetemp() / "fuzz-record.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")  # raw surrogates: not UTF-8
    args = [*command, any_of(data, SEATS, "seat")] if command[-1] == "--seat" else command
    event(f"{' '.join(command)}: {outcome(run_cleanly(path, args))}")


@FUZZ
@given(data=st.data())
def test_damaged_positions(tmp_path_factory: pytest.TempPathFactory, data: st.DataObject) -> None:
    text = damaged(data, json.dumps(any_of(data, POSITIONS, "seed")))
    path = tmp_path_factory.getbasetemp() / "fuzz-position.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    event(f"solve --json: {outcome(run_cleanly(path, ['solve', '--json']))}")


def test_the_seeds_themselves_pass(tmp_path: Path) -> None:
    """Unmutated, every seed is accepted by its command (or refused for what it is, one line)."""
    path = tmp_path / "seed.json"
    for text in record_seeds():
        path.write_text(text, encoding="utf-8")
        assert run_cleanly(path, ["check", "--json"]).exit_code == 0
        run_cleanly(path, ["deduce", "--json"])
    for position in POSITIONS:
        path.write_text(json.dumps(position), encoding="utf-8")
        assert run_cleanly(path, ["solve", "--json"]).exit_code == 0
