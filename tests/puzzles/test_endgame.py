"""Endgame puzzles: exactly one first card works double-dummy, the natural cards fail, honest grades."""

from __future__ import annotations

from collections import Counter

import pytest

from stich.games.errors import StichError
from stich.games.registry import GAME_IDS
from stich.puzzles import EndgamePuzzle, generate, verify
from stich.puzzles.endgame import endgame_grade
from stich.solvers import parse_position, reference_solve, solve
from tests.puzzles.conftest import ENDGAMES_PER_GAME, Checked


def _values(puzzle: EndgamePuzzle) -> dict[tuple[str, tuple[tuple[str, object], ...]], int]:
    position = parse_position(puzzle.position)
    return {
        (position.deck.name_of(move.card), tuple(move.declaration)): value
        for move, value in solve(position, with_line=False).moves
    }


def _key(move: dict[str, object] | object) -> tuple[str, tuple[tuple[str, object], ...]]:
    assert isinstance(move, dict)
    return str(move["card"]), tuple((k, v) for k, v in move.items() if k != "card")


def test_every_generated_endgame_has_exactly_one_working_first_card(endgame_set: Checked) -> None:
    assert len(endgame_set.endgames) >= 200
    referenced = 0
    for puzzle, verdict in zip(endgame_set.endgames, endgame_set.verdicts, strict=True):
        assert verdict.ok, (verdict.problems, puzzle.position)
        values = _values(puzzle)
        working = [move for move, value in values.items() if value >= puzzle.target]
        assert working == [_key(dict(puzzle.answer))]
        # The natural cards (the highest, the greedy one) are among the moves that fail.
        assert puzzle.obvious and all(values[_key(dict(move))] < puzzle.target for move in puzzle.obvious)
        if verdict.checks["reference"] is not None:
            referenced += 1
            assert verdict.checks["reference"] == verdict.checks["working"]
        assert verdict.grade == puzzle.grade == endgame_grade(puzzle.depth, puzzle.tempting)
    # A good share was also solved by the reference minimax, move by move.
    assert referenced >= 40


def test_the_target_is_the_best_the_side_can_do(endgame_set: Checked) -> None:
    for puzzle in endgame_set.endgames[:60]:
        position = parse_position(puzzle.position)
        best = solve(position, with_line=False).value
        assert best == puzzle.target if position.objective.type in ("tricks", "points") else best == 1


def test_every_game_and_grade_is_made(endgame_set: Checked) -> None:
    games = Counter(p.game for p in endgame_set.endgames)
    assert games == Counter(ENDGAMES_PER_GAME) and set(games) == set(GAME_IDS)
    assert set(endgame_set.grades()) == {"easy", "medium", "hard", "expert"}


def test_24_endgames_are_reversal_finesses(endgame_set: Checked) -> None:
    for puzzle in endgame_set.endgames:
        if puzzle.game == "24":
            card = puzzle.answer["card"]
            assert card[1:] == "1" and puzzle.answer["reverse"] is True
            # The same 1 played without reversing is one of the tempting moves that fail.
            assert any(step.text.startswith(f"{card} (") for step in puzzle.explanation[:-1])


def test_the_explanation_refutes_each_tempting_move_then_shows_the_answer(endgame_set: Checked) -> None:
    for puzzle in endgame_set.endgames:
        techniques = [step.technique for step in puzzle.explanation]
        assert techniques == ["tempting"] * puzzle.tempting + ["solution"]
        assert puzzle.explanation[-1].text.startswith(f"{puzzle.answer['card']}")


def test_small_positions_agree_with_the_reference_minimax_on_every_move(endgame_set: Checked) -> None:
    small = [p for p in endgame_set.endgames if sum(len(h) for h in p.position["hands"]) <= 9][:30]
    assert len(small) >= 10
    for puzzle in small:
        position = parse_position(puzzle.position)
        _, moves = reference_solve(position)
        reference = {(position.deck.name_of(card), tuple(decl)): value for (card, decl), value in moves}
        assert reference == _values(puzzle)


@pytest.mark.parametrize("game", ["stiche-raten", "was-sticht"])
def test_the_same_seed_gives_the_same_endgames(game: str) -> None:
    one = generate(game, "endgame", "medium", count=2, seed=8)
    two = generate(game, "endgame", "medium", count=2, seed=8)
    assert one.puzzles == two.puzzles and all(v.ok for v in one.verdicts)
    assert all(p.grade == "medium" and p.game == game for p in one.puzzles)


def test_an_endgame_grade_not_found_in_the_budget_says_so() -> None:
    with pytest.raises(
        StichError, match=r"no expert endgame puzzle for wizard found within the budget of 2 positions"
    ):
        generate("wizard", "endgame", "expert", count=1, seed=1, budget=2)


def test_a_changed_answer_or_target_is_caught() -> None:
    puzzle = generate("stiche-raten", "endgame", "easy", count=1, seed=2).puzzles[0]
    position = parse_position(puzzle.position)
    wrong = next(m for m in _values(puzzle) if m != _key(dict(puzzle.answer)))
    bad = EndgamePuzzle(
        puzzle.grade, puzzle.game, puzzle.theme, puzzle.task, puzzle.position, puzzle.target,
        {"card": wrong[0]}, puzzle.obvious, puzzle.explanation, puzzle.depth, puzzle.tempting,
    )  # fmt: skip
    verdict = verify(bad)
    assert not verdict.ok and f"but the answer says {wrong[0]}" in verdict.problems[0]
    assert position.deck.parse(wrong[0]) >= 0


def test_positions_read_without_the_schema_are_still_checked() -> None:
    """The generator skips the JSON Schema check of the positions it builds itself (most of its
    time went there); the cards, seats and rules are checked all the same, and the result is the
    position the schema-checked reading gives."""
    data = {
        "game": "stiche-raten",
        "trump": None,
        "leader": 2,
        "hands": [["AS", "KH"], ["QS", "3H"], ["JS", "5H"], ["TS", "7H"]],
        "trick": [],
        "objective": {"type": "tricks", "seat": 2},
    }
    assert parse_position(data, schema=False) == parse_position(data)
    twice = {**data, "hands": [["AS", "KH"], ["AS", "3H"], ["JS", "5H"], ["TS", "7H"]]}
    with pytest.raises(StichError, match="card AS is in the hands of seat 0 and seat 1"):
        parse_position(twice, schema=False)
    with pytest.raises(StichError, match="leader"):
        parse_position({**data, "leader": 7}, schema=False)
