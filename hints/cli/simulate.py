"""``stich simulate``: a round of random legal play, printed as a record."""

from __future__ import annotations

from pathlib import Path

import typer

from games.errors import StichError
from games.record import simulate
from hints.cli._common import parse_options, user_errors


def simulate_cli(
    game: str = typer.Argument(..., help="Game id, e.g. stiche-raten (see `stich games`)."),
    players: int = typer.Option(4, "--players", "-n", help="Number of players."),
    seed: int | None = typer.Option(None, "--seed", "-s", help="Random seed (same seed, same round)."),
    option: list[str] | None = typer.Option(None, "--option", "-o", help="Game option key=value, repeatable."),
    dealer: int | None = typer.Option(None, "--dealer", help="Dealer seat (default: the last seat)."),
    out: Path | None = typer.Option(None, "--out", help="Write the record to this file (never overwrites)."),
    json_out: bool = typer.Option(False, "--json", help="Print the record as one JSON document (the default)."),
) -> None:
    """Play a random legal round and print it as a stich-round/1 record."""
    with user_errors():
        record = simulate(game, players, seed, parse_options(option), dealer)
        text = record.dumps()
        if out is not None:
            if out.exists():
                raise StichError(f"{out} already exists; choose another name")
            out.write_text(text, encoding="utf-8")
            typer.echo(f"wrote {out}", err=True)
        else:
            typer.echo(text, nl=False)
