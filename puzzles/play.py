"""Solving a puzzle yourself: answers checked, and the solution's steps given one by one as hints.

`PlaySession` holds no terminal: `stich puzzle play` reads the lines and prints the
replies. An answer is written as players say it: ``red 2``, ``R2``, ``none 5``,
``red none`` (trumps); ``gardener knife`` or ``G knife`` (culprit and weapon); a
card, with ``reverse`` after a 24 ``1`` that reverses the order (endgames).

Only an answer that can be read counts as a try: an unreadable entry, and in an
endgame a card the player to move does not hold or may not play, is said so and
asked again (`Reply.correct` is None), and the tries stay as they were.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from stich.games.errors import StichError
from stich.games.registry import find
from stich.games.trick import legal_plays
from stich.puzzles.clues import clue_names, deducer_clues
from stich.puzzles.files import hypothesis_of
from stich.puzzles.model import DeductionPuzzle, EndgamePuzzle, Puzzle, kind_facts
from stich.puzzles.render import answer_text
from stich.puzzles.themes import SEATS

__all__ = ["HELP", "PlaySession", "Reply"]

HELP = "Enter your answer, 'hint' for the next step of the solution, 'show' for the puzzle, or 'quit'."


def _example(puzzle: Puzzle) -> str:
    """How an answer is written, for the puzzle at hand (an endgame: a card of the hand to move)."""
    if isinstance(puzzle, DeductionPuzzle):
        return kind_facts(puzzle.kind).answer_example
    position = puzzle.position
    seat = (int(position["leader"]) + len(position.get("trick", []))) % len(position["hands"])
    hand = position["hands"][seat]
    card = f"'{hand[0]}'" if hand else "a card"
    reverse = ""
    rank = find(puzzle.game).reversing_rank
    if rank is not None:
        ones = [code for code in hand if code[1:] == rank]
        said = f" ('{ones[0]} reverse')" if ones else ""
        reverse = f", and 'reverse' after a 1 that reverses the order{said}"
    return f"a card of {SEATS[seat]}'s hand, such as {card}{reverse}"


@dataclass(frozen=True)
class Reply:
    """What the player hears: right or not (None: the entry was no answer, and does not count), and why."""

    correct: bool | None
    message: str


@dataclass
class PlaySession:
    """One puzzle being solved: the hints given so far, and whether it is solved."""

    puzzle: Puzzle
    hints_given: int = 0
    solved: bool = False
    tries: list[str] = field(default_factory=list)  # the answers read, right or wrong

    def hint(self) -> str:
        """The next step of the technique trace (the last one gives the answer away)."""
        steps = self.puzzle.explanation
        if self.hints_given >= len(steps):
            return "No more hints: the last step gave the answer."
        step = steps[self.hints_given]
        self.hints_given += 1
        inner = "".join(f"\n    {inner.text}" for inner in step.steps)
        return f"Hint {self.hints_given}/{len(steps)}: {step.text}{inner}"

    def answer(self, text: str) -> Reply:
        """Check an answer; a wrong trump or case answer is told which clue rules it out. An entry
        that is no answer (unreadable, or a card that cannot be played) is not counted."""
        try:
            right = self._check(text)
        except _NotPlayable as exc:
            return Reply(None, f"{exc} Try again.")
        except StichError as exc:
            return Reply(None, f"Unreadable: {exc}. Answer like {_example(self.puzzle)}. Try again.")
        self.tries.append(text)
        if right:
            self.solved = True
            return Reply(True, f"Right: {answer_text(self.puzzle, symbols=False)}.")
        return Reply(False, f"Wrong. {self._why_not(text)}")

    def _check(self, text: str) -> bool:
        puzzle = self.puzzle
        if isinstance(puzzle, DeductionPuzzle):
            return _parse_secret(puzzle, text) == puzzle.answer
        return _check_move(puzzle, text)

    def _why_not(self, text: str) -> str:
        puzzle = self.puzzle
        if not isinstance(puzzle, DeductionPuzzle):
            return "That move fails against the best defence. Ask for a 'hint'."
        from stich.deducer import consistent_hypotheses

        guess = _parse_secret(puzzle, text)
        clues = deducer_clues(puzzle.kind, puzzle.clues)
        for name, clue in zip(clue_names(puzzle.kind, puzzle.clues), clues, strict=True):
            if not consistent_hypotheses(puzzle.space, [clue]) >> guess & 1:
                return f"{name.capitalize()} rules out {puzzle.space.text(guess)}."
        return f"{puzzle.space.text(guess)} fits every clue taken alone, but not all of them together."


class _NotPlayable(StichError):
    """A card read, but one the player to move cannot play: no answer either."""


def _check_move(puzzle: EndgamePuzzle, text: str) -> bool:
    """Whether a typed first move is the answer; `_NotPlayable` when the card cannot be played."""
    from stich.solvers import parse_position  # loaded only for endgames

    words = text.replace(",", " ").split()
    if not words:
        raise StichError("it is empty")
    position = parse_position(puzzle.position)
    deck = position.deck
    card = deck.parse(words[0])
    declares = {w.lower() for w in words[1:]}
    unknown = declares - {"reverse", "reversing", "reverses"}
    if unknown:
        raise StichError(f"{' '.join(sorted(unknown))!r} is no declaration (only 'reverse' is)")
    seat = position.to_move
    name = deck.name_of(card)
    hand = position.hands[seat]
    if not hand >> card & 1:
        held = " ".join(deck.names(hand))
        raise _NotPlayable(f"{name} is not in {SEATS[seat]}'s hand ({SEATS[seat]} holds {held}).")
    trick_tables = position.context.trick_tables()
    legal = legal_plays(trick_tables.states[trick_tables.live], hand, position.trick)
    if not legal >> card & 1:
        playable = " ".join(deck.names(legal))
        raise _NotPlayable(f"{SEATS[seat]} may not play {name}: the led suit must be followed ({playable}).")
    wanted = deck.parse(puzzle.answer["card"])
    return card == wanted and bool(declares) == bool(puzzle.answer.get("reverse"))


def _parse_secret(puzzle: DeductionPuzzle, text: str) -> int:
    """A hypothesis of the puzzle's space from a typed answer."""
    cleaned = text.strip().lower().replace("no suit", "none").replace("no number", "none")
    words = [w for w in re.split(r"[\s/,]+", cleaned) if w]
    facts = kind_facts(puzzle.kind)
    if facts.compact_answer and len(words) == 1 and re.fullmatch(facts.compact_answer, words[0]):
        words = [words[0][0], words[0][1:]]
    if len(words) != 2:
        raise StichError(f"give two things, got {text!r}")
    if facts.answer_fields is not None:
        return hypothesis_of(puzzle.kind, dict(zip(facts.answer_fields, words, strict=True)), "answer")
    return hypothesis_of(puzzle.kind, words, "answer")
