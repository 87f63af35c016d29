"""The ``stich`` command line: a thin shell over the packages' typed functions."""

from __future__ import annotations

import typer

from stich.cli import analyze, check, deduce, demo, games_cmd, hint, import_cmd, simulate, solve

__all__ = ["app", "main"]

app = typer.Typer(
    name="stich",
    help="Solver and deduction assistant for trick-taking card games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.command("games")(games_cmd.games_cli)
app.command("simulate")(simulate.simulate_cli)
app.command("check")(check.check_cli)
app.command("deduce")(deduce.deduce_cli)
app.command("solve")(solve.solve_cli)
app.command("hint")(hint.hint_cli)
app.command("analyze")(analyze.analyze_cli)
app.command("demo")(demo.demo_cli)
app.command("import")(import_cmd.import_cli)


def main() -> None:
    """Entry point of the ``stich`` console script."""
    app()
