"""Arena bots that bid or play by the former models, to measure the play-outs against them at one
table; and the advisor at the live budget of seconds (``LIVE``), which ``advisor:N`` (a number of
worlds) cannot name.

``DoubleDummyBids`` (``DD_BIDS``): the advisor with 8 worlds a decision, its bids (and Wizard's
trump after a turned wizard) valued as before the play-outs: per world the most tricks the
seat can take against everyone (one double-dummy solve), the bid equal to it hit; its cards
by the solver's question too. ``DoubleDummyCards`` (``DD_CARDS``): the advisor's bids, its
cards valued by the solver's question (can the seat still end with exactly its bid against
everyone), as before cards were played out.

    mkdir -p /tmp/bots && cp bench/bid_bots.py /tmp/bots/
    PYTHONPATH=/tmp/bots stich arena stiche-raten --players 4 \\
        --bots advisor:8,bid_bots:DD_BIDS,heuristic,heuristic -o first_round=5 --cycle 1 \\
        --rounds 150 --seed 11 --jobs 2

``LiveBudget`` (``LIVE``): the advisor as ``stich live`` and ``stich hint`` run it, 1.5 s of wall
time a decision (`hints.advice.Budget`'s seconds): what it plays depends on the machine's speed
and load, so a run says where it ran.

(The module is copied out of ``bench/``, whose ``hints.py`` would hide the package.)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from stich.games.base import Event
from stich.games.errors import StichError
from stich.games.stiche_raten import BiddingRound, score_bid
from stich.hints.advice import Alternative, Budget, Tally, Valuation, advise
from stich.hints.advisors.bidding import BiddingAdvisor
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


class DoubleDummyBids:
    """The advisor with 8 worlds a decision, bidding by the former model."""

    name = "dd-bids:8"
    worlds = 8

    def act(self, session: Session, rng: random.Random) -> Event:
        found = FORMER.valuation(session)
        if not isinstance(found, Valuation):
            raise StichError("the former bidding model gave no valuation")
        return found.advise(session, Budget(worlds=self.worlds, seed=rng.getrandbits(32))).action


DD_BIDS = DoubleDummyBids()
"""The bot itself, for ``--bots bid_bots:DD_BIDS``."""


class SolvedCards(BiddingAdvisor):
    """The advisor's bids; cards valued by the solver (`BiddingAdvisor.play_solved`), as before
    they were played out."""

    def play(self, session: Session, state: BiddingRound) -> Valuation:
        if not state.has_bids():
            return super().play(session, state)
        return self.play_solved(session, state)


SOLVED_CARDS = SolvedCards()


class DoubleDummyCards:
    """The advisor with 8 worlds a decision, its cards valued by the solver."""

    name = "dd-cards:8"
    worlds = 8

    def act(self, session: Session, rng: random.Random) -> Event:
        found = SOLVED_CARDS.valuation(session)
        if not isinstance(found, Valuation):
            return found.action
        return found.advise(session, Budget(worlds=self.worlds, seed=rng.getrandbits(32))).action


DD_CARDS = DoubleDummyCards()
"""The bot itself, for ``--bots bid_bots:DD_CARDS``."""


class LiveBudget:
    """The advisor with the live default budget (`stich live --time`): 1.5 s of wall time a decision."""

    name = "advisor-live"
    seconds = 1.5

    def act(self, session: Session, rng: random.Random) -> Event:
        return advise(session, Budget(seconds=self.seconds, seed=rng.getrandbits(32))).action


LIVE = LiveBudget()
"""The bot itself, for ``--bots bid_bots:LIVE``."""
