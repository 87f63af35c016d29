"""The double-dummy table of a position: every trump (or none) × every leader, as DDS tabulates bridge.

For a bridge-shaped position (French deck, four seats, partnerships ``[[0, 2], [1, 3]]``)
`declarer_table` turns the cells into the table every bridge program shows: the tricks of
each declarer N, S, E, W in each strain NT, S, H, D, C, the declarer's left-hand opponent on
lead (DDS's ``CalcDDtable``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from stich.games.errors import StichError
from stich.solvers.position import ObjectiveKind, Position
from stich.solvers.solver import Solver

__all__ = ["BRIDGE_SEATS", "BRIDGE_STRAINS", "TableCell", "declarer_table", "is_bridge", "trick_table"]

BRIDGE_SEATS = "NSEW"  # declarers in the order bridge programs list them (seat letters of "NESW")
BRIDGE_STRAINS = ("NT", "S", "H", "D", "C")


@dataclass(frozen=True)
class TableCell:
    """Tricks the leader's side takes with ``trump`` (a suit letter, or None for no trump)."""

    trump: str | None
    leader: int
    side: tuple[int, ...]
    tricks: int
    nodes: int


def trick_table(
    position: Position, progress: Callable[[int, int], None] | None = None, jobs: int = 1
) -> list[TableCell]:
    """Like a DDS table: for each trump suit and no trump, for each seat on lead, the tricks the
    leader's side takes (the position's teams; by default the leader against the others).
    ``progress(done, total)`` is called after each cell (with ``jobs`` > 1: after each trump).

    ``jobs`` > 1 solves that many trumps at a time in forked worker processes; each trump's
    cells are solved as with one job (same tables, same guesses), so the cells are the same."""
    game = position.rules_game
    if not game.table_trumps:
        raise StichError(f"--table needs a game whose trump is a free choice of suit, not {game.id}")
    if position.trick:
        raise StichError("--table needs a position at the start of a trick (trick: [])")
    if position.objective.type is not ObjectiveKind.TRICKS or position.objective.seat is not None:
        raise StichError('--table counts tricks: use objective {"type": "tricks"} without a seat')
    if jobs < 1:
        raise StichError(f"--jobs must be at least 1, got {jobs}")
    cells: list[TableCell] = []
    trumps = list(game.table_trumps)
    total = len(trumps) * len(position.playing)
    import multiprocessing  # here, not at the top: the solver's importers need none

    if jobs > 1 and "fork" in multiprocessing.get_all_start_methods():
        global _TABLE_POSITION
        _TABLE_POSITION = position  # inherited by the forked workers
        with multiprocessing.get_context("fork").Pool(min(jobs, len(trumps))) as pool:
            for strain in pool.imap(_strain_in_worker, trumps):
                cells.extend(strain)
                if progress is not None:
                    progress(len(cells), total)
        return cells
    for trump in trumps:
        for cell in _strain(position, trump):
            cells.append(cell)
            if progress is not None:
                progress(len(cells), total)
    return cells


_TABLE_POSITION: Position | None = None
"""The position a forked table worker tabulates."""


def _strain_in_worker(trump: str | None) -> list[TableCell]:
    assert _TABLE_POSITION is not None
    return list(_strain(_TABLE_POSITION, trump))


def _strain(position: Position, trump: str | None) -> Iterator[TableCell]:
    """The cells of one trump (or no trump), leader by leader."""
    # Leaders share a solver and its table where `Solver.reuse_for` allows: the seats of a
    # team, and both teams when two teams share the tricks (as DDS's table calculation does).
    solvers: list[Solver] = []
    found: dict[tuple[int, ...], int] = {}  # the last value for each side: a guess for the next
    context = position.rules_game.parse_play_context(
        {**position.context.to_json(), "trump": trump}, position.hands
    )
    for leader in position.playing:
        cell = replace(position, leader=leader, context=context)
        side = cell.side()
        solver = next((kept for kept in solvers if kept.reuse_for(cell)), None)
        if solver is None:
            solver = Solver(cell)
            solvers.append(solver)
        before = solver.nodes
        left = cell.tricks_left()
        guess = found.get(side)
        if guess is None and found:
            guess = left - next(iter(found.values()))
        tricks = solver.value(guess)
        found[side] = tricks
        yield TableCell(trump, leader, side, tricks, solver.nodes - before)


def is_bridge(position: Position) -> bool:
    """Whether the position is a bridge deal: French deck, four seats, partnerships N-S and E-W."""
    return position.rules_game.seat_labels(position.teams) == "NESW"


def declarer_table(position: Position, cells: list[TableCell]) -> dict[str, dict[str, int]]:
    """The bridge table of `trick_table`'s cells: declarer (``N S E W``) → strain (``NT S H D C``) →
    the declarer's side's tricks of those left, the seat after the declarer leading."""
    if not is_bridge(position):
        raise StichError("a declarer table needs a bridge deal: four seats in partnerships [[0,2],[1,3]]")
    left = position.tricks_left()
    by_cell = {(c.trump or "NT", c.leader): c.tricks for c in cells}
    return {
        seat: {strain: left - by_cell[(strain, ("NESW".index(seat) + 1) % 4)] for strain in BRIDGE_STRAINS}
        for seat in BRIDGE_SEATS
    }
