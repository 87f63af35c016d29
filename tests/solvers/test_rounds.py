"""Rounds become positions: `position_of` on simulated rounds of every game, cut at random points.

Each cut (late in the round, so that the reference minimax stays quick; mid-trick too)
gives a position whose value and move values must equal the reference's, whose JSON
must read back through `parse_position` as the same position, and which a seat's view
of the same round gives too once the hidden hands (and secret) are filled in.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from stich.games.base import Round
from stich.games.cards import iter_cards
from stich.games.errors import StichError
from stich.games.record import Record, simulate, start_round
from stich.games.registry import find
from stich.games.views import seat_view
from stich.solvers.parse import parse_position
from stich.solvers.position import ObjectiveSpec
from stich.solvers.reference import reference_solve
from stich.solvers.rounds import position_of
from stich.solvers.solver import Solver

# game -> (players, options, rounds to simulate); cuts come from the last tricks of each round
GAMES: dict[str, tuple[int, dict[str, Any], int]] = {
    "stiche-raten": (4, {"first_round": 5}, 12),
    "wizard": (4, {}, 12),
    "was-sticht": (3, {}, 8),
    "stich-fuer-stich": (3, {}, 8),
    "24": (3, {"trump_chaos": True}, 12),
}
TRICKS_LEFT = 3
DEFAULT_OBJECTIVE = {
    "stiche-raten": "exact",
    "wizard": "exact",
    "was-sticht": "task",
    "stich-fuer-stich": "points",
    "24": "points",
}


def _record(game_id: str, seed: int) -> Record:
    players, options, _ = GAMES[game_id]
    if game_id != "wizard":
        return simulate(game_id, players, seed, options)
    # Wizard's first round deals one card each: deal five instead, then play at random as simulate does.
    game = find(game_id)(players, options)
    rng = random.Random(seed)
    names = ["Anna", "Ben", "Carla", "Dan"][:players]
    known = game.deal(rng, players - 1, cards=5)
    state = game.new_round(names, players - 1, None, known)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_events()))
    return Record(game_id, names, players - 1, state.events, options, None, known)


def _tricks_left(state: Round) -> int:
    order = state.trick_order()
    played = set(state.trick_seats)
    return min(state.hand_size[s] + (s in played) for s in order)


def _cuts(record: Record, rng: random.Random) -> list[int]:
    """Numbers of events after which the round is in its last tricks (some mid-trick)."""
    state = start_round(record)
    cuts = []
    for i, event in enumerate(record.events):
        state.apply(event)
        if state.position_ready() and _tricks_left(state) <= TRICKS_LEFT:
            cuts.append(i + 1)
    return sorted(rng.sample(cuts, min(3, len(cuts))))


def _truncated(record: Record, cut: int) -> Record:
    return Record(
        record.game, record.players, record.dealer, record.events[:cut], record.options, None, record.known
    )


def _round_at(record: Record, cut: int) -> Round:
    state = start_round(record)
    for event in record.events[:cut]:
        state.apply(event)
    return state


@pytest.mark.parametrize("game_id", list(GAMES))
def test_positions_of_rounds_solve_as_the_reference_does(game_id: str) -> None:
    rng = random.Random(game_id)
    kinds: set[str] = set()
    mid_trick = 0
    for seed in range(GAMES[game_id][2]):
        record = _record(game_id, seed)
        for cut in _cuts(record, rng):
            state = _round_at(record, cut)
            for objective in (None, {"type": "tricks"}):
                position = position_of(state, objective=objective)
                where = f"{game_id} seed {seed} cut {cut}: {position.to_json()}"
                kinds.add(position.objective.type)
                mid_trick += bool(position.trick)
                assert parse_position(position.to_json()) == position, where
                expected, expected_moves = reference_solve(position)
                solver = Solver(position)
                assert solver.value() == expected, where
                moves = {(m.card, m.declaration): v for m, v in solver.move_values()}
                assert moves == dict(expected_moves), where
    # The default objective is what the seat plays for in the game (Was sticht?'s dealer has no task).
    assert DEFAULT_OBJECTIVE[game_id] in kinds and kinds <= {"tricks", DEFAULT_OBJECTIVE[game_id]}
    assert mid_trick > 0


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_seats_view_gives_the_same_position_once_the_hidden_hands_are_filled_in(game_id: str) -> None:
    rng = random.Random(f"view {game_id}")
    checked = 0
    for seed in range(4):
        record = _record(game_id, 100 + seed)
        for cut in _cuts(record, rng):
            truncated = _truncated(record, cut)
            full = _round_at(record, cut)
            seat = rng.randrange(len(record.players))
            view = start_round(seat_view(truncated, seat))
            for event in seat_view(truncated, seat).events:
                view.apply(event)
            hands = [h if h is not None else 0 for h in full.hands]
            try:
                view.play_context()
                secret = None
            except StichError:  # the view does not know the secret: hypothesise the true one
                secret = record.known["secret"]
            expected = position_of(full, objective={"type": "tricks"})
            got = position_of(view, hands=hands, secret=secret, objective={"type": "tricks"})
            assert got.to_json() == expected.to_json(), (game_id, seed, cut, seat)
            checked += 1
    assert checked >= 4


def _late_round(game_id: str = "stiche-raten", seed: int = 1) -> tuple[Record, Round]:
    record = _record(game_id, seed)
    cut = _cuts(record, random.Random(0))[0]
    return record, _round_at(record, cut)


def test_given_hands_must_agree_with_what_the_round_knows() -> None:
    _, state = _late_round()
    hands = [h for h in state.hands if h is not None]
    assert position_of(state, hands=hands) == position_of(state)
    swapped = list(hands)
    low0, low1 = next(iter_cards(hands[0])), next(iter_cards(hands[1]))
    swapped[0] = hands[0] & ~(1 << low0) | 1 << low1
    swapped[1] = hands[1] & ~(1 << low1) | 1 << low0
    with pytest.raises(StichError, match=r"hands\[0\].*known and differs"):
        position_of(state, hands=swapped)
    with pytest.raises(StichError, match="give 4 hands"):
        position_of(state, hands=hands[:3])


def test_a_view_needs_the_hidden_hands_and_a_hand_may_not_hold_a_played_card() -> None:
    record, full = _late_round()
    cut = len(full.events)
    truncated = _truncated(record, cut)
    view_record = seat_view(truncated, 0)
    view = start_round(view_record)
    for event in view_record.events:
        view.apply(event)
    with pytest.raises(StichError, match="not known to this view"):
        position_of(view)
    hands = [h if h is not None else 0 for h in full.hands]
    played = full.tricks[0].cards[0]
    holder = next(s for s in range(1, 4) if hands[s])
    bad = list(hands)
    bad[holder] = hands[holder] & ~(1 << next(iter_cards(hands[holder]))) | 1 << played
    with pytest.raises(StichError, match="played, out of the round or in another hand"):
        position_of(view, hands=bad)


def test_the_default_objective_is_the_bid_and_may_be_overridden() -> None:
    _, state = _late_round()
    position = position_of(state)
    seat = position.to_move
    assert position.objective == ObjectiveSpec("exact", state.bids[seat], None, seat)  # type: ignore[attr-defined]
    tricks = position_of(state, objective=ObjectiveSpec())
    assert tricks.objective.type == "tricks"
    left = position.tricks_left()
    with pytest.raises(StichError, match="more than the tricks of the round"):
        position_of(state, objective={"type": "exact", "k": sum(state.won) + left + 1, "seat": seat})


def test_a_secret_is_hypothesised_only_where_the_game_has_one() -> None:
    _, state = _late_round()
    with pytest.raises(StichError, match="no secret"):
        position_of(state, secret={"trump_suit": "R", "trump_number": 1})


def test_a_round_before_its_cards_are_settled_is_no_position() -> None:
    """24 before the exchanges: the hands will still change."""
    record = _record("24", 3)
    state = start_round(record)
    with pytest.raises(StichError, match="trump phase"):
        position_of(state)


def test_a_bidding_round_is_a_position_from_the_first_bid() -> None:
    """Bids change neither the hands nor the trump: the position is the first trick's."""
    record = _record("stiche-raten", 3)
    state = start_round(record)
    position = position_of(state, objective={"type": "tricks", "seat": 0})
    assert position.leader == state.leader and position.trick == () and sum(position.won) == 0
    assert list(position.hands) == list(state.hands)
