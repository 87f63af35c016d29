"""The double-dummy table of a position: every trump (or none) × every leader, as DDS tabulates bridge."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from games.errors import StichError
from solvers.position import Position
from solvers.solver import Solver

__all__ = ["TableCell", "trick_table"]


@dataclass(frozen=True)
class TableCell:
    """Tricks the leader's side takes with ``trump`` (a suit letter, or None for no trump)."""

    trump: str | None
    leader: int
    side: tuple[int, ...]
    tricks: int
    nodes: int


def trick_table(position: Position, progress: Callable[[int, int], None] | None = None) -> list[TableCell]:
    """Like a DDS table: for each trump suit and no trump, for each seat on lead, the tricks the
    leader's side takes (the position's teams; by default the leader against the others).
    ``progress(done, total)`` is called after each cell."""
    game = position.rules_game
    if not game.table_trumps:
        raise StichError(f"--table needs a game whose trump is a free choice of suit, not {game.id}")
    if position.trick:
        raise StichError("--table needs a position at the start of a trick (trick: [])")
    if position.objective.type != "tricks" or position.objective.seat is not None:
        raise StichError('--table counts tricks: use objective {"type": "tricks"} without a seat')
    cells: list[TableCell] = []
    total = len(game.table_trumps) * len(position.playing)
    for trump in game.table_trumps:
        # One solver per side: the leaders of a side share its transposition table.
        solvers: dict[tuple[int, ...], Solver] = {}
        found: dict[tuple[int, ...], int] = {}  # the last value for each side: a guess for the next
        context = game.parse_play_context({**position.context.to_json(), "trump": trump}, position.hands)
        for leader in position.playing:
            cell = replace(position, leader=leader, context=context)
            side = cell.side()
            solver = solvers.get(side)
            if solver is None or not solver.reuse_for(cell):
                solver = solvers[side] = Solver(cell)
            before = solver.nodes
            left = cell.tricks_left()
            guess = found.get(side)
            if guess is None and found:
                guess = left - next(iter(found.values()))
            tricks = solver.value(guess)
            found[side] = tricks
            cells.append(TableCell(trump, leader, side, tricks, solver.nodes - before))
            if progress is not None:
                progress(len(cells), total)
    return cells
