"""``stich solve``: the double-dummy value of a position, of each legal move, and a best line."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from solvers.parse import load_position
from solvers.position import Position
from solvers.solver import Move, Solution, solve
from solvers.table import TableCell, trick_table
from stich.cli._common import print_json, user_errors


def solve_cli(
    position_path: Annotated[
        Path,
        typer.Argument(
            metavar="POSITION", help="A position JSON file (see docs/solver.md), or - for standard input."
        ),
    ],
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    table: Annotated[
        bool, typer.Option("--table", help="French deck: every trump × leader, like a DDS table.")
    ] = False,
    line: Annotated[bool, typer.Option("--line/--no-line", help="Also find a best line of play.")] = True,
) -> None:
    """Solve a position with all hands known: the value, each legal move's value, a best line."""
    with user_errors():
        position = load_position(position_path)
        if table:
            cells = trick_table(position)
        else:
            solution = solve(position, with_line=line)
    if table:
        if json_out:
            print_json({"table": [table_cell_json(c) for c in cells]})
        else:
            print_table(position, cells)
        return
    if json_out:
        print_json(solution_json(position, solution))
    else:
        print_solution(position, solution)


def move_json(position: Position, move: Move) -> dict[str, Any]:
    """A move as JSON: the card and its declaration fields (24: ``reverse``, ``trump``)."""
    return {"card": position.deck.name_of(move.card), **dict(move.declaration)}


def solution_json(position: Position, solution: Solution) -> dict[str, Any]:
    """The stable JSON shape of ``stich solve --json``."""
    return {
        "value": solution.value,
        "side": list(solution.side),
        "goal": solution.goal,
        "objective": position.objective.to_json(),
        "to_move": position.to_move,
        "tricks_left": position.tricks_left(),
        "moves": [{**move_json(position, m), "value": v} for m, v in solution.moves],
        "line": [{"seat": seat, **move_json(position, m)} for seat, m in solution.line],
        "nodes": solution.nodes,
    }


def table_cell_json(cell: TableCell) -> dict[str, Any]:
    return {"trump": cell.trump, "leader": cell.leader, "side": list(cell.side), "tricks": cell.tricks}


def _seat(position: Position, seat: int) -> str:
    labels = position.rules_game.seat_labels(position.teams)
    return f"{seat} ({labels[seat]})" if labels else str(seat)


def print_solution(position: Position, solution: Solution) -> None:
    console = Console()
    what = {"tricks": "remaining tricks", "exact": "exact tricks (1 = made)", "task": "task (1 = made)"}
    kind = position.objective.type
    label = what.get(kind, position.rules_game.points_name)
    side = ", ".join(_seat(position, s) for s in solution.side)
    console.print(f"value {solution.value}: {label} for the side of seat(s) {side} ({solution.goal})")
    moves = Table(title=f"seat {_seat(position, position.to_move)} to play", box=None, padding=(0, 2))
    moves.add_column("move")
    moves.add_column("value", justify="right")
    for move, value in solution.moves:
        moves.add_row(_move_text(position, move), str(value))
    console.print(moves)
    if solution.line:
        plays = "  ".join(f"{_seat(position, s)}:{_move_text(position, m)}" for s, m in solution.line)
        console.print(f"best line: {plays}")
    console.print(f"{solution.nodes} nodes")


def _move_text(position: Position, move: Move) -> str:
    text = position.deck.name_of(move.card)
    for key, value in move.declaration:
        text += " reverse" if key == "reverse" else f" {key}={value}"
    return text


def print_table(position: Position, cells: list[TableCell]) -> None:
    console = Console()
    table = Table(title="tricks for the leader's side", box=None, padding=(0, 2))
    table.add_column("leader")
    for trump in ("S", "H", "D", "C", None):
        table.add_column(trump or "NT", justify="right")
    for leader in position.playing:
        row = [c for c in cells if c.leader == leader]
        by_trump = {c.trump: c.tricks for c in row}
        table.add_row(_seat(position, leader), *(str(by_trump[t]) for t in ("S", "H", "D", "C", None)))
    console.print(table)
