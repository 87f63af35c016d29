"""Stiche-Raten and Wizard: the others' bids in a world (the bid a player holding the hand would
make, for the seats still to bid) and the worlds drawn to fit the bids made (`fitting_draw`)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from stich.games.cards import CardSet
from stich.games.events import event_bid
from stich.games.stiche_raten import BiddingRound
from stich.hints.advisors.bids.heuristic import (
    sure_tricks,
)
from stich.hints.advisors.bids.playout import Tables, nearest_bid, play_out, tables_of
from stich.hints.worlds import World


def others_bids(
    state: BiddingRound,
    hands: Sequence[CardSet],
    seat: int,
    bid: int,
    guesses: dict[int, float] | None = None,
) -> list[int]:
    """Every seat's bid in one world once ``seat`` bids ``bid``: the bids made, and for each
    seat still to bid (in the bidding order) the bid a club player holding its hand would
    make (`guessed_bids`), the nearest the dealer's restriction leaves it."""
    if guesses is None:
        guesses = guessed_bids(state, hands, seat)
    bids: list[int | None] = list(state.bids)
    bids[seat] = bid
    for other in state.bid_order():
        if bids[other] is not None:
            continue
        guess = guesses[other]
        barred = -1
        if other == state.dealer and state.restricted():
            barred = state.size - sum(b for b in bids if b is not None)
        if isinstance(guess, int) and guess != barred:
            bids[other] = guess  # a count of the hand's cards: an allowed bid itself
        else:
            bids[other] = nearest_bid(guess, [b for b in range(state.size + 1) if b != barred])
    return [b if b is not None else 0 for b in bids]


def guessed_bids(state: BiddingRound, hands: Sequence[CardSet], seat: int) -> dict[int, float]:
    """The bid each seat still to bid (but ``seat``) makes in one world: its sure tricks
    (`bidding_heuristic.sure_tricks`); the dealer's restriction is left to `others_bids`.
    Bidding blind, the tricks a hand takes on average."""
    n = state.game.players
    live = state.deck.all & ~state.gone
    rules = state.rules()
    found: dict[int, float] = {}
    for other in range(n):
        if other == seat or state.bids[other] is not None:
            continue
        if state.blind:
            found[other] = state.size / n
            continue
        found[other] = sure_tricks(rules, hands[other], live & ~hands[other], n)
    return found


def play_out_start(
    state: BiddingRound, hands: Sequence[CardSet]
) -> tuple[Tables, CardSet, list[CardSet], bool]:
    """What `play_out` starts from in one world: the rules' tables, the cards not yet played and
    the hands (in the play-out's numbering), and whether a seat over its bid takes more tricks
    (where a missed bid scores its tricks)."""
    tables = tables_of(state.rules())
    live = tables.local(state.deck.all & ~state.gone)
    return tables, live, [tables.local(h) for h in hands], state.scoring() == "standard"


BID_FIT = 0.8
"""How strongly a drawn world must fit the bids made at 5 cards a hand (`fitting_draw`): a
world is kept with chance exp(-weight × misfit), the misfit being how many tricks the seats
that have bid end off their bids when the world is played out; the weight `BID_FIT` × (5 /
cards)^`WEIGHT_FALL` from 5 cards up (`fit_weight`; 0.40 at 8 cards, 0.19 at 13). Fitted on deals
apart from the calibration's (seed 7; docs/advice.md): at the first card the true deals miss
three seats' bids by 1.47 tricks at 5 cards (Stiche-Raten; Wizard 1.20) and 2.68 at 13, worlds
drawn without the bids by 2.52 (2.37) and 3.58; the kept worlds miss them by as much at
0.75-1.0 (5 cards) and 0.15-0.2 (13)."""

WEIGHT_FALL = 1.5
"""How the weight falls with the cards a hand (`BID_FIT`), with a trump suit or without
(Stiche-Raten's last round: 2.68 tricks missed by the true deals at 13 cards, matched at 0.17,
seed 7)."""

FIT_TRIES = 12
"""Worlds drawn at most for one kept world (the last is kept if none was before)."""


def fit_weight(size: int) -> float:
    """The weight of a trick off a bid at ``size`` cards a hand (`BID_FIT`)."""
    return BID_FIT * float((5 / max(5, size)) ** WEIGHT_FALL)


def bid_misfit(state: BiddingRound, hands: Sequence[CardSet], seat: int, bidders: Sequence[int]) -> int:
    """How many tricks ``bidders`` end off their bids when the world is played out with every seat
    playing for its bid (``seat``, if it has not bid, for the bid `guessed_bids` gives it)."""
    bid = state.bids[seat]
    if bid is None:
        guess = guessed_bids(state, hands, -1)[seat]
        bid = nearest_bid(guess, [event_bid(e) for e in state.legal_events()] or [0])
    bids = others_bids(state, hands, seat, bid)
    tables, live, mine, takes = play_out_start(state, hands)
    won = list(state.won)
    play_out(tables, mine, won, state.leader, bids, live, takes, seat, [bids[seat]], {}, table_cards(state))
    return sum(abs(won[s] - bids[s]) for s in bidders)


def misfit_floor(state: BiddingRound, bidders: Sequence[int]) -> int:
    """The least `bid_misfit` any world can have, from the bids and the tricks won alone: a seat
    already over its bid stays over by as much at least, and the seats under their bids can
    take no more than the tricks still to play between them."""
    left = state.size - sum(state.won)  # the tricks still to play, the current one included
    over = sum(max(0, state.won[s] - (state.bids[s] or 0)) for s in bidders)
    short = sum(max(0, (state.bids[s] or 0) - state.won[s]) for s in bidders)
    return over + max(0, short - left)


def table_cards(state: BiddingRound) -> list[int]:
    """The cards on the table, in the play-out's numbering."""
    tables = tables_of(state.rules())
    return [tables.place[c] for c in state.trick_cards]


def bid_fit(state: BiddingRound, seat: int) -> tuple[list[int], float]:
    """The seats but ``seat`` whose bids a drawn world must fit, and the weight of a trick off
    them (`fit_weight`); 0 where the bids tell nothing: none made yet, or made blind."""
    made = [s for s, b in enumerate(state.bids) if b is not None and s != seat]
    weight = fit_weight(state.size)
    return made, (weight if made and not state.blind and weight > 0 else 0.0)


def fitting_draw(
    draw: Callable[[random.Random], World], state: BiddingRound, seat: int
) -> Callable[[random.Random], World]:
    """Worlds drawn in proportion to how well the hands fit the bids made: a seat that bid three
    of five tricks holds a hand that takes about three. ``draw`` gives every deal consistent
    with what was seen equally likely; a world is kept with chance exp(-weight × its
    `bid_misfit`; the weight by `fit_weight`). A blind bid tells nothing of the hand: then
    every world is kept."""
    made, weight = bid_fit(state, seat)
    if not weight:
        return draw

    # No world fits better than `misfit_floor`: a keeping chance drawn at or above what that
    # floor allows rejects whatever world comes with it, which is then neither drawn nor played
    # out. The chance is drawn before the world (it does not depend on it): the worlds kept
    # are those of drawing every world and playing it out, in law, not draw for draw.
    ceiling = math.exp(-weight * misfit_floor(state, made))

    def fitted(rng: random.Random) -> World:
        for _ in range(FIT_TRIES - 1):
            chance = rng.random()
            if chance < ceiling:
                world = draw(rng)
                if chance < math.exp(-weight * bid_misfit(state, world.hands, seat, made)):
                    return world
        return draw(rng)

    return fitted
