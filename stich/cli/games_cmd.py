"""``stich games``: the games, their player counts and options."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from stich.cli._common import print_json
from stich.games import all_games


def games_cli(json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """List the games, their player counts and options."""
    facts = [game.describe() for game in all_games()]
    if json_out:
        print_json({"games": facts})
        return
    console = Console()
    for fact in facts:
        counts = fact["players"]
        console.print(f"[bold]{fact['id']}[/bold]  {fact['title']}  ({counts[0]}-{counts[-1]} players)")
        if fact["options"]:
            table = Table(show_header=True, box=None, padding=(0, 2))
            table.add_column("option")
            table.add_column("default")
            table.add_column("meaning")
            for option in fact["options"]:
                choices = f" ({' / '.join(map(str, option['choices']))})" if option["choices"] else ""
                table.add_row(option["name"], repr(option["default"]), option["help"] + choices)
            console.print(table)
        console.print()
