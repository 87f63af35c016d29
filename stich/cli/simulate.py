"""``stich simulate``: a round of random legal play, printed as a record."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from games.errors import StichError
from games.match import play_match
from games.record import simulate
from stich.cli._common import parse_options, user_errors


def simulate_cli(
    game: Annotated[str, typer.Argument(help="Game id, e.g. stiche-raten (see `stich games`).")],
    players: Annotated[int, typer.Option("--players", "-n", help="Number of players.")] = 4,
    seed: Annotated[
        int | None, typer.Option("--seed", "-s", help="Random seed (same seed, same round).")
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option key=value, repeatable.")
    ] = None,
    dealer: Annotated[
        int | None, typer.Option("--dealer", help="Dealer seat (default: the last seat).")
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="Write the record to this file (never overwrites).")
    ] = None,
    whole: Annotated[
        bool, typer.Option("--match", help="Play a whole game to its end (a stich-match/1 document).")
    ] = False,
    json_out: Annotated[bool, typer.Option("--json", help="Print the record as JSON (the default).")] = False,
) -> None:
    """Play a random legal round and print it as a stich-round/1 record."""
    with user_errors():
        if whole:
            text = json.dumps(play_match(game, players, seed, parse_options(option)).to_json()) + "\n"
        else:
            text = simulate(game, players, seed, parse_options(option), dealer).dumps()
        if out is not None:
            if out.exists():
                raise StichError(f"{out} already exists; choose another name")
            out.write_text(text, encoding="utf-8")
            typer.echo(f"wrote {out}", err=True)
        else:
            typer.echo(text, nl=False)
