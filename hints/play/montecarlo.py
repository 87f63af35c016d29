"""``montecarlo``: a sparring bot for Stiche-Raten and Wizard of a common public design.

Each legal card is tried in ``deals`` (30) deals of the cards the seat has not seen, drawn
from the exact sampler of the hands consistent with what the seat saw (the one the advisor
draws its worlds from, `hints.worlds.WorldSource`); in each deal the round is played out
``playouts`` (30) times after the card, every seat choosing uniformly among its legal cards.
Each outcome is valued by the seat's **share of all seats' round points**; the card of the
highest mean share is played (on a tie the first in the session's order). A bid is valued
the same way from ``bid_deals`` × ``bid_playouts`` play-outs (20 × 20, two thirds of the
card counts) from the first card, with every seat playing uniformly; the seats still to
bid are taken to bid what a club player holding their hand in that deal would
(`hints.advisors.bids.others.others_bids`), since every seat's bid is needed to score the
outcome. Wizard's dealer naming the trump after a turned wizard chooses as the heuristic
bot does (`hints.advisors.bids.heuristic`). Without bids (option ``bidding: none``) the
points are the tricks.

The **share** of seat ``s`` in an outcome whose round points are ``p``: with ``low`` =
min(0, min(p)) (so that Wizard's and ``minus`` scoring's negative points count from the
lowest score of the outcome),

    share = (p[s] - low) / sum(p[j] - low for all seats j),

and 1/n when that sum is 0 (every seat scored nothing). It is 1 when the seat alone scored,
and a trick that breaks another seat's bid raises it, as it does for that design.

``montecarlo-heuristic`` is the stronger variant: the play-outs are the advisor's play-out
policy (`hints.advisors.bids.playout.play_out`: a club player's cards, every seat playing for its
own bid) instead of random cards. That policy plays a deal the same way every time, so each
of the ``deals`` × ``playouts`` play-outs is of a deal of its own (900 deals a card, 400 a bid).

The counts are the bot's parameters: ``montecarlo:D`` (D deals, 30 play-outs each) or
``montecarlo:DxP``; the bids use two thirds of each (at least 1). The random play-out is plain
Python over card bitmasks and the play-out's tables (`hints.advisors.bids.playout.Tables`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from stich.games.base import Event
from stich.games.cards import CardSet
from stich.games.errors import StichError
from stich.games.events import event_bid, event_play
from stich.games.stiche_raten import BiddingRound, score_bid
from stich.hints.advisors.bids.heuristic import bidding_heuristic
from stich.hints.advisors.bids.others import others_bids, play_out_start
from stich.hints.advisors.bids.playout import (
    FREED,
    UNDECIDED,
    Tables,
    head_of,
    legal_of,
    play_out,
    tables_of,
    winners_of,
)
from stich.hints.session import Session
from stich.hints.worlds import WorldSource

__all__ = [
    "DEALS",
    "MONTECARLO",
    "MONTECARLO_HEURISTIC",
    "PLAYOUTS",
    "MonteCarlo",
    "parse_montecarlo",
    "random_play_out",
    "share",
]

MONTECARLO = "montecarlo"
MONTECARLO_HEURISTIC = "montecarlo-heuristic"
DEALS = 30  # deals of the unseen cards per card
PLAYOUTS = 30  # play-outs of each deal per card
MAX_COUNT = 10_000


def share(points: Sequence[float], seat: int) -> float:
    """The seat's share of all seats' round points (module docstring: counted from the lowest
    score where one is negative; 1/n when no seat scored)."""
    low = min(0.0, min(points))
    total = sum(points) - low * len(points)
    if total <= 0:
        return 1 / len(points)
    return (points[seat] - low) / total


def random_play_out(
    t: Tables, hands: list[CardSet], won: list[int], leader: int, trick: Sequence[int], rng: random.Random
) -> list[int]:
    """Play the round out, every seat choosing uniformly among its legal cards, from ``trick``
    (the cards on the table from ``leader`` on, in the play-out's numbering, not in ``hands``);
    returns ``won`` with the tricks each seat ends with. Changes ``hands`` and ``won``."""
    n = len(hands)
    draw = rng.random
    table = list(trick)
    while table or hands[leader]:
        best, best_at, led = head_of(t, table)
        for pos in range(len(table), n):
            player = (leader + pos) % n
            hand = hands[player]
            legal = legal_of(t, hand, table, led)
            count = legal.bit_count()
            if count > 1:
                for _ in range(int(draw() * count)):
                    legal &= legal - 1  # drop the lowest card: the chosen one is then the lowest left
            card = (legal & -legal).bit_length() - 1
            hands[player] = hand & ~(1 << card)
            if best < 0 or winners_of(t, best, led) >> card & 1:
                best, best_at = card, pos
            if led == UNDECIDED:  # as `head_of` keeps the class to follow
                if t.cls[card] >= 0:
                    led = t.cls[card]
                elif t.tp[card] and (pos == 0 or t.frees_after_jester):
                    led = FREED
            table.append(card)
        leader = (leader + best_at) % n
        won[leader] += 1
        table = []
    return won


@dataclass(frozen=True)
class MonteCarlo:
    """The sparring bot (module docstring): ``deals`` × ``playouts`` play-outs a card, random or
    (``heuristic``) the advisor's play-out policy."""

    deals: int = DEALS
    playouts: int = PLAYOUTS
    heuristic: bool = False

    @property
    def name(self) -> str:
        kind = MONTECARLO_HEURISTIC if self.heuristic else MONTECARLO
        if (self.deals, self.playouts) == (DEALS, PLAYOUTS):
            return kind
        return f"{kind}:{self.deals}x{self.playouts}"

    @property
    def bid_deals(self) -> int:
        return max(1, round(self.deals * 2 / 3))

    @property
    def bid_playouts(self) -> int:
        return max(1, round(self.playouts * 2 / 3))

    def act(self, session: Session, rng: random.Random) -> Event:
        """The event this bot chooses for the session's seat."""
        if not session.round.game.has_bids:
            raise StichError(f"bot {self.name} plays Stiche-Raten and Wizard, not {session.round.game.id}")
        state = cast(BiddingRound, session.round)  # the games with bids are Stiche-Raten and Wizard
        legal = session.legal()
        if len(legal) == 1:
            return legal[0]
        if state.phase == "bid":
            return legal[_best(self.bid_values(session, state, [event_bid(e) for e in legal], rng))]
        if state.phase == "play":
            cards = [state.deck.parse(event_play(e)) for e in legal]
            return legal[_best(self.card_values(session, state, cards, rng))]
        return bidding_heuristic(session, rng)

    def _scores(self, state: BiddingRound) -> list[list[int]]:
        """Points of a bid (row) and a count of tricks (column) in this round."""
        size, scoring = state.size, state.scoring()
        if not state.has_bids():
            return [list(range(size + 1))] * (size + 1)
        return [[score_bid(b, k, scoring, state.blind) for k in range(size + 1)] for b in range(size + 1)]

    def _runs(self, deals: int, playouts: int) -> tuple[int, int]:
        """Deals to draw and play-outs of each: the policy plays a deal alike every time, so with it
        every play-out is of a deal of its own."""
        return (deals * playouts, 1) if self.heuristic else (deals, playouts)

    def card_values(
        self, session: Session, state: BiddingRound, cards: Sequence[int], rng: random.Random
    ) -> list[float]:
        """Each card's mean share over the play-outs (the seat to move plays it first)."""
        seat = session.seat
        source = WorldSource(session)
        scores = self._scores(state)
        bids = [b if b is not None else 0 for b in state.bids]
        deals, playouts = self._runs(self.deals, self.playouts)
        totals = [0.0] * len(cards)
        for _ in range(deals):
            t, live, mine, takes = play_out_start(state, source.draw(rng).hands)
            trick = [t.place[c] for c in state.trick_cards]
            for i, card in enumerate(cards):
                local = t.place[card]
                for _ in range(playouts):
                    hands = list(mine)
                    hands[seat] &= ~(1 << local)
                    won = list(state.won)
                    if self.heuristic:
                        found: dict[int, int] = {}
                        play_out(
                            t,
                            hands,
                            won,
                            state.leader,
                            bids,
                            live,
                            takes,
                            seat,
                            [bids[seat]],
                            found,
                            [*trick, local],
                        )
                    else:
                        random_play_out(t, hands, won, state.leader, [*trick, local], rng)
                    totals[i] += share([scores[b][k] for b, k in zip(bids, won, strict=True)], seat)
        return [x / (deals * playouts) for x in totals]

    def bid_values(
        self, session: Session, state: BiddingRound, bids: Sequence[int], rng: random.Random
    ) -> list[float]:
        """Each bid's mean share over the play-outs from the first card."""
        seat = session.seat
        # A blind bid is made before looking at the cards: the seat's own hand is a guess too.
        source = WorldSource(session, unseen=(state.hands[seat] or 0) if state.blind else 0)
        scores = self._scores(state)
        deals, playouts = self._runs(self.bid_deals, self.bid_playouts)
        t = tables_of(state.rules())
        totals = [0.0] * len(bids)
        for _ in range(deals):
            world = source.draw(rng).hands
            t, live, mine, takes = play_out_start(state, world)
            for i, bid in enumerate(bids):
                everyone = others_bids(state, world, seat, bid)
                for _ in range(playouts):
                    hands = list(mine)
                    won = list(state.won)
                    if self.heuristic:
                        found: dict[int, int] = {}
                        play_out(t, hands, won, state.leader, everyone, live, takes, seat, [bid], found)
                    else:
                        random_play_out(t, hands, won, state.leader, (), rng)
                    totals[i] += share([scores[b][k] for b, k in zip(everyone, won, strict=True)], seat)
        return [x / (deals * playouts) for x in totals]


def _best(values: Sequence[float]) -> int:
    """The index of the highest value, the first on a tie."""
    return max(range(len(values)), key=lambda i: (values[i], -i))


def parse_montecarlo(kind: str, counts: str) -> MonteCarlo:
    """``montecarlo[-heuristic]`` with its counts: ``""`` (30 × 30), ``"D"`` (D deals, 30
    play-outs) or ``"DxP"``; a `StichError` naming the bot otherwise."""
    heuristic = kind == MONTECARLO_HEURISTIC
    if not counts:
        return MonteCarlo(heuristic=heuristic)
    deals, x, playouts = counts.lower().partition("x")
    parts = [deals, playouts] if x else [deals]
    if not all(p.isdecimal() and p.isascii() and 1 <= int(p) <= MAX_COUNT for p in parts):
        raise StichError(
            f"bot {kind}:{counts}: give its deals and play-outs a card as D or DxP, each 1 to {MAX_COUNT} "
            f"(e.g. {kind}:30x30)"
        )
    return MonteCarlo(int(deals), int(playouts) if x else PLAYOUTS, heuristic)
