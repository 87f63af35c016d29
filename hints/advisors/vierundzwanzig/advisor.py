"""24: the trump call (and yellow blind), the exchange or dropping out, and play with its
declarations (a reversal on a 1, Trump Chaos's new trump on a 2).

Every decision is valued in the points it takes off the seat's score (a round's points,
fewer is better, with the sign turned: more is better, as every advice's value; the player
reads the round's points, lower is better: `hints.figures.TURNED`) over
sampled worlds, each solved double-dummy for the seat against all the others (the
exchange's played out instead, below). Without Trump Chaos a seat's points are a strictly
increasing function of its tricks, and the solver is asked for its tricks (`_by_tricks`):
the same values, a search some 12 times smaller. Before the play the model is simpler than
the game: at the trump call the caller's own second three cards and everyone's are drawn
from the unseen cards and nobody exchanges. At the exchange the cards drawn come uniformly
from the cards out of play the seat cannot see (every candidate of a world drawing from the
same shuffles, `EXCHANGE_DRAWS` of them), the players after it keep their hands, and each
hand is valued by playing the round out with every seat playing for its own tricks by the
heuristic's card rule (`vierundzwanzig_playout`); valued double-dummy for the seat against
all the others, the exchange lost points against the heuristic's rule of thumb
(docs/research/2026-12-03-24-strength.md). Giving away a card only ever helps by what is
drawn, so the candidates are the three weakest cards under the trump but the 1s (their
reversal) in every combination (strength: the share of two-card tricks a card wins against
the unseen cards), keeping the hand, and dropping out where allowed (round points 0).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from stich.games.base import Event
from stich.games.cards import CardSet, iter_cards, mask_of, popcount
from stich.games.errors import StichError
from stich.games.events import event_play, event_trump, exchange_cards, without
from stich.games.vierundzwanzig import (
    HAND,
    SUITS,
    VierUndZwanzigContext,
    VierUndZwanzigRound,
    points_of_seat,
    rules_24,
    value_of,
)
from stich.hints.advisors.vierundzwanzig.heuristic import HEURISTIC as HEURISTIC
from stich.hints.advisors.vierundzwanzig.playout import play_out
from stich.hints.advisors.was_sticht.advisor import card_strength
from stich.hints.dd import move_event, move_values, one_against_all, position, value
from stich.hints.figures import POINTS, TURNED, read, shown_signed
from stich.hints.session import Session
from stich.hints.valuation import Alternative, Tally, TrueDraw, Valuation, worlds_text
from stich.hints.worlds import World, WorldSource
from stich.solvers import ObjectiveSpec, Position, parse_position

__all__ = ["ADVISOR", "VierUndZwanzigAdvisor"]

CANDIDATE_CARDS = 3  # exchange candidates: subsets of this many weakest cards
EXCHANGE_METHOD = {
    "playout": "play-outs of sampled worlds, every seat playing for its own tricks",
    "dd": "double-dummy over sampled worlds",
}
EXCHANGE_DRAWS = 8  # draws of the stock a world, every candidate drawing from the same
VALUE_NAME = "points off your score"  # minus the round's points: more is better (read turned)


def _key(event: Event) -> tuple[tuple[str, Any], ...]:
    """An event without its seat, comparable with a solver move's event."""
    return tuple(sorted((k, v) for k, v in event.items() if k != "seat"))


def _points_position(
    state: VierUndZwanzigRound, hands: list[CardSet], trump: int, blind: bool, seat: int, kind: str = "points"
) -> Position:
    """The position at the first trick after the exchanges, the caller to lead; ``kind``: the
    objective, the seat's round points or (`_solved_value`) its tricks."""
    deck = state.deck
    dropped = [s for s in range(state.game.players) if state.dropped[s]]
    playing = [s for s in range(state.game.players) if s not in dropped]
    data: dict[str, Any] = {
        "game": "24",
        "options": dict(state.game.options),
        "trump": SUITS[trump],
        "blind": blind,
        "caller": state.caller,
        "hands": [deck.names(h) for h in hands],
        "leader": state.caller,
        "objective": {"type": kind, "seat": seat},
        "teams": [list(t) for t in one_against_all(seat, playing)] + [[s] for s in dropped],
    }
    if dropped:
        data["dropped"] = dropped
    return parse_position(data)


def _by_tricks(pos: Position, seat: int) -> Callable[[int], int] | None:
    """The seat's value (minus its round points) as a function of the tricks it takes from ``pos``
    on, when that function is strictly increasing whatever the play: without Trump Chaos the
    trump cannot change, a round's points then depend on the seat's own tricks alone (a trick
    more is always better: none costs 6 or 12 times the trick value, each one takes a value
    off), and the reversals change who wins a trick but not what a trick is worth. The seat's
    best play for its points is then its best play for tricks, and the solver asks the tricks
    objective, whose search is additive (its table keyed on the tricks to come, whatever was
    won before; its quick tricks and bounds apply): the same values with some 12 times fewer
    nodes at a first play. None under Trump Chaos (a 2 may make the tricks of the round
    count twice, or half)."""
    ctx = pos.context
    if not isinstance(ctx, VierUndZwanzigContext) or ctx.chaos or ctx.next_trump != ctx.trump:
        return None
    state = ctx.trump * 2 + ctx.reversed
    won = pos.won[seat]
    values = [-ctx.seat_points(seat, won + t, state) for t in range(pos.tricks_left() + 1)]
    if any(a >= b for a, b in itertools.pairwise(values)):
        return None
    return values.__getitem__


def _solved_value(
    state: VierUndZwanzigRound, hands: list[CardSet], trump: int, blind: bool, seat: int
) -> float:
    """The seat's value at the first trick (`_points_position`), asked as tricks where `_by_tricks`
    allows, else as points."""
    tricks = _points_position(state, hands, trump, blind, seat, "tricks")
    to_value = _by_tricks(tricks, seat)
    if to_value is None:
        return float(value(_points_position(state, hands, trump, blind, seat)))
    return float(to_value(value(tricks)))


def _same(v: int) -> int:
    return v


def _once(value: Callable[[World, Sequence[Event], Event], float | None]) -> TrueDraw:
    """A decision whose value in the true deal is left to no chance (24's call and exchange: every
    card, and the stock's order, known), as `stich analyze` draws it: ``value`` gives a choice's
    (None: the record does not show enough), asked once a choice; every draw is the same."""
    found: dict[str, float | None] = {}

    def draw(world: World, later: Sequence[Event], seed: int, which: Sequence[Event]) -> list[float] | None:
        values = []
        for event in which:
            key = repr(_key(event))  # an exchange's cards are a list
            if key not in found:
                found[key] = value(world, later, event)
            known = found[key]
            if known is None:
                return None
            values.append(known)
        return values

    return draw


def _complete(hands: tuple[CardSet, ...], out: CardSet, size: int, rng: random.Random) -> list[CardSet]:
    """Hands filled up to ``size`` cards from ``out`` (the cards dealt after the trump call)."""
    pool = list(iter_cards(out))
    rng.shuffle(pool)
    full = list(hands)
    for seat, hand in enumerate(full):
        short = size - popcount(hand)
        if short > 0:
            full[seat] = hand | mask_of(pool[:short])
            pool = pool[short:]
    return full


def _world_rng(world: World) -> random.Random:
    """A generator fixed by the world, for what the world leaves open (the order of the stock)."""
    return random.Random(hash((world.hands, world.out)))


def _label(event: Event) -> str:
    if event.get("drop"):
        return "drop out"
    if "exchange" in event:
        cards = exchange_cards(event) or []
        return "keep your hand" if not cards else "give " + " ".join(cards)
    if "trump" in event and "play" not in event:
        return f"{event_trump(event)} blind" if event.get("blind") else str(event_trump(event))
    text = event_play(event)
    if event.get("reverse"):
        text += " reversing"
    if event.get("trump"):
        text += f" naming {event_trump(event)}"
    return text


def _explain(what: str) -> Callable[[list[Alternative], Tally], str]:
    def explain(alternatives: list[Alternative], tally: Tally) -> str:
        best = alternatives[0]
        over = worlds_text(tally.worlds)
        # As the player reads it: the change of the score, lower is better (+: the score rises).
        score = shown_signed(POINTS, read(VALUE_NAME, best.value))
        text = f"{best.label}: {TURNED[VALUE_NAME]} {score} this round, on average over {over}"
        return f"{text} (lower is better; {what})"

    return explain


@dataclass(frozen=True)
class VierUndZwanzigAdvisor:
    """Advice for every decision of 24. ``exchange_by``: how an exchange is valued in a world,
    ``"playout"`` (`vierundzwanzig_playout.play_out`, every seat for its own tricks) or ``"dd"``
    (double-dummy for the seat against all the others, as before)."""

    exchange_by: str = "playout"
    keep_ones: bool = True  # never give a 1 away (its reversal)
    exchange_cards: int = CANDIDATE_CARDS  # the candidates: subsets of this many weakest cards

    def _exchange_value(
        self, state: VierUndZwanzigRound, hands: list[CardSet], trump: int, seat: int
    ) -> float:
        """The seat's value (minus its round points) after the exchanges, by ``exchange_by``."""
        if self.exchange_by == "dd":
            return _solved_value(state, hands, trump, state.blind, seat)
        playing = [0 if state.dropped[s] else h for s, h in enumerate(hands)]
        won = play_out(playing, trump, False, state.caller)
        penalty = bool(state.game.options["caller_penalty"])
        return float(-points_of_seat(won[seat], trump, state.blind, seat == state.caller, penalty))

    def valuation(self, session: Session) -> Valuation:
        state = session.round
        if not isinstance(state, VierUndZwanzigRound):
            raise StichError("the 24 advisor needs a 24 round")
        if state.phase == "trump":
            return self.trump_call(session, state)
        if state.phase == "exchange":
            return self.exchange(session, state)
        if state.phase == "play":
            return self.play(session, state)
        raise StichError(f"no advice for the phase {state.phase!r} of 24")

    def trump_call(self, session: Session, state: VierUndZwanzigRound) -> Valuation:
        seat = session.seat
        legal = session.legal()
        # The caller has seen only its first three cards: the rest is dealt after the call.
        source = WorldSource(session, unseen=state.second_deal[seat] or 0)

        def evaluate(world: World) -> tuple[list[float], None]:
            hands = _complete(world.hands, world.out, HAND, _world_rng(world))
            values = []
            for event in legal:
                trump = SUITS.index(str(event_trump(event)).upper())
                values.append(_solved_value(state, hands, trump, bool(event.get("blind")), seat))
            return values, None

        def called(world: World, event: Event) -> float:
            # Every hand is full in the true deal: nothing is drawn (`_complete`).
            hands = _complete(world.hands, world.out, HAND, _world_rng(world))
            trump = SUITS.index(str(event_trump(event)).upper())
            return _solved_value(state, hands, trump, bool(event.get("blind")), seat)

        what = "your last three cards not yet known, exchanges not modelled"
        choices = [(e, _label(e)) for e in legal]
        return Valuation(
            "trump",
            choices,
            evaluate,
            source.draw,
            VALUE_NAME,
            _explain(what),
            chance=True,
            true_draw=_once(lambda world, later, event: called(world, event)),
            true_exact=True,
        )

    def exchange(self, session: Session, state: VierUndZwanzigRound) -> Valuation:
        seat = session.seat
        legal = session.legal()
        hand = state.hands[seat] or 0
        trump = state.trump if state.trump is not None else 0
        source = WorldSource(session)
        rules = rules_24(trump, state.reversed)
        strength = {c: card_strength(rules, c, source.obs.hidden) for c in iter_cards(hand)}
        kept = [c for c in strength if not (self.keep_ones and value_of(c) == 1)]
        weakest = sorted(kept, key=lambda c: strength[c])[: self.exchange_cards]
        wanted = {
            frozenset(sub) for k in range(len(weakest) + 1) for sub in itertools.combinations(weakest, k)
        }
        candidates: list[Event] = []
        for event in legal:
            raw = event.get("exchange")
            if event.get("drop"):
                candidates.append(event)
            elif isinstance(raw, list) and frozenset(state.deck.parse(c) for c in raw) in wanted:
                candidates.append(without(event, "receive"))

        solve = self._exchange_value
        draws = EXCHANGE_DRAWS if self.exchange_by == "playout" else 1

        def evaluate(world: World) -> tuple[list[float], None]:
            rng = _world_rng(world)
            pool = list(iter_cards(world.out))
            values = [0.0] * len(candidates)  # a dropped player's score does not change: 0
            for _ in range(draws):
                if self.exchange_by == "playout":
                    rng.shuffle(pool)  # every candidate draws from the same shuffle
                for i, event in enumerate(candidates):
                    if event.get("drop"):
                        continue
                    give = [state.deck.parse(c) for c in exchange_cards(event) or []]
                    drawn = (
                        pool[: len(give)] if self.exchange_by == "playout" else rng.sample(pool, len(give))
                    )
                    hands = list(world.hands)
                    hands[seat] = hand & ~mask_of(give) | mask_of(drawn)
                    values[i] += solve(state, hands, trump, seat) / draws
            return values, None

        def exchanged(world: World, later: Sequence[Event], event: Event) -> float | None:
            if event.get("drop"):
                return 0.0  # a dropped player's score does not change
            # The cards it draws: the top of the true stock, in the order the record's exchanges
            # from this one on drew them.
            stock = [state.deck.parse(c) for e in later if "exchange" in e for c in e.get("receive") or []]
            give = [state.deck.parse(c) for c in exchange_cards(event) or []]
            if len(give) > len(stock):
                return None  # the record does not show the cards this choice would draw
            hands = list(world.hands)
            hands[seat] = hand & ~mask_of(give) | mask_of(stock[: len(give)])
            return solve(state, hands, trump, seat)

        what = "the cards drawn are random among those you cannot see"
        if self.exchange_by == "playout":
            what += "; everyone plays for their own tricks by rules of thumb"
        choices = [(e, _label(e)) for e in candidates]
        return Valuation(
            "exchange",
            choices,
            evaluate,
            source.draw,
            VALUE_NAME,
            _explain(what),
            chance=True,
            method=EXCHANGE_METHOD[self.exchange_by],
            true_draw=_once(exchanged),
            true_exact=True,
        )

    def play(self, session: Session, state: VierUndZwanzigRound) -> Valuation:
        seat = session.seat
        legal = session.legal()
        source = WorldSource(session)
        playing = [s for s in range(state.game.players) if not state.dropped[s]]
        out = tuple((s,) for s in range(state.game.players) if state.dropped[s])
        teams = one_against_all(seat, playing) + out
        index = {_key(e): i for i, e in enumerate(legal)}

        def evaluate(world: World) -> tuple[list[float], None]:
            hands = list(world.hands)
            pos = position(state, hands, ObjectiveSpec("tricks", seat=seat), teams)
            to_value = _by_tricks(pos, seat)
            if to_value is None:
                pos = position(state, hands, ObjectiveSpec("points", seat=seat), teams)
                to_value = _same
            values = [0.0] * len(legal)
            for move, v in move_values(pos):
                values[index[_key(move_event(state, seat, move))]] = float(to_value(v))
            return values, None

        order = "reversed" if state.reversed else "normal"
        what = f"trump {state.deck.suits[SUITS[state.trump or 0]]}, order {order}"  # "trump red"
        choices = [(e, _label(e)) for e in legal]
        return Valuation("play", choices, evaluate, source.draw, VALUE_NAME, _explain(what))


ADVISOR = VierUndZwanzigAdvisor()
