"""Stiche-Raten and Wizard: the dealer's trump choice (Wizard, a wizard turned), bids and plays.

A bid: each world is played out to the end with every seat playing for its own bid
(`hints.advisors.bids.playout`): the seat for the bid being valued, the seats that have bid
for their bids, the seats still to bid for the bid a player holding their hand would
make. The count the seat ends with in that play-out is what the bid is judged by: it is
*hit* in the world when the two are equal. The others play neither for nor against the
seat, as at the table; a seat that wants to duck can, unless the others' own bids make
them push the trick on it. Wizard's dealer values each trump suit by the best bid it
allows on the same model.

A card, once the bids are made: the same play-out, from the card on (`cards_played_out`):
the chance to hit the bid and the expected score are those of the round played with
every seat playing for its own bid. In the true deal, every card known (`stich analyze`),
a card is valued by the solver instead (`play_solved`): can the seat still end with
*exactly* its bid against everyone after it (the ``exact`` objective); a miss counts as
one trick over when the seat could still reach its bid, else as the most it can take;
where the scoring pays more for the most tricks (a missed bid scoring its tricks), the
seat plays for those; a seat already over its bid aims to take no more. The expected
score of each bid or card follows from the round's scoring (standard, strict, minus,
Wizard's, a blind round's double). Where the game's scores are known (`Session.standings`),
every seat's tricks at the end of a play-out become every seat's points, and these the seat's
chance to win the game (``p_win``, `hints.standings`); ``--objective win`` ranks by it. It is a
model, not a proof (see ``docs/advice.md``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from stich.games.base import Event
from stich.games.cards import CardSet, iter_cards
from stich.games.errors import StichError
from stich.games.stiche_raten import BiddingRound, score_bid
from stich.hints.advisors.bids.heuristic import HEURISTIC as HEURISTIC
from stich.hints.advisors.bids.heuristic import (
    sure_tricks,
)
from stich.hints.advisors.bids.playout import PLAIN, Opponents, Tables, nearest_bid, play_out, tables_of
from stich.hints.dd import (
    exact_by_move,
    hypothetically,
    most_tricks,
    most_tricks_by_move,
    move_event,
    move_values,
    one_against_all,
    position,
)
from stich.hints.figures import CHANCE, POINTS, TRICKS, shown
from stich.hints.session import Session
from stich.hints.standings import OBJECTIVE_WIN_NEEDS
from stich.hints.valuation import Advice, Alternative, Budget, Evaluate, Tally, Valuation, worlds_text
from stich.hints.worlds import World, WorldSource
from stich.solvers import ObjectiveSpec
from stich.solvers.solver import Move

__all__ = [
    "ADVISOR",
    "BiddingAdvisor",
    "aim_of",
    "bid_fit",
    "bid_misfit",
    "fitting_draw",
    "misfit_floor",
    "others_bids",
    "play_out_start",
    "played_out",
    "points_or_win",
    "scored",
    "tricks_after_card",
    "tricks_by_card",
]


PLAYOUTS_PER_WORLD = 16
"""A play-out costs a small share of a solved world: a budget of N worlds plays out this many
times N worlds (with a budget of seconds, as many as the time allows)."""


@dataclass
class PlayOutValuation(Valuation):
    """A valuation by play-outs: a budget of worlds buys `PLAYOUTS_PER_WORLD` play-outs a world.
    ``truth``: how the choices are valued in the true deal, every card known (`stich analyze`),
    when not by one play-out of it: double-dummy, as before the play-outs (a bid by the most
    tricks against everyone, a card by the solver's ``exact`` question)."""

    truth: Evaluate | None = None

    def advise(self, session: Session, budget: Budget) -> Advice:
        if budget.worlds is not None:
            budget = replace(budget, worlds=budget.worlds * PLAYOUTS_PER_WORLD)
        return super().advise(session, budget)

    def true_values(self, world: World, seconds: float | None = None) -> list[float] | None:
        if self.truth is None:
            return super().true_values(world, seconds)
        return replace(self, evaluate=self.truth, truth=None).true_values(world, seconds)


def others_bids(
    state: BiddingRound,
    hands: Sequence[CardSet],
    seat: int,
    bid: int,
    guesses: dict[int, float] | None = None,
) -> list[int]:
    """Every seat's bid in one world once ``seat`` bids ``bid``: the bids made, and for each
    seat still to bid (in the bidding order) the bid a club player holding its hand would
    make (`_guesses`), the nearest the dealer's restriction leaves it."""
    if guesses is None:
        guesses = _guesses(state, hands, seat)
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


def _guesses(state: BiddingRound, hands: Sequence[CardSet], seat: int) -> dict[int, float]:
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
    playing for its bid (``seat``, if it has not bid, for the bid `_guesses` gives it)."""
    bid = state.bids[seat]
    if bid is None:
        guess = _guesses(state, hands, -1)[seat]
        bid = nearest_bid(guess, [int(e["bid"]) for e in state.legal_events()] or [0])
    bids = others_bids(state, hands, seat, bid)
    tables, live, mine, takes = play_out_start(state, hands)
    won = list(state.won)
    play_out(tables, mine, won, state.leader, bids, live, takes, seat, [bids[seat]], {}, _table(state))
    return sum(abs(won[s] - bids[s]) for s in bidders)


def misfit_floor(state: BiddingRound, bidders: Sequence[int]) -> int:
    """The least `bid_misfit` any world can have, from the bids and the tricks won alone: a seat
    already over its bid stays over by as much at least, and the seats under their bids can
    take no more than the tricks still to play between them."""
    left = state.size - sum(state.won)  # the tricks still to play, the current one included
    over = sum(max(0, state.won[s] - (state.bids[s] or 0)) for s in bidders)
    short = sum(max(0, (state.bids[s] or 0) - state.won[s]) for s in bidders)
    return over + max(0, short - left)


def _table(state: BiddingRound) -> list[int]:
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


def played_out(
    state: BiddingRound,
    hands: Sequence[CardSet],
    seat: int,
    bids: Sequence[int],
    everyone: dict[int, tuple[list[int], tuple[int, ...]]] | None = None,
    opponents: Opponents = PLAIN,
) -> dict[int, int]:
    """For each bid of ``bids``: the tricks ``seat`` ends the round with in one world when it
    plays for that bid and every other seat for its own (`others_bids`), by the play-out
    policy of `hints.advisors.bids.playout`. Before the first card only. With ``everyone``: also,
    for each bid, every seat's bid and the tricks every seat ends with. ``opponents``: how
    the other seats depart from the policy (`play_out`)."""
    tables, live, mine, takes = play_out_start(state, hands)
    guesses = _guesses(state, hands, seat)
    groups: dict[tuple[int, ...], list[int]] = {}
    for bid in bids:
        groups.setdefault(tuple(others_bids(state, hands, seat, bid, guesses)), []).append(bid)
    found: dict[int, int] = {}
    for every_bid, group in groups.items():
        tricks: dict[int, tuple[int, ...]] | None = {} if everyone is not None else None
        play_out(
            tables,
            list(mine),
            list(state.won),
            state.leader,
            every_bid,
            live,
            takes,
            seat,
            group,
            found,
            (),
            tricks,
            opponents,
        )
        if everyone is not None and tricks is not None:
            for bid in group:
                everyone[bid] = (list(every_bid), tricks[bid])
    return found


def cards_played_out(
    state: BiddingRound,
    hands: Sequence[CardSet],
    seat: int,
    everyone: dict[str, tuple[int, ...]] | None = None,
    opponents: Opponents = PLAIN,
) -> dict[str, int]:
    """For each legal card of ``seat`` (to move, the bids made): the tricks it ends the round with
    in one world when it plays that card and then every seat plays for its own bid. With
    ``everyone``: also, for each card, the tricks every seat ends with. ``opponents``:
    as `played_out`'s."""
    tables, live, mine, takes = play_out_start(state, hands)
    bids = [b if b is not None else 0 for b in state.bids]
    table = [tables.place[c] for c in state.trick_cards]
    found: dict[str, int] = {}
    for card in iter_cards(state.legal_cards(seat) & hands[seat]):
        local = tables.place[card]
        start = list(mine)
        start[seat] &= ~(1 << local)
        counts: dict[int, int] = {}
        tricks: dict[int, tuple[int, ...]] | None = {} if everyone is not None else None
        leader = state.leader
        play_out(
            tables,
            start,
            list(state.won),
            leader,
            bids,
            live,
            takes,
            seat,
            [bids[seat]],
            counts,
            [*table, local],
            tricks,
            opponents,
        )
        name = state.deck.name_of(card)
        found[name] = counts[bids[seat]]
        if everyone is not None and tricks is not None:
            everyone[name] = tricks[bids[seat]]
    return found


def aim_of(bid: int, won: int) -> int:
    """The count a seat plays for once its bid is made: the bid, or (already over) no more."""
    return max(bid, won)


def tricks_after_card(bid: int, won: int, made: bool, most: int, scoring: str, blind: bool) -> int:
    """The tricks a seat is taken to end with after a card, in one world: its aim if it can
    force exactly that against everyone (``made``); else one over when it could still reach
    it, or ``most`` (the most it can take against everyone) when it cannot. Where the
    scoring pays more for a miss with ``most`` (a missed bid scoring its tricks), it plays
    for that; reaching the bid that way would count on the others to hold it to it."""
    aim = aim_of(bid, won)
    if made:
        aimed = aim
    elif most >= aim:
        aimed = aim + 1  # it could get there, but the others push one more on it
    else:
        aimed = most
    if most != bid and score_bid(bid, most, scoring, blind) > score_bid(bid, aimed, scoring, blind):
        return most
    return aimed


def tricks_by_card(
    state: BiddingRound, hands: Sequence[CardSet], seat: int, bid: int, scoring: str
) -> dict[str, int]:
    """For each legal card of ``seat`` (to move), in one world: the tricks it is taken to end
    with (`tricks_after_card`), asking the solver no more than that needs.

    Whether the seat can force exactly its aim after each card is one cheap question. Where it
    can, the count is the aim, unless the scoring could pay more for some other count (then the
    most it can take is solved). Where it cannot, "can it still take the aim?" is one question
    a card; only below the aim (or where a count past it could pay more) is the most solved."""
    won = state.won[seat]
    aim = aim_of(bid, won)
    last = won + hands[seat].bit_count()  # the most it could end with

    def pays_more(than: int, start: int) -> bool:
        """Whether ending with some count from ``start`` on (not the bid) scores more than
        ``than``: then `tricks_after_card` needs the most the seat can take."""
        score = score_bid(bid, than, scoring, state.blind)
        counts = range(start, last + 1)
        return any(t != bid and score_bid(bid, t, scoring, state.blind) > score for t in counts)

    exact = exact_by_move(state, hands, seat, aim)
    names = {m.card: str(move_event(state, seat, m)["play"]) for m in exact}
    made = {m.card for m, v in exact.items() if v}
    missed = {m.card for m, v in exact.items() if not v}
    need = aim - won  # of the tricks to come
    tricks = {names[c]: aim for c in made}
    whole = set(made) if pays_more(aim, won) else set()  # the most decides made cards too
    if pays_more(aim + 1, aim):
        whole |= missed
        missed = set()
    most: dict[Move, int] = {}
    if whole:
        most |= most_tricks_by_move(state, hands, seat, only=whole, guess=need)
    if missed:
        # Only below the aim does the number matter: one question for a card that reaches it.
        most |= most_tricks_by_move(state, hands, seat, only=missed, hi=need, guess=need)
    for m, v in most.items():
        tricks[names[m.card]] = tricks_after_card(bid, won, m.card in made, won + v, scoring, state.blind)
    return tricks


def scored(
    counts: Sequence[tuple[int, int]], scoring: str, blind: bool, tricks: bool = False
) -> tuple[list[float], list[dict[str, float]]]:
    """One world's scores and figures of each choice from its (bid, tricks the seat ends with):
    the round's score, ``p_hit`` (1 where the two are equal), and with ``tricks`` the count."""
    scores: list[float] = []
    figures: list[dict[str, float]] = []
    for bid, count in counts:
        scores.append(float(score_bid(bid, count, scoring, blind)))
        figure = {"p_hit": float(count == bid)}
        if tricks:
            figure["tricks"] = float(count)
        figures.append(figure)
    return scores, figures


def _goal(bid: int, need: int) -> str:
    """Where the seat stands with its bid, for the card advice's sentence."""
    if need < 0:
        return f"your bid of {bid} is already over by {-need}"
    if need == 0:
        if bid == 0:
            return "you have taken no trick, as you bid: take none"
        return f"you have the {_tricks(bid)} you bid: take no more"
    return f"you need {need} more trick{'s' if need != 1 else ''} for your bid of {bid}"


def _quantiles(xs: Sequence[float]) -> tuple[int, int, int]:
    """The 10 %, 50 % and 90 % points of a list of counts."""
    ordered = sorted(int(x) for x in xs)
    n = len(ordered)
    return ordered[int(0.1 * (n - 1))], ordered[(n - 1) // 2], ordered[int(0.9 * (n - 1))]


def _tricks(n: int) -> str:
    return "no trick" if n == 0 else f"{n} trick" + ("s" if n != 1 else "")


def _with_win(
    points: float, figures: dict[str, float], p_win: float, win: bool
) -> tuple[float, dict[str, float]]:
    """A choice's value and figures in one world with its chance to win: the chance as the value
    and the points as a figure (``win``), or the chance as a figure."""
    if win:
        return p_win, {"points": points, **figures}
    return points, {"p_win": p_win, **figures}


def points_or_win(alternatives: Sequence[Alternative], win: bool, situation: str) -> str:
    """The chance to win beside the expected points, for the reason: the choice with the most
    points and the one with the best chance to win, and what the one costs in the other when
    they are not the same ("bid 0: 0.40 points less on average, but your chance to win rises
    from 31% to 35%: you lead by 14 with 2 rounds after this one")."""

    def points(a: Alternative) -> float:
        return a.figures["points"] if win else a.value

    def chance(a: Alternative) -> float:
        return a.value if win else a.figures["p_win"]

    by_points = max(alternatives, key=points)
    by_win = max(alternatives, key=chance)
    rise = shown(CHANCE, chance(by_win)) != shown(CHANCE, chance(by_points))
    if by_points is by_win or not rise:
        best = alternatives[0]
        return f"your chance to win with {best.label} is {shown(CHANCE, chance(best))}: {situation}"
    less = shown(POINTS, points(by_points) - points(by_win))
    return (
        f"{by_win.label}: {less} points less on average than {by_points.label}, but your chance to win "
        f"rises from {shown(CHANCE, chance(by_points))} to {shown(CHANCE, chance(by_win))}: {situation}"
    )


@dataclass(frozen=True)
class BiddingAdvisor:
    """Advice for Stiche-Raten and Wizard. ``opponents``: how its play-outs' other seats
    depart from the club player's policy (`hints.advisors.bids.playout.Opponents`; by default
    not at all)."""

    opponents: Opponents = PLAIN

    def valuation(self, session: Session) -> Valuation | Advice:
        state = session.round
        if not isinstance(state, BiddingRound):
            raise StichError("the bidding advisor needs a Stiche-Raten or Wizard round")
        if session.objective == "win" and state.phase == "trump":
            raise StichError(
                "--objective win ranks bids and cards; the trump is ranked by its points (--objective points)"
            )
        if state.phase == "trump":
            return self.trump(session, state)
        if state.phase == "bid":
            return self.bid(session, state)
        if state.phase == "play":
            return self.play(session, state)
        raise StichError(f"no advice for the phase {state.phase!r}")

    def bid(self, session: Session, state: BiddingRound) -> Valuation:
        seat = session.seat
        legal = session.legal()
        bids = [int(e["bid"]) for e in legal]
        blind = state.blind
        # A blind bid is made before looking at the cards: the seat's own hand is a guess too.
        source = WorldSource(session, unseen=(state.hands[seat] or 0) if blind else 0)
        scoring = state.scoring()
        standings = session.standings
        win = session.objective == "win"
        if win and standings is None:
            raise StichError(OBJECTIVE_WIN_NEEDS)
        game = state.game

        def evaluate(world: World) -> tuple[list[float], list[dict[str, float]]]:
            if standings is None:
                counts = played_out(state, world.hands, seat, bids, opponents=self.opponents)
                return scored([(bid, counts[bid]) for bid in bids], scoring, blind, tricks=True)
            outcomes: dict[int, tuple[list[int], tuple[int, ...]]] = {}
            counts = played_out(state, world.hands, seat, bids, outcomes, self.opponents)
            scores, figures = scored([(bid, counts[bid]) for bid in bids], scoring, blind, tricks=True)
            for i, bid in enumerate(bids):
                every_bid, tricks = outcomes[bid]
                points = [score_bid(b, t, scoring, blind) for b, t in zip(every_bid, tricks, strict=True)]
                scores[i], figures[i] = _with_win(
                    scores[i], figures[i], standings.chance(game, points, seat), win
                )
            return scores, figures

        def explain(alternatives: list[Alternative], tally: Tally) -> str:
            best = alternatives[0]
            index = bids.index(int(best.action["bid"]))
            low, mid, high = _quantiles(tally.figures[index]["tricks"])
            hand = "a hand dealt now (bidding blind)" if blind else "your hand"
            worlds = worlds_text(tally.worlds)
            played = f"played out with every seat playing for its own bid, {hand}, playing for {best.label}"
            if low == high:
                takes = f"{played}, takes {_tricks(mid)} in nearly all of {worlds}"
            else:
                takes = f"{played}, takes {low} to {_tricks(high)} (median {mid}) in {worlds}"
            hit = 100 * best.figures["p_hit"]
            points = best.figures["points"] if win else best.value
            text = f"{takes}; {best.label} is hit in {hit:.0f}% (expected {shown(POINTS, points)} points)"
            if standings is not None:
                text += "; " + points_or_win(alternatives, win, standings.situation(seat))
            forbidden = state.forbidden_bid(seat)
            if forbidden is not None:
                text += f"; {forbidden} is barred (the bids would add up to the tricks)"
            return text

        def solved(world: World) -> tuple[list[float], list[dict[str, float]]]:
            """In the true deal (`stich analyze`): the most tricks against everyone, as before."""
            tricks = state.won[seat] + most_tricks(
                state, world.hands, seat, imagined=(seat,) if blind else ()
            )
            scores = [float(score_bid(b, tricks, scoring, blind)) for b in bids]
            return scores, [{"p_hit": float(tricks == b)} for b in bids]

        choices = [(e, f"bid {e['bid']}") for e in legal]
        method = "play-outs of sampled worlds, every seat playing for its own bid"
        return PlayOutValuation(
            "bid",
            choices,
            evaluate,
            fitting_draw(source.draw, state, seat),
            "chance to win" if win else "expected points",
            explain,
            method=method,
            truth=solved,
        )

    def play(self, session: Session, state: BiddingRound) -> Valuation:
        """A card: valued by play-outs, as bids are (`play_played_out`); in the true deal, every
        card known, by the solver's question (`play_solved`). Without bids: the most tricks."""
        if not state.has_bids():
            return self.play_for_tricks(session, state)
        played = self.play_played_out(session, state)
        assert isinstance(played, PlayOutValuation)
        played.truth = self.play_solved(session, state).evaluate
        return played

    def play_solved(self, session: Session, state: BiddingRound) -> Valuation:
        """A card valued by the solver: can the seat still end with exactly its bid against
        everyone after it (module docstring; the card advice before play-outs)."""
        seat = session.seat
        bid = state.bids[seat]
        if bid is None:
            raise StichError("the bids are not complete")
        legal = session.legal()
        source = WorldSource(session)
        scoring = state.scoring()
        won = state.won[seat]
        need = bid - won

        def evaluate(world: World) -> tuple[list[float], list[dict[str, float]]]:
            by_card = tricks_by_card(state, world.hands, seat, bid, scoring)
            return scored([(bid, by_card[str(e["play"])]) for e in legal], scoring, state.blind)

        def explain(alternatives: list[Alternative], tally: Tally) -> str:
            best = alternatives[0]
            worlds = tally.worlds
            if need < 0:
                text = (
                    f"your bid of {bid} is already over by {-need}; {best.label} is worth "
                    f"{shown(POINTS, best.value)} points on average over {worlds_text(worlds)}"
                )
                if len(alternatives) > 1:
                    text += f", {alternatives[1].label} {shown(POINTS, alternatives[1].value)}"
                return text
            text = (
                f"{_goal(bid, need)}; with {best.label} it is hit in {100 * best.figures['p_hit']:.0f}% of "
                f"{worlds_text(worlds)} (expected {shown(POINTS, best.value)} points)"
            )
            if len(alternatives) > 1:
                second = alternatives[1]
                text += f", with {second.label} {100 * second.figures['p_hit']:.0f}%"
            return text

        choices = [(e, str(e["play"])) for e in legal]
        return Valuation("play", choices, evaluate, source.draw, "expected points", explain)

    def play_played_out(self, session: Session, state: BiddingRound) -> Valuation:
        """Cards valued by play-outs, as bids are: per world, after each card the round is played
        out with every seat playing for its own bid (`cards_played_out`); where the game's scores
        are known, each card's chance to win too, as a bid's."""
        seat = session.seat
        bid = state.bids[seat]
        if bid is None:
            raise StichError("the bids are not complete")
        legal = session.legal()
        source = WorldSource(session)
        scoring = state.scoring()
        standings = session.standings
        win = session.objective == "win"
        if win and standings is None:
            raise StichError(OBJECTIVE_WIN_NEEDS)
        every_bid = [b if b is not None else 0 for b in state.bids]

        def evaluate(world: World) -> tuple[list[float], list[dict[str, float]]]:
            if standings is None:
                counts = cards_played_out(state, world.hands, seat, opponents=self.opponents)
                return scored([(bid, counts[str(e["play"])]) for e in legal], scoring, state.blind)
            outcomes: dict[str, tuple[int, ...]] = {}
            counts = cards_played_out(state, world.hands, seat, outcomes, self.opponents)
            scores, figures = scored([(bid, counts[str(e["play"])]) for e in legal], scoring, state.blind)
            for i, event in enumerate(legal):
                tricks = outcomes[str(event["play"])]
                points = [
                    score_bid(b, t, scoring, state.blind) for b, t in zip(every_bid, tricks, strict=True)
                ]
                scores[i], figures[i] = _with_win(
                    scores[i], figures[i], standings.chance(state.game, points, seat), win
                )
            return scores, figures

        need = bid - state.won[seat]

        def explain(alternatives: list[Alternative], tally: Tally) -> str:
            best = alternatives[0]
            hit = shown(CHANCE, best.figures["p_hit"])
            points = best.figures["points"] if win else best.value
            text = (
                f"{_goal(bid, need)}; played out with every seat playing for its own bid, "
                f"with {best.label} it is hit in {hit} of {worlds_text(tally.worlds)} "
                f"(expected {shown(POINTS, points)} points)"
            )
            if len(alternatives) > 1:
                second = alternatives[1]
                text += f", with {second.label} {shown(CHANCE, second.figures['p_hit'])}"
            if standings is not None:
                text += "; " + points_or_win(alternatives, win, standings.situation(seat))
            return text

        choices = [(e, str(e["play"])) for e in legal]
        method = "play-outs of sampled worlds, every seat playing for its own bid"
        return PlayOutValuation(
            "play",
            choices,
            evaluate,
            fitting_draw(source.draw, state, seat),
            "chance to win" if win else "expected points",
            explain,
            method=method,
        )

    def play_for_tricks(self, session: Session, state: BiddingRound) -> Valuation:
        """A round without bids (option ``bidding: none``): each card is worth the most tricks the
        seat can still take after it, against everyone."""
        seat = session.seat
        legal = session.legal()
        source = WorldSource(session)

        def evaluate(world: World) -> tuple[list[float], None]:
            teams = one_against_all(seat, range(len(world.hands)))
            mine = position(state, world.hands, ObjectiveSpec("tricks", seat=seat), teams)
            most = {move_event(state, seat, m)["play"]: v for m, v in move_values(mine)}
            return [float(state.won[seat] + most[event["play"]]) for event in legal], None

        def explain(alternatives: list[Alternative], tally: Tally) -> str:
            best = alternatives[0]
            return (
                f"no bids: with {best.label} you take {shown(TRICKS, best.value)} tricks on average "
                f"in {worlds_text(tally.worlds)}"
            )

        choices = [(e, str(e["play"])) for e in legal]
        return Valuation("play", choices, evaluate, source.draw, "expected tricks", explain)

    def trump(self, session: Session, state: BiddingRound) -> Valuation:
        """Wizard: the dealer names the trump after a turned wizard; each suit is worth its best bid."""
        seat = session.seat
        legal = session.legal()
        source = WorldSource(session)
        scoring = state.scoring()
        per = state.size + 1

        def evaluate(world: World) -> tuple[list[float], None]:
            scores: list[float] = []  # suit by suit, each bid 0..size
            for event in legal:
                with hypothetically(state, event):
                    counts = played_out(state, world.hands, seat, range(per))
                scores += [float(score_bid(b, counts[b], scoring)) for b in range(per)]
            return scores, None

        def solved(world: World) -> tuple[list[float], None]:
            """In the true deal (`stich analyze`): each bid by the most tricks against everyone."""
            scores: list[float] = []
            for event in legal:
                with hypothetically(state, event):
                    most = most_tricks(state, world.hands, seat)
                scores += [float(score_bid(b, most, scoring)) for b in range(per)]
            return scores, None

        def collapse(values: Sequence[float]) -> list[float]:
            return [max(values[i * per : (i + 1) * per]) for i in range(len(legal))]

        def rank(tally: Tally) -> list[Alternative]:
            found = []
            for i, event in enumerate(legal):
                best_bid = max(range(per), key=lambda k: tally.mean(i * per + k))
                index = i * per + best_bid
                label = f"trump {event['trump']}"
                found.append(
                    Alternative(
                        event, label, tally.mean(index), tally.stderr(index), {"best_bid": float(best_bid)}
                    )
                )
            return sorted(found, key=lambda a: -a.value)

        def explain(alternatives: list[Alternative], tally: Tally) -> str:
            best = alternatives[0]
            return (
                f"with {best.label} your best bid is {best.figures['best_bid']:.0f}, expected "
                f"{shown(POINTS, best.value)} points over {worlds_text(tally.worlds)}"
            )

        choices: list[tuple[Event, str]] = [(e, f"trump {e['trump']}") for e in legal]
        return PlayOutValuation(
            "trump",
            choices,
            evaluate,
            source.draw,
            "expected points of the best bid",
            explain,
            collapse=collapse,
            rank=rank,
            width=len(legal) * per,
            method="play-outs of sampled worlds, every seat playing for its own bid",
            truth=solved,
        )


ADVISOR = BiddingAdvisor()
