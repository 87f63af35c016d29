"""Arena bots for 24 that play as ``advisor:32`` (or the advisor as it was before, `BEFORE`) in
some kinds of decision and as the heuristic bot in the others, to find where the advisor's
points against the heuristic are won or lost; and the variants of the call, the exchange and
the card play tried (docs/research/2026-12-03-24-strength.md).

    mkdir -p /tmp/t24bots && cp bench/t24_bots.py /tmp/t24bots/
    PYTHONPATH=/tmp/t24bots stich arena 24 --players 3 \\
        --bots t24_bots:EXCHANGE_H,heuristic,random --rounds 100 --seed 2 --jobs 1
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from stich.games.base import Event
from stich.games.cards import CardSet, iter_cards, mask_of
from stich.games.vierundzwanzig import (
    HAND,
    SUITS,
    TRICKS,
    VierUndZwanzigRound,
    per_trick_points,
    points_of_seat,
    rules_24,
    suit_of,
    value_of,
)
from stich.hints.advice import Budget
from stich.hints.advisors.vierundzwanzig import playout
from stich.hints.advisors.vierundzwanzig.advisor import (
    ADVISOR,
    EXCHANGE_DRAWS,
    VierUndZwanzigAdvisor,
    _complete,
    _points_position,
    _solved_value,
    _world_rng,
)
from stich.hints.advisors.vierundzwanzig.heuristic import vierundzwanzig_heuristic
from stich.hints.dd import value
from stich.hints.session import Session
from stich.hints.valuation import Valuation
from stich.hints.worlds import World, WorldSource

WORLDS = 32

BEFORE = VierUndZwanzigAdvisor(exchange_by="dd", keep_ones=False)
"""The advisor as it was before: its call's worlds without exchanges, its exchange double-dummy."""


class Parts:
    """``advisor`` (``worlds`` worlds) in the phases ``advised`` (of ``trump``, ``exchange``,
    ``play``), the heuristic bot in the others."""

    def __init__(
        self,
        name: str,
        advised: frozenset[str],
        advisor: VierUndZwanzigAdvisor = ADVISOR,
        worlds: int = WORLDS,
    ) -> None:
        self.name = name
        self.advisor = advisor
        self.advised = advised
        self.worlds = worlds

    def act(self, session: Session, rng: random.Random) -> Event:
        state = session.round
        assert isinstance(state, VierUndZwanzigRound)
        legal = session.legal()
        if len(legal) == 1:
            return legal[0]
        if state.phase not in self.advised:
            return vierundzwanzig_heuristic(session, rng)
        found = self.advisor.valuation(session)
        return found.advise(session, Budget(worlds=self.worlds, seed=rng.getrandbits(32))).action


ALL = frozenset({"trump", "exchange", "play"})

FORMER = Parts("former:32", ALL, BEFORE)
"""``advisor:32`` as it was before (`BEFORE`)."""

PLAY_H = Parts("play-h", frozenset({"trump", "exchange"}), BEFORE)
"""The former advisor's call and exchange, the heuristic's card play."""

CALL_A = Parts("call-a", frozenset({"trump"}), BEFORE)
"""The former advisor's call, the heuristic's exchange and card play."""

EXCHANGE_H = Parts("exchange-h", frozenset({"trump", "play"}), BEFORE)
"""The former advisor's call and card play, the heuristic's exchange."""

PLAYOUT_ONES = Parts("playout-ones:32", ALL, VierUndZwanzigAdvisor(keep_ones=False))
"""The former advisor with the exchange valued by play-outs, a 1 among the cards it may give."""

PLAYOUT_ONES_H = Parts(
    "playout-h",
    frozenset({"trump", "exchange"}),
    VierUndZwanzigAdvisor(keep_ones=False),
)
"""As ``PLAYOUT_ONES`` with the heuristic's card play."""

KEEP1 = Parts("keep-ones:32", ALL, VierUndZwanzigAdvisor())
"""The former advisor with the exchange valued by play-outs and never giving a 1 away."""


def rule_exchanges(
    hands: Sequence[CardSet], stock: Sequence[int], trump: int, order: Sequence[int]
) -> list[CardSet]:
    """Every seat's hand after the exchanges, in ``order``, by the heuristic's rule of thumb: a seat
    gives away its side cards of 2 to 9, at most three, the lowest first, and draws as many from
    the top of ``stock``."""
    out = list(hands)
    top = 0
    for seat in order:
        side = [c for c in iter_cards(out[seat]) if suit_of(c) not in (None, trump) and 2 <= value_of(c) <= 9]
        give = sorted(side, key=value_of)[:3]
        out[seat] = out[seat] & ~mask_of(give) | mask_of(stock[top : top + len(give)])
        top += len(give)
    return out


@dataclass(frozen=True)
class CallExchanges(VierUndZwanzigAdvisor):
    """The advisor whose call's worlds exchange: after the deal is completed every seat, from the
    start player on, exchanges by `rule_exchanges` from a shuffled stock before the solve."""

    def trump_call(self, session: Session, state: VierUndZwanzigRound) -> Valuation:
        seat = session.seat
        legal = session.legal()
        order = state.exchange_order()

        def evaluate(world: World) -> tuple[list[float], None]:
            rng = _world_rng(world)
            dealt = _complete(world.hands, world.out, HAND, rng)
            stock = list(iter_cards(world.out & ~mask_of(c for h in dealt for c in iter_cards(h))))
            rng.shuffle(stock)
            values = []
            for event in legal:
                trump = SUITS.index(str(event["trump"]).upper())
                hands = rule_exchanges(dealt, stock, trump, order)
                values.append(_solved_value(state, hands, trump, bool(event.get("blind")), seat))
            return values, None

        found = super().trump_call(session, state)
        return replace(found, evaluate=evaluate)


CALL_X = Parts("call-x", frozenset({"trump"}), CallExchanges())
"""The call whose worlds exchange by the rule of thumb, the heuristic everywhere else (tried, not
adopted)."""

KEEP1_H = Parts("keep-ones-h", frozenset({"trump", "exchange"}))
"""The advisor's call and exchange, the heuristic's card play."""

WIDE_H = Parts("wide-h", frozenset({"trump", "exchange"}), VierUndZwanzigAdvisor(exchange_cards=4))
"""As ``KEEP1_H`` with the exchange's candidates from the 4 weakest cards but the 1s, not 3."""

CALL_0 = Parts("call-0", frozenset({"trump"}), BEFORE)
"""The former call (no exchange in its worlds), the heuristic everywhere else."""


class AlwaysBlind:
    """Yellow blind at every call, the heuristic everywhere else (a yardstick for the stakes)."""

    name = "always-blind"

    def act(self, session: Session, rng: random.Random) -> Event:
        for event in session.legal():
            if event.get("blind"):
                return event
        return vierundzwanzig_heuristic(session, rng)


ALWAYS_BLIND = AlwaysBlind()


def _call_values(session: Session, rng: random.Random, worlds: int, alpha: float) -> list[float]:
    """Each legal call's value over ``worlds`` sampled worlds, solved double-dummy for the seat's
    tricks against all the others as the former call did (no exchanges): minus the seat's round
    points, plus ``alpha`` times the others' mean round points, taking the others' tricks to
    share the rest evenly (their no-trick penalties left out)."""
    state = session.round
    assert isinstance(state, VierUndZwanzigRound)
    seat = session.seat
    legal = session.legal()
    n = state.game.players - sum(state.dropped)
    source = WorldSource(session, unseen=state.second_deal[seat] or 0)
    totals = [0.0] * len(legal)
    penalty = bool(state.game.options["caller_penalty"])
    for _ in range(worlds):
        world = source.draw(rng)
        hands = _complete(world.hands, world.out, HAND, _world_rng(world))
        for i, event in enumerate(legal):
            trump = SUITS.index(str(event["trump"]).upper())
            blind = bool(event.get("blind"))
            tricks = int(value(_points_position(state, hands, trump, blind, seat, "tricks")))
            own = points_of_seat(tricks, trump, blind, True, penalty)
            others = -per_trick_points(trump, blind) * (TRICKS - tricks) / (n - 1)
            totals[i] += -own + alpha * others
    return totals


class RelativeCall:
    """The call by `_call_values` with ``alpha``; the heuristic everywhere else."""

    def __init__(self, name: str, alpha: float, worlds: int = WORLDS) -> None:
        self.name = name
        self.alpha = alpha
        self.worlds = worlds

    def act(self, session: Session, rng: random.Random) -> Event:
        state = session.round
        assert isinstance(state, VierUndZwanzigRound)
        legal = session.legal()
        if len(legal) == 1:
            return legal[0]
        if state.phase == "trump":
            values = _call_values(session, random.Random(rng.getrandbits(32)), self.worlds, self.alpha)
            return legal[max(range(len(legal)), key=values.__getitem__)]
        return vierundzwanzig_heuristic(session, rng)


REL0 = RelativeCall("rel-0", 0.0)
"""The former call (own points alone), the heuristic everywhere else."""

REL1 = RelativeCall("rel-1", 1.0)
"""The call by own points minus the others' mean points, the heuristic everywhere else."""


def exchange_crn(session: Session, worlds: int, seed: int) -> Event:
    """The former exchange (double-dummy) with common draws: in each world every candidate draws
    the first cards of one shuffle of the unseen cards out of play (the former exchange drew each
    candidate's cards on their own)."""
    state = session.round
    assert isinstance(state, VierUndZwanzigRound)
    valuation = BEFORE.exchange(session, state)
    seat = session.seat
    hand = state.hands[seat] or 0
    trump = state.trump if state.trump is not None else 0
    candidates = [e for e, _ in valuation.choices]
    source = WorldSource(session)
    rng = random.Random(seed)
    totals = [0.0] * len(candidates)
    for _ in range(worlds):
        world = source.draw(rng)
        pool = list(iter_cards(world.out))
        rng.shuffle(pool)
        for i, event in enumerate(candidates):
            give = [state.deck.parse(c) for c in event.get("exchange") or []]
            hands = list(world.hands)
            hands[seat] = hand & ~mask_of(give) | mask_of(pool[: len(give)])
            totals[i] += _solved_value(state, hands, trump, state.blind, seat)
    best = sorted(candidates[max(range(len(candidates)), key=totals.__getitem__)].get("exchange") or [])
    for event in session.legal():
        if sorted(event.get("exchange") or []) == best and not event.get("drop"):
            return event
    raise AssertionError("no legal exchange")


class Crn:
    """The former call, `exchange_crn`, the heuristic's card play."""

    name = "crn-h"

    def act(self, session: Session, rng: random.Random) -> Event:
        state = session.round
        assert isinstance(state, VierUndZwanzigRound)
        legal = session.legal()
        if len(legal) == 1:
            return legal[0]
        if state.phase == "exchange":
            return exchange_crn(session, WORLDS, rng.getrandbits(32))
        if state.phase == "play":
            return vierundzwanzig_heuristic(session, rng)
        found = BEFORE.valuation(session)
        return found.advise(session, Budget(worlds=WORLDS, seed=rng.getrandbits(32))).action


CRN_H = Crn()


PLAY_METHOD = "play-outs of sampled worlds, every seat playing on by rules of thumb"


@dataclass(frozen=True)
class PlayoutPlay(VierUndZwanzigAdvisor):
    """The advisor whose card play is valued by play-outs rather than double-dummy: each card
    played first in each sampled world, then every seat (the seat's own later cards too) playing
    on by the heuristic's card rule (`playout.play_on`); without Trump Chaos (else as before)."""

    def play(self, session: Session, state: VierUndZwanzigRound) -> Valuation:
        if state.may_name_trump() or state.next_trump != state.trump:
            return super().play(session, state)
        return self.play_by_playouts(session, state)

    def play_by_playouts(self, session: Session, state: VierUndZwanzigRound) -> Valuation:
        seat = session.seat
        legal = session.legal()
        trump = state.trump if state.trump is not None else 0
        seats = [s for s in range(state.game.players) if not state.dropped[s]]
        played = mask_of(c for t in state.tricks for c in t.cards) | mask_of(state.trick_cards)
        gone = [0] * state.game.players
        gone[seat] = state.gone & ~played  # the cards it gave away
        penalty = bool(state.game.options["caller_penalty"])
        firsts = [(state.deck.parse(str(e["play"])), bool(e.get("reverse"))) for e in legal]

        def evaluate(world: World) -> tuple[list[float], None]:
            values = []
            for first in firsts:
                won = playout.play_on(
                    world.hands,
                    trump,
                    state.reversed,
                    state.next_reversed,
                    seats,
                    state.leader,
                    state.trick_cards,
                    state.won,
                    played,
                    gone,
                    first,
                )
                points = points_of_seat(won[seat], trump, state.blind, seat == state.caller, penalty)
                values.append(float(-points))
            return values, None

        found = super().play(session, state)
        return replace(found, evaluate=evaluate, method=PLAY_METHOD)


PLAYOUT_PLAY = Parts("playout-play:32", ALL, PlayoutPlay())
"""The advisor with its card play valued by play-outs (every seat playing on by the heuristic's
card rule) rather than double-dummy."""


INFER_DRAWS = 16  # candidate worlds a world is chosen from
FOLLOWS = 2  # a seat no candidate fits with fewer misses is taken not to follow the rule
MISS = 0.25  # the weight of a world for each past card a rule-following seat played otherwise


def _rule_misses(state: VierUndZwanzigRound, world: World, seat: int) -> dict[int, int]:
    """For each other seat, how many of the cards it played in this round the heuristic's card rule
    (`playout._rule_card`) would not have played from its hand in ``world`` (its hand then: the
    world's and the cards it played since; the cards it gave away taken as unseen)."""
    tricks: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
    by_rules = {rules_24(t, bool(r)): t * 2 + r for t in range(4) for r in (0, 1)}
    trump, rev = state.trump or 0, state.reversed
    for t in state.tricks:
        assert t.rules is not None
        tricks.append((by_rules[t.rules], t.seats, t.cards))
    tricks.append((trump * 2 + rev, tuple(state.trick_seats), tuple(state.trick_cards)))
    held = list(world.hands)
    for _, seats, cards in tricks:
        for s, c in zip(seats, cards, strict=True):
            held[s] |= 1 << c
    misses = {s: 0 for s in range(len(held)) if s != seat}
    played = 0
    for st, seats, cards in tricks:
        cls, tp, lp, beaters = playout._tables(st // 2, bool(st % 2))
        best = -1
        for pos, (s, c) in enumerate(zip(seats, cards, strict=True)):
            if s != seat:
                hand = held[s]
                if (
                    playout._rule_card(
                        cls, tp, lp, beaters, cards[:pos], best, hand, playout.ALL & ~hand & ~played
                    )
                    != c
                ):
                    misses[s] += 1
            if not pos or playout._wins(cls, tp, lp, cards[:pos], best, c):
                best = c
            held[s] &= ~(1 << c)
            played |= 1 << c
    return misses


@dataclass(frozen=True)
class Inferring(PlayoutPlay):
    """The advisor whose card play draws each world from ``INFER_DRAWS`` candidates, weighted by
    how well the cards played fit the heuristic's card rule: a factor ``MISS`` for each card a
    seat played otherwise, for the seats some candidate fits with fewer than ``FOLLOWS`` misses
    (the others taken not to follow the rule)."""

    def play_by_playouts(self, session: Session, state: VierUndZwanzigRound) -> Valuation:
        found = super().play_by_playouts(session, state)
        seat = session.seat
        draw = found.draw

        def weighted(rng: random.Random) -> World:
            candidates = [draw(rng) for _ in range(INFER_DRAWS)]
            misses = [_rule_misses(state, w, seat) for w in candidates]
            followers = [s for s in misses[0] if min(m[s] for m in misses) < FOLLOWS]
            weights = [MISS ** sum(m[s] for s in followers) for m in misses]
            return rng.choices(candidates, weights)[0]

        return replace(found, draw=weighted)


INFER = Parts("infer:32", ALL, Inferring())
"""The advisor with its card play by play-outs over worlds weighted by the heuristic's card rule."""


@dataclass(frozen=True)
class CallDraws(VierUndZwanzigAdvisor):
    """The advisor whose call completes each world's deal ``call_draws`` times (the caller's last
    three cards and everyone's), each solved double-dummy as the call does, the values averaged:
    more deals for the call at the same number of worlds."""

    call_draws: int = 4

    def trump_call(self, session: Session, state: VierUndZwanzigRound) -> Valuation:
        seat = session.seat
        legal = session.legal()
        calls = [(SUITS.index(str(e["trump"]).upper()), bool(e.get("blind"))) for e in legal]

        def evaluate(world: World) -> tuple[list[float], None]:
            rng = _world_rng(world)
            values = [0.0] * len(calls)
            for _ in range(self.call_draws):
                hands = _complete(world.hands, world.out, HAND, rng)
                for i, (trump, blind) in enumerate(calls):
                    values[i] += _solved_value(state, hands, trump, blind, seat) / self.call_draws
            return values, None

        found = super().trump_call(session, state)
        return replace(found, evaluate=evaluate)


CALL_MORE = Parts("call-more:32", ALL, CallDraws())
"""The advisor with 4 completions of the deal a world for its call."""


@dataclass(frozen=True)
class Mixed(PlayoutPlay):
    """The advisor whose card play is valued, world by world, by the mean of the double-dummy
    value and the play-outs' (`play_by_playouts`): the one too pessimistic about the others
    (playing together against the seat, every card known), the other about the seat's own
    later cards (the rule of thumb)."""

    def play(self, session: Session, state: VierUndZwanzigRound) -> Valuation:
        dd = VierUndZwanzigAdvisor.play(self, session, state)
        if state.may_name_trump() or state.next_trump != state.trump:
            return dd
        po = self.play_by_playouts(session, state)

        def evaluate(world: World) -> tuple[list[float], None]:
            a, _ = dd.evaluate(world)
            b, _ = po.evaluate(world)
            return [(x + y) / 2 for x, y in zip(a, b, strict=True)], None

        return replace(dd, evaluate=evaluate)


MIX = Parts("mix:32", ALL, Mixed())
"""The advisor with its card play valued by the mean of double-dummy and play-outs."""


@dataclass(frozen=True)
class BlindBonus(VierUndZwanzigAdvisor):
    """The advisor whose call adds ``bonus`` points to yellow blind's value: the double-dummy call
    takes the seat's tricks too low (one against all, no exchange), and a blind call's value
    twice yellow's, so it is hurt twice (records of `advisor:32`: blind calls realised 8.9 points
    a round against 5.5 valued, the other calls 1.7 against 0.7)."""

    bonus: float = 2.0

    def trump_call(self, session: Session, state: VierUndZwanzigRound) -> Valuation:
        found = super().trump_call(session, state)
        blind = [bool(e.get("blind")) for e, _ in found.choices]
        evaluate = found.evaluate

        def shifted(world: World) -> tuple[list[float], None]:
            values, _ = evaluate(world)
            return [v + self.bonus if b else v for v, b in zip(values, blind, strict=True)], None

        return replace(found, evaluate=shifted)


BLIND2 = Parts("blind2:32", ALL, BlindBonus())
"""The advisor with 2 points added to yellow blind's value at the call."""


@dataclass(frozen=True)
class CallDrawsBlind(BlindBonus, CallDraws):
    """The call of `CallDraws` (4 completions of the deal a world) with `BlindBonus`'s 2 points."""


CALL_MB = Parts("call-mb:32", ALL, CallDrawsBlind())
"""The advisor with 4 completions of the deal a world for its call and 2 points for yellow blind."""


@dataclass(frozen=True)
class PlayoutCall(VierUndZwanzigAdvisor):
    """The advisor whose call is valued by play-outs: each world's deal completed ``call_draws``
    times (the caller's last three cards, everyone's, and the order of the stock), every seat
    exchanging by `rule_exchanges` from the start player on, then the round played out with every
    seat playing for its own tricks (`playout.play_out`, the exchange's valuation); the seat's
    points under each call, the completions common to every call."""

    call_draws: int = 16

    def trump_call(self, session: Session, state: VierUndZwanzigRound) -> Valuation:
        seat = session.seat
        legal = session.legal()
        order = state.exchange_order()
        calls = [(SUITS.index(str(e["trump"]).upper()), bool(e.get("blind"))) for e in legal]
        penalty = bool(state.game.options["caller_penalty"])
        caller = seat == state.caller

        def evaluate(world: World) -> tuple[list[float], None]:
            rng = _world_rng(world)
            values = [0.0] * len(calls)
            for _ in range(self.call_draws):
                dealt = _complete(world.hands, world.out, HAND, rng)
                held = mask_of(c for h in dealt for c in iter_cards(h))
                stock = list(iter_cards(world.out & ~held))
                rng.shuffle(stock)
                for i, (trump, blind) in enumerate(calls):
                    hands = rule_exchanges(dealt, stock, trump, order)
                    gone = [d & ~h for d, h in zip(dealt, hands, strict=True)]
                    won = playout.play_out(hands, trump, False, state.caller, gone)
                    points = points_of_seat(won[seat], trump, blind, caller, penalty)
                    values[i] -= points / self.call_draws
            return values, None

        found = super().trump_call(session, state)
        return replace(found, evaluate=evaluate)


CALL_PO = Parts("call-po:32", ALL, PlayoutCall())
"""The advisor with its call valued by play-outs after the rule-of-thumb exchanges."""


@dataclass(frozen=True)
class LaterExchanges(VierUndZwanzigAdvisor):
    """The advisor whose exchange has the seats after it exchange too, by `rule_exchanges` from the
    stock its own draw leaves (the advice has them keep their hands): every candidate of a world
    drawing from the same shuffles, the hands then played out as the advice plays them out."""

    def exchange(self, session: Session, state: VierUndZwanzigRound) -> Valuation:
        found = super().exchange(session, state)
        seat = session.seat
        hand = state.hands[seat] or 0
        trump = state.trump if state.trump is not None else 0
        order = state.exchange_order()
        later = [s for s in order[order.index(seat) + 1 :] if not state.dropped[s]]
        penalty = bool(state.game.options["caller_penalty"])
        candidates = [event for event, _ in found.choices]

        def evaluate(world: World) -> tuple[list[float], None]:
            rng = _world_rng(world)
            pool = list(iter_cards(world.out))
            values = [0.0] * len(candidates)
            for _ in range(EXCHANGE_DRAWS):
                rng.shuffle(pool)
                for i, event in enumerate(candidates):
                    if event.get("drop"):
                        continue
                    give = [state.deck.parse(c) for c in event.get("exchange") or []]
                    hands = list(world.hands)
                    hands[seat] = hand & ~mask_of(give) | mask_of(pool[: len(give)])
                    hands = rule_exchanges(hands, pool[len(give) :], trump, later)
                    playing = [0 if state.dropped[s] else h for s, h in enumerate(hands)]
                    won = playout.play_out(playing, trump, False, state.caller)
                    points = points_of_seat(won[seat], trump, state.blind, seat == state.caller, penalty)
                    values[i] -= points / EXCHANGE_DRAWS
            return values, None

        return replace(found, evaluate=evaluate)


EXCH_LATER = Parts("exch-later:32", ALL, LaterExchanges())
"""The advisor whose exchange has the later seats exchange by the rule of thumb."""
