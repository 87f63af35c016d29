"""A reference minimax for small positions, written apart from the fast search.

Plain recursion over the rules as the game modules state them: `games.trick`'s
`legal_plays` and `trick_winner` on each game's own rules function, 24's
declarations as the rulebook gives them, and the scoring of the game modules
(`task_made`, `round_points`). No bounds, no pruning, no collapsed cards: only a
memo of exact states, so that positions of a few cards per hand finish quickly.
It is the oracle the fast search is tested against.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from games.cards import Card, CardSet, iter_cards
from games.trick import TrickRules, legal_plays, trick_winner
from solvers.position import Position

__all__ = ["reference_solve"]

# A move: the card and what it declares, as ((key, value), ...).
RefMove = tuple[Card, tuple[tuple[str, Any], ...]]


def _rules_function(position: Position) -> Callable[[tuple[Any, ...]], TrickRules]:
    """The game's own rules for a dynamic state (24: (trump, reversed, next_trump, next_reversed))."""
    ctx = position.context
    if position.game == "stiche-raten":
        from games.stiche_raten import FRENCH, suit_rules

        rules = suit_rules(FRENCH, ctx["trump"])
        return lambda state: rules
    if position.game == "wizard":
        from games.wizard import wizard_rules

        rules = wizard_rules(str(position.options.get("edition", "seed")), ctx["trump"])
        return lambda state: rules
    if position.game == "was-sticht":
        from games.was_sticht import was_sticht_rules

        rules = was_sticht_rules(ctx["trump_suit"], ctx["trump_number"])
        return lambda state: rules
    if position.game == "stich-fuer-stich":
        from games.stich_fuer_stich import DEFAULT_WEAPONS, sfs_rules

        rules = sfs_rules(ctx["culprit"], ctx["weapon"], ctx.get("weapons") or DEFAULT_WEAPONS)
        return lambda state: rules
    from games.vierundzwanzig import rules_24

    return lambda state: rules_24(state[0], state[1])


def _declarations(
    position: Position, card: Card, state: tuple[Any, ...]
) -> list[tuple[tuple[tuple[str, Any], ...], tuple[Any, ...]]]:
    """24 (rulebook, "1" Played; variant a, Trump Chaos): a 1 may reverse the order from the next
    trick, a 2 may name a new trump for the next trick. Other games declare nothing."""
    if position.game != "24":
        return [((), state)]
    from games.vierundzwanzig import SUITS, value_of

    trump, rev, next_trump, next_rev = state
    out: list[tuple[tuple[tuple[str, Any], ...], tuple[Any, ...]]] = [((), state)]
    if card != 44 and value_of(card) == 1:
        out.append(((("reverse", True),), (trump, rev, next_trump, not next_rev)))
    chaos = bool(position.options.get("trump_chaos")) and not position.context["blind"]
    if card != 44 and value_of(card) == 2 and chaos:
        for new in range(4):
            if new != next_trump:
                out.append(((("trump", SUITS[new]),), (trump, rev, new, next_rev)))
    return out


def _score(
    position: Position,
    won: tuple[int, ...],
    taken: tuple[CardSet, ...],
    last: int | None,
    state: tuple[Any, ...],
) -> int:
    """The objective's value at the end, larger is better for the side."""
    spec = position.objective
    side = position.side()
    if spec.type == "tricks" or (spec.type == "points" and position.game == "stich-fuer-stich"):
        return 0  # counted trick by trick
    if spec.type == "exact":
        return int(sum(won[s] for s in side) == spec.k)
    if spec.type == "task":
        from games.was_sticht import TrickSummary, task_made

        summary = TrickSummary(won, taken, last)
        assert spec.task is not None
        seat = spec.seat if spec.seat is not None else position.to_move
        made = task_made(spec.task, seat, summary)
        if spec.owner is not None:
            return int(made and not task_made(spec.task, spec.owner, summary))
        return int(made)
    from games.vierundzwanzig import round_points

    ctx = position.context
    caller = ctx["caller"] if ctx["caller"] is not None else -1
    points = round_points(won, state[2], ctx["blind"], caller, ctx["caller_penalty"], ctx["dropped"])
    return -sum(points[s] for s in side)


def reference_solve(position: Position) -> tuple[int, list[tuple[RefMove, int]]]:
    """The value of a position and of each legal move (as the fast search reports them, before
    `report`: remaining tricks, 0/1, or minus the side's 24 points)."""
    rules_of = _rules_function(position)
    seats = position.playing
    side = set(position.side())
    ctx = position.context
    if position.game == "24":
        state0: tuple[Any, ...] = (ctx["trump"], ctx["reversed"], ctx["next_trump"], ctx["next_reversed"])
    else:
        state0 = ()
    memo: dict[Any, int] = {}
    spec = position.objective
    counts_tricks = spec.type == "tricks" or (spec.type == "points" and position.game == "stich-fuer-stich")

    def order_from(leader: int) -> list[int]:
        i = seats.index(leader)
        return [seats[(i + j) % len(seats)] for j in range(len(seats))]

    def moves(
        hands: tuple[CardSet, ...], order: list[int], trick: tuple[Card, ...], state: tuple[Any, ...]
    ) -> list[tuple[RefMove, tuple[Any, ...]]]:
        seat = order[len(trick)]
        legal = legal_plays(rules_of(state), hands[seat], list(trick))
        return [
            ((card, decl), nstate)
            for card in iter_cards(legal)
            for decl, nstate in _declarations(position, card, state)
        ]

    def play(
        hands: tuple[CardSet, ...],
        leader: int,
        trick: tuple[Card, ...],
        state: tuple[Any, ...],
        won: tuple[int, ...],
        taken: tuple[CardSet, ...],
        last: int | None,
        card: Card,
        nstate: tuple[Any, ...],
        alpha: float,
        beta: float,
    ) -> float:
        order = order_from(leader)
        seat = order[len(trick)]
        hands = tuple(h & ~(1 << card) if s == seat else h for s, h in enumerate(hands))
        trick = (*trick, card)
        if len(trick) < len(order):
            return in_trick(hands, leader, trick, nstate, won, taken, last, alpha, beta)
        winner = order[trick_winner(rules_of(state), list(trick))]
        # The order and trump declared during a trick govern the next one (24).
        if position.game == "24":
            nstate = (nstate[2], nstate[3], nstate[2], nstate[3])
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
        state: tuple[Any, ...],
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
        state: tuple[Any, ...],
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
    order0 = order_from(leader0)
    out = [
        (mv, int(play(hands0, leader0, trick0, state0, won0, taken0, None, mv[0], ns, -math.inf, math.inf)))
        for mv, ns in moves(hands0, order0, trick0, state0)
    ]
    seat0 = order0[len(trick0)]
    values = [v for _, v in out]
    return (max(values) if seat0 in side else min(values)), out
