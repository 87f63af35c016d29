"""`games.schema.fits`, which vouches for a record without importing jsonschema, agrees with
jsonschema (strict integers) on every record the games make and on thousands of damaged ones."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from typing import Any

from stich.games.match import MATCH_SCHEMA
from stich.games.record import _VALIDATOR, RECORD_SCHEMA, simulate
from stich.games.registry import GAME_IDS
from stich.games.schema import fits
from stich.games.views import seat_view

REPLACEMENTS: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    1,
    -1,
    1.0,
    2.5,
    "",
    "x",
    "AS",
    [],
    ["AS"],
    [1],
    {},
    {"a": 1},
)


def _records() -> list[dict[str, Any]]:
    found = []
    for game in GAME_IDS:
        for seed in (1, 2):
            record = simulate(game, 4, seed)
            found.append(record.to_json())
            found.append(seat_view(record, seed % 4).to_json())
    return json.loads(json.dumps(found))  # as a file gives them


def _places(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside ``data``."""
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _places(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += _places(value, (*path, i))
    return found


def _damaged(data: dict[str, Any], rng: random.Random) -> Any:
    """``data`` with one value replaced, one key removed, or one key added somewhere."""
    copied = copy.deepcopy(data)
    path = rng.choice(_places(copied)[1:])
    parent = copied
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    action = rng.random()
    if action < 0.6:
        parent[last] = rng.choice(REPLACEMENTS)
    elif action < 0.8 and isinstance(parent, dict):
        del parent[last]
    elif isinstance(parent, dict):
        key = rng.choice(["play", "bid", "seat", "extra", "trump", "exchange", "7", "x"])
        parent[key] = rng.choice(REPLACEMENTS)
    else:
        parent.append(rng.choice(REPLACEMENTS))
    return copied


def test_fits_vouches_for_every_record_the_games_make() -> None:
    for data in _records():
        assert fits(RECORD_SCHEMA, data) is True
        assert _VALIDATOR.error(data) is None


def test_fits_agrees_with_jsonschema_on_damaged_records() -> None:
    import jsonschema

    from stich.games.schema import _strict

    full = _strict()(RECORD_SCHEMA)
    rng = random.Random(4)
    records = _records()
    verdicts = {True: 0, False: 0}
    for _ in range(4000):
        data = _damaged(rng.choice(records), rng)
        fine = next(iter(full.iter_errors(data)), None) is None
        assert fits(RECORD_SCHEMA, data) is fine, data
        verdicts[fine] += 1
        assert isinstance(jsonschema.ValidationError, type)
    assert verdicts[True] > 400 and verdicts[False] > 1000


def test_a_schema_with_other_keywords_is_left_to_jsonschema() -> None:
    assert fits({"type": "string", "pattern": "^A"}, "B") is None
    assert fits({"type": "object", "properties": {"round": {"$ref": "record"}}}, {"round": {}}) is None
    # What it reads before an unread keyword can still decide.
    assert fits({"type": "object", "properties": {"round": {"$ref": "record"}}}, []) is False
    assert fits(MATCH_SCHEMA, {"format": "stich-match/1"}) is False  # no rounds: jsonschema words it


def test_reading_a_good_record_does_not_import_jsonschema(tmp_path: Any) -> None:
    path = tmp_path / "round.json"
    path.write_text(simulate("wizard", 4, 1).dumps())
    script = (
        "import sys\nfrom stich.games.record import load_record\n"
        f"load_record({str(path)!r})\nprint('jsonschema' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
    path.write_text(json.dumps({**simulate("wizard", 4, 1).to_json(), "dealer": -1}))
    script = script.replace(
        "load_record(", "from stich.games.errors import StichError\ntry:\n    load_record("
    )
    script = script.replace(")\nprint(", ")\nexcept StichError as exc:\n    print(exc)\nprint(")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == [f"{path}: dealer: -1 is less than the minimum of 0", "True"]
