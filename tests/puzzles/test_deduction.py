"""Trump and case puzzles: one answer by two checkers and an oracle, every clue needed, honest grades."""

from __future__ import annotations

from collections import Counter

import pytest

from stich.games.errors import StichError
from stich.games.stich_fuer_stich import SFS_DECK, STICH_FUER_STICH
from stich.games.was_sticht import DECK as WS_DECK
from stich.games.was_sticht import WAS_STICHT
from stich.puzzles import (
    GRADES,
    DeductionPuzzle,
    FalseGuess,
    TrickClue,
    generate,
    puzzle_json,
    solve_like_a_person,
    verify,
)
from stich.puzzles.grading import grade_of
from tests.puzzles import has_false_guess, oracle_report
from tests.puzzles.conftest import DEDUCTION_PER_GRADE, Checked


def _column(*cards: str, winner: int, deck: object = WS_DECK) -> TrickClue:
    return TrickClue(tuple(deck.parse(c) for c in cards), winner)  # type: ignore[attr-defined]


@pytest.mark.parametrize("kind", ["trump", "case"])
def test_every_generated_puzzle_has_one_answer_and_needs_every_clue(
    kind: str, trump_set: Checked, case_set: Checked
) -> None:
    checked = trump_set if kind == "trump" else case_set
    assert len(checked.deduction) >= 200
    for puzzle, verdict in zip(checked.deduction, checked.verdicts, strict=True):
        # The two checkers of the package: python-constraint and CP-SAT each find one answer ...
        assert verdict.ok, verdict.problems
        assert verdict.checks["answers"] == {"constraint": 1, "cp-sat": 1}
        assert verdict.checks["minimal"] and verdict.checks["redundant"] == []
        assert verdict.grade == puzzle.grade
        # ... and the oracle of the tests, the games' own trick rules tried on every secret, agrees.
        fitting, redundant = oracle_report(puzzle)
        assert fitting == [puzzle_json(puzzle)["answer"]]
        assert redundant == []


@pytest.mark.parametrize("kind", ["trump", "case"])
def test_every_grade_is_made(kind: str, trump_set: Checked, case_set: Checked) -> None:
    checked = trump_set if kind == "trump" else case_set
    assert checked.grades() == Counter(DEDUCTION_PER_GRADE)


@pytest.mark.parametrize("kind", ["trump", "case"])
def test_grades_follow_the_techniques_of_the_solution(
    kind: str, trump_set: Checked, case_set: Checked
) -> None:
    checked = trump_set if kind == "trump" else case_set
    for puzzle in checked.deduction:
        techniques = Counter(step.technique for step in puzzle.explanation)
        assert techniques["answer"] == 1 and puzzle.explanation[-1].technique == "answer"
        expected = {0: "medium" if techniques["combining-clues"] else "easy", 1: "hard"}.get(
            techniques["case-analysis"], "expert"
        )
        assert puzzle.grade == expected
        # Each supposition is refuted inside: its last inner step rules out the supposed value.
        for step in puzzle.explanation:
            if step.technique == "case-analysis":
                assert step.steps and all(inner.technique != "case-analysis" for inner in step.steps)


def test_case_puzzles_bring_false_suspicions_only_above_easy(case_set: Checked) -> None:
    with_guesses = [p for p in case_set.deduction if has_false_guess(p)]
    assert len(with_guesses) >= 10, "too few case puzzles with a false suspicion"
    assert all(p.grade != "easy" for p in with_guesses)
    for puzzle in with_guesses:
        guesses = [c for c in puzzle.clues if isinstance(c, FalseGuess)]
        assert all(g.hypothesis != puzzle.answer for g in guesses)
        # The sleuths' guesses come after the tricks that led to them.
        assert puzzle.clues[-len(guesses) :] == tuple(guesses)


def test_rulebook_draft_example_rules_out_trump_numbers_3_6_and_7() -> None:
    # Was sticht? rulebook: Anna (marker) takes Blue 7, Ben Red 6, Carla Yellow 2, Dan Red 3;
    # with trumps red/2 the dealer says Carla's Yellow 2 won.
    clue = _column("B7", "R6", "Y2", "R3", winner=2)
    trace = solve_like_a_person("trump", [clue])
    assert trace.status == "stuck"  # one column leaves many trumps
    first = trace.steps[0]
    assert first.technique == "single-clue"
    assert first.text.endswith("So the trump number is not 3, 6 or 7.")
    puzzle = DeductionPuzzle("trump", "easy", (clue,), WAS_STICHT.index(0, 1))  # red/2
    fitting, _ = oracle_report(puzzle)
    assert {"trump_suit": "R", "trump_number": 2} in fitting
    verdict = verify(puzzle)
    assert not verdict.ok and verdict.problems[0].startswith(
        f"ambiguous: {len(fitting)} trumps fit the clues"
    )


def test_rulebook_full_trump_example_alone_solves_the_case() -> None:
    # Stich für Stich rule 2: Nicolas's influencer with a pillow (I4, a full trump) beats Joshua's
    # pillow (H9) and Linda's and Fiona's influencers (I5, I7). With the default deck no other pair
    # lets I4 win: H9 outranks it as a pillow unless the influencer is culprit, and I5 or I7 would
    # be full trumps with poison or the revolver.
    clue = _column("I4", "H9", "I5", "I7", winner=0, deck=SFS_DECK)
    puzzle = DeductionPuzzle("case", "easy", (clue,), STICH_FUER_STICH.index(0, 4))  # influencer/pillow
    fitting, redundant = oracle_report(puzzle)
    assert fitting == [{"culprit": "influencer", "weapon": "pillow"}] and redundant == []
    verdict = verify(puzzle)
    assert verdict.checks["answers"] == {"constraint": 1, "cp-sat": 1}
    assert verdict.answer == "influencer/pillow" and verdict.checks["minimal"]


@pytest.mark.parametrize("grade", GRADES)
def test_the_same_seed_gives_the_same_puzzles(grade: str) -> None:
    one = generate("was-sticht", "trump", grade, count=2, seed=5)
    two = generate("was-sticht", "trump", grade, count=3, seed=5)
    other = generate("was-sticht", "trump", grade, count=2, seed=6)
    assert one.puzzles == two.puzzles[:2]
    assert one.puzzles != other.puzzles
    assert all(p.grade == grade for p in two.puzzles)


def test_a_budget_too_small_says_so_instead_of_searching_on() -> None:
    with pytest.raises(
        StichError, match=r"no expert trump puzzle for was-sticht found within the budget of 1 attempt"
    ):
        generate("was-sticht", "trump", "expert", count=1, seed=3, budget=1)


@pytest.mark.parametrize(
    ("game", "kind", "message"),
    [
        ("stiche-raten", "trump", "trump puzzles are was-sticht puzzles, not stiche-raten ones"),
        ("was-sticht", "case", "case puzzles are stich-fuer-stich puzzles"),
        ("was-sticht", "riddle", "unknown puzzle kind 'riddle'"),
        ("skat", None, "unknown game 'skat'"),
    ],
)
def test_requests_that_make_no_sense_are_refused(game: str, kind: str | None, message: str) -> None:
    with pytest.raises(StichError, match=message):
        generate(game, kind, "easy")


def test_a_trace_that_cannot_finish_has_no_grade() -> None:
    clue = _column("R1", "G1", "Y1", "B1", winner=0)
    trace = solve_like_a_person("trump", [clue])
    assert trace.status == "stuck" and trace.grade is None
    assert grade_of(trace) in GRADES  # what was done so far still has a technique level
