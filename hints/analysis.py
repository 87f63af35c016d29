"""A recorded round, decision by decision: what was done, what was best with every card known, and
what the seat could know then.

The omniscient record is replayed once (`games.views.ViewFeed`), and every seat's
`Session` follows it with only what that seat saw. At each decision of an analysed seat:

- the advice from the seat's own view (`hints.advice`), i.e. what it could know;
- the double-dummy value of every choice *in the true deal* (the advisor's valuation on
  the one world that really was), hence the best choices and what the choice made cost.

Together they tell a **mistake** (it cost, and the seat's own view already preferred
another choice) from **unlucky** (it cost, but it was the best given what the seat
knew: the cards lay wrong) and **lucky** (it cost nothing, though the view preferred
another). For Was sticht? and Stich für Stich the deduction timeline says how many
secrets each seat could still consider after each event, and when each first knew.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from deducer.hypotheses import known_hypothesis
from games.base import Event
from games.errors import StichError
from games.record import Record, check_report
from games.views import ViewFeed
from hints.advice import Advice, Budget, Valuation
from hints.advisors import advisor_for
from hints.figures import matters
from hints.session import Session
from hints.worlds import World

__all__ = ["Analysis", "Review", "TimelinePoint", "analyze"]

IGNORED = ("seat", "receive", "answer", "solved")  # fields that do not tell choices apart


def choice_key(event: Event) -> tuple[tuple[str, Any], ...]:
    """What an event chooses, without who chose it or what the rules answered."""
    return tuple(
        sorted((k, v if not isinstance(v, list) else tuple(v)) for k, v in event.items() if k not in IGNORED)
    )


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

    def to_json(self) -> dict[str, Any]:
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
        }


@dataclass(frozen=True)
class TimelinePoint:
    """After one event: how many secrets each seat could still consider."""

    event: int
    counts: dict[int, int]


@dataclass
class Analysis:
    """The whole round: every analysed decision, the deduction timeline, the result."""

    record: Record
    seats: tuple[int, ...]
    reviews: list[Review] = field(default_factory=list)
    timeline: list[TimelinePoint] = field(default_factory=list)
    secrets: int = 0  # the size of the hypothesis space (0: no hidden secret)
    report: dict[str, Any] = field(default_factory=dict)

    def first_known(self) -> dict[int, int | None]:
        """For each seat, the first event after which only one secret remained for it."""
        found: dict[int, int | None] = {seat: None for seat in range(len(self.record.players))}
        for point in self.timeline:
            for seat, count in point.counts.items():
                if count == 1 and found[seat] is None:
                    found[seat] = point.event
        return found

    def to_json(self) -> dict[str, Any]:
        """The ``stich analyze --json`` shape (docs/format.md)."""
        verdicts: dict[str, int] = {}
        for review in self.reviews:
            verdicts[review.verdict] = verdicts.get(review.verdict, 0) + 1
        return {
            "game": self.record.game,
            "players": list(self.record.players),
            "seats": list(self.seats),
            "decisions": [r.to_json() for r in self.reviews],
            "summary": verdicts,
            "timeline": [
                {"event": p.event, "counts": {str(s): c for s, c in p.counts.items()}} for p in self.timeline
            ]
            if self.secrets
            else [],
            "secrets": self.secrets,
            "first_known": {str(s): e for s, e in self.first_known().items()} if self.secrets else {},
            "tricks": self.report.get("tricks", []),
            "result": self.report.get("result"),
        }


def _true_world(session: Session, feed: ViewFeed) -> World:
    truth = feed.truth
    hands = tuple(h or 0 for h in truth.tracked_hands())
    held = 0
    for hand in hands:
        held |= hand
    out = session.observations().hidden & ~held
    return World(hands, out, known_hypothesis(truth))


def _verdict(
    advice: Advice | None, chosen_key: tuple[Any, ...], cost: float | None
) -> tuple[bool | None, str]:
    if advice is None:
        return None, "forced"
    followed = choice_key(advice.action) == chosen_key
    if len(advice.alternatives) == 1:
        return True, "forced"
    if cost is None:
        return followed, "advised" if followed else "differs"
    if not matters(advice.kind, cost):  # below the smallest difference that matters: as good
        return followed, "best" if followed or not advice.separated else "lucky"
    if followed:
        return followed, "unlucky"
    chosen = next((a for a in advice.alternatives if choice_key(a.action) == chosen_key), None)
    best = advice.alternatives[0]
    gap = best.value - chosen.value if chosen is not None else 0.0
    close = chosen is not None and gap <= 2 * max(best.stderr, chosen.stderr, 1e-9)
    if chosen is not None and (close or not matters(advice.kind, gap)):
        return followed, "unlucky"  # a close call given what the seat knew
    return followed, "mistake"


def _review(
    index: int, seat: int, session: Session, feed: ViewFeed, event: Event, budget: Budget
) -> Review | None:
    found = advisor_for(session.round.game.id).valuation(session)
    if isinstance(found, Advice):
        advice: Advice | None = found
        valuation: Valuation | None = None
    else:
        valuation = found
        advice = found.advise(session, budget)
    assert advice is not None
    key = choice_key(event)
    labels = {choice_key(a.action): a.label for a in advice.alternatives}
    label = labels.get(key, " ".join(str(v) for k, v in sorted(event.items()) if k not in IGNORED))
    values: dict[str, float] | None = None
    best: tuple[str, ...] = ()
    cost: float | None = None
    # The true deal's values within the advice's wall limit (None: its solve was given up).
    true = (
        None
        if valuation is None or valuation.chance
        else valuation.true_values(_true_world(session, feed), budget.wall)
    )
    if valuation is not None and true is not None:
        values = {choice[1]: v for choice, v in zip(valuation.choices, true, strict=True)}
        top = max(true)
        best = tuple(choice[1] for choice, v in zip(valuation.choices, true, strict=True) if v >= top - 1e-9)
        chosen = next(
            (v for choice, v in zip(valuation.choices, true, strict=True) if choice_key(choice[0]) == key),
            None,
        )
        cost = None if chosen is None else top - chosen
    followed, verdict = _verdict(advice, key, cost)
    return Review(
        index,
        seat,
        advice.decision,
        event,
        label,
        advice,
        values,
        advice.value_name,
        best,
        cost,
        followed,
        verdict,
    )


def analyze(
    record: Record,
    seats: Iterable[int] | None = None,
    budget: Budget | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Analyse an omniscient record: each decision of ``seats`` (default all) with advice from the
    seat's own view (``budget`` per decision) and double-dummy values in the true deal."""
    if record.view is not None:
        raise StichError("analysis needs an omniscient record (view null): every hand must be known")
    players = len(record.players)
    analysed = tuple(range(players)) if seats is None else tuple(seats)
    budget = budget or Budget(seconds=0.5)
    feed = ViewFeed(record, range(players))
    sessions = {seat: Session(feed.header(seat), strict=False) for seat in range(players)}
    analysis = Analysis(record, analysed, report=check_report(record))
    space = sessions[0].tracker.space if sessions[0].tracker is not None else None
    analysis.secrets = 0 if space is None else space.size
    total = len(record.events)
    while not feed.done():
        index = feed.index
        event = record.events[index]
        actor = feed.actor(event)
        if actor in analysed and sessions[actor].my_turn() and sessions[actor].stopped is None:
            review = _review(index, actor, sessions[actor], feed, event, budget)
            if review is not None:
                analysis.reviews.append(review)
        heard = feed.step()
        for seat, events in heard.items():
            for view_event in events:
                if sessions[seat].stopped is None:
                    sessions[seat].apply(view_event, strict=False)
        if space is not None:
            counts = {}
            for seat, session in sessions.items():
                post = session.posterior()
                counts[seat] = 0 if post is None else post.count
            analysis.timeline.append(TimelinePoint(index, counts))
        if progress is not None:
            progress(index + 1, total)
    return analysis
