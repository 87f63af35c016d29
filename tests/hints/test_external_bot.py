"""A bot from outside the project in the arena: ``--bots package.module:attribute``."""

from __future__ import annotations

import json
import random

from typer.testing import CliRunner

from stich.cli import app
from stich.games.base import Event
from stich.hints.play.bots import Bot, load_bot, parse_bot
from stich.hints.session import Session

runner = CliRunner()


class FirstLegal:
    """Always the first legal event: a bot a researcher might bring, with the documented protocol."""

    name = "first-legal"

    def __init__(self) -> None:
        self.calls = 0

    def act(self, session: Session, rng: random.Random) -> Event:
        self.calls += 1
        return session.legal()[0]


first_legal = FirstLegal()


class Nameless:
    def act(self, session: Session, rng: random.Random) -> Event:
        return session.legal()[0]


def test_external_bot_plays_in_the_arena() -> None:
    before = first_legal.calls
    args = ["arena", "stiche-raten", "--players", "3", "--rounds", "2", "--seed", "4", "-o", "first_round=3"]
    result = runner.invoke(
        app, [*args, "--bots", "tests.hints.test_external_bot:first_legal,heuristic,random"]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(
        runner.invoke(
            app, [*args, "--json", "--bots", "heuristic,tests.hints.test_external_bot:first_legal,random"]
        ).stdout
    )
    assert {bot["name"] for bot in report["bots"]} == {"first-legal", "heuristic", "random"}
    assert first_legal.calls > before  # its act() was asked, in this process


def test_external_bot_given_as_a_class_is_made_once() -> None:
    spec = parse_bot("tests.hints.test_external_bot:FirstLegal")
    assert spec.kind == "external" and spec.name == "first-legal"
    assert isinstance(load_bot("tests.hints.test_external_bot:FirstLegal"), Bot)
    assert load_bot("tests.hints.test_external_bot:FirstLegal") is load_bot(
        "tests.hints.test_external_bot:FirstLegal"
    )


def test_external_bot_that_cannot_be_loaded_is_refused_in_one_line() -> None:
    for target, words in [
        ("no_such_module_here:bot", "cannot import 'no_such_module_here'"),
        ("tests.hints.test_external_bot:missing", "has no 'missing'"),
        ("tests.hints.test_external_bot:Nameless", "not a bot"),
    ]:
        result = runner.invoke(
            app, ["arena", "stiche-raten", "--players", "2", "--rounds", "1", "--bots", f"{target},random"]
        )
        assert result.exit_code == 1
        assert result.stderr.count("\n") == 1 and words in result.stderr, result.stderr


def test_advisor_budget_in_other_digits_is_refused() -> None:
    result = runner.invoke(
        app, ["arena", "stiche-raten", "--players", "2", "--rounds", "1", "--bots", "advisor:²,random"]
    )
    assert result.exit_code == 1 and "budget" in result.stderr
