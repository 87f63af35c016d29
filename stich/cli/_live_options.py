"""What ``stich live`` and ``stich serve`` share: the options of a live game and how it is opened.

Both follow one whole game at a real table (`hints.live.LiveGame`), the one on a terminal,
the other as a web page; they take the same game, players, journal and advice options,
declared once here (`typing.Annotated` aliases, so each command's signature names them).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from stich.cli._common import parse_options
from stich.games.errors import StichError

if TYPE_CHECKING:
    from stich.hints.live import LiveGame
    from stich.hints.session import Objective

__all__ = [
    "AdviseOpt",
    "DealerOpt",
    "GameArg",
    "JournalOpt",
    "MeOpt",
    "ObjectiveOpt",
    "OptionOpt",
    "PlayersOpt",
    "ResumeOpt",
    "TimeOpt",
    "WorldsOpt",
    "objective_of",
    "open_live",
]

GameArg = Annotated[
    str | None, typer.Argument(help="Game id, e.g. stiche-raten (see `stich games`); not with --resume.")
]
PlayersOpt = Annotated[
    str | None, typer.Option("--players", "-p", help="The players' names in seat order, comma-separated.")
]
MeOpt = Annotated[str | None, typer.Option("--me", help="Your name among the players.")]
DealerOpt = Annotated[
    str | None, typer.Option("--dealer", help="Who deals the first round (default: the game's).")
]
OptionOpt = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="Game option key=value, repeatable.")
]
JournalOpt = Annotated[
    Path | None,
    typer.Option("--journal", "-j", help="The journal file (default: stich-live-DATE-TIME.json here)."),
]
ResumeOpt = Annotated[Path | None, typer.Option("--resume", help="Go on with the game of this journal.")]
TimeOpt = Annotated[float, typer.Option("--time", "-t", help="Thinking time for advice, in seconds.")]
WorldsOpt = Annotated[
    int | None, typer.Option("--worlds", help="Advice over exactly this many worlds (not --time).")
]
ObjectiveOpt = Annotated[
    str,
    typer.Option(
        "--objective",
        help="Rank bids and cards by the round's expected points (points) or the chance to win the "
        "game (win: where the game's scores give one; else by points).",
    ),
]
AdviseOpt = Annotated[
    bool, typer.Option("--advice/--no-advice", help="Advise at your decisions (hint asks anyway).")
]


def objective_of(text: str) -> Objective:
    """The ``--objective`` given: points or win."""
    if text not in ("points", "win"):
        raise StichError(f"--objective {text!r}: give points or win")
    return "win" if text == "win" else "points"


def open_live(
    game: str | None,
    players: str | None,
    me: str | None,
    dealer: str | None,
    option: list[str] | None,
    journal: Path | None,
    resume: Path | None,
) -> LiveGame:
    """The live game the options name: the journal ``resume`` goes on with, or a new game (its
    journal ``journal``, by default a new file named by the date and time here)."""
    from stich.hints.live import LiveGame

    if resume is not None:
        if game is not None or players is not None:
            raise StichError("--resume takes the game and the players from the journal: give neither")
        return LiveGame.resume(resume)
    if game is None or players is None or me is None:
        raise StichError("give the game, --players and --me (or --resume JOURNAL)")
    path = journal or Path(f"stich-live-{datetime.now():%Y%m%d-%H%M%S}.json")
    if path.exists():
        raise StichError(f"{path} already exists: --resume it, or choose another --journal")
    return LiveGame.new(game, players.split(","), me, dealer, parse_options(option), path)
