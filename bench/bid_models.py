"""Models of an Oh Hell! seat's count, compared with the advice's in self-play.

The advice (``hints.advisors.bids.advisor``) values a bid by the most tricks the seat can take
against everyone, and a card (once the bid is made) by whether the seat can then end with
exactly its bid against everyone (the solver's ``exact`` objective). Two other models:

- ``exact-bids``: bids valued by "can the seat force exactly this bid" too (a miss counted
  as one trick off);
- ``most-play``: cards valued by the most tricks the seat can take (the advice's model
  before; it takes a seat that wants to duck to be held to few tricks by the others).

Each deal is played four times, the other model at one seat in turn and the advice's at
the other three; the figure is that seat's points minus the mean of the others',
averaged over the rotations, paired by deal, with its standard error.

    python bench/bid_models.py --model most-play --deals 200 --cards 5 --worlds 16 --seed 5000
    python bench/bid_models.py --model exact-bids --deals 150 --cards 5 --worlds 16
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import replace

from stich.games.base import Event
from stich.games.record import Record, replay, simulate
from stich.games.stiche_raten import BiddingRound, score_bid
from stich.hints.advice import Advice, Budget, Valuation
from stich.hints.advisors.bids.advisor import BiddingAdvisor
from stich.hints.dd import most_tricks, most_tricks_by_move, move_event, one_against_all, position, value
from stich.hints.session import Session
from stich.hints.worlds import World
from stich.solvers import ObjectiveSpec


def _missed(bid: int) -> int:
    """A miss counted as one trick off, on the side the others can push: over when ducking."""
    return bid + 1 if bid <= 0 else bid - 1


class ExactBidsAdvisor(BiddingAdvisor):
    """The advice's cards; bids valued by "can the seat force exactly this bid"."""

    def bid(self, session: Session, state: BiddingRound) -> Valuation:
        base = super().bid(session, state)
        seat, blind, scoring = session.seat, state.blind, state.scoring()
        bids = [int(e["bid"]) for e in session.legal()]
        imagined = (seat,) if blind else ()

        def evaluate(world: World) -> tuple[list[float], list[dict[str, float]]]:
            teams = one_against_all(seat, list(range(len(world.hands))))
            most = most_tricks(state, world.hands, seat, imagined=imagined)
            scores: list[float] = []
            figures: list[dict[str, float]] = []
            for bid in bids:
                exact = ObjectiveSpec("exact", k=bid, seat=seat)
                hit = bid <= most and value(position(state, world.hands, exact, teams, None, imagined)) == 1
                tricks = bid if hit else most if bid > most else _missed(bid)
                scores.append(score_bid(bid, tricks, scoring, blind))
                figures.append({"p_hit": float(hit), "most": float(most)})
            return scores, figures

        return replace(base, evaluate=evaluate)


class MostPlayAdvisor(BiddingAdvisor):
    """The advice's bids; cards valued by the most tricks the seat can take against everyone."""

    def play(self, session: Session, state: BiddingRound) -> Valuation:
        base = super().play(session, state)
        if not state.has_bids():
            return base
        seat, scoring = session.seat, state.scoring()
        bid = state.bids[seat]
        assert bid is not None
        legal = session.legal()

        def evaluate(world: World) -> tuple[list[float], list[dict[str, float]]]:
            most = {
                move_event(state, seat, m)["play"]: v
                for m, v in most_tricks_by_move(state, world.hands, seat).items()
            }
            tricks = [state.won[seat] + most[e["play"]] for e in legal]
            scores = [float(score_bid(bid, t, scoring, state.blind)) for t in tricks]
            return scores, [{"p_hit": float(t == bid)} for t in tricks]

        return replace(base, evaluate=evaluate)


MODELS = {"exact-bids": ExactBidsAdvisor, "most-play": MostPlayAdvisor}


def decide(advisor: BiddingAdvisor, session: Session, worlds: int, seed: int) -> Event:
    found = advisor.valuation(session)
    advice = found if isinstance(found, Advice) else found.advise(session, Budget(worlds=worlds, seed=seed))
    return advice.action


def play(deal: Record, advisors: list[BiddingAdvisor], worlds: int, seed: int) -> list[int]:
    """The round of ``deal`` played with advisor ``advisors[s]`` at seat ``s``; each seat's points."""
    record = replace(deal, events=[])
    while True:
        state = replay(record).round
        mover = state.to_move()
        if state.is_terminal() or mover is None:
            points = state.result()["points"]
            return [int(points[s]) for s in range(len(advisors))]
        session = Session.from_record(record, mover)
        action = decide(advisors[mover], session, worlds, seed + len(record.events))
        record = replace(record, events=[*record.events, action])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", choices=sorted(MODELS), default="most-play")
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--cards", type=int, default=5)
    parser.add_argument("--worlds", type=int, default=16)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    advice, other = BiddingAdvisor(), MODELS[args.model]()
    margins: list[float] = []
    start = time.perf_counter()
    for d in range(args.deals):
        deal = simulate("stiche-raten", 4, args.seed + d, {"first_round": args.cards})
        total = 0.0
        for seat in range(4):
            advisors = [advice] * 4
            advisors[seat] = other
            points = play(deal, advisors, args.worlds, d)
            total += points[seat] - sum(p for s, p in enumerate(points) if s != seat) / 3
        margins.append(total / 4)
    mean = statistics.mean(margins)
    error = statistics.stdev(margins) / len(margins) ** 0.5 if len(margins) > 1 else float("nan")
    seconds = time.perf_counter() - start
    print(f"{args.deals} deals of {args.cards} cards, 4 players, {args.worlds} worlds a decision")
    print(
        f"{args.model} model minus the advice's, points per round:"
        f" {mean:+.2f} ± {error:.2f} ({seconds:.0f} s)"
    )


if __name__ == "__main__":
    main()
