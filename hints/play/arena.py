"""The arena: bots play rounds against each other, and how much better one plays than another.

Round ``i`` deals as the ``i``-th round of a series of the game's rounds (`Course.series_deal`:
Stiche-Raten and Wizard follow their round sequence, the deal passes to the left), from a
seed derived from the arena's seed and ``i`` alone. Each deal is played once per *rotation*:
with ``n`` seats, rotation ``r`` seats bot ``(s + r) mod n`` of the list at seat ``s``, so
every bot holds every hand of the deal once. A bot's score of a deal is its mean over the
seats it held; the comparison of two bots is *paired by deal* — the mean of their per-deal
differences — which takes the luck of the cards out of the difference (a good hand is
played by both). Intervals are Student-t 95 % intervals over the deals.

Each deal with all its rotations is one unit of work whose outcome depends on the arena's
seed and ``i`` only (each seat's generator on ``r`` and the seat too), so the units may run
in this process, in worker processes (``jobs``) or as Ray tasks (``ray``) and the result is
the same. Every bot sees its
seat's view only: an omniscient round is fed event by event (`games.views.ViewFeed`), and
each seat's `Session` hears what that seat hears.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from stich.games.base import Event
from stich.games.errors import StichError
from stich.games.record import Record
from stich.games.registry import find
from stich.games.views import ViewFeed
from stich.hints.play.bots import BotSpec, choice_key
from stich.hints.session import Session

__all__ = [
    "ArenaResult",
    "ArenaSpec",
    "BotResult",
    "Estimate",
    "PairResult",
    "Played",
    "estimate",
    "deal_row",
    "play_deal",
    "play_table",
    "run_arena",
    "summarize",
    "summarize_rows",
    "unit_seed",
]

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class ArenaSpec:
    """What to play: the game, its seats' bots (one per seat, in seat order for rotation 0), how
    many deals, the seed."""

    game: str
    players: int
    bots: tuple[BotSpec, ...]
    rounds: int
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)
    cycle: int | None = None  # deal i is round i mod cycle of the game's series (None: the whole series)

    def __post_init__(self) -> None:
        find(self.game)(self.players, self.options)  # an unknown game, player count or option
        if len(self.bots) != self.players:
            raise StichError(
                f"{len(self.bots)} bots for {self.players} players: give one bot per seat "
                f"(e.g. --bots {','.join(['heuristic'] * self.players)})"
            )
        for bot in self.bots:
            if bot.kind == "rules-bot" and not find(self.game).has_bids:
                raise StichError(f"bot rules-bot plays Stiche-Raten and Wizard, not {self.game}")
        if self.rounds < 1:
            raise StichError(f"--rounds {self.rounds}: play at least 1 round")
        if self.cycle is not None and self.cycle < 1:
            raise StichError(f"--cycle {self.cycle}: repeat at least the first round of the series")

    @property
    def names(self) -> list[str]:
        """The distinct bots, in the order first named."""
        return list(dict.fromkeys(bot.name for bot in self.bots))


@dataclass(frozen=True)
class Played:
    """One deal played with one rotation: each seat's bot, round points and figures."""

    index: int
    rotation: int
    bots: tuple[str, ...]
    points: tuple[float, ...]
    figures: tuple[dict[str, float], ...]
    record: dict[str, Any] | None = None


def unit_seed(*parts: int) -> int:
    """A seed derived from integers alone (the same in every process and on every machine)."""
    digest = hashlib.sha256(":".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _seat_names(bots: Sequence[str]) -> list[str]:
    """Player names for the record: each bot's name, numbered where a bot sits twice."""
    names: list[str] = []
    for bot in bots:
        name, k = bot, 1
        while name.lower() in (n.lower() for n in names):
            k += 1
            name = f"{bot} #{k}"
        names.append(name)
    return names


def _matching(chosen: Event, legal: Sequence[Event]) -> Event:
    """The omniscient round's legal event that makes the bot's choice (adding what the rules
    answer: a guess's answer, the cards an exchange draws)."""
    key = choice_key(chosen)
    for event in legal:
        if choice_key(event) == key:
            return event
    raise StichError(f"a bot chose {chosen}, which the rules do not allow")


def play_table(spec: ArenaSpec, index: int, rotation: int, keep_record: bool = False) -> Played:
    """Deal ``index`` played with ``rotation``; the omniscient record too with ``keep_record``."""
    game = find(spec.game)(spec.players, spec.options)
    n = spec.players
    number = index if spec.cycle is None else index % spec.cycle
    dealer, known = game.course().series_deal(random.Random(unit_seed(spec.seed, index)), number)
    bots = [spec.bots[(s + rotation) % n] for s in range(n)]
    names = _seat_names([bot.name for bot in bots])
    record = Record(game.id, names, dealer, [], dict(game.options), None, known)
    feed = ViewFeed(record, range(n))
    sessions = [Session(feed.header(seat), strict=False) for seat in range(n)]
    rngs = [random.Random(unit_seed(spec.seed, index, rotation, seat)) for seat in range(n)]
    truth = feed.truth
    while not truth.is_terminal():
        actor = truth.to_move()
        legal = truth.legal_events()
        if actor is None or not legal:
            raise StichError(f"round {index}: the round is stuck in its phase {truth.phase!r}")
        event = (
            legal[0] if len(legal) == 1 else _matching(bots[actor].act(sessions[actor], rngs[actor]), legal)
        )
        for seat, heard in feed.extend(event).items():
            for seen in heard:
                sessions[seat].apply(seen, strict=False)
            if sessions[seat].stopped is not None:
                raise StichError(f"round {index}: seat {seat}'s view stopped: {sessions[seat].stopped}")
    points = truth.result()["points"]
    kept = None
    if keep_record:
        kept = record.to_json()
        kept["arena"] = {"round": index, "rotation": rotation, "seed": spec.seed}
    return Played(
        index,
        rotation,
        tuple(bot.name for bot in bots),
        tuple(float(p) for p in points),
        tuple(truth.seat_figures(seat) for seat in range(n)),
        kept,
    )


# -- statistics ---------------------------------------------------------------------------------

# Two-sided 95 % quantiles of Student's t for 1..30 degrees of freedom.
_T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
        2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
        2.045, 2.042)  # fmt: skip


def t95(df: int) -> float:
    """The 97.5 % quantile of Student's t (a 95 % two-sided interval); beyond 30 degrees of freedom
    the Cornish-Fisher expansion around the normal quantile (error below 1e-4)."""
    if df < 1:
        return math.inf
    if df <= len(_T95):
        return _T95[df - 1]
    z = 1.959964
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


@dataclass(frozen=True)
class Estimate:
    """A mean over deals with its 95 % interval (infinite with fewer than two deals)."""

    mean: float
    low: float
    high: float
    deals: int

    @property
    def significant(self) -> bool:
        """Whether the interval excludes zero."""
        return self.low > 0 or self.high < 0

    def to_json(self, name: str = "mean") -> dict[str, Any]:
        finite = math.isfinite(self.low)
        return {
            name: round(self.mean, 4),
            "ci95": [round(self.low, 4), round(self.high, 4)] if finite else None,
            "deals": self.deals,
        }


def estimate(xs: Sequence[float]) -> Estimate:
    """The mean of ``xs`` (one figure per deal) with its Student-t 95 % interval."""
    n = len(xs)
    if n == 0:
        return Estimate(math.nan, -math.inf, math.inf, 0)
    mean = math.fsum(xs) / n
    if n < 2:
        return Estimate(mean, -math.inf, math.inf, n)
    sd = math.sqrt(math.fsum((x - mean) ** 2 for x in xs) / (n - 1))
    half = t95(n - 1) * sd / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half, n)


@dataclass(frozen=True)
class BotResult:
    """One bot: round points and each figure, means over deals with intervals."""

    name: str
    points: Estimate
    figures: dict[str, Estimate]
    rounds: int  # rounds this bot played (a seat in a played round)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            **self.points.to_json(),
            "rounds": self.rounds,
            "figures": {k: v.to_json() for k, v in self.figures.items()},
        }


@dataclass(frozen=True)
class PairResult:
    """Bot ``a`` minus bot ``b``, paired by deal: in points and in each figure."""

    a: str
    b: str
    points: Estimate
    figures: dict[str, Estimate]

    def to_json(self) -> dict[str, Any]:
        return {
            "a": self.a,
            "b": self.b,
            **self.points.to_json("diff"),
            "figures": {k: v.to_json("diff") for k, v in self.figures.items()},
        }


@dataclass(frozen=True)
class ArenaResult:
    """What the arena found: per bot, per pair of bots (the `stich arena --json` shape)."""

    spec: ArenaSpec
    fewer_points_win: bool
    bots: tuple[BotResult, ...]
    pairs: tuple[PairResult, ...]

    def to_json(self) -> dict[str, Any]:
        spec = self.spec
        return {
            "game": spec.game,
            "players": spec.players,
            "options": dict(spec.options),
            "seats": [bot.name for bot in spec.bots],
            "rounds": spec.rounds,
            "played": spec.rounds * spec.players,
            "seed": spec.seed,
            "cycle": spec.cycle,
            "points": "fewer is better" if self.fewer_points_win else "more is better",
            "bots": [b.to_json() for b in self.bots],
            "pairs": [p.to_json() for p in self.pairs],
        }


DealRow = dict[str, dict[str, float]]
"""One deal, per bot: its mean points and mean figures over the seats it held."""


def deal_row(played: Sequence[Played], names: Sequence[str]) -> DealRow:
    """The per-bot means of one deal's rounds (all its rotations)."""
    row: DealRow = {}
    for name in names:
        sums: dict[str, list[float]] = {}
        for p in played:
            for seat, bot in enumerate(p.bots):
                if bot != name:
                    continue
                sums.setdefault("points", []).append(p.points[seat])
                for k, v in p.figures[seat].items():
                    sums.setdefault(k, []).append(v)
        row[name] = {k: math.fsum(v) / len(v) for k, v in sums.items()}
    return row


def summarize(spec: ArenaSpec, played: Sequence[Played]) -> ArenaResult:
    """Per-bot means and paired differences from every played round."""
    deals: dict[int, list[Played]] = {}
    for p in played:
        deals.setdefault(p.index, []).append(p)
    return summarize_rows(spec, [deal_row(deals[i], spec.names) for i in sorted(deals)])


def summarize_rows(spec: ArenaSpec, rows: Sequence[DealRow]) -> ArenaResult:
    """Per-bot means and paired differences from each deal's row (in deal order)."""
    names = spec.names
    figure_names = sorted({k for row in rows for per in row.values() for k in per if k != "points"})
    bots = []
    for name in names:
        mine = [row[name] for row in rows]
        figures = {k: estimate([m[k] for m in mine if k in m]) for k in figure_names}
        seats = sum(bot.name == name for bot in spec.bots) * spec.players * len(rows)
        bots.append(BotResult(name, estimate([m["points"] for m in mine]), figures, seats))
    pairs = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            paired = [(row[a], row[b]) for row in rows]
            diffs = estimate([x["points"] - y["points"] for x, y in paired])
            figures = {
                k: estimate([x[k] - y[k] for x, y in paired if k in x and k in y]) for k in figure_names
            }
            pairs.append(PairResult(a, b, diffs, figures))
    fewer = find(spec.game).fewer_points_win
    return ArenaResult(spec, fewer, tuple(bots), tuple(pairs))


# -- running the deals ---------------------------------------------------------------------------
# The unit of work is one deal with all its rotations: its rounds come back together, so the
# deal's row is made at once and the rounds need not be kept (a million rounds fit in memory).
# At most a few deals per worker are in flight, so that a long arena is not queued up front.

IN_FLIGHT = 4  # deals queued per worker


def play_deal(spec: ArenaSpec, index: int, keep_record: bool = False) -> list[Played]:
    """Deal ``index`` played once per rotation."""
    return [play_table(spec, index, rotation, keep_record) for rotation in range(spec.players)]


def _deal(args: tuple[ArenaSpec, int, bool]) -> list[Played]:
    return play_deal(*args)


def _in_process(spec: ArenaSpec, keep: bool) -> Iterator[list[Played]]:
    for index in range(spec.rounds):
        yield play_deal(spec, index, keep)


def _in_workers(spec: ArenaSpec, keep: bool, jobs: int) -> Iterator[list[Played]]:
    from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        waiting: set[Future[list[Played]]] = set()
        index = 0
        while index < spec.rounds or waiting:
            while index < spec.rounds and len(waiting) < IN_FLIGHT * jobs:
                waiting.add(pool.submit(_deal, (spec, index, keep)))
                index += 1
            done, waiting = wait(waiting, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()


def _on_ray(spec: ArenaSpec, keep: bool, address: str | None, jobs: int) -> Iterator[list[Played]]:
    try:
        import ray
    except ImportError:
        raise StichError("--ray needs Ray: pip install 'stich[cluster]'") from None
    started = not ray.is_initialized()
    if started:
        if address is None:
            ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False, configure_logging=False)
        else:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
    try:
        workers = max(1, int(ray.cluster_resources().get("CPU", jobs)))  # type: ignore[no-untyped-call]
        remote = ray.remote(num_cpus=1)(_deal)
        waiting: list[Any] = []
        index = 0
        while index < spec.rounds or waiting:
            while index < spec.rounds and len(waiting) < IN_FLIGHT * workers:
                waiting.append(remote.remote((spec, index, keep)))
                index += 1
            done, waiting = ray.wait(waiting, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()


def run_arena(
    spec: ArenaSpec,
    *,
    jobs: int = 1,
    ray: bool = False,
    ray_address: str | None = None,
    keep_records: bool = False,
    progress: Progress | None = None,
    on_played: Callable[[Played], None] | None = None,
) -> ArenaResult:
    """Play every deal of ``spec`` (here, in ``jobs`` worker processes, or as Ray tasks on a local
    Ray of ``jobs`` CPUs or the cluster at ``ray_address``) and summarize; ``on_played`` sees each
    played round as it comes in (with its record when ``keep_records``)."""
    if jobs < 1:
        raise StichError(f"--jobs {jobs}: give at least 1 worker")
    if ray:
        source = _on_ray(spec, keep_records, ray_address, jobs)
    elif jobs > 1:
        source = _in_workers(spec, keep_records, jobs)
    else:
        source = _in_process(spec, keep_records)
    total = spec.rounds * spec.players
    rows: dict[int, DealRow] = {}
    names = spec.names
    for deal in source:
        for p in deal:
            if on_played is not None:
                on_played(p)
        rows[deal[0].index] = deal_row(deal, names)
        if progress is not None:
            progress(len(rows) * spec.players, total)
    return summarize_rows(spec, [rows[i] for i in sorted(rows)])
