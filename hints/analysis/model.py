"""The analysis of a round as it is shown: each decision's review (what was done, its cost
with every card known, the advice from the seat's view, the verdict), the thinking time, the
deduction timeline, and the whole `Analysis` with its text and JSON."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypedDict

from stich.games.base import Event
from stich.games.record import Record
from stich.hints import figures
from stich.hints.advice import Advice
from stich.hints.valuation import AdviceJson, worlds_text

IGNORED = ("seat", "receive", "answer", "solved")  # fields that do not tell choices apart


def _frozen(value: Any) -> Any:
    """A JSON value as a hashable one (lists as tuples, objects as sorted pairs)."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((str(k), _frozen(v)) for k, v in value.items()))
    return value


def choice_key(event: Event) -> tuple[tuple[str, Any], ...]:
    """What an event chooses, without who chose it or what the rules answered (a Was sticht?
    reveal's trumps are an object: every value is made hashable)."""
    return tuple(sorted((k, _frozen(v)) for k, v in event.items() if k not in IGNORED))


def _words(value: Any) -> str:
    if isinstance(value, list | tuple):
        return " ".join(_words(v) for v in value)
    if isinstance(value, dict):
        return " ".join(_words(v) for v in value.values())
    return "none" if value is None else str(value)


def event_label(event: Event, names: Sequence[str] = ()) -> str:
    """What an event chooses, written as a player writes it: as the advice labels its choices and
    as `stich live` takes entries (``R10``, ``give Y3 B10``, ``gardener knife``, ``bid 2``,
    ``reveal R 2``), never a Python value."""

    def name(seat: Any) -> str:
        if seat is None:
            return "table"
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else str(seat)

    if "play" in event:
        text = _words(event["play"])
        if event.get("reverse"):
            text += " reversing"
        if event.get("trump"):
            text += f" naming {event['trump']}"
        return text
    if event.get("drop"):
        return "drop out"
    if "exchange" in event:
        given = event["exchange"]
        if isinstance(given, list):
            return "give " + " ".join(map(str, given)) if given else "keep your hand"
        return f"exchange {given} card{'' if given == 1 else 's'}"
    if "trump" in event:
        return _words(event["trump"]) + (" blind" if event.get("blind") else "")
    if "bid" in event:
        return f"bid {_words(event['bid'])}"
    if "announce" in event:
        return f"announce {name(event['announce'])}"
    if "winner" in event:
        return f"winner {name(event['winner'])}"
    if "reveal" in event and isinstance(event["reveal"], dict):
        trumps = event["reveal"]
        return f"reveal {_words(trumps.get('trump_suit'))} {_words(trumps.get('trump_number'))}"
    if "pick" in event:
        return _words(event["pick"])
    if "guess" in event:
        return _words(event["guess"])
    if "task" in event:
        return _words(event["task"])
    if "discard" in event:
        return _words(event["discard"])
    return " ".join(f"{k} {_words(v)}" for k, v in sorted(event.items()) if k not in IGNORED)


def cost_text(value_name: str, cost: float | None, stderr: float | None = None) -> str:
    """A decision's cost as the text, the HTML and the page of ``stich serve`` write it, in the
    value's own units as the advice writes that value, with its standard error where the true
    deal's values were drawn ("0.45 ± 0.031"); "" when not valued."""
    if cost is None:
        return ""
    kind = figures.value_kind(value_name)
    text = figures.shown(kind, cost)
    if stderr is not None:
        text += f" ± {figures.shown_error(kind, stderr)}"
    return text


class ReviewJson(TypedDict):
    """One decision in ``stich analyze --json``."""

    event: int
    seat: int
    decision: str
    action: Event
    label: str
    verdict: str
    cost: float | None
    best: list[str]
    values: dict[str, float] | None
    value: str
    followed: bool | None
    advice: AdviceJson | None
    sampled: int
    thinking: float | None
    cost_stderr: float | None
    true_draws: int


class ThinkingJson(TypedDict):
    """How the advice was budgeted, in ``stich analyze --json``."""

    seconds: float | None
    worlds: int | None
    advised: int
    one_choice: int
    exact: int


class SeatSummary(TypedDict):
    """One seat's decisions (`Analysis.seat_summary`, the JSON's ``by_seat``)."""

    seat: int
    decisions: int
    forced: int
    verdicts: dict[str, int]
    mistakes_cost: float


class TimelineJson(TypedDict):
    event: int
    counts: dict[str, int]


class AnalysisJson(TypedDict):
    """``stich analyze --json`` (docs/format.md)."""

    game: str
    players: list[str]
    seats: list[int]
    view: int | None
    decisions: list[ReviewJson]
    summary: dict[str, int]
    by_seat: list[SeatSummary]
    timeline: list[TimelineJson]
    secrets: int
    first_known: dict[str, int | None]
    sampled: int
    secret_sampled: bool
    tricks: list[Any]
    result: Any
    thinking: ThinkingJson | None


@dataclass(frozen=True)
class Review:
    """One decision of an analysed seat."""

    event: int  # index of the decision's event in the record
    seat: int
    decision: str
    action: Event
    label: str
    advice: Advice | None
    values: dict[str, float] | None  # each choice (label) → its value in the true deal
    value_name: str
    best: tuple[str, ...]  # the choices with the best value in the true deal
    cost: float | None  # best value minus the value of the choice made (None: not valued)
    followed: bool | None  # the choice made is the advised one
    verdict: str  # forced, best, lucky, unlucky, mistake, advised, differs
    sampled: int = 0  # cards in the hands never shown by the end, drawn at random (a view record)
    thinking: float | None = (
        None  # the seconds its advice was given (None: a budget of worlds, or none sought)
    )
    cost_stderr: float | None = None  # the standard error of ``cost`` (None: exact, or not valued)
    true_draws: int = 0  # the paired draws behind ``values`` (0: one exact valuation, or none)

    def cost_text(self) -> str:
        """The cost as the text and the HTML write it, in the value's own units as the advice writes
        that value, with its standard error where the true deal's values were drawn ("0.45 ± 0.031");
        "" when not valued."""
        return cost_text(self.value_name, self.cost, self.cost_stderr)

    def to_json(self) -> ReviewJson:
        return {
            "event": self.event,
            "seat": self.seat,
            "decision": self.decision,
            "action": self.action,
            "label": self.label,
            "verdict": self.verdict,
            "cost": None if self.cost is None else round(self.cost, 4),
            "best": list(self.best),
            "values": None if self.values is None else {k: round(v, 4) for k, v in self.values.items()},
            "value": self.value_name,
            "followed": self.followed,
            "advice": None if self.advice is None else self.advice.to_json(),
            "sampled": self.sampled,
            "thinking": None if self.thinking is None else round(self.thinking, 3),
            "cost_stderr": None if self.cost_stderr is None else round(self.cost_stderr, 4),
            "true_draws": self.true_draws,
        }


@dataclass(frozen=True)
class Thinking:
    """How the round's advice was budgeted: ``seconds`` in all, split among the ``advised`` decisions
    by what is at stake in each (None: ``worlds`` worlds each); the decisions with one choice
    and those whose advice is exact (nothing sampled) were given no share of it."""

    seconds: float | None
    worlds: int | None
    advised: int  # decisions whose advice sampled worlds
    one_choice: int  # decisions with one choice: no advice sought
    exact: int  # decisions whose advice is exact (the posterior of a guess, every hand open)

    def text(self) -> str:
        """What the text and the HTML say of it."""
        many = f"{self.advised} decision{'' if self.advised == 1 else 's'}"
        if self.seconds is None:
            text = f"advice: {worlds_text(self.worlds or 0)} for each of {many}"
        else:
            text = f"advice: {self.seconds:.2f} s of thinking split among {many} by what was at stake in each"
        others = []
        if self.one_choice:
            others.append(f"{self.one_choice} with one choice to weigh needed none")
        if self.exact:
            others.append(f"{self.exact} exact without sampling")
        return "; ".join([text, *others])

    def to_json(self) -> ThinkingJson:
        return {
            "seconds": None if self.seconds is None else round(self.seconds, 3),
            "worlds": self.worlds,
            "advised": self.advised,
            "one_choice": self.one_choice,
            "exact": self.exact,
        }


@dataclass(frozen=True)
class TimelinePoint:
    """After one event: how many secrets each seat could still consider."""

    event: int
    counts: dict[int, int]


VERDICT_ORDER = ("best", "lucky", "unlucky", "mistake", "advised", "differs")
"""The verdicts of a choice (not forced), in the order the summaries give them."""


def _counted(verdict: str, count: int) -> str:
    """A verdict after its count: "1 mistake", "2 mistakes", "3 best", "2 differ from the advice"."""
    if verdict == "mistake":
        return "mistake" if count == 1 else "mistakes"
    if verdict == "differs":
        return "differs from the advice" if count == 1 else "differ from the advice"
    return "as advised" if verdict == "advised" else verdict


@dataclass
class Analysis:
    """The whole round: every analysed decision, the deduction timeline, the result."""

    record: Record
    seats: tuple[int, ...]
    reviews: list[Review] = field(default_factory=list)
    timeline: list[TimelinePoint] = field(default_factory=list)
    secrets: int = 0  # the size of the hypothesis space (0: no hidden secret)
    report: dict[str, Any] = field(default_factory=dict)
    view: int | None = None  # the seat a view record is seen from (None: an omniscient record)
    secret_sampled: bool = False  # a view record's secret was never shown: drawn among those left
    thinking: Thinking | None = None  # how the advice was budgeted (None: not analysed by `analyze`)

    def first_known(self) -> dict[int, int | None]:
        """For each seat the timeline follows, the first event after which only one secret
        remained for it."""
        seats = range(len(self.record.players)) if self.view is None else (self.view,)
        found: dict[int, int | None] = dict.fromkeys(seats)
        for point in self.timeline:
            for seat, count in point.counts.items():
                if count == 1 and found.get(seat, 0) is None:
                    found[seat] = point.event
        return found

    def sampled(self) -> int:
        """The most cards of the true deal drawn at random at any decision (0: every card was known)."""
        return max((r.sampled for r in self.reviews), default=0)

    def seat_summary(self, seat: int) -> SeatSummary:
        """One seat's decisions: how many, how many forced (one choice), the verdicts of the others
        and what the mistakes cost; the same figures in the text, the JSON and the HTML."""
        mine = [r for r in self.reviews if r.seat == seat]
        verdicts: dict[str, int] = {}
        for review in mine:
            if review.verdict != "forced":
                verdicts[review.verdict] = verdicts.get(review.verdict, 0) + 1
        cost = sum(r.cost or 0.0 for r in mine if r.verdict == "mistake")
        return {
            "seat": seat,
            "decisions": len(mine),
            "forced": sum(1 for r in mine if r.verdict == "forced"),
            "verdicts": verdicts,
            "mistakes_cost": round(cost, 4),
        }

    def summary_text(self, seat: int) -> str:
        """``"12 decisions, 4 forced: 6 best, 2 mistakes (cost 1.20 expected points)"``: what the
        text and the HTML say of a seat (the figures of `seat_summary`, the JSON's ``by_seat``)."""
        summary = self.seat_summary(seat)
        made, forced = summary["decisions"], summary["forced"]
        text = f"{made} decision{'' if made == 1 else 's'}"
        if forced:
            text += f", {forced} forced"
        counts = summary["verdicts"]
        said = [f"{counts[v]} {_counted(v, counts[v])}" for v in VERDICT_ORDER if counts.get(v)]
        if said:
            text += ": " + ", ".join(said)
        mistakes = [r for r in self.reviews if r.seat == seat and r.verdict == "mistake"]
        if mistakes and all(r.value_name == mistakes[0].value_name for r in mistakes):
            unit = mistakes[0].value_name
            cost = figures.shown(figures.value_kind(unit), summary["mistakes_cost"])
            text += f" (mistakes cost {cost}: {unit})"
        return text

    def unvalued_note(self) -> str:
        """What the text and the HTML say of the decisions not forced that have no value with every
        card known ("" when there are none): how many, of which kinds, and what their verdict says."""
        unvalued = [r for r in self.reviews if r.verdict in ("advised", "differs")]
        if not unvalued:
            return ""
        kinds = ", ".join(dict.fromkeys(r.decision for r in unvalued))
        many = f"{len(unvalued)} decision{'' if len(unvalued) == 1 else 's'} ({kinds})"
        verb = "has" if len(unvalued) == 1 else "have"
        return (
            f"{many} {verb} no value with every card known (docs/analysis.md says which and why): "
            "the verdict says only whether the advice was followed"
        )

    def view_note(self) -> str:
        """What a view record's analysis rests on: the seat, and what was drawn at random."""
        if self.view is None:
            return "every hand known: the true deal is the record's"
        text = f"seen from {self.record.players[self.view]}: the true deal is what the round showed"
        drawn = self.sampled()
        if drawn:
            text += (
                f"; {drawn} card{'' if drawn == 1 else 's'} never shown drawn at random (one deal that fits)"
            )
        if self.secret_sampled:
            text += "; the secret was never shown: drawn among those left"
        return text

    def to_json(self) -> AnalysisJson:
        """The ``stich analyze --json`` shape (docs/format.md)."""
        verdicts: dict[str, int] = {}
        for review in self.reviews:
            verdicts[review.verdict] = verdicts.get(review.verdict, 0) + 1
        return {
            "game": self.record.game,
            "players": list(self.record.players),
            "seats": list(self.seats),
            "view": self.view,
            "decisions": [r.to_json() for r in self.reviews],
            "summary": verdicts,
            "by_seat": [self.seat_summary(seat) for seat in self.seats],
            "timeline": [
                {"event": p.event, "counts": {str(s): c for s, c in p.counts.items()}} for p in self.timeline
            ]
            if self.secrets
            else [],
            "secrets": self.secrets,
            "first_known": {str(s): e for s, e in self.first_known().items()} if self.secrets else {},
            "sampled": self.sampled(),
            "secret_sampled": self.secret_sampled,
            "tricks": self.report.get("tricks", []),
            "result": self.report.get("result"),
            "thinking": None if self.thinking is None else self.thinking.to_json(),
        }
