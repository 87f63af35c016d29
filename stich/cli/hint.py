"""``stich hint``: advice for the next decision of a seat, with its reason and how sure it is."""

from __future__ import annotations

import math
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from stich.cli._common import (
    AT_HELP,
    AsciiOpt,
    at_events,
    card_text,
    print_json,
    process_began,
    thinking,
    use_symbols,
    user_errors,
    whole_number,
)

if TYPE_CHECKING:
    from rich.console import Console

    from stich.games.cards import Deck

__all__ = ["HINT_MARGIN", "PROCESS_MARGIN", "hint_cli", "print_advice"]

HINT_MARGIN = 0.2
"""With ``--time T``, the advice is done at most T + this many seconds after the command began
(its own imports, the record read, the valuation prepared, the first world included): with the
start-up before it (about 0.2 s) and the report after it, the command returns within T + 0.5 s
on an idle machine. Past it, a first world still unsolved is given up (the heuristic's choice)."""

PROCESS_MARGIN = 0.4
"""With ``--time T``, the advice is also done at most T + this many seconds after the process
began (`process_began`: the interpreter's start-up and the imports before the command too),
leaving a tenth of a second for the report and the exit. On an idle machine this is the same
instant as `HINT_MARGIN`'s; on a busy one, where the start-up alone takes several times its CPU
time, the advice gets the rest of T + 0.4 s, and fewer worlds, rather than all of T."""


def hint_cli(
    record_path: Annotated[
        Path,
        typer.Argument(
            metavar="RECORD",
            help="A stich-round/1 record file, a whole game (stich-match/1: advice in its last round), "
            "or - for standard input.",
        ),
    ],
    seat: Annotated[
        str | None,
        typer.Option(
            "--seat",
            "-s",
            help="Advise this seat (number or name); default: the view, or the seat to move.",
        ),
    ] = None,
    seconds: Annotated[float, typer.Option("--time", "-t", help="Thinking time in seconds.")] = 2.0,
    worlds: Annotated[
        int | None,
        typer.Option("--worlds", help="Look at exactly this many worlds (not --time)."),
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Random seed of the sampled worlds.")] = None,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", min=1, help="Solve worlds in this many processes side by side.")
    ] = 1,
    at: Annotated[int | None, typer.Option("--at", metavar="N", parser=whole_number, help=AT_HELP)] = None,
    objective: Annotated[
        str,
        typer.Option(
            "--objective",
            help="Rank bids by the round's expected points (points) or the chance to win the game "
            "(win: needs a whole game's record, stich-match/1).",
        ),
    ] = "points",
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    ascii_only: AsciiOpt = False,
) -> None:
    """Advice for the next decision: the best action, the alternatives, and why.

    Every alternative with its figures and standard error, the sampled worlds looked at,
    and a reason a player understands (docs/advice.md).
    """
    entered = time.monotonic()
    from stich.games.errors import StichError
    from stich.games.match import Match, load_round_or_match
    from stich.hints.advice import Budget, advise, for_record
    from stich.hints.session import Session
    from stich.hints.standings import OBJECTIVE_WIN_NEEDS, Standings, standings_of_match

    with user_errors():
        if objective not in ("points", "win"):
            raise StichError(f"--objective {objective!r}: give points or win")
        standings: Standings | None = None
        with user_errors(record_path):  # what the file holds: its errors name it
            found = load_round_or_match(record_path)
            if isinstance(found, Match):
                standings = standings_of_match(found, required=objective == "win")
                found = found.rounds[-1]
            record = at_events(found, at)
            if seat is None and record.view is None:
                # An omniscient record: advise the seat to move, from its own view. The seat is found
                # by the rules' replay, cheaper than a seat's session; a record the rules refuse is
                # refused by seat 0's session as before.
                from stich.games.record import replay

                outcome = replay(record)
                mover = outcome.round.to_move() if outcome.ok else None
                session = Session.from_record(record, 0 if mover is None else mover, strict=True)
            else:
                session = Session.from_record(record, seat, strict=True)
        if objective == "win" and standings is None:
            raise StichError(OBJECTIVE_WIN_NEEDS)
        session.standings = standings
        session.objective = "win" if objective == "win" else "points"
        until = None if worlds is not None else entered + seconds + HINT_MARGIN
        began = process_began()
        if until is not None and began is not None:
            until = min(until, began + seconds + PROCESS_MARGIN)
        budget = Budget(seconds=seconds, worlds=worlds, seed=seed, jobs=jobs, until=until)
        with thinking(f"thinking ({worlds} worlds)" if worlds else f"thinking ({seconds:g} s)"):
            advice = advise(session, budget)
        advice = for_record(advice, record)  # an action the record accepts (a 24 exchange's draw)
    if json_out:
        print_json(advice.to_json())
    else:
        print_advice(advice, session.names, deck=session.round.deck, symbols=use_symbols(ascii_only))


def print_advice(
    advice: object,
    names: list[str],
    console: Console | None = None,
    deck: Deck | None = None,
    symbols: bool | None = None,
) -> None:
    """The advice as a player reads it: who decides what, the alternatives best first, the reason.

    With the round's ``deck``, card names are coloured as the cards are and shown with suit
    symbols (``symbols``; by default where the terminal takes them).
    """
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from stich.hints import figures
    from stich.hints.advice import Advice, worlds_text

    assert isinstance(advice, Advice)
    # Names are text, not markup.
    console = console or Console(markup=False, highlight=False, emoji=False)
    if symbols is None:
        symbols = use_symbols(False)
    looked = f"{worlds_text(advice.worlds)} in {advice.seconds:.1f} s" if advice.worlds else advice.method
    console.print(Text.assemble((names[advice.seat], "bold"), f" to {advice.decision}: {looked}"))
    table = Table(box=None, padding=(0, 2))
    table.add_column("")
    table.add_column("choice")
    # A value read the other way round (24's) is shown as the player reads it (hints.figures.read).
    turned = figures.TURNED.get(advice.value_name)
    table.add_column(f"{turned} (lower is better)" if turned else advice.value_name, justify="right")
    figure_names = advice.table_figures()
    for name in figure_names:
        table.add_column(name.replace("_", " "), justify="right")
    for i, alt in enumerate(advice.alternatives[:12]):
        mark = "→" if i == 0 else ""
        if not math.isfinite(alt.value):
            shown = "–"  # nothing was solved: the choice has no figure
        else:
            # Written as the reason writes it (hints.figures: one way per kind of figure).
            value = figures.read(advice.value_name, alt.value)
            shown = figures.shown_signed(advice.kind, value) if turned else figures.shown(advice.kind, value)
            shown += f" ± {figures.shown_error(advice.kind, alt.stderr)}" if alt.stderr else ""
        cells = [_figure(name, alt.figures.get(name)) for name in figure_names]
        table.add_row(mark, card_text(alt.label, deck, symbols), shown, *cells)
    console.print(table)
    more = len(advice.alternatives) - 12
    if more > 0:
        console.print(f"  ... and {more} more")
    if not math.isfinite(advice.best.value):
        console.print(card_text(advice.reason, deck, symbols))
        return
    sure = "clearly best" if advice.separated else "not clearly ahead of the next choice"
    console.print(card_text(f"{advice.reason} ({sure})", deck, symbols))


def _figure(name: str, value: float | None) -> str:
    from stich.hints import figures

    return "" if value is None else figures.shown(figures.figure_kind(name), value)
