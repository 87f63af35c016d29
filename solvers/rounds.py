"""A round in play as a solver position: `position_of`.

The hint engine asks for hundreds of sampled worlds per decision, each a position
of the same round with other hands (and perhaps another hypothesised secret), so
this path builds the `Position` from ints directly: no JSON, no schema. What a
round state gives every such position (its hands as far as known, tricks won and
cards taken, the default objectives, the contexts per secret) is worked out once
per state and kept until the round moves on.
"""

from __future__ import annotations

import json
import weakref
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from stich.games.base import Event, Game, Round
from stich.games.cards import Card, CardSet, popcount
from stich.games.errors import StichError
from stich.games.record import Record, replay
from stich.games.trick import trick_winner
from stich.games.trick_tables import PlayContext
from stich.solvers.parse import check_objective, parse_objective, parse_teams
from stich.solvers.position import ObjectiveSpec, Position

__all__ = ["position_of", "position_of_record"]


@dataclass
class _RoundFacts:
    """What one state of a round gives every position taken from it."""

    game: Game
    leader: int
    order: tuple[int, ...]  # seats of the current trick, from the leader
    trick: tuple[Card, ...]
    won: tuple[int, ...]
    taken: tuple[CardSet, ...]
    hands: tuple[CardSet | None, ...]  # as the round knows them; 0 for a seat that sits out
    sizes: tuple[int, ...]
    out_of_play: CardSet  # played, or known to be out of the round
    options: dict[str, Any] = field(default_factory=dict)
    contexts: dict[str | None, PlayContext] = field(default_factory=dict)
    objectives: dict[int, ObjectiveSpec] = field(default_factory=dict)


# Per round: (the number of events and the last event, which identify its state; the facts).
_FACTS: weakref.WeakKeyDictionary[Round, tuple[int, Event | None, _RoundFacts]] = weakref.WeakKeyDictionary()


def _facts(round: Round) -> _RoundFacts:
    events = round.events
    last = events[-1] if events else None
    cached = _FACTS.get(round)
    if cached is not None and cached[0] == len(events) and cached[1] is last:
        return cached[2]
    if not round.position_ready():
        raise StichError(
            f"the round is in its {round.phase} phase: a solver position begins with the trick play"
        )
    players = round.game.players
    order = round.trick_order()
    taken = [0] * players
    for trick in round.tricks:
        for card in trick.cards:
            taken[trick.winner] |= 1 << card
    # A seat without cards (sitting out, or at the end) holds nothing, whether the view saw it or not.
    hands = tuple(0 if round.hand_size[s] == 0 else round.hands[s] for s in range(players))
    facts = _RoundFacts(
        round.game,
        round.leader,
        tuple(order),
        tuple(round.trick_cards),
        tuple(round.won),
        tuple(taken),
        hands,
        tuple(round.hand_size),
        round.gone,
        dict(round.game.options),
    )
    _FACTS[round] = (len(events), last, facts)
    return facts


def position_of(
    round: Round,
    *,
    hands: Sequence[CardSet] | None = None,
    secret: object = None,
    objective: ObjectiveSpec | Mapping[str, Any] | None = None,
    teams: Sequence[Sequence[int]] | None = None,
    imagined: Collection[int] = (),
) -> Position:
    """The solver's position of a round in its trick play, at any point (mid-trick too).

    The context comes from the round (`Round.play_context`): trump, secret, 24's order and
    pending declarations, caller, blind, dropped seats, the confidant; so do the tricks won
    and cards taken so far. ``hands`` gives every seat's current hand (one world, e.g.
    sampled where the round's view cannot see them; hands the round knows must agree);
    ``secret`` a hypothesised secret in the record's ``known.secret`` form; ``objective``
    (an `ObjectiveSpec` or its JSON) defaults to what the seat to move plays for in the round
    (`Round.solver_objective`: its bid, its task, its round points); ``teams`` to that seat
    against the others. ``imagined`` seats' hands in ``hands`` may differ from what the round
    knows (a blind bid is made before the bidder looks: its own hand is a guess too). A
    `StichError` names what does not fit.
    """
    facts = _facts(round)
    game = facts.game
    players = game.players
    key = None if secret is None else json.dumps(secret, sort_keys=True, default=str)
    context = facts.contexts.get(key)
    if context is None:
        context = facts.contexts[key] = round.play_context(secret)
    current = _hands(round, facts, hands, imagined)
    leader, trick, won, taken = facts.leader, facts.trick, facts.won, facts.taken
    to_move = facts.order[len(trick)] if len(trick) < len(facts.order) else -1
    if trick and len(trick) == len(facts.order):
        # The trick is complete but not yet closed (Stich für Stich: before the announcement).
        trick_tables = context.trick_tables()
        if trick_tables.live != trick_tables.pending:
            raise StichError("the trick is complete but the next trick's state is not settled")
        leader = facts.order[trick_winner(trick_tables.states[trick_tables.live], trick)]
        cards = sum(1 << c for c in trick)
        won = tuple(w + (s == leader) for s, w in enumerate(won))
        taken = tuple(t | cards if s == leader else t for s, t in enumerate(taken))
        trick = ()
        to_move = leader
    parsed_teams = None if teams is None else parse_teams(teams, players)
    position = Position(
        game.id,
        facts.options,
        game.deck,
        current,
        leader,
        trick,
        parsed_teams,
        ObjectiveSpec(),
        context,
        won,
        taken,
        game,
    )
    if objective is None:
        spec = facts.objectives.get(to_move)
        if spec is None:
            spec = facts.objectives[to_move] = parse_objective(round.solver_objective(to_move), game)
        return _with_objective(position, spec)
    spec = objective if isinstance(objective, ObjectiveSpec) else parse_objective(objective, game)
    position = _with_objective(position, spec)
    check_objective(position)
    return position


def _with_objective(position: Position, spec: ObjectiveSpec) -> Position:
    return Position(
        position.game,
        position.options,
        position.deck,
        position.hands,
        position.leader,
        position.trick,
        position.teams,
        spec,
        position.context,
        position.won,
        position.taken,
        position.rules_game,
    )


def _hands(
    round: Round, facts: _RoundFacts, given: Sequence[CardSet] | None, imagined: Collection[int] = ()
) -> tuple[CardSet, ...]:
    """The round's hands, or the given ones checked against what the round knows (but for the
    ``imagined`` seats)."""
    names = round.names
    if given is None:
        missing = [names[s] for s, h in enumerate(facts.hands) if h is None]
        if missing:
            raise StichError(
                f"the hand of {missing[0]} is not known to this view: give every hand (hands=...)"
            )
        return tuple(h for h in facts.hands if h is not None)
    if len(given) != len(facts.hands):
        raise StichError(f"hands: give {len(facts.hands)} hands, one per seat, got {len(given)}")
    seen = facts.out_of_play
    for seat, hand in enumerate(given):
        known = facts.hands[seat]
        if known is not None and hand != known and seat not in imagined:
            raise StichError(f"hands[{seat}]: {names[seat]}'s hand is known and differs")
        if popcount(hand) != facts.sizes[seat]:
            raise StichError(
                f"hands[{seat}]: {names[seat]} holds {facts.sizes[seat]} cards, not {popcount(hand)}"
            )
        if hand & seen:
            card = round.deck.name_of((hand & seen).bit_length() - 1)
            raise StichError(f"hands[{seat}]: {card} is played, out of the round or in another hand")
        seen |= hand
    return tuple(given)


def position_of_record(
    record: Record, *, objective: ObjectiveSpec | Mapping[str, Any] | None = None
) -> Position:
    """The position where a round record stops: an omniscient record, or a view that knows every hand
    still in play (see `position_of` for ``objective``)."""
    outcome = replay(record)
    if not outcome.ok:
        raise StichError(f"the record breaks the rules at {outcome.error}")
    return position_of(outcome.round, objective=objective)
