"""``stich analyze``: a recorded round decision by decision — the choice made, the best with every
card known, what it cost, and what the seat could know then."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table

from stich.cli._common import (
    AT_HELP,
    AsciiOpt,
    at_events,
    card_text,
    fail,
    print_json,
    use_symbols,
    user_errors,
    whole_number,
)

if TYPE_CHECKING:
    from stich.games.record import Record
    from stich.hints.analysis import Analysis

__all__ = ["ANALYZE_JOBS", "analyze_cli", "print_analysis"]

ANALYZE_JOBS = min(2, os.cpu_count() or 1)
"""Decisions analysed side by side by default (``--jobs``): two where there are two cores. Each
decision keeps its own thinking time, so on two free cores a round takes half the time (on a
busy machine less is gained: 1.2 times faster on the shared 2-core machine, docs/advice.md)."""

VERDICTS = {
    "best": "best",
    "forced": "forced",
    "lucky": "lucky: best with these cards, though your view favoured another",
    "unlucky": "unlucky: best given what you knew, the cards lay wrong",
    "mistake": "mistake: your own view already favoured another choice",
    "advised": "as advised",
    "differs": "differs from the advice",
}


def analyze_cli(
    record_path: Annotated[
        Path,
        typer.Argument(
            metavar="RECORD",
            help="A stich-round/1 record (omniscient, or seen from one seat), a whole game or a stich live "
            "journal (stich-match/1, with --round N), or - for standard input.",
        ),
    ],
    seat: Annotated[
        list[str] | None,
        typer.Option(
            "--seat", "-s", help="Analyse this seat's decisions (number or name; repeatable). Default: all."
        ),
    ] = None,
    seconds: Annotated[
        float | None,
        typer.Option(
            "--time",
            "-t",
            help="Thinking time per decision on average, in seconds (0.1 unless given): the round's "
            "time is split among the decisions by what is at stake in each.",
        ),
    ] = None,
    worlds: Annotated[
        int | None,
        typer.Option("--worlds", help="Exactly this many sampled worlds per decision (not --time)."),
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Random seed of the sampled worlds.")] = None,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs", "-j", min=1, help="Analyse this many decisions side by side in worker processes."
        ),
    ] = ANALYZE_JOBS,
    html: Annotated[
        Path | None, typer.Option("--html", help="Also write a self-contained HTML report to this file.")
    ] = None,
    round_number: Annotated[
        int | None,
        typer.Option(
            "--round",
            "-r",
            metavar="N",
            parser=whole_number,
            help="Of a whole game or a stich live journal: analyse round N (1 is the first).",
        ),
    ] = None,
    at: Annotated[int | None, typer.Option("--at", metavar="N", parser=whole_number, help=AT_HELP)] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    ascii_only: AsciiOpt = False,
) -> None:
    """Analyse a recorded round decision by decision: mistakes, what they cost, what was known.

    For each decision the double-dummy value of every choice with all hands known, the
    verdict (best, lucky, unlucky, mistake) and the advice from the seat's own view. A
    round seen from one seat (a stich live journal's) is that seat's decisions, valued in
    the deal the round showed; cards never shown are drawn at random, and it says so.
    """
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from stich.games.base import seat_index
    from stich.hints.analysis import analyze, default_budget_of

    if html is not None and not html.resolve().parent.is_dir():
        # Said before the analysis, not after it.
        raise fail(f"{html}: cannot write it (no folder {html.resolve().parent})")
    with user_errors():
        with user_errors(record_path):  # what the file holds: its errors name it
            record = at_events(round_of(record_path, round_number), at)
            seats = None if not seat else [seat_index(s, record.players) for s in seat]
        budget = default_budget_of(seconds, worlds, seed)
        console = Console(stderr=True)
        # On a terminal, a bar on stderr (a 13-card round takes seconds); nothing on a pipe.
        bar = Progress(
            TextColumn("analysing"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("events, {task.description}"),
            TimeElapsedColumn(),
            console=console,
            transient=True,
            disable=not console.is_terminal,
        )
        with bar as progress:
            task = progress.add_task("", total=len(record.events))

            def step(done: int, total: int) -> None:
                who = record.events[done].get("seat") if done < total else None
                doing = (
                    f"{record.players[who]}'s decision at event {done}"
                    if isinstance(who, int) and 0 <= who < len(record.players)
                    else f"event {done}"
                )
                progress.update(task, completed=done, total=total, description=doing)
                progress.refresh()  # each decision named at least once, however fast it goes

            with user_errors(record_path):  # a record the rules or its views refuse
                analysis = analyze(record, seats, budget, progress=step, jobs=jobs)
        if html is not None:
            from stich.hints.report import write_html

            write_html(analysis, html)
            typer.echo(f"wrote {html}", err=True)
    if json_out:
        print_json(analysis.to_json())
    else:
        print_analysis(analysis, use_symbols(ascii_only))


def round_of(path: Path, number: int | None) -> Record:
    """The round to analyse: a round record as it is, or round ``number`` (1 first) of a whole game
    or a `stich live` journal; a `StichError` naming the file and the rounds it has otherwise."""
    from stich.games.errors import StichError
    from stich.games.match import Match, load_round_or_match

    found = load_round_or_match(path)
    if not isinstance(found, Match):
        if number is not None and number != 1:
            raise StichError(f"--round {number}: {path} is one round (stich-round/1); --round is for a game")
        return found
    count = len(found.rounds)
    if count == 0:
        raise StichError(f"{path}: the game has no round yet")
    if number is None:
        if count == 1:
            return found.rounds[0]
        raise StichError(f"{path} holds a game of {count} rounds: give --round N (1 to {count})")
    if not 1 <= number <= count:
        raise StichError(
            f"--round {number}: {path} holds {count} round{'' if count == 1 else 's'} (1 to {count})"
        )
    return found.rounds[number - 1]


def print_analysis(analysis: Analysis, symbols: bool = True) -> None:
    """The decisions as a table, the summary, and when each seat first knew the secret; cards as
    the game writes them (``K♣``), or as records write them (``KC``) without ``symbols``."""
    from stich.games.registry import find

    console = Console(markup=False, highlight=False, emoji=False)  # names are text, not markup
    record = analysis.record
    names = record.players
    game = find(record.game)
    deck = game(len(names), record.options).deck
    table = Table(title=f"{game.title}: decisions", box=None, padding=(0, 2), title_justify="left")
    table.add_column("event", justify="right")
    table.add_column("player")
    table.add_column("decision")
    table.add_column("chosen")
    table.add_column("verdict")
    table.add_column("cost", justify="right", no_wrap=True)
    table.add_column("best with every card known")
    for review in analysis.reviews:
        if review.verdict == "forced":
            continue
        cost = review.cost_text()  # in the value's own units, as the advice writes that value
        best = " ".join(review.best[:4]) + (" ..." if len(review.best) > 4 else "")
        table.add_row(
            str(review.event),
            names[review.seat],
            review.decision,
            card_text(review.label, deck, symbols),
            review.verdict,
            cost,
            card_text(best, deck, symbols),
        )
    console.print(table)
    for seat in analysis.seats:
        console.print(f"{names[seat]}: {analysis.summary_text(seat)}")
    for verdict in ("lucky", "unlucky", "mistake"):
        if any(r.verdict == verdict for r in analysis.reviews):
            console.print(f"  {VERDICTS[verdict]}")
    if analysis.unvalued_note():
        console.print(analysis.unvalued_note())
    if analysis.thinking is not None:
        console.print(analysis.thinking.text())
    if analysis.view is not None:
        console.print(analysis.view_note())
    if analysis.secrets:
        known = analysis.first_known()
        for seat, event in known.items():
            when = "never" if event is None else ("from the start" if event == 0 else f"after event {event}")
            console.print(f"{names[seat]} knew the secret {when}")
