"""A reference minimax for small positions, written apart from the fast search.

Plain recursion over the rules as the game modules state them: `games.trick`'s
`legal_plays` and `trick_winner` on the trick tables the game's context gives for
each state, the declarations it lists (24's reversal and Trump Chaos), and the
scoring of the game modules (a task's `made_by`, the context's `seat_points`). No bounds,
no pruning, no collapsed cards, none of the search's own tables: only a memo of
exact states, so that positions of a few cards per hand finish quickly. It is the
oracle the fast search is tested against.
"""

from __future__ import annotations

import math
from typing import Any

from stich.games.cards import Card, CardSet, iter_cards
from stich.games.trick import legal_plays, trick_winner
from stich.games.trick_tables import Declaration
from stich.solvers.position import ObjectiveKind, Position

__all__ = ["reference_solve", "reference_value"]

# A move: the card and what it declares, as ((key, value), ...).
RefMove = tuple[Card, Declaration]
# The trick tables' states (live for the current trick, pending for the next one).
State = tuple[int, int]


def _score(
    position: Position,
    won: tuple[int, ...],
    taken: tuple[CardSet, ...],
    last: int | None,
    state: State,
) -> int:
    """The objective's value at the end, larger is better for the side."""
    spec = position.objective
    side = position.side()
    if _counts_tricks(position):
        return 0  # counted trick by trick
    if spec.type is ObjectiveKind.EXACT:
        return int(sum(won[s] for s in side) == spec.k)
    if spec.type is ObjectiveKind.TASK:
        assert spec.task is not None
        task = position.rules_game.task_of(spec.task)
        seat = spec.seat if spec.seat is not None else position.to_move
        made = task.made_by(seat, won, taken, last)
        if spec.owner is not None:
            return int(made and not task.made_by(spec.owner, won, taken, last))
        return int(made)
    # Round points: the state in force at the end decides (24: the trump named last).
    return -sum(position.context.seat_points(s, won[s], state[0]) for s in side)


def _counts_tricks(position: Position) -> bool:
    kind = position.objective.type
    return kind is ObjectiveKind.TRICKS or (
        kind is ObjectiveKind.POINTS and position.rules_game.points_count_tricks
    )


def reference_value(position: Position) -> int:
    """The value of a position alone (`reference_solve`'s first part), the root's moves searched
    with alpha-beta cut-offs like every other node rather than each to its exact value."""
    return reference_solve(position, each_move=False)[0]


def reference_solve(position: Position, each_move: bool = True) -> tuple[int, list[tuple[RefMove, int]]]:
    """The value of a position and of each legal move (as the fast search reports them, before
    `report`: remaining tricks, 0/1, or minus the side's 24 points); without ``each_move``, the
    value alone and no moves."""
    trick_tables = position.context.trick_tables()
    seats = position.playing
    side = set(position.side())
    state0: State = (trick_tables.live, trick_tables.pending)
    memo: dict[Any, int] = {}
    counts_tricks = _counts_tricks(position)

    def order_from(leader: int) -> list[int]:
        i = seats.index(leader)
        return [seats[(i + j) % len(seats)] for j in range(len(seats))]

    def moves(
        hands: tuple[CardSet, ...], order: list[int], trick: tuple[Card, ...], state: State
    ) -> list[tuple[RefMove, State]]:
        seat = order[len(trick)]
        live, pending = state
        legal = legal_plays(trick_tables.states[live], hands[seat], list(trick))
        return [
            ((card, decl), (live, npending))
            for card in iter_cards(legal)
            for decl, npending in trick_tables.choices(pending, card)
        ]

    def play(
        hands: tuple[CardSet, ...],
        leader: int,
        trick: tuple[Card, ...],
        state: State,
        won: tuple[int, ...],
        taken: tuple[CardSet, ...],
        last: int | None,
        card: Card,
        nstate: State,
        alpha: float,
        beta: float,
    ) -> float:
        order = order_from(leader)
        seat = order[len(trick)]
        hands = tuple(h & ~(1 << card) if s == seat else h for s, h in enumerate(hands))
        trick = (*trick, card)
        if len(trick) < len(order):
            return in_trick(hands, leader, trick, nstate, won, taken, last, alpha, beta)
        winner = order[trick_winner(trick_tables.states[state[0]], list(trick))]
        # What was declared during a trick governs the next one (24's order and Trump Chaos).
        nstate = (nstate[1], nstate[1])
        if counts_tricks:
            # Only the tricks still to come count: the state need not remember who won what.
            return (1 if winner in side else 0) + at_boundary(hands, winner, nstate, won, taken, None)
        won = tuple(w + (1 if s == winner else 0) for s, w in enumerate(won))
        cards = sum(1 << c for c in trick)
        taken = tuple(t | cards if s == winner else t for s, t in enumerate(taken))
        return at_boundary(hands, winner, nstate, won, taken, winner)

    def at_boundary(
        hands: tuple[CardSet, ...],
        leader: int,
        state: State,
        won: tuple[int, ...],
        taken: tuple[CardSet, ...],
        last: int | None,
    ) -> int:
        """The exact value at the start of a trick (remembered)."""
        if any(hands[s] == 0 for s in seats):
            return _score(position, won, taken, last, state)
        key = (hands, leader, state, won, taken, last)
        if key not in memo:
            memo[key] = int(in_trick(hands, leader, (), state, won, taken, last, -math.inf, math.inf))
        return memo[key]

    def in_trick(
        hands: tuple[CardSet, ...],
        leader: int,
        trick: tuple[Card, ...],
        state: State,
        won: tuple[int, ...],
        taken: tuple[CardSet, ...],
        last: int | None,
        alpha: float,
        beta: float,
    ) -> float:
        """Minimax inside a trick, with alpha-beta cut-offs: exact when the value lies in (alpha, beta)."""
        order = order_from(leader)
        maximize = order[len(trick)] in side
        best = -math.inf if maximize else math.inf
        for (card, _decl), nstate in moves(hands, order, trick, state):
            v = play(hands, leader, trick, state, won, taken, last, card, nstate, alpha, beta)
            if maximize:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    hands0 = position.hands
    leader0 = position.leader
    trick0 = position.trick
    won0 = position.won
    taken0 = position.taken
    if not trick0 and any(hands0[s] == 0 for s in seats):
        return _score(position, won0, taken0, None, state0), []
    if not each_move:
        return int(in_trick(hands0, leader0, trick0, state0, won0, taken0, None, -math.inf, math.inf)), []
    order0 = order_from(leader0)
    out = [
        (mv, int(play(hands0, leader0, trick0, state0, won0, taken0, None, mv[0], ns, -math.inf, math.inf)))
        for mv, ns in moves(hands0, order0, trick0, state0)
    ]
    seat0 = order0[len(trick0)]
    values = [v for _, v in out]
    return (max(values) if seat0 in side else min(values)), out
