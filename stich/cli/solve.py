"""``stich solve``: the double-dummy value of a position, of each legal move, and a best line."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, NotRequired, TypedDict

import typer
from rich.console import Console
from rich.table import Table

from stich.cli._common import AT_HELP, at_events, print_json, user_errors, whole_number
from stich.games.errors import StichError
from stich.games.jsonfile import parse_json, read_json
from stich.solvers.position import Position

# The --table progress bar appears once the table takes longer than this (seconds).
PROGRESS_AFTER = 1.0


def solve_cli(
    source: Annotated[
        Path,
        typer.Argument(
            metavar="POSITION",
            help="A position JSON file (see docs/solver.md), a round record (stich-round/1) whose hands "
            "are all known, or - for standard input.",
        ),
    ],
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    table: Annotated[
        bool,
        typer.Option(
            "--table",
            help="Every trump × leader, like a DDS table (French-suited games); for a bridge deal the "
            "tricks of each declarer N S E W in NT S H D C.",
        ),
    ] = False,
    line: Annotated[bool, typer.Option("--line/--no-line", help="Also find a best line of play.")] = True,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs", "-j", help="With --table: solve this many trumps at a time in worker processes."
        ),
    ] = 1,
    objective: Annotated[
        str | None,
        typer.Option(
            "--objective",
            help="What the side plays for: a type (tricks, points) or JSON such as "
            '{"type": "exact", "k": 2}. Default: the position\'s; for a record, what the seat to move '
            "plays for (bid, task, points).",
        ),
    ] = None,
    at: Annotated[int | None, typer.Option("--at", metavar="N", parser=whole_number, help=AT_HELP)] = None,
) -> None:
    """Solve a position with all hands known: the value, each legal move's value, a best line.

    A round record is solved from the point where it stops.
    """
    from stich.solvers.solver import solve
    from stich.solvers.table import declarer_table, is_bridge

    with user_errors():
        # A table counts tricks: without --objective it needs no other objective.
        position, names = load_problem(
            source, objective if objective is not None or not table else "tricks", at
        )
        if table:
            cells = _table_with_progress(position, jobs)
        else:
            solution = solve(position, with_line=line)
    if table:
        if json_out:
            print_json(table_json(position, cells))
        elif is_bridge(position):
            print_bridge_table(position, declarer_table(position, cells), names)
        else:
            print_table(position, cells, names)
        return
    if json_out:
        print_json(solution_json(position, solution))
    else:
        print_solution(position, solution, names)


def load_problem(
    source: Path, objective: str | None, at: int | None = None
) -> tuple[Position, list[str] | None]:
    """The position of a position file, or of the point where a round record stops (with the
    players' names; a record's ``teams``, such as a bridge deal's, are the position's);
    ``objective`` (a type or JSON) replaces the default; ``at`` cuts a record to its first events
    (``--at N``)."""
    from stich.games.record import FORMAT, parse_record, record_teams, replay
    from stich.solvers.parse import parse_position
    from stich.solvers.rounds import position_of

    data = read_json(source, f"position {source}")
    spec = _objective_option(objective)
    if isinstance(data, dict) and data.get("format") == FORMAT:
        record = at_events(parse_record(data, str(source)), at)
        outcome = replay(record)
        if not outcome.ok:
            raise StichError(f"the record breaks the rules at {outcome.error}")
        position = position_of(outcome.round, objective=spec, teams=record_teams(record))
        return position, list(record.players)
    if at is not None:
        raise StichError(f"--at {at}: {source} is a position, not a round record with events")
    if spec is not None and isinstance(data, dict):
        data = {**data, "objective": spec}
    return parse_position(data), None


def _objective_option(text: str | None) -> dict[str, Any] | None:
    if text is None:
        return None
    if text.lstrip().startswith("{"):
        value = parse_json(text, "--objective")
        if not isinstance(value, dict):
            raise StichError(f"--objective must be an objective type or a JSON object, got {text!r}")
        return value
    return {"type": text.strip()}


def _table_with_progress(position: Position, jobs: int = 1) -> Any:
    """The trick table, with a progress bar on stderr once it takes longer than `PROGRESS_AFTER`."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from stich.solvers.table import trick_table

    console = Console(stderr=True)
    bar = Progress(
        TextColumn("tricks table"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=console.is_terminal,
    )
    cell = bar.add_task("table", total=None)
    lock = threading.Lock()
    shown = finished = False

    def show() -> None:
        nonlocal shown
        with lock:
            if not finished:
                bar.start()
                shown = True

    timer = threading.Timer(PROGRESS_AFTER, show)
    timer.daemon = True
    timer.start()
    try:
        return trick_table(
            position, progress=lambda done, total: bar.update(cell, completed=done, total=total), jobs=jobs
        )
    finally:
        timer.cancel()
        with lock:
            finished = True
            if shown:
                bar.stop()


# -- JSON -----------------------------------------------------------------------------------


class MoveJson(TypedDict):
    """A move: its card and the declaration it makes (24: ``reverse``, ``trump``)."""

    card: str
    reverse: NotRequired[bool]
    trump: NotRequired[str]


class ValuedMoveJson(MoveJson):
    value: Any


class LineMoveJson(TypedDict):
    seat: int
    card: str
    reverse: NotRequired[bool]
    trump: NotRequired[str]


class SolutionJson(TypedDict):
    """``stich solve --json`` (docs/format.md)."""

    value: Any
    side: list[int]
    goal: Any
    objective: Any
    to_move: int
    tricks_left: int
    moves: list[ValuedMoveJson]
    line: list[LineMoveJson]
    winners: list[int]
    position: dict[str, Any]
    nodes: int


class TableCellJson(TypedDict):
    trump: Any
    leader: int
    side: list[int]
    tricks: int


class TableJson(TypedDict):
    """``stich solve --table --json``."""

    table: list[TableCellJson]
    declarer: NotRequired[Any]


def move_json(position: Position, move: Any) -> MoveJson:
    """A move as JSON: the card and its declaration fields (24: ``reverse``, ``trump``)."""
    out: MoveJson = {"card": position.deck.name_of(move.card)}
    for key, value in move.declaration:
        if key == "reverse":
            out["reverse"] = value
        elif key == "trump":
            out["trump"] = value
        else:
            raise ValueError(f"a move declares no {key!r}")
    return out


def solution_json(position: Position, solution: Any) -> SolutionJson:
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
        "winners": list(solution.winners),
        "position": position.to_json(),
        "nodes": solution.nodes,
    }


def table_cell_json(cell: Any) -> TableCellJson:
    return {"trump": cell.trump, "leader": cell.leader, "side": list(cell.side), "tricks": cell.tricks}


def table_json(position: Position, cells: list[Any]) -> TableJson:
    """``stich solve --table --json``: the cells, and for a bridge deal the declarer table
    (``"declarer": {"N": {"NT": 9, "S": 8, ...}, "S": ..., "E": ..., "W": ...}``)."""
    from stich.solvers.table import declarer_table, is_bridge

    out: TableJson = {"table": [table_cell_json(c) for c in cells]}
    if is_bridge(position):
        out["declarer"] = declarer_table(position, cells)
    return out


# -- text -----------------------------------------------------------------------------------


def seat_namer(position: Position, names: list[str] | None) -> Callable[[int], str]:
    """Seats by player name (a record), by N E S W (a bridge-shaped position), else by number."""
    if names is not None:
        return names.__getitem__
    labels = position.rules_game.seat_labels(position.teams)
    if labels is not None:
        return labels.__getitem__
    return lambda seat: f"seat {seat}"


def _move_text(position: Position, move: Any) -> str:
    text = position.deck.name_of(move.card)
    for key, value in move.declaration:
        text += " (reverse)" if key == "reverse" else f" ({key} {value})"
    return text


def _together(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def objective_text(position: Position, name: Callable[[int], str]) -> str:
    """What the side plays for, as a player says it."""
    spec = position.objective
    side = _together([name(s) for s in position.side()])
    if spec.type == "exact":
        return (
            f"exactly {spec.k} trick{'s' if spec.k != 1 else ''} in the round for {side} (1 = made, 0 = not)"
        )
    if spec.type == "task":
        seat = spec.seat if spec.seat is not None else position.to_move
        text = f"{name(seat)} makes the task {spec.task}"
        if spec.owner is not None:
            text += f" while its owner {name(spec.owner)} fails it"
        return text + " (1 = made, 0 = not)"
    if spec.type == "points" and not position.rules_game.points_count_tricks:
        return f"the fewest {position.rules_game.points_name} for {side}"
    what = position.rules_game.points_name if spec.type == "points" else "tricks"
    return f"the most of the remaining {what} for {side}"


def value_text(position: Position, value: int, name: Callable[[int], str]) -> str:
    """The value in a sentence."""
    spec = position.objective
    side = _together([name(s) for s in position.side()])
    if spec.type in ("exact", "task"):
        return f"value {value}: {'made' if value else 'not made'} with best play by everyone"
    if spec.type == "points" and not position.rules_game.points_count_tricks:
        return f"value {value}: {position.rules_game.points_name} of {side} with best play by everyone"
    verb = "takes" if len(position.side()) == 1 else "take"
    return f"value {value}: {side} {verb} {value} of the {position.tricks_left()} tricks left"


def print_position(console: Console, position: Position, name: Callable[[int], str]) -> None:
    """The solved position: game, context, hands, who leads and the trick so far, the objective."""
    game = position.rules_game
    console.print(
        f"{game.title}, {position.players} players; {position.context.describe(name)}", highlight=False
    )
    for seat in range(position.players):
        if seat in position.context.dropped:
            cards = "(dropped out)"
        else:
            cards = " ".join(position.deck.names(position.hands[seat])) or "-"
        console.print(f"  {name(seat):<8} {cards}", highlight=False)
    if any(position.won):
        won = ", ".join(f"{name(s)} {position.won[s]}" for s in position.playing)
        console.print(f"tricks won so far: {won}", highlight=False)
    number = sum(position.won) + 1
    seats = position.trick_seats()
    trick = ", ".join(
        f"{name(s)} {position.deck.name_of(c)}" for s, c in zip(seats, position.trick, strict=False)
    )
    now = f"trick {number} so far: {trick}" if trick else f"{name(position.leader)} leads trick {number}"
    console.print(f"{now}; {position.tricks_left()} trick(s) to play", highlight=False)
    console.print(f"objective: {objective_text(position, name)}", highlight=False)


def print_solution(position: Position, solution: Any, names: list[str] | None = None) -> None:
    """The position, its value, the moves best first (the best marked), and the line trick by trick."""
    console = Console(markup=False, highlight=False, emoji=False)  # names are text, not markup
    name = seat_namer(position, names)
    print_position(console, position, name)
    console.print()
    console.print(value_text(position, solution.value, name), highlight=False)
    if solution.moves:
        best = (max if solution.goal == "max" else min)(v for _, v in solution.moves)
        ranked = sorted(solution.moves, key=lambda mv: -mv[1] if solution.goal == "max" else mv[1])
        moves = Table(
            title=f"{name(position.to_move)} to play", box=None, padding=(0, 2), title_justify="left"
        )
        moves.add_column("move")
        moves.add_column("value", justify="right")
        moves.add_column("")
        for move, value in ranked:
            moves.add_row(_move_text(position, move), str(value), "← best" if value == best else "")
        console.print(moves)
    if solution.line:
        console.print("best line:")
        for text in line_text(position, solution, name):
            console.print(f"  {text}", highlight=False)
    console.print(f"{solution.nodes} nodes", highlight=False)


def line_text(position: Position, solution: Any, name: Callable[[int], str]) -> list[str]:
    """The best line, one trick a line: its number in the round, the plays and who wins it."""
    per_trick = len(position.playing)
    first = per_trick - len(position.trick)
    number = sum(position.won) + 1
    out = []
    at = 0
    for i, winner in enumerate(solution.winners):
        size = first if i == 0 else per_trick
        plays = ", ".join(f"{name(s)} {_move_text(position, m)}" for s, m in solution.line[at : at + size])
        cont = "… " if i == 0 and position.trick else ""
        out.append(f"trick {number + i}: {cont}{plays} → {name(winner)}")
        at += size
    return out


def print_table(position: Position, cells: list[Any], names: list[str] | None = None) -> None:
    console = Console(markup=False, highlight=False, emoji=False)
    name = seat_namer(position, names)
    trumps = list(position.rules_game.table_trumps)
    table = Table(title="tricks for the leader's side", box=None, padding=(0, 2))
    table.add_column("leader")
    for trump in trumps:
        table.add_column(trump or "NT", justify="right")
    for leader in position.playing:
        by_trump = {c.trump: c.tricks for c in cells if c.leader == leader}
        table.add_row(name(leader), *(str(by_trump[t]) for t in trumps))
    console.print(table)


def print_bridge_table(
    position: Position, by_declarer: dict[str, dict[str, int]], names: list[str] | None
) -> None:
    """The bridge table: a row a declarer (N S E W, with the player's name), a column a strain."""
    from stich.solvers.table import BRIDGE_STRAINS

    console = Console(markup=False, highlight=False, emoji=False)
    table = Table(title="double-dummy tricks by declarer", box=None, padding=(0, 2), title_justify="left")
    table.add_column("declarer")
    for strain in BRIDGE_STRAINS:
        table.add_column(strain, justify="right")
    words = {"N": "north", "E": "east", "S": "south", "W": "west"}
    for seat, row in by_declarer.items():
        name = names["NESW".index(seat)] if names is not None else None
        label = f"{seat}  {name}" if name is not None and name.lower() != words[seat] else seat
        table.add_row(label, *(str(row[strain]) for strain in BRIDGE_STRAINS))
    console.print(table)
    console.print(
        f"the declaring side's tricks of {position.tricks_left()}, the declarer's left-hand opponent leading"
    )
