"""Fit the constants of Stich für Stich's belief (`hints.advisors.stich_fuer_stich_belief`).

Plays ``--deals`` cases a seed (4 players; the sleuths and, with ``--confidant heuristic``,
the confidant play by the heuristic bot; ``--confidant advisor:N`` has the advisor with N
worlds play the confidant's cards). At each guess of a sleuth who has not solved, while
more than one pair is possible, it weighs the pairs under each setting of the grid and keeps
the probability of the secret. Printed per setting: the mean log score of the secret (more
is better), and the most likely pair's mean probability against how often it was the secret.
The first row of the grid (``LEAN`` 1) is the deducer's uniform posterior.

    python -P bench/sfs_belief_fit.py --confidant heuristic --seeds 11,12,13 --deals 30
    python -P bench/sfs_belief_fit.py --confidant advisor:8 --seeds 14,15 --deals 15

(``-P``: the folder ``bench/`` holds a ``hints.py`` that would hide the package.) The seeds
of the fit are not those of the calibration runs reported (seed 1).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Sequence

from stich.games.errors import StichError
from stich.games.record import Record
from stich.games.registry import find
from stich.games.stich_fuer_stich import StichFuerStichRound
from stich.games.views import ViewFeed
from stich.hints.advice import Budget, advise
from stich.hints.advisors.stich_fuer_stich_belief import belief
from stich.hints.play.arena import _matching, unit_seed
from stich.hints.play.bots import parse_bot
from stich.hints.session import Session

BOTH = (0.0, 0.5)
Setting = tuple[float, float, tuple[float, ...], float, float]  # lean, floor, styles, odd, random
GRID: list[Setting] = [
    (1.0, 0.0, BOTH, 0.0, 0.0),
    *[
        (0.2, floor, BOTH, odd, random)
        for floor in (0.0, 0.1)
        for odd in (0.05, 0.1)
        for random in (0.0, 0.1, 0.3)
    ],
    (0.3, 0.1, BOTH, 0.1, 0.0),
    (0.2, 0.1, (0.0,), 0.1, 0.0),
    (0.2, 0.1, (0.5,), 0.1, 0.0),
]


def play(seed: int, deals: int, confidant: str) -> list[tuple[dict[Setting, tuple[float, ...]], int]]:
    """For each guess of a sleuth still searching: the belief under each setting, and the secret."""
    heuristic = parse_bot("heuristic")
    game = find("stich-fuer-stich")(4, {})
    found = []
    for index in range(deals):
        dealer, known = game.course().series_deal(random.Random(unit_seed(seed, index)), index)
        names = [f"seat {s + 1}" for s in range(4)]
        record = Record(game.id, names, dealer, [], dict(game.options), None, known)
        feed = ViewFeed(record, range(4))
        sessions = [Session(feed.header(seat), strict=False) for seat in range(4)]
        rngs = [random.Random(unit_seed(seed, index, seat)) for seat in range(4)]
        truth = feed.truth
        assert isinstance(truth, StichFuerStichRound) and truth.secret is not None
        secret = truth.secret[0] * 7 + truth.secret[1]
        while not truth.is_terminal():
            actor = truth.to_move()
            assert actor is not None
            legal = truth.legal_events()
            session = sessions[actor]
            post = session.posterior()
            if truth.phase == "search" and post is not None and post.count > 1:
                row = {}
                for lean, floor, styles, odd, random_ in GRID:
                    weighed = belief(session, lean=lean, floor=floor, styles=styles, odd=odd, random=random_)
                    assert weighed is not None
                    row[lean, floor, styles, odd, random_] = weighed.probabilities
                found.append((row, secret))
            if len(legal) == 1:
                event = legal[0]
            elif truth.phase == "play" and actor == truth.confidant and confidant != "heuristic":
                worlds = int(confidant.split(":")[1])
                budget = Budget(worlds=worlds, seed=rngs[actor].getrandbits(32), seconds=60.0)
                event = _matching(advise(session, budget).action, legal)
            else:
                event = _matching(heuristic.act(session, rngs[actor]), legal)
            for seat, heard in feed.extend(event).items():
                for seen in heard:
                    sessions[seat].apply(seen, strict=False)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench/sfs_belief_fit.py", description=__doc__.split("\n")[0])
    parser.add_argument("--confidant", default="heuristic", help="heuristic or advisor:N")
    parser.add_argument("--seeds", default="11,12,13")
    parser.add_argument("--deals", type=int, default=30)
    args = parser.parse_args(argv)
    try:
        if args.confidant != "heuristic" and not args.confidant.startswith("advisor:"):
            raise StichError(f"--confidant {args.confidant}: heuristic or advisor:N")
        seeds = [int(s) for s in args.seeds.split(",")]
    except (StichError, ValueError) as err:
        print(f"stich: error: {err}", file=sys.stderr)
        return 1
    start = time.perf_counter()
    found = [item for seed in seeds for item in play(seed, args.deals, args.confidant)]
    print(
        f"confidant {args.confidant}, seeds {args.seeds}, {args.deals} deals each: {len(found)} guesses "
        f"with more than one pair possible ({time.perf_counter() - start:.0f} s)"
    )
    if not found:
        return 0
    rows = []
    for setting in GRID:
        logs = claimed = hit = 0.0
        for row, secret in found:
            p = row[setting]
            logs += math.log(max(p[secret], 1e-12))
            best = max(range(len(p)), key=lambda h: p[h])
            claimed += p[best]
            hit += best == secret
        n = len(found)
        rows.append((logs / n, setting, claimed / n, hit / n))
    print("  lean  floor  styles      odd  random   log score  most likely: claimed  was the secret")
    for logs, (lean, floor, styles, odd, random_), claimed, hit in sorted(rows, key=lambda r: -r[0]):
        name = "+".join(f"{s:g}" for s in styles)
        figures = f"{logs:9.4f}  {claimed:20.3f}  {hit:14.3f}"
        print(f"  {lean:4.2f}  {floor:5.2f}  {name:10s}  {odd:4.2f}  {random_:6.2f}  {figures}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
