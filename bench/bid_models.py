"""Two models of an Oh Hell! seat's count, compared in self-play.

The advice (``hints.advisors.bidding``) takes a seat to end with the most tricks it can take
against everyone. The stricter model asks, per world, whether the seat can force *exactly*
its bid against everyone (the solver's ``exact`` objective): for each bid up to that most,
and for each card once the bid is made; a miss is counted as a miss by one trick. Each
deal is played four times, the stricter model at one seat in turn and the advice's at
the other three; the figure is the stricter seat's points minus the mean of the others',
averaged over the rotations, paired by deal, with its standard error.

    python -P bench/bid_models.py --deals 150 --cards 5 --worlds 16

(``-P``: the folder ``bench/`` holds a ``hints.py`` that would hide the package.)
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import replace

from games.base import Event
from games.record import Record, replay, simulate
from games.stiche_raten import BiddingRound, score_bid
from hints.advice import Advice, Budget, Valuation
from hints.advisors.bidding import BiddingAdvisor
from hints.dd import most_tricks, move_event, move_values, one_against_all, position, value
from hints.session import Session
from hints.worlds import World
from solvers import ObjectiveSpec


def _missed(bid: int, need: int) -> int:
    """A miss counted as one trick off, on the side the others can push: over when ducking."""
    return bid + 1 if need <= 0 else bid - 1


class ExactAdvisor(BiddingAdvisor):
    """The advice's valuations, valued by "can the seat force exactly its bid"."""

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
                tricks = bid if hit else most if bid > most else _missed(bid, bid)
                scores.append(score_bid(bid, tricks, scoring, blind))
                figures.append({"p_hit": float(hit), "most": float(most)})
            return scores, figures

        return replace(base, evaluate=evaluate)

    def play(self, session: Session, state: BiddingRound) -> Valuation:
        base = super().play(session, state)
        if not state.has_bids():
            return base
        seat, scoring = session.seat, state.scoring()
        bid = state.bids[seat]
        assert bid is not None
        need = bid - state.won[seat]
        legal = session.legal()

        def evaluate(world: World) -> tuple[list[float], list[dict[str, float]]]:
            teams = one_against_all(seat, list(range(len(world.hands))))
            exact = position(state, world.hands, ObjectiveSpec("exact", k=bid, seat=seat), teams)
            hit = {move_event(state, seat, m)["play"]: v for m, v in move_values(exact)}
            scores = [
                float(
                    score_bid(
                        bid, bid if hit[e["play"]] else max(0, _missed(bid, need)), scoring, state.blind
                    )
                )
                for e in legal
            ]
            return scores, [{"p_hit": float(hit[e["play"]])} for e in legal]

        return replace(base, evaluate=evaluate)


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
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--cards", type=int, default=5)
    parser.add_argument("--worlds", type=int, default=16)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    advice, exact = BiddingAdvisor(), ExactAdvisor()
    margins: list[float] = []
    start = time.perf_counter()
    for d in range(args.deals):
        deal = simulate("stiche-raten", 4, args.seed + d, {"first_round": args.cards})
        total = 0.0
        for seat in range(4):
            advisors = [advice] * 4
            advisors[seat] = exact
            points = play(deal, advisors, args.worlds, d)
            total += points[seat] - sum(p for s, p in enumerate(points) if s != seat) / 3
        margins.append(total / 4)
    mean = statistics.mean(margins)
    error = statistics.stdev(margins) / len(margins) ** 0.5 if len(margins) > 1 else float("nan")
    seconds = time.perf_counter() - start
    print(f"{args.deals} deals of {args.cards} cards, 4 players, {args.worlds} worlds a decision")
    print(f"exact model minus the advice's, points per round: {mean:+.2f} ± {error:.2f} ({seconds:.0f} s)")


if __name__ == "__main__":
    main()
