"""Arena bots that bid or play by the former models, to measure the play-outs against them at one
table; and the advisor at the live budget of seconds (``LIVE``), which ``advisor:N`` (a number of
worlds) cannot name.

``DD_BIDS``: the advisor with 8 worlds a decision, its bids (and Wizard's
trump after a turned wizard) valued as before the play-outs: per world the most tricks the
seat can take against everyone (one double-dummy solve), the bid equal to it hit; its cards
by the solver's question too. ``DD_CARDS``: the advisor's bids, its
cards valued by the solver's question (can the seat still end with exactly its bid against
everyone), as before cards were played out.

    mkdir -p /tmp/bots && cp bench/bid_bots.py /tmp/bots/
    PYTHONPATH=/tmp/bots stich arena stiche-raten --players 4 \\
        --bots advisor:8,bid_bots:DD_BIDS,heuristic,heuristic -o first_round=5 --cycle 1 \\
        --rounds 150 --seed 11 --jobs 2

``READS_PLAYS``: the advisor with 8 worlds a decision, its card worlds also
weighed by how well the others' earlier cards fit the play-out's policy in them
(`plays_misfit`): a world is kept with chance exp(-`PLAY_FIT` x the cards the policy would have
played otherwise, - the bid fit's weight x its misfit). Tried and not adopted
(docs/advice.md).

``NO_FIT``: ``advisor:32`` with worlds drawn without the fit to the bids made, to see whether
that fit misleads the advice against bots that bid otherwise than its play-outs play
(docs/research/2026-12-03-against-montecarlo.md).

``GREEDY``: ``advisor:32`` whose play-outs' other seats play for one trick more than they bid
(``montecarlo`` takes 0.16 tricks more than it bids at 8 cards;
docs/research/2026-12-03-against-montecarlo.md). The random cards (``noise``) and the tricks let
go to a seat whose bid is made (``push``) were tried there and removed. ``GREEDY_BIDS`` and
``GREEDY_CARDS``: its bids with the advisor's cards, and the reverse.

``LiveBudget`` (``LIVE``): the advisor as ``stich live`` and ``stich hint`` run it, 1.5 s of wall
time a decision (`hints.advice.Budget`'s seconds): what it plays depends on the machine's speed
and load, so a run says where it ran.

"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from stich.games.base import Event
from stich.games.cards import CardSet
from stich.games.stiche_raten import BiddingRound, score_bid
from stich.hints.advice import Alternative, Budget, Tally, Valuation, advise
from stich.hints.advisors.bids import others as bidding
from stich.hints.advisors.bids import playout
from stich.hints.advisors.bids.advisor import BiddingAdvisor
from stich.hints.dd import hypothetically, most_tricks
from stich.hints.session import Session
from stich.hints.worlds import World, WorldSource


class FormerBidding(BiddingAdvisor):
    """Bids and trump by the most tricks against everyone; cards by the solver's question."""

    def play(self, session: Session, state: BiddingRound) -> Valuation:
        if not state.has_bids():
            return super().play(session, state)
        return self.play_solved(session, state)

    def bid(self, session: Session, state: BiddingRound) -> Valuation:
        seat, blind, scoring = session.seat, state.blind, state.scoring()
        legal = session.legal()
        bids = [int(e["bid"]) for e in legal]
        source = WorldSource(session, unseen=(state.hands[seat] or 0) if blind else 0)

        def evaluate(world: World) -> tuple[list[float], list[dict[str, float]]]:
            tricks = state.won[seat] + most_tricks(
                state, world.hands, seat, imagined=(seat,) if blind else ()
            )
            scores = [float(score_bid(b, tricks, scoring, blind)) for b in bids]
            return scores, [{"p_hit": float(tricks == b)} for b in bids]

        def explain(alternatives: list[Alternative], tally: Tally) -> str:
            return f"{alternatives[0].label} (the most tricks against everyone)"

        choices = [(e, f"bid {e['bid']}") for e in legal]
        return Valuation("bid", choices, evaluate, source.draw, "expected points", explain)

    def trump(self, session: Session, state: BiddingRound) -> Valuation:
        seat, scoring = session.seat, state.scoring()
        legal = session.legal()
        per = state.size + 1
        source = WorldSource(session)

        def evaluate(world: World) -> tuple[list[float], None]:
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
                index = max(range(i * per, (i + 1) * per), key=tally.mean)
                found.append(
                    Alternative(event, f"trump {event['trump']}", tally.mean(index), tally.stderr(index))
                )
            return sorted(found, key=lambda a: -a.value)

        def explain(alternatives: list[Alternative], tally: Tally) -> str:
            return alternatives[0].label

        choices = [(e, f"trump {e['trump']}") for e in legal]
        return Valuation(
            "trump",
            choices,
            evaluate,
            source.draw,
            "expected points of the best bid",
            explain,
            collapse=collapse,
            rank=rank,
            width=len(legal) * per,
        )


FORMER = FormerBidding()


@dataclass(frozen=True)
class WithAdvisor:
    """An arena bot: ``advisor``'s valuation of each decision with a budget of ``worlds``."""

    name: str
    advisor: BiddingAdvisor
    worlds: int = 8

    def act(self, session: Session, rng: random.Random) -> Event:
        found = self.advisor.valuation(session)
        if not isinstance(found, Valuation):
            return found.action
        return found.advise(session, Budget(worlds=self.worlds, seed=rng.getrandbits(32))).action


DD_BIDS = WithAdvisor("dd-bids:8", FORMER)
"""The bot itself, for ``--bots bid_bots:DD_BIDS``."""


class SolvedCards(BiddingAdvisor):
    """The advisor's bids; cards valued by the solver (`BiddingAdvisor.play_solved`), as before
    they were played out."""

    def play(self, session: Session, state: BiddingRound) -> Valuation:
        if not state.has_bids():
            return super().play(session, state)
        return self.play_solved(session, state)


SOLVED_CARDS = SolvedCards()


DD_CARDS = WithAdvisor("dd-cards:8", SOLVED_CARDS)
"""The bot itself, for ``--bots bid_bots:DD_CARDS``."""


class LiveBudget:
    """The advisor with the live default budget (`stich live --time`): 1.5 s of wall time a decision."""

    name = "advisor-live"
    seconds = 1.5

    def act(self, session: Session, rng: random.Random) -> Event:
        return advise(session, Budget(seconds=self.seconds, seed=rng.getrandbits(32))).action


LIVE = LiveBudget()
"""The bot itself, for ``--bots bid_bots:LIVE``."""


class NoFit:
    """``advisor:32`` drawing its worlds without the fit to the bids made (`bidding.BID_FIT` 0
    around its own decisions): every world consistent with what was seen equally likely."""

    name = "no-fit:32"
    worlds = 32

    def act(self, session: Session, rng: random.Random) -> Event:
        kept = bidding.BID_FIT
        bidding.BID_FIT = 0.0
        try:
            return advise(session, Budget(worlds=self.worlds, seed=rng.getrandbits(32))).action
        finally:
            bidding.BID_FIT = kept


NO_FIT = NoFit()
"""The bot itself, for ``--bots bid_bots:NO_FIT``."""


GREEDY = WithAdvisor("greedy:32", BiddingAdvisor(playout.Opponents(extra=1)), worlds=32)
"""The bot itself, for ``--bots bid_bots:GREEDY``."""


@dataclass(frozen=True)
class Split:
    """An arena bot bidding by ``bids`` and playing its cards by ``cards`` (each with ``worlds``
    worlds a decision): which of the two a variant's gain is in."""

    name: str
    bids: BiddingAdvisor
    cards: BiddingAdvisor
    worlds: int = 32

    def act(self, session: Session, rng: random.Random) -> Event:
        phase = session.round.phase
        advisor = self.bids if phase in ("bid", "trump") else self.cards
        return WithAdvisor(self.name, advisor, self.worlds).act(session, rng)


GREEDY_BIDS = Split("greedy-bids:32", BiddingAdvisor(playout.Opponents(extra=1)), BiddingAdvisor())
"""``GREEDY``'s bids, ``advisor:32``'s cards."""

GREEDY_CARDS = Split("greedy-cards:32", BiddingAdvisor(), BiddingAdvisor(playout.Opponents(extra=1)))
"""``advisor:32``'s bids, ``GREEDY``'s cards."""


PLAY_FIT = 0.5
"""The weight of one of the others' earlier cards the play-out's policy would not have played
(``READS_PLAYS``)."""

Play = tuple[int, int, list[int], int, int, CardSet, CardSet, int, bool]


def earlier_plays(state: BiddingRound, seat: int) -> list[Play]:
    """Each card the others played this round, in the play-out's numbering, with what the player
    knew then: (its seat, the card, the cards before it in the trick, the card heading the trick,
    the class to follow, the cards not yet played then, the cards it played from then on (its
    hand then is its hand now and these), the tricks it still needed, whether it played last)."""
    t = playout.tables_of(state.rules())
    n = state.game.players
    flat: list[tuple[int, int, tuple[int, ...], tuple[int, ...]]] = []
    won = [0] * n
    tricks = [(tr.seats, tr.cards, tr.winner) for tr in state.tricks]
    tricks.append((tuple(state.trick_seats), tuple(state.trick_cards), -1))
    for seats, cards, winner in tricks:
        before: list[int] = []
        for s, c in zip(seats, cards, strict=True):
            flat.append((s, t.place[c], tuple(before), tuple(won)))
            before.append(t.place[c])
        if winner >= 0:
            won[winner] += 1
    live_now = t.local(state.deck.all & ~state.gone)
    found: list[Play] = []
    after = 0
    later = [0] * n
    for s, c, before_c, won_then in reversed(flat):
        after |= 1 << c
        later[s] |= 1 << c
        if s == seat:
            continue
        best, _, led = playout.head_of(t, before_c)
        bid = state.bids[s] or 0
        found.append(
            (
                s,
                c,
                list(before_c),
                best,
                led,
                live_now | after,
                later[s],
                bid - won_then[s],
                len(before_c) == n - 1,
            )
        )
    return found


def plays_misfit(state: BiddingRound, plays: Sequence[Play], hands: Sequence[CardSet]) -> int:
    """How many of ``plays`` (with a choice) the play-out's policy would not have made in the world
    of ``hands``."""
    t = playout.tables_of(state.rules())
    takes = state.scoring() == "standard"
    local = [t.local(h) for h in hands]
    misfit = 0
    for s, card, before, best, led, live, later, need, last in plays:
        hand = local[s] | later
        legal = playout.legal_of(t, hand, before, led)
        if not legal & (legal - 1):
            continue
        want = playout.wants_trick(need, takes)
        if playout.choose(t, hand, before, best, led, live & ~hand, want, last) != card:
            misfit += 1
    return misfit


def reading_draw(
    draw: Callable[[random.Random], World], state: BiddingRound, seat: int, weight: float = PLAY_FIT
) -> Callable[[random.Random], World]:
    """Worlds kept with chance exp(-``weight`` x `plays_misfit` - the bid fit's weight x
    `bidding.bid_misfit`), as `bidding.fitting_draw` keeps them by the bids alone."""
    plays = earlier_plays(state, seat)
    made, bid_weight = bidding.bid_fit(state, seat)
    floor = bidding.misfit_floor(state, made) if bid_weight else 0

    def read(rng: random.Random) -> World:
        for _ in range(bidding.FIT_TRIES - 1):
            chance = rng.random()
            if chance >= math.exp(-bid_weight * floor):
                continue
            world = draw(rng)
            wrong = plays_misfit(state, plays, world.hands)
            if chance >= math.exp(-bid_weight * floor - weight * wrong):
                continue
            if bid_weight:
                misfit = bidding.bid_misfit(state, world.hands, seat, made)
                if chance >= math.exp(-bid_weight * misfit - weight * wrong):
                    continue
            return world
        return draw(rng)

    return read


class ReadingCards(BiddingAdvisor):
    """The advisor's bids; its cards' worlds read from the others' earlier cards (`reading_draw`)."""

    def play_played_out(self, session: Session, state: BiddingRound) -> Valuation:
        found = super().play_played_out(session, state)
        return replace(found, draw=reading_draw(WorldSource(session).draw, state, session.seat))


READING_CARDS = ReadingCards()


READS_PLAYS = WithAdvisor("reads-plays:8", READING_CARDS)
"""The bot itself, for ``--bots bid_bots:READS_PLAYS``."""


def _plays_signal(directory: str) -> None:
    """How much fewer of the others' earlier cards misfit in the true deal than in worlds drawn
    from the seat's view (`plays_misfit`), at decisions 8, 16 and 24 events before the end of
    each round recorded in ``directory`` (`stich arena --records`)."""
    import statistics
    from pathlib import Path

    from stich.games.record import load_record, replay

    rows: dict[int, list[tuple[int, int, float, float, float]]] = {8: [], 16: [], 24: []}
    for path in sorted(Path(directory).glob("*.json")):
        record = load_record(path)
        for back in rows:
            head = replace(record, events=record.events[: len(record.events) - back])
            mover = Session.from_record(head, 0).to_move()
            assert mover is not None
            session = Session.from_record(head, mover)
            state = session.round
            assert isinstance(state, BiddingRound)
            plays = earlier_plays(state, mover)
            truth = [h or 0 for h in replay(head).round.hands]
            true_misfit = plays_misfit(state, plays, truth)
            source = WorldSource(session)
            rng = random.Random(len(head.events))
            drawn = [plays_misfit(state, plays, source.draw(rng).hands) for _ in range(40)]
            above = sum(m > true_misfit for m in drawn) / len(drawn)
            below = sum(m < true_misfit for m in drawn) / len(drawn)
            rows[back].append((len(plays), true_misfit, statistics.mean(drawn), above, below))
    for back, found in rows.items():
        print(
            f"{back} events before the end ({len(found)} decisions): "
            f"{statistics.mean(r[0] for r in found):.1f} earlier cards of the others, "
            f"misfit in the true deal {statistics.mean(r[1] for r in found):.2f}, "
            f"in the worlds drawn {statistics.mean(r[2] for r in found):.2f}; "
            f"a world drawn misfits more {statistics.mean(r[3] for r in found):.0%} of the time, "
            f"less {statistics.mean(r[4] for r in found):.0%}"
        )


if __name__ == "__main__":
    import sys

    _plays_signal(sys.argv[1])
