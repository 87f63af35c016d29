"""The chance to win from the scores and the rounds left (`hints.standings`)."""

from __future__ import annotations

import itertools

import pytest

from stich.games.errors import StichError
from stich.games.registry import find
from stich.hints.standings import (
    PointsDistribution,
    RoundPoints,
    Standings,
    default_model,
    points_left,
    win_chances,
)

WIZARD = find("wizard")(4, {})
OH_HELL = find("stiche-raten")(4, {})

# A tiny model of three players: a round of 1 card scores 0, 1 or 3; of 2 cards 0 or 2.
TINY_ROUNDS = {1: {0: 2, 1: 1, 3: 1}, 2: {0: 1, 2: 3}}
TINY = RoundPoints({"stiche-raten/3": {k: PointsDistribution.of_counts(v) for k, v in TINY_ROUNDS.items()}})
THREE = find("stiche-raten")(3, {})


def outcomes_of(sizes: list[int]) -> list[tuple[int, float]]:
    """One seat's points over rounds of ``sizes`` cards, with their chances, every combination."""
    outcomes = []
    for combo in itertools.product(*(TINY_ROUNDS[k].items() for k in sizes)):
        chance = 1.0
        for size, (_, count) in zip(sizes, combo, strict=True):
            chance *= count / sum(TINY_ROUNDS[size].values())
        outcomes.append((sum(p for p, _ in combo), chance))
    return outcomes


def enumerated(
    scores: list[int], sizes: list[int], seat_sizes: dict[int, list[int]] | None = None
) -> list[float]:
    """The chances by enumerating every seat's points in every round left, ties shared; a seat in
    ``seat_sizes`` plays those rounds in place of ``sizes``."""
    n = len(scores)
    per_seat = [outcomes_of((seat_sizes or {}).get(seat, sizes)) for seat in range(n)]
    won = [0.0] * n
    for seats in itertools.product(*per_seat):
        chance = 1.0
        for _, c in seats:
            chance *= c
        finals = [s + p for s, (p, _) in zip(scores, seats, strict=True)]
        best = max(finals)
        leaders = [s for s in range(n) if finals[s] == best]
        for s in leaders:
            won[s] += chance / len(leaders)
    return won


@pytest.mark.parametrize("scores", [[0, 0, 0], [3, 1, 0], [5, 2, 4], [0, 6, 1]])
def test_convolution_matches_enumeration_two_rounds_left(scores: list[int]) -> None:
    found = win_chances(THREE, scores, [1, 2], TINY)
    assert found == pytest.approx(enumerated(scores, [1, 2]), abs=1e-12)


@pytest.mark.parametrize(("scores", "own"), [([0, 0, 0], 3), ([3, 1, 0], 0), ([5, 2, 4], 1), ([0, 6, 1], 3)])
def test_chance_alone_matches_enumeration(scores: list[int], own: int) -> None:
    """The seat's points this round (1 card) known, the others' from the model, one round of 2 after."""
    found = Standings(tuple(scores), (2,), TINY).chance_alone(THREE, own, 0, 1)
    after = [scores[0] + own, *scores[1:]]
    assert found == pytest.approx(enumerated(after, [1, 2], {0: [2]})[0], abs=1e-12)


def test_points_left_is_the_convolution() -> None:
    left = points_left(THREE, [1, 1], TINY)
    assert left.low == 0
    assert left.chances == pytest.approx([4 / 16, 4 / 16, 1 / 16, 4 / 16, 2 / 16, 0, 1 / 16])


@pytest.mark.parametrize(
    ("game", "scores", "left"),
    [(WIZARD, [120, 80, 40, 200], [12, 13, 14]), (OH_HELL, [30, 45, 44, 10], [5, 6, 7, 8])],
)
def test_chances_sum_to_one(game: object, scores: list[int], left: list[int]) -> None:
    assert sum(win_chances(game, scores, left)) == pytest.approx(1.0)  # type: ignore[arg-type]


def test_far_ahead_with_one_round_left_is_nearly_sure() -> None:
    chances = win_chances(WIZARD, [400, 100, 90, 80], [14])
    assert chances[0] > 0.999


def test_no_rounds_left_the_leader_wins_ties_shared() -> None:
    assert win_chances(OH_HELL, [30, 41, 12, 40], []) == [0, 1, 0, 0]
    assert win_chances(OH_HELL, [41, 41, 12, 40], []) == [0.5, 0.5, 0, 0]


def test_equal_scores_equal_chances() -> None:
    assert win_chances(WIZARD, [50, 50, 50, 50], [5, 6]) == pytest.approx([0.25] * 4)


def test_monotone_in_the_seats_own_score() -> None:
    chances = [win_chances(OH_HELL, [score, 40, 35, 30], [3, 2, 1])[0] for score in range(0, 80, 2)]
    assert all(a <= b + 1e-12 for a, b in itertools.pairwise(chances))
    assert chances[0] < 0.05 and chances[-1] > 0.95


def test_shipped_model_covers_every_hand_size() -> None:
    model = default_model()
    for game_id in ("stiche-raten", "wizard"):
        for players in (3, 4, 5, 6):
            game = find(game_id)(players, {})
            for size in set(game.round_sizes()):
                assert model.round(f"{game_id}/{players}", size).mean() > -100


def test_standings_add_the_round_to_the_scores() -> None:
    standings = Standings((10, 20, 30), ())
    assert standings.chances(THREE, [25, 10, 0]) == [1, 0, 0]


def test_options_without_a_model_are_refused() -> None:
    minus = find("stiche-raten")(4, {"scoring": "minus"})
    with pytest.raises(StichError, match="no model of Stiche-Raten"):
        win_chances(minus, [0, 0, 0, 0], [3])
    with pytest.raises(StichError, match="4 players"):
        win_chances(OH_HELL, [0, 0, 0], [3])
