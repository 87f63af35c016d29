"""Are the advice's chances chances? Self-play, each chance claimed at a decision against what happened.

The bots of ``--bots`` (one per seat, the seats changing bots deal by deal; ``advisor:N`` is
the hint engine with N worlds a decision, mixed line-ups such as
``advisor:8,heuristic,rules-bot,heuristic`` welcome) play ``--deals`` rounds. At each
decision where a bot names a chance, the chance is kept, and at the end of the round
whether it happened:

- Stiche-Raten and Wizard (``--cards`` cards a hand): at each bid an advisor makes, the
  chance it gave to hit the bid it made (``p_hit`` of the advised bid); at each card it
  plays, the chance to hit its bid after that card. The heuristic bids by its own
  distribution of the seat's tricks (each card's chance to take one): the chance that
  distribution gives the bid it made is its implied chance. Every bot's bids' hit rate
  is printed too (rules-bot claims no chance).
- Was sticht?: at the task an advisor chooses and at each card it plays (not as the dealer),
  its chance to make the task (``p_made``: the round played out, every seat for its own
  task; 1 where the task can be forced), against whether the task was made; apart, the
  claims of certainty alone (``forced`` = 1), which must all come true. The heuristic
  chooses its task by the share of 24 play-outs (the others playing at random) that make
  it: that share is its implied chance, recomputed here on 24 fresh play-outs.
- Stich für Stich: at each guess, the "chance to solve now" of the pair guessed, against
  whether it was the secret. The heuristic guesses the most likely pair: its implied chance
  is that pair's probability.

Printed for each bot and kind of claim: a reliability table by band of claimed chance
(count, mean claimed, share that happened with its 95 % Wilson interval, ``*`` where the
interval misses the mean claimed), the overall mean claimed against the share that
happened, and the Brier score (the mean squared difference between claim and outcome).

    python bench/calibration.py stiche-raten --deals 100 --cards 5 --jobs 2
    python bench/calibration.py wizard --deals 100 --cards 8 \
        --bots advisor:16,heuristic,heuristic,rules-bot
    python bench/calibration.py was-sticht --deals 40 --bots advisor:8,heuristic,heuristic,heuristic
    python bench/calibration.py stich-fuer-stich --deals 40 --players 4 --play heuristic
    python bench/calibration.py stiche-raten --cards 5 --diagnose --svg docs/calibration-stiche-raten-5.svg

``--play heuristic``: every seat plays its cards by the heuristic bot (the advisors make the
other decisions): much faster at 13 cards and in Stich für Stich, whose card advice takes
seconds a card. ``--play confidant`` (Stich für Stich): the confidant plays its own cards by
its bot, the sleuths theirs by the heuristic: the guesses read an advisor's cards as the
confidant's with ``--bots`` of advisors alone. ``--diagnose`` (Stiche-Raten, Wizard): at
each advisor's bid and card, the same play-out is also run in the true deal — with the bids
the model draws for the seats still to bid, and (at the end of the round) with the bids they
made — which splits the gap between claim and outcome into the part of the worlds drawn, of
the others' bids drawn, and of the play-out's card play against the real players'. ``--svg FILE`` writes
the reliability diagram of the advisors' claims.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from stich.games.base import Event
from stich.games.errors import StichError
from stich.games.record import Record
from stich.games.registry import find
from stich.games.stiche_raten import BiddingRound
from stich.games.views import ViewFeed
from stich.games.was_sticht import WasStichtRound
from stich.hints.advice import Advice, Budget, advise
from stich.hints.advisors.bids.others import others_bids, play_out_start
from stich.hints.advisors.bids.played import cards_played_out, played_out
from stich.hints.advisors.bids.playout import play_out
from stich.hints.play.arena import _matching, unit_seed
from stich.hints.play.bots import BotSpec, parse_bot
from stich.hints.session import Session

GAMES = ("stiche-raten", "wizard", "was-sticht", "stich-fuer-stich")
BIDDING = ("stiche-raten", "wizard")
PLAYED = {
    "own": "each bot",
    "heuristic": "the heuristic",
    "confidant": "the confidant's own bot, the sleuths' by the heuristic",
}
BANDS = 10

KINDS = {
    "bid": "bids: chance claimed to hit the bid made",
    "play": "cards: chance claimed to hit the bid after the card",
    "task": "tasks: chance claimed to make the task chosen",
    "task-play": "cards: chance claimed to make the task after the card",
    "task-forced": "tasks and cards claimed certain (forceable against any play), against the task made",
    "dealer": "the dealer's cards: chance claimed to make a task its owner fails (and discard a chip)",
    "task-implied": "tasks: the share of 24 play-outs (others at random) that make it",
    "bid-implied": "bids: the chance its own count of the tricks gives the bid made",
    "guess": "guesses: chance to solve now of the pair guessed, against the secret",
    "guess-implied": "guesses: the probability of the pair guessed (the most likely), against the secret",
}
"""What each kind of claim is, as the tables title it."""


@dataclass(frozen=True)
class Claim:
    """One chance claimed at a decision: who, what kind (`KINDS`; ``bid-made``: a bid of a bot
    that claims no chance), the chance, whether it happened, and ``checks``: with ``--diagnose``,
    the same claim's outcome in the true deal under the model (``world``: the play-out of the
    true deal with the others' bids as drawn; ``bids``: with the bids they made; ``off``: the
    drawn bids minus the bids made, summed over the seats still to bid, and ``later``: how
    many they were)."""

    bot: str
    kind: str
    claimed: float
    happened: bool
    checks: tuple[tuple[str, float], ...] = ()
    deal: int = -1  # the deal's index in the run (``--claims``)


@dataclass(frozen=True)
class Setup:
    game: str
    cards: int
    bots: tuple[BotSpec, ...]
    seed: int
    play: str  # "own": each bot plays its cards; "heuristic": everyone's by the heuristic
    diagnose: bool = False


def _deal(setup: Setup, index: int) -> tuple[Record, Any]:
    options: dict[str, Any] = {"first_round": setup.cards} if setup.game == "stiche-raten" else {}
    game = find(setup.game)(len(setup.bots), options)
    number = setup.cards - 1 if setup.game == "wizard" else 0 if setup.game == "stiche-raten" else index
    dealer, known = game.course().series_deal(random.Random(unit_seed(setup.seed, index)), number)
    names = [f"seat {s + 1}" for s in range(len(setup.bots))]
    return Record(game.id, names, dealer, [], dict(game.options), None, known), game


@dataclass
class _Pending:
    """A claim whose outcome the end of the round tells."""

    seat: int
    kind: str
    claimed: float
    replay: tuple[Any, ...] | None = None  # --diagnose, a bid: what replays it with the bids made
    checks: dict[str, float] | None = None


def _advisor_claims(game: str, phase: str, advice: Advice, truth: Any, seat: int) -> list[tuple[str, float]]:
    """The chances an advisor's advice claims for the choice it made: (kind, chance)."""
    best = advice.best
    if game in BIDDING and phase in ("bid", "play") and "p_hit" in best.figures:
        return [(phase, float(best.figures["p_hit"]))]
    if (
        game == "was-sticht"
        and phase in ("tasks", "play")
        and seat != truth.dealer
        and "p_made" in best.figures
    ):
        kind = "task" if phase == "tasks" else "task-play"
        claims = [(kind, float(best.figures["p_made"]))]
        if best.figures.get("forced"):
            claims.append(("task-forced", 1.0))
        return claims
    if game == "was-sticht" and phase == "play" and seat == truth.dealer and "p_discard" in best.figures:
        return [("dealer", float(best.figures["p_discard"]))]
    if game == "stich-fuer-stich" and phase == "search":
        return [("guess", float(best.value))]
    return []


def _heuristic_claims(
    game: str, phase: str, event: Event, session: Session, seed: int
) -> list[tuple[str, float]]:
    """The chance the heuristic's choice implies, where it has one (module docstring)."""
    if game == "was-sticht" and phase == "tasks":
        from stich.games.was_sticht import TRICKS, TrickSummary, task_made
        from stich.hints.advisors.trick_heuristic import rules_seen
        from stich.hints.advisors.was_sticht.heuristic import PLAYOUTS, task_playout

        state = session.round
        task = str(event["task"])
        hands = [h or 0 for h in state.hands]
        rng = random.Random(seed)
        rules = rules_seen(session)
        made = 0
        for _ in range(PLAYOUTS):
            tricks = task_playout(rules, list(hands), state.leader, session.seat, task, TRICKS, rng)
            made += task_made(task, session.seat, TrickSummary.of(tricks, state.game.players))
        return [("task-implied", made / PLAYOUTS)]
    if game in BIDDING and phase == "bid":
        state = session.round
        assert isinstance(state, BiddingRound)
        return [("bid-implied", _heuristic_hit_chance(state, session.seat, int(event["bid"])))]
    if game == "stich-fuer-stich" and phase == "search":
        from stich.hints.advisors.stich_fuer_stich.belief import belief

        post = belief(session)  # the pairs as the heuristic weighs them to guess
        assert post is not None
        return [("guess-implied", max(post.probabilities))]
    return []


def _heuristic_hit_chance(state: BiddingRound, seat: int, bid: int) -> float:
    """The chance the heuristic's own reckoning gives the bid it made: its distribution of the
    seat's tricks (each card's chance, shifted by the bids already made), at the bid."""
    from stich.hints.advisors.bids import heuristic as h

    n = state.game.players
    if state.blind or state.hands[seat] is None:
        dist = h.trick_distribution([1 / n] * state.size)
    else:
        dist = h.trick_distribution(list(h.bid_chances(state, seat).values()))
        made = [b for b in state.bids if b is not None]
        if made:
            dist = h.shifted(dist, -h.CONTEST * (sum(made) - len(made) * state.size / n))
    return dist[bid] if bid < len(dist) else 0.0


def _diagnose_bid(truth: BiddingRound, seat: int, bid: int) -> tuple[dict[str, float], tuple[Any, ...]]:
    """The bid played out in the true deal with the others' bids as the model draws them; and
    what `_replay` needs to play it out with the bids they make."""
    hands = [h or 0 for h in truth.hands]
    drawn = others_bids(truth, hands, seat, bid)
    tricks = played_out(truth, hands, seat, [bid])[bid]
    later = [s for s in range(len(hands)) if truth.bids[s] is None and s != seat]
    tables, live, mine, takes = play_out_start(truth, hands)
    replay = (tables, mine, list(truth.won), truth.leader, live, takes)
    checks = {
        "world": float(tricks == bid),
        "drawn": float(sum(drawn[s] for s in later)),
        "later": float(len(later)),
    }
    return checks, (replay, later)


def _replay(replay: tuple[Any, ...], seat: int, bids: Sequence[int]) -> int:
    """The tricks ``seat`` ends with in the true deal played out with the bids made."""
    (tables, hands, won, leader, live, takes), _ = replay
    found: dict[int, int] = {}
    play_out(tables, list(hands), list(won), leader, bids, live, takes, seat, [bids[seat]], found)
    return found[bids[seat]]


def _heuristic_plays(setup: Setup, truth: Any, seat: int) -> bool:
    """Whether ``seat``'s cards are played by the heuristic (``--play``)."""
    if setup.play == "confidant":
        return seat != getattr(truth, "confidant", None)
    return setup.play == "heuristic"


def play_deal(setup: Setup, index: int) -> list[Claim]:
    """One round; the claims made in it, each with what happened."""
    record, _ = _deal(setup, index)
    n = len(setup.bots)
    bots = [setup.bots[(s + index) % n] for s in range(n)]  # the seats change bots deal by deal
    feed = ViewFeed(record, range(n))
    sessions = [Session(feed.header(seat), strict=False) for seat in range(n)]
    rngs = [random.Random(unit_seed(setup.seed, index, seat)) for seat in range(n)]
    heuristic = parse_bot("heuristic")
    truth = feed.truth
    pending: list[_Pending] = []
    guesses: list[tuple[int, str, float, bool]] = []  # seat, kind, claimed, solved
    while not truth.is_terminal():
        actor = truth.to_move()
        legal = truth.legal_events()
        assert actor is not None
        bot = bots[actor]
        phase = truth.phase
        found: list[tuple[str, float]] = []
        if len(legal) == 1:
            event = legal[0]
        elif bot.kind == "advisor" and (phase != "play" or not _heuristic_plays(setup, truth, actor)):
            # seconds=60: a wall limit of 600 s, so that no world is given up on a loaded machine
            budget = Budget(worlds=bot.worlds or 32, seed=rngs[actor].getrandbits(32), seconds=60.0)
            advice = advise(sessions[actor], budget)
            event = _matching(advice.action, legal)
            found = _advisor_claims(setup.game, phase, advice, truth, actor)
        elif phase == "play" and _heuristic_plays(setup, truth, actor):
            event = _matching(heuristic.act(sessions[actor], rngs[actor]), legal)
        else:
            event = _matching(bot.act(sessions[actor], rngs[actor]), legal)
            if bot.kind == "heuristic":
                found = _heuristic_claims(
                    setup.game, phase, event, sessions[actor], unit_seed(setup.seed, index, 99)
                )
        for kind, chance in found:
            if kind.startswith("guess"):
                guesses.append((actor, kind, chance, event.get("answer") == "solved"))
                continue
            item = _Pending(actor, kind, chance)
            if setup.diagnose and isinstance(truth, BiddingRound) and kind == "bid":
                item.checks, item.replay = _diagnose_bid(truth, actor, int(event["bid"]))
            elif setup.diagnose and isinstance(truth, BiddingRound) and kind == "play":
                bid = truth.bids[actor]
                tricks = cards_played_out(truth, [h or 0 for h in truth.hands], actor)[str(event["play"])]
                item.checks = {"world": float(tricks == bid)}
            pending.append(item)
        for seat, heard in feed.extend(event).items():
            for seen in heard:
                sessions[seat].apply(seen, strict=False)
    claims = [Claim(bots[s].name, kind, c, ok, deal=index) for s, kind, c, ok in guesses]
    bids: list[int] = []
    if isinstance(truth, BiddingRound):
        bids = truth.result()["bids"]
        done = [bids[s] == truth.won[s] for s in range(n)]
        for s in range(n):
            if bots[s].kind != "advisor":
                claims.append(Claim(bots[s].name, "bid-made", float("nan"), done[s], deal=index))
    elif isinstance(truth, WasStichtRound):
        success = truth.success()
        done = [success.get(s, False) for s in range(n)]
        done[truth.dealer] = bool(truth.dealer_made())  # the dealer's claims: a task caught
    else:
        done = [False] * n
    for p in pending:
        checks = dict(p.checks or {})
        if p.replay is not None:
            checks["bids"] = float(_replay(p.replay, p.seat, bids) == bids[p.seat])
            checks["made"] = float(sum(bids[s] for s in p.replay[1]))
        claims.append(
            Claim(bots[p.seat].name, p.kind, p.claimed, done[p.seat], tuple(sorted(checks.items())), index)
        )
    return claims


def _work(args: tuple[Setup, int]) -> list[Claim]:
    return play_deal(*args)


def wilson(hits: float, count: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson interval of a share of ``hits`` in ``count``."""
    if not count:
        return 0.0, 1.0
    p = hits / count
    centre = (p + z * z / (2 * count)) / (1 + z * z / count)
    half = z * math.sqrt(p * (1 - p) / count + z * z / (4 * count * count)) / (1 + z * z / count)
    return max(0.0, centre - half), min(1.0, centre + half)


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
        lines = [
            title,
            f"{'band':>11} {'count':>6} {'claimed':>8} {'happened':>9} {'95 % interval':>15} {'gap':>6}",
        ]
        for low, high, k, mean, share in self.rows:
            lo, hi = wilson(share * k, k)
            miss = "*" if not lo - 1e-9 <= mean <= hi + 1e-9 else ""  # (a share of 1: hi is 1 to rounding)
            lines.append(
                f"{100 * low:4.0f}-{100 * high:3.0f} % {k:6d} {100 * mean:7.1f}% {100 * share:8.1f}% "
                f"{100 * lo:6.1f}-{100 * hi:5.1f}% {100 * (share - mean):+6.1f}{miss}"
            )
        lo, hi = wilson(self.happened * self.count, self.count)
        lines.append(
            f"{'overall':>11} {self.count:6d} {100 * self.claimed:7.1f}% {100 * self.happened:8.1f}% "
            f"{100 * lo:6.1f}-{100 * hi:5.1f}% {100 * (self.happened - self.claimed):+6.1f}"
        )
        base = self.happened * (1 - self.happened)
        worst = self.worst_band()
        lines.append(
            f"Brier {self.brier:.3f} (always saying the share that happened: {base:.3f}; saying "
            f"each band's share: {self.banded():.3f}); worst band of 30 or more: "
            + ("none has 30" if math.isnan(worst) else f"{100 * worst:.1f} points")
        )
        return "\n".join(lines)


def diagnosis(claims: Sequence[Claim], kind: str) -> str:
    """Where the gap between claimed and happened comes from (``--diagnose``): each step of the
    model against the next, in points of the share."""
    checked = [c for c in claims if c.kind == kind and c.checks]
    if not checked:
        return ""
    k = len(checked)
    claimed = sum(c.claimed for c in checked) / k
    happened = sum(c.happened for c in checked) / k

    def share(name: str) -> float:
        return sum(dict(c.checks)[name] for c in checked) / k

    world = share("world")
    steps = [("claimed over the worlds drawn", claimed, "")]
    steps.append(("the play-out of the true deal", world, f"worlds drawn: {100 * (world - claimed):+.1f}"))
    last = world
    off = ""
    if all("bids" in dict(c.checks) for c in checked):
        bids = share("bids")
        steps.append(
            ("... with the bids the others made", bids, f"others' bids drawn: {100 * (bids - world):+.1f}")
        )
        last = bids
        later = sum(dict(c.checks)["later"] for c in checked)
        if later:
            drawn = sum(dict(c.checks)["drawn"] - dict(c.checks)["made"] for c in checked) / later
            off = (
                f"  bids drawn for the {later:.0f} seats still to bid, minus those made: {drawn:+.2f} a seat"
            )
    steps.append(("happened at the table", happened, f"card play: {100 * (happened - last):+.1f}"))
    lines = [f"diagnosis of the {k} {KINDS[kind].split(':')[0]} (in points of the share hit):"]
    for name, figure, step in steps:
        lines.append(f"  {name:<38} {100 * figure:5.1f}%" + (f"  ({step})" if step else ""))
    if off:
        lines.append(off)
    return "\n".join(lines)


COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")


def svg(series: Sequence[tuple[str, Reliability]], title: str) -> str:
    """A reliability diagram: claimed chance across, share that happened up, one dot per band of
    each series (its area the band's count) joined by a line, the diagonal where they agree,
    and a legend with each series' count, mean claimed, share and Brier score."""
    width, height, pad = 540, 420 + 16 * len(series), 44
    inner = 420 - 2 * pad

    def x(p: float) -> float:
        return pad + p * inner

    def y(p: float) -> float:
        return 420 - pad - p * inner

    most = max((k for _, rel in series for _, _, k, _, _ in rel.rows), default=1)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{420 / 2}" y="18" text-anchor="middle" font-size="12">{_escape(title)}</text>',
        f'<rect x="{pad}" y="{pad}" width="{inner}" height="{inner}" fill="none" stroke="#888"/>',
        f'<line x1="{x(0)}" y1="{y(0)}" x2="{x(1)}" y2="{y(1)}" stroke="#bbb" stroke-dasharray="4 3"/>',
    ]
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        parts.append(f'<text x="{x(tick)}" y="{420 - pad + 14}" text-anchor="middle">{tick:.0%}</text>')
        parts.append(f'<text x="{pad - 4}" y="{y(tick) + 4}" text-anchor="end">{tick:.0%}</text>')
    parts.append(f'<text x="{420 / 2}" y="{420 - 12}" text-anchor="middle">chance claimed</text>')
    parts.append(
        f'<text x="12" y="{420 / 2}" text-anchor="middle" transform="rotate(-90 12 {420 / 2})">'
        "share that happened</text>"
    )
    for i, (name, rel) in enumerate(series):
        colour = COLOURS[i % len(COLOURS)]
        points = []
        for _, _, k, mean, share in rel.rows:
            r = 2 + 8 * (k / most) ** 0.5
            dot = f'cx="{x(mean):.1f}" cy="{y(share):.1f}" r="{r:.1f}"'
            parts.append(f'<circle {dot} fill="{colour}" opacity="0.6"/>')
            points.append(f"{x(mean):.1f},{y(share):.1f}")
        if len(points) > 1:
            parts.append(f'<polyline points="{" ".join(points)}" fill="none" stroke="{colour}"/>')
        legend_y = 420 + 16 * i
        parts.append(f'<rect x="{pad}" y="{legend_y - 9}" width="10" height="10" fill="{colour}"/>')
        parts.append(
            f'<text x="{pad + 16}" y="{legend_y}">{_escape(name)}: {rel.count}, '
            f"claimed {100 * rel.claimed:.1f}%, happened {100 * rel.happened:.1f}%, "
            f"Brier {rel.brier:.3f}</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


SERIES_NAMES = {
    "bid": "bids",
    "play": "cards",
    "task": "tasks",
    "task-play": "cards",
    "task-forced": "claimed certain",
    "dealer": "dealer's cards",
    "task-implied": "tasks, heuristic's play-outs",
    "bid-implied": "bids, heuristic's count",
    "guess": "guesses",
    "guess-implied": "guesses, heuristic's probability",
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench/calibration.py", description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=GAMES)
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--cards", type=int, default=5, help="Stiche-Raten and Wizard: cards a hand")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default=None, help="one bot a seat (default: four advisor:16)")
    parser.add_argument("--players", type=int, default=None, help="with the default bots: how many advisors")
    parser.add_argument("--play", choices=tuple(PLAYED), default="own")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--diagnose", action="store_true", help="split the gap (Stiche-Raten, Wizard)")
    parser.add_argument("--svg", help="write the advisors' reliability diagram to this file")
    parser.add_argument("--claims", help="write every claim to this file, one JSON object a line")
    args = parser.parse_args(argv)
    try:
        if args.bots is None:
            args.bots = ",".join(["advisor:16"] * (args.players or 4))
        elif args.players is not None and args.players != len(args.bots.split(",")):
            raise StichError(f"--players {args.players}: --bots names {len(args.bots.split(','))} bots")
        bots = tuple(parse_bot(b) for b in args.bots.split(","))
        if args.deals < 1:
            raise StichError(f"--deals {args.deals}: play at least 1 deal")
        if args.play == "confidant" and args.game != "stich-fuer-stich":
            raise StichError(f"--play confidant: only Stich für Stich has a confidant, not {args.game}")
        if args.diagnose and args.game not in BIDDING:
            raise StichError(f"--diagnose: only Stiche-Raten and Wizard, not {args.game}")
        setup = Setup(args.game, args.cards, bots, args.seed, args.play, args.diagnose)
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
    if args.claims:
        with open(args.claims, "w", encoding="utf-8") as out:
            for c in claims:
                out.write(
                    json.dumps(
                        {
                            "bot": c.bot,
                            "kind": c.kind,
                            "claimed": c.claimed,
                            "happened": c.happened,
                            "deal": c.deal,
                        }
                    )
                    + "\n"
                )
    names = ",".join(b.name for b in bots)
    size = f"{args.cards} cards, " if args.game in BIDDING else ""
    print(
        f"{args.game}, {len(bots)} players, {size}{args.deals} deals, bots {names}, "
        f"cards played by {PLAYED[args.play]}, seed {args.seed} ({seconds:.0f} s)"
    )
    series: list[tuple[str, Reliability]] = []
    for name in dict.fromkeys(b.name for b in bots):
        for kind in KINDS:
            mine = [c for c in claims if c.kind == kind and c.bot == name]
            if not mine:
                continue
            rel = Reliability.of(mine)
            print()
            print(rel.text(f"{name}, {KINDS[kind]}"))
            if args.diagnose:
                text = diagnosis(mine, kind)
                if text:
                    print(text)
            if name.startswith("advisor") or kind.endswith("-implied"):
                series.append((f"{name} {SERIES_NAMES[kind]}", rel))
        made = [c for c in claims if c.kind == "bid-made" and c.bot == name]
        if made:
            share = sum(c.happened for c in made) / len(made)
            print(f"\n{name}: its {len(made)} bids were hit in {100 * share:.1f}%")
    if args.svg:
        with open(args.svg, "w", encoding="utf-8") as out:
            title = f"{args.game}, {size}{args.deals} deals, {PLAYED[args.play]} playing the cards"
            out.write(svg(series, title))
    return 0


if __name__ == "__main__":
    sys.exit(main())
