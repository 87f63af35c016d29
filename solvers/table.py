"""The double-dummy table of a French-deck position: every trump (or none) × every leader."""

from __future__ import annotations

from dataclasses import dataclass, replace

from games.cards import FRENCH_SUITS
from games.errors import StichError
from solvers.position import Position
from solvers.search import Solver

__all__ = ["TableCell", "trick_table"]


@dataclass(frozen=True)
class TableCell:
    """Tricks the leader's side takes with ``trump`` (a suit letter, or None for no trump)."""

    trump: str | None
    leader: int
    side: tuple[int, ...]
    tricks: int
    nodes: int


def trick_table(position: Position) -> list[TableCell]:
    """Like a DDS table: for each trump suit and no trump, for each seat on lead, the tricks the
    leader's side takes (the position's teams; by default the leader against the others)."""
    if position.game != "stiche-raten":
        raise StichError("--table needs a French-deck position (game stiche-raten)")
    if position.trick:
        raise StichError("--table needs a position at the start of a trick (trick: [])")
    if position.objective.type != "tricks" or position.objective.seat is not None:
        raise StichError('--table counts tricks: use objective {"type": "tricks"} without a seat')
    cells = []
    for trump in (*range(4), None):
        # One solver per side: the leaders of a side share its transposition table.
        solvers: dict[tuple[int, ...], Solver] = {}
        found: dict[tuple[int, ...], int] = {}  # the last value for each side: a guess for the next
        letter = None if trump is None else FRENCH_SUITS[trump]
        context = {**position.context, "trump": trump, "json": {"trump": letter}}
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
            cells.append(TableCell(letter, leader, side, tricks, solver.nodes - before))
    return cells
