"""Endgame puzzles: every hand shown, and exactly one first card reaches the objective.

A theme (`puzzles.themes`) deals a position of its game with South to move, perhaps
after the first cards of a trick, and an objective. The double-dummy solver
(`solvers.solve`) gives the value of every legal first move against the best
defence. The position is a puzzle when exactly one move reaches the objective (for
"take t tricks", t is the most South can take) and the natural moves fail: the
highest card and the greedy one (the cheapest card that wins the trick as it
stands; when leading, the highest). Equivalent cards are distinct moves here, so a
position where two of them work is no puzzle.

Grading counts what a person has to see: the *depth* (tricks left to think through)
and the *tempting* wrong first moves. A wrong move is tempting when it is natural
(the highest card, the greedy card, the lowest card, in 24 the answer's 1 played
without reversing) or when it looks as good as the answer for the current trick
alone: it takes the trick as surely as the answer does, or the answer gives the
trick up (then every wrong move looks at least as good). Score = depth + tempting −
1: easy up to 3, medium 4–5, hard 6–7, expert 8 or more. The explanation shows,
for each tempting move, the defence that beats it, then a line with the answer
against the best defence. On small positions (at most `REFERENCE_CARDS` cards in
the hands) the check also asks `solvers.reference_solve`, the plain minimax written
apart from the fast search, for every move's value.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NotRequired, TypedDict

from stich.games.cards import Card, iter_cards
from stich.games.errors import StichError
from stich.games.trick import FREE, TrickRules, led_class, legal_plays, trick_winner
from stich.puzzles.model import GRADES, EndgamePuzzle, Grade, Step, Verdict
from stich.puzzles.themes import SEATS, SOUTH, Theme, side_words, task_words, themes_of
from stich.solvers import Position, Solution, parse_position, reference_solve, solve

__all__ = [
    "GRADE_DEPTHS",
    "REFERENCE_CARDS",
    "dealt_puzzles",
    "endgame_grade",
    "explain_endgame",
    "generate_endgame",
    "reachable",
    "theme_named",
    "verify_endgame",
]

# Tricks left in the positions dealt for each grade (the grade itself comes from the score).
GRADE_DEPTHS: dict[Grade, tuple[int, int]] = {
    "easy": (2, 3),
    "medium": (3, 4),
    "hard": (4, 5),
    "expert": (5, 6),
}
# Positions with at most this many cards in the hands are also solved by the reference minimax.
REFERENCE_CARDS = 13

MoveKey = tuple[Card, tuple[tuple[str, Any], ...]]


def reachable(theme: Theme, grade: Grade) -> bool:
    """Whether the theme's positions can earn ``grade``: deep enough, with every natural move tempting."""
    most = 6  # tempting moves: at most every other card South may play, in practice
    return GRADES.index(endgame_grade(theme.max_depth, most)) >= GRADES.index(grade)


def endgame_grade(depth: int, tempting: int) -> Grade:
    """The grade of ``depth`` tricks to think through and ``tempting`` natural moves that fail."""
    score = depth + tempting - 1
    if score <= 3:
        return "easy"
    if score <= 5:
        return "medium"
    return "hard" if score <= 7 else "expert"


@dataclass(frozen=True)
class _Judged:
    """A position that is a puzzle: the target, the one move that reaches it, the natural moves."""

    target: int
    answer: MoveKey
    natural: tuple[tuple[MoveKey, str], ...]  # (move, how it is natural), distinct moves
    values: dict[MoveKey, int]
    depth: int

    @property
    def tempting(self) -> list[tuple[MoveKey, str]]:
        return [(move, label) for move, label in self.natural if move != self.answer]

    @property
    def grade(self) -> Grade:
        return endgame_grade(self.depth, len(self.tempting))


def _key(move: Any) -> MoveKey:
    return (move.card, tuple(move.declaration))


class MoveJson(TypedDict):
    """A move as ``stich solve --json`` writes one: its card and its declaration (24)."""

    card: str
    reverse: NotRequired[bool]
    trump: NotRequired[str]


def _move_json(position: Position, key: MoveKey) -> MoveJson:
    out: MoveJson = {"card": position.deck.name_of(key[0])}
    for name, value in key[1]:
        if name == "reverse":
            out["reverse"] = value
        elif name == "trump":
            out["trump"] = value
        else:
            raise ValueError(f"a move declares no {name!r}")
    return out


def _move_text(position: Position, key: MoveKey) -> str:
    text = position.deck.name_of(key[0])
    for name, value in key[1]:
        text += " reversing" if name == "reverse" else f" naming {value}"
    return text


def _deal(theme: Theme, rng: random.Random, cards: int) -> dict[str, Any]:
    """A position of ``theme`` with ``cards`` tricks left, South to move (first, second or third)."""
    context = theme.context(rng)
    extra = theme.extra_cards(context)
    deck = theme.deck
    order = list(range(deck.size))
    rng.shuffle(order)
    if theme.south_holds is not None:
        # South is dealt one card the theme needs first (24: a 1 to reverse with).
        wanted = next(i for i, card in enumerate(order) if theme.south_holds(card))
        order.insert(0, order.pop(wanted))
    hands = [0] * 4
    at = 0
    for seat in (SOUTH, 3, 0, 1):
        size = cards + extra.get(seat, 0)
        for card in order[at : at + size]:
            hands[seat] |= 1 << card
        at += size
    leader = rng.choice([SOUTH, 1, 0])
    rules = theme.rules(context)
    trick: list[Card] = []
    seat = leader
    while seat != SOUTH:
        card = rng.choice(list(iter_cards(legal_plays(rules, hands[seat], trick))))
        hands[seat] &= ~(1 << card)
        trick.append(card)
        seat = (seat + 1) % 4
    data: dict[str, Any] = {
        "game": theme.game,
        "options": dict(theme.options),
        **context,
        "hands": [deck.names(hand) for hand in hands],
        "leader": leader,
        "trick": deck.names(trick),
    }
    if theme.teams is not None:
        data["teams"] = [list(team) for team in theme.teams]
    return data


def _exact_count(objective: Mapping[str, Any]) -> int | None:
    """The k of an objective "exactly k tricks" (a bid or a task chip), else None."""
    if objective["type"] == "exact":
        return int(objective["k"])
    task = objective.get("task")
    if isinstance(task, str) and task.startswith("exactly-"):
        return int(task.removeprefix("exactly-"))
    return None


def _trick_bounds(data: Mapping[str, Any]) -> tuple[int, int]:
    """The fewest tricks the others can hold South to taking, and the most South can force."""
    mine = {**data, "teams": None, "objective": {"type": "tricks", "seat": SOUTH}}
    mine.pop("teams")
    others = [seat for seat in range(4) if seat != SOUTH]
    theirs = {**data, "teams": [[SOUTH], others], "objective": {"type": "tricks", "seat": others[0]}}
    most = solve(parse_position(mine, schema=False), with_line=False).value
    position = parse_position(theirs, schema=False)
    return position.tricks_left() - solve(position, with_line=False).value, most


def _choices(theme: Theme, data: Mapping[str, Any]) -> int:
    """How many cards South may play (positions with one are no puzzle)."""
    deck = theme.deck
    hand = deck.parse_set(data["hands"][SOUTH])
    trick = [deck.parse(card) for card in data["trick"]]
    return legal_plays(theme.rules(data), hand, trick).bit_count()


def _natural(
    theme: Theme, data: Mapping[str, Any], position: Position, moves: Sequence[MoveKey]
) -> list[tuple[MoveKey, str]]:
    """The moves a player picks without looking deeper: the highest card, the greedy one, the lowest."""
    rules = theme.rules(data)
    trick = list(position.trick)
    led = led_class(rules, trick) if trick else None
    cards = sorted({card for card, _ in moves})

    def strength(card: Card) -> tuple[int, int]:
        follows = not trick or rules.cls[card] in (led, FREE)
        return rules.trump_power[card], rules.lead_power[card] if follows else -1

    highest = max(cards, key=strength)
    lowest = min(cards, key=strength)
    greedy = highest
    if trick:
        winning = [c for c in cards if trick_winner(rules, [*trick, c]) == len(trick)]
        greedy = min(winning, key=strength) if winning else lowest
    found: list[tuple[MoveKey, str]] = []
    for card, label in (
        (highest, "the highest card"),
        (greedy, "the greedy card"),
        (lowest, "the lowest card"),
    ):
        if all(move[0] != card for move, _ in found):
            found.append(((card, ()), label))
    return found


def _judge(theme: Theme, data: Mapping[str, Any], position: Position, solution: Solution) -> _Judged | None:
    """The puzzle in a solved position, or None when it is none (see the module docstring)."""
    kind = position.objective.type
    if kind in ("exact", "task"):
        target = 1
        if solution.value != 1:
            return None
    else:
        target = solution.value
        if target < 1:
            return None
    values = {_key(move): value for move, value in solution.moves}
    working = [move for move, value in values.items() if value >= target]
    if len(working) != 1 or len(values) < 2:
        return None
    answer = working[0]
    if theme.answer_declares is not None and theme.answer_declares not in dict(answer[1]):
        return None
    natural = _natural(theme, data, position, list(values))
    if answer in [move for move, label in natural if label != "the lowest card"]:
        return None
    plain = (answer[0], ())
    if answer[1] and all(move != plain for move, _ in natural):
        natural.append((plain, f"{position.deck.name_of(answer[0])} without declaring"))
    # Moves that look as good as the answer for the current trick alone are tempting too.
    rules = theme.rules(data)
    takes = {move: _takes_trick(rules, position, [*position.trick, move[0]]) for move in values}
    for move in values:
        if move == answer or any(move == seen for seen, _ in natural):
            continue
        if takes[answer] and takes[move]:
            natural.append((move, "it takes this trick as well"))
        elif not takes[answer]:
            natural.append((move, "it takes this trick" if takes[move] else "it gives this trick up as well"))
    return _Judged(target, answer, tuple(natural), values, position.tricks_left())


def _takes_trick(rules: TrickRules, position: Position, trick: list[Card]) -> bool:
    """Whether the side wins the current trick against the best replies within it alone."""
    seats = position.trick_seats()
    if len(trick) == len(seats):
        return seats[trick_winner(rules, trick)] in position.side()
    seat = seats[len(trick)]
    replies = (
        _takes_trick(rules, position, [*trick, card])
        for card in iter_cards(legal_plays(rules, position.hands[seat], trick))
    )
    return any(replies) if seat in position.side() else all(replies)


# -- words ----------------------------------------------------------------------------------


def _line_text(position: Position, line: Sequence[tuple[int, MoveKey]], played: int) -> str:
    """A line of play trick by trick: ``S:QS W:2S N:AS E:3S / N:4H ...`` (``played``: cards already
    in the current trick)."""
    parts: list[str] = []
    trick: list[str] = []
    room = len(position.playing) - played
    for seat, move in line:
        trick.append(f"{SEATS[seat][0]}:{_move_text(position, move)}")
        room -= 1
        if room == 0:
            parts.append(" ".join(trick))
            trick = []
            room = len(position.playing)
    if trick:
        parts.append(" ".join(trick))
    return " / ".join(parts)


def _outcome(position: Position, value: int, target: int) -> str:
    objective = position.objective
    side = side_words(position.teams)
    verb = "take" if position.teams else "takes"
    if objective.type == "exact":
        return (
            f"{side} {verb} exactly {objective.k}" if value else f"{side} cannot take exactly {objective.k}"
        )
    if objective.type == "task":
        return f"{side} makes the task" if value else f"{side} cannot make the task"
    if value == 0:
        return f"{side} {verb} no trick, not {target}"
    taken = f"{value} trick{'s' if value != 1 else ''}"
    return f"{side} {verb} {taken}" if value >= target else f"{side} {verb} only {taken}, not {target}"


def _after(data: Mapping[str, Any], position: Position, key: MoveKey) -> dict[str, Any]:
    """The position JSON once South has made ``key``."""
    after = copy.deepcopy(dict(data))
    name = position.deck.name_of(key[0])
    after["hands"][SOUTH] = [card for card in after["hands"][SOUTH] if card != name]
    after["trick"] = [*after["trick"], name]
    if dict(key[1]).get("reverse"):
        pending = data.get("next_order", data.get("order", "normal"))
        after["next_order"] = "normal" if pending == "reversed" else "reversed"
    return after


def _explain(data: Mapping[str, Any], position: Position, judged: _Judged) -> tuple[Step, ...]:
    steps = []
    played = len(position.trick)
    for move, label in judged.tempting:
        after = parse_position(_after(data, position, move), schema=False)
        line = [(SOUTH, move)] + [(seat, _key(m)) for seat, m in solve(after).line]
        value = judged.values[move]
        text = (
            f"{_move_text(position, move)} ({label}) fails: "
            f"{_line_text(position, line, played)} — {_outcome(position, value, judged.target)}."
        )
        steps.append(Step("tempting", text))
    line = [(seat, _key(m)) for seat, m in solve(position).line]
    others = len(judged.values) - 1
    rest = "the other move fails" if others == 1 else f"the other {others} moves fail"
    text = (
        f"{_move_text(position, judged.answer)} is the one card that works: "
        f"{_line_text(position, line, played)} — {_outcome(position, judged.target, judged.target)} "
        f"whatever the defence does; {rest}."
    )
    steps.append(Step("solution", text))
    return tuple(steps)


def _task(theme: Theme, data: Mapping[str, Any], position: Position, target: int) -> str:
    trick = ""
    if position.trick:
        seats = position.trick_seats()
        played = ", ".join(f"{SEATS[s]} {c}" for s, c in zip(seats, data["trick"], strict=False))
        trick = f" ({played} played to this trick)"
    objective = task_words(data["objective"], target, position.tricks_left(), theme.task_words)
    side = side_words(position.teams)
    return f"South to move, {theme.setting(data)}{trick}. {side} must {objective} against any defence."


# -- generation and checks -------------------------------------------------------------------


@dataclass(frozen=True)
class _Found:
    """A dealt position that is a puzzle, before its explanation is worked out."""

    theme: Theme
    data: dict[str, Any]
    position: Position
    judged: _Judged


def _find(theme: Theme, rng: random.Random, depth: int) -> _Found | None:
    """Deal one position of ``depth`` tricks and try the theme's objectives on it."""
    data = _deal(theme, rng, depth)
    if _choices(theme, data) < 2:
        return None
    bounds: tuple[int, int] | None = None
    for objective in theme.objectives(rng, len(data["hands"][SOUTH])):
        count = _exact_count(objective)
        if count is not None:
            # Exactly k tricks needs k between the fewest and the most South can force
            # (two quick searches for tricks, before the slower one for exactly k).
            bounds = bounds or _trick_bounds(data)
            if not bounds[0] <= count <= bounds[1]:
                continue
        data["objective"] = objective
        position = parse_position(data, schema=False)  # dealt here: its shape is right
        judged = _judge(theme, data, position, solve(position, with_line=False))
        if judged is not None:
            return _Found(theme, data, position, judged)
    return None


def _puzzle(found: _Found) -> EndgamePuzzle:
    theme, data, position, judged = found.theme, found.data, found.position, found.judged
    return EndgamePuzzle(
        judged.grade,
        theme.game,
        theme.name,
        _task(theme, data, position, judged.target),
        data,
        judged.target,
        _move_json(position, judged.answer),
        tuple(
            _move_json(position, move)
            for move, label in judged.natural
            if label != "the lowest card" and move != judged.answer and not move[1]
        ),
        _explain(data, position, judged),
        judged.depth,
        len(judged.tempting),
    )


def generate_endgame(game: str, grade: Grade, rng: random.Random, budget: int) -> EndgamePuzzle | None:
    """An endgame puzzle of ``grade`` within ``budget`` dealt positions, or None."""
    themes = [theme for theme in themes_of(game) if reachable(theme, grade)]
    if not themes:
        return None
    low, high = GRADE_DEPTHS[grade]
    for _ in range(budget):
        theme = rng.choice(themes)
        found = _find(theme, rng, rng.randint(min(low, theme.max_depth), min(high, theme.max_depth)))
        if found is not None and found.judged.grade == grade:
            return _puzzle(found)
    return None


def dealt_puzzles(game: str, rng: random.Random, depths: tuple[int, int]) -> Iterator[EndgamePuzzle | None]:
    """Endlessly, for each dealt position of ``depths`` tricks (capped by each theme), the puzzle it
    makes, whatever its grade, or None: the generator's stream before it picks a grade."""
    themes = themes_of(game)
    while True:
        theme = rng.choice(themes)
        found = _find(theme, rng, rng.randint(depths[0], min(depths[1], theme.max_depth)))
        yield None if found is None else _puzzle(found)


def theme_named(game: str, name: str) -> Theme:
    """A game's theme by name; a `StichError` naming the themes there are."""
    themes = themes_of(game)
    for theme in themes:
        if theme.name == name:
            return theme
    raise StichError(f"{game} has no endgame theme {name!r} (themes: {', '.join(t.name for t in themes)})")


def verify_endgame(puzzle: EndgamePuzzle) -> Verdict:
    """Re-solve the position: one first move reaches the target, it is the answer, the natural
    moves fail, the grade; and on small positions the reference minimax agrees move by move."""
    theme = theme_named(puzzle.game, puzzle.theme)
    position = parse_position(puzzle.position)
    solution = solve(position, with_line=False)
    values = {_key(move): value for move, value in solution.moves}
    problems: list[str] = []
    answer = _answer_key(position, puzzle.answer)
    working = [move for move, value in values.items() if value >= puzzle.target]
    names = [_move_text(position, m) for m in working]
    if not working:
        problems.append(
            f"no first card reaches the objective (the best is {solution.value}, the target {puzzle.target})"
        )
    elif len(working) > 1:
        problems.append(
            f"ambiguous: {len(working)} first cards work ({', '.join(names)}); a puzzle needs exactly one"
        )
    elif working[0] != answer:
        problems.append(
            f"{names[0]} is the card that works, but the answer says {_move_text(position, answer)}"
        )
    kind = position.objective.type
    best = 1 if kind in ("exact", "task") else solution.value
    if working and puzzle.target < best:
        problems.append(f"South can take {best} tricks, more than the target {puzzle.target}")
    judged = _judge(theme, puzzle.position, position, solution)
    grade = None
    if judged is not None:
        grade = judged.grade
        if grade != puzzle.grade:
            problems.append(f"it grades {grade}, but the puzzle says {puzzle.grade}")
    elif len(working) == 1 and working[0] == answer:
        problems.append(
            "a natural first card (the highest or the greedy one) works too: the puzzle gives itself away"
        )
    reference = None
    if sum(hand.bit_count() for hand in position.hands) <= REFERENCE_CARDS:
        _, ref_moves = reference_solve(position)
        ref = {(card, tuple(decl)): value for (card, decl), value in ref_moves}
        reference = sorted(_move_text(position, m) for m, v in ref.items() if v >= puzzle.target)
        if ref != values:
            problems.append(
                "the double-dummy search and the reference minimax disagree on the first moves' values"
            )
    checks = {
        "working": sorted(names),
        "reference": reference,
        "depth": position.tricks_left(),
        "tempting": None if judged is None else len(judged.tempting),
    }
    return Verdict("endgame", grade, names[0] if len(working) == 1 else None, checks, tuple(problems))


def explain_endgame(puzzle: EndgamePuzzle) -> tuple[Step, ...]:
    """The explanation of an endgame worked out again from its position (a `StichError` when the
    position has no single working first card that the natural moves miss)."""
    theme = theme_named(puzzle.game, puzzle.theme)
    position = parse_position(puzzle.position)
    judged = _judge(theme, puzzle.position, position, solve(position, with_line=False))
    if judged is None:
        raise StichError("the position has no single first card that works while the natural ones fail")
    return _explain(puzzle.position, position, judged)


def _answer_key(position: Position, answer: Mapping[str, Any]) -> MoveKey:
    card = position.deck.parse(answer.get("card"))
    declaration = tuple((k, v) for k, v in answer.items() if k != "card")
    return card, declaration
