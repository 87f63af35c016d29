"""The fast search on hand-made positions: values, move values, the best line, the table limit."""

from __future__ import annotations

from typing import Any

from stich.games.trick import legal_plays, trick_winner
from stich.solvers.parse import parse_position
from stich.solvers.position import Position
from stich.solvers.reference import reference_solve
from stich.solvers.search import compress
from stich.solvers.solver import Solver, solve
from tests.solvers.samples import bridge_position_json, random_position


def bridge(
    hands: list[list[str]], trump: str | None, leader: int = 0, trick: list[str] | None = None
) -> Position:
    return parse_position(
        {
            "game": "stiche-raten",
            "trump": trump,
            "hands": hands,
            "leader": leader,
            "trick": trick or [],
            "teams": [[0, 2], [1, 3]],
        }
    )


def test_compress_packs_the_chosen_bits() -> None:
    assert compress(0b1010, 0b1110) == 0b101
    assert compress(0b1 << 13, 0b11 << 12) == 0b10
    assert compress(0, 0b111) == 0


def test_design_example() -> None:
    position = bridge([["AS", "KS"], ["QS", "2H"], ["3H", "4H"], ["5H", "6H"]], "S")
    solution = solve(position)
    assert solution.value == 2
    assert solution.side == (0, 2)
    assert {position.deck.name_of(m.card): v for m, v in solution.moves} == {"AS": 2, "KS": 2}


def test_ruffing_beats_the_ace_in_a_trump_contract_but_not_in_no_trump() -> None:
    hands = [["AH", "KH"], ["2S", "3S"], ["QH", "JH"], ["4D", "5D"]]
    assert Solver(bridge(hands, None)).value() == 2
    assert Solver(bridge(hands, "S")).value() == 0


def test_a_discarding_problem_equals_the_reference() -> None:
    # South leads the AH: West must let go of a spade or the KD.
    position = bridge(
        [["AS", "2S", "2C"], ["4C", "5C", "6C"], ["AH", "QD", "7C"], ["KS", "QS", "KD"]], None, 2
    )
    assert Solver(position).value() == reference_solve(position)[0] == 2


def test_move_values_and_line_agree_with_the_value() -> None:
    for seed in range(20):
        position = parse_position(
            bridge_position_json(seed, 5, ["S", None][seed % 2], seed % 4, trick=seed % 3)
        )
        solution = solve(position)
        values = [v for _, v in solution.moves]
        assert max(values) == solution.value
        assert _replay_line(position, solution.line) == solution.value


def _replay_line(position: Position, line: Any) -> int:
    """Play the line by the rules of `games.trick` and count the side's tricks."""
    rules = position.context.trick_tables().states[0]
    hands = list(position.hands)
    seats = position.trick_seats()
    trick = list(position.trick)
    leader = position.leader
    side = set(position.side())
    won = 0
    for seat, move in line:
        assert seat == seats[len(trick)]
        assert legal_plays(rules, hands[seat], trick) >> move.card & 1
        hands[seat] &= ~(1 << move.card)
        trick.append(move.card)
        if len(trick) == len(seats):
            winner = seats[trick_winner(rules, trick)]
            won += winner in side
            leader = winner
            seats = [(leader + i) % len(seats) for i in range(len(seats))]
            trick = []
    assert not any(hands)
    return won


def test_equivalent_cards_have_equal_values() -> None:
    position = bridge([["AS", "KS", "QS"], ["2H", "3H", "4H"], ["5H", "6H", "7H"], ["8H", "9H", "TH"]], None)
    values = {v for _, v in solve(position).moves}
    assert values == {3}


def test_the_table_limit_bounds_memory_and_keeps_the_value() -> None:
    position = parse_position(bridge_position_json(3, 7, "H", 1))
    free = Solver(position)
    small = Solver(position, tt_limit=40)
    assert small.value() == free.value()
    assert small.table_entries <= 40
    assert free.table_entries > 40


def test_wizard_leading_a_wizard_wins_and_a_jester_loses() -> None:
    data = {
        "game": "wizard",
        "trump": "H",
        "hands": [["Z1", "N1"], ["AH", "KH"], ["QH", "JH"]],
        "leader": 0,
        "trick": [],
    }
    solution = solve(parse_position(data))
    moves = {parse_position(data).deck.name_of(m.card): v for m, v in solution.moves}
    assert moves == {"Z1": 1, "N1": 1}  # the wizard takes one trick either way
    assert solution.value == 1


def test_24_reversal_is_part_of_the_move() -> None:
    data = {
        "game": "24",
        "trump": "R",
        "hands": [["Y1", "Y11"], ["Y2", "Y10"]],
        "leader": 0,
        "trick": [],
        "caller": 0,
        "objective": {"type": "tricks"},
    }
    position = parse_position(data)
    solution = solve(position)
    declared = {(position.deck.name_of(m.card), m.declaration): v for m, v in solution.moves}
    # Y1 first: reversing makes Y11 the lowest card of the second trick.
    assert declared[("Y1", ())] == 1
    assert declared[("Y1", (("reverse", True),))] == 0
    assert declared[("Y11", ())] == 1
    value, moves = reference_solve(position)
    assert value == solution.value
    assert dict(moves) == {(m.card, m.declaration): v for m, v in solution.moves}


def test_24_points_report_the_round_score() -> None:
    data = {
        "game": "24",
        "trump": "Y",
        "hands": [["Y1", "B11"], ["Y2", "B10"]],
        "leader": 0,
        "trick": [],
        "caller": 1,
        "objective": {"type": "points"},
    }
    position = parse_position(data)
    solution = solve(position)
    # Yellow trump: each trick takes 2 points off. Seat 0 wins the blue trick, but Y2 beats Y1 in
    # either trick (a reversal only counts from the next trick): one trick, 2 points off.
    assert solution.goal == "min"
    assert solution.value == -2
    assert -reference_solve(position)[0] == -2
    # Without a trick the caller would add twice the round's total: seat 1 avoids that.
    other = solve(parse_position({**data, "objective": {"type": "points", "seat": 1}}))
    assert other.value == -2


def test_random_positions_of_every_objective_match_the_reference() -> None:
    for game in ("was-sticht", "24", "stich-fuer-stich"):
        for seed in range(30):
            position = random_position(game, 500 + seed, 3, 3)
            value, _ = reference_solve(position)
            assert Solver(position).value() == value, position.to_json()


def _jester_then_wizard(edition: str, trick: list[str]) -> Position:
    """Seat 1's wizard took trick 1 over seat 0's jester; seat 1 leads 3S to trick 2.
    Whether seat 3 must follow the first suit card after the wizard decides trick 2."""
    hands = {"0": ["N1", "2D"], "1": ["Z1", "3S"], "2": ["5H", "2S"], "3": ["3H", "AS"]}
    played = set(trick)
    return parse_position(
        {
            "game": "wizard",
            "options": {"edition": edition},
            "trump": None,
            "hands": [[c for c in hands[str(s)] if c not in played] for s in range(4)],
            "leader": 0,
            "trick": trick,
            "teams": [[1, 2], [0, 3]],
        }
    )


def test_jester_then_wizard_follows_the_edition_in_the_search() -> None:
    """Rulebook: after N1 Z1, seat 2's 2S obliges seat 3's AS, so seats 1 and 2 take both tricks.
    Original: the wizard freed seat 3, which keeps AS for trick 2 (docs/rules.md, Wizard).
    The solver (compiled and pure Python) equals the reference minimax over `games.trick`."""
    assert reference_solve(_jester_then_wizard("rulebook", ["N1", "Z1"]))[0] == 2
    assert reference_solve(_jester_then_wizard("original", ["N1", "Z1"]))[0] == 1
    compiled = False
    for edition in ("rulebook", "original"):
        for trick in ([], ["N1"], ["N1", "Z1"], ["N1", "Z1", "2S"]):
            position = _jester_then_wizard(edition, trick)
            expected, expected_moves = reference_solve(position)
            for kernel in (True, False):
                solver = Solver(position, kernel=kernel)
                compiled |= solver.compiled
                where = f"{edition} {trick} kernel={kernel}"
                assert solver.value() == expected, where
                moves = {(m.card, m.declaration): v for m, v in solver.move_values()}
                assert moves == dict(expected_moves), where
    assert compiled, "the compiled kernel served none of these positions"
