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
each seat's `Session` hears what that seat hears; the all-seeing bot alone is handed the
omniscient round too (`hints.play.all_seeing`).

With ``games`` the unit is a whole game (Stiche-Raten, Wizard: every round of the sequence,
the scores carried by `games.course.Course`), played once per rotation with the same deals;
the games won are counted per game (`game_row`) and compared paired by game.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, NotRequired, TypedDict

from stich.games.base import Event, Game, Round
from stich.games.errors import StichError
from stich.games.record import Record
from stich.games.registry import find
from stich.games.reports import Known
from stich.games.views import ViewFeed
from stich.hints.play.bots import BIDDING_ONLY, BotSpec, choice_key
from stich.hints.session import Session
from stich.hints.standings import Standings

__all__ = [
    "ArenaResult",
    "ArenaSpec",
    "BotResult",
    "Estimate",
    "GamePlayed",
    "GamesPair",
    "GamesResult",
    "PairResult",
    "Played",
    "estimate",
    "deal_row",
    "play_deal",
    "play_game",
    "play_table",
    "play_unit",
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
    games: int | None = None  # whole games instead of single deals (``rounds`` is then not used)

    def __post_init__(self) -> None:
        find(self.game)(self.players, self.options)  # an unknown game, player count or option
        if len(self.bots) != self.players:
            raise StichError(
                f"{len(self.bots)} bots for {self.players} players: give one bot per seat "
                f"(e.g. --bots {','.join(['heuristic'] * self.players)})"
            )
        for bot in self.bots:
            if bot.kind in BIDDING_ONLY and not find(self.game).has_bids:
                raise StichError(f"bot {bot.name} plays Stiche-Raten and Wizard, not {self.game}")
            if bot.objective == "win":
                self._check_win(bot)
        if self.rounds < 1:
            raise StichError(f"--rounds {self.rounds}: play at least 1 round")
        if self.cycle is not None and self.cycle < 1:
            raise StichError(f"--cycle {self.cycle}: repeat at least the first round of the series")
        if self.games is not None:
            self._check_games()

    def _check_games(self) -> None:
        """Whole games need a game with a sequence of rounds (`games.course.Course.round_deal`)."""
        assert self.games is not None
        if self.games < 1:
            raise StichError(f"--games {self.games}: play at least 1 game")
        if self.cycle is not None:
            raise StichError("--games plays every round of each game: give --cycle without it")
        game = find(self.game)(self.players, self.options)
        try:
            game.course().round_deal(random.Random(0), 1)
        except StichError:
            raise StichError(
                f"--games: {game.title} has no sequence of rounds to play whole games by "
                "(Stiche-Raten and Wizard have)"
            ) from None

    def _check_win(self, bot: BotSpec) -> None:
        """A bot that plays to win needs whole games and a model of the game's round points."""
        game = find(self.game)(self.players, self.options)
        if game.points_model() is None:
            raise StichError(
                f"bot {bot.name}: the chance to win has no model of {game.title} with these options "
                "(modelled: Stiche-Raten with standard scoring and bids in turn, Wizard's 56-card edition)"
            )
        if self.games is None:
            raise StichError(f"bot {bot.name} plays to win whole games: give --games N")

    @property
    def units(self) -> int:
        """The units of work: deals, or with ``games`` whole games (each with all its rotations)."""
        return self.rounds if self.games is None else self.games

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
    game_round: int | None = None  # with --games: the round's number in its game (0 first)


@dataclass(frozen=True)
class GamePlayed:
    """One whole game played with one rotation: its rounds, each seat's final total and its share
    of the win (1, or 1/k for a tie of k winners, else 0)."""

    index: int
    rotation: int
    bots: tuple[str, ...]
    rounds: tuple[Played, ...]
    totals: tuple[float, ...]
    wins: tuple[float, ...]


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


def _play_round(
    spec: ArenaSpec,
    game: Game,
    dealer: int,
    known: Known,
    bots: Sequence[BotSpec],
    seeds: tuple[int, ...],
    standings: Standings | None = None,
) -> tuple[Round, Record]:
    """One round from ``known`` dealt by ``dealer``, ``bots`` at the seats, each seat's generator
    from ``seeds`` and the seat; ``standings``, the game's before the round, are handed to the
    seats of bots that play to win and of bots from outside the project (what every player at
    a table knows; the advisor playing for points is not slowed by its chance to win)."""
    n = spec.players
    names = _seat_names([bot.name for bot in bots])
    record = Record(game.id, names, dealer, [], dict(game.options), None, known)
    feed = ViewFeed(record, range(n))
    sessions = [Session(feed.header(seat), strict=False) for seat in range(n)]
    for seat, bot in enumerate(bots):
        if bot.objective == "win" or bot.target is not None:
            sessions[seat].standings = standings
    rngs = [random.Random(unit_seed(*seeds, seat)) for seat in range(n)]
    truth = feed.truth
    where = f"round {seeds[1]}" if spec.games is None else f"game {seeds[1]}, round {seeds[2] + 1}"
    while not truth.is_terminal():
        actor = truth.to_move()
        legal = truth.legal_events()
        if actor is None or not legal:
            raise StichError(f"{where}: the round is stuck in its phase {truth.phase!r}")
        if len(legal) == 1:
            event = legal[0]
        else:  # the omniscient round for the all-seeing bot alone; every other bot sees its seat's view
            bot = bots[actor]
            event = _matching(bot.act(sessions[actor], rngs[actor], truth if bot.sees_all else None), legal)
        for seat, heard in feed.extend(event).items():
            for seen in heard:
                sessions[seat].apply(seen, strict=False)
            if sessions[seat].stopped is not None:
                raise StichError(f"{where}: seat {seat}'s view stopped: {sessions[seat].stopped}")
    return truth, record


def _played(
    spec: ArenaSpec,
    truth: Round,
    record: Record,
    bots: Sequence[BotSpec],
    index: int,
    rotation: int,
    keep_record: bool,
    game_round: int | None = None,
) -> Played:
    """A finished round's points and figures by seat (and its record with ``keep_record``)."""
    kept = None
    if keep_record:
        kept = record.to_json()
        kept["arena"] = {"round": index, "rotation": rotation, "seed": spec.seed}
        if game_round is not None:
            kept["arena"]["game_round"] = game_round
    return Played(
        index,
        rotation,
        tuple(bot.name for bot in bots),
        tuple(float(p) for p in truth.result()["points"] or ()),
        tuple(truth.seat_figures(seat) for seat in range(spec.players)),
        kept,
        game_round,
    )


def play_table(spec: ArenaSpec, index: int, rotation: int, keep_record: bool = False) -> Played:
    """Deal ``index`` played with ``rotation``; the omniscient record too with ``keep_record``."""
    game = find(spec.game)(spec.players, spec.options)
    n = spec.players
    number = index if spec.cycle is None else index % spec.cycle
    dealer, known = game.course().series_deal(random.Random(unit_seed(spec.seed, index)), number)
    bots = [spec.bots[(s + rotation) % n] for s in range(n)]
    truth, record = _play_round(spec, game, dealer, known, bots, (spec.seed, index, rotation))
    return _played(spec, truth, record, bots, index, rotation, keep_record)


MAX_GAME_ROUNDS = 200
"""A whole game's rounds at most (Stiche-Raten breaks a tie with extra rounds): then the leaders share."""


def play_game(spec: ArenaSpec, index: int, rotation: int, keep_record: bool = False) -> GamePlayed:
    """Whole game ``index`` played with ``rotation``: every round of the game's sequence, the scores
    carried (`games.course.Course`). Round ``k`` of game ``index`` is dealt from a seed of the
    arena's seed, ``index`` and ``k`` alone, so every rotation plays the same deals."""
    game = find(spec.game)(spec.players, spec.options)
    n = spec.players
    bots = [spec.bots[(s + rotation) % n] for s in range(n)]
    course = game.course()
    rounds: list[Played] = []
    while not course.ended and course.rounds < MAX_GAME_ROUNDS:
        k = course.rounds
        known = course.deal(random.Random(unit_seed(spec.seed, index, k)))
        standings = Standings.before_round(game, course.totals, k + 1)
        seeds = (spec.seed, index, k, rotation)
        truth, record = _play_round(spec, game, course.dealer, known, bots, seeds, standings)
        rounds.append(_played(spec, truth, record, bots, index, rotation, keep_record, k))
        course.finish(truth)
    totals = course.totals
    winners = course.standing.get("winners") if course.ended else None
    if not winners:
        best = min(totals) if game.fewer_points_win else max(totals)
        winners = [s for s, t in enumerate(totals) if t == best]
    wins = tuple(1 / len(winners) if s in winners else 0.0 for s in range(n))
    return GamePlayed(
        index, rotation, tuple(b.name for b in bots), tuple(rounds), tuple(map(float, totals)), wins
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


class EstimateJson(TypedDict, total=False):
    """An `Estimate` in ``stich arena --json``: ``mean`` (a bot) or ``diff`` (a pair)."""

    mean: float
    diff: float
    ci95: list[float] | None
    deals: int


class GamesJson(TypedDict):
    """A bot's whole games (`GamesResult`)."""

    won: float
    ci95: list[float] | None
    games: int
    win_rate: EstimateJson
    final_score: EstimateJson


class GamesPairJson(TypedDict):
    """A pair's whole games (`GamesPair`)."""

    win_rate: EstimateJson
    final_score: EstimateJson


class BotJson(TypedDict):
    """One bot in ``stich arena --json``."""

    name: str
    mean: float
    ci95: list[float] | None
    deals: int
    rounds: int
    figures: dict[str, EstimateJson]
    games: NotRequired[GamesJson]


class PairJson(TypedDict):
    """One pair of bots in ``stich arena --json``."""

    a: str
    b: str
    diff: float
    ci95: list[float] | None
    deals: int
    figures: dict[str, EstimateJson]
    games: NotRequired[GamesPairJson]


class ArenaJson(TypedDict):
    """``stich arena --json`` (docs/format.md)."""

    game: str
    players: int
    options: dict[str, Any]
    seats: list[str]
    rounds: int
    played: int
    seed: int
    cycle: int | None
    games: int | None
    points: str
    bots: list[BotJson]
    pairs: list[PairJson]


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

    def to_json(self, name: Literal["mean", "diff"] = "mean") -> EstimateJson:
        finite = math.isfinite(self.low)
        out: EstimateJson = {"mean": round(self.mean, 4)} if name == "mean" else {"diff": round(self.mean, 4)}
        out["ci95"] = [round(self.low, 4), round(self.high, 4)] if finite else None
        out["deals"] = self.deals
        return out


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

    def to_json(self) -> BotJson:
        points = self.points.to_json()
        return {
            "name": self.name,
            "mean": points["mean"],
            "ci95": points["ci95"],
            "deals": points["deals"],
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

    def to_json(self) -> PairJson:
        points = self.points.to_json("diff")
        return {
            "a": self.a,
            "b": self.b,
            "diff": points["diff"],
            "ci95": points["ci95"],
            "deals": points["deals"],
            "figures": {k: v.to_json("diff") for k, v in self.figures.items()},
        }


@dataclass(frozen=True)
class ArenaResult:
    """What the arena found: per bot, per pair of bots (the `stich arena --json` shape)."""

    spec: ArenaSpec
    fewer_points_win: bool
    bots: tuple[BotResult, ...]
    pairs: tuple[PairResult, ...]
    games: tuple[GamesResult, ...] = ()  # with --games: per bot, in the order of ``bots``
    games_pairs: tuple[GamesPair, ...] = ()  # with --games: per pair, in the order of ``pairs``

    def to_json(self) -> ArenaJson:
        spec = self.spec
        bots = [b.to_json() for b in self.bots]
        pairs = [p.to_json() for p in self.pairs]
        for entry, games in zip(bots, self.games, strict=False):
            entry["games"] = games.to_json()
        for pair, paired in zip(pairs, self.games_pairs, strict=False):
            pair["games"] = paired.to_json()
        return {
            "game": spec.game,
            "players": spec.players,
            "options": find(spec.game).current_options(spec.options),
            "seats": [bot.name for bot in spec.bots],
            "rounds": spec.rounds,
            "played": self.played,
            "seed": spec.seed,
            "cycle": spec.cycle,
            "games": spec.games,
            "points": "fewer is better" if self.fewer_points_win else "more is better",
            "bots": bots,
            "pairs": pairs,
        }

    @property
    def played(self) -> int:
        """Rounds played at all the tables (deals × rotations; with --games every round of every game)."""
        if self.spec.games is None:
            return self.spec.rounds * self.spec.players
        return sum(b.rounds for b in self.bots) // self.spec.players


@dataclass(frozen=True)
class GamesResult:
    """One bot's whole games. ``won``: per game, the bot's share of the game's wins over the rotations
    (the win of each table split among its winners, the tables of a game counted as one game: the
    shares of all bots add up to 1 a game); ``win_rate``: the chance that a seat it holds wins;
    ``final``: a seat's final total. Means over games with their intervals."""

    name: str
    won: Estimate
    win_rate: Estimate
    final: Estimate

    def to_json(self) -> GamesJson:
        games = self.won.deals
        finite = math.isfinite(self.won.low)
        return {
            "won": round(self.won.mean * games, 4),
            "ci95": [round(self.won.low * games, 4), round(self.won.high * games, 4)] if finite else None,
            "games": games,
            "win_rate": self.win_rate.to_json(),
            "final_score": self.final.to_json(),
        }


@dataclass(frozen=True)
class GamesPair:
    """Bot ``a`` minus bot ``b`` in whole games, paired by game: a seat's chance to win, its final total."""

    a: str
    b: str
    win_rate: Estimate
    final: Estimate

    def to_json(self) -> GamesPairJson:
        return {"win_rate": self.win_rate.to_json("diff"), "final_score": self.final.to_json("diff")}


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


def game_row(games: Sequence[GamePlayed], names: Sequence[str]) -> DealRow:
    """One game's figures per bot over all its rotations: ``won`` (its share of the game's wins),
    ``win_rate`` and ``final`` (a seat's chance to win and final total, means over its seats)."""
    tables = len(games)
    row: DealRow = {}
    for name in names:
        wins = [g.wins[s] for g in games for s, bot in enumerate(g.bots) if bot == name]
        finals = [g.totals[s] for g in games for s, bot in enumerate(g.bots) if bot == name]
        row[name] = {
            "won": math.fsum(wins) / tables,
            "win_rate": math.fsum(wins) / len(wins),
            "final": math.fsum(finals) / len(finals),
        }
    return row


def summarize_games(
    spec: ArenaSpec, rows: Sequence[DealRow], game_rows: Sequence[DealRow], seat_rounds: Mapping[str, int]
) -> ArenaResult:
    """`summarize_rows` of each game's rounds, with the games won (`game_row`, in game order)."""
    result = summarize_rows(spec, rows, seat_rounds)
    games = tuple(
        GamesResult(
            name,
            estimate([r[name]["won"] for r in game_rows]),
            estimate([r[name]["win_rate"] for r in game_rows]),
            estimate([r[name]["final"] for r in game_rows]),
        )
        for name in spec.names
    )
    pairs = tuple(
        GamesPair(
            p.a,
            p.b,
            estimate([r[p.a]["win_rate"] - r[p.b]["win_rate"] for r in game_rows]),
            estimate([r[p.a]["final"] - r[p.b]["final"] for r in game_rows]),
        )
        for p in result.pairs
    )
    return replace(result, games=games, games_pairs=pairs)


def summarize_rows(
    spec: ArenaSpec, rows: Sequence[DealRow], seat_rounds: Mapping[str, int] | None = None
) -> ArenaResult:
    """Per-bot means and paired differences from each deal's row (in deal order); ``seat_rounds``:
    each bot's rounds played where they are not one per seat and deal (whole games)."""
    names = spec.names
    figure_names = sorted({k for row in rows for per in row.values() for k in per if k != "points"})
    bots = []
    for name in names:
        mine = [row[name] for row in rows]
        figures = {k: estimate([m[k] for m in mine if k in m]) for k in figure_names}
        seats = sum(bot.name == name for bot in spec.bots) * spec.players * len(rows)
        if seat_rounds is not None:
            seats = seat_rounds[name]
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
# The unit of work is one deal (with --games, one whole game) with all its rotations: its rounds
# come back together, so the deal's row is made at once and the rounds need not be kept (a million
# rounds fit in memory).
# At most a few deals per worker are in flight, so that a long arena is not queued up front.

IN_FLIGHT = 4  # deals queued per worker


def play_deal(spec: ArenaSpec, index: int, keep_record: bool = False) -> list[Played]:
    """Deal ``index`` played once per rotation."""
    return [play_table(spec, index, rotation, keep_record) for rotation in range(spec.players)]


Unit = list[Played] | list[GamePlayed]
"""One unit of work played: a deal's rounds, or a whole game's tables, once per rotation."""


def play_unit(spec: ArenaSpec, index: int, keep_record: bool = False) -> Unit:
    """Deal ``index`` (with --games, game ``index``) played once per rotation."""
    if spec.games is None:
        return play_deal(spec, index, keep_record)
    return [play_game(spec, index, rotation, keep_record) for rotation in range(spec.players)]


def _deal(args: tuple[ArenaSpec, int, bool]) -> Unit:
    return play_unit(*args)


def _in_process(spec: ArenaSpec, keep: bool) -> Iterator[Unit]:
    for index in range(spec.units):
        yield play_unit(spec, index, keep)


def _in_workers(spec: ArenaSpec, keep: bool, jobs: int) -> Iterator[Unit]:
    from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        waiting: set[Future[Unit]] = set()
        index = 0
        while index < spec.units or waiting:
            while index < spec.units and len(waiting) < IN_FLIGHT * jobs:
                waiting.add(pool.submit(_deal, (spec, index, keep)))
                index += 1
            done, waiting = wait(waiting, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()


def _on_ray(spec: ArenaSpec, keep: bool, address: str | None, jobs: int) -> Iterator[Unit]:
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
        while index < spec.units or waiting:
            while index < spec.units and len(waiting) < IN_FLIGHT * workers:
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
    """Play every deal (or whole game) of ``spec`` (here, in ``jobs`` worker processes, or as Ray
    tasks on a local Ray of ``jobs`` CPUs or the cluster at ``ray_address``) and summarize;
    ``on_played`` sees each played round as it comes in (with its record when ``keep_records``)."""
    if jobs < 1:
        raise StichError(f"--jobs {jobs}: give at least 1 worker")
    if ray:
        source = _on_ray(spec, keep_records, ray_address, jobs)
    elif jobs > 1:
        source = _in_workers(spec, keep_records, jobs)
    else:
        source = _in_process(spec, keep_records)
    total = spec.units * spec.players
    rows: dict[int, DealRow] = {}
    game_rows: dict[int, DealRow] = {}
    seat_rounds = dict.fromkeys(spec.names, 0)
    names = spec.names
    for unit in source:
        deal: list[Played] = []
        for table in unit:
            if isinstance(table, GamePlayed):
                deal += table.rounds
            else:
                deal.append(table)
        for p in deal:
            for bot in p.bots:
                seat_rounds[bot] += 1
            if on_played is not None:
                on_played(p)
        index = unit[0].index
        rows[index] = deal_row(deal, names)
        games = [table for table in unit if isinstance(table, GamePlayed)]
        if games:
            game_rows[index] = game_row(games, names)
        if progress is not None:
            progress(len(rows) * spec.players, total)
    ordered = [rows[i] for i in sorted(rows)]
    if spec.games is None:
        return summarize_rows(spec, ordered)
    return summarize_games(spec, ordered, [game_rows[i] for i in sorted(game_rows)], seat_rounds)
