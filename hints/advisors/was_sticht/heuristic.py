"""Was sticht?: the heuristic bot's rules of thumb.

Draft the strongest card (`card_strength`: the share of two-card tricks won) under the most
likely trumps; choose the task whose chip's value times the share of `PLAYOUTS` playouts that
make it is highest (the seat plays for the task, the others at random; ties: the share); play
to win or to lose each trick as the task asks (win while ``exactly-k`` is short, win the last
trick, take most; lose otherwise) — with ``no-<colour>``, take a trick without that colour as
the last to play with the highest card not of it, and throw the colour's highest card on a
trick it loses; the dealer plays to lose; it discards its most valuable chip.
"""

from __future__ import annotations

import random

from stich.games.base import Event, Round, Trick
from stich.games.cards import Card, CardSet, bit, iter_cards
from stich.games.errors import StichError
from stich.games.events import event_discard, event_pick, event_task
from stich.games.trick import TrickRules, legal_plays, trick_winner
from stich.games.was_sticht import (
    DECK,
    TRICKS,
    Task,
    TaskKind,
    TrickSummary,
    WasStichtRound,
    colour_of,
    task_made,
)
from stich.hints.advisors.trick_heuristic import play_event, play_for, plays, rules_seen, strength, wins_now
from stich.hints.choices import distinct_choices
from stich.hints.session import Session

__all__ = ["HEURISTIC", "PLAYOUTS", "card_strength", "task_intent", "task_playout", "was_sticht_heuristic"]

PLAYOUTS = 24  # the task choice: playouts of the deal per task held


def card_strength(rules: TrickRules, card: Card, others: CardSet) -> float:
    """The share of two-card tricks against each card of ``others`` that ``card`` wins, once leading
    and once following: 1.0 for the supertrump, near 0 for a low card of a plain colour."""
    wins = total = 0
    for other in iter_cards(others):
        wins += trick_winner(rules, (card, other)) == 0
        wins += trick_winner(rules, (other, card)) == 1
        total += 2
    return wins / total if total else 0.0


def task_intent(task: str | None, won: int, trick: int, tricks: int) -> bool:
    """Whether a Was sticht? player with ``task`` wants the current trick (``trick`` counts from 0)."""
    kind = None if task is None else Task.of(task).kind
    if kind in (None, TaskKind.NO_TRICKS, TaskKind.FEWEST_TRICKS, TaskKind.NO_COLOUR):
        return False
    if kind is TaskKind.EXACTLY:
        return won < (Task.of(task).tricks or 0)
    if kind is TaskKind.LAST_TRICK:
        return trick == tricks - 1
    return True  # most-tricks


def task_playout(
    rules: TrickRules,
    hands: list[CardSet],
    leader: int,
    seat: int,
    task: str,
    tricks: int,
    rng: random.Random,
) -> list[Trick]:
    """The rest of a Was sticht? round: ``seat`` plays for ``task``, the others at random."""
    n = len(hands)
    done: list[Trick] = []
    won = 0
    for t in range(tricks):
        seats = [(leader + i) % n for i in range(n)]
        cards: list[Card] = []
        for position, player in enumerate(seats):
            legal = legal_plays(rules, hands[player], cards)
            if player == seat:
                card = play_for(rules, legal, cards, task_intent(task, won, t, tricks), position == n - 1)
            else:
                card = rng.choice(list(iter_cards(legal)))
            hands[player] &= ~bit(card)
            cards.append(card)
        winner = seats[trick_winner(rules, cards)]
        won += winner == seat
        done.append(Trick(leader, tuple(seats), tuple(cards), winner))
        leader = winner
    return done


def was_sticht_heuristic(session: Session, rng: random.Random) -> Event:
    """The heuristic bot's event in Was sticht? (module docstring)."""

    state = session.round
    if not isinstance(state, WasStichtRound):
        raise StichError("the Was sticht? heuristic needs a Was sticht? round")
    seat = session.seat
    legal = distinct_choices(session.legal())
    values = state.game.chip_values()
    if state.phase == "draft":
        rules = rules_seen(session)

        def pick_strength(event: Event) -> float:
            card = DECK.parse(event_pick(event))
            return card_strength(rules, card, DECK.all & ~bit(card))

        return max(legal, key=pick_strength)
    if state.phase == "tasks":
        rules = rules_seen(session)
        hands = [h or 0 for h in state.hands]
        n = state.game.players

        def made(event: Event) -> tuple[int, int]:
            task = event_task(event)
            count = 0
            for _ in range(PLAYOUTS):
                tricks = task_playout(rules, list(hands), state.leader, seat, task, TRICKS, rng)
                count += task_made(task, seat, TrickSummary.of(tricks, n))
            return count * values[task], count  # the chip's value expected, then the chance

        return max(legal, key=made)
    if state.phase == "play":
        task = state.tasks.get(seat)
        colour = None if task is None else Task.of(task).colour
        if colour is not None:
            return play_event(session, _no_colour_play(state, seat, colour))
        return plays(session, task_intent(task, state.won[seat], len(state.tricks), TRICKS))
    if state.phase == "discard":
        return max(legal, key=lambda e: values[event_discard(e)])
    raise StichError(f"no heuristic for the phase {state.phase!r}")


def _no_colour_play(state: Round, seat: int, colour: int) -> Card:
    """Was sticht?'s ``no-<colour>``: take no trick holding that colour. Last to a trick without
    it, win with the highest card that is not of it (a high card shed safely); otherwise lose,
    throwing the colour's highest losing card first; lead the lowest card of another colour."""
    rules = state.rules()
    if rules is None:
        raise StichError("the trick tables are not known to this seat")
    trick = state.trick_cards
    ordered = sorted(iter_cards(state.legal_cards(seat)), key=lambda c: strength(rules, c))
    last = len(trick) == len(state.trick_order()) - 1
    if not trick:
        other = [c for c in ordered if colour_of(c) != colour]
        return (other or ordered)[0]
    losers = [c for c in ordered if not wins_now(rules, trick, c)]
    if last and not any(colour_of(c) == colour for c in trick):
        safe = [c for c in ordered if colour_of(c) != colour and c not in losers]
        if safe:
            return safe[-1]
    if losers:
        mine = [c for c in losers if colour_of(c) == colour]
        return (mine or losers)[-1]
    other = [c for c in ordered if colour_of(c) != colour]
    return (other or ordered)[-1 if last else 0]


HEURISTIC = was_sticht_heuristic
