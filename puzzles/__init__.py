"""Puzzles with exactly one answer, every clue needed, and a grade a person can trust.

Trump puzzles (Was sticht?) and case puzzles (Stich für Stich) give clues from which
exactly one secret follows; endgame puzzles (every game) show all hands and ask for
the one first card that reaches an objective. `generate` makes checked batches from
a seed, `verify` re-checks any puzzle (uniqueness by two independent evaluators,
minimality, the grade), `explanation` works the solution out again, and the
technique-ordered solver of `puzzles.grading` grades and explains. Files are read
and written by `load_puzzles` / `dumps`; `markdown` and `html_sheet` render them.
See ``docs/puzzles.md``.
"""

from stich.puzzles.files import dumps, load_puzzles, parse_puzzles, puzzle_json
from stich.puzzles.generate import DEFAULT_BUDGET, Batch, default_kind, explanation, generate, verify
from stich.puzzles.grading import Trace, solve_like_a_person
from stich.puzzles.model import (
    GRADES,
    KINDS,
    DeductionPuzzle,
    EndgamePuzzle,
    FalseGuess,
    Grade,
    Kind,
    Puzzle,
    Step,
    TrickClue,
    Verdict,
)
from stich.puzzles.play import HELP, PlaySession, Reply
from stich.puzzles.render import answer_text, html_sheet, markdown, question_text, shown_text, step_lines

__all__ = [
    "DEFAULT_BUDGET",
    "GRADES",
    "HELP",
    "KINDS",
    "Batch",
    "DeductionPuzzle",
    "EndgamePuzzle",
    "FalseGuess",
    "Grade",
    "Kind",
    "PlaySession",
    "Puzzle",
    "Reply",
    "Step",
    "Trace",
    "TrickClue",
    "Verdict",
    "answer_text",
    "default_kind",
    "dumps",
    "explanation",
    "generate",
    "html_sheet",
    "load_puzzles",
    "markdown",
    "parse_puzzles",
    "puzzle_json",
    "question_text",
    "shown_text",
    "solve_like_a_person",
    "step_lines",
    "verify",
]
