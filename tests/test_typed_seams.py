"""The seams between the packages stay typed.

An event is one of the typed records of `games.events` (a union of TypedDicts, one per kind),
not ``dict[str, Any]``; and at most `MOST_UNTYPED` functions of the packages return
``dict[str, Any]`` (counted from the source: a return annotation that holds ``dict[str, Any]``,
also inside ``list[...]``, ``tuple[...]`` or ``... | None``). A JSON shape or a result gets a
TypedDict or a dataclass; the functions that still return ``dict[str, Any]`` are listed when the
count goes over.
"""

from __future__ import annotations

import ast
import types
import typing
from pathlib import Path

from stich.games import events
from stich.games.base import Event
from tests.solvers.test_function_length import _sources

ROOT = Path(__file__).resolve().parents[1]
MOST_UNTYPED = 40


def untyped_returns(source: str) -> list[tuple[str, int]]:
    """(name, line) of every function in ``source`` whose return annotation holds ``dict[str, Any]``."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.returns is not None:
            annotation = ast.unparse(node.returns).replace(" ", "")
            if "dict[str,Any]" in annotation or "Dict[str,Any]" in annotation:
                out.append((node.name, node.lineno))
    return out


def test_untyped_returns_finds_plain_and_nested_annotations() -> None:
    source = (
        "def a() -> dict[str, Any]: ...\n"
        "def b() -> list[dict[str, Any]]: ...\n"
        "def c() -> tuple[int, dict[str, Any]] | None: ...\n"
        "def d() -> dict[str, int]: ...\n"
        "def e(x: dict[str, Any]) -> None: ...\n"
    )
    assert untyped_returns(source) == [("a", 1), ("b", 2), ("c", 3)]


def test_few_functions_return_untyped_dicts() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line} {name}"
        for path in _sources()
        for name, line in untyped_returns(path.read_text(encoding="utf-8"))
    ]
    assert len(found) <= MOST_UNTYPED, (
        f"{len(found)} functions return dict[str, Any] (at most {MOST_UNTYPED}): give the new ones a "
        "TypedDict or a dataclass\n" + "\n".join(found)
    )


def test_an_event_is_a_union_of_typed_records() -> None:
    assert Event != dict[str, typing.Any]
    assert typing.get_origin(Event) in (typing.Union, types.UnionType)
    kinds = typing.get_args(Event)
    assert len(kinds) == len(typing.get_args(events.EventKind))
    for kind in kinds:
        assert typing.is_typeddict(kind), kind
        assert "seat" in kind.__annotations__, kind


def test_the_kinds_are_the_record_schemas() -> None:
    from stich.games.record import RECORD_SCHEMA

    schema = RECORD_SCHEMA["properties"]["events"]["items"]
    named = {next(iter(choice["required"])) for choice in schema["oneOf"]}
    assert named == set(typing.get_args(events.EventKind))
    # Each kind's own key, and no key the schema does not know.
    declared = [set(kind.__annotations__) for kind in typing.get_args(Event)]
    assert all(any(key in keys for keys in declared) for key in named)
    assert set().union(*declared) == set(schema["properties"])
