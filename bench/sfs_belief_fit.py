"""Fit the constants of Stich für Stich's belief (`hints.advisors.stich_fuer_stich.belief`).

Plays ``--deals`` cases a seed (4 players; the sleuths and, with ``--confidant heuristic``,
the confidant play by the heuristic bot; ``--confidant advisor:N`` has the advisor with N
worlds play the confidant's cards). At each guess of a sleuth who has not solved (one pair
left too, as the calibration counts it) it keeps the likelihood of the confidant's cards
under each possible pair for each setting of ``LIKELIHOODS`` (lean and odd cards) and
style (``STYLE_LEAKS``, and the confidant playing any card alike); ``--save`` keeps them,
``--load`` (comma-separated files, one group each) weighs them again without playing. Each
setting of the grid (the styles with their lean, odd cards and prior weights, the random
style's weight, the floor) is then scored per group: the mean log score of the secret (more
is better), the most likely pair's mean probability against how often it was the secret,
the Brier score of that claim, and the worst band of 30 guesses or more (claimed against
solved, as `bench/calibration.py` prints it). Sorted by the worse of the worst band and
twice the overall gap over the groups. The first row (``lean`` 1) is the deducer's uniform
posterior.

    python bench/sfs_belief_fit.py --confidant heuristic --seeds 7 --deals 400 --save h7.pkl
    python bench/sfs_belief_fit.py --confidant advisor:8 --seeds 7 --deals 300 --save a7.pkl
    python bench/sfs_belief_fit.py --load h7.pkl,a7.pkl

The seed
of the fit is not one of those of the calibration runs reported (1 and 2). The grid holds,
besides the belief's own settings, looser styles (lean 0.4 and 0.6), a style minding the
bits twice as much (leak 1) and three styles at once: none met the bands with both
confidants (docs/research/2026-12-03-calibration-maps.md).
"""

from __future__ import annotations

import argparse
import math
import pickle
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from stich.deducer.hypotheses import members
from stich.games.errors import StichError
from stich.games.record import Record
from stich.games.registry import find
from stich.games.stich_fuer_stich import StichFuerStichRound
from stich.games.views import ViewFeed
from stich.hints.advice import Budget, advise
from stich.hints.advisors.stich_fuer_stich.belief import Style, confidant_turns, mixture, style_likelihoods
from stich.hints.play.arena import _matching, unit_seed
from stich.hints.play.bots import parse_bot
from stich.hints.session import Session

LIKELIHOODS = [
    (0.2, 0.05),
    (0.2, 0.1),
    (0.2, 0.2),
    (0.1, 0.05),
    (0.05, 0.05),
    (0.1, 0.02),
    (0.4, 0.2),
    (0.6, 0.3),
]  # lean, odd
"""The settings of the confidant's card model whose likelihoods are kept at each guess."""
STYLE_LEAKS = (0.0, 0.5, 1.0)
Setting = tuple[tuple[Style, ...], float, float]  # the styles, the random style's weight, the floor


def _grid() -> list[Setting]:
    """The settings compared: the uniform posterior; two styles of one lean and share of odd
    cards, with a floor or a random style; and a sharp style minding the bits beside a broad
    one playing for the tricks."""
    grid: list[Setting] = [((Style(0.0, 1.0, 0.0, 1.0),), 0.0, 0.0)]
    for lean, odd in [(0.2, 0.05), (0.2, 0.1), (0.2, 0.2)]:
        for floor in (0.0, 0.05, 0.1):
            for random_ in (0.0, 0.1, 0.3):
                grid.append(((Style(0.0, lean, odd, 1.0), Style(0.5, lean, odd, 1.0)), random_, floor))
    for sharp in [(0.1, 0.02), (0.1, 0.05), (0.05, 0.05)]:
        for broad in [(0.2, 0.1), (0.2, 0.2), (0.4, 0.2), (0.6, 0.3)]:
            for random_ in (0.0, 0.1, 0.2, 0.3):
                for share in (0.25, 0.5, 0.75):
                    styles = (Style(0.5, *sharp, share), Style(0.0, *broad, 1 - share))
                    grid.append((styles, random_, 0.0))
    # the loose style minding the bits more than the strict one (a confidant weighing what it tells)
    for sharp in [(0.1, 0.02), (0.1, 0.05)]:
        for broad in [(0.2, 0.2), (0.4, 0.2), (0.6, 0.3)]:
            for random_ in (0.1, 0.2):
                styles = (Style(0.5, *sharp, 0.5), Style(1.0, *broad, 0.5))
                grid.append((styles, random_, 0.0))
                styles3 = (Style(0.5, *sharp, 1 / 3), Style(0.0, *broad, 1 / 3), Style(1.0, *broad, 1 / 3))
                grid.append((styles3, random_, 0.0))
    return grid


GRID = _grid()


@dataclass
class Guess:
    """A guess of a sleuth still searching: the secret, the pairs possible, and the confidant's
    plays' likelihood under each (per setting of ``LIKELIHOODS`` one list a style, then the
    likelihood of a confidant playing any card alike); ``turns`` cards of the confidant seen."""

    secret: int
    pairs: list[int]
    turns: int
    styles: dict[tuple[float, float], list[list[float]]]
    anyhow: list[float]


def play(seed: int, deals: int, confidant: str) -> list[Guess]:
    """Plays the cases; each guess of a sleuth still searching (one pair left too)."""
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
            if truth.phase == "search" and post is not None and len(legal) > 1:
                pairs = members(post.possible)
                styles: dict[tuple[float, float], list[list[float]]] = {}
                anyhow = [1.0] * len(pairs)
                turns = len(confidant_turns(truth, post.space))
                if post.count > 1:
                    for lean, odd in LIKELIHOODS:
                        modelled = [Style(leak, lean, odd, 1.0) for leak in STYLE_LEAKS]
                        parts = style_likelihoods(session, post, [*modelled, None])
                        if parts is not None:
                            styles[lean, odd] = parts[:-1]
                            anyhow = parts[-1]
                found.append(Guess(secret, pairs, turns, styles, anyhow))
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


def probabilities(guess: Guess, setting: Setting) -> list[float]:
    """The belief over ``guess.pairs`` under ``setting`` (the weighing of `belief`)."""
    styles, random_, floor = setting
    if len(guess.pairs) == 1 or not guess.styles or styles[0].lean == 1.0:
        return [1 / len(guess.pairs)] * len(guess.pairs)
    each = [guess.styles[s.lean, s.odd][STYLE_LEAKS.index(s.leak)] for s in styles]
    mixed = mixture(each, [s.weight for s in styles], guess.anyhow, random_)
    top = max(mixed)
    weights = [floor + (1 - floor) * m / top for m in mixed]
    total = sum(weights)
    return [w / total for w in weights]


def scores(found: Sequence[Guess], setting: Setting) -> tuple[float, float, float, float, float, str]:
    """Mean log score of the secret; the most likely pair's mean probability, how often it was the
    secret, the Brier score, the worst band of 30 guesses or more, and that band's name."""
    logs = brier = 0.0
    bands: dict[int, list[tuple[float, bool]]] = {}
    for guess in found:
        p = probabilities(guess, setting)
        at = guess.pairs.index(guess.secret)
        logs += math.log(max(p[at], 1e-12))
        best = max(range(len(p)), key=lambda k: p[k])
        hit = best == at
        brier += (p[best] - hit) ** 2
        bands.setdefault(min(int(p[best] * 10), 9), []).append((p[best], hit))
    n = len(found)
    claimed = sum(c for band in bands.values() for c, _ in band) / n
    hits = sum(h for band in bands.values() for _, h in band) / n
    worst, name = 0.0, "-"
    for b, band in sorted(bands.items()):
        if len(band) >= 30:
            gap = abs(sum(c for c, _ in band) - sum(h for _, h in band)) / len(band)
            if gap > worst:
                worst, name = gap, f"{10 * b}-{10 * b + 10} %, {len(band)}"
    return logs / n, claimed, hits, brier / n, worst, name


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench/sfs_belief_fit.py", description=__doc__.split("\n")[0])
    parser.add_argument("--confidant", default="heuristic", help="heuristic or advisor:N")
    parser.add_argument("--seeds", default="11,12,13")
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--save", help="keep the guesses in this file (pickle)")
    parser.add_argument("--load", help="the guesses from files of --save (comma-separated), no play")
    parser.add_argument("--top", type=int, default=25, help="settings printed")
    args = parser.parse_args(argv)
    try:
        if args.confidant != "heuristic" and not args.confidant.startswith("advisor:"):
            raise StichError(f"--confidant {args.confidant}: heuristic or advisor:N")
        seeds = [int(s) for s in args.seeds.split(",")]
    except (StichError, ValueError) as err:
        print(f"stich: error: {err}", file=sys.stderr)
        return 1
    start = time.perf_counter()
    groups: list[tuple[str, list[Guess]]] = []
    if args.load:
        for name in args.load.split(","):
            try:
                with open(name, "rb") as file:
                    groups.append((name, pickle.load(file)))
            except (OSError, pickle.UnpicklingError, EOFError) as err:
                print(f"stich: error: --load {name}: {err}", file=sys.stderr)
                return 1
    else:
        found = [item for seed in seeds for item in play(seed, args.deals, args.confidant)]
        groups.append((f"confidant {args.confidant}, seeds {args.seeds}, {args.deals} deals", found))
        if args.save:
            with open(args.save, "wb") as file:
                pickle.dump(found, file)
    for name, found in groups:
        print(f"{name}: {len(found)} guesses ({time.perf_counter() - start:.0f} s)")
    if not all(found for _, found in groups):
        return 0
    rows = []
    for setting in GRID:
        each = [scores(found, setting) for _, found in groups]
        rows.append((max(max(s[4], 2 * abs(s[2] - s[1])) for s in each), setting, each))
    print(
        "styles (leak/lean/odd/weight), random style, floor"
        " | per group: log score, claimed, solved, Brier, worst band"
    )
    for _, (styles, random_, floor), each in sorted(rows, key=lambda r: r[0])[: args.top]:
        name = " ".join(f"{s.leak:g}/{s.lean:g}/{s.odd:g}/{s.weight:g}" for s in styles)
        text = " | ".join(
            f"{lg:7.4f} {100 * c:5.1f} {100 * h:5.1f} {b:.3f} {100 * w:4.1f} ({band})"
            for lg, c, h, b, w, band in each
        )
        print(f"  {name:32s} {random_:4.2f} {floor:4.2f} | {text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
