"""``stich simulate``: a round of random legal play, printed as a record; with ``--match`` a whole
game (`games.match.play_match`, each game's `Game.course`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from stich.cli._common import parse_options, user_errors, whole_number
from stich.games.errors import StichError
from stich.games.match import play_match
from stich.games.record import simulate


def simulate_cli(
    game: Annotated[
        str, typer.Argument(metavar="GAME", help="Game id, e.g. stiche-raten (see `stich games`).")
    ],
    players: Annotated[
        int, typer.Option("--players", "-p", parser=whole_number, help="Number of players.")
    ] = 4,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            "-s",
            parser=whole_number,
            help="Random seed (same seed, same round); without it one is drawn and stored in the record.",
        ),
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option key=value, repeatable.")
    ] = None,
    dealer: Annotated[
        int | None,
        typer.Option(
            "--dealer",
            parser=whole_number,
            help="Dealer seat (default: the last seat); with --match the first round's (default the game's).",
        ),
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="Write the record to this file (never overwrites).")
    ] = None,
    whole: Annotated[
        bool, typer.Option("--match", help="Play a whole game to its end (a stich-match/1 document).")
    ] = False,
    json_out: Annotated[bool, typer.Option("--json", help="Print the record as JSON (the default).")] = False,
    round_number: Annotated[
        int | None,
        typer.Option(
            "--round",
            parser=whole_number,
            help="Which round of the game's sequence to deal (Stiche-Raten, Wizard; default 1).",
        ),
    ] = None,
) -> None:
    """Play a random legal round and print it as a stich-round/1 record."""
    with user_errors():
        if whole:
            if round_number is not None:
                raise StichError("--round picks one round: not with --match")
            match = play_match(game, players, seed, parse_options(option), dealer)
            text = json.dumps(match.to_json()) + "\n"
        else:
            record = simulate(game, players, seed, parse_options(option), dealer, round_number=round_number)
            text = record.dumps()
        if out is not None:
            write_new(out, text)
            typer.echo(f"wrote {out}", err=True)
        else:
            typer.echo(text, nl=False)


def write_new(path: Path, text: str) -> None:
    """Write ``text`` to a file that must not exist yet; a `StichError` naming the path otherwise."""
    try:
        with path.open("x", encoding="utf-8") as file:
            file.write(text)
    except FileExistsError:
        raise StichError(f"{path} already exists; choose another name") from None
    except OSError as exc:
        raise StichError(f"{path}: cannot write it ({exc.strerror or exc})") from None
