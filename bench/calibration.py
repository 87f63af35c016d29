"""Are the advice's chances chances? Self-play, each chance claimed at a decision against what happened.

Stiche-Raten and Wizard: the bots of ``--bots`` (one per seat; ``advisor:N`` is the hint engine
with N worlds a decision) play ``--deals`` rounds of ``--cards`` cards. At each bid an advisor
makes, the chance it gave to hit the bid it made (``p_hit`` of the advised bid) is kept, and
at the end of the round whether the bid was hit; the same for each card it plays (``p_hit``
of the advised card: the chance to hit the bid after that card). Printed: a reliability
table by band of claimed chance (count, mean claimed, share that happened), the overall
mean claimed against the share that happened, and the Brier score (the mean squared
difference between claim and outcome; 0.25 is what saying 50 % every time scores on a
coin). The heuristic bot claims no chance: its bids' hit rate is printed beside, as a
reference for the share of bids a plain player hits.

    python -P bench/calibration.py stiche-raten --deals 100 --cards 5 --jobs 2
    python -P bench/calibration.py wizard --deals 100 --cards 8 --bots advisor:16,heuristic,heuristic,random
    python -P bench/calibration.py stiche-raten --cards 13 --play heuristic --svg docs/calibration-13.svg

``--play heuristic``: every seat plays its cards by the heuristic bot (the advisors only bid):
much faster at 13 cards, and it measures the bids' chances against that play. ``--play
played-out``: the advisors value their cards by play-outs too
(`BiddingAdvisor.play_played_out`), as they value their bids.
``--svg FILE`` writes the bids' reliability diagram. (``-P``: the folder ``bench/`` holds a
``hints.py`` that would hide the package.)
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from stich.games.errors import StichError
from stich.games.record import Record
from stich.games.registry import find
from stich.games.stiche_raten import BiddingRound
from stich.games.views import ViewFeed
from stich.hints.advice import Budget, advise
from stich.hints.advisors.bidding import ADVISOR
from stich.hints.play.arena import _matching, unit_seed
from stich.hints.play.bots import BotSpec, parse_bot
from stich.hints.session import Session

GAMES = ("stiche-raten", "wizard")
PLAYED = {"own": "each bot", "heuristic": "the heuristic", "played-out": "each bot, advisors by play-outs"}
BANDS = 10


@dataclass(frozen=True)
class Claim:
    """One chance claimed at a decision: who, what kind (``bid`` or ``play``), the chance, and
    whether it happened (filled in at the end of the round)."""

    bot: str
    kind: str
    claimed: float
    happened: bool


@dataclass(frozen=True)
class Setup:
    game: str
    cards: int
    bots: tuple[BotSpec, ...]
    seed: int
    play: str  # "own": each bot plays its cards; "heuristic": everyone's by the heuristic; "played-out"


def _deal(setup: Setup, index: int) -> tuple[Record, Any]:
    options: dict[str, Any] = {"first_round": setup.cards} if setup.game == "stiche-raten" else {}
    game = find(setup.game)(len(setup.bots), options)
    number = 0 if setup.game == "stiche-raten" else setup.cards - 1
    dealer, known = game.sequence_deal(random.Random(unit_seed(setup.seed, index)), number)
    names = [f"seat {s + 1}" for s in range(len(setup.bots))]
    return Record(game.id, names, dealer, [], dict(game.options), None, known), game


def play_deal(setup: Setup, index: int) -> list[Claim]:
    """One round; the claims the advisors made in it, each with what happened."""
    record, _ = _deal(setup, index)
    n = len(setup.bots)
    bots = [setup.bots[(s + index) % n] for s in range(n)]  # the seats change bots deal by deal
    feed = ViewFeed(record, range(n))
    sessions = [Session(feed.header(seat), strict=False) for seat in range(n)]
    rngs = [random.Random(unit_seed(setup.seed, index, seat)) for seat in range(n)]
    heuristic = parse_bot("heuristic")
    truth = feed.truth
    pending: list[tuple[int, str, int, float]] = []  # seat, kind, bid, claimed
    while not truth.is_terminal():
        actor = truth.to_move()
        legal = truth.legal_events()
        assert actor is not None
        bot = bots[actor]
        phase = truth.phase
        if len(legal) == 1:
            event = legal[0]
        elif bot.kind == "advisor" and (phase != "play" or setup.play != "heuristic"):
            session = sessions[actor]
            budget = Budget(worlds=bot.worlds or 32, seed=rngs[actor].getrandbits(32))
            if phase == "play" and setup.play == "played-out":
                state = session.round
                assert isinstance(state, BiddingRound)
                advice = ADVISOR.play_played_out(session, state).advise(session, budget)
            else:
                advice = advise(session, budget)
            event = _matching(advice.action, legal)
            chance = advice.best.figures.get("p_hit")
            if chance is not None and phase in ("bid", "play"):
                pending.append((actor, phase, -1, float(chance)))
        elif phase == "play" and setup.play == "heuristic":
            event = _matching(heuristic.act(sessions[actor], rngs[actor]), legal)
        else:
            event = _matching(bot.act(sessions[actor], rngs[actor]), legal)
        for seat, heard in feed.extend(event).items():
            for seen in heard:
                sessions[seat].apply(seen, strict=False)
    bids = truth.result()["bids"]
    claims = [Claim(bots[s].name, kind, c, bids[s] == truth.won[s]) for s, kind, _, c in pending]
    for s in range(n):
        if bots[s].kind != "advisor":
            claims.append(Claim(bots[s].name, "bid-made", float("nan"), bids[s] == truth.won[s]))
    return claims


def _work(args: tuple[Setup, int]) -> list[Claim]:
    return play_deal(*args)


@dataclass(frozen=True)
class Reliability:
    rows: list[tuple[float, float, int, float, float]]  # band low, high, count, mean claimed, share
    count: int
    claimed: float
    happened: float
    brier: float

    @staticmethod
    def of(claims: Sequence[Claim]) -> Reliability:
        rows = []
        for b in range(BANDS):
            low, high = b / BANDS, (b + 1) / BANDS
            inside = [c for c in claims if low <= c.claimed < high or (b == BANDS - 1 and c.claimed == 1.0)]
            if inside:
                mean = sum(c.claimed for c in inside) / len(inside)
                share = sum(c.happened for c in inside) / len(inside)
                rows.append((low, high, len(inside), mean, share))
        count = len(claims)
        claimed = sum(c.claimed for c in claims) / count if count else float("nan")
        happened = sum(c.happened for c in claims) / count if count else float("nan")
        brier = sum((c.claimed - c.happened) ** 2 for c in claims) / count if count else float("nan")
        return Reliability(rows, count, claimed, happened, brier)

    def banded(self) -> float:
        """The Brier score of claiming, for each claim, the share hit in its band: what these
        claims would score if each band were exactly right (the part no recalibration removes)."""
        if not self.count:
            return float("nan")
        return sum(k * share * (1 - share) for _, _, k, _, share in self.rows) / self.count

    def worst_band(self, least: int = 30) -> float:
        """The largest |claimed - happened| over the bands of ``least`` claims or more."""
        gaps = [abs(mean - share) for _, _, k, mean, share in self.rows if k >= least]
        return max(gaps) if gaps else float("nan")

    def text(self, title: str) -> str:
        lines = [title, f"{'band':>11} {'count':>6} {'claimed':>8} {'happened':>9} {'gap':>6}"]
        for low, high, k, mean, share in self.rows:
            lines.append(
                f"{100 * low:4.0f}-{100 * high:3.0f} % {k:6d} {100 * mean:7.1f}% {100 * share:8.1f}% "
                f"{100 * (share - mean):+6.1f}"
            )
        lines.append(
            f"{'overall':>11} {self.count:6d} {100 * self.claimed:7.1f}% {100 * self.happened:8.1f}% "
            f"{100 * (self.happened - self.claimed):+6.1f}"
        )
        base = self.happened * (1 - self.happened)
        lines.append(
            f"Brier {self.brier:.3f} (always saying the share that happened: {base:.3f}; saying "
            f"each band's share: {self.banded():.3f}); worst band of 30 or more: "
            f"{100 * self.worst_band():.1f} points"
        )
        return "\n".join(lines)


def svg(rel: Reliability, title: str) -> str:
    """A reliability diagram: claimed chance across, share that happened up, a dot per band
    (its area the band's count), the diagonal where they agree."""
    size, pad = 320, 44
    inner = size - 2 * pad

    def x(p: float) -> float:
        return pad + p * inner

    def y(p: float) -> float:
        return size - pad - p * inner

    most = max((k for _, _, k, _, _ in rel.rows), default=1)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 {size} {size}" font-family="sans-serif" font-size="11">',
        f'<rect width="{size}" height="{size}" fill="white"/>',
        f'<text x="{size / 2}" y="18" text-anchor="middle" font-size="12">{title}</text>',
        f'<rect x="{pad}" y="{pad}" width="{inner}" height="{inner}" fill="none" stroke="#888"/>',
        f'<line x1="{x(0)}" y1="{y(0)}" x2="{x(1)}" y2="{y(1)}" stroke="#bbb" stroke-dasharray="4 3"/>',
    ]
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        parts.append(f'<text x="{x(tick)}" y="{size - pad + 14}" text-anchor="middle">{tick:.0%}</text>')
        parts.append(f'<text x="{pad - 4}" y="{y(tick) + 4}" text-anchor="end">{tick:.0%}</text>')
    parts.append(f'<text x="{size / 2}" y="{size - 8}" text-anchor="middle">chance claimed</text>')
    parts.append(
        f'<text x="12" y="{size / 2}" text-anchor="middle" transform="rotate(-90 12 {size / 2})">'
        "share hit</text>"
    )
    points = []
    for _, _, k, mean, share in rel.rows:
        r = 2 + 8 * (k / most) ** 0.5
        dot = f'cx="{x(mean):.1f}" cy="{y(share):.1f}" r="{r:.1f}"'
        parts.append(f'<circle {dot} fill="#1f77b4" opacity="0.7"/>')
        points.append(f"{x(mean):.1f},{y(share):.1f}")
    if len(points) > 1:
        parts.append(f'<polyline points="{" ".join(points)}" fill="none" stroke="#1f77b4"/>')
    parts.append(
        f'<text x="{size - pad - 6}" y="{size - pad - 8}" text-anchor="end">{rel.count} bids, '
        f"claimed {rel.claimed:.0%}, "
        f"hit {rel.happened:.0%}, Brier {rel.brier:.3f}</text>"
    )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench/calibration.py", description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=GAMES)
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--cards", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="advisor:16,advisor:16,advisor:16,advisor:16")
    parser.add_argument("--play", choices=("own", "heuristic", "played-out"), default="own")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--svg", help="write the bids' reliability diagram to this file")
    args = parser.parse_args(argv)
    try:
        bots = tuple(parse_bot(b) for b in args.bots.split(","))
        if args.deals < 1:
            raise StichError(f"--deals {args.deals}: play at least 1 deal")
        setup = Setup(args.game, args.cards, bots, args.seed, args.play)
        _deal(setup, 0)  # an impossible hand size or player count is one error line
    except StichError as err:
        print(f"stich: error: {err}", file=sys.stderr)
        return 1
    start = time.perf_counter()
    work = [(setup, i) for i in range(args.deals)]
    if args.jobs > 1:
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            claims = [c for found in pool.imap(_work, work) for c in found]
    else:
        claims = [c for w in work for c in _work(w)]
    seconds = time.perf_counter() - start
    names = ",".join(b.name for b in bots)
    print(
        f"{args.game}, {len(bots)} players, {args.cards} cards, {args.deals} deals, bots {names}, "
        f"cards played by {PLAYED[args.play]}, seed {args.seed} "
        f"({seconds:.0f} s)"
    )
    bids = [c for c in claims if c.kind == "bid"]
    plays = [c for c in claims if c.kind == "play"]
    print()
    print(Reliability.of(bids).text("the advisors' bids: chance claimed to hit the bid made"))
    if plays:
        print()
        print(Reliability.of(plays).text("the advisors' cards: chance claimed to hit the bid after the card"))
    for name in dict.fromkeys(b.name for b in bots):
        made = [c for c in claims if c.kind == "bid-made" and c.bot == name]
        if made:
            share = sum(c.happened for c in made) / len(made)
            print(f"\n{name} claims no chance; its {len(made)} bids were hit in {100 * share:.1f}%")
    if args.svg:
        with open(args.svg, "w", encoding="utf-8") as out:
            title = f"{args.game}, {args.cards} cards: bids"
            out.write(svg(Reliability.of(bids), title))
    return 0


if __name__ == "__main__":
    sys.exit(main())
