"""Was sticht?: a draft pick valued by the round it leads to, over the trumps still possible.

A pick is worth what the hand it goes into will score. In one world the trumps are drawn from
those still possible (as likely as the posterior says: the deal draws them uniformly and an
announcement only rules some out), and the rest of the draft is dealt at random — the cards of
the column the others still pick from, and each later column among its pickers in pick order
(with 3 players the column's leftover card to the Table). With every hand then known the round
is valued as the task choice values it (`hints.advisors.was_sticht.playout`): each task the seat
may choose by its chip's value times its share of `DRAFT_PLAYOUTS` play-outs made, every seat
playing for its own task (the others' tasks drawn as a chooser with its hand would choose
them), and the pick is worth the best of these — the task the hand will be played for.

Every pick of the column is valued on the same worlds (the same trumps, the same random deal of
the rest, the same play-outs' random numbers), so that the difference between two picks is
paired. The rest of the draft is dealt at random, the seat's later picks too: a floor for a
drafter who picks well later, the same floor for every pick now.

The dealer knows the trumps and chooses no task: it takes the card strongest under them
(`hints.advisors.was_sticht.heuristic.card_strength`), as before.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from functools import cache

from stich.deducer.hypotheses import members
from stich.games.base import Event
from stich.games.cards import Card, CardSet, iter_cards
from stich.games.errors import StichError
from stich.games.events import event_pick
from stich.games.trick import TrickRules
from stich.games.was_sticht import DECK, Task, TaskKind, WasStichtRound
from stich.hints.advisors.bids.playout import Tables, tables_of
from stich.hints.advisors.was_sticht.playout import Deal, Rng, made_share, task_weights
from stich.hints.figures import POINTS, shown
from stich.hints.session import Session
from stich.hints.valuation import Alternative, Tally, Valuation
from stich.hints.worlds import World

__all__ = [
    "DRAFT_PLAYOUTS",
    "OTHERS_PLAYOUTS",
    "TRUE_DEALS",
    "best_task",
    "pick_valuation",
    "under_true_trumps",
]

DRAFT_PLAYOUTS = 8
"""Play-outs of each of the seat's tasks in one world of a draft pick."""

OTHERS_PLAYOUTS = 8
"""Play-outs per task when drawing which task another chooser takes, in a world of a draft pick."""


def _rest_of_draft(state: WasStichtRound, rng: random.Random) -> tuple[list[int], list[list[int]]]:
    """One random deal of the rest of the draft: the order in which the cards still in the current
    column go to the seats still to pick from it (the seat to move's card taken out of it later),
    and each later column's cards in its pick order (with 3 players the last is the Table's)."""
    left = list(iter_cards(state.column_left))
    rng.shuffle(left)
    later = []
    for column in state.layout[state.column + 1 :]:
        cards = list(column)
        rng.shuffle(cards)
        later.append(cards)
    return left, later


def _hands_after(
    state: WasStichtRound, pick: Card, left: Sequence[Card], later: Sequence[Sequence[Card]]
) -> list[CardSet]:
    """Every seat's hand at the end of the draft when the seat to move takes ``pick`` and the rest
    goes as ``left`` and ``later`` deal it."""
    n = state.game.players
    hands = [state.hands[s] or 0 for s in range(n)]
    order = state.pick_order()
    done = len(state.column_cards)
    hands[order[done]] |= 1 << pick
    rest = [c for c in left if c != pick]
    for seat, card in zip(order[done + 1 :], rest, strict=False):
        hands[seat] |= 1 << card
    for k, cards in enumerate(later, start=state.column + 1):
        marker = (state.dealer + 1 + k) % n
        for i, card in enumerate(cards[:n]):
            hands[(marker + i) % n] |= 1 << card
    return hands


def _colours(tables: Tables) -> tuple[CardSet, ...]:
    return tuple(tables.local(Task(TaskKind.NO_COLOUR, colour=c).cards) for c in range(4))


def _deal(
    tables: Tables, colours: tuple[CardSet, ...], state: WasStichtRound, hands: Sequence[CardSet]
) -> Deal:
    """The round at its first trick with these hands, in the play-out's numbering."""
    n = state.game.players
    return Deal(
        tables,
        tuple(tables.local(h) for h in hands),
        (0,) * n,
        (0,) * n,
        (state.dealer + 1) % n,
        (),
        0,
        None,
        state.dealer,
        colours,
    )


def best_task(d: Deal, state: WasStichtRound, seat: int, seed: int) -> tuple[float, str, float]:
    """The seat's best task in this deal: its expected points (chip value × share made), its id and
    the share made. The others' tasks are drawn as choosers with their hands would choose them."""
    n = state.game.players
    values = state.game.chip_values()
    rng = Rng(seed)
    draw = random.Random(seed)
    tasks: list[Task | None] = [None] * n
    for other in state.task_order():
        if other == seat:
            continue
        choices = state.choices(other)
        weights = task_weights(d, other, choices, values, rng, OTHERS_PLAYOUTS)
        tasks[other] = Task.of(draw.choices(choices, weights)[0])
    best = (-1.0, "", 0.0)
    play_seed = rng.next()
    for task in state.choices(seat):
        tasks[seat] = Task.of(task)
        share = made_share(d, tasks, seat, Rng(play_seed), DRAFT_PLAYOUTS, look=True)
        points = values[task] * share
        if points > best[0]:
            best = (points, task, share)
    return best


def pick_valuation(session: Session, state: WasStichtRound) -> Valuation:
    """A non-dealer's draft pick, by the expected points of the best task of the hand it leads to
    (module docstring)."""
    seat = session.seat
    post = session.posterior()
    assert post is not None and session.tracker is not None
    hypotheses = members(post.possible)
    if not hypotheses:
        raise StichError("no trumps fit the announcements so far: see `stich deduce` for why")
    weights = [post.probabilities[h] for h in hypotheses]
    space = session.tracker.space
    legal = session.legal()
    picks = [DECK.parse(event_pick(e)) for e in legal]

    @cache
    def tables(h: int) -> tuple[Tables, tuple[CardSet, ...]]:
        rules: TrickRules = space.rules(h)
        found = tables_of(rules)
        return found, _colours(found)

    def world(seed: int) -> tuple[int, list[int], list[list[int]], int]:
        rng = random.Random(seed)
        h = rng.choices(hypotheses, weights)[0]
        left, later = _rest_of_draft(state, rng)
        return h, left, later, rng.getrandbits(64)

    def evaluate(seed: int) -> tuple[list[float], None]:
        h, left, later, play_seed = world(seed)
        scores: list[float] = []
        for pick in picks:
            d = _deal(*tables(h), state, _hands_after(state, pick, left, later))
            scores.append(best_task(d, state, seat, play_seed)[0])
        return scores, None

    def explain(alternatives: list[Alternative], tally: Tally) -> str:
        return _reason(alternatives, tally, hypotheses, most_often(alternatives[0]))

    def most_often(best: Alternative) -> str:
        """The task the best pick's hand is most often played for, over a few of the same worlds."""
        card = DECK.parse(event_pick(best.action))
        found: Counter[str] = Counter()
        rng = random.Random(len(hypotheses))
        for _ in range(16):
            h, left, later, play_seed = world(rng.getrandbits(64))
            d = _deal(*tables(h), state, _hands_after(state, card, left, later))
            found[best_task(d, state, seat, play_seed)[1]] += 1
        return found.most_common(1)[0][0]

    def truth(world: World, later: Sequence[Event], seed: int, which: Sequence[Event]) -> list[float] | None:
        """The picks in the true deal (`stich analyze`): under the true trumps, the rest of the
        draft dealt at random as the advice deals it (what the others would have picked had the
        seat picked otherwise, the record cannot tell)."""
        if world.secret is None:
            return None
        rng = random.Random(seed)
        left, rest = _rest_of_draft(state, rng)
        play_seed = rng.getrandbits(64)
        deals = (
            _deal(*tables(world.secret), state, _hands_after(state, DECK.parse(event_pick(e)), left, rest))
            for e in which
        )
        return [best_task(d, state, seat, play_seed)[0] for d in deals]

    return Valuation(
        "pick",
        [(e, event_pick(e)) for e in legal],
        evaluate,
        lambda rng: rng.getrandbits(64),
        "expected points",
        explain,
        method="the rest of the draft dealt at random under the trumps still possible, the round played out",
        chance=True,
        true_draw=truth,
    )


def _reason(alternatives: list[Alternative], tally: Tally, hypotheses: Sequence[int], task: str) -> str:
    best = alternatives[0]
    count = len(hypotheses)
    under = "under the trumps" if count == 1 else f"over the {count} trumps still possible"
    reason = (
        f"{best.label}: the hand it goes into is worth {shown(POINTS, best.value)} points {under}, "
        f"played for its best task (most often {task})"
    )
    if len(alternatives) > 1:
        second = alternatives[1]
        reason += f"; next {second.label} {shown(POINTS, second.value)}"
    worlds = f"{tally.worlds} world" + ("" if tally.worlds == 1 else "s")
    return reason + f" ({worlds}: the trumps and the rest of the draft drawn at random, the round played out)"


TRUE_DEALS = 16
"""Deals of the rest of the draft a pick is valued over under the true trumps (`under_true_trumps`)."""


def under_true_trumps(session: Session, state: WasStichtRound) -> Valuation:
    """A drafter's pick valued as `pick_valuation` values it, but under the true trumps (the
    world's secret): the mean over `TRUE_DEALS` deals of the rest of the draft. For the arena's
    all-seeing bot, which is handed the true deal; its ``evaluate`` takes the true world."""
    found = pick_valuation(session, state)
    truth = found.true_draw
    assert truth is not None
    picks = [event for event, _ in found.choices]

    def evaluate(world: World) -> tuple[list[float], None]:
        totals = [0.0] * len(picks)
        for seed in range(TRUE_DEALS):
            values = truth(world, (), seed, picks)
            if values is None:
                raise StichError("the true trumps are not in the world")
            totals = [t + v for t, v in zip(totals, values, strict=True)]
        return [t / TRUE_DEALS for t in totals], None

    return replace(found, evaluate=evaluate, chance=False, exact=True)
