"""The command line's start-up: option values read without pydantic are the values (and the
refusals) typer's own reading gives, for every parameter of every command; a command loads its
own module alone, and none loads pydantic."""

from __future__ import annotations

import ast
import json
import math
import os
import pty
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer._click import Context
from typer._coercion import build_runtime_param
from typer.core import _TyperParameter
from typer.testing import CliRunner

from stich.cli import COMMANDS, app
from stich.cli._common import process_began
from stich.cli._params import PlainParam, read_plainly
from stich.games.record import simulate

TEXTS = [
    "0",
    "1",
    "-3",
    "+2",
    "007",
    " 3",
    "3 ",
    "1_000",
    "3.0",
    "3.5",
    "1e3",
    "1E-3",
    "",
    "x",
    "inf",
    "-inf",
    "nan",
    "1e400",
    "0.1",
    ".5",
    "1.",
    "-0",
    "٣",
    "0x10",
    "9" * 18,
    "9" * 19,
    "9" * 40,
    "1" + "0" * 30 + ".5",
    "-",
    "a/b",
    "/tmp",
    "/nonexistent/round.json",
    "Anna",
    "stiche-raten",
    "key=value",
    "65535",
    "65536",
]


def _parameters() -> list[tuple[str, Any, Any]]:
    """(where, the command, a parameter typer made) for every parameter of every command."""
    group: Any = typer.main.get_command(app)
    ctx = Context(group, help_option_names=["-h", "--help"])
    found: list[tuple[str, Any, Any]] = []

    def walk(path: str, command: Any) -> None:
        for param in [*command.params, command.get_help_option(ctx)]:
            if isinstance(param, _TyperParameter):
                found.append((f"{path} {param.name}", command, param))
        for name, sub in (getattr(command, "commands", None) or {}).items():
            walk(f"{path} {name}", sub)

    for name in COMMANDS:
        walk(name, group.get_command(ctx, name))
    return found


def _outcome(reading: Any, value: Any, param: Any, ctx: Any) -> tuple[str, str]:
    """What a reading makes of ``value``: the value's type and repr, or the refusal's type and words."""
    try:
        got = reading.coerce(value, param=param, ctx=ctx)
    except Exception as exc:  # the refusal is what is compared
        return type(exc).__name__, str(getattr(exc, "message", exc))
    if isinstance(got, float) and math.isnan(got):
        return "float", "nan"
    return type(got).__name__, repr(got)


PARAMETERS = _parameters()


@pytest.mark.parametrize(("where", "command", "param"), PARAMETERS, ids=[p[0] for p in PARAMETERS])
def test_plain_reading_gives_typers_value_or_refusal(where: str, command: Any, param: Any) -> None:
    descriptor = param.type_descriptor
    plain = PlainParam(
        parameter_info=descriptor.parameter_info, annotation=descriptor.annotation, descriptor=descriptor
    )
    typers = build_runtime_param(descriptor)
    ctx = Context(command)
    many = param.multiple or param.nargs == -1
    values: list[Any] = [param.default, None]
    values += [(t,) for t in TEXTS] + [("a", "b"), (), TEXTS[0]] if many else TEXTS
    plainly = 0
    for value in values:
        assert _outcome(plain, value, param, ctx) == _outcome(typers, value, param, ctx), (where, value)
        try:
            read_plainly(descriptor, value, param, ctx)
            plainly += 1
        except Exception:  # deferred to typer's reading, or refused
            pass
    # The plain reading is not typer's in disguise: it reads most values itself (a flag's are
    # read by click before either).
    assert plainly or descriptor.annotation is bool, where


def test_commands_read_their_options_plainly() -> None:
    """Every parameter of the commands is read by `PlainParam` once its command is loaded (so a
    typer whose parameters changed their make-up shows here, not as a slower start)."""
    kinds = {type(param._runtime_param).__name__ for _, _, param in PARAMETERS}
    assert kinds == {"PlainParam"}


def _loaded_by(*args: str) -> tuple[set[str], str]:
    """The modules of the command line (``stich.cli.x``) and of pydantic a fresh ``stich ARGS``
    loads, and what it printed."""
    script = (
        "import sys\n"
        f"sys.argv = ['stich', *{list(args)!r}]\n"
        "from stich.cli import main\n"
        "try:\n    main()\nexcept SystemExit as exc:\n    assert not exc.code, exc.code\n"
        "print(sorted(m for m in sys.modules if m.startswith(('stich.cli.', 'pydantic'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    *shown, last = done.stdout.rstrip("\n").splitlines()
    return set(ast.literal_eval(last)), "\n".join(shown)


def test_a_command_loads_its_own_module_alone_and_no_pydantic() -> None:
    loaded, shown = _loaded_by("games")
    assert "stiche-raten" in shown
    assert _commands(loaded) == {"stich.cli.games_cmd"}
    assert not any(name.startswith("pydantic") for name in loaded)
    loaded, shown = _loaded_by("--version")
    assert shown.startswith("stich ")
    assert _commands(loaded) == set()
    assert not any(name.startswith("pydantic") for name in loaded)


def _commands(modules: set[str]) -> set[str]:
    return {m for m in modules if m.startswith("stich.cli.") and not m.rpartition(".")[2].startswith("_")}


def test_help_lists_every_command() -> None:
    loaded, shown = _loaded_by("--help")
    for name in COMMANDS:
        assert f" {name} " in shown, name
    assert not any(name.startswith("pydantic") for name in loaded)


def test_hint_shows_its_spinner_on_a_terminal_alone(tmp_path: Path) -> None:
    """The spinner (and so rich) is left out only where rich would draw nothing: on a terminal
    it is there as before."""
    record = tmp_path / "round.json"
    record.write_text(simulate("stiche-raten", 4, 1, {"first_round": 3}).dumps(), encoding="utf-8")
    command = [sys.executable, "-c", "from stich.cli import main; main()", "hint", str(record), "--at", "0"]
    command += ["--worlds", "2", "--seed", "1", "--json"]
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    leader, follower = pty.openpty()
    try:
        done = subprocess.run(command, stdout=subprocess.PIPE, stderr=follower, env=env, timeout=120)
    finally:
        os.close(follower)
    drawn = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the terminal's other end is closed: all is read
            break
        if not chunk:
            break
        drawn += chunk
    os.close(leader)
    assert done.returncode == 0
    assert b"thinking (2 worlds)" in drawn
    piped = subprocess.run(command, capture_output=True, env=env, timeout=120)
    assert piped.returncode == 0
    assert piped.stderr == b""
    assert json.loads(done.stdout)["action"] == json.loads(piped.stdout)["action"]


def test_the_process_start_is_noted_by_the_command_line_alone() -> None:
    """`stich.cli.main` notes when its process began (before the interpreter's start-up): not
    before the process was launched (the clock's ticks are a hundredth of a second), not after
    the command line started; a command run in a program's process notes nothing."""
    script = (
        "import time\n"
        "from stich.cli._common import mark_process_began, process_began\n"
        "assert process_began() is None\n"
        "now = time.monotonic()\n"
        "mark_process_began()\n"
        "print(process_began(), now)\n"
    )
    launched = time.monotonic()
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    began, now = map(float, done.stdout.split())
    assert launched - 0.05 <= began <= now
    assert process_began() is None  # this test's process never ran `main`


def test_hint_with_time_is_done_by_the_process_start_plus_t_and_margin(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """With ``--time T``, the advice's instant is T + `PROCESS_MARGIN` after the process began
    where that is earlier than T + `HINT_MARGIN` after the command did (a slow start-up)."""
    from stich.cli import hint
    from stich.hints import advice as advice_module
    from stich.hints.advice import Advice, Budget
    from stich.hints.session import Session

    record = tmp_path / "round.json"
    record.write_text(simulate("stiche-raten", 4, 1, {"first_round": 2}).dumps(), encoding="utf-8")
    handed: list[Budget] = []
    real = advice_module.advise

    def spy(session: Session, budget: Budget | None = None) -> Advice:
        assert budget is not None
        handed.append(budget)
        return real(session, replace(budget, until=None, worlds=1))

    monkeypatch.setattr(advice_module, "advise", spy)
    began = time.monotonic() - 3.0  # the process began three seconds before the command
    monkeypatch.setattr(hint, "process_began", lambda: began)
    result = CliRunner().invoke(app, ["hint", str(record), "--at", "0", "--time", "0.3", "--json"])
    assert result.exit_code == 0, result.output
    assert handed[-1].until == pytest.approx(began + 0.3 + hint.PROCESS_MARGIN)
    monkeypatch.setattr(hint, "process_began", lambda: None)  # not known: from the command alone
    before = time.monotonic()
    result = CliRunner().invoke(app, ["hint", str(record), "--at", "0", "--time", "0.3", "--json"])
    assert result.exit_code == 0, result.output
    until = handed[-1].until
    assert until is not None and until >= before + 0.3 + hint.HINT_MARGIN
