"""The ``stich`` command line: a thin shell over the packages' typed functions.

A command's module is imported only when that command runs (or its help is shown), so
that ``stich games`` does not load the solver or the deducer. A malformed command line
(a bad option value, a missing argument) is one ``stich: error:`` line, exit status 2,
as every other refusal is one line (exit status 1).
"""

from __future__ import annotations

import importlib
import io
import sys
from collections.abc import Sequence
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

import stich
from stich.cli._params import plain_value, plain_values

try:  # typer vendors click from 0.2x on
    from typer._click.exceptions import ClickException, NoArgsIsHelpError
except ImportError:  # pragma: no cover - an older typer on the click package
    # click itself may be installed or not (Ray, of the cluster extra, depends on it).
    from click.exceptions import (  # type: ignore[no-redef, import-not-found, assignment, unused-ignore]
        ClickException,
        NoArgsIsHelpError,
    )

__all__ = ["COMMANDS", "app", "main"]

# name -> (module, attribute): a command function, or a typer.Typer of subcommands.
COMMANDS: dict[str, tuple[str, str]] = {
    "games": ("stich.cli.games_cmd", "games_cli"),
    "simulate": ("stich.cli.simulate", "simulate_cli"),
    "check": ("stich.cli.check", "check_cli"),
    "deduce": ("stich.cli.deduce", "deduce_cli"),
    "solve": ("stich.cli.solve", "solve_cli"),
    "hint": ("stich.cli.hint", "hint_cli"),
    "analyze": ("stich.cli.analyze", "analyze_cli"),
    "demo": ("stich.cli.demo", "demo_cli"),
    "import": ("stich.cli.import_cmd", "import_cli"),
    "puzzle": ("stich.cli.puzzle", "app"),
    "live": ("stich.cli.live", "live_cli"),
    "serve": ("stich.cli.serve", "serve_cli"),
    "arena": ("stich.cli.arena", "arena_cli"),
}


class LazyCommands(TyperGroup):
    """The command group: `COMMANDS` built on first use; usage errors as one line."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._loaded: dict[str, Any] = {}

    def list_commands(self, ctx: Any) -> list[str]:
        return [*COMMANDS, *(name for name in super().list_commands(ctx) if name not in COMMANDS)]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in COMMANDS:
            return super().get_command(ctx, cmd_name)
        if cmd_name not in self._loaded:
            module, attribute = COMMANDS[cmd_name]
            found = getattr(importlib.import_module(module), attribute)
            if isinstance(found, typer.Typer):
                commands = found
            else:
                commands = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
                commands.command(cmd_name)(found)
            # Values read without pydantic where they are plain (stich.cli._params).
            self._loaded[cmd_name] = plain_values(typer.main.get_command(commands), ctx)
        return self._loaded[cmd_name]

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)
        plain_value(option)  # read without pydantic, as the commands' options are
        return option

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        """Run a command; in standalone mode a usage error is one ``stich: error:`` line."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        try:
            status = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except NoArgsIsHelpError as exc:  # `stich` alone: the help
            typer.echo(exc.format_message())
            sys.exit(0)
        except ClickException as exc:
            usage = getattr(exc, "ctx", None)
            where = f" (see {usage.command_path} -h)" if usage is not None else ""
            message = " ".join(exc.format_message().split()).rstrip(".")
            typer.echo(f"stich: error: {message}{where}", err=True)
            sys.exit(exc.exit_code)
        except typer.Abort:
            typer.echo("stich: error: aborted", err=True)
            sys.exit(1)
        sys.exit(status if isinstance(status, int) else 0)


app = typer.Typer(
    name="stich",
    cls=LazyCommands,
    help="Solver and deduction assistant for trick-taking card games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"stich {stich.__version__}")
        raise typer.Exit()


# The commands that search double-dummy (and so would run slowly without the compiled kernel);
# `stich puzzle` says so itself, for endgames only (trump and case puzzles never search).
SEARCHING = frozenset({"solve", "hint", "analyze", "demo", "live", "serve", "arena"})


@app.callback()
def _options(
    ctx: typer.Context,
    version: Annotated[
        bool,
        typer.Option("--version", help="Print the version and exit.", is_eager=True, callback=_print_version),
    ] = False,
) -> None:
    """Solver and deduction assistant for trick-taking card games."""
    if ctx.invoked_subcommand in SEARCHING and not ctx.resilient_parsing:
        from stich.cli._common import note_missing_kernel

        note_missing_kernel()


def main() -> None:
    """Entry point of the ``stich`` console script."""
    from stich.cli._common import mark_process_began

    mark_process_began()  # `stich hint --time T` counts T + 0.5 s from the process's start
    # A name the terminal cannot show is written escaped (as stderr does), not a traceback.
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="backslashreplace")
    app()
