"""The puzzle docs: the examples are what their commands make, and the file format's schema is the code's."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from stich.cli import app
from stich.puzzles import dumps, generate
from stich.puzzles.files import PUZZLE_FILE_SCHEMA

DOCS = Path(__file__).resolve().parents[2] / "docs"
EXAMPLE = re.compile(r"`stich (puzzle new [^`]*)`\n\n(.*?)(?=\n#{2,4} |\Z)", re.S)


def as_docs(md: str) -> str:
    """The Markdown of ``--format md`` as docs/puzzles.md shows it: headings taken out."""
    questions, answers = md.split("\n# Answers\n")
    questions = re.sub(r"\A# Puzzles\n\n## 1\. [^\n]*\n\n", "", questions)
    answers = re.sub(r"\A\n## 1\. ([^\n]*)\n", r"\nAnswer: **\1**\n", answers)
    return (questions.rstrip() + "\n" + answers).rstrip() + "\n"


def examples() -> list[tuple[str, str]]:
    return [
        (m.group(1), m.group(2)) for m in EXAMPLE.finditer((DOCS / "puzzles.md").read_text(encoding="utf-8"))
    ]


def test_the_docs_show_one_puzzle_of_each_kind_and_grade() -> None:
    commands = [command for command, _ in examples()]
    grades = [re.sub(r".*--grade (\w+).*", r"\1", command) for command in commands]
    assert grades == ["easy", "medium", "hard", "expert"] * 3
    assert all(c.startswith("puzzle new was-sticht --grade") for c in commands[:4])
    assert all(c.startswith("puzzle new stich-fuer-stich --grade") for c in commands[4:8])
    assert all("was-sticht --grade" not in c and "stich-fuer-stich" not in c for c in commands[8:])


@pytest.mark.parametrize(("command", "shown"), examples(), ids=[c for c, _ in examples()])
def test_each_example_is_what_its_command_makes(command: str, shown: str) -> None:
    result = CliRunner().invoke(app, command.split())
    assert result.exit_code == 0, result.output
    made = as_docs(result.stdout)
    if "Endgame" in result.stdout.split("\n", 3)[2]:
        # The puzzle and its answer are fixed by the double-dummy values; the lines of play in the
        # explanation are one best line each, which a change of the solver's move order may vary.
        made, shown = (text.split("\n1. ")[0] for text in (made, shown))
    assert made.strip() == shown.strip()


def test_the_schema_in_the_docs_is_the_schema_in_code() -> None:
    text = (DOCS / "format.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- puzzle-schema -->\s*```json\n(.*?)```", text, re.S)
    assert block is not None, "docs/format.md has no puzzle schema block"
    assert json.loads(block.group(1)) == json.loads(json.dumps(PUZZLE_FILE_SCHEMA))


def test_puzzle_files_of_every_kind_keep_the_schema() -> None:
    puzzles = [
        *generate("was-sticht", "trump", "medium", count=2, seed=1).puzzles,
        *generate("stich-fuer-stich", "case", "hard", count=2, seed=1).puzzles,
        *generate("24", "endgame", "easy", count=1, seed=1).puzzles,
    ]
    jsonschema.validate(json.loads(dumps(puzzles)), PUZZLE_FILE_SCHEMA)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate([{"kind": "trump", "grade": "easy", "clues": []}], PUZZLE_FILE_SCHEMA)
