"""``stich demo``: example rounds of each game, with what a player sees at a few decisions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

from stich.cli._common import card_text, use_symbols, user_errors

if TYPE_CHECKING:
    from stich.hints.demo import DemoGame
    from stich.hints.session import Deduction

__all__ = ["demo_cli", "print_demo"]


def demo_cli(
    games: Annotated[
        list[str] | None, typer.Argument(metavar="[GAME]...", help="Games to show (default: all five).")
    ] = None,
    worlds: Annotated[int, typer.Option("--worlds", help="Sampled worlds per advice.")] = 24,
) -> None:
    """Example rounds of each game: what one seat deduces and the advice at a few decisions."""
    from stich.games.registry import find
    from stich.hints.demo import demo

    with user_errors():
        ids = None if not games else [find(g).id for g in games]
        shown = demo(ids, worlds=worlds)
    for game in shown:
        print_demo(game)


def _deduction_lines(deduction: Deduction, names: tuple[str, ...]) -> list[str]:
    lines = []
    if deduction.posterior is not None and deduction.space is not None:
        secrets = deduction.secrets()
        listed = ", ".join(text for text, _ in secrets[:6]) + (" ..." if len(secrets) > 6 else "")
        lines.append(
            f"{len(secrets)} of {deduction.space.size} {deduction.space.each_name} still possible: {listed}"
        )
    for place in deduction.places:
        if place.seat is None:
            continue
        voids = f" — void in {', '.join(place.voids)}" if place.voids else ""
        if voids or place.certain:
            certain = f", certainly holds {' '.join(place.certain)}" if place.certain else ""
            lines.append(f"{place.name} holds {place.size} cards{voids}{certain}")
    if deduction.conflict is not None:
        lines.append(f"contradiction: {deduction.conflict.message}")
    return lines


def print_demo(game: DemoGame) -> None:
    """One example: its headline, then each stop's deduction and advice."""
    from stich.cli.hint import print_advice

    console = Console()
    symbols = use_symbols(False)  # cards as the game writes them where the terminal takes them
    console.rule(f"[bold]{game.title}[/bold]")
    console.print(game.about)
    for stop in game.stops:
        console.print()
        events = "event" if stop.event == 1 else "events"
        console.print(f"[bold]after {stop.event} {events}[/bold] ({stop.phase}):")
        for line in _deduction_lines(stop.deduction, game.players):
            console.print(card_text(f"  {line}", game.deck, symbols))
        print_advice(stop.advice, list(game.players), deck=game.deck, symbols=symbols)
    console.print()
