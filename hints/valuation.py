"""Advice's machinery: the budget, the figures of each choice, the anytime loop over worlds.

A `Valuation` says how one decision's choices are valued (each choice's value in one world,
and how to draw worlds the seat cannot tell apart); `Valuation.advise` averages it over
worlds until the `Budget` is spent (`anytime`: every alternative valued on the same worlds,
so that the difference between the best and the second has a paired standard error) and
gives the `Advice`. Each game's advisor (``hints/advisors``) builds its valuations from
these; `hints.advice.advise` asks the game's advisor and is the way in, above both.
"""

from __future__ import annotations

import math
import random
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypedDict

from stich.games.base import Event
from stich.games.errors import StichError
from stich.hints.figures import (
    TURNED,
    Kind,
    clearly_ahead,
    clearly_ahead_exact,
    figure_kind,
    read,
    shown,
    shown_error,
    shown_signed,
    t95,
    value_kind,
)
from stich.hints.session import Session

__all__ = [
    "FIRST_WORLD_PATIENCE",
    "MAX_SECONDS",
    "MAX_WORLDS",
    "MIN_SECONDS",
    "SETTLE_FROM",
    "SETTLE_GROWTH",
    "Advice",
    "Alternative",
    "Budget",
    "Evaluate",
    "Lead",
    "Tally",
    "TrueDraw",
    "TrueValues",
    "anytime",
    "exact_ahead",
    "exact_lead",
    "exact_verdict",
    "forced_advice",
    "lead_text",
    "ranked_alternatives",
    "worlds_text",
    "Valuation",
]


MAX_SECONDS = 600.0
"""The longest thinking time a budget takes (``--time``)."""

MAX_WORLDS = 100_000
"""The most worlds a budget takes (``--worlds``)."""

MIN_SECONDS = 0.001
"""The thinking time left to the worlds when preparing the valuation took the whole budget (the
first world is still looked at, within the wall limit)."""


@dataclass(frozen=True)
class Budget:
    """How long to think: ``seconds`` of wall time, or exactly ``worlds`` worlds (which makes the
    advice independent of the machine's speed); ``seed`` fixes the worlds drawn; ``jobs`` worker
    processes solve worlds side by side (with ``worlds``, the same advice as one)."""

    seconds: float = 2.0
    worlds: int | None = None
    seed: int | None = None
    min_worlds: int = 1
    jobs: int = 1
    until: float | None = None
    """A `time.monotonic` instant by which the advice is done whatever else the budget allows: the
    first worlds get no more patience than that, nor does a budget of worlds (`stich hint --time
    T` sets it so that the command returns within T + 0.5 s); None: `wall` alone."""
    patience: float | None = None
    """The wall limit in seconds (`wall`) when given; None: `FIRST_WORLD_PATIENCE` times ``seconds``
    (`stich analyze` gives a decision with a small share of the round's time the patience of an
    average one)."""

    def __post_init__(self) -> None:
        if self.worlds is not None and self.worlds < 1:
            raise StichError(f"a budget of {self.worlds} worlds is too small: give at least 1")
        if self.worlds is not None and self.worlds > MAX_WORLDS:
            raise StichError(f"a budget of {self.worlds} worlds is too many: give at most {MAX_WORLDS:,}")
        if not math.isfinite(self.seconds):
            raise StichError(f"a budget of {self.seconds} seconds: give a finite number of seconds")
        if self.seconds <= 0:  # with a number of worlds too: it sets the wall limit
            raise StichError(f"a budget of {self.seconds} seconds is too small")
        if self.seconds > MAX_SECONDS:
            raise StichError(
                f"a budget of {self.seconds:g} seconds is too long: give at most {MAX_SECONDS:g}"
            )
        if self.jobs < 1:
            raise StichError(f"{self.jobs} jobs: give at least 1")

    @property
    def wall(self) -> float:
        """The most seconds advice may take: `FIRST_WORLD_PATIENCE` times ``seconds`` (the default
        2 s when a number of worlds is given: 20 s), or ``patience``. A world still unsolved then
        is given up."""
        if self.patience is not None:
            return self.patience
        return self.seconds * FIRST_WORLD_PATIENCE


@dataclass(frozen=True)
class Alternative:
    """One legal choice: the event, the figure it is ranked by (``value``, higher is better) with
    its standard error over the worlds, and the other figures shown (named, e.g. ``p_hit``)."""

    action: Event
    label: str
    value: float
    stderr: float
    figures: dict[str, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "label": self.label,
            "value": _round(self.value),
            "stderr": _round(self.stderr),
            **{k: _round(v) for k, v in self.figures.items()},
        }


class LeadJson(TypedDict):
    """`Lead` in ``stich hint --json``."""

    over: Event
    label: str
    difference: float | None
    stderr: float | None
    figure: str


class AdviceJson(TypedDict):
    """``stich hint --json`` (docs/format.md); each alternative also carries its named figures."""

    seat: int
    decision: str
    action: Event
    alternatives: list[dict[str, Any]]
    worlds: int
    separated: bool
    lead: LeadJson | None
    reason: str
    method: str
    value: str
    seconds: float
    abandoned: int
    settled: bool


@dataclass(frozen=True)
class Lead:
    """How far the best is ahead of the next choice (``over``, labelled ``label``): the mean of
    their paired differences over the same worlds and its standard error (`Tally.lead`); for
    exact figures (nothing sampled) the difference itself, no error, in the figure that ranks
    the two (``figure``: ``"value"``, or at an equal value the first of the valuation's ``then``
    that differs). In the value's own terms: more is better."""

    over: Event
    label: str
    difference: float
    stderr: float
    figure: str = "value"

    def to_json(self) -> LeadJson:
        return {
            "over": self.over,
            "label": self.label,
            "difference": _round(self.difference),
            "stderr": _round(self.stderr),
            "figure": self.figure,
        }


@dataclass(frozen=True)
class Advice:
    """The recommendation for one decision, every alternative (best first), and how sure it is."""

    seat: int
    decision: str
    action: Event
    alternatives: tuple[Alternative, ...]
    worlds: int  # sampled worlds looked at (0: the figures are exact, nothing was sampled)
    separated: bool  # the best is clearly ahead of the second (`hints.figures.clearly_ahead`)
    reason: str
    method: str
    seconds: float
    value_name: str  # what ``value`` means, e.g. "expected points", "chance to hit the bid"
    abandoned: int = 0  # worlds begun but given up at the time limit (`Budget.wall`), not counted
    settled: bool = False  # sampling stopped before the budget: the ranking was settled (`SETTLE_FROM`)
    lead: Lead | None = None  # the best over the second (None: one choice, or no paired difference)

    @property
    def best(self) -> Alternative:
        return self.alternatives[0]

    @property
    def kind(self) -> Kind:
        """The kind of ``value`` (how it is shown, the smallest difference that matters)."""
        return value_kind(self.value_name)

    def table_figures(self) -> list[str]:
        """The figures a table of the advice shows beside the value (at most three): those that
        tell the choices apart (a figure equal for all describes the hand, not the choice), and any
        the reason quotes, so that a number in the sentence is also in the table; not one that
        reads as the value column does, choice for choice. `stich hint`, `stich live` and serve's
        page show these (the chance to win beside the points, or the points beside it)."""

        def text(name: str, x: float | None) -> str:
            return "" if x is None else shown(figure_kind(name), x)

        best = self.alternatives[0]
        return [
            k
            for k in best.figures
            if not k.endswith("_spread")
            and any(text(k, a.figures.get(k)) != shown(self.kind, a.value) for a in self.alternatives)
            and (
                len({a.figures.get(k) for a in self.alternatives}) > 1
                or text(k, best.figures[k]) in self.reason
            )
        ][:3]

    def to_json(self) -> AdviceJson:
        """The ``stich hint --json`` shape (see ``docs/format.md``)."""
        return {
            "seat": self.seat,
            "decision": self.decision,
            "action": self.action,
            "alternatives": [self._alternative_json(a) for a in self.alternatives],
            "worlds": self.worlds,
            "separated": self.separated,
            "lead": None if self.lead is None else self.lead.to_json(),
            "reason": self.reason,
            "method": self.method,
            "value": self.value_name,
            "seconds": round(self.seconds, 3),
            "abandoned": self.abandoned,
            "settled": self.settled,
        }

    def _alternative_json(self, alternative: Alternative) -> dict[str, Any]:
        """One alternative's JSON; a value read the other way round (`hints.figures.TURNED`, 24's)
        adds the figure the player reads, ``score``."""
        shape = alternative.to_json()
        if self.value_name in TURNED:
            shape["score"] = _round(read(self.value_name, alternative.value))
        return shape


def lead_text(best: str, lead: Lead, value_name: str, worlds: int) -> str:
    """The best's lead as the reason gives it: "6C: +0.12 ± 0.03 points over 2C in the same 384
    worlds"; exact figures (``worlds`` 0) "6C: +1 over 2C, exact"; a value read the other way
    round (`hints.figures.TURNED`) as the player reads it, "B2: your score 0.50 ± 0.10 lower than
    with B5 in the same 40 worlds". Written as the table writes its kind (`hints.figures`)."""
    kind = value_kind(value_name) if lead.figure == "value" else figure_kind(lead.figure)
    error = f" ± {shown_error(kind, lead.stderr)}" if worlds else ""
    where = f" in the same {worlds_text(worlds)}" if worlds else ", exact"
    if lead.figure == "value" and value_name in TURNED:
        lower = f"{shown(kind, lead.difference)}{error} lower than with {lead.label}"
        return f"{best}: {TURNED[value_name]} {lower}{where}"
    unit = f" {kind.unit}" if kind.unit else ""
    name = "" if lead.figure == "value" else f" {lead.figure.replace('_', ' ')}"
    return f"{best}: {shown_signed(kind, lead.difference)}{error}{unit}{name} over {lead.label}{where}"


def _shown_lead(
    lead: Lead | None, ranked: Sequence[Alternative], shown: Sequence[Alternative]
) -> Lead | None:
    """The lead on the scale the alternatives are shown on (`Valuation.shown`): the difference of
    the two shown values, its error scaled as the difference is (the map's slope between them), so
    that the reason's lead is the table's difference."""
    if lead is None or lead.figure != "value" or len(shown) < 2:
        return lead
    before = ranked[0].value - ranked[1].value
    after = shown[0].value - shown[1].value
    scale = after / before if before else 1.0
    return replace(lead, difference=after, stderr=lead.stderr * abs(scale))


def worlds_text(n: int) -> str:
    """``n`` worlds as a player reads it ("1 world", "24 worlds")."""
    return f"{n} world" + ("" if n == 1 else "s")


def _round(x: float) -> float | None:
    """A figure for JSON: four decimals; null where there is none (no world was solved)."""
    return round(x, 4) if math.isfinite(x) else None


class Tally:
    """Per-alternative sums over worlds, for means, standard errors and paired differences."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.worlds = 0
        self.abandoned = 0  # worlds drawn but given up at a time limit (in no figure)
        self.settled = ""  # why sampling stopped early, the ranking settled (`anytime`'s ``settled``)
        self.values: list[list[float]] = [[] for _ in range(count)]
        self.figures: list[dict[str, list[float]]] = [{} for _ in range(count)]

    def add(self, values: Sequence[float], figures: Sequence[dict[str, float]] | None = None) -> None:
        """One world: the ranked value of each alternative, and its other figures."""
        self.worlds += 1
        for i, v in enumerate(values):
            self.values[i].append(v)
        if figures is not None:
            for i, named in enumerate(figures):
                for name, v in named.items():
                    self.figures[i].setdefault(name, []).append(v)

    def mean(self, i: int) -> float:
        xs = self.values[i]
        return sum(xs) / len(xs) if xs else 0.0

    def stderr(self, i: int) -> float:
        return _stderr(self.values[i])

    def figure_means(self, i: int) -> dict[str, float]:
        return {name: sum(xs) / len(xs) for name, xs in self.figures[i].items() if xs}

    def order(self, then: Sequence[str] = ()) -> list[int]:
        """Alternatives best first: by mean value, ties by the means of the figures ``then`` (in
        turn); equal ones keep their order."""

        def key(i: int) -> tuple[float, ...]:
            means = self.figure_means(i)
            return (-self.mean(i), *(-means.get(name, 0.0) for name in then))

        return sorted(range(self.count), key=key)

    def differences(self, best: int, second: int) -> list[float]:
        """``best``'s value minus ``second``'s in each world: their paired differences."""
        return [a - b for a, b in zip(self.values[best], self.values[second], strict=True)]

    def lead(self, best: int, second: int) -> tuple[float, float]:
        """How far ``best`` is ahead of ``second``: the mean of their paired differences and its
        standard error, the figures `separated` decides by."""
        diffs = self.differences(best, second)
        return (sum(diffs) / len(diffs) if diffs else 0.0), _stderr(diffs)

    def separated(self, best: int, second: int, kind: Kind) -> bool:
        """Whether ``best`` is clearly ahead of ``second`` (`hints.figures.clearly_ahead`: their
        paired difference significant at 95 % and at least the smallest that matters)."""
        return clearly_ahead(kind, self.differences(best, second))


def _stderr(xs: Sequence[float]) -> float:
    n = len(xs)
    if n < 2:
        return 0.0
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return math.sqrt(var / n)


World = Any
"""Whatever an advisor samples per world (hands, a secret); opaque to the loop."""


SETTLE_FROM = 32
"""With a budget of seconds, sampling stops once the best is clearly ahead of the second
(`Tally.separated`), looked at first after this many worlds and then each time their number has
grown by half (32, 48, 72, ...): a handful of looks, not one after every world, which would
find a difference that is not there more often than the test's 5 %. A single choice, which
has no ranking to settle, stops at this many worlds."""

SETTLE_GROWTH = 1.5


FIRST_WORLD_PATIENCE = 10.0
"""How many times the budget of seconds the first worlds may take before advice gives up on
solving and falls back to the heuristic bot's choice; with a budget of a number of worlds,
how many times the budget's seconds (2 s by default) every world together may take
(`Budget.wall`): a player waits for nothing."""


def anytime(
    budget: Budget,
    count: int,
    draw: Callable[[random.Random], World],
    evaluate: Callable[[World], tuple[Sequence[float], Sequence[dict[str, float]] | None]],
    jobs: int = 1,
    settled: Callable[[Tally], str] | None = None,
    settle_from: int = SETTLE_FROM,
) -> tuple[Tally, float]:
    """Value ``count`` alternatives over worlds from ``draw`` until the budget is spent; returns the
    tally and the seconds used. At least ``budget.min_worlds`` worlds are always looked at.

    ``jobs`` > 1 evaluates that many worlds at a time in worker processes (forked, so
    ``evaluate`` need not be picklable; each keeps its solvers and tables across its worlds).
    The worlds are drawn here in the same order and tallied in that order, so a budget of a
    fixed number of worlds gives the same tally as ``jobs=1``.

    With a budget of seconds, a world still being solved when the time is up is given up
    (`hints.dd.deadline`): one slow world does not hold the answer back. The first
    ``min_worlds`` worlds may take `FIRST_WORLD_PATIENCE` times the budget; when even
    they run past that, the tally comes back with fewer worlds (possibly none). A budget of
    a number of worlds has the same wall limit (`Budget.wall`): the worlds not solved by then
    are not looked at. ``tally.abandoned`` counts the worlds begun and given up.

    ``settled``, with a budget of seconds: why the tally already answers the question (the best
    clearly ahead of the second; "" while it does not), asked after ``settle_from`` worlds
    (`SETTLE_FROM` by default) and then each time their number has grown by half; once it gives a
    reason, no more worlds are drawn and ``tally.settled`` is that reason. A budget of a number of
    worlds always looks at them all."""
    from stich.hints import dd
    from stich.solvers.solver import SolveTimeout

    rng = random.Random(budget.seed)
    tally = Tally(count)
    start = time.perf_counter()
    began = time.monotonic()
    stop = began + budget.seconds
    wall = began + budget.wall
    if budget.until is not None:
        stop, wall = min(stop, budget.until), min(wall, budget.until)

    def limit(world: int) -> float:
        """The time limit of the world with this index."""
        if budget.worlds is not None or world < budget.min_worlds:
            return wall
        return stop

    look = [settle_from]

    def done(tally: Tally) -> bool:
        """Whether the ranking is settled (looked at on `SETTLE_FROM`'s schedule)."""
        if settled is None or budget.worlds is not None or tally.worlds < look[0]:
            return False
        look[0] = max(look[0] + 1, math.ceil(look[0] * SETTLE_GROWTH))
        tally.settled = settled(tally)
        return bool(tally.settled)

    def more(worlds: int) -> bool:
        if budget.worlds is not None:  # a world is begun before the wall limit (the first always)
            return worlds < budget.worlds and (worlds < budget.min_worlds or time.monotonic() < wall)
        if worlds < budget.min_worlds:
            return True
        return time.perf_counter() - start < budget.seconds and (
            budget.until is None or time.monotonic() < budget.until
        )

    pool = _world_pool(jobs, evaluate)
    if pool is None:
        while more(tally.worlds):
            world = draw(rng)
            try:
                with dd.deadline(limit(tally.worlds)):
                    values, figures = evaluate(world)
            except SolveTimeout:
                tally.abandoned += 1
                break
            tally.add(values, figures)
            if done(tally):
                break
        return tally, time.perf_counter() - start
    # Two worlds per worker in flight keep the workers busy; results are tallied in draw order.
    pending: deque[Any] = deque()
    drawn = 0
    try:
        while True:
            while len(pending) < 2 * jobs and more(drawn):
                pending.append(pool.apply_async(_evaluate_in_worker, (draw(rng), limit(drawn))))
                drawn += 1
            if not pending:
                break
            found = pending.popleft().get()
            if found is None:  # the time was up during this world
                break
            values, figures = found
            tally.add(values, figures)
            if done(tally) or not more(tally.worlds):
                break
    finally:
        pool.terminate()
    tally.abandoned = drawn - tally.worlds  # in flight when the time was up
    return tally, time.perf_counter() - start


_EVALUATE: Callable[[World], tuple[Sequence[float], Sequence[dict[str, float]] | None]] | None = None
"""The evaluation a forked world worker runs (set before the fork, inherited by the workers)."""


def _world_pool(
    jobs: int, evaluate: Callable[[World], tuple[Sequence[float], Sequence[dict[str, float]] | None]]
) -> Any:
    """A pool of ``jobs`` forked workers that run ``evaluate``; None for one job or without fork."""
    global _EVALUATE
    if jobs < 1:
        raise StichError(f"jobs must be at least 1, got {jobs}")
    if jobs == 1:
        return None
    import multiprocessing  # here, not at the top: one job (a hint's default) needs none

    if "fork" not in multiprocessing.get_all_start_methods():
        return None
    _EVALUATE = evaluate
    return multiprocessing.get_context("fork").Pool(jobs)


def _evaluate_in_worker(
    world: World, limit: float
) -> tuple[list[float], list[dict[str, float]] | None] | None:
    """One world's values in a worker; None when its solve ran past ``limit``."""
    from stich.hints import dd
    from stich.solvers.solver import SolveTimeout

    assert _EVALUATE is not None
    try:
        with dd.deadline(limit):
            values, figures = _EVALUATE(world)
    except SolveTimeout:
        return None
    return list(values), list(figures) if figures is not None else None


def ranked_alternatives(
    tally: Tally, labelled: Sequence[tuple[Event, str]], then: Sequence[str] = ()
) -> list[Alternative]:
    """Alternatives from a tally, best first (ties by the figures ``then``): each labelled event
    with its mean, error and figures."""
    order = tally.order(then)
    return [
        Alternative(labelled[i][0], labelled[i][1], tally.mean(i), tally.stderr(i), tally.figure_means(i))
        for i in order
    ]


Evaluate = Callable[[World], tuple[Sequence[float], Sequence[dict[str, float]] | None]]

TrueValues = tuple[str, dict[str, float]]
"""The choices of a decision whose advice is exact (a Was sticht? pick, a Stich für Stich guess)
valued in the true deal: the values' name (as `Valuation.value_name`) and each choice's value by
its label (`hints.advisors.Advisor`, ``true_values``)."""

TrueDraw = Callable[[World, Sequence[Event], int, Sequence[Event]], Sequence[float] | None]
"""One draw of the choices' values in the true deal, where a value still depends on chance (Was
sticht?'s play-outs) or on what only the rest of the record shows: given the true world, the
record's events from the decision's own on (the tasks the others chose at the same time, the
cards 24's exchanges drew), a seed and the choices to value (events: those the valuation
weighs, and the one made where it weighs not that one), the value of each, in that order, on
the same random numbers (so that two choices' draws are paired); None when the record does not
tell enough to value them (`stich analyze` averages the draws: `hints.analysis.drawn_truth`)."""


@dataclass
class Valuation:
    """How one decision's choices are valued: ``evaluate`` gives each choice's value (higher is
    better) and other figures in one world, ``draw`` draws worlds as the seat's view allows.

    Advice averages ``evaluate`` over drawn worlds; analysis calls it once on the true world,
    which gives each choice's double-dummy value with every card known. ``collapse`` maps the
    raw values of a world to one value per choice when ``evaluate`` values more than the choices
    (Wizard's trump: a value per suit and bid; the suit is worth its best bid); ``rank`` then
    ranks the choices from the tally of raw values. ``exact``: the values do not depend on the
    world (every hand is open), so one world settles them.
    """

    decision: str
    choices: list[tuple[Event, str]]
    evaluate: Evaluate
    draw: Callable[[random.Random], World]
    value_name: str
    explain: Callable[[list[Alternative], Tally], str]
    exact: bool = False
    method: str = "double-dummy over sampled worlds"
    collapse: Callable[[Sequence[float]], list[float]] | None = None
    rank: Callable[[Tally], list[Alternative]] | None = None
    width: int | None = None  # raw values per world, when ``collapse`` is given
    chance: bool = False  # values in a world still depend on chance (cards yet to be drawn)
    then: tuple[str, ...] = ()  # figures that rank choices of equal value, in turn (exact valuations)
    fallback: Callable[[Session, random.Random], Event] | None = None
    """The game's rules of thumb, played when no world is solved in time (`hints.advisors.advisor_for`
    gives each valuation its game's)."""
    settle_from: int = SETTLE_FROM
    """The worlds looked at before sampling may stop early, settled (`anytime`): more where worlds
    are cheap (Was sticht?'s compiled play-outs), so that a ranking settles on more of them."""
    true_draw: TrueDraw | None = None
    """How a valuation with ``chance`` is valued in the true deal (`stich analyze`), one paired draw
    at a time; None: it is not (its values still depend on cards yet to be drawn)."""
    shown: Callable[[list[Alternative]], list[Alternative]] | None = None
    """The alternatives as the advice shows them, from those the tally ranks (a chance passed
    through its recalibration map, `hints.chance_maps`, with the value made of it); it must keep
    their order. None: as ranked."""
    true_exact: bool = False
    """``true_draw`` leaves nothing to chance (24's call and exchange: every card and the stock's
    order known): one draw settles the true deal's values."""

    def true_values(self, world: World, seconds: float | None = None) -> list[float] | None:
        """Each choice's value in one world (the true one, for analysis); None when its solve runs
        past ``seconds`` (no limit: None)."""
        from stich.hints import dd
        from stich.solvers.solver import SolveTimeout

        try:
            with dd.deadline(None if seconds is None else time.monotonic() + seconds):
                values, _ = self.evaluate(world)
        except SolveTimeout:
            return None
        return self.collapse(values) if self.collapse is not None else list(values)

    def _fallback(self, session: Session, budget: Budget, seconds: float, tally: Tally) -> Advice:
        """No world was solved in time: the heuristic bot's choice, said to be that."""
        if self.fallback is None:
            raise StichError(
                f"no world was solved within {seconds:.0f} s, and no rule of thumb to fall back on"
            )
        action = self.fallback(session, random.Random(budget.seed))
        label = next((text for event, text in self.choices if event == action), str(action))
        asked = f"{worlds_text(budget.worlds)}" if budget.worlds is not None else f"{budget.seconds:g} s"
        reason = (
            f"no world was solved within {seconds:.0f} s (the budget is {asked}): "
            f"{label} is the rule of thumb's choice, not a solved one; more time (--time) may solve one"
        )
        alternative = Alternative(action, label, float("nan"), float("nan"))
        method = "the heuristic bot (no world solved in time)"
        return Advice(
            session.seat,
            self.decision,
            action,
            (alternative,),
            0,
            False,
            reason,
            method,
            seconds,
            self.value_name,
            abandoned=tally.abandoned,
        )

    def advise(self, session: Session, budget: Budget) -> Advice:
        """Advice from this valuation within the budget."""
        if self.exact:
            budget = Budget(seconds=budget.seconds, worlds=1, seed=budget.seed, patience=budget.patience)
        count = self.width if self.width is not None else len(self.choices)
        settled = None if self.rank is not None or self.exact else self._settled
        tally, seconds = anytime(
            budget,
            count,
            self.draw,
            self.evaluate,
            jobs=budget.jobs,
            settled=settled,
            settle_from=self.settle_from,
        )
        if not tally.worlds:
            return self._fallback(session, budget, seconds, tally)
        kind = value_kind(self.value_name)
        lead = None
        if self.rank is not None:
            # A ranking made from the averages (the best bid of each suit) has no paired error.
            alternatives = self.rank(tally)
            separated = len(alternatives) < 2
        else:
            alternatives = ranked_alternatives(tally, self.choices, self.then)
            order = tally.order(self.then)
            separated = len(order) < 2 or tally.separated(order[0], order[1], kind)
            if len(order) > 1:
                lead = Lead(alternatives[1].action, alternatives[1].label, *tally.lead(order[0], order[1]))
        if self.shown is not None:
            ranked = alternatives
            alternatives = self.shown(alternatives)
            lead = _shown_lead(lead, ranked, alternatives)
        worlds = 0 if self.exact else tally.worlds
        # Clearly best: the figure that says so, the paired difference (`lead_text`).
        ahead = (
            f"; {lead_text(alternatives[0].label, lead, self.value_name, worlds)}"
            if separated and lead
            else ""
        )
        if self.exact:
            lead, separated, ahead = exact_verdict(alternatives, self.value_name, self.then)
        return Advice(
            session.seat,
            self.decision,
            alternatives[0].action,
            tuple(alternatives),
            worlds,
            separated,
            self.explain(alternatives, tally) + _cut_short(budget, tally) + ahead + _settled_text(tally),
            self.method,
            seconds,
            self.value_name,
            abandoned=tally.abandoned,
            settled=bool(tally.settled),
            lead=lead,
        )

    def _settled(self, tally: Tally) -> str:
        """Why more worlds would not change the advice ("" while they could): the best is clearly
        ahead of the second (`Tally.separated`), or the two are as good as each other (the 95 %
        upper bound of their paired difference below the smallest difference that matters),
        or there is one choice."""
        order = tally.order(self.then)
        if len(order) < 2:
            return "there is one choice"
        kind = value_kind(self.value_name)
        if tally.separated(order[0], order[1], kind):
            return "the best was already clearly ahead of the second"
        mean, stderr = tally.lead(order[0], order[1])
        if mean + t95(tally.worlds - 1) * stderr < kind.smallest:
            return "the best and the second were already as good as each other"
        return ""


def _settled_text(tally: Tally) -> str:
    """What the reason adds when sampling stopped before the budget was spent."""
    if not tally.settled:
        return ""
    return f"; sampling stopped after {worlds_text(tally.worlds)}, before the time was up: {tally.settled}"


def _cut_short(budget: Budget, tally: Tally) -> str:
    """What the reason adds when fewer worlds were solved than the budget asked for."""
    if budget.worlds is None or tally.worlds >= budget.worlds:
        return ""
    return (
        f" (only {tally.worlds} of the {worlds_text(budget.worlds)} asked for were solved within "
        f"{budget.wall:g} s; {tally.abandoned} given up unfinished)"
    )


def exact_lead(alternatives: Sequence[Alternative], then: Sequence[str] = ()) -> Lead | None:
    """Exact figures (nothing sampled): the best's lead over the second, in its value, or at an
    equal value in the first figure of ``then`` that differs; None for a single choice."""
    if len(alternatives) < 2:
        return None
    best, second = alternatives[:2]
    ranked = [("value", best.value, second.value)]
    ranked += [(n, best.figures.get(n, 0.0), second.figures.get(n, 0.0)) for n in then]
    for figure, ahead, behind in ranked:
        if abs(ahead - behind) > 1e-12:
            return Lead(second.action, second.label, ahead - behind, 0.0, figure)
    return Lead(second.action, second.label, 0.0, 0.0)


def exact_verdict(
    alternatives: Sequence[Alternative], value_name: str, then: Sequence[str] = ()
) -> tuple[Lead | None, bool, str]:
    """Exact figures, best first: the best's lead over the second (`exact_lead`), whether it is
    clearly ahead (`exact_ahead`; a single choice is), and what the reason adds when it is
    (`lead_text`, after a semicolon)."""
    lead = exact_lead(alternatives, then)
    if lead is None:
        return None, True, ""
    if not exact_ahead(value_kind(value_name), lead):
        return lead, False, ""
    return lead, True, f"; {lead_text(alternatives[0].label, lead, value_name, 0)}"


def exact_ahead(kind: Kind, lead: Lead) -> bool:
    """Exact figures: the best is clearly ahead when its lead (`exact_lead`) is at least the
    smallest difference that matters for the figure it is in (``kind``: the value's)."""
    return clearly_ahead_exact(kind if lead.figure == "value" else figure_kind(lead.figure), lead.difference)


def forced_advice(session: Session, decision: str, event: Event, label: str, reason: str) -> Advice:
    """Advice for a decision with one legal choice (an announcement the rules dictate)."""
    alternative = Alternative(event, label, 1.0, 0.0)
    return Advice(
        session.seat, decision, event, (alternative,), 0, True, reason, "the rules", 0.0, "the only choice"
    )
