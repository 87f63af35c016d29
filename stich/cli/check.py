"""``stich check``: replay a record by the rules."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from games.record import check_report, load_record
from stich.cli._common import fail, print_json, user_errors


def check_cli(
    record_path: Annotated[
        Path, typer.Argument(metavar="RECORD", help="A stich-round/1 record file, or - for standard input.")
    ],
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Replay a record; print its tricks, winners and result, or the first event the rules forbid."""
    with user_errors():
        record = load_record(record_path)
        report = check_report(record)
    if json_out:
        print_json(report)
        if not report["ok"]:
            raise typer.Exit(1)
        return
    if "tricks" not in report:  # the record's start could not be set up
        raise fail(f"{record_path}: {report['error']}")
    print_report(report, record.players)
    if not report["ok"]:
        raise fail(f"{record_path}: {report['error']}")


def print_report(report: dict[str, Any], players: list[str]) -> None:
    """The tricks and the result as a table."""
    console = Console()
    if report.get("columns"):
        print_columns(console, report, players)
    table = Table(title=f"{report['game']}: {len(report['tricks'])} tricks", box=None, padding=(0, 2))
    table.add_column("#", justify="right")
    table.add_column("led by")
    table.add_column("cards")
    table.add_column("winner")
    for i, trick in enumerate(report["tricks"], 1):
        seats = trick.get("seats") or [
            (trick["leader"] + k) % len(players) for k in range(len(trick["cards"]))
        ]
        cards = "  ".join(f"{players[s]}:{c}" for s, c in zip(seats, trick["cards"], strict=True))
        table.add_row(str(i), players[trick["leader"]], cards, players[trick["winner"]])
    console.print(table)
    result = report["result"]
    status = "complete" if report["complete"] else f"incomplete (phase {report['phase']})"
    console.print(f"round {status}")
    for key, values in result.items():
        if isinstance(values, list) and len(values) == len(players):
            shown = ", ".join(f"{players[s]} {v}" for s, v in enumerate(values))
            console.print(f"{key}: {shown}")
        elif isinstance(values, dict) and values and all(isinstance(k, int) for k in values):
            console.print(f"{key}: " + ", ".join(f"{players[s]} {v}" for s, v in values.items()))
        elif values not in (None, {}, []):
            console.print(f"{key}: {values}")


def print_columns(console: Console, report: dict[str, Any], players: list[str]) -> None:
    """Was sticht?: the draft columns in pick order and the dealer's announcements."""
    table = Table(title="draft", box=None, padding=(0, 2))
    table.add_column("column", justify="right")
    table.add_column("picks")
    table.add_column("announced")

    def who(seat: int | str) -> str:
        return "Table" if seat == "table" else players[int(seat)]

    for col in report["columns"]:
        picks = "  ".join(f"{who(s)}:{c}" for s, c in zip(col["seats"], col["cards"], strict=True))
        table.add_row(str(col["column"]), picks, who(col["announced"]))
    console.print(table)
    secret = report.get("secret")
    if secret is not None:
        console.print(
            f"trumps: suit {secret['trump_suit'] or 'none'}, number {secret['trump_number'] or 'none'}"
        )
