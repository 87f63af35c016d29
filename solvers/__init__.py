"""Double-dummy search over the trick algebra, for every game.

``solve(parse_position(data))`` gives the value of a position with all hands known,
each legal move's value and a best line; `position_of(round)` takes the position
of a round in play; `Solver` answers single yes/no questions and keeps its
transposition table between them; `reference_solve` is the plain minimax the
search is tested against. See ``docs/solver.md``.
"""

from stich.solvers.objectives import Objective, make_objective
from stich.solvers.parse import load_position, parse_position, position_schema
from stich.solvers.position import ObjectiveKind, ObjectiveSpec, Position
from stich.solvers.reference import reference_solve
from stich.solvers.rounds import position_of, position_of_record
from stich.solvers.solver import Move, Solution, Solver, SolveTimeout, solve
from stich.solvers.table import TableCell, trick_table

__all__ = [
    "Move",
    "Objective",
    "ObjectiveKind",
    "ObjectiveSpec",
    "Position",
    "Solution",
    "SolveTimeout",
    "Solver",
    "TableCell",
    "load_position",
    "make_objective",
    "parse_position",
    "position_of",
    "position_of_record",
    "position_schema",
    "reference_solve",
    "solve",
    "trick_table",
]
